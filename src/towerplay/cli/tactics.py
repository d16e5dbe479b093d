"""`towerplay play tactics` and `towerplay sim tactics`: Adventure Tactics in the terminal.

The screen is a pure function of the game (`render`); the loop (`play_loop`) reads
lines through a function it is given and writes to a Rich console, so tests can
drive it with scripted input. Seats are numbered from 0, one per hero.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from towerplay.agents import Agent
from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import IllegalAction, SaveError
from towerplay.tactics import TacticsGame, new_game
from towerplay.tactics.content import default_content

AGENTS = ("random", "heuristic")
MAX_DECISIONS = 100_000  # a game longer than this is an engine bug
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
[bold]Answer[/] with the number of an action, or type the action itself (e.g. [cyan]play fireball[/], [cyan]target c5[/]).
[bold]Commands[/]: [cyan]help[/] · [cyan]save FILE[/] · [cyan]load FILE[/] · [cyan]quit[/]
[bold]A turn[/]: up to two actions — [cyan]play CARD[/] (from hand), [cyan]use CARD[/] (from your board),
[cyan]dash CARD[/] (discard to move half your movement), [cyan]equip CARD[/], [cyan]prepare CARD[/] — or [cyan]pass[/];
free cards and [cyan]command SUMMON[/] take no action; [cyan]end[/] ends the turn early.
Squares are a column letter and a row number, [cyan]a1[/] bottom-left."""


def make_agent(name: str, seed: int) -> Agent:
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        return HeuristicTacticsAgent(seed)
    raise ValueError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}")


# --- the screen ---------------------------------------------------------------------------


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


def numbered(game: TacticsGame) -> Text:
    out = Text(f"[seat {game.to_act}] {game.prompt}\n", style="bold")
    for i, a in enumerate(game.legal_actions(), 1):
        out.append(f"{i:>3}. {a}\n")
    return out


# --- the loop ------------------------------------------------------------------------------


def play_loop(
    game: TacticsGame, ais: dict[int, Agent], read: Callable[[str], str | None], console: Console
) -> TacticsGame:
    decisions = 0
    while game.result is None and decisions < MAX_DECISIONS:
        seat = game.to_act
        assert seat is not None
        if seat in ais:
            game.apply(ais[seat].act(game))
            decisions += 1
            continue
        console.print(render(game, seat))
        console.print(numbered(game))
        line = read("> ")
        if line is None or line.strip() == "quit":
            console.print("bye")
            return game
        text = line.strip()
        if text == "help":
            console.print(Text.from_markup(HELP))
            continue
        if text.startswith("save "):
            path = Path(text[5:].strip())
            path.write_text(json.dumps(game.to_json()), encoding="utf-8")
            console.print(f"saved to {path}")
            continue
        if text.startswith("load "):
            path = Path(text[5:].strip())
            try:
                game = TacticsGame.from_json(
                    json.loads(path.read_text(encoding="utf-8")), str(path)
                )
            except (OSError, ValueError, SaveError) as exc:
                console.print(f"[red]cannot load {path}: {exc}[/]")
            continue
        legal = game.legal_actions()
        if text.isdigit() and 1 <= int(text) <= len(legal):
            text = str(legal[int(text) - 1])
        try:
            game.apply(text)
            decisions += 1
        except IllegalAction as exc:
            console.print(f"[red]{exc}[/]")
    console.print(render(game, None))
    result = game.result
    if result is not None:
        enc = game.ctx.enc
        text = {"success": enc.success, "+success": enc.plus_success}.get(
            game.s.outcome, enc.failure
        )
        console.print(Text(f"{game.s.outcome.upper()}: {game.s.cause}\n{text}", style="bold"))
    return game


def parse_ai(specs: list[str], seed: int) -> dict[int, Agent]:
    out: dict[int, Agent] = {}
    for spec in specs:
        seat_text, _, name = spec.partition("=")
        if not seat_text.isdigit() or not name:
            raise typer.BadParameter(f"--ai takes SEAT=random|heuristic, not {spec!r}")
        out[int(seat_text)] = make_agent(name, seed + int(seat_text))
    return out


