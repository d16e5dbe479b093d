"""The Adventure Tactics screen: a pure function of the game (`render`), its help, and the
`TacticsScreen` the shared read-eval loop plays it with."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towerplay.cli import layout
from towerplay.cli.common import read_json
from towerplay.cli.lang import N_, _, asked
from towerplay.cli.layout import Part
from towerplay.cli.narrate import Line, history
from towerplay.core.notation import Action
from towerplay.core.protocol import Game
from towerplay.games import TACTICS
from towerplay.tactics import TacticsGame

TERRAIN = {
    "#": ("###", "white on grey30"),
    "o": (" o ", "yellow"),
    "~": (" ~ ", "blue"),
    "^": (" ^ ", "red"),
    "X": (" X ", "bold green"),
    "*": (" * ", "magenta"),
    "W": (" W ", "magenta"),
    "S": (" . ", "green"),
    ".": (" . ", "dim"),
}
HELP = N_("""\
[bold]A turn[/]: up to two actions — [cyan]play CARD[/] (from hand), [cyan]use CARD[/] (from your board),
[cyan]dash CARD[/] (discard to move half your movement), [cyan]equip CARD[/], [cyan]prepare CARD[/] — or [cyan]pass[/];
free cards and [cyan]command SUMMON[/] take no action; [cyan]end[/] ends the turn early.
Then answer what the card asks: [cyan]move SQUARE[/], [cyan]target SQUARE[/], [cyan]option N[/], [cyan]done[/]…
Squares are a column letter and a row number, [cyan]a1[/] bottom-left.
[bold]Commands[/]:""")
LEGEND = N_("""\
[bold]Map[/]: [white on grey30]###[/] wall · [yellow]o[/] obstacle · [blue]~[/] water · [red]^[/] trap · \
[bold green]X[/] exit · [magenta]*[/] spawn square · [magenta]W[/] wraith spawn · [green].[/] start area · \
[bold dark_orange]≈[/] fire wall
[bold]Figures[/]: [bold cyan]heroes[/] in capitals, their class's first two letters and their seat \
(FI0: the fighter, seat 0); [red]enemies[/] by their id as the log names them (gm1), \
[bold red]bosses[/] in bold; info ID tells what a figure is.""")
# the words of the figures' table and the legend's, from the engine's identifiers
WORDS = (
    *(N_("hero"), N_("enemy"), N_("boss"), N_("minion"), N_("summon")),
    *(N_("slowed"), N_("weakened"), N_("stunned"), N_("invisible")),
    *(N_("weapon"), N_("armor"), N_("accessory")),
)
SLOTS = {"class_feature": N_("class feature")}  # a board slot's words, where not its id
COLUMNS = "abcdefghijklmnopqrstuvwxyz"


def content_text(text: str) -> str:
    """A content text (a card's, an objective, a chapter's prose) in the current language:
    the text whole when the catalog has it (tactics_cards.po), else line by line, since
    `describe` joins several texts, each its own message, with line breaks. The game and
    `observe()` keep the English; only the screen words it."""
    whole = _(text)
    if whole != text or "\n" not in text:
        return whole
    return "\n".join(_(line) for line in text.split("\n"))


OUTCOMES = {"success": N_("success"), "+success": N_("+success"), "failure": N_("failure")}


def label(u: dict[str, Any]) -> str:
    """A figure on the grid: a hero by its class in two capitals and its seat (FI0; a class
    of two words by their initials: WM0 for the War Mage), not by its id, which in a
    campaign is the hero's name (Roberta the fighter was RO0, like the rogue); any other
    figure by its own id as the log names it (gm1, pawl)."""
    if u["side"] == "hero" and u["kind"] == "hero":
        words = u["type"].split("_")
        short = "".join(w[0] for w in words) if len(words) > 1 else words[0][:2]
        return short.upper() + str(u["owner"])
    return u["id"]


def cell_width(view: dict[str, Any]) -> int:
    """Characters a square takes: a space, then the longest label (three at least)."""
    return 1 + max([3] + [len(label(u)) for u in view["units"]])


def grid(game: TacticsGame, view: dict[str, Any]) -> Text:
    """The map, top row first, a figure's label on each square it stands on; every square
    starts with a space, so neighbours never run together."""
    rows = view["map"]
    height, width = len(rows), len(rows[0])
    at: dict[str, dict[str, Any]] = {}
    for u in view["units"]:
        if not u["knocked_out"]:
            for sq in u["squares"]:
                at[sq] = u
    spawned = {sq: w["type"] for w in view["walls"] for sq in w["squares"]}
    inner = cell_width(view) - 1
    out = Text()
    for r, row in enumerate(rows):
        y = height - r
        out.append(f"{y:>2}", style="dim")
        for x, ch in enumerate(row):
            name = f"{COLUMNS[x]}{y}"
            out.append(" ")
            if name in at:
                u = at[name]
                style = (
                    "bold cyan"
                    if u["side"] == "hero"
                    else ("bold red" if u["kind"] == "boss" else "red")
                )
                out.append(label(u).center(inner), style=style)
            elif name in spawned:
                fire = spawned[name] == "fire_wall"
                out.append(
                    " ≈ ".center(inner) if fire else "#" * inner,
                    style="bold dark_orange" if fire else "white on grey30",
                )
            else:
                text, style = TERRAIN.get(ch, (" ? ", ""))
                out.append(("#" * inner if text == "###" else text.center(inner)), style=style)
        out.append("\n")
    out.append("  " + "".join(" " + COLUMNS[x].center(inner) for x in range(width)), style="dim")
    return out


