"""What undo costs in a long Return to Dark Tower game (docs/undo.md). Run on one core:
`taskset -c 0 .venv/bin/python benchmarks/bench_undo.py`.

The game: four heroes played by the heuristic agents (seed 2), 750 decisions until the
sixth month ends - the longest of the first 60 seeds (4-player games last 120-750
decisions with these agents, so "decision ~1000" is out of reach of a real game).
Printed, as JSON:

- undo_1_us / redo_1_us: median and 90th percentile of `undo(1)` / `redo(1)` over the 64
  decisions before the end (every offset from a checkpoint, several times), five rounds;
- checkpoints and checkpoint_kib: how many checkpoints the game holds at the end and the
  memory they take (what one `clone()` allocates, measured by tracemalloc, times their
  number; the parts clones share - content, logs, history - are not counted again);
- apply_us_recording / apply_us_not_recording: replaying the whole game with and without
  taking checkpoints, alternating rounds;
- first_undo_after_load_ms: undo(1) on the game just loaded from its save (rebuilds the
  past from the setup and checks it), then second_undo_after_load_us;
- consent_ms: `consent(game, 1, humans=every seat, agreed=none)` for the last decision.

`--sweep` instead compares checkpoint intervals (8, 16, 32, 64), alternating them round by
round: undo(1) median, checkpoint memory and the cost per action of taking them.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from typing import Any

from towerplay.agents.heuristic import HeuristicAgent
from towerplay.core import undo
from towerplay.core.undo import consent
from towerplay.rtdt.game import RtdtGame, new_game

PLAYERS, SEED = 4, 2


def long_game() -> list[str]:
    g = new_game(players=PLAYERS, seed=SEED)
    agents = [HeuristicAgent(SEED * 10 + s) for s in range(PLAYERS)]
    played = []
    while g.to_act is not None:
        a = str(agents[g.to_act].act(g))
        g.apply(a)
        played.append(a)
    return played


def replayed(actions: list[str], record: bool = True) -> tuple[RtdtGame, float]:
    """The game after `actions` and the microseconds per action it took."""
    g = new_game(players=PLAYERS, seed=SEED)
    g._tl.record = record
    t0 = time.perf_counter()
    for a in actions:
        g.apply(a)
    return g, (time.perf_counter() - t0) / len(actions) * 1e6


def step_costs(g: RtdtGame, n: int = 64) -> tuple[list[float], list[float]]:
    """Microseconds of `n` successive undo(1), then of the `n` redo(1) back."""
    undos, redos = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        g.undo(1)
        undos.append((time.perf_counter() - t0) * 1e6)
    for _ in range(n):
        t0 = time.perf_counter()
        g.redo(1)
        redos.append((time.perf_counter() - t0) * 1e6)
    return undos, redos


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 1),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
    }


def checkpoint_kib(g: RtdtGame) -> float:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = g.clone()
    size = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del kept
    return size / 1024


def main() -> None:
    actions = long_game()
    g, _ = replayed(actions)
    undos: list[float] = []
    redos: list[float] = []
    for _ in range(5):
        u, r = step_costs(g)
        undos += u
        redos += r
    recording, plain = [], []
    for _ in range(5):
        recording.append(replayed(actions, True)[1])
        plain.append(replayed(actions, False)[1])
    per = checkpoint_kib(g)
    loaded = RtdtGame.from_json(json.loads(json.dumps(g.to_json())))
    t0 = time.perf_counter()
    loaded.undo(1)
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    loaded.undo(1)
    second = time.perf_counter() - t0
    asks = []
    for _ in range(5):
        t0 = time.perf_counter()
        consent(g, 1, list(range(PLAYERS)), agreed=())
        asks.append((time.perf_counter() - t0) * 1e3)
    out: dict[str, Any] = {
        "decisions": len(actions),
        "checkpoint_every": undo.EVERY,
        "undo_1_us": summary(undos),
        "redo_1_us": summary(redos),
        "checkpoints": len(g._tl.marks),
        "checkpoint_kib": {"each": round(per, 1), "all": round(per * len(g._tl.marks), 1)},
        "apply_us_recording": round(statistics.median(recording), 1),
        "apply_us_not_recording": round(statistics.median(plain), 1),
        "first_undo_after_load_ms": round(first * 1e3, 1),
        "second_undo_after_load_us": round(second * 1e6, 1),
        "consent_ms": round(statistics.median(asks), 1),
    }
    print(json.dumps(out, indent=2))


def sweep(intervals: tuple[int, ...] = (8, 16, 32, 64), rounds: int = 5) -> None:
    actions = long_game()
    found: dict[int, dict[str, list[float]]] = {k: {"undo": [], "apply": []} for k in intervals}
    kib: dict[int, float] = {}
    for _ in range(rounds):
        for k in intervals:
            undo.EVERY = k
            g, per_action = replayed(actions)
            found[k]["apply"].append(per_action)
            found[k]["undo"] += step_costs(g)[0]
            kib[k] = checkpoint_kib(g) * len(g._tl.marks)
    out = {
        str(k): {
            "undo_1_us": summary(found[k]["undo"]),
            "checkpoint_kib": round(kib[k], 1),
            "apply_us_recording": round(statistics.median(found[k]["apply"]), 1),
        }
        for k in intervals
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    sweep() if "--sweep" in sys.argv else main()
