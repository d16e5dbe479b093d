"""What an AI seat of a table may think with, a decision at a time: a server shares its
cores between every table, so a table's search agent gets a bounded budget (docs/web.md);
`towerplay sim` and the terminal take any.
"""

from __future__ import annotations

from towerplay.agents.registry import SEARCH
from towerplay.agents.search_spec import parse_spec

MAX_AI_SECONDS = 2.0
MAX_AI_ITERATIONS = 400
MAX_AI_DEPTH = 100


def check_budget(agent: str) -> None:
    """Refuse (ValueError) a search agent whose budget a server does not give: more than
    MAX_AI_SECONDS or MAX_AI_ITERATIONS a decision, or rollouts deeper than MAX_AI_DEPTH
    (0, to the game's end, included)."""
    if len(agent) > 60:
        raise ValueError("an agent's name and settings take at most 60 characters")
    if agent.partition(":")[0] != SEARCH:
        return
    spec = parse_spec(agent)
    if spec.seconds is not None and spec.seconds > MAX_AI_SECONDS:
        raise ValueError(f"{agent}: a table's AI thinks at most {MAX_AI_SECONDS:g}s a decision")
    if spec.seconds is None and spec.iterations > MAX_AI_ITERATIONS:
        raise ValueError(f"{agent}: a table's AI takes at most {MAX_AI_ITERATIONS} iterations")
    if spec.depth is not None and not 0 < spec.depth <= MAX_AI_DEPTH:
        raise ValueError(f"{agent}: a table's AI rolls out at most {MAX_AI_DEPTH} decisions")
