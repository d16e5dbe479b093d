"""What the server refuses before a game sees it, and how a refusal is answered: a body too
large, a Host name it was not started for, too many new tables from one client, too many
tables in play, too many open sockets (docs/web.md, "Bounds")."""

from __future__ import annotations

import ipaddress
import json
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from towerplay.web.errors import TableError


@dataclass(frozen=True)
class Limits:
    """A server's bounds. Each guards a resource one visitor could otherwise take whole."""

    tables_per_minute: int = 10  # new tables one client (address) makes: a burst, then this
    tables_in_play: int = 2_000  # tables not over yet, in the whole store
    sockets: int = 1_000  # open WebSockets in this process
    sockets_per_table: int = 24  # a table's seats and spectators, a few pages each
    lobby_page: int = 100  # tables the lobby lists in one answer (the most it gives)


class TooMany(TableError):
    status = 429


class Full(TableError):
    status = 503


def error_body(e: Exception) -> dict[str, Any]:
    body = {"error": str(e), "rule": getattr(e, "rule", None)}
    said = getattr(e, "said", None)
    if said is not None:  # a game's refusal, for the page to word in its language
        body["refusal"] = said
    return body


class RateLimit:
    """New tables per client: a bucket of `per_minute` that refills one every 60/per_minute
    seconds (a token bucket). Buckets that have refilled are forgotten once there are many,
    so the clients it remembers are bounded too."""

    def __init__(
        self, per_minute: int, clock: Callable[[], float] = time.monotonic, most: int = 10_000
    ) -> None:
        self.size = per_minute
        self.every = 60.0 / per_minute
        self.clock = clock
        self.most = most
        self._buckets: dict[str, tuple[float, float]] = {}  # client: (tokens, at)
        self._lock = threading.Lock()

    def take(self, client: str) -> None:
        """One new table for `client`, or TooMany saying when it may make the next."""
        now = self.clock()
        with self._lock:
            tokens, at = self._buckets.get(client, (float(self.size), now))
            tokens = min(float(self.size), tokens + (now - at) / self.every)
            if tokens < 1:
                wait = math.ceil((1 - tokens) * self.every)
                raise TooMany(
                    f"too many new tables from your address: at most {self.size} a minute; "
                    f"try again in {wait} s"
                )
            self._buckets[client] = (tokens - 1, now)
            if len(self._buckets) > self.most:
                full = self.size * self.every
                self._buckets = {c: v for c, v in self._buckets.items() if now - v[1] < full}


# the largest request body the server reads: a new table's seats and options, an action
MAX_BODY = 64_000


class BodyTooLarge(TableError):
    status = 413


class BodyLimit:
    """ASGI middleware: a request body over MAX_BODY bytes is refused with 413 before it is
    read whole (by its Content-Length, or as its chunks arrive)."""

    def __init__(self, app: Any, most: int = MAX_BODY) -> None:
        self.app = app
        self.most = most

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        app, most = self.app, self.most
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        length = dict(scope.get("headers") or ()).get(b"content-length", b"0")
        too_large = json.dumps(error_body(BodyTooLarge(f"a request body is at most {most} bytes")))
        refused = False

        async def refuse() -> None:
            nonlocal refused
            refused = True
            await send({"type": "http.response.start", "status": 413,
                        "headers": [(b"content-type", b"application/json")]})  # fmt: skip
            await send({"type": "http.response.body", "body": too_large.encode()})

        if not length.isdigit() or int(length) > most:
            await refuse()
            return
        seen = 0

        async def counted() -> dict[str, Any]:
            nonlocal seen
            message: dict[str, Any] = await receive()
            seen += len(message.get("body", b""))
            if seen > most and not refused:  # a chunked body with no length told
                await refuse()
                return {"type": "http.disconnect"}  # the app stops reading
            return message

        async def unless_refused(message: dict[str, Any]) -> None:
            if not refused:
                await send(message)

        try:
            await app(scope, counted, unless_refused)
        except Exception:
            if not refused:  # the app's own failure; one that followed the refusal is moot
                raise


class HostCheck:
    """ASGI middleware against DNS rebinding: a request (or a WebSocket) whose Host header
    names anything but an IP address, `localhost` or one of `names` is refused with 400, so
    a page of another site cannot reach a server on this machine or its network through a
    name of its own that resolves here."""

    def __init__(self, app: Any, names: Sequence[str]) -> None:
        self.app = app
        self.names = {n.lower() for n in names} | {"localhost"}

    def allowed(self, host: str) -> bool:
        if host.startswith("["):  # [::1]:8000
            name = host[1 : host.find("]")] if "]" in host else host
        else:  # name:port, or a bare IPv6 address
            name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return name.lower() in self.names

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            host = dict(scope.get("headers") or ()).get(b"host", b"").decode("latin-1")
            if not self.allowed(host):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                body = json.dumps({"error": f"this server does not answer to {host!r}"})
                await send({"type": "http.response.start", "status": 400,
                            "headers": [(b"content-type", b"application/json")]})  # fmt: skip
                await send({"type": "http.response.body", "body": body.encode()})
                return
        await self.app(scope, receive, send)
