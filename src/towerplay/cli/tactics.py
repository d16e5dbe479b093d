"""`towerplay play tactics` and `towerplay sim tactics`: Adventure Tactics in the terminal.

This module reads the command-line options; the screen is `tactics_screen`, the
read-eval loop is `loop` (shared with Return to Dark Tower), and the batch runner is
`towerplay.sim.tactics`. Seats are numbered from 0, one per hero.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from towerplay.agents import Agent
from towerplay.cli import loop
from towerplay.cli.common import fail
from towerplay.cli.sim_options import (
    OutOption,
    QuietOption,
    RayOption,
    WorkersOption,
    out_of,
    progress_of,
    workers_of,
)
from towerplay.cli.tactics_screen import TacticsScreen
from towerplay.core.errors import SaveError
from towerplay.sim.agents import AGENTS, make_agent
from towerplay.sim.tactics import simulate
from towerplay.tactics import new_game
from towerplay.tactics.content import default_content

__all__ = ["play_tactics", "sim_tactics", "simulate"]

SCREEN = TacticsScreen()


def parse_ai(specs: list[str], seed: int) -> dict[int, Agent]:
    out: dict[int, Agent] = {}
    for spec in specs:
        seat_text, _, name = spec.partition("=")
        if not seat_text.isdigit() or not name:
            raise typer.BadParameter(f"--ai takes SEAT=random|heuristic, not {spec!r}")
        out[int(seat_text)] = make_agent("tactics", name, seed + int(seat_text))
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
    loop.play_loop(SCREEN, game, console, input, ais, loop.terminal_completer(sys.stdin.isatty()))


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
    workers: WorkersOption = None,
    ray: RayOption = None,
    out: OutOption = None,
    quiet: QuietOption = False,
) -> None:
    """Play many encounters with AI seats and report outcomes and speed."""
    if games < 1:
        raise fail(f"--games must be 1 or more, not {games}")
    if agent not in AGENTS["tactics"]:
        raise typer.BadParameter(f"agent is one of {', '.join(AGENTS['tactics'])}")
    if encounter not in default_content().encounters:
        raise typer.BadParameter(f"no encounter {encounter!r}")
    try:
        report = simulate(
            encounter, games, agent, seed, party.split(","), difficulty,
            workers=workers_of(workers), ray=ray, out=out_of(out),
            progress=progress_of(quiet, as_json),
        )
    except (ValueError, SaveError) as exc:
        raise fail(str(exc)) from None
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
        f"  {report['decisions']} decisions, {report['decisions_per_second']}/s, "
        f"{report['games_per_second']} games/s, {len(report['errors'])} errors"
    )
