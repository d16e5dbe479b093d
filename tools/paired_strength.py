"""Two agents compared on the same seeds, from two `sim --out run.csv` records: the table
docs/agents.md "Strength" prints. A paired comparison, because both agents met the same
setups: the seeds only one of them won carry the difference (an exact two-sided sign test,
McNemar's, on them), and the difference's interval is the paired Wald interval.

    .venv/bin/python tools/paired_strength.py NAME=A.csv,B.csv [NAME=A.csv,B.csv ...]

A is the agent under test (search), B the baseline (the heuristic); B's whole record gives
the last column, its rate over every seed it played.
"""

from __future__ import annotations

import csv
import math
import sys
from dataclasses import dataclass

from towerplay.sim.report import Z95, wilson

WON = frozenset({"win", "success", "+success"})  # RtDT's win, a Tactics success of either kind


@dataclass
class Pairs:
    games: int = 0
    a_won: int = 0
    b_won: int = 0
    a_only: int = 0  # seeds A won and B lost
    b_only: int = 0

    def add(self, other: Pairs) -> None:
        for name in ("games", "a_won", "b_won", "a_only", "b_only"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def wins_by_seed(path: str) -> dict[int, bool]:
    """Each finished game's seed and whether the heroes won; a game that failed is refused."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    bad = [r["seed"] for r in rows if r.get("error")]
    if bad:
        raise SystemExit(f"{path}: games with an error, seeds {', '.join(bad)}")
    return {int(r["seed"]): r["outcome"] in WON for r in rows}


def pair(a: dict[int, bool], b: dict[int, bool]) -> Pairs:
    seeds = sorted(set(a) & set(b))
    return Pairs(
        games=len(seeds),
        a_won=sum(a[s] for s in seeds),
        b_won=sum(b[s] for s in seeds),
        a_only=sum(a[s] and not b[s] for s in seeds),
        b_only=sum(b[s] and not a[s] for s in seeds),
    )


def sign_test(x: int, y: int) -> float:
    """Exact two-sided sign test of x against y discordant pairs."""
    m = x + y
    if m == 0:
        return 1.0
    tail = sum(math.comb(m, i) for i in range(min(x, y) + 1)) / 2**m
    return min(1.0, 2 * tail)


def rate(wins: int, games: int) -> str:
    lo, hi = wilson(wins, games)
    return f"{wins}/{games} = {100 * wins / games:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]"


def difference(p: Pairs) -> str:
    n = p.games
    d = (p.a_only - p.b_only) / n
    se = math.sqrt(max(0.0, p.a_only + p.b_only - (p.a_only - p.b_only) ** 2 / n)) / n
    lo, hi = d - Z95 * se, d + Z95 * se
    return f"{100 * d:+.0f} [{100 * lo:+.0f}, {100 * hi:+.0f}]"


def row(name: str, p: Pairs, baseline: str) -> str:
    return (
        f"| {name} | {rate(p.a_won, p.games)} | {rate(p.b_won, p.games)} | {difference(p)} "
        f"| {p.a_only} / {p.b_only} | {sign_test(p.a_only, p.b_only):.2g} | {baseline} |"
    )


def main(args: list[str]) -> None:
    if not args:
        raise SystemExit(__doc__)
    print(
        "| table | search | heuristic, the same seeds | difference, points [95%] "
        "| won by one only (search / heuristic) | p | heuristic, every seed |"
    )
    print("|---|---|---|---|---|---|---|")
    total = Pairs()
    for arg in args:
        name, _, files = arg.partition("=")
        a_path, _, b_path = files.partition(",")
        if not b_path:
            raise SystemExit(f"{arg}: expected NAME=A.csv,B.csv")
        a, b = wins_by_seed(a_path), wins_by_seed(b_path)
        p = pair(a, b)
        if p.games == 0:
            raise SystemExit(f"{arg}: the two records share no seed")
        print(row(name, p, rate(sum(b.values()), len(b))))
        total.add(p)
    if len(args) > 1:
        print(row("pooled", total, ""))


if __name__ == "__main__":
    main(sys.argv[1:])
