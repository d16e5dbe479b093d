"""The Return to Dark Tower heuristic's ranking for a search (agents/rtdt/ranked.py): legal
actions only, the options a turn offers weighed, the agent's own order where a skull lands or a
hero is placed, no opinion elsewhere, and the agent's choices the same whether it is asked or
not; and the rollout method taking the heuristic's choice unweighed when the ranking offers
nothing else."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.agents.test_search import Honest, advance_to_choice, rtdt_game
from towerplay.agents.registry import RTDT_AGENTS
from towerplay.agents.rtdt.agent import HeuristicAgent
from towerplay.agents.rtdt.decisions import SKULL_KINDS
from towerplay.agents.rtdt.plan import heroic_here
from towerplay.agents.rtdt.view import View
from towerplay.agents.search_rollout import RolloutAgent
from towerplay.agents.search_spec import SearchSpec

SETUPS = [
    {"players": 1},
    {"players": 2, "expansion": "covenant"},
    {"players": 2, "mode": "competitive"},
]


def decisions(game: Any, agents: list[HeuristicAgent], rank: bool) -> Iterator[tuple[Any, Any]]:
    """Each decision with a choice, as (ranking or None, the agent's action), played on."""
    while game.to_act is not None:
        agent = agents[game.to_act]
        ranking = agent.ranked(game, 0, 4) if rank and len(game.legal_actions()) > 1 else None
        action = agent.act(game)
        yield ranking, action
        game.apply(action)


def strict_agents(seed: int, n: int) -> list[HeuristicAgent]:
    agents = [HeuristicAgent(seed * 10 + s) for s in range(n)]
    for a in agents:
        a.strict = True  # the ranking's own errors are raised, not hidden by the fallback
    return agents


@pytest.mark.parametrize("setup", SETUPS, ids=["1p", "2p-covenant", "2p-competitive"])
def test_asking_for_the_ranking_changes_none_of_the_agents_choices(setup: dict[str, Any]) -> None:
    def play(rank: bool) -> list[str]:
        game = rtdt_game(seed=4, **setup)
        agents = strict_agents(4, setup["players"])
        moves = []
        for ranking, action in decisions(game, agents, rank):
            moves.append(str(action))
            if ranking is not None:
                assert len(ranking) <= 4 and len(set(ranking)) == len(ranking)
        return moves

    assert play(rank=True) == play(rank=False)


def test_a_turn_ranking_holds_the_heroic_action_here_and_ending_the_turn() -> None:
    """At every turn decision, with room to spare (k large), the ranking offers the heroic
    action the agent values here and the end of the turn when they are legal; every action it
    offers is legal."""
    seen_heroic = seen_end = 0
    for seed in (2, 3):
        game = rtdt_game(seed=seed)
        agent = HeuristicAgent(seed)
        agent.strict = True
        while game.to_act is not None:
            legal = game.legal_actions()
            obs = game.view(0)
            turn = obs.pending is None and not (obs.battle or obs.delve or obs.trade)
            if turn and len(legal) > 1:
                ranking = agent.ranked(game, 0, 99)
                assert ranking is not None and all(a in legal for a in ranking)
                v = View(game.world, obs, 0, legal, {}, {}, {}, agent.threat_weight, {})
                value, here = heroic_here(v)
                v.once.close()
                if here is not None and value > 0:
                    assert here in ranking
                    seen_heroic += 1
                end = [a for a in legal if str(a) == "end"]
                if end:
                    assert end[0] in ranking
                    seen_end += 1
            game.apply(agent.act(game))
    assert seen_heroic > 5 and seen_end > 20  # the checks above did run


def test_skull_and_hero_rankings_start_with_the_agents_own_choice() -> None:
    checked = 0
    for seed in (1, 2, 3):
        game = rtdt_game(seed=seed, players=2)
        agents = strict_agents(seed, 2)
        while game.to_act is not None:
            agent = agents[game.to_act]
            pending = game.observe(game.to_act, told=False)["pending"]
            ranked = pending is not None and pending["kind"] in (*SKULL_KINDS, "place_hero")
            ranking = agent.ranked(game, 0, 4) if ranked else None
            action = agent.act(game)
            if ranking is not None:
                assert ranking[0] == action
                checked += 1
            game.apply(action)
    assert checked > 10


def test_battles_and_small_questions_get_no_ranking() -> None:
    """Where the agent has no ranking of its own the search decides what to compare."""
    game = rtdt_game(seed=2)
    agent = HeuristicAgent(2)
    asked = 0
    while game.to_act is not None and asked < 5:
        obs = game.observe(0, told=False)
        if obs["battle"] and len(game.legal_actions()) > 1:
            assert agent.ranked(game, 0, 4) is None
            asked += 1
        game.apply(agent.act(game))
    assert asked == 5


class Unranked:
    """A heuristic whose ranking never offers anything beside its own choice."""

    def __init__(self, seed: int) -> None:
        self.agent = HeuristicAgent(seed)

    def act(self, game: Any) -> Any:
        return self.agent.act(game)

    def ranked(self, game: Any, seed: int, k: int) -> list[Any]:
        return []


def test_with_nothing_else_to_weigh_the_rollout_method_draws_no_world() -> None:
    game = advance_to_choice(rtdt_game(players=2))
    honest = Honest(game)
    policies = {**RTDT_AGENTS.policies, "heuristic": Unranked}
    agent = RolloutAgent(1, SearchSpec(4, None, "heuristic", 5, "rollout"), policies)
    assert agent.act(honest) in game.legal_actions()
    assert honest.draws == 0
    assert "nothing else worth weighing" in agent.explain()
