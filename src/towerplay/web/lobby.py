"""Joining a table from the lobby: a person, by the name they go by, takes a free seat of a
public table without a link being passed around.

A table's creator marks seats `{"open": true}`; the first person to join takes the first
open one and is given its token (shown once, in the answer's link, as at a table's making).
The seat's name and token hash go into the table's seats with one commit that writes the
save whole at the new version (`Tables.reseat`), so the note `join SEAT` in the table's log
is never replayed as a move. Two people joining at once take two seats, or the second is
told there is none left: the store takes one commit per version. A private table is
joined only by the links its creator sends.
"""

from __future__ import annotations

import secrets
from typing import Any

from towerplay.web.errors import Forbidden, Stale, TableError
from towerplay.web.seats import token_hash
from towerplay.web.tables import Tables

MAX_NAME = 40
TRIES = 4  # a join raced by another change of the table is tried on the new version


def join(tables: Tables, table_id: str, name: Any) -> dict[str, Any]:
    """The first open seat of a public table, taken by `name`: its seat, token and link."""
    if not isinstance(name, str) or not name.strip():
        raise TableError("join: give the name you go by (1 to 40 characters)")
    name = " ".join(name.split())[:MAX_NAME]
    for _ in range(TRIES):
        rec, game = tables.load(table_id)
        if rec.document.get("private"):
            raise Forbidden("a private table is joined by the link its creator sends, not here")
        if game.result is not None:
            raise TableError("this game is over: no seat to join")
        seats = [dict(s) for s in rec.document["seats"]]
        free = [i for i, s in enumerate(seats) if s.get("open")]
        if not free:
            raise TableError("every seat of this table is taken")
        seat = free[0]
        token = secrets.token_urlsafe(18)
        seats[seat] = {"who": "human", "agent": None, "name": name, "token": token_hash(token)}
        try:
            tables.reseat(rec, game, seats, f"join {seat}", f"seat {seat}")
        except Stale:
            continue  # the table moved on (an action, another join): look again
        return {"seat": seat, "token": token, "link": f"/play/{table_id}?token={token}"}
    raise Stale("the table is busy: join again")
