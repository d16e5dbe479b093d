"""The rollout algorithm (agents/search_rollout.py): read from `search:rollout...`, planning only
on `determinize`, the heuristic's choice kept unless another clearly leads, the same worlds for
every candidate, and a ranking from the Tactics heuristic that leaves its own choices alone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.agents.test_search import Honest, advance_to_choice, kill_position, rtdt_game
from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.agents.random import RandomAgent
from towerplay.agents.search_estimate import tactics_estimate
from towerplay.agents.search_rollout import MARGIN, RolloutAgent, choose
from towerplay.agents.search_spec import UNBOUNDED, SearchSpec, parse_spec
from towerplay.core.notation import parse
from towerplay.games import GAMES, make_agent
from towerplay.tactics import new_game as new_tactics


def test_parse_spec_reads_the_method_and_the_candidates() -> None:
    assert parse_spec("search:rollout:8:k3") == SearchSpec(8, None, "heuristic", None, "rollout", 3)
    assert parse_spec("search:rollout") == parse_spec("search") == SearchSpec()
    assert parse_spec("search:0.5s:rollout").seconds == 0.5
    assert parse_spec("search:0.5s").iterations == UNBOUNDED
    assert parse_spec("search:rollout").iterations == 8  # the budget measured for strength
    for bad in ("search:rollout:k1", "search:rollout:k", "search:tree"):
        with pytest.raises(ValueError):
            parse_spec(bad)
    for game in GAMES:
        GAMES[game].agents.check("search:rollout:0.5s")
        assert isinstance(make_agent(game, "search:rollout:2", 1), RolloutAgent)


def test_rollout_never_clones_or_moves_the_real_game() -> None:
    for kind, game in (
        ("rtdt", advance_to_choice(rtdt_game(players=2))),
        ("rtdt", advance_to_choice(rtdt_game(players=2, mode="competitive"))),
        ("rtdt", advance_to_choice(rtdt_game(expansion="covenant"))),
        ("tactics", new_tactics({"encounter": "bog_spawn", "difficulty": "hard"}, 2)),
    ):
        before = (game.state_hash(), game.to_json())
        honest = Honest(game)
        agent = make_agent(kind, "search:rollout:3:k2:d5", 1)
        choice = agent.act(honest)
        assert choice in game.legal_actions()
        assert honest.draws >= 3 * 2  # a world for each candidate in each of the three
        assert (game.state_hash(), game.to_json()) == before  # the real RNG untouched too


def test_same_seed_and_budget_give_the_same_choice() -> None:
    game = new_tactics({"encounter": "toll_road"}, 4)
    a, b = (make_agent("tactics", "search:rollout:2:d6", 9) for _ in range(2))
    assert a.act(game) == b.act(game)
    assert a.explain() == b.explain()  # type: ignore[attr-defined]
    assert "— worlds: 2; " in a.explain()  # type: ignore[attr-defined]


def test_the_heuristics_choice_stays_unless_another_clearly_leads() -> None:
    keep, other = parse("end"), parse("play backstab")
    assert choose({keep: [0.5, 0.5], other: [0.5 + MARGIN / 2] * 2}, keep) == keep  # too small
    assert choose({keep: [0.0, 1.0, 0.0], other: [1.0, 0.0, 0.3]}, keep) == keep  # noise
    assert choose({keep: [0.4, 0.5, 0.6], other: [0.6, 0.7, 0.8]}, keep) == other
    assert choose({keep: [0.0], other: [1.0]}, keep) == keep  # one world tells nothing
    # a lead of 1.7 standard errors: enough at the default confidence, not at 2
    leads = {keep: [0.5] * 4, other: [0.5, 0.5, 0.8, 0.8]}
    assert choose(leads, keep) == other and choose(leads, keep, 2.0) == keep


def test_every_candidate_meets_the_same_worlds() -> None:
    """Two equal candidates (the same action twice under two names is impossible, so the same
    candidate played twice) get the same value in each world: the worlds and the rollout
    policy's seed are the world's, not drawn per candidate."""
    game = new_tactics({"encounter": "bog_spawn", "difficulty": "hard"}, 3)
    agent = make_agent("tactics", "search:rollout:1:d15", 2)
    assert isinstance(agent, RolloutAgent)
    action = game.legal_actions()[0]
    values = {agent.playout(game, 0, action, seed) for seed in (7, 7, 7)}
    assert len(values) == 1
    spread = {agent.playout(game, 0, action, seed) for seed in range(1, 9)}
    assert len(spread) > 1  # and the worlds do differ


def test_rollout_finds_the_winning_card_a_random_policy_misses() -> None:
    """With the random policy as its base and every legal action a candidate, rollouts find
    the kill that the base policy plays only by chance."""
    poor = {"heuristic": RandomAgent, "random": RandomAgent}
    legal = kill_position().legal_actions()
    spec = SearchSpec(12, None, "random", 6, "rollout", len(legal))
    picks = [
        str(RolloutAgent(s, spec, poor, tactics_estimate).act(kill_position())) for s in range(3)
    ]
    assert picks == ["play backstab"] * 3


def test_ranking_leaves_the_heuristics_choices_alone() -> None:
    """Asking the Tactics heuristic for its ranking before each of its moves changes none of
    them, and the ranking holds legal actions only."""

    def play(rank: bool) -> list[str]:
        game = new_tactics({"encounter": "bog_spawn", "difficulty": "hard"}, 5)
        agents = [HeuristicTacticsAgent(s) for s in range(3)]
        moves: list[str] = []
        while game.to_act is not None and len(moves) < 60:
            agent = agents[game.to_act]
            if rank:
                ranked = agent.ranked(game, 11, 3)
                legal = game.legal_actions()
                assert 1 <= len(ranked) <= 3 and all(a in legal for a in ranked)
            action = agent.act(game)
            moves.append(str(action))
            game.apply(action)
        return moves

    assert play(rank=True) == play(rank=False)


def test_the_terminal_shows_why_a_rollout_seat_moved() -> None:
    from tests.cli.scripted import play
    from towerplay.cli import tactics as cli_tactics

    ai: dict[int, Any] = {1: make_agent("tactics", "search:rollout:1:k2:d2", 1)}
    _, out = play(cli_tactics.SCREEN, new_tactics({}, 2), ["1"] * 60, ai=ai, clear_screen=False)
    assert "— worlds: 1; " in out and "1 worlds" not in out  # a count after its label
