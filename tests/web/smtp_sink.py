"""A local SMTP server for the tests (aiosmtpd): it keeps what the turn mails (web/mail.py)
send it, and nothing leaves the machine."""

from __future__ import annotations

import email
import email.policy
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


class Sink:
    """What the SMTP server received: (recipient, message) pairs."""

    def __init__(self) -> None:
        self.got: list[tuple[str, EmailMessage]] = []
        self.port = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        for to in envelope.rcpt_tos:
            self.got.append((to, message))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for t, m in self.got if t == address]

    def wait_for(self, count: int, seconds: float = 10) -> None:
        """Until `count` mails have arrived (or `seconds` passed: the test then says so)."""
        deadline = time.monotonic() + seconds
        while len(self.got) < count and time.monotonic() < deadline:
            time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def smtp_sink() -> Iterator[Sink]:
    sink = Sink()
    sink.port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=sink.port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()
