"""The agents of each game by name: what `--agent` and `--ai SEAT=NAME` choose from.

Each game has one `AgentSet` (its policies by name, and how its search agent is tuned);
`towerplay.games` gives it to the game's spec, so a screen, a simulation or an environment
seats an AI through the game it plays, never by the game's name. A name may carry settings
after a colon: `search:8`, `search:0.5s:random` (the search agent's budget and rollout
policy, search_spec.py); `AgentSet.check` and `AgentSet.make` are the one place such a
name is read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
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

SEARCH = "search"


@dataclass(frozen=True)
class AgentSet:
    """One game's agents: `policies` play by rule of thumb or at random; the search agent
    rolls them out `depth` decisions (0: to the end) and judges the seat's view with
    `estimate`; its rollout method takes another action only when it leads the heuristic's
    by `confidence` standard errors of the paired differences (search_rollout.py)."""

    policies: Mapping[str, Callable[[int], Agent]]
    depth: int
    estimate: Callable[[Any, int], float]
    confidence: float

    @property
    def names(self) -> tuple[str, ...]:
        """Every agent name a player may give, the search agent last."""
        return (*self.policies, SEARCH)

    def check(self, name: str) -> None:
        """Raise ValueError naming the agents when `name` is not one of them (or its
        settings after a colon are wrong)."""
        base = name.partition(":")[0]
        if base not in self.names or (base != name and base != SEARCH):
            raise ValueError(
                f"unknown agent {name!r}; agents: {', '.join(self.names)} "
                "(search takes a budget and a rollout policy: search:8, search:0.5s:random)"
            )
        if base == SEARCH:
            parse_spec(name)

    def make(self, name: str, seed: int) -> Agent:
        """A fresh agent called `name`, seeded with `seed`."""
        self.check(name)
        if name.partition(":")[0] == SEARCH:
            return self.search(seed, parse_spec(name))
        return self.policies[name](seed)

    def search(self, seed: int, spec: SearchSpec | None = None) -> Agent:
        """The search agent (tree search, or the rollout algorithm when the spec says
        `rollout`), its rollouts by this game's own policies."""
        spec = spec or SearchSpec()
        if spec.depth is None:
            spec = replace(spec, depth=self.depth)
        if spec.method == "rollout":
            return RolloutAgent(seed, spec, dict(self.policies), self.estimate, self.confidence)
        return SearchAgent(seed, spec, dict(self.policies), self.estimate)


# A whole game is too long to roll out many times in a second, so rollouts stop after about
# a turn (Return to Dark Tower) or a round (Adventure Tactics) and the seat's view is judged.
RTDT_AGENTS = AgentSet({"random": RandomAgent, "heuristic": HeuristicAgent}, 30, rtdt_estimate, 2.0)
TACTICS_AGENTS = AgentSet(
    {"random": RandomAgent, "heuristic": HeuristicTacticsAgent}, 20, tactics_estimate, 1.0
)
CAMPAIGN_AGENTS = AgentSet(
    {"random": RandomAgent, "heuristic": HeuristicCampaignAgent}, 20, tactics_estimate, 1.0
)
