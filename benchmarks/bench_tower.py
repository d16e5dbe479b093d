"""Figures of the designed Tower skull model (docs/tower.md quotes them).

    .venv/bin/python benchmarks/bench_tower.py [runs]

Prints, for 12/9/6/3/0 seals on (the removed ones chosen at random per run):
mean skulls out per drop over a game's first 40 drops from an empty Tower, over
drops 41-400 (the long run), and skulls inside after 40 drops; then a game-like
run (one drop per turn and the Tower stirring every third turn) and how bursty
the output is; then the cost of drop_skull in microseconds. Fixed seeds: the output is reproducible.
"""

from __future__ import annotations

import sys
import time

from towerplay.core.rng import Rng, seed_state
from towerplay.rtdt.tower import N_SEALS, Tower, drop_skull, new_tower, stir

GAME_DROPS = 40
LONG_DROPS = 400


def tower_with_seals(rng: Rng, seals_on: int) -> Tower:
    t = new_tower()
    cells = list(range(N_SEALS))
    rng.shuffle(cells)
    for i in cells[: N_SEALS - seals_on]:
        t.seals[i] = False
    return t


def fixed_seals(seals_on: int, runs: int) -> tuple[float, float, float, float]:
    """(mean out/drop in drops 1-40, mean out/drop in drops 41-400, mean inside
    after 40, max inside ever)."""
    game_out = long_out = inside40 = 0
    most = 0
    for run in range(runs):
        rng = Rng(seed_state(1000 * seals_on + run))
        t = tower_with_seals(rng, seals_on)
        for i in range(LONG_DROPS):
            n = len(drop_skull(t, rng))
            if i < GAME_DROPS:
                game_out += n
            else:
                long_out += n
            if i == GAME_DROPS - 1:
                inside40 += t.inside
            most = max(most, t.inside)
    return (
        game_out / (runs * GAME_DROPS),
        long_out / (runs * (LONG_DROPS - GAME_DROPS)),
        inside40 / runs,
        float(most),
    )


def waves(runs: int) -> tuple[float, float, float, int]:
    """All 12 seals on, 40 drops: shares of drops with 0, 1 and 2+ skulls out, and
    the most out of one drop."""
    counts = [0, 0, 0]
    most = 0
    for run in range(runs):
        rng = Rng(seed_state(55_000 + run))
        t = new_tower()
        for _ in range(GAME_DROPS):
            n = len(drop_skull(t, rng))
            counts[min(n, 2)] += 1
            most = max(most, n)
    total = runs * GAME_DROPS
    return counts[0] / total, counts[1] / total, counts[2] / total, most


def game_like(runs: int) -> tuple[float, float, float, float, float, int, float]:
    """40 turns: drop a skull, and on every third turn the Tower stirs first.
    Returns (mean out per turn, mean out on stir turns, mean out on other turns,
    share of turns with 2+ out, share with 0 out, most in one turn, mean seals on
    at the end)."""
    out = stir_out = two = zero = most = seals = 0
    for run in range(runs):
        rng = Rng(seed_state(77_000 + run))
        t = new_tower()
        for turn in range(1, GAME_DROPS + 1):
            n = 0
            if turn % 3 == 0:
                n += len(stir(t, rng)[-1])
            n += len(drop_skull(t, rng))
            if turn % 3 == 0:
                stir_out += n
            out += n
            two += n >= 2
            zero += n == 0
            most = max(most, n)
        seals += sum(t.seals)
    turns = runs * GAME_DROPS
    stir_turns = runs * (GAME_DROPS // 3)
    return (
        out / turns,
        stir_out / stir_turns,
        (out - stir_out) / (turns - stir_turns),
        two / turns,
        zero / turns,
        most,
        seals / runs,
    )


def drop_cost_us(n: int = 50_000) -> float:
    rng = Rng(seed_state(5))
    t = new_tower()
    start = time.perf_counter()
    for _ in range(n):
        drop_skull(t, rng)
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"designed Tower skull model, {runs} seeded runs per row")
    print("seals on | out/drop, drops 1-40 | out/drop, drops 41-400 | inside after 40 | max inside")
    for seals_on in (12, 9, 6, 3, 0):
        g, long, inside, most = fixed_seals(seals_on, runs)
        print(f"{seals_on:8d} | {g:20.3f} | {long:22.3f} | {inside:15.2f} | {most:10.0f}")
    z, one, two, most = waves(runs)
    print(
        f"waves, 12 seals, 40 drops: drops with 0 out {z:.1%}, 1 out {one:.1%}, "
        f"2+ out {two:.1%}, most from one drop {most}"
    )
    mean, on_stir, other, two, zero, most, seals = game_like(runs)
    print(
        f"game-like (40 turns, a drop each turn, the Tower stirs on every 3rd): "
        f"out/turn {mean:.3f} (stir turns {on_stir:.3f}, others {other:.3f}), "
        f"turns with 2+ out {two:.1%}, with none {zero:.1%}, most in one turn {most}, "
        f"seals on at the end {seals:.1f}"
    )
    print(f"drop_skull: {drop_cost_us():.2f} us per call")


if __name__ == "__main__":
    main()
