"""`towerplay sim campaign`: whole campaigns on the fixture Guide, what it prints is what
`simulate` returns."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.tactics.campaign.guide_fixture import FOLDERS, guide_content
from towerplay.agents.heuristic_campaign import HeuristicCampaignAgent
from towerplay.cli.main import app
from towerplay.games import make_agent
from towerplay.sim.campaign import simulate

ENDINGS = {"The Dawn Ending", "The Ashen Ending"}


def test_simulate_reports_endings_chapters_encounters_levels_and_classes() -> None:
    report = simulate(6, 4, "normal", "heuristic", 3, guide_content())
    assert report["errors"] == []
    assert sum(report["endings"].values()) == 6 and set(report["endings"]) <= ENDINGS
    assert report["chapters_per_campaign"] >= 3
    for row in report["encounters"].values():
        assert row["played"] == row["success"] + row["+success"] + row["failure"]
        assert 0 <= row["success_rate"] <= 1
    assert sum(report["levels"].values()) == 24 and sum(report["classes"].values()) == 24
    assert sum(report["class_decks"].values()) >= 24 and set(report["classes"]) <= set(
        report["class_decks"]
    )


def test_random_agents_and_bad_options() -> None:
    report = simulate(4, 3, "hard", "random", 0, guide_content())
    assert report["errors"] == [] and sum(report["endings"].values()) == 4
    with pytest.raises(ValueError, match="unknown agent"):
        simulate(1, 3, "normal", "genius", 0, guide_content())
    with pytest.raises(ValueError, match="campaigns must be 1 or more"):
        simulate(0, 3, "normal", "random", 0, guide_content())
    with pytest.raises(ValueError, match="3 to 5 heroes"):
        simulate(1, 7, "normal", "random", 0, guide_content())
    with pytest.raises(ValueError, match="difficulty"):
        simulate(1, 3, "brutal", "random", 0, guide_content())
    assert isinstance(make_agent("campaign", "heuristic", 1), HeuristicCampaignAgent)


def test_the_cli_prints_what_simulate_returns() -> None:
    folders = [arg for f in FOLDERS for arg in ("--content", str(f))]
    args = ["sim", "campaign", "--campaigns", "2", "--heroes", "3", "--seed", "1", *folders]
    out = CliRunner().invoke(app, [*args, "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    expected = simulate(2, 3, "normal", "heuristic", 1, guide_content())
    for key in ("endings", "encounters", "levels", "classes", "class_decks", "decisions", "errors"):
        assert report[key] == expected[key]
    text = CliRunner().invoke(app, args)
    assert text.exit_code == 0 and "chapters per campaign" in text.output
    bad = CliRunner().invoke(app, [*args, "--agent", "genius"])
    assert bad.exit_code == 2 and "random, heuristic" in bad.output