def play_tactics(
    encounter: Annotated[str, typer.Option(help="encounter id (see --list)")] = "goblin_ambush",
    party: Annotated[
        str, typer.Option(help="hero classes, comma-separated (3 to 5)")
    ] = "fighter,rogue,cleric",
    ai: Annotated[
        list[str] | None, typer.Option("--ai", help="SEAT=random|heuristic, repeatable")
    ] = None,
    difficulty: Annotated[str, typer.Option(help="easy | normal | hard")] = "normal",
    seed: Annotated[int, typer.Option(help="random seed")] = 0,
    list_encounters: Annotated[
        bool, typer.Option("--list", help="list the encounters and exit")
    ] = False,
) -> None:
    """Play an Adventure Tactics encounter in the terminal."""
    console = Console()
    if list_encounters:
        t = Table("id", "chapter", "name", "main objective", title="Encounters")
        for enc in default_content().encounters.values():
            t.add_row(enc.id, str(enc.chapter), enc.name, enc.main.text)
        console.print(t)
        return
    try:
        game = new_game(
            {"encounter": encounter, "party": party.split(","), "difficulty": difficulty}, seed
        )
        ais = parse_ai(ai or [], seed)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc

    def read(prompt: str) -> str | None:
        try:
            return console.input(prompt)
        except EOFError:
            return None

    play_loop(game, ais, read, console)


def simulate(
    encounter: str, games: int, agent: str, seed: int, party: list[str], difficulty: str
) -> dict[str, Any]:
    outcomes: dict[str, Any] = {"success": 0, "+success": 0, "failure": {}}
    decisions = 0
    errors: list[str] = []
    start = time.perf_counter()
    for i in range(games):
        try:
            g = new_game(
                {"encounter": encounter, "party": party, "difficulty": difficulty}, seed + i
            )
            players = [make_agent(agent, seed * 1000 + i * 10 + s) for s in range(len(party))]
            n = 0
            while g.result is None and n < MAX_DECISIONS:
                seat = g.to_act
                assert seat is not None
                g.apply(players[seat].act(g))
                n += 1
            decisions += n
            if g.s.outcome == "failure":
                outcomes["failure"][g.s.cause] = outcomes["failure"].get(g.s.cause, 0) + 1
            elif g.s.outcome:
                outcomes[g.s.outcome] += 1
            else:
                errors.append(f"game {i}: no result after {n} decisions")
        except Exception as exc:  # a crash is reported, not fatal to the batch
            errors.append(f"game {i}: {type(exc).__name__}: {exc}")
    elapsed = time.perf_counter() - start
    return {
        "encounter": encounter,
        "games": games,
        "agent": agent,
        "seed": seed,
        "party": party,
        "outcomes": outcomes,
        "decisions": decisions,
        "decisions_per_second": round(decisions / elapsed, 1) if elapsed > 0 else 0.0,
        "errors": errors,
    }


def sim_tactics(
    encounter: Annotated[str, typer.Option(help="encounter id")] = "goblin_ambush",
    games: Annotated[int, typer.Option(help="how many games")] = 100,
    agent: Annotated[str, typer.Option(help="random | heuristic (every seat)")] = "random",
    seed: Annotated[int, typer.Option(help="first seed")] = 0,
    party: Annotated[
        str, typer.Option(help="hero classes, comma-separated")
    ] = "fighter,rogue,cleric",
    difficulty: Annotated[str, typer.Option(help="easy | normal | hard")] = "normal",
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
) -> None:
    """Play many encounters with AI seats and report outcomes and speed."""
    if agent not in AGENTS:
        raise typer.BadParameter(f"agent is one of {', '.join(AGENTS)}")
    if encounter not in default_content().encounters:
        raise typer.BadParameter(f"no encounter {encounter!r}")
    report = simulate(encounter, games, agent, seed, party.split(","), difficulty)
    if as_json:
        print(json.dumps(report))
        return
    console = Console()
    console.print(f"{report['games']} games of {encounter} ({agent}):")
    console.print(
        f"  success {report['outcomes']['success']} · +success {report['outcomes']['+success']}"
    )
    for cause, n in report["outcomes"]["failure"].items():
        console.print(f"  failure ({cause}) {n}")
    console.print(
        f"  {report['decisions']} decisions, {report['decisions_per_second']}/s, {len(report['errors'])} errors"
    )