def figures(view: dict[str, Any]) -> Table:
    t = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    for col in (N_("who"), "", N_("where"), N_("HP"), N_("conditions")):
        t.add_column(_(col) if col else "")
    for u in view["units"]:
        where = _("knocked out") if u["knocked_out"] else " ".join(u["squares"][:1])
        style = "cyan" if u["side"] == "hero" else "red"
        t.add_row(
            Text(u["id"], style=style),
            Text(label(u), style="dim"),
            where,
            f"{u['hp']}/{u['max_hp']}",
            ", ".join(_(c) for c in u["conditions"]),
        )
    return t


def figures_line(view: dict[str, Any]) -> Text:
    """The figures in one run of text: "fighter 14/14 · gm1 f5 3/3 poisoned"."""
    parts = []
    for u in view["units"]:
        t = Text(u["id"], style="cyan" if u["side"] == "hero" else "red")
        t.append(f" {u['hp']}/{u['max_hp']}")
        if u["knocked_out"]:
            t.append(" " + _("out"), style="dim")
        if u["conditions"]:
            t.append(" " + ",".join(_(c) for c in u["conditions"]), style="yellow")
        parts.append(t)
    return Text(" · ").join(parts)


def head(game: TacticsGame, view: dict[str, Any], compact: bool = False) -> Text:
    """The encounter, the round, the potions and the boss deck; the objectives; who acts
    in what order (`compact`: the first and the last only, on one line)."""
    out = Text()
    out.append(game.ctx.enc.name, style="bold")  # (observe gives the encounter's id only)
    out.append(
        _(" · round {round} · revive potions {potions}").format(
            round=view["round"], potions=view["potions"]
        )
    )
    out.append(_(" · boss deck {n}").format(n=view["boss_deck"]), style="dim")
    if not compact:
        out.append(
            "\n"
            + _("main: {main}  ·  bonus: {bonus}").format(
                main=content_text(view["objectives"]["main"]),
                bonus=content_text(view["objectives"]["bonus"]),
            ),
            style="dim",
        )
    out.append("\n" if not compact else " · ")
    out.append(_("initiative: "))
    for i, uid in enumerate(view["initiative"]):
        style = "reverse" if i == view["turn_index"] and view["phase"] == "turns" else ""
        out.append(uid, style=style)
        out.append(" ")
    return out


def hand(view: dict[str, Any], seat: int, compact: bool = False) -> Text:
    """The seat's hand, then its player board and deck (`compact`: the hand only)."""
    me = view["heroes"][seat]
    names = view.get("names", {})  # every card the page may show, by its printed name
    out = Text(_("{hero} hand: ").format(hero=me["id"]), style="bold")
    out.append(", ".join(names.get(c, c) for c in me.get("hand", [])) or "—")
    if compact:
        return out
    board = ", ".join(
        f"{_(SLOTS.get(k, k))}: {names.get(v, v)}" for k, v in me["board"].items() if v
    )
    out.append(
        _("   board: {board}   deck {deck} · discard {discard}").format(
            board=board or "—", deck=me["deck"], discard=len(me["discard"])
        ),
        style="dim",
    )
    return out


def parts(game: TacticsGame, view: dict[str, Any], seat: int | None, width: int) -> list[Part]:
    """The encounter screen's parts, for `layout.fit`: the head, the map with the figures
    (beside it when the width allows), the seat's hand."""
    board = grid(game, view)
    across = 2 + cell_width(view) * len(view["map"][0])  # the map's width
    full: RenderableType = Group(board, figures(view))
    if across + 2 + 40 <= width:  # the figures' table beside the map
        full = Table.grid(padding=(0, 2))
        full.add_column(no_wrap=True, width=across)
        full.add_column()
        full.add_row(board, figures(view))
    out = [
        Part(
            [
                head(game, view),
                head(game, view, compact=True),
                Text(
                    _("{encounter} · round {round}").format(
                        encounter=game.ctx.enc.name, round=view["round"]
                    ),
                    style="bold",
                ),
            ]
        ),
        Part([full, Group(board, figures_line(view)), board]),
    ]
    if seat is not None:
        out.append(Part([hand(view, seat), hand(view, seat, compact=True)]))
    return out


# the figures go to a line, the head to a line, then the figures go, then the hand's board,
# then the head to the encounter and the round
SHRINK = [1, 0, 1, 2, 0]


