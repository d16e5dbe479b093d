"""The Return to Dark Tower screen: a pure function of the game (`render`), its help, and
the `RtdtScreen` the shared read-eval loop plays it with."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towerplay.cli import layout, rtdt_map
from towerplay.cli import rtdt_board as board
from towerplay.cli import rtdt_panels as panels
from towerplay.cli.common import read_json
from towerplay.cli.lang import N_, _, asked, current
from towerplay.cli.layout import Part
from towerplay.cli.narrate import Line, history
from towerplay.core.files import write_atomic
from towerplay.core.notation import Action, parse
from towerplay.games import RTDT
from towerplay.rtdt.board_view import board_view
from towerplay.rtdt.game import RtdtGame

VERBS = (
    (N_("banner | banner HERO"), N_("the banner action (start of turn only)")),
    (N_("resolve CARD"), N_("resolve a start-of-turn effect")),
    ("double", N_("spend 1 spirit to double your move, before moving")),
    (N_("move SPACE"), N_("move one space (once per step)")),
    (N_("cleanse SPACE"), N_("remove all skulls from that building (heroic action)")),
    (
        N_("battle FOE SPACE"),
        N_("battle a foe on your space (next to it too with a card that says so; heroic action)"),
    ),
    (
        N_("  advantage TYPE"),
        N_("in a battle or a dungeon room: spend an advantage for a better result"),
    ),
    ("  continue | retreat", N_("in a battle: resolve the next battle card, or stop here")),
    (N_("quest QUEST"), N_("work on a quest whose needs you meet on its space (heroic action)")),
    (N_("explore SPACE"), N_("enter the dungeon on your space (heroic action), then:")),
    (N_("  room N | improve TYPE"), N_("enter room N; spend an advantage to improve the room")),
    ("  leave", N_("leave the dungeon")),
    ("haggle", N_("roll the haggle die before a Reinforce")),
    ("reinforce free|enhanced", N_("Reinforce at the building on your space")),
    (N_("use ITEM"), N_("use a potion or treasure (use WAND … spends a wand's charges)")),
    ("build", N_("Covenant: build the monument on a foundation with 3 offerings (heroic)")),
    ("bless", N_("Covenant: spend a blessing in a Battle or dungeon room for +1 Wild")),
    (N_("cast SPELL …"), N_("Covenant: the Astromancer casts a prepared spell")),
    (N_("prepare SPELL"), N_("Covenant: the Astromancer prepares a spell from the hand")),
    (N_("quarry FOE SPACE"), N_("Covenant: the Warden marks a foe as the quarry")),
    (N_("trial TRIAL"), N_("competitive: complete a heroic trial whose needs you meet")),
    (
        N_("seal remove|replace SEAL"),
        N_("competitive: remove or put back one of the Tower's seals"),
    ),
    ("  seal keep", N_("leave the seals as they are")),
    (N_("pass_mark SEAT"), N_("Bane of Omens: the mark's holder pays its spirit to pass it on")),
    (N_("trade SEAT"), N_("trade with that seat's hero on your space, then:")),
    ("  give|take warriors N", N_("also: give|take spirit N, give|take ITEM")),
    ("  offer | cancel", N_("the partner answers accept or reject")),
    ("end | end skip", N_("end the turn: drop a skull into the Tower")),
)
HELP_HEAD = N_("""\
[bold]A turn[/]: banner at the start, then move, one heroic action, one Reinforce and one trade
in any order; end drops your skull.""")


HELP_TAIL = N_("""\
[bold]Questions[/]: place SPACE · discard ITEM · take GEAR/TREASURE · flip VIRTUE · remove SPACE
  hero HERO · step SPACE · go SPACE · replace TREASURE · stop · done
