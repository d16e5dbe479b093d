"""The agents by name, per game: what `--agent` and `--ai SEAT=NAME` choose from.

A name may carry settings after a colon: `search:8`, `search:0.5s:random` (the search agent's
budget and rollout policy, agents/search_spec.py); `check_agent` and `make_agent` are the one
place such a name is read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from towerplay.agents import Agent
from towerplay.agents.heuristic import HeuristicAgent
from towerplay.agents.heuristic_campaign import HeuristicCampaignAgent
from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.agents.random import RandomAgent
from towerplay.agents.search import SearchAgent
from towerplay.agents.search_estimate import rtdt_estimate, tactics_estimate
from towerplay.agents.search_rollout import RolloutAgent
from towerplay.agents.search_spec import SearchSpec, parse_spec

POLICIES: dict[str, dict[str, Callable[[int], Agent]]] = {
    "rtdt": {"random": RandomAgent, "heuristic": HeuristicAgent},
    "tactics": {"random": RandomAgent, "heuristic": HeuristicTacticsAgent},
    "campaign": {"random": RandomAgent, "heuristic": HeuristicCampaignAgent},
}
# How far a rollout goes before the result is estimated (0: to the end), and the estimate
# (agents/search_estimate.py). A whole game is too long to roll out many times in a second, so
# rollouts stop after about a turn or a round and the seat's view is judged.
DEPTH = {"rtdt": 30, "tactics": 20, "campaign": 20}
ESTIMATE: dict[str, Callable[[Any, int], float]] = {
    "rtdt": rtdt_estimate,
    "tactics": tactics_estimate,
    "campaign": tactics_estimate,
}

# How many standard errors of the paired differences another action must lead the heuristic's
# by before the rollout method takes it (agents/search_rollout.py `choose`).
CONFIDENCE = {"rtdt": 2.0, "tactics": 1.0, "campaign": 1.0}


def search_agent(game: str, seed: int, spec: SearchSpec | None = None) -> Agent:
    """The search agent for `game` (tree search, or the rollout algorithm when the spec says
    `rollout`), its rollouts by that game's own agents."""
    spec = spec or SearchSpec()
    if spec.depth is None:
        spec = replace(spec, depth=DEPTH[game])
    if spec.method == "rollout":
        return RolloutAgent(seed, spec, POLICIES[game], ESTIMATE[game], CONFIDENCE[game])
    return SearchAgent(seed, spec, POLICIES[game], ESTIMATE[game])


AGENTS: dict[str, dict[str, Callable[[int], Agent]]] = {
    game: {**policies, "search": partial(search_agent, game)} for game, policies in POLICIES.items()
}


def check_agent(game: str, name: str) -> None:
    """Raise ValueError naming the agents of `game` when `name` is not one of them (or its
    settings after a colon are wrong)."""
    base = name.partition(":")[0]
    if base not in AGENTS[game] or (base != name and base != "search"):
        raise ValueError(
            f"unknown agent {name!r}; agents: {', '.join(AGENTS[game])} "
            "(search takes a budget and a rollout policy: search:8, search:0.5s:random)"
        )
    if base == "search":
        parse_spec(name)


def make_agent(game: str, name: str, seed: int) -> Agent:
    """A fresh agent for `game` ("rtdt", "tactics" or "campaign") seeded with `seed`."""
    check_agent(game, name)
    if name.partition(":")[0] == "search":
        return search_agent(game, seed, parse_spec(name))
    return AGENTS[game][name](seed)
