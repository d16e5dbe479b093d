"""`sim` on one worker and on every core: the same games, the speed-up.

Run: .venv/bin/python benchmarks/bench_sim.py [--games 200] [--rounds 3]
Target (issue 14): `--workers 2` at least 1.8x `--workers 1` on a two-core machine. The
runs alternate (1, 2, 1, 2, ...) so that a noisy machine hurts both alike; the figures are
the medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from towerplay.sim import simulate_rtdt


def timed(games: int, workers: int) -> tuple[float, dict]:
    start = time.perf_counter()
    report = simulate_rtdt(games, 4, "heuristic", 1, "heroic", workers=workers)
    return time.perf_counter() - start, report


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    one, many = [], []
    results = set()
    for _ in range(args.rounds):
        for workers, into in ((1, one), (args.workers, many)):
            seconds, report = timed(args.games, workers)
            into.append(seconds)
            results.add(json.dumps(report["results"], sort_keys=True))
    a, b = statistics.median(one), statistics.median(many)
    print(json.dumps({
        "games": args.games, "players": 4, "agent": "heuristic",
        "workers_1_games_per_second": round(args.games / a, 1),
        f"workers_{args.workers}_games_per_second": round(args.games / b, 1),
        "speedup": round(a / b, 2),
        "same_games": len(results) == 1,
    }))


if __name__ == "__main__":
    main()
