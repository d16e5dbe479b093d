"""A table's chat: what its seats say to each other, kept beside the table.

A chat is a store record of its own (kind `chat-TABLE`), each message one entry of its log
appended on the version read (a message racing another is appended again on the new one, so
none is lost and none is written twice). It is never in the table's own log, which holds
only what replays. Only a seat writes, with its token; a message goes to every seat, or is a
whisper to one seat, which only the two seats see. Spectators read the messages to everyone
unless the table's creator said they may not (`spectators_chat: false`). Every input is
bounded: a message's length, a seat's messages a minute in this process, a chat's messages.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Query
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from towerplay.core.protocol import SPECTATOR
from towerplay.store import StaleVersion, Store
from towerplay.web.errors import Forbidden, TableError
from towerplay.web.guards import TooMany
from towerplay.web.tables import Tables

if TYPE_CHECKING:
    from towerplay.web.app import Server

KIND = "chat-"
FORMAT = "towerplay-chat-1"
MAX_TEXT = 500  # characters in a message
MAX_MESSAGES = 2_000  # a chat's messages; past them it is full
SHOWN = 200  # the latest messages a page is sent when it opens
PER_MINUTE = 20  # a seat's messages a minute (in this process)
TRIES = 5  # appends of one message raced by others before giving up


class Chats:
    """The chats of one store's tables."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store: Store = tables.store
        self._ids: dict[str, str] = {}  # table: its chat's record, once known
        self._said: dict[tuple[str, int], deque[float]] = {}
        self._versions: dict[str, int] = {}  # table: its chat's version last seen here
        self._lock = threading.Lock()

    # --- where a chat is kept ---------------------------------------------------------------

    def record_id(self, table_id: str, create: bool = False) -> str | None:
        """The chat record of a table (made when `create` and there is none). Two processes
        making one at once both settle on the first made, so a chat is never split."""
        with self._lock:
            known = self._ids.get(table_id)
        if known is not None:
            return known
        found = self._first(table_id)
        if found is None and create:
            self.store.create(KIND + table_id, table_id, {"format": FORMAT}, {})
            found = self._first(table_id)
        if found is not None:
            with self._lock:
                self._ids[table_id] = found
        return found

    def _first(self, table_id: str) -> str | None:
        entries = self.store.list(KIND + table_id)
        if not entries:
            return None
        return min(entries, key=lambda e: (e.created, e.id)).id

    def known(self) -> dict[str, str]:
        """The chat record of each table this process has met: table -> record."""
        with self._lock:
            return dict(self._ids)

    def seen(self, table_id: str) -> int:
        """The chat's version last seen here (said here, read, or found by the server's
        watch): a page sent less is sent the rest. No store read."""
        with self._lock:
            return self._versions.get(table_id, 0)

    def heard(self, table_id: str, version: int) -> bool:
        """The chat is at `version` (found by a look at the store): whether that is news."""
        with self._lock:
            if version <= self._versions.get(table_id, 0):
                return False
            self._versions[table_id] = version
            return True

    # --- saying and reading -----------------------------------------------------------------

    def say(self, table_id: str, token: str | None, text: Any, to: Any = None) -> dict[str, Any]:
        """A seat's message to every seat (`to` None) or to one seat; the message as its
        writer reads it back."""
        rec, _game = self.tables.load(table_id)
        seat = self.tables.seat_of(rec, token)
        if seat == SPECTATOR:
            raise Forbidden("spectators read the chat; only the seats write in it")
        seats = rec.document["seats"]
        if not isinstance(text, str) or not text.strip():
            raise TableError("chat: say something (a text of 1 to 500 characters)")
        text = " ".join(text.split())  # one line: no control characters, no blank runs
        if len(text) > MAX_TEXT:
            raise TableError(f"chat: a message is at most {MAX_TEXT} characters")
        if to is not None:
            if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < len(seats):
                raise TableError(f"chat: to is a seat from 0 to {len(seats) - 1}, or null")
            if to == seat:
                raise TableError("chat: a whisper goes to another seat")
        self._take(table_id, seat)
        rid = self.record_id(table_id, create=True)
        assert rid is not None
        line = json.dumps({"to": to, "text": text}, ensure_ascii=False)
        for _ in range(TRIES):
            version = self.store.version(rid)
            if version >= MAX_MESSAGES:
                raise TableError(f"this table's chat is full ({MAX_MESSAGES} messages)")
            try:
                entry = self.store.append(rid, version, line, {}, actor=str(seat))
            except StaleVersion:
                continue  # another message came first: this one goes after it
            self.heard(table_id, entry.version)
            return _message(entry.version, seat, seats, to, text, entry.updated.isoformat())
        raise TooMany("the chat is busy: send it again")

    def _take(self, table_id: str, seat: int) -> None:
        """A seat may say PER_MINUTE messages a minute here: one more, or TooMany."""
        now = time.monotonic()
        with self._lock:
            said = self._said.setdefault((table_id, seat), deque())
            while said and now - said[0] > 60:
                said.popleft()
            if len(said) >= PER_MINUTE:
                raise TooMany(f"at most {PER_MINUTE} chat messages a minute: wait a little")
            said.append(now)

    def read(self, table_id: str, token: str | None, after: int = 0) -> dict[str, Any]:
        """The messages after `after` that this token may read (its seat's whispers, every
        message to all; a spectator's, none when the table keeps them from spectators),
        the latest SHOWN of them, and the chat's version."""
        rec, _game = self.tables.load(table_id)
        seat = self.tables.seat_of(rec, token)
        if seat == SPECTATOR and not rec.document.get("spectators_chat", True):
            return {"version": 0, "messages": [], "closed": True}
        rid = self.record_id(table_id)
        if rid is None:
            return {"version": 0, "messages": []}
        seats = rec.document["seats"]
        out: list[dict[str, Any]] = []
        version = after
        for logged in self.store.actions(rid, after):
            version = logged.version
            said = _parsed(logged.action)
            sender = int(logged.actor or 0)
            to = said["to"]
            if to is not None and seat not in (sender, to):
                continue  # a whisper between two other seats
            out.append(_message(version, sender, seats, to, said["text"], logged.at.isoformat()))
        self.heard(table_id, version)
        return {"version": version, "messages": out[-SHOWN:]}


def _parsed(line: str) -> dict[str, Any]:
    said = json.loads(line)
    return {"to": said.get("to"), "text": str(said.get("text", ""))}


def _message(
    n: int, seat: int, seats: list[dict[str, Any]], to: int | None, text: str, at: str
) -> dict[str, Any]:
    return {
        "n": n,
        "from": seat,
        "name": seats[seat]["name"],
        "to": to,
        "to_name": None if to is None else seats[to]["name"],
        "text": text,
        "at": at,
    }


class Say(BaseModel):
    """A chat message: to every seat (`to` null) or whispered to one seat."""

    token: str
    text: str = Field(max_length=4 * MAX_TEXT)  # checked again once its spaces are folded
    to: int | None = None


def add_chat(app: FastAPI, server: Server) -> None:
    """A table's chat over HTTP (the socket takes `{"chat": ...}` too): web/chat.py."""

    @app.get("/api/tables/{table_id}/chat")
    def chat(
        table_id: str, token: str | None = Query(default=None), after: int = Query(default=0, ge=0)
    ) -> dict[str, Any]:
        return server.chats.read(table_id, token, after)

    @app.post("/api/tables/{table_id}/chat", status_code=201)
    async def say(table_id: str, body: Say) -> dict[str, Any]:
        out = await run_in_threadpool(server.chats.say, table_id, body.token, body.text, body.to)
        server.hub.changed(table_id)
        return out
