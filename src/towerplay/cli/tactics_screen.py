"""The Adventure Tactics screen: a pure function of the game (`render`), its help, and the
`TacticsScreen` the shared read-eval loop plays it with."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from towerplay.cli.common import read_json
from towerplay.core.protocol import Game
from towerplay.sim.tactics import MAX_DECISIONS
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
HELP = """\
[bold]Answer[/] with the number of an action, or type the action itself (e.g. [cyan]play fireball[/], [cyan]target c5[/]; Tab completes it).
[bold]Commands[/]: [cyan]help[/] · [cyan]save FILE[/] (JSON) · [cyan]load FILE[/] · [cyan]quit[/] (or Ctrl-D)
[bold]A turn[/]: up to two actions — [cyan]play CARD[/] (from hand), [cyan]use CARD[/] (from your board),
[cyan]dash CARD[/] (discard to move half your movement), [cyan]equip CARD[/], [cyan]prepare CARD[/] — or [cyan]pass[/];
free cards and [cyan]command SUMMON[/] take no action; [cyan]end[/] ends the turn early.
Squares are a column letter and a row number, [cyan]a1[/] bottom-left."""


def label(u: dict[str, Any]) -> str:
    """Three characters for a figure on the grid."""
    if u["side"] == "hero" and u["kind"] == "hero":
        return u["id"][:2].upper() + str(u["owner"])
    return u["id"][:3].upper().ljust(3)


def grid(game: TacticsGame, view: dict[str, Any]) -> Text:
    rows = view["map"]
    height, width = len(rows), len(rows[0])
    at: dict[str, dict[str, Any]] = {}
    for u in view["units"]:
        if not u["knocked_out"]:
            for sq in u["squares"]:
                at[sq] = u
    spawned = {sq: w["type"] for w in view["walls"] for sq in w["squares"]}
    out = Text()
    for r, row in enumerate(rows):
        y = height - r
        out.append(f"{y:>2} ", style="dim")
        for x, ch in enumerate(row):
            name = f"{'abcdefghijklmnopqrstuvwxyz'[x]}{y}"
            if name in at:
                u = at[name]
                style = (
                    "bold cyan"
                    if u["side"] == "hero"
                    else ("bold red" if u["kind"] == "boss" else "red")
                )
                out.append(label(u), style=style)
            elif name in spawned:
                fire = spawned[name] == "fire_wall"
                out.append(
                    " ≈ " if fire else "###",
                    style="bold dark_orange" if fire else "white on grey30",
                )
            else:
                text, style = TERRAIN.get(ch, (" ? ", ""))
                out.append(text, style=style)
        out.append("\n")
    out.append(
        "   " + "".join(f" {'abcdefghijklmnopqrstuvwxyz'[x]} " for x in range(width)), style="dim"
    )
    return out


def figures(view: dict[str, Any]) -> Table:
    t = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    for col in ("who", "where", "HP", "conditions"):
        t.add_column(col)
    for u in view["units"]:
        where = "knocked out" if u["knocked_out"] else " ".join(u["squares"][:1])
        style = "cyan" if u["side"] == "hero" else "red"
        t.add_row(
            Text(u["id"], style=style),
            where,
            f"{u['hp']}/{u['max_hp']}",
            ", ".join(u["conditions"]),
        )
    return t


def render(game: TacticsGame, seat: int | None) -> RenderableType:
    view = game.observe(seat if seat is not None else 0)
    head = Text()
    head.append(f"{game.ctx.enc.name}", style="bold")
    head.append(f" · round {view['round']} · revive potions {view['potions']}")
    head.append(f" · boss deck {view['boss_deck']}", style="dim")
    line = Text("initiative: ")
    for i, uid in enumerate(view["initiative"]):
        style = "reverse" if i == view["turn_index"] and view["phase"] == "turns" else ""
        line.append(uid, style=style)
        line.append(" ")
    parts: list[RenderableType] = [
        head,
        Text(
            f"main: {view['objectives']['main']}  ·  bonus: {view['objectives']['bonus']}",
            style="dim",
        ),
        line,
        grid(game, view),
        figures(view),
    ]
    if seat is not None:
        me = view["heroes"][seat]
        hand = Text(f"{me['id']} hand: ", style="bold")
        hand.append(", ".join(me.get("hand", [])) or "—")
        board = ", ".join(f"{k}: {v}" for k, v in me["board"].items() if v)
        hand.append(
            f"   board: {board or '—'}   deck {me['deck']} · discard {len(me['discard'])}",
            style="dim",
        )
        parts.append(hand)
    parts.append(Text("\n".join(view["log"][-6:]), style="dim"))
    return Group(*parts)


def numbered(game: Game) -> Text:
    """What the seat to act decides, and its legal actions numbered (both Tactics screens)."""
    out = Text(f"[seat {game.to_act}] {game.prompt}\n", style="bold")
    for i, a in enumerate(game.legal_actions(), 1):
        out.append(f"{i:>3}. {a}\n")
    return out


class TacticsScreen:
    """Adventure Tactics as the shared read-eval loop plays it."""

    max_decisions = MAX_DECISIONS

    def render(self, game: TacticsGame, seat: int | None, width: int) -> RenderableType:
        """The board for `seat`, then what it decides and its numbered actions."""
        if seat is None:
            return render(game, None)
        return Group(render(game, seat), numbered(game))

    def help(self) -> RenderableType:
        return Text.from_markup(HELP)

    def who(self, game: TacticsGame, seat: int) -> str:
        return f"seat {seat} ({game.observe(seat)['heroes'][seat]['id']})"

    def finish(self, game: TacticsGame, console: Console) -> None:
        enc = game.ctx.enc
        text = {"success": enc.success, "+success": enc.plus_success}.get(
            game.s.outcome, enc.failure
        )
        console.print(Text(f"{game.s.outcome.upper()}: {game.s.cause}\n{text}", style="bold"))

    def dump(self, game: TacticsGame) -> str:
        return json.dumps(game.to_json())

    def load(self, file: str) -> TacticsGame:
        return TacticsGame.from_json(read_json(file), file)
