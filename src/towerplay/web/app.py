"""The server: a JSON API and a WebSocket per seat over the tables of one store.

Every change reaches every connected page: a change made in this process wakes the table's
pages at once, and every `poll` seconds one query reads the versions of all the tables pages
are open on, so a change made by another server process on the same database arrives too. AI seats play in
the background, one action every `pace` seconds, so a person can follow them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from anyio import ClosedResourceError
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from towerplay.core.errors import SaveError, TowerplayError
from towerplay.games import GAMES
from towerplay.i18n import LANGUAGES, catalog
from towerplay.rtdt.board_view import board_view
from towerplay.store import Store
from towerplay.store.group import GroupCommitter
from towerplay.web.campaigns import found, open_campaign
from towerplay.web.chat import Chats, add_chat
from towerplay.web.errors import TableError
from towerplay.web.guards import (
    BodyLimit,
    Full,
    HostCheck,
    Limits,
    RateLimit,
    TooMany,
    error_body,
)
from towerplay.web.lobby import add_lobby
from towerplay.web.mail import Mailer, MailSettings
from towerplay.web.replays import add_replays
from towerplay.web.seats import Created
from towerplay.web.tables import Tables

STATIC = Path(__file__).parent / "static"


class NewTable(BaseModel):
    game: str = Field(description="rtdt or tactics")
    config: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, lt=2**31, description="none: secret, random")
    seats: list[dict[str, str | bool]]
    name: str = ""
    spectators_chat: bool = Field(default=True, description="whether spectators read the chat")
    private: bool = Field(default=False, description="joined by its links only, not the lobby")


class OpenCampaign(BaseModel):
    """A table of a campaign kept in the store: its key, and its seats as a new table's."""

    key: str = Field(max_length=64)
    seats: list[dict[str, str | bool]]
    name: str = ""


class Move(BaseModel):
    token: str
    action: str
    version: int


class UnknownName(TableError):
    status = 404


class Turn(BaseModel):
    """An undo or a redo asked on the version the page showed."""

    token: str
    version: int


class Hub:
    """Per table, an event that is set (and replaced) whenever the table changes here."""

    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}

    def waiter(self, table_id: str) -> asyncio.Event:
        return self._events.setdefault(table_id, asyncio.Event())

    def changed(self, table_id: str) -> None:
        old = self._events.pop(table_id, None)
        if old is not None:
            old.set()


