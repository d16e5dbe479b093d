"""`towerplay sim campaign`: whole Adventure Tactics campaigns played by AI seats.

The batch runner is `towerplay.sim.campaign`; this module reads the options and
prints its report (one JSON object with `--json`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from towerplay.cli.common import LangOption, fail, fail_on, language_option
from towerplay.cli.lang import _, speaking
from towerplay.core.errors import ContentError
from towerplay.games import CAMPAIGN
from towerplay.sim.campaign import campaign_content, simulate


def sim_campaign(
    campaigns: Annotated[int, typer.Option(help="how many campaigns")] = 10,
    heroes: Annotated[int, typer.Option(help="party size, 3 to 5")] = 3,
    difficulty: Annotated[str, typer.Option(help="easy | normal | hard")] = "normal",
    agent: Annotated[
        str, typer.Option(help="random | heuristic | search[:BUDGET] (every seat)")
    ] = "heuristic",
    seed: Annotated[int, typer.Option(help="first seed")] = 0,
    content: Annotated[
        list[Path] | None,
        typer.Option(help="extra content folder laid over the bundled one (repeatable)"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    lang: LangOption = None,
) -> None:
    """Play many whole campaigns with AI seats; report endings, chapters, encounter
    success rates, levels and classes reached, and errors."""
    tongue = language_option(lang)
    if campaigns < 1:
        raise fail("--campaigns must be 1 or more, not {campaigns}", tongue, campaigns=campaigns)
    try:
        CAMPAIGN.agents.check(agent)
    except ValueError as exc:
        raise fail_on(exc, tongue) from None
    try:
        report = simulate(
            campaigns, heroes, difficulty, agent, seed, campaign_content(content or [])
        )
    except (ValueError, ContentError) as exc:
        raise fail_on(exc, tongue) from exc
    if as_json:
        print(json.dumps(report))
        return
    with speaking(tongue):
        _print_report(report, heroes, difficulty, agent)


def _print_report(report: dict[str, Any], heroes: int, difficulty: str, agent: str) -> None:
    """A `sim campaign` report in the screen's language (`--json` is data: English)."""
    console = Console()
    console.print(
        _("{campaigns} campaigns, {heroes} heroes, {difficulty} ({agent}):").format(
            campaigns=report["campaigns"], heroes=heroes, difficulty=_(difficulty), agent=agent
        )
    )
    for ending, n in report["endings"].items():
        console.print(f"  {_(ending)}: {n}")
    console.print(_("  {n} chapters per campaign").format(n=report["chapters_per_campaign"]))
    for enc, row in sorted(report["encounters"].items()):
        console.print(
            _("  {encounter}: {played} played, success rate {rate}").format(
                encounter=enc, played=row["played"], rate=row["success_rate"]
            )
        )
    console.print(
        _("  levels {levels} · classes {classes}").format(
            levels=report["levels"], classes=report["classes"]
        )
    )
    console.print(_("  class decks held {decks}").format(decks=report["class_decks"]))
    console.print(
        _("  {decisions} decisions, {errors} errors").format(
            decisions=report["decisions"], errors=len(report["errors"])
        )
    )
