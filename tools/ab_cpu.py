"""CPU time of two versions of the code on the same seeded games, interleaved.

    .venv/bin/python tools/ab_cpu.py OLD_SRC NEW_SRC [--mode cov] [--rounds 30] [--games 8]

OLD_SRC and NEW_SRC are `src` folders (a `git worktree` of the old commit gives one; a
compiled build's `build/fast` is one too). One worker process per version, both pinned to one
core, play the same random-agent (or heuristic) 4-player games a round at a time, taking turns
to start; each reports the CPU time of its round. On a shared, noisy machine this compares
two versions better than two runs one after the other: both meet the same load. Prints the
ratio new/old of the summed CPU time and the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

MODES = {
    "base": {},
    "cov": {"expansion": "covenant"},
    "cmp": {"mode": "competitive"},
    "heur": {},
    "heurcov": {"expansion": "covenant"},
}


def worker(mode: str) -> None:
    """Read a number of games per line; play them (seeds continue from round to round) and
    print the decisions made and the CPU seconds spent."""
    from towerplay.agents.heuristic import HeuristicAgent, play_game
    from towerplay.agents.random import RandomAgent
    from towerplay.rtdt.game import new_game

    options = MODES[mode]
    new_game(players=4, seed=999, **options)  # the content is loaded before any clock runs
    seed = 0
    for line in sys.stdin:
        decisions = 0
        start = time.process_time()
        for _ in range(int(line)):
            g = new_game(players=4, seed=seed, **options)
            g.skip_checkpoints()
            if mode.startswith("heur"):
                decisions += play_game(g, [HeuristicAgent(seed * 7 + i) for i in range(4)])
            else:
                agent = RandomAgent(seed)
                while g.result is None:
                    g.apply(agent.act(g))
                    decisions += 1
            seed += 1
        print(decisions, time.process_time() - start, flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--mode", choices=sorted(MODES), default="cov")
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--core", default="1")
    args = p.parse_args()

    def start(src: str) -> subprocess.Popen[str]:
        command = [sys.executable, __file__, "--worker", args.mode]
        return subprocess.Popen(
            ["taskset", "-c", args.core, *command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PYTHONPATH=src),
        )

    old, new = start(args.old), start(args.new)
    spent = {id(old): 0.0, id(new): 0.0}
    ratios = []
    for r in range(args.rounds):
        order = (old, new) if r % 2 == 0 else (new, old)
        for w in order:
            assert w.stdin is not None
            w.stdin.write(f"{args.games}\n")
            w.stdin.flush()
        got = {}
        for w in order:
            assert w.stdout is not None
            decisions, seconds = w.stdout.readline().split()
            got[id(w)] = (int(decisions), float(seconds))
            spent[id(w)] += float(seconds)
        if got[id(old)][0] != got[id(new)][0]:
            raise SystemExit(f"round {r}: the versions played different games {got}")
        ratios.append(got[id(new)][1] / got[id(old)][1])
    for w in (old, new):
        w.kill()
    print(
        f"{args.mode}: new/old CPU time {spent[id(new)] / spent[id(old)]:.3f} "
        f"(median of {args.rounds} rounds {statistics.median(ratios):.3f}); "
        f"old {spent[id(old)]:.2f} s, new {spent[id(new)]:.2f} s"
    )


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
    else:
        main()
