"""Running many games: in this process, on every core (a process pool), or on Ray.

The games are tasks (`sim.play.Task`); each is played by `sim.play.play` wherever a worker
is, and its record comes back. Records are written in task order as they complete, so the
file, the summary and any result are the same whatever the number of workers or machines.
A run given a records file resumes: the games the file holds are not played again.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from towerplay.sim.play import Task, play
from towerplay.sim.records import Writer, read


def default_workers() -> int:
    return max(
        1,
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1),
    )


def chunk_size(tasks: int, workers: int) -> int:
    """Games sent to a worker at once: a few per worker and round trip (a game of the random
    agent takes milliseconds, less than sending it), at most 8, and at least 4 chunks a
    worker so that the last ones finish together."""
    return max(1, min(8, tasks // (workers * 4)))


def _local(tasks: Sequence[Task], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1 or len(tasks) <= 1:
        yield from map(play, tasks)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play, tasks, chunksize=chunk_size(len(tasks), workers))


def play_chunk(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    """The records of a few games, played one after another (one Ray task)."""
    return [play(t) for t in tasks]


def _ray(tasks: Sequence[Task], address: str) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs Ray: pip install 'towerplay[ray]'") from None
    if not ray.is_initialized():
        ray.init(
            address=None if address in ("", "local") else address,
            include_dashboard=False,
            log_to_driver=False,
        )
    # a Ray task per game made short games 1.7 times slower on a local two-CPU Ray
    size = chunk_size(len(tasks), max(1, int(ray.cluster_resources().get("CPU", 1))))
    remote = ray.remote(play_chunk)
    pending = [remote.remote(tasks[i : i + size]) for i in range(0, len(tasks), size)]
    for ref in pending:  # in task order
        yield from ray.get(ref)


def run(
    tasks: Sequence[Task],
    workers: int = 1,
    ray: str | None = None,
    out: Path | None = None,
    progress: bool | str = False,
) -> tuple[list[dict[str, Any]], float, set[int]]:
    """Every task's record, in task order; the seconds the games of this run took and the
    indexes of the games played now (the rest came from `out`). `progress` shows a bar (a
    string: the bar's label, in the screen's language)."""
    if not tasks:
        return [], 0.0, set()
    game = tasks[0].game
    done = read(out, game) if out is not None else {}
    todo = [t for t in tasks if t.index not in done]
    writer = Writer(out, game) if out is not None else None
    started = time.perf_counter()
    try:
        stream: Iterable[dict[str, Any]] = (
            _ray(todo, ray) if ray is not None else _local(todo, workers)
        )
        for rec in _with_progress(stream, len(todo), progress):
            done[rec["index"]] = rec
            if writer is not None:
                writer.add(rec)
    finally:
        if writer is not None:
            writer.close()
    elapsed = time.perf_counter() - started
    wanted = [t.index for t in tasks]
    return [done[i] for i in wanted], elapsed, {t.index for t in todo}


def _with_progress(
    stream: Iterable[dict[str, Any]], total: int, show: bool | str
) -> Iterator[dict[str, Any]]:
    """A progress bar with rate and time left on stderr, when asked and stderr is a terminal."""
    if not show or not sys.stderr.isatty() or total < 2:
        yield from stream
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    label = show if isinstance(show, str) else "games"
    columns = (
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}/s"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total, rate="-")
        started = time.perf_counter()
        for n, rec in enumerate(stream, 1):
            rate = n / max(time.perf_counter() - started, 1e-9)
            bar.update(task, advance=1, rate=f"{rate:.1f}")
            yield rec
