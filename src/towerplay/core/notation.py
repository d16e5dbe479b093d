"""Actions and their canonical text.

An action is a tuple of lowercase tokens; its text is the tokens joined by one
space. `parse(str(a)) == a` holds by construction, so the CLI, replays and tests
all speak the same notation.
"""

from __future__ import annotations

from typing import Any


class Action(tuple[str, ...]):
    """A game action: a verb followed by its arguments, all strings."""

    __slots__ = ()

    def __new__(cls, *tokens: Any) -> Action:
        return super().__new__(cls, tuple(str(t) for t in tokens))

    @property
    def verb(self) -> str:
        return self[0]

    def __str__(self) -> str:
        return " ".join(self)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def parse(text: str) -> Action:
    """Action text to an Action (whitespace-insensitive, case-insensitive)."""
    return Action(*text.strip().lower().split())
