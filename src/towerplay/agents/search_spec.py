"""The search agent's settings and their one text form, `search[:PART...]`, parsed in one place
for `--agent`, `--ai SEAT=...`, the simulator and the browser.

Parts, in any order after `search`:
- `N` — a budget of N a decision (worlds per candidate for the rollout method, iterations for
  the tree search; deterministic for a seed);
- `Xs` — a budget of X seconds a decision (at least one world or iteration; not reproducible,
  since how many fit depends on the machine);
- `heuristic` or `random` — the rollout policy;
- `dN` — roll out at most N decisions, then estimate the result (`d0`: to the end);
- `rollout` or `mcts` — the method: the rollout algorithm over the heuristic's best few actions
  (agents/search_rollout.py, the default) or information-set tree search (agents/search.py);
- `kN` — the rollout algorithm compares N candidate actions (at least 2).

`search` alone is `search:rollout:8:heuristic:k4` with the game's default depth (the setting
measured for strength, docs/agents.md); `search:mcts` alone is `search:mcts:1s:heuristic`.
"""

from __future__ import annotations

from dataclasses import dataclass

POLICIES = ("heuristic", "random")
METHODS = ("rollout", "mcts")
DEFAULT_SECONDS = 1.0  # the tree search's budget when none is given
DEFAULT_WORLDS = 8  # the rollout method's budget when none is given
UNBOUNDED = 1_000_000_000  # iterations when the budget is in seconds


@dataclass(frozen=True, slots=True)
class SearchSpec:
    """A budget (iterations or worlds, or seconds with `iterations` unbounded), a rollout policy
    and a rollout depth (0 = to the end of the game; None = the game's default)."""

    iterations: int = DEFAULT_WORLDS
    seconds: float | None = None
    rollout: str = "heuristic"
    depth: int | None = None
    method: str = "rollout"
    candidates: int | None = None  # the rollout method's candidates (None: its default)


def parse_spec(text: str) -> SearchSpec:
    """`search:8`, `search:0.5s:random`, `search:mcts:300:d20`... into a SearchSpec; raises
    ValueError saying which part is wrong."""
    name, *parts = text.strip().lower().split(":")
    if name != "search":
        raise ValueError(f"{text!r} is not a search agent (search[:8|:0.5s][:heuristic|:random])")
    iterations, rollout = UNBOUNDED, "heuristic"
    seconds: float | None = None
    depth: int | None = None
    method, candidates = "rollout", None
    budget_seen = False
    for part in parts:
        if part in POLICIES:
            rollout = part
        elif part in METHODS:
            method = part
        elif part.startswith("k") and part[1:].isdigit() and int(part[1:]) >= 2:
            candidates = int(part[1:])
        elif part.startswith("d") and part[1:].isdigit():
            depth = int(part[1:])
        elif part.isdigit() and not budget_seen and int(part) > 0:
            iterations, seconds, budget_seen = int(part), None, True
        elif part.endswith("s") and not budget_seen and _positive(part[:-1]):
            seconds, budget_seen = float(part[:-1]), True
        else:
            raise ValueError(
                f"{text!r}: {part!r} is not a budget (8 worlds, 0.5s), a rollout policy "
                f"({', '.join(POLICIES)}), a depth (d20), a method ({', '.join(METHODS)}) or "
                "a number of candidates (k4); one budget at most"
            )
    if not budget_seen and method == "mcts":
        seconds = DEFAULT_SECONDS
    elif not budget_seen:
        iterations = DEFAULT_WORLDS
    return SearchSpec(iterations, seconds, rollout, depth, method, candidates)


def _positive(text: str) -> bool:
    try:
        return 0 < float(text) < 3600
    except ValueError:
        return False