Names are the ids shown in the list (move green_bridge). Seats count from 0.
[bold]Commands[/]:""")
LEGEND = N_("""\
[bold]Board[/]: C citadel · S sanctuary · V village · B bazaar (their initials where the kingdoms \
stand four across)
[bold]Skulls[/]: ● a skull on the building, · an empty place; [strike]struck out[/] destroyed
[bold]Covenant[/]: F a monument's foundation and its offerings (1/3), M a monument; N+D doom: \
D of the skulls are doom skulls
[bold]Glyphs[/]: a glyph revealed (its seal off) and facing your kingdom makes its action cost \
1 spirit more
[bold]Quests[/]: ★ main goal · ◆ companion quest · ▲ adversary quest; N/M the stage reached
[bold]Heroes[/]: NAME (SEAT) @ SPACE; seats count from 0
[bold]Foes[/]: L2-L4 their level; ready, panicked… the status that decides their strike
[bold]Log[/]: the decision made (cyan), then what it did: green gains, red losses, yellow costs; \
dim lines were shown before""")


def help_text() -> RenderableType:
    verbs = Table.grid(padding=(0, 2))
    verbs.add_column(style="cyan", no_wrap=True)
    verbs.add_column()
    for syntax, what in VERBS:
        verbs.add_row(_(syntax), _(what))
    return Group(
        Text.from_markup(_(HELP_HEAD)), Padding(verbs, (0, 0, 0, 2)), Text.from_markup(_(HELP_TAIL))
    )


def action_grid(texts: Sequence[str], width: int = board.SCREEN_WIDTH) -> RenderableType:
    """The numbered legal actions, in as many columns as fit, filled column by column."""
    return layout.action_grid(texts, width)


OUTCOMES = {"win": N_("win"), "loss": N_("loss")}  # how a game ends, in words
SIDE_BY_SIDE = 110  # from this width the hero stands beside the quests


def _pair(left: RenderableType | None, right: RenderableType | None, width: int) -> list[Any]:
    """`left` beside `right` when the width allows (else one under the other)."""
    shown = [p for p in (left, right) if p is not None]
    if len(shown) == 2 and width >= SIDE_BY_SIDE:
        return [layout.side_by_side(shown[0], shown[1], width)]
    return [Group(*shown)] if shown else []


def render(
    game: RtdtGame,
    seat: int | None = None,
    width: int = board.SCREEN_WIDTH,
    height: int | None = None,
    log: Sequence[Line] | None = None,
) -> RenderableType:
    """The whole screen for `seat` (default: the seat to act; once the game is over, the
    hero whose turn it was), drawn from `observe(seat)` alone and fitted to `height`
    lines (None: everything in full). `log` is the sitting's journal (default: the game's
    log as the seat sees it)."""
    if seat is None:
        seat = game.to_act
    view = game.observe(seat if seat is not None else 0)
    if seat is None:  # the game is over
        seat = view["current_seat"]
        if seat != view["seat"]:
            view = game.observe(seat)
    if log is None:
        log = history(game, seat)
    others = panels.other_heroes(game, view, seat)
    trials = panels.trials_panel(game, view, seat)
    fights = [
        p
        for p in (panels.battle_panel(game, view), panels.delve_panel(game, view))
        if p is not None
    ]
    full = panels.hero_panel(game, view, seat)
    short = panels.hero_panel(game, view, seat, compact=True)
    brief = panels.quests(game, view, compact=True)
    hero = _pair(full, panels.quests(game, view), width) + _pair(full, brief, width)
    parts = [
        Part([board.header(game, view), board.header(game, view, compact=True)]),
        Part(
            [
                board.kingdoms(game, view, width),
                board.kingdom_lines(game, view),
                board.kingdom_lines(game, view, compact=True),
            ]
        ),
        Part([board.world_lines(game, view), board.world_lines(game, view, compact=True)]),
        Part(hero + _pair(short, brief, width) + [short, panels.hero_line(game, view, seat)]),
        Part([trials] if trials is not None else []),
        Part([others] if others is not None else []),
        Part([Group(*fights), panels.fight_line(game, view) or ""] if fights else []),
    ]
    bottom: list[RenderableType] = []
    if game.result is None:  # (once it is over, the loop's `finish` says how it ended)
        # the question in the screen's language; one about cards only another seat looked
        # at is worded by observe without them
        question = asked(game) if view["prompt"] == game.prompt else others_question(view)
        bottom.append(Text(question, style="bold yellow"))
        # the seat's own view's actions (empty unless it is to act: another seat's would
        # name what only that seat looked at)
        texts = [
            layout.priced(shown(game, a), game.costs(a)) for a in map(parse, view["legal_actions"])
        ]
        rows = None if height is None else max(3, height // (3 if height >= 30 else 4))
        bottom.append(layout.action_grid(texts, width, rows))
    # shrunk first: the world's details, the quests' texts, the board; then the hero, the
    # other heroes, the world, the trials and the quests go, the battle and the hero to a
    # line; the kingdoms stay, a line each (at the last without the buildings' names).
    # The first three are also taken to show what happened since the last prompt.
    shrink = [2, 3, 1, 3, 5, 2, 4, 3, 0, 6, 3, 1]
    return layout.fit(parts, shrink, log, bottom, width, height, soft=3)


def others_question(view: dict[str, Any]) -> str:
    """A question about cards only its seat looked at, as another seat's view has it ("HERO:
    what is decided.", observe's English without the cards), in the screen's language."""
    hero, _sep, what = str(view["prompt"]).partition(": ")
    return _("{hero}: {what}.").format(hero=hero, what=_(what.removesuffix(".")))


