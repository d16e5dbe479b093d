"""What logging one Return to Dark Tower event costs: `tell` (rtdt/rules/narrate.py), in
nanoseconds of CPU time per call, against a function with the same signature that does
nothing (the price of the call itself). Run on one core:

    taskset -c 0 .venv/bin/python benchmarks/bench_narration.py

The collector is off while it runs, so the figure is the event's own cost; the games pay
the collector besides (benchmarks/bench_rtdt.py measures them whole). Only the public
`tell` is used, so an older checkout is measured the same way:
`PYTHONPATH=/path/to/old/src .venv/bin/python benchmarks/bench_narration.py`.
"""

from __future__ import annotations

import gc
import json
import statistics
import time
from typing import Any

from towerplay.core.replay import EMPTY
from towerplay.rtdt.rules.narrate import tell


class _Logged:
    """The one part of a State that `tell` touches."""

    __slots__ = ("log",)

    def __init__(self) -> None:
        self.log = EMPTY


def _silent(
    s: Any, kind: str, msg: str, /, seats: Any = (), amounts: Any = (), to: Any = None, **args: Any
) -> None:
    """The same call as tell, doing nothing."""


def per_call_ns(fn: Any, calls: int = 50_000, rounds: int = 7) -> float:
    """Median over rounds of the CPU time of one call: an event with two fields, then one
    without any (the two shapes of the engine's calls)."""
    runs = []
    for _ in range(rounds):
        s = _Logged()
        t0 = time.process_time()
        for _ in range(calls):
            fn(s, "loss", "{hero} loses {n} warriors", (1,), (("warriors", -2),), hero="Ashs", n=2)
            fn(s, "text", "The month ends.")
        runs.append((time.process_time() - t0) / (2 * calls) * 1e9)
    return statistics.median(runs)


def main() -> None:
    gc.disable()
    try:
        call = per_call_ns(_silent)
        told = per_call_ns(tell)
    finally:
        gc.enable()
    print(
        json.dumps({"call_ns": round(call), "tell_ns": round(told), "event_ns": round(told - call)})
    )


if __name__ == "__main__":
    main()