class Server:
    """What the routes share: the tables, the change hub, and the AI seats' background play."""

    def __init__(
        self,
        store: Store,
        pace: float,
        poll: float,
        group: bool,
        limits: Limits,
        mail: MailSettings | None = None,
    ) -> None:
        self.group = GroupCommitter(store) if group else None
        self.tables = Tables(store, self.group)
        self.present: dict[tuple[str, int], int] = {}  # (table, seat): its pages open here
        self.mailer = None if mail is None else Mailer(mail, self.is_present)
        if self.mailer is not None:
            self.tables.on_turn = self.mailer.turn
        self.chats = Chats(self.tables)
        self.limits = limits
        self.rate = RateLimit(limits.tables_per_minute)
        self.hub = Hub()
        self.pace, self.poll = pace, poll
        self.running: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.watched: dict[str, int] = {}  # table: how many of its pages are open here

    async def run_ai(self, table_id: str) -> None:
        """Play the AI seats of a table until a person is to act or the game ends."""
        if table_id in self.running:
            return
        self.running.add(table_id)
        try:
            while True:
                await asyncio.sleep(self.pace)
                if not await run_in_threadpool(self.tables.ai_turn, table_id):
                    break
                self.hub.changed(table_id)
        finally:
            self.running.discard(table_id)

    def room_for_a_table(self, request: Request) -> None:
        """A new table may be made for this client: its address has not made too many in
        the last minute (TooMany) and the store holds fewer tables in play than the server
        may keep (Full)."""
        self.rate.take(request.client.host if request.client else "")
        most = self.limits.tables_in_play
        if self.tables.in_play() >= most:
            raise Full(f"this server has {most} tables in play, as many as it may: try later")

    def opened(self, table_id: str) -> None:
        """A page opens its socket on this table, counted at once (`closed` when it goes):
        TooMany past the sockets this process keeps open, in all or on one table."""
        most, per_table = self.limits.sockets, self.limits.sockets_per_table
        if sum(self.watched.values()) >= most:
            raise TooMany(f"this server has {most} pages open, as many as it may: try later")
        if self.watched.get(table_id, 0) >= per_table:
            raise TooMany(f"this table has {per_table} pages open, as many as it may")
        self.watched[table_id] = self.watched.get(table_id, 0) + 1

    def is_present(self, table_id: str, seat: int) -> bool:
        return self.present.get((table_id, seat), 0) > 0

    def arrived(self, table_id: str, seat: int, by: int) -> None:
        """A page of `seat` opened (`by` 1) or closed (-1) here: no turn mail while one is."""
        key = (table_id, seat)
        self.present[key] = self.present.get(key, 0) + by
        if self.present[key] <= 0:
            del self.present[key]

    def closed(self, table_id: str) -> None:
        self.watched[table_id] -= 1
        if not self.watched[table_id]:
            del self.watched[table_id]

    def start_ai(self, table_id: str) -> None:
        task = asyncio.get_running_loop().create_task(self.run_ai(table_id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def changed(self, table_id: str) -> None:
        self.hub.changed(table_id)
        if self.tables.ai_may_act(table_id):
            self.start_ai(table_id)

    async def watch(self) -> None:
        """Every `poll` seconds, one look at the versions of the tables with pages open here
        (not one per page): a table another process moved on is loaded anew and its pages
        are woken. A failing look is tried again at the next poll."""
        while True:
            await asyncio.sleep(self.poll)
            ids = list(self.watched)
            try:
                found = await run_in_threadpool(self.tables.store.versions, ids)
            except TowerplayError:
                continue
            for table_id, version in found.items():
                if version == self.tables.kept_version(table_id):
                    continue
                with contextlib.suppress(TowerplayError):
                    await run_in_threadpool(self.tables.load, table_id)
                self.hub.changed(table_id)
            await self.watch_chats(ids)

    async def watch_chats(self, ids: Sequence[str]) -> None:
        """The chats of the same tables: one said elsewhere wakes this process's pages."""
        known = self.chats.known()
        chats = {known[t]: t for t in ids if t in known}
        try:
            found = await run_in_threadpool(self.tables.store.versions, list(chats))
        except TowerplayError:
            return
        for rid, version in found.items():
            if self.chats.heard(chats[rid], version):
                self.hub.changed(chats[rid])


def create_app(
    store: Store,
    pace: float = 0.3,
    poll: float = 1.0,
    group_commit: bool = False,
    hosts: Sequence[str] | None = None,
    limits: Limits | None = None,
    mail: MailSettings | None = None,
) -> FastAPI:
    """The server's app. `group_commit` makes the actions of many tables that arrive
    together one transaction (store/group.py); each is still answered only once on disk.
    `hosts`: the names besides IP addresses and `localhost` its Host header may carry
    (`towerplay serve --allowed-host`); None checks none (an app embedded in a test).
    `limits`: the server's bounds (web/guards.py). `mail`: where turn mails go out
    (web/mail.py; None: no mails)."""
    server = Server(store, pace, poll, group_commit, limits or Limits(), mail)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        for entry in await run_in_threadpool(server.tables.lobby):  # resume AI after a restart
            if entry.get("ai_to_act") and entry.get("result") is None:
                server.start_ai(entry["id"])
        watcher = asyncio.get_running_loop().create_task(server.watch())
        yield
        watcher.cancel()
        for task in list(server.tasks):
            task.cancel()
        if server.group is not None:
            server.group.close()
        if server.mailer is not None:
            server.mailer.close()

    app = FastAPI(title="towerplay", lifespan=lifespan)
    app.state.server = server
    app.add_middleware(BodyLimit)
    if hosts is not None:
        app.add_middleware(HostCheck, names=hosts)

    @app.exception_handler(TableError)
    async def table_error(_request: Any, e: TableError) -> JSONResponse:
        return JSONResponse(error_body(e), status_code=e.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Any, e: RequestValidationError) -> JSONResponse:
        """A body FastAPI cannot read: what is wrong, by field; never the input itself (a
        NaN in it cannot be written back as JSON, which answered 500)."""
        wrong = "; ".join(
            f"{'.'.join(str(p) for p in err.get('loc', ())[1:]) or 'body'}: {err.get('msg')}"
            for err in e.errors()
        )
        return JSONResponse({"error": f"malformed request: {wrong}", "rule": None}, 422)

    @app.exception_handler(SaveError)
    async def damaged(_request: Any, e: SaveError) -> JSONResponse:
        return JSONResponse({"error": f"the table cannot be read: {e}"}, status_code=500)

    add_pages(app)
    add_api(app, server)
    add_chat(app, server)
    add_lobby(app, server)
    add_replays(app, server.tables)
    add_socket(app, server)
    return app


def add_pages(app: FastAPI) -> None:
    """The pages and what they fetch besides the tables: assets, the board, the words."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{table_id}", include_in_schema=False)
    def play_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "play.html")

    @app.get("/api/boards/rtdt")
    def rtdt_board() -> dict[str, Any]:
        return board_view()

    @app.get("/api/i18n/{lang}")
    def words(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise TableError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
        return dict(catalog(lang).words)  # the pages', the glossary's and the engines'


def add_api(app: FastAPI, server: Server) -> None:
    """The tables over HTTP: the games, the lobby, making a table, a seat's view, acting."""
    tables = server.tables

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        return {
            name: {
                "title": g.title,
                "agents": list(g.agents.names),
                "choices": g.choices() if g.choices is not None else {},
            }
            for name, g in GAMES.items()
        }

    page = server.limits.lobby_page

    @app.get("/api/tables")
    def lobby(
        offset: int = Query(default=0, ge=0), limit: int = Query(default=page, ge=1, le=page)
    ) -> list[dict[str, Any]]:
        return tables.lobby(offset, limit)

    @app.post("/api/tables", status_code=201)
    async def new_table(body: NewTable, request: Request) -> dict[str, Any]:
        await run_in_threadpool(server.room_for_a_table, request)
        made = await run_in_threadpool(
            tables.create,
            body.game,
            body.config,
            body.seed,
            body.seats,
            body.name,
            body.spectators_chat,
            body.private,
        )
        await run_in_threadpool(server.chats.record_id, made.id, True)
        server.start_ai(made.id)
        return links(made)

    @app.get("/api/campaigns/{campaign_id}")
    def campaign(campaign_id: str, key: str = Query(max_length=64)) -> dict[str, Any]:
        return found(tables.store, campaign_id, key)

    @app.post("/api/campaigns/{campaign_id}/tables", status_code=201)
    async def campaign_table(
        campaign_id: str, body: OpenCampaign, request: Request
    ) -> dict[str, Any]:
        await run_in_threadpool(server.room_for_a_table, request)
        made = await run_in_threadpool(
            open_campaign, tables, campaign_id, body.key, body.seats, body.name
        )
        await run_in_threadpool(server.chats.record_id, made.id, True)
        server.start_ai(made.id)
        return links(made)

    @app.get("/api/tables/{table_id}")
    def view(table_id: str, token: str | None = Query(default=None)) -> dict[str, Any]:
        return tables.view(table_id, token)

    @app.get("/api/tables/{table_id}/describe")
    def describe(
        table_id: str,
        name: str,
        token: str | None = Query(default=None),
        lang: str | None = Query(default=None),
    ) -> dict[str, Any]:
        if lang is not None and lang not in LANGUAGES:
            raise TableError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
        text = tables.describe(table_id, token, name, lang)
        if text is None:
            raise UnknownName(f"nothing is called {name!r}")
        return {"name": name, "text": text}

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, move: Move) -> dict[str, Any]:
        out = await run_in_threadpool(tables.act, table_id, move.token, move.action, move.version)
        server.changed(table_id)
        return out

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, turn: Turn) -> dict[str, Any]:
        out = await run_in_threadpool(tables.undo, table_id, turn.token, turn.version)
        server.changed(table_id)
        return out

    @app.post("/api/tables/{table_id}/redo")
    async def redo(table_id: str, turn: Turn) -> dict[str, Any]:
        out = await run_in_threadpool(tables.redo, table_id, turn.token, turn.version)
        server.changed(table_id)
        return out


