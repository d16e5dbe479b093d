"""CPU a server spends on one table action, without the network: `Tables.act` and the check
the acting page's pusher makes when woken (docs/web.md, "Speed").

Run: .venv/bin/python benchmarks/bench_tables_cpu.py [--actions 600] [--tables 20]
Each of N one-player Return to Dark Tower tables (SQLite, synchronous=NORMAL, a temporary
file) gets random legal actions in turn; a table whose game ends is replaced by a new one.
Prints CPU milliseconds per action (process time, so a busy machine slows it less than wall
time). To compare two versions, run it alternately with PYTHONPATH pointing at each `src`.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from towerplay.store import open_store
from towerplay.web.tables import Created, Tables


def new_table(tables: Tables, rng: random.Random) -> tuple[Created, dict[str, Any]]:
    made = tables.create("rtdt", {"players": 1}, rng.randrange(10**6), [{"human": "A"}])
    return made, tables.view(made.id, made.tokens[0])


def play(
    tables: Tables, seats: list[tuple[Created, dict[str, Any]]], rng: random.Random, actions: int
) -> None:
    woken = getattr(tables, "kept_version", None)  # older servers read the store each time
    done = 0
    while done < actions:
        for i, (made, view) in enumerate(seats):
            if view["result"] is not None:
                seats[i] = new_table(tables, rng)
                continue
            action = rng.choice(view["legal_actions"])
            seats[i] = made, tables.act(made.id, made.tokens[0], action, view["version"])
            kept = woken(made.id) if woken is not None else None
            if kept is None:
                tables.version(made.id)
            done += 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=600)
    ap.add_argument("--tables", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(str(Path(tmp) / "tables.db"), synchronous="NORMAL")
        tables = Tables(store)
        rng = random.Random(1)
        seats = [new_table(tables, rng) for _ in range(args.tables)]
        play(tables, seats, rng, 50)  # warm the caches
        start = time.process_time()
        play(tables, seats, rng, args.actions)
        ms = (time.process_time() - start) / args.actions * 1000
        store.close()
    print(
        json.dumps(
            {"bench": "tables_cpu", "actions": args.actions, "cpu_ms_per_action": round(ms, 3)}
        )
    )


if __name__ == "__main__":
    main()
