"""The Return to Dark Tower screen: a pure function of the game (`render`), its help, and
the `RtdtScreen` the shared read-eval loop plays it with."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towerplay.cli import rtdt_board as board
from towerplay.cli import rtdt_panels as panels
from towerplay.cli.common import read_json
from towerplay.core.files import write_atomic
from towerplay.rtdt.game import RtdtGame
from towerplay.sim.rtdt import MAX_DECISIONS

LOG_LINES = 8
VERBS = (
    ("banner | banner HERO", "the banner action (start of turn only)"),
    ("resolve CARD", "resolve a start-of-turn effect"),
    ("double", "spend 1 spirit to double your move, before moving"),
    ("move SPACE", "move one space (once per step)"),
    ("cleanse SPACE", "remove all skulls from that building (heroic action)"),
    ("haggle", "roll the haggle die before a Reinforce"),
    ("reinforce free|enhanced", "Reinforce at the building on your space"),
    ("use ITEM", "use a potion or treasure (use WAND … spends a wand's charges)"),
    ("build", "Covenant: build the monument on a foundation with 3 offerings (heroic)"),
    ("bless", "Covenant: spend a blessing in a Battle or dungeon room for +1 Wild"),
    ("cast SPELL …", "Covenant: the Astromancer casts a prepared spell"),
    ("trade SEAT", "trade with that seat's hero on your space, then:"),
    ("  give|take warriors N", "also: give|take spirit N, give|take ITEM"),
    ("  offer | cancel", "the partner answers accept or reject"),
    ("end | end skip", "end the turn: drop a skull into the Tower"),
)
HELP_HEAD = """\
[bold]Answer[/] with the number of an action, or type the action itself (Tab completes it).
[bold]Commands[/]: [cyan]help[/] · [cyan]save FILE[/] (JSON) · [cyan]load FILE[/] · \
[cyan]quit[/] (or Ctrl-D)
[bold]A turn[/]: banner at the start, then move, one heroic action, one Reinforce and one trade
in any order; end drops your skull."""


HELP_TAIL = """\
[bold]Questions[/]: place SPACE · discard ITEM · take GEAR/TREASURE · flip VIRTUE · remove SPACE
  hero HERO · step SPACE · go SPACE · replace TREASURE · stop · done
Names are the ids shown in the list (move green_bridge). Seats count from 0."""


def help_text() -> RenderableType:
    verbs = Table.grid(padding=(0, 2))
    verbs.add_column(style="cyan", no_wrap=True)
    verbs.add_column()
    for syntax, what in VERBS:
        verbs.add_row(syntax, what)
    return Group(
        Text.from_markup(HELP_HEAD), Padding(verbs, (0, 0, 0, 2)), Text.from_markup(HELP_TAIL)
    )


def action_grid(texts: Sequence[str], width: int = board.SCREEN_WIDTH) -> Table:
    """The numbered legal actions, in as many columns as fit, filled column by column."""
    items = [f"{i + 1:>2} {t}" for i, t in enumerate(texts)]
    cell = max((len(s) for s in items), default=1) + 2
    ncols = max(1, min(len(items), width // cell))
    nrows = math.ceil(len(items) / ncols) if items else 0
    grid = Table.grid(padding=(0, 2))
    for _ in range(ncols):
        grid.add_column(no_wrap=True)
    for r in range(nrows):
        row = []
        for c in range(ncols):
            i = c * nrows + r
            if i < len(items):
                cell_text = Text(items[i][:3], style="bold yellow")
                cell_text.append(items[i][3:])
                row.append(cell_text)
            else:
                row.append(Text(""))
        grid.add_row(*row)
    return grid


def render(
    game: RtdtGame, seat: int | None = None, width: int = board.SCREEN_WIDTH
) -> RenderableType:
    """The whole screen for `seat` (default: the seat to act; once the game is over, the
    hero whose turn it was), as a Rich renderable drawn from `observe(seat)` alone."""
    if seat is None:
        seat = game.to_act
    view = game.observe(seat if seat is not None else 0)
    if seat is None:  # the game is over
        seat = view["current_seat"]
        if seat != view["seat"]:
            view = game.observe(seat)
    parts: list[RenderableType] = [
        board.header(game, view),
        board.kingdoms(game, view, width),
        board.world_lines(game, view),
    ]
    quests = panels.quests(game, view)
    if quests is not None:
        parts.append(quests)
    parts.append(panels.hero_panel(game, view, seat))
    trials = panels.trials_panel(game, view, seat)
    if trials is not None:
        parts.append(trials)
    others = panels.other_heroes(game, view, seat)
    if others is not None:
        parts.append(others)
    fights = [
        p
        for p in (panels.battle_panel(game, view), panels.delve_panel(game, view))
        if p is not None
    ]
    lines = LOG_LINES - 3 if fights else LOG_LINES  # room for the battle or dungeon panel
    log = Text("\n".join(view["log"][-lines:]), style="dim")  # what this seat may see
    parts.append(Panel(log, title="log", title_align="left", box=box.SQUARE, padding=(0, 1)))
    parts.extend(fights)
    if game.result is not None:
        parts.append(Text(view["prompt"], style="bold"))
    else:
        parts.append(Text(view["prompt"], style="bold yellow"))
        parts.append(action_grid([str(a) for a in view["legal_actions"]], width))
    return Group(*parts)


def save_text(game: RtdtGame) -> str:
    """A save file's text: the game's JSON, one field a line, for people to read."""
    return json.dumps(game.to_json(), indent=1) + "\n"


def save_game(game: RtdtGame, file: str) -> None:
    """Save `game` to `file` atomically; raises OSError (the old file is then intact)."""
    write_atomic(file, save_text(game))


def load_game(file: str) -> RtdtGame:
    """A saved game; raises SaveError (with the file and the field) for anything wrong."""
    return RtdtGame.from_json(read_json(file), file)


class RtdtScreen:
    """Return to Dark Tower as the shared read-eval loop plays it."""

    max_decisions = MAX_DECISIONS

    def render(self, game: RtdtGame, seat: int | None, width: int) -> RenderableType:
        return render(game, seat, width)

    def help(self) -> RenderableType:
        return help_text()

    def who(self, game: RtdtGame, seat: int) -> str:
        return f"seat {seat} ({game.observe(seat)['heroes'][seat]['name']})"

    def finish(self, game: RtdtGame, console: Console) -> None:
        result = game.result
        assert result is not None
        style = "bold green" if result.outcome == "win" else "bold red"
        console.print(Text(f"Game over: {result.outcome} — {result.cause}.", style=style))
        console.print(f"Game code: {game.observe(0)['code']}")

    def dump(self, game: RtdtGame) -> str:
        return save_text(game)

    def load(self, file: str) -> RtdtGame:
        return load_game(file)