def _card(text: str) -> RenderableType:
    """A `describe` text: its first line (the name and kind) bold, under it the rest."""
    head, _sep, body = text.partition("\n")
    return Panel(Text(body), title=Text(head, style="bold"), title_align="left", box=box.ROUNDED)


def save_text(game: RtdtGame) -> str:
    """A save file's text: the game's JSON, one field a line, for people to read."""
    return json.dumps(game.to_json(), indent=1) + "\n"


def save_game(game: RtdtGame, file: str) -> None:
    """Save `game` to `file` atomically; raises OSError (the old file is then intact)."""
    write_atomic(file, save_text(game))


def load_game(file: str) -> RtdtGame:
    """A saved game; raises SaveError (with the file and the field) for anything wrong."""
    return RtdtGame.from_json(read_json(file), file)


def shown(game: RtdtGame, action: Action) -> str:
    """The action's notation with each id in it a printed name ("move Broken Lands", "battle
    Brigands Green Bridge", "quest Antidote for the Plague"): the content's names, read-only."""
    w = game.world
    return " ".join([action[0], *(w.name(token) for token in action[1:])])


@cache
def _ids_by_name() -> dict[str, str]:
    """Each printed name of several words (spaces, cards, foes, heroes, quests...) by its
    folded text, to its id: what `typed` takes back."""
    view = board_view()
    named = {sp["id"]: sp["name"] for sp in view["spaces"]} | view["names"]
    return {_key(name): i for i, name in named.items() if " " in name}


def _key(name: str) -> str:
    """A name as typed: any case, apostrophes optional ("egans end" is Egan's End)."""
    return " ".join(name.lower().replace("'", "").split())


def typed(text: str) -> str:
    """A typed action with its printed names of several words taken back to their ids
    ("move lower ice fangs" -> "move lower_ice_fangs"), so an action that is not legal is
    refused for what it is, not for its notation; a line naming nothing is kept as typed."""
    verb, *rest = text.split()
    ids = _ids_by_name()
    out = [verb]
    i = 0
    while i < len(rest):  # the longest name starting at each word
        for j in range(len(rest), i, -1):
            found = ids.get(_key(" ".join(rest[i:j]))) if j - i > 1 else None
            if found is not None:
                out.append(found)
                i = j
                break
        else:
            out.append(rest[i])
            i += 1
    return " ".join(out)


class RtdtScreen:
    """Return to Dark Tower as the shared read-eval loop plays it."""

    max_decisions = RTDT.max_decisions

    saves = True

    def render(
        self,
        game: RtdtGame,
        seat: int | None,
        width: int,
        height: int | None,
        log: Sequence[Line],
    ) -> RenderableType:
        return render(game, seat, width, height, log)

    def help(self) -> RenderableType:
        return help_text()

    def info(self, game: RtdtGame, name: str) -> RenderableType | None:
        text = game.describe(name, current().gettext)  # the card's text in the chosen language
        if text is None:  # a space: what the board shows of it (public to every seat)
            return rtdt_map.space_info(game, 0, name)
        return _card(text)

    def map(
        self, game: RtdtGame, seat: int, width: int, height: int | None, where: str
    ) -> RenderableType | None:
        return rtdt_map.map_view(game, seat, width, where, height)

    def legend(self, game: RtdtGame) -> RenderableType:
        return Text.from_markup(_(LEGEND))

    def who(self, game: RtdtGame, seat: int) -> str:
        name = game.observe(seat)["heroes"][seat]["name"]
        return _("seat {seat} ({hero})").format(seat=seat, hero=name)

    def shown(self, game: RtdtGame, action: Action) -> str:
        return shown(game, action)

    def typed(self, game: RtdtGame, text: str) -> str:
        return typed(text)

    def finish(self, game: RtdtGame, console: Console) -> None:
        result = game.result
        assert result is not None
        style = "bold green" if result.outcome == "win" else "bold red"  # said once: not in render
        line = _("Game over: {outcome} — {cause}.").format(
            outcome=_(OUTCOMES.get(result.outcome, result.outcome)), cause=_(result.cause)
        )
        console.print(Text(line, style=style))
        console.print(_("Game code: {code}").format(code=game.observe(0)["code"]))

    def dump(self, game: RtdtGame) -> str:
        return save_text(game)

    def load(self, file: str) -> RtdtGame:
        return load_game(file)
