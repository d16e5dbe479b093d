"""Group commit: appends from many threads made in one transaction, one flush to disk.

A server answers many tables at once. Each commit on SQLite with `synchronous=FULL` waits for
its own fsync (about 11 ms), and there is one writer, so under load commits queue behind each
other's flushes. `GroupCommitter.append` hands its change to one writer thread, which takes
every change waiting and makes them together (`Store.commit_many`: each in a savepoint of its
own, so a stale one fails alone). An append returns only once its transaction is on disk: an
answered action is never lost, and nothing is written twice.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Mapping
from concurrent.futures import Future
from typing import Any

from towerplay.store.records import Entry
from towerplay.store.store import Change, Store, prepare

MAX_BATCH = 64


class GroupCommitter:
    """`append` as the store's, made with whatever other commits are waiting."""

    def __init__(self, store: Store, max_batch: int = MAX_BATCH) -> None:
        self.store = store
        self.max_batch = max_batch
        self._queue: queue.Queue[tuple[Change, Future[Entry]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="group-commit", daemon=True)
        self._thread.start()

    def append(
        self,
        record_id: str,
        expected_version: int,
        action: str,
        summary: Mapping[str, Any],
        document: Mapping[str, Any] | None = None,
        actor: str | None = None,
        snapshot: bool = False,
    ) -> Entry:
        """As `Store.append`: the new entry, or StaleVersion / StoreError raised."""
        done: Future[Entry] = Future()
        change = prepare(record_id, expected_version, action, document, summary, actor, snapshot)
        self._queue.put((change, done))
        return done.result()

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self.max_batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)  # close after this batch
                    break
                batch.append(item)
            try:
                results = self.store.commit_many([change for change, _ in batch])
            except Exception as e:  # the transaction failed: every change in it did
                for _, done in batch:
                    done.set_exception(e)
                continue
            for (_, done), result in zip(batch, results, strict=True):
                if isinstance(result, Exception):
                    done.set_exception(result)
                else:
                    done.set_result(result)
