"""Property tests: seeded games played to the end, invariants after every action."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rtdt.invariants import CarefulAgent, play_checked
from towerplay.agents.random import RandomAgent
from towerplay.rtdt.game import new_game

CAUSES = {
    "empty skull supply",
    "third corruption",
    "fourth corruption",  # the Undaunted Aegis (COV-AEGIS-6)
    "the sixth month ended",
    "the adversary was defeated",
}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), careful=st.booleans())
def test_games_keep_every_invariant(seed: int, players: int, careful: bool) -> None:
    g = new_game(players=players, seed=seed)
    agent = CarefulAgent(seed) if careful else RandomAgent(seed)
    play_checked(g, agent)
    assert g.result is not None and g.result.cause in CAUSES
    assert g.state.month <= 6


def test_careful_games_live_into_the_later_months() -> None:
    months: Counter[int] = Counter()
    for seed in range(40):
        g = new_game(players=1 + seed % 4, seed=seed)
        play_checked(g, CarefulAgent(seed))
        months[g.state.month] += 1
    assert max(months) >= 4, months


@pytest.mark.soak
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_soak_500_games_per_player_count(players: int) -> None:
    causes: Counter[str] = Counter()
    for seed in range(500):
        agent = CarefulAgent(seed) if seed % 2 else RandomAgent(seed)
        g = new_game(players=players, seed=seed)
        play_checked(g, agent)
        causes[g.result.cause] += 1  # type: ignore[union-attr]
    assert sum(causes.values()) == 500
    assert set(causes) <= CAUSES


@pytest.mark.soak
@pytest.mark.parametrize("difficulty", ["heroic", "gritty"])
def test_soak_500_heuristic_games(difficulty: str) -> None:
    from towerplay.agents.heuristic import HeuristicAgent

    causes: Counter[str] = Counter()
    for seed in range(250):
        g = new_game(players=1 + seed % 4, seed=seed, difficulty=difficulty)
        play_checked(g, HeuristicAgent(seed))
        causes[g.result.cause] += 1  # type: ignore[union-attr]
    assert sum(causes.values()) == 250
    assert set(causes) <= CAUSES | {"the adversary was defeated"}
    assert causes["the adversary was defeated"] > 0


@pytest.mark.soak
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_soak_500_competitive_games(agent: str) -> None:
    """250 seeded competitive games per agent (500 in all), invariants after every action."""
    from towerplay.agents.heuristic import HeuristicAgent

    causes: Counter[str] = Counter()
    for seed in range(250):
        g = new_game(players=2 + seed % 3, seed=seed, mode="competitive")
        player = HeuristicAgent(seed) if agent == "heuristic" else RandomAgent(seed)
        play_checked(g, player)
        causes[g.result.cause] += 1  # type: ignore[union-attr]
    assert sum(causes.values()) == 250
    assert set(causes) <= {
        "the relic was found",
        "the last hero standing",
        "every hero was eliminated; nobody wins",
        "the sixth month ended",
    }
    if agent == "heuristic":
        assert causes["the relic was found"] > 100, causes


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), careful=st.booleans())
def test_covenant_games_keep_every_invariant(seed: int, players: int, careful: bool) -> None:
    """Covenant on: skulls and doom skulls each conserved, offerings at most 3, no doom skull
    leaves a standing building (tests/rtdt/invariants.py)."""
    g = new_game(players=players, seed=seed, expansion="covenant")
    agent = CarefulAgent(seed) if careful else RandomAgent(seed)
    play_checked(g, agent)
    assert g.result is not None and g.result.cause in CAUSES


@pytest.mark.soak
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_soak_500_covenant_games(agent: str) -> None:
    """500 seeded Covenant games per agent, 1-4 players, invariants after every action."""
    from towerplay.agents.heuristic import HeuristicAgent

    causes: Counter[str] = Counter()
    built = 0
    for seed in range(500):
        g = new_game(players=1 + seed % 4, seed=seed, expansion="covenant")
        if agent == "heuristic":
            player = HeuristicAgent(seed)
        else:
            player = CarefulAgent(seed) if seed % 2 else RandomAgent(seed)
        play_checked(g, player)
        causes[g.result.cause] += 1  # type: ignore[union-attr]
        built += sum(1 for x in g.state.cov.sites if x.status != "foundation")  # type: ignore[union-attr]
    assert sum(causes.values()) == 500
    assert set(causes) <= CAUSES
    if agent == "heuristic":
        assert causes["the adversary was defeated"] > 0, causes
        assert built > 0, "the heuristic agent never completed a monument"
