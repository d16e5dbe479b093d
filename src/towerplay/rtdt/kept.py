"""Parts of one game's observations kept with the public facts they were built from
(rtdt/observe.py): a part is rebuilt only when those facts change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Kept:
    """The parts of one game's observations, each kept with the public facts it was built
    from: a part is rebuilt only when those facts change, so an agent that observes at every
    decision pays only for what moved. Kept parts are shared by the observations that hold
    them, which is why an observation is read-only (docs/observe.md)."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: dict[Any, tuple[Any, Any]] = {}

    def get(self, name: Any, key: Any, build: Callable[[], Any]) -> Any:
        hit = self.parts.get(name)
        if hit is not None and (hit[0] is key or hit[0] == key):  # the same Config: no compare
            return hit[1]
        value = build()
        self.parts[name] = (key, value)
        return value
