"""Adventure Tactics benchmarks: line of sight, random-agent decisions per second, clone.

Run: .venv/bin/python benchmarks/bench_tactics.py
Targets (issue 3): sight from one square to every square of a 20x20 board with 30
walls and 10 characters <= 2 ms; every pair <= 1 s; >= 20,000 random decisions/s;
clone <= 50 us.
"""

from __future__ import annotations

import time

from towerplay.agents.random import RandomAgent
from towerplay.core.rng import Rng
from towerplay.tactics import new_game
from towerplay.tactics.content import default_content
from towerplay.tactics.grid import Geometry, line_of_sight, mask_of, visible_squares

SIZE = 20


def board(seed: int) -> tuple[Geometry, int, list[int]]:
    rng = Rng(seed)
    squares = list(range(SIZE * SIZE))
    rng.shuffle(squares)
    walls, characters = squares[:30], squares[30:40]
    return Geometry(SIZE, SIZE), mask_of(walls) | mask_of(characters), squares[40:]


def bench_sight() -> dict[str, float]:
    geo, blockers, free = board(7)
    for sq in free[:5]:  # warm the shared geometry cache once, as a running game would
        visible_squares(geo, (sq,), blockers)
    runs = 200
    t = time.perf_counter()
    for i in range(runs):
        visible_squares(geo, (free[i % len(free)],), blockers)
    one_to_all = (time.perf_counter() - t) / runs
    t = time.perf_counter()
    pairs = 0
    for a in range(SIZE * SIZE):
        for b in range(a + 1, SIZE * SIZE):
            line_of_sight(geo, (a,), (b,), blockers)
            pairs += 1
    every_pair = time.perf_counter() - t
    t = time.perf_counter()
    for a in range(SIZE * SIZE):
        visible_squares(geo, (a,), blockers)
    every_pair_masks = time.perf_counter() - t
    cold = Geometry(SIZE, SIZE)
    t = time.perf_counter()
    visible_squares(cold, (free[0],), blockers)
    first = time.perf_counter() - t
    return {
        "sight_one_to_all_ms": one_to_all * 1000,
        "sight_first_call_cold_geometry_ms": first * 1000,
        "sight_every_pair_pairwise_s": every_pair,
        "sight_every_pair_via_masks_s": every_pair_masks,
        "pairs": pairs,
    }


def bench_decisions(games: int = 60) -> dict[str, float]:
    encounters = list(default_content().encounters)
    parties = (
        ["fighter", "rogue", "cleric"],
        ["fighter", "rogue", "cleric", "wizard"],
        ["fighter", "rogue", "cleric", "wizard", "archer"],
    )
    decisions = 0
    elapsed = 0.0
    for i in range(games):
        g = new_game({"encounter": encounters[i % len(encounters)], "party": parties[i % 3]}, i)
        agent = RandomAgent(i)
        t = time.perf_counter()
        while g.result is None:
            g.apply(agent.act(g))
            decisions += 1
        elapsed += time.perf_counter() - t
    return {"random_decisions": decisions, "random_decisions_per_second": decisions / elapsed}


def bench_clone() -> dict[str, float]:
    g = new_game(
        {"encounter": "goblin_ambush", "party": ["fighter", "rogue", "cleric", "wizard", "archer"]},
        3,
    )
    agent = RandomAgent(3)
    for _ in range(40):
        g.apply(agent.act(g))
    runs = 20_000
    t = time.perf_counter()
    for _ in range(runs):
        g.clone()
    clone = (time.perf_counter() - t) / runs
    t = time.perf_counter()
    for _ in range(2_000):
        g.determinize(0, 5)
    det = (time.perf_counter() - t) / 2_000
    return {"clone_us": clone * 1e6, "determinize_us": det * 1e6, "units": len(g.s.units)}


def main() -> None:
    results = {**bench_sight(), **bench_decisions(), **bench_clone()}
    print("Adventure Tactics benchmarks")
    print(
        f"  line of sight, one square to every square (20x20, 30 walls, 10 characters): {results['sight_one_to_all_ms']:.2f} ms  (target <= 2 ms)"
    )
    print(
        f"    first call on a cold geometry cache: {results['sight_first_call_cold_geometry_ms']:.1f} ms"
    )
    print(
        f"  line of sight, every pair ({int(results['pairs'])} pairs) pairwise: {results['sight_every_pair_pairwise_s']:.2f} s; via per-square masks: {results['sight_every_pair_via_masks_s']:.2f} s  (target <= 1 s)"
    )
    print(
        f"  random agents: {int(results['random_decisions'])} decisions, {results['random_decisions_per_second']:.0f} decisions/s  (target >= 20,000)"
    )
    print(
        f"  clone: {results['clone_us']:.1f} us with {int(results['units'])} characters  (target <= 50 us); determinize {results['determinize_us']:.1f} us"
    )


if __name__ == "__main__":
    main()
