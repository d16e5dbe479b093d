"""Batch simulation as a library: what `towerplay sim` prints is what `simulate` returns."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import towerplay.games.rtdt as games_rtdt
from towerplay.agents.heuristic import HeuristicAgent
from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.agents.random import RandomAgent
from towerplay.cli.main import app
from towerplay.games import make_agent
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.options import RtdtOptions
from towerplay.rtdt.state import Config
from towerplay.sim import simulate_rtdt, simulate_tactics

SPEED = ("decisions_per_second", "games_per_second")


def steady(report: dict[str, Any]) -> dict[str, Any]:
    """The report without the timings, which differ from run to run."""
    return {k: v for k, v in report.items() if k not in SPEED}


def test_make_agent_picks_each_games_agents_by_name() -> None:
    assert isinstance(make_agent("rtdt", "heuristic", 1), HeuristicAgent)
    assert isinstance(make_agent("tactics", "heuristic", 1), HeuristicTacticsAgent)
    assert isinstance(make_agent("tactics", "random", 1), RandomAgent)
    with pytest.raises(ValueError, match="unknown agent 'genius'; agents: random, heuristic"):
        make_agent("rtdt", "genius", 1)


def test_the_sim_commands_print_what_simulate_returns() -> None:
    out = CliRunner().invoke(
        app, ["sim", "rtdt", "--games", "2", "--players", "2", "--seed", "5", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert steady(json.loads(out.output)) == steady(
        simulate_rtdt(2, "random", 5, RtdtOptions(players=2, difficulty="heroic"))
    )
    out = CliRunner().invoke(
        app, ["sim", "tactics", "--encounter", "blob_king", "--games", "2", "--json"]
    )
    assert out.exit_code == 0, out.output
    party = ["fighter", "rogue", "cleric"]
    assert steady(json.loads(out.output)) == steady(
        simulate_tactics("blob_king", 2, "random", 0, party, "normal")
    )


@pytest.mark.parametrize("games", [0, -3])
def test_simulate_refuses_no_games(games: int) -> None:
    with pytest.raises(ValueError, match="games must be 1 or more"):
        simulate_rtdt(games, "random", 0, RtdtOptions(players=1, difficulty="heroic"))
    with pytest.raises(ValueError, match="games must be 1 or more"):
        simulate_tactics("goblin_ambush", games, "random", 0, ["fighter"], "normal")


def test_simulate_refuses_an_unknown_agent_before_playing() -> None:
    with pytest.raises(ValueError, match="unknown agent"):
        simulate_rtdt(1, "genius", 0, RtdtOptions(players=1, difficulty="heroic"))
    with pytest.raises(ValueError, match="unknown agent"):
        simulate_tactics("goblin_ambush", 1, "genius", 0, ["fighter"], "normal")


def test_sim_records_a_broken_game_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    real = games_rtdt.new_game

    def flaky(config: Config | None = None) -> RtdtGame:
        if config is not None and config.seed == 6:
            raise RuntimeError("boom")
        return real(config)

    monkeypatch.setattr(games_rtdt, "new_game", flaky)
    report = simulate_rtdt(3, "random", 5, RtdtOptions(players=1, difficulty="heroic"))
    assert report["errors"] == [{"seed": 6, "error": "RuntimeError: boom"}]
    assert sum(n for causes in report["results"].values() for n in causes.values()) == 2
