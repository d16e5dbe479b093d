"""Action logs, replays and state hashes.

Logs are persistent cons lists, so that a clone shares its history with the
original instead of copying it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Chain(Generic[T]):
    """An immutable singly linked list that grows at the end; O(1) append, shared tails."""

    __slots__ = ("head", "rest", "size")

    def __init__(self, head: T | None = None, rest: Chain[T] | None = None, size: int = 0) -> None:
        self.head = head
        self.rest = rest
        self.size = size

    def add(self, item: T) -> Chain[T]:
        return Chain(item, self, self.size + 1)

    def __len__(self) -> int:
        return self.size

    def to_list(self) -> list[T]:
        out: list[T] = []
        node: Chain[T] | None = self
        while node is not None and node.size:
            out.append(node.head)  # type: ignore[arg-type]
            node = node.rest
        out.reverse()
        return out

    def __iter__(self) -> Iterator[T]:
        return iter(self.to_list())

    def last(self, n: int) -> list[T]:
        out: list[T] = []
        node: Chain[T] | None = self
        while node is not None and node.size and len(out) < n:
            out.append(node.head)  # type: ignore[arg-type]
            node = node.rest
        out.reverse()
        return out

    @staticmethod
    def of(items: Iterable[T]) -> Chain[T]:
        chain: Chain[T] = Chain()
        for item in items:
            chain = chain.add(item)
        return chain


EMPTY: Chain[Any] = Chain()


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(data: Any) -> str:
    """SHA-256 of the canonical JSON of a saved state."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def replay(new_game: Callable[[], Any], actions: Iterable[str]) -> Any:
    """Play `actions` (in notation) from a fresh game; the game is returned."""
    game = new_game()
    for text in actions:
        game.apply(text)
    return game
