"""The second process of the store's tests: run as a script, or forked by the kill test.

    committer.py count DB RECORD N WORKER   add 1 to the record's counter N times
    committer.py loop DB                    commit to three records until killed

`count` reads, changes and commits, and on StaleVersion reads again: the read-modify-write
loop every screen of a game makes. It prints how many times it was refused. `loop` prints
"ready" once the store is open and then `RECORD VERSION` after every commit that returned,
so the test that kills it knows which commits were done.
"""

from __future__ import annotations

import random
import sys
import time
from typing import TextIO

from towerplay.store import StaleVersion, Store, open_store

KIND = "kill-test"
RECORDS = 3


def count(store: Store, record_id: str, n: int, worker: str) -> int:
    """Add 1 to the counter n times; the number of refused commits."""
    refused = 0
    done = 0
    while done < n:
        record = store.get(record_id)
        time.sleep(0.001)  # widen the window in which the other worker commits
        total = record.document["count"] + 1
        try:
            store.commit(
                record_id,
                record.version,
                f"{worker} {done}",
                {"count": total},
                {"count": total},
                actor=worker,
            )
        except StaleVersion:
            refused += 1
            continue
        done += 1
    return refused


def step_document(version: int, action: str, pad: int) -> dict[str, object]:
    return {"step": version, "last": action, "pad": "x" * pad}


def loop(store: Store, out: TextIO) -> None:
    have = [e.id for e in store.list(KIND)]
    while len(have) < RECORDS:
        have.append(store.create(KIND, f"r{len(have)}", step_document(0, "", 0), {}).id)
    print("ready", file=out, flush=True)
    rng = random.Random()
    i = 0
    while True:
        record_id = have[i % RECORDS]
        record = store.get(record_id)
        version = record.version + 1
        action = f"step {version} of {record_id}"
        store.commit(
            record_id,
            record.version,
            action,
            step_document(version, action, rng.randrange(0, 60_000)),
            {"step": version},
            actor=f"seat {i % 2}",
            snapshot=version % 4 == 0,
        )
        print(record_id, version, file=out, flush=True)
        i += 1


def main(argv: list[str]) -> None:
    mode, db = argv[0], argv[1]
    with open_store(db) as store:
        if mode == "count":
            print(count(store, argv[2], int(argv[3]), argv[4]), flush=True)
        elif mode == "loop":
            loop(store, sys.stdout)
        else:
            raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
