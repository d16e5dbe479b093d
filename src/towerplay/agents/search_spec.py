"""The search agent's settings and their one text form, `search[:PART...]`, parsed in one place
for `--agent`, `--ai SEAT=...`, the simulator and the browser.

Parts, in any order after `search`:
- `N` — a budget of N iterations a decision (deterministic for a seed);
- `Xs` — a budget of X seconds a decision (at least one iteration; not reproducible, since
  how many iterations fit depends on the machine);
- `heuristic` or `random` — the rollout policy;
- `dN` — roll out at most N decisions, then estimate the result (`d0`: to the end);
- `mcts` or `rollout` — the method: tree search (agents/search.py, the default) or the rollout
  algorithm (agents/search_rollout.py), whose budget N is N worlds per candidate;
- `kN` — the rollout algorithm compares N candidate actions (at least 2).

`search` alone is `search:1s:heuristic` with the game's default depth.
"""

from __future__ import annotations

from dataclasses import dataclass

POLICIES = ("heuristic", "random")
METHODS = ("mcts", "rollout")
DEFAULT_SECONDS = 1.0
UNBOUNDED = 1_000_000_000  # iterations when the budget is in seconds


@dataclass(frozen=True, slots=True)
class SearchSpec:
    """A budget (iterations, or seconds with `iterations` unbounded), a rollout policy and a
    rollout depth (0 = to the end of the game; None = the game's default)."""

    iterations: int = UNBOUNDED
    seconds: float | None = DEFAULT_SECONDS
    rollout: str = "heuristic"
    depth: int | None = None
    method: str = "mcts"
    candidates: int | None = None  # the rollout method's candidates (None: its default)


def parse_spec(text: str) -> SearchSpec:
    """`search:200`, `search:0.5s:random`, `search:300:d20`... into a SearchSpec; raises
    ValueError saying which part is wrong."""
    name, *parts = text.strip().lower().split(":")
    if name != "search":
        raise ValueError(f"{text!r} is not a search agent (search[:200|:0.5s][:heuristic|:random])")
    iterations, rollout = UNBOUNDED, "heuristic"
    seconds: float | None = DEFAULT_SECONDS
    depth: int | None = None
    method, candidates = "mcts", None
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
                f"{text!r}: {part!r} is not a budget (200 iterations, 0.5s), a rollout policy "
                f"({', '.join(POLICIES)}), a depth (d20), a method ({', '.join(METHODS)}) or "
                "a number of candidates (k4); one budget at most"
            )
    return SearchSpec(iterations, seconds, rollout, depth, method, candidates)


def _positive(text: str) -> bool:
    try:
        return 0 < float(text) < 3600
    except ValueError:
        return False
