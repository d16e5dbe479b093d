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

A person may give their seat an address for the turn mails (web/mail.py), and take it away.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from towerplay import games
from towerplay.core.protocol import Game
from towerplay.store import Record
from towerplay.web.budgets import check_budget
from towerplay.web.errors import Forbidden, Stale, TableError
from towerplay.web.mail import MAX_ADDRESS, check_address, valid_mail, with_address
from towerplay.web.seats import token_hash
from towerplay.web.tables import Tables

if TYPE_CHECKING:
    from towerplay.web.app import Server

MAX_NAME = 40
TRIES = 4  # a join raced by another change of the table is tried on the new version


Change = Callable[[Record, Game, list[dict[str, Any]]], tuple[str, str, dict[str, Any]]]


def _reseated(tables: Tables, table_id: str, change: Change) -> dict[str, Any]:
    """One change of a table's seats: `change` edits the seats as read (or refuses), and
    gives the log's note, who made it and the answer; made on the version read, and tried
    again on a newer one when another change came first (the store takes one a version)."""
    for _ in range(TRIES):
        rec, game = tables.load(table_id)
        seats = [dict(s) for s in rec.document["seats"]]
        note, actor, answer = change(rec, game, seats)
        try:
            tables.reseat(rec, game, seats, note, actor)
        except Stale:
            continue  # the table moved on (an action, another join): look again
        return answer
    raise Stale("the table is busy: try again")


def join(tables: Tables, table_id: str, name: Any) -> dict[str, Any]:
    """The first open seat of a public table, taken by `name`: its seat, token and link."""
    if not isinstance(name, str) or not name.strip():
        raise TableError("join: give the name you go by (1 to 40 characters)")
    name = " ".join(name.split())[:MAX_NAME]

    def take(
        rec: Record, game: Game, seats: list[dict[str, Any]]
    ) -> tuple[str, str, dict[str, Any]]:
        if rec.document.get("private"):
            raise Forbidden("a private table is joined by the link its creator sends, not here")
        if game.result is not None:
            raise TableError("this game is over: no seat to join")
        free = [i for i, s in enumerate(seats) if s.get("open")]
        if not free:
            raise TableError("every seat of this table is taken")
        seat = free[0]
        token = secrets.token_urlsafe(18)
        seats[seat] = {"who": "human", "agent": None, "name": name, "token": token_hash(token)}
        link = f"/play/{table_id}?token={token}"
        return f"join {seat}", f"seat {seat}", {"seat": seat, "token": token, "link": link}

    return _reseated(tables, table_id, take)


def hand(tables: Tables, table_id: str, host: Any, seat: Any, to: Any) -> dict[str, Any]:
    """The table's creator (its host key) hands a person's seat to an AI agent, which plays
    it until the person takes it back (`back`), or frees a seat whose person never came (or
    hands an open one to the AI): `to` is "open", "ai" (the heuristic agent) or
    "ai:AGENT". The seats as the lobby shows them."""

    def handed(
        rec: Record, game: Game, seats: list[dict[str, Any]]
    ) -> tuple[str, str, dict[str, Any]]:
        given = token_hash(host) if isinstance(host, str) and host else ""
        if not given or not hmac.compare_digest(str(rec.document.get("host", "")), given):
            raise Forbidden("only the table's host key hands a seat on")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
            raise TableError(f"seat: a seat from 0 to {len(seats) - 1}")
        old = seats[seat]
        if old["who"] != "human":
            raise TableError(f"seat {seat} is played by the AI already")
        if to == "open":
            seats[seat] = {"who": "human", "agent": None, "name": "", "token": None, "open": True}
        elif isinstance(to, str) and (to == "ai" or to.startswith("ai:")):
            agent = _agent(rec.document["game"], to)
            away = None if old.get("open") else {"name": old["name"], "token": old["token"]}
            if away and old.get("mail"):
                away["mail"] = old["mail"]  # the person's again when they take it back
            seats[seat] = {"who": "ai", "agent": agent, "name": agent, "token": None, "away": away}
        else:
            raise TableError('to: "open", "ai" or "ai:AGENT"')
        shown = [{"who": s["who"], "name": s["name"]} for s in seats]
        return f"seat {seat} to {to}", "host", {"seats": shown}

    return _reseated(tables, table_id, handed)


