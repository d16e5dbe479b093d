"""The agents by name, per game: what `--agent` and `--ai SEAT=NAME` choose from."""

from __future__ import annotations

from collections.abc import Callable

from towerplay.agents import Agent
from towerplay.agents.heuristic import HeuristicAgent
from towerplay.agents.heuristic_campaign import HeuristicCampaignAgent
from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.agents.random import RandomAgent

AGENTS: dict[str, dict[str, Callable[[int], Agent]]] = {
    "rtdt": {"random": RandomAgent, "heuristic": HeuristicAgent},
    "tactics": {"random": RandomAgent, "heuristic": HeuristicTacticsAgent},
    "campaign": {"random": RandomAgent, "heuristic": HeuristicCampaignAgent},
}


def check_agent(game: str, name: str) -> None:
    """Raise ValueError naming the agents of `game` when `name` is not one of them."""
    if name not in AGENTS[game]:
        raise ValueError(f"unknown agent {name!r}; agents: {', '.join(AGENTS[game])}")


def make_agent(game: str, name: str, seed: int) -> Agent:
    """A fresh agent for `game` ("rtdt", "tactics" or "campaign") seeded with `seed`."""
    check_agent(game, name)
    return AGENTS[game][name](seed)
