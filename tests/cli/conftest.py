"""The terminal fixture of the CLI tests: the `towerplay` command in a real pseudo-terminal
(pexpect runs it, pyte keeps the screen), at the sizes every screen is tried at."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator

import pexpect
import pyte
import pytest

WAIT = 120.0  # seconds for a screen, on a loaded machine


class Terminal:
    """The `towerplay` command in a pseudo-terminal of `cols` x `rows`."""

    def __init__(
        self, args: list[str], cols: int, rows: int, env: dict[str, str] | None = None
    ) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        if env is None:
            env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
            env.update(TERM="xterm-256color", PAGER="cat")
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "towerplay.cli.main", *args],
            dimensions=(rows, cols),
            env=env,
            timeout=WAIT,
        )

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    @property
    def cursor_line(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def until_prompt(self, prompt: str = "> ") -> list[str]:
        """Read until the program waits for a line ending with `prompt` (or with a page of
        "while you waited" asking for Enter); the screen then."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                self.stream.feed(self.child.read_nonblocking(1 << 16, timeout=0.5))
            except pexpect.TIMEOUT:
                if self.cursor_line.endswith((prompt.rstrip(), *PAGES)):
                    return self.lines
            except pexpect.EOF:
                return self.lines
        raise AssertionError("no prompt:\n" + "\n".join(self.lines))

    def send(self, line: str) -> list[str]:
        self.child.send(line + "\r")
        return self.until_prompt()

    def through_pages(self, lines: list[str]) -> tuple[list[str], str]:
        """From `lines`, Enter through the pages of "while you waited" to the next prompt:
        that screen, and the pages' text."""
        pages = []
        while self.cursor_line.endswith(PAGES):
            pages.append("\n".join(lines))
            lines = self.send("")
        return lines, "\n".join(pages)

    def close(self) -> None:
        self.child.close(force=True)


@pytest.fixture
def terminal() -> Iterator[object]:
    opened: list[Terminal] = []

    def open_(args: list[str], cols: int, rows: int, env: dict[str, str] | None = None) -> Terminal:
        t = Terminal(args, cols, rows, env)
        opened.append(t)
        return t

    yield open_
    for t in opened:
        t.close()


SIZES = [(120, 40), (80, 24)]
PAGES = ("Enter: more", "Enter: your turn")  # the pages of "while you waited" (cli/loop.py)
