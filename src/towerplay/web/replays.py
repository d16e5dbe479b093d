"""A table replayed step by step: what a seat (or a spectator) saw at each of its versions.

The store keeps a table's action log and, every SNAPSHOT_EVERY actions and at every undo,
redo and seat change, the whole document after it (web/tables.py). The game at version N is
the last snapshot at or before N (or, before the first, the game the table's config and
seed deal again: the games are deterministic) with the logged actions after it replayed, so
a step costs at most SNAPSHOT_EVERY actions. What a step shows is `observe(seat)` at that
version, as the page showed it then: a replay never tells a seat more than it saw, the game
code stays hidden as at the live table, and a spectator sees what spectators see. A table
opened from a campaign has no config to deal again: its replay starts at its first snapshot.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query

from towerplay import games
from towerplay.core.errors import IllegalAction
from towerplay.core.protocol import Game
from towerplay.store import LoggedAction, Record
from towerplay.web.errors import TableError
from towerplay.web.tables import Tables
from towerplay.web.views import observed, public_seat


def _start(rec: Record, log: list[LoggedAction], version: int) -> tuple[int, Game] | None:
    """The last snapshot at or before `version` (its version and game), or the game dealt
    again from the table's config and seed (version 0); None when neither is kept."""
    gk = games.get(rec.document["game"])
    where = f"table {rec.id}"
    for logged in reversed(log):
        if logged.version <= version and logged.snapshot is not None:
            return logged.version, gk.load(logged.snapshot.get("save"), where)
    config = rec.document.get("config")
    if not isinstance(config, dict):
        return None
    return 0, gk.new(config, int(rec.document["seed"]))


def first_version(rec: Record, log: list[LoggedAction]) -> int:
    """The earliest version a replay can show: 0, or a campaign table's first snapshot."""
    if isinstance(rec.document.get("config"), dict):
        return 0
    kept = [a.version for a in log if a.snapshot is not None]
    return min(kept, default=rec.version)


def replay_view(tables: Tables, table_id: str, token: str | None, version: int) -> dict[str, Any]:
    """What the token's seat saw at `version` of the table, and the action that led there."""
    rec, _live = tables.load(table_id)
    seat = tables.seat_of(rec, token)
    log = tables.store.actions(table_id)
    first = first_version(rec, log)
    if not first <= version <= rec.version:
        raise TableError(f"version: expected a version from {first} to {rec.version}")
    start = _start(rec, log, version)
    if start is None:
        raise TableError(f"version: this table's replay starts at version {first}")
    at, game = start
    words = None
    for logged in log:
        if at < logged.version <= version:
            if logged.version == version:  # the action as its button said it, before it
                words = game.words(logged.action).view()
            try:
                game.apply(logged.action)
            except IllegalAction:  # an undo, a redo or a join logged before replays kept
                raise TableError(  # the document they wrote: no step after it replays
                    f"version {version} cannot be shown: the table kept no copy of its game "
                    f"at version {logged.version} ({logged.action!r}), as tables did before "
                    "replays"
                ) from None
    led = next((a for a in log if a.version == version), None)
    return {
        "table": rec.id,
        "game": rec.document["game"],
        "name": rec.name,
        "seat": seat,
        "seats": [public_seat(s) for s in rec.document["seats"]],
        "version": version,
        "first": first,
        "last": rec.version,
        # the change that made this version: an action of the game, or the table's own
        # (an undo, a redo, a seat taken), and who made it
        "action": None if led is None else led.action,
        "words": words,  # None for the table's own change (an undo, a seat taken)
        "actor": None if led is None else led.actor,
        "to_act": game.to_act,
        "result": None if game.result is None else game.result.to_json(),
        "observe": observed(rec, game, seat),
    }


def add_replays(app: FastAPI, tables: Tables) -> None:
    """`GET /api/tables/{id}/replay?token=T&version=N`: web/replays.py."""

    @app.get("/api/tables/{table_id}/replay")
    def replay(
        table_id: str,
        token: str | None = Query(default=None),
        version: int = Query(ge=0, le=10**9),
    ) -> dict[str, Any]:
        return replay_view(tables, table_id, token, version)