def links(made: Created) -> dict[str, Any]:
    """A new table's answer: each person's seat link (None for an AI) and the spectators'."""
    return {
        "id": made.id,
        "seats": [
            None if t is None else {"token": t, "link": f"/play/{made.id}?token={t}"}
            for t in made.tokens
        ],  # None: an AI's seat, or an open one (joined from the lobby: POST .../join)
        "spectator": {"token": made.spectator, "link": f"/play/{made.id}?token={made.spectator}"},
        "host": {"token": made.host},  # hands a seat to the AI or frees it: keep it
    }


def add_socket(app: FastAPI, server: Server) -> None:
    """A seat's WebSocket: its view now and after every change; its actions."""
    tables = server.tables

    @app.websocket("/api/tables/{table_id}/ws")
    async def seat_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            server.opened(table_id)
        except TooMany as e:  # closed with "try again later"
            await websocket.send_json(error_body(e))
            await websocket.close(code=1013)
            return
        pusher: asyncio.Task[None] | None = None
        seat: int | None = None
        try:
            try:
                first = await run_in_threadpool(tables.view, table_id, token)
            except TableError as e:
                await websocket.send_json(error_body(e))
                await websocket.close(code=4000 + e.status)
                return
            await websocket.send_json(first)
            seat = int(first["seat"])
            server.arrived(table_id, seat, 1)
            sent = [first["version"]]  # the version this page was sent last (listen too)
            said = await run_in_threadpool(server.chats.read, table_id, token)
            if said["messages"] or said.get("closed"):  # what was said before it opened
                await websocket.send_json({"chat": said})
            # the chat's version this page was sent last (none more when spectators may not)
            heard = [sys.maxsize if said.get("closed") else said["version"]]

            async def push() -> None:
                with contextlib.suppress(WebSocketDisconnect, ClosedResourceError):
                    await pushing()  # until the page goes (its listener then ends too)

            async def pushing() -> None:
                while True:
                    waiter = server.hub.waiter(table_id)
                    # woken by a change made here or found by Server.watch (which loads the
                    # table first), both kept; the timeout catches a change made while this
                    # page was being sent the last one
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(waiter.wait(), timeout=server.poll)
                    kept = tables.kept_version(table_id)
                    if kept is None or kept != sent[0]:
                        v = await run_in_threadpool(tables.view, table_id, token)
                        if v["version"] > sent[0]:  # listen may have sent a newer one
                            sent[0] = v["version"]
                            await websocket.send_json(v)
                    if server.chats.seen(table_id) > heard[0]:
                        more = await run_in_threadpool(server.chats.read, table_id, token, heard[0])
                        heard[0] = max(heard[0], more["version"])
                        if more["messages"]:
                            await websocket.send_json({"chat": more})

            pusher = asyncio.create_task(push())
            await listen(websocket, server, table_id, token, sent)
        except WebSocketDisconnect:
            pass
        finally:
            if pusher is not None:
                pusher.cancel()
            if seat is not None:
                server.arrived(table_id, seat, -1)
            server.closed(table_id)


