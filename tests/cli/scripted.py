"""Drive the shared read-eval loop from a list of typed lines (tests of both CLIs)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.console import Console

from towerplay.cli import loop


def scripted(lines: Iterable[str]) -> Callable[[str], str]:
    """A `read` that answers each prompt with the next line, then ends input."""
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def play(screen: Any, game: Any, lines: Iterable[str], **kw: Any) -> tuple[Any, str]:
    """Play `lines` through the loop on a recording console: the game and the screen text."""
    c = Console(record=True, width=100, color_system=None)
    g = loop.play_loop(screen, game, c, scripted(lines), **kw)
    return g, c.export_text()


def says(out: str, text: str) -> bool:
    """Whether the screen text says `text` however the console folded it: a message naming a
    long path is folded at the width, within a word or at a space, so both are compared with
    their whitespace taken out."""
    return "".join(text.split()) in "".join(out.split())
