"""`sim` on one worker and on every core: the same games, the speed-up.

Run: .venv/bin/python benchmarks/bench_sim.py [--games 200] [--rounds 3] [--ray]
     [--agent random --players 1]   (games of a few milliseconds: what sending games costs)
Target (issue 14): `--workers 2` at least 1.8x `--workers 1` on a two-core machine, and the
same on a local Ray of as many CPUs (`--ray`, needs the `ray` extra; Ray is started before
the clock runs, as a cluster would be). The runs alternate (1, 2, Ray, 1, 2, Ray...) so that
a noisy machine hurts them alike; the figures are the medians; `seconds` lists every run.
Short runs scatter (2026-12-03, four-player heuristic games, 200-600 a run: Ray x1.64-1.77,
the pool x1.86-1.98, single runs 20% apart); 2,000 games: Ray x1.96, the pool x1.95. A
Ray's first run also starts its workers (they import towerplay and load the content).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from towerplay.rtdt.options import RtdtOptions
from towerplay.sim import simulate_rtdt


def timed(
    games: int, workers: int, ray: str | None = None, agent: str = "heuristic", players: int = 4
) -> tuple[float, dict]:
    start = time.perf_counter()
    report = simulate_rtdt(
        games, agent, 1, RtdtOptions(players=players, difficulty="heroic"), workers=workers, ray=ray
    )
    return time.perf_counter() - start, report


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--ray", action="store_true", help="also a local Ray of --workers CPUs")
    ap.add_argument("--agent", default="heuristic", help="random: games of a few milliseconds")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    runs: list[tuple[int, str | None, list[float]]] = [(1, None, []), (args.workers, None, [])]
    if args.ray:
        import ray

        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
        runs.append((1, "local", []))
    results = set()
    for _ in range(args.rounds):
        for workers, address, into in runs:
            seconds, report = timed(args.games, workers, address, args.agent, args.players)
            into.append(seconds)
            results.add(json.dumps(report["results"], sort_keys=True))
    one = statistics.median(runs[0][2])
    out = {
        "games": args.games,
        "players": args.players,
        "agent": args.agent,
        "workers_1_games_per_second": round(args.games / one, 1),
    }
    many = statistics.median(runs[1][2])
    out[f"workers_{args.workers}_games_per_second"] = round(args.games / many, 1)
    out["speedup"] = round(one / many, 2)
    if args.ray:
        on_ray = statistics.median(runs[2][2])
        out[f"ray_{args.workers}_cpus_games_per_second"] = round(args.games / on_ray, 1)
        out["ray_speedup"] = round(one / on_ray, 2)
    out["same_games"] = len(results) == 1
    # each run's seconds, in the order run: Ray's first includes starting its workers
    out["seconds"] = {
        ("ray" if address else f"workers_{w}"): [round(x, 2) for x in r] for w, address, r in runs
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
