"""What `observe(seat)` costs, in microseconds per call (docs/observe.md).

    taskset -c 0 .venv/bin/python benchmarks/bench_observe.py [games]

For one player, four players, and four players with Covenant, seeded random games are
played to the end; at every decision the seat to act observes twice. The first call is
what an agent pays at each decision (the state moved since the last one), the second
what a screen pays to redraw a state it already showed. The median and mean of each over
all decisions are printed. Only the public API is used, so the same file measures an
older checkout too: `PYTHONPATH=/path/to/old/src .venv/bin/python benchmarks/...`.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from towerplay.agents.random import RandomAgent
from towerplay.rtdt.game import new_game

TABLES = (("1p", 1, ""), ("4p", 4, ""), ("4p covenant", 4, "covenant"))


def calls(players: int, expansion: str, games: int) -> tuple[list[float], list[float]]:
    """Microseconds of the first and of a repeated `observe` at every decision."""
    first: list[float] = []
    again: list[float] = []
    clock = time.perf_counter
    for seed in range(games):
        g = new_game(players=players, seed=seed, expansion=expansion)
        agent = RandomAgent(seed)
        while g.to_act is not None:
            seat = g.to_act
            g.legal_actions()  # the agent has asked for them already
            t0 = clock()
            g.observe(seat)
            t1 = clock()
            g.observe(seat)
            t2 = clock()
            first.append((t1 - t0) * 1e6)
            again.append((t2 - t1) * 1e6)
            g.apply(agent.act(g))
    return first, again


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    out: dict[str, object] = {}
    for name, players, expansion in TABLES:
        first, again = calls(players, expansion, games)
        out[name] = {
            "decisions": len(first),
            "first_call_us_median": round(statistics.median(first), 1),
            "first_call_us_mean": round(statistics.fmean(first), 1),
            "repeat_call_us_median": round(statistics.median(again), 1),
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