def named(action: Action, view: dict[str, Any]) -> str:
    """The action's notation with the ids of cards, items, classes and heroes as printed
    names ("play Basic Move", "hero Roberta Fighter"), from the view's `names`; a figure
    keeps the label the map shows it by (gm1)."""
    encounter = view.get("encounter")  # a campaign's: the encounter's own view
    if not isinstance(encounter, dict):
        encounter = {}
    names = {**encounter.get("names", {}), **view.get("names", {})}
    figures = {u["id"] for u in view.get("units", encounter.get("units", ()))}
    words = (t if t in figures else names.get(t, t) for t in action[1:])
    return " ".join([action[0], *words])


def shown(game: Game, action: Action) -> str:
    """`named` on the view of the seat to act (of seat 0 once it is over)."""
    seat = game.to_act if game.to_act is not None else 0
    return named(action, game.observe(seat, told=False))


def bottom(game: Game, width: int, height: int | None) -> list[RenderableType]:
    """What the seat to act decides, and its legal actions numbered in columns."""
    if game.to_act is None:
        return []
    view = game.observe(game.to_act, told=False)
    texts = [named(a, view) for a in game.legal_actions()]
    rows = None if height is None else max(3, height // (3 if height >= 30 else 4))
    return [
        Text(
            _("[seat {seat}] {prompt}").format(seat=game.to_act, prompt=asked(game)),
            style="bold yellow",
        ),
        layout.action_grid(texts, width, rows),
    ]


def render(
    game: TacticsGame,
    seat: int | None,
    width: int = 100,
    height: int | None = None,
    log: Sequence[Line] | None = None,
) -> RenderableType:
    """The encounter for `seat` fitted to `height` (None: in full), the log, the prompt and
    the numbered actions."""
    view = game.observe(seat if seat is not None else 0)
    if log is None:
        log = history(game, seat)
    foot = bottom(game, width, height)
    return layout.fit(parts(game, view, seat, width), SHRINK, log, foot, width, height, soft=2)


def legend(game: TacticsGame) -> RenderableType:
    """The symbols, then every figure now on the map: its label, id and what it is."""
    view = game.observe(0)
    t = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    for col in (N_("label"), N_("id"), N_("is")):
        t.add_column(_(col))
    for u in view["units"]:
        what = u["type"].replace("_", " ")
        t.add_row(label(u), u["id"], f"{what} ({_(u['kind'])}, {_(u['side'])})")
    return Group(Text.from_markup(_(LEGEND)), t)


def map_view(game: TacticsGame, seat: int, where: str = "") -> RenderableType | None:
    """`map`: the encounter's grid and every figure on it (the whole grid always fits)."""
    if where.strip():
        return None
    view = game.observe(seat)
    return Group(grid(game, view), figures(view))


def info(game: TacticsGame, name: str) -> RenderableType | None:
    """`describe` of a card or piece; a figure's id or label (gm1, GM1, FI0) names its type."""
    wanted = name.strip().lower()
    for u in game.observe(0)["units"]:
        if wanted in (u["id"].lower(), label(u).lower()):
            name = u["type"]
            break
    text = game.describe(name, _)
    if text is None:
        return None
    head_line, _sep, body = text.partition("\n")
    return Panel(
        Text(body), title=Text(head_line, style="bold"), title_align="left", box=box.ROUNDED
    )


class TacticsScreen:
    """Adventure Tactics as the shared read-eval loop plays it."""

    max_decisions = TACTICS.max_decisions
    saves = True

    def render(
        self,
        game: TacticsGame,
        seat: int | None,
        width: int,
        height: int | None,
        log: Sequence[Line],
    ) -> RenderableType:
        return render(game, seat, width, height, log)

    def help(self) -> RenderableType:
        return Text.from_markup(_(HELP))

    def info(self, game: TacticsGame, name: str) -> RenderableType | None:
        return info(game, name)

    def legend(self, game: TacticsGame) -> RenderableType:
        return legend(game)

    def map(
        self, game: TacticsGame, seat: int, width: int, height: int | None, where: str
    ) -> RenderableType | None:
        return map_view(game, seat, where)

    def typed(self, game: TacticsGame, text: str) -> str:
        return text  # its names are one word each (tactics_screen.shown)

    def shown(self, game: TacticsGame, action: Action) -> str:
        return shown(game, action)

    def who(self, game: TacticsGame, seat: int) -> str:
        hero = game.observe(seat)["heroes"][seat]["id"]
        return _("seat {seat} ({hero})").format(seat=seat, hero=hero)

    def finish(self, game: TacticsGame, console: Console) -> None:
        enc = game.ctx.enc
        text = {"success": enc.success, "+success": enc.plus_success}.get(
            game.s.outcome, enc.failure
        )
        outcome = _(OUTCOMES.get(game.s.outcome, game.s.outcome)).upper()
        console.print(Text(f"{outcome}: {_(game.s.cause)}\n{content_text(text)}", style="bold"))

    def dump(self, game: TacticsGame) -> str:
        return json.dumps(game.to_json())

    def load(self, file: str) -> TacticsGame:
        return TacticsGame.from_json(read_json(file), file)
