"""What the learning API costs over the engine: PettingZoo AEC steps per second (docs/rl.md).
Needs the `rl` extra. Run on one core: `taskset -c 0 .venv/bin/python benchmarks/bench_rl.py`.

Each table plays whole games of masked random indices for about `SECONDS` (a step: `last()`
with its observation vector and mask, then `step()`), three rounds; printed as JSON, the
median steps and games per second of each.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

try:
    import numpy as np

    from towerplay.rl.aec import make_aec
except ImportError:
    sys.exit("bench_rl needs the learning extra: pip install -e '.[rl]'")

SECONDS = 3.0
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("rtdt", {"players": 1}),
    ("rtdt", {"players": 4}),
    ("tactics", {}),
]


def run(game: str, config: dict[str, Any]) -> tuple[float, float]:
    env = make_aec(game, **config)
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        env.reset(seed=games)
        games += 1
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    took = time.perf_counter() - start
    return steps / took, games / took


def main() -> None:
    out = {}
    for game, config in TABLES:
        rounds = [run(game, config) for _ in range(3)]
        name = f"{game} " + " ".join(f"{k}={v}" for k, v in config.items())
        out[name.strip()] = {
            "steps_per_second": round(statistics.median(r[0] for r in rounds)),
            "games_per_second": round(statistics.median(r[1] for r in rounds), 1),
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