# the longest message a page sends: an action (MAX_ACTION characters) and its version
MAX_MESSAGE = 4_096


async def receive_text(websocket: WebSocket) -> str:
    """The next text message. A binary frame or one longer than MAX_MESSAGE is refused with
    an error message and the socket stays open; a closed socket raises WebSocketDisconnect
    (Starlette's receive_text would fail with a KeyError on a binary frame)."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            await websocket.send_json(
                error_body(TableError("send text frames of JSON, not binary"))
            )
        elif len(text) > MAX_MESSAGE:
            await websocket.send_json(
                error_body(TableError(f"a message is at most {MAX_MESSAGE} characters"))
            )
        else:
            return str(text)


async def listen(
    websocket: WebSocket, server: Server, table_id: str, token: str | None, sent: list[int]
) -> None:
    """A seat's messages: each an action on a version. The view it made is sent back at
    once (and `sent` says so, so the pusher does not send it again); a refusal too."""
    while True:
        text = await receive_text(websocket)
        try:
            try:
                msg = json.loads(text)
            except (ValueError, RecursionError):  # not JSON, or nested past the parser
                raise TableError('not JSON: send {"action": ..., "version": ...}') from None
            if not isinstance(msg, dict):
                raise TableError('expected {"action": ..., "version": ...}')
            if "chat" in msg:  # a message to the table's chat: the pages are woken
                await run_in_threadpool(
                    server.chats.say, table_id, token, msg["chat"], msg.get("to")
                )
                server.hub.changed(table_id)
                continue
            if msg.get("undo") or msg.get("redo"):
                step = server.tables.undo if msg.get("undo") else server.tables.redo
                view = await run_in_threadpool(step, table_id, token, msg.get("version"))
            else:
                view = await run_in_threadpool(
                    server.tables.act, table_id, token, msg.get("action"), msg.get("version")
                )
        except TableError as e:
            await websocket.send_json(error_body(e))
            continue
        if view["version"] > sent[0]:
            sent[0] = view["version"]
            await websocket.send_json(view)
        server.changed(table_id)
