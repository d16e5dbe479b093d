"""`towerplay play tactics` and `towerplay sim tactics`: Adventure Tactics in the terminal.

This module reads the command-line options; the screen is `tactics_screen`, the
read-eval loop is `loop` (shared with Return to Dark Tower), and the batch runner is
`towerplay.sim.tactics`. Seats are numbered from 0, one per hero.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.table import Table

from towerplay.agents import Agent
from towerplay.cli import loop
from towerplay.cli.common import LangOption, fail, fail_on, language_option
from towerplay.cli.completion import terminal_completer
from towerplay.cli.lang import _, speaking
from towerplay.cli.quoted import OptionError
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
from towerplay.games import TACTICS
from towerplay.sim.tactics import simulate
from towerplay.tactics import new_game
from towerplay.tactics.content import default_content

__all__ = ["play_tactics", "sim_tactics", "simulate"]

SCREEN = TacticsScreen()


def parse_ai(specs: list[str], seed: int, seats: int) -> dict[int, Agent]:
    """`SEAT=AGENT` options into agents; raises ValueError naming the bad one (a seat
    this encounter does not have included)."""
    out: dict[int, Agent] = {}
    for spec in specs:
        seat_text, _, name = spec.partition("=")
        if not seat_text.isdigit() or not name:
            raise OptionError(
                "--ai takes SEAT=AGENT (random, heuristic, search...), not {spec}", spec=repr(spec)
            )
        seat = int(seat_text)
        if not 0 <= seat < seats:
            raise OptionError(
                "--ai {spec}: the seats of this encounter are {seats}",
                spec=repr(spec),
                seats=", ".join(map(str, range(seats))),
            )
        out[seat] = TACTICS.agents.make(name, seed + seat)
    return out


def id_lists() -> Group:
    """What `play tactics --list` prints: the encounters, the hero classes and the foes."""
    c = default_content()
    enc = Table(
        _("id"), _("chapter"), _("name"), _("main objective"), title=_("Encounters (--encounter)")
    )
    for e in c.encounters.values():
        enc.add_row(e.id, str(e.chapter), e.name, e.main.text)
    classes = Table(_("id"), _("name"), _("HP"), _("move"), title=_("Hero classes (--party)"))
    for k in c.classes.values():
        elite = " " + _("(elite)") if k.elite else ""
        classes.add_row(k.id, k.name + elite, str(k.hp), str(k.movement))
    foes = Table(_("id"), _("name"), _("role"), title=_("Foes (info NAME tells their stats)"))
    for f in c.enemies.values():
        foes.add_row(f.id, f.name, _(f.role))
    return Group(enc, classes, foes)


def play_tactics(
    encounter: Annotated[str, typer.Option(help="encounter id (see --list)")] = "goblin_ambush",
    party: Annotated[
        str, typer.Option(help="hero classes, comma-separated (3 to 5)")
    ] = "fighter,rogue,cleric",
    ai: Annotated[
        list[str] | None,
        typer.Option(
            "--ai", help="SEAT=AGENT (random, heuristic, search[:BUDGET]; seats from 0), repeatable"
        ),
    ] = None,
    difficulty: Annotated[str, typer.Option(help="easy | normal | hard")] = "normal",
    seed: Annotated[int, typer.Option(help="random seed")] = 0,
    load: Annotated[
        Path | None, typer.Option("--load", help="continue a saved encounter (save FILE)")
    ] = None,
    pace: Annotated[float, typer.Option("--pace", help="seconds to show each AI decision")] = 0.0,
    list_encounters: Annotated[
        bool, typer.Option("--list", help="list the encounters, classes and foes, and exit")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Play an Adventure Tactics encounter in the terminal."""
    tongue = language_option(lang)
    console = Console(highlight=False)
    if list_encounters:
        with speaking(tongue):
            console.print(id_lists())
        return
    if pace < 0:
        raise fail("--pace must be 0 or more seconds, not {pace}", tongue, pace=pace)
    try:
        if load is not None:
            game = SCREEN.load(str(load))
        else:
            game = new_game(
                {"encounter": encounter, "party": party.split(","), "difficulty": difficulty},
                seed,
            )
        ais = parse_ai(ai or [], seed, len(game.observe(0)["heroes"]))
    except (ValueError, SaveError) as exc:
        raise fail_on(exc, tongue) from exc
    completer = terminal_completer(sys.stdin.isatty())
    with speaking(tongue):
        loop.play_loop(SCREEN, game, console, input, ais, completer, pace=pace)


def sim_tactics(
    encounter: Annotated[str, typer.Option(help="encounter id")] = "goblin_ambush",
    games: Annotated[int, typer.Option(help="how many games")] = 100,
    agent: Annotated[
        str, typer.Option(help="random | heuristic | search[:BUDGET] (every seat)")
    ] = "random",
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
    lang: LangOption = None,
) -> None:
    """Play many encounters with AI seats and report outcomes and speed."""
    tongue = language_option(lang)
    if games < 1:
        raise fail("--games must be 1 or more, not {games}", tongue, games=games)
    try:
        TACTICS.agents.check(agent)
    except ValueError as exc:
        raise fail_on(exc, tongue) from None
    if encounter not in default_content().encounters:
        raise typer.BadParameter(f"no encounter {encounter!r}")
    try:
        report = simulate(
            encounter,
            games,
            agent,
            seed,
            party.split(","),
            difficulty,
            workers=workers_of(workers),
            ray=ray,
            out=out_of(out),
            progress=progress_of(quiet, as_json, tongue),
        )
    except (ValueError, SaveError) as exc:
        raise fail_on(exc, tongue) from None
    if as_json:
        print(json.dumps(report))
        return
    with speaking(tongue):
        _print_report(report, encounter, agent)


def _print_report(report: dict[str, Any], encounter: str, agent: str) -> None:
    """A `sim tactics` report in the screen's language (`--json` is data: English)."""
    console = Console()
    outcomes = report["outcomes"]
    console.print(
        _("{games} games of {encounter} ({agent}):").format(
            games=report["games"], encounter=encounter, agent=agent
        )
    )
    console.print(
        _("  success {success} · +success {bonus}").format(
            success=outcomes["success"], bonus=outcomes["+success"]
        )
    )
    for cause, n in outcomes["failure"].items():
        console.print(_("  failure ({cause}) {n}").format(cause=_(cause), n=n))
    console.print(
        _("  {decisions} decisions, {rate}/s, {games} games/s, {errors} errors").format(
            decisions=report["decisions"],
            rate=report["decisions_per_second"],
            games=report["games_per_second"],
            errors=len(report["errors"]),
        )
    )
