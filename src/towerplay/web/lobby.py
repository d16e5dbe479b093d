"""A table's seats after its making: a person joins from the lobby by name; the host hands a
seat to the AI or frees it; a person takes their seat back from the AI.

Joining: a person, by the name they go by, takes a free seat of a public table without a
link being passed around.

A table's creator marks seats `{"open": true}`; the first person to join takes the first
open one and is given its token (shown once, in the answer's link, as at a table's making).
The seat's name and token hash go into the table's seats with one commit that writes the
save whole at the new version (`Tables.reseat`), so the note `join SEAT` in the table's log
is never replayed as a move. Two people joining at once take two seats, or the second is
told there is none left: the store takes one commit per version. A private table is
joined only by the links its creator sends.

A seat never blocks a table: its creator (the host key the table's making returned) hands a
person's seat to an AI agent, which plays it until the person, by their own link, takes it
back, or frees a seat whose person never came. Every change is a `Tables.reseat` commit.
"""

from __future__ import annotations

import hmac
import secrets
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from towerplay import games
from towerplay.web.budgets import check_budget
from towerplay.web.errors import Forbidden, Stale, TableError
from towerplay.web.seats import token_hash
from towerplay.web.tables import Tables

if TYPE_CHECKING:
    from towerplay.web.app import Server

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


def hand(tables: Tables, table_id: str, host: Any, seat: Any, to: Any) -> dict[str, Any]:
    """The table's creator (its host key) hands a person's seat to an AI agent, which plays
    it until the person takes it back (`back`), or frees a seat whose person never came (or
    hands an open one to the AI): `to` is "open", "ai" (the heuristic agent) or
    "ai:AGENT". The seats as the lobby shows them."""
    for _ in range(TRIES):
        rec, game = tables.load(table_id)
        given = token_hash(host) if isinstance(host, str) and host else ""
        if not given or not hmac.compare_digest(str(rec.document.get("host", "")), given):
            raise Forbidden("only the table's host key hands a seat on")
        seats = [dict(s) for s in rec.document["seats"]]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
            raise TableError(f"seat: a seat from 0 to {len(seats) - 1}")
        old = seats[seat]
        if old["who"] != "human":
            raise TableError(f"seat {seat} is played by the AI already")
        if to == "open":
            seats[seat] = {"who": "human", "agent": None, "name": "", "token": None, "open": True}
        elif isinstance(to, str) and (to == "ai" or to.startswith("ai:")):
            gk = games.get(rec.document["game"])
            names = gk.agents.names
            first = "heuristic" if "heuristic" in names else names[0]  # plays as a person would
            agent = to[3:] if to.startswith("ai:") and to[3:] else first
            try:
                gk.agents.check(agent)
                check_budget(agent)
            except ValueError as e:
                raise TableError(f"to: {e}") from None
            away = None if old.get("open") else {"name": old["name"], "token": old["token"]}
            seats[seat] = {"who": "ai", "agent": agent, "name": agent, "token": None, "away": away}
        else:
            raise TableError('to: "open", "ai" or "ai:AGENT"')
        try:
            tables.reseat(rec, game, seats, f"seat {seat} to {to}", "host")
        except Stale:
            continue
        return {"seats": [{"who": s["who"], "name": s["name"]} for s in seats]}
    raise Stale("the table is busy: ask again")


def back(tables: Tables, table_id: str, token: Any) -> dict[str, Any]:
    """A person takes back the seat the AI played while they were away (their own token)."""
    for _ in range(TRIES):
        rec, game = tables.load(table_id)
        seat = tables.seat_of(rec, token if isinstance(token, str) else None)
        if seat < 0 or not rec.document["seats"][seat].get("away"):
            raise TableError("your seat is yours already: nothing to take back")
        seats = [dict(s) for s in rec.document["seats"]]
        away = seats[seat]["away"]
        seats[seat] = {"who": "human", "agent": None, "name": away["name"], "token": away["token"]}
        try:
            tables.reseat(rec, game, seats, f"seat {seat} back", f"seat {seat}")
        except Stale:
            continue
        return {"seat": seat}
    raise Stale("the table is busy: ask again")


class Hand(BaseModel):
    """The host hands a seat on: to "open" (free it) or "ai" / "ai:AGENT"."""

    host: str = Field(max_length=64)
    to: str = Field(max_length=80)


class Back(BaseModel):
    """A person takes back the seat the AI played while they were away."""

    token: str = Field(max_length=64)


class Join(BaseModel):
    """A person taking a free seat from the lobby, by the name they go by."""

    name: str = Field(max_length=200)


def add_lobby(app: FastAPI, server: Server) -> None:
    """A table's seats after its making (web/lobby.py): joining by name, the host handing a
    seat to the AI or freeing it, a person taking theirs back."""
    tables = server.tables

    @app.post("/api/tables/{table_id}/join", status_code=201)
    async def join_table(table_id: str, body: Join) -> dict[str, Any]:
        out = await run_in_threadpool(join, tables, table_id, body.name)
        server.changed(table_id)  # the other pages see who sits there now
        return out

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def hand_seat(table_id: str, seat: int, body: Hand) -> dict[str, Any]:
        out = await run_in_threadpool(hand, tables, table_id, body.host, seat, body.to)
        server.changed(table_id)  # an AI seat to act starts playing
        return out

    @app.post("/api/tables/{table_id}/back")
    async def seat_back(table_id: str, body: Back) -> dict[str, Any]:
        out = await run_in_threadpool(back, tables, table_id, body.token)
        server.changed(table_id)
        return out
