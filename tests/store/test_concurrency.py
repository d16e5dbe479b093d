"""Two writers on one SQLite file, and a writer killed at random moments.

The counter tests are the read-modify-write loop of a game screen: read the record, make
the next document from it, commit on top of the version read. If the store let a commit
through on top of an old version, an increment would be lost (the counter would fall
behind the version) or an action doubled (two log rows for one version, which the log's
key forbids).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from towerplay.store import Store, open_store

from . import committer  # the second process's code, also run in threads and forked here

HERE = Path(__file__).parent
N = 60  # increments per worker
KILLS = 30


def _check_counter(store: Store, record_id: str, workers: list[str]) -> None:
    record = store.get(record_id)
    log = store.actions(record_id)
    assert record.version == len(workers) * N
    assert record.document == {"count": len(workers) * N}  # no increment lost
    assert [a.version for a in log] == list(range(1, len(workers) * N + 1))
    assert sorted(a.action for a in log) == sorted(f"{w} {i}" for w in workers for i in range(N))
    for w in workers:  # each worker's actions in its own order
        assert [a.action for a in log if a.actor == w] == [f"{w} {i}" for i in range(N)]


def test_two_store_objects_on_one_file_never_lose_or_double_an_action(db: Path) -> None:
    stores = [open_store(str(db)), open_store(str(db))]
    try:
        rid = stores[0].create("counter", "c", {"count": 0}, {}).id
        refused: list[int] = []
        threads = [
            threading.Thread(target=lambda s=s, w=w: refused.append(committer.count(s, rid, N, w)))
            for s, w in zip(stores, ["a", "b"], strict=True)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(refused) == 2
        _check_counter(stores[1], rid, ["a", "b"])
    finally:
        for s in stores:
            s.close()


def test_two_processes_on_one_file_never_lose_or_double_an_action(db: Path) -> None:
    with open_store(str(db)) as store:
        rid = store.create("counter", "c", {"count": 0}, {}).id
    script = str(HERE / "committer.py")
    procs = [
        subprocess.Popen(
            [sys.executable, script, "count", str(db), rid, str(N), w],
            stdout=subprocess.PIPE,
            text=True,
        )
        for w in ("p", "q")
    ]
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    with open_store(str(db)) as store:
        _check_counter(store, rid, ["p", "q"])


def _check_consistent(db: Path | str) -> dict[str, int]:
    """Every record's version is its action count, its document is the last action's;
    the versions."""
    versions = {}
    with open_store(str(db)) as store:
        for entry in store.list(committer.KIND):
            record = store.get(entry.id)
            log = store.actions(entry.id)
            assert [a.version for a in log] == list(range(1, record.version + 1))
            assert record.document["step"] == record.version
            assert record.document["last"] == (log[-1].action if log else "")
            assert record.summary == ({"step": record.version} if log else {})
            for a in log:
                assert a.action == f"step {a.version} of {entry.id}"
                if a.snapshot is not None:
                    assert a.version % 4 == 0
                    assert (a.snapshot["step"], a.snapshot["last"]) == (a.version, a.action)
            versions[entry.id] = record.version
    return versions


def _loop_child(db: Path | str, out_fd: int, synchronous: str) -> None:
    """The forked writer: never returns (it is killed, or exits on an error)."""
    try:
        with os.fdopen(out_fd, "w") as out, open_store(str(db), synchronous) as store:
            committer.loop(store, out)
    finally:
        os._exit(1)


def _kill_once(
    db: Path | str, rng: random.Random, wait_ready: bool, synchronous: str
) -> tuple[dict[str, int], bool]:
    """Fork the commit loop (no store is open in this process then), SIGKILL it at a
    random moment; the versions it said it committed, and whether the kill ended it."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _loop_child(db, write_fd, synchronous)
    os.close(write_fd)
    with os.fdopen(read_fd) as said_text:
        if wait_ready:
            assert said_text.readline() == "ready\n"
            time.sleep(rng.uniform(0.0, 0.3))
        else:
            time.sleep(rng.uniform(0.0, 0.1))  # may land while it opens or creates
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        lines = said_text.read().splitlines()
    said = {}
    for line in lines:
        if line != "ready":
            rid, version = line.split()
            said[rid] = int(version)
    return said, os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def kill_and_check(
    db: Path | str, kills: int, seed: int, synchronous: str = "FULL"
) -> tuple[int, int]:
    """Kill the writer `kills` times, checking the store after each; (commits kept,
    commits done that the writer had not yet reported). `synchronous` is SQLite's: a
    killed process loses nothing committed with NORMAL too (only the OS's crash could)."""
    rng = random.Random(seed)
    before: dict[str, int] = {}
    committed = in_flight = 0
    for i in range(kills):
        said, killed = _kill_once(db, rng, i % 3 != 0, synchronous)
        assert killed
        after = _check_consistent(db)  # opens after every kill
        for rid, version in said.items():
            assert after[rid] >= version  # every commit that returned is there
        reported = sum(v - before.get(rid, 0) for rid, v in said.items())
        gained = sum(v - before.get(rid, 0) for rid, v in after.items())
        assert gained - reported in (0, 1)  # at most the one commit the kill interrupted
        committed += gained
        in_flight += gained - reported
        before = after
    return committed, in_flight


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the kill test forks its writer")
@pytest.mark.parametrize("synchronous", ["FULL", "NORMAL"])
def test_killing_a_writer_at_random_moments_loses_nothing_committed(
    db: Path, synchronous: str
) -> None:
    committed, in_flight = kill_and_check(db, KILLS, 20261201, synchronous)
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()
    assert committed > KILLS  # the kills landed among commits, not only before them
    print(f"\n{KILLS} kills, {committed} commits kept, {in_flight} done but not yet reported")