def _agent(game: str, to: str) -> str:
    """The agent `to` names ("ai:AGENT"), or the heuristic one, which plays as a person
    would; refused when the game has no such agent or the server no such budget."""
    gk = games.get(game)
    names = gk.agents.names
    agent = to[3:] if to.startswith("ai:") and to[3:] else "heuristic"
    if agent == "heuristic" and agent not in names:
        agent = names[0]
    try:
        gk.agents.check(agent)
        check_budget(agent)
    except ValueError as e:
        raise TableError(f"to: {e}") from None
    return agent


def back(tables: Tables, table_id: str, token: Any) -> dict[str, Any]:
    """A person takes back the seat the AI played while they were away (their own token)."""

    def returned(
        rec: Record, game: Game, seats: list[dict[str, Any]]
    ) -> tuple[str, str, dict[str, Any]]:
        seat = tables.seat_of(rec, token if isinstance(token, str) else None)
        if seat < 0 or not seats[seat].get("away"):
            raise TableError("your seat is yours already: nothing to take back")
        away = seats[seat]["away"]
        seats[seat] = {"who": "human", "agent": None, "name": away["name"], "token": away["token"]}
        if valid_mail(away.get("mail")) and away.get("mail"):
            seats[seat]["mail"] = away["mail"]
        return f"seat {seat} back", f"seat {seat}", {"seat": seat}

    return _reseated(tables, table_id, returned)


def mail_me(tables: Tables, table_id: str, token: Any, address: Any, lang: Any) -> dict[str, Any]:
    """A person gives their seat an address for the turn mails (web/mail.py), in `lang`;
    an empty one stops them. The log's note says which, never the address."""

    def asked(
        rec: Record, game: Game, seats: list[dict[str, Any]]
    ) -> tuple[str, str, dict[str, Any]]:
        seat = tables.player_of(rec, token if isinstance(token, str) else None)
        to = check_address(address)
        seats[:] = with_address(seats, seat, to, lang if isinstance(lang, str) else "")
        note = "asks for turn mails" if to else "stops the turn mails"
        return f"seat {seat} {note}", f"seat {seat}", {"seat": seat, "mail": to}

    return _reseated(tables, table_id, asked)


class Hand(BaseModel):
    """The host hands a seat on: to "open" (free it) or "ai" / "ai:AGENT"."""

    host: str = Field(max_length=64)
    to: str = Field(max_length=80)


class Back(BaseModel):
    """A person takes back the seat the AI played while they were away."""

    token: str = Field(max_length=64)


class MailMe(BaseModel):
    """A seat's address for the turn mails ("" stops them) and their language."""

    token: str = Field(max_length=64)
    address: str = Field(max_length=MAX_ADDRESS + 1)  # one more: too long is told as such
    lang: str = Field(default="en", max_length=8)


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

    @app.get("/api/mail")
    def mails() -> dict[str, bool]:
        """Whether this server sends turn mails (a page offers the address only then)."""
        return {"on": server.mailer is not None}

    @app.post("/api/tables/{table_id}/mail")
    async def seat_mail(table_id: str, body: MailMe) -> dict[str, Any]:
        out = await run_in_threadpool(
            mail_me, tables, table_id, body.token, body.address, body.lang
        )
        server.hub.changed(table_id)  # the seat's page shows the address it gave
        return out

    @app.post("/api/tables/{table_id}/back")
    async def seat_back(table_id: str, body: Back) -> dict[str, Any]:
        out = await run_in_threadpool(back, tables, table_id, body.token)
        server.changed(table_id)
        return out
