"""The immutable side of a game: content, board and per-card ability indexes.

One World is built per content set and shared by every game and clone.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from towerplay.rtdt.board import Board
from towerplay.rtdt.content import Content, load_content
from towerplay.rtdt.models import (
    Advantage,
    Card,
    Flagged,
    Modifier,
    Restrict,
    Triggered,
    Use,
)


@dataclass(frozen=True)
class World:
    content: Content
    board: Board
    cards: dict[str, Card]  # every virtue, gear, potion, treasure and corruption by id
    kind_of: dict[str, str]  # card id -> virtue | gear | potion | treasure | corruption
    modifiers: dict[str, tuple[Modifier, ...]]
    triggers: dict[str, tuple[Triggered, ...]]
    uses: dict[str, tuple[Use, ...]]
    flags: dict[str, tuple[Flagged, ...]]
    restrictions: dict[str, frozenset[str]]
    advantages: dict[str, tuple[Advantage, ...]]

    @staticmethod
    def build(content: Content) -> World:
        cards: dict[str, Card] = {}
        kind_of: dict[str, str] = {}
        for kind, table in (
            ("virtue", content.virtues),
            ("gear", content.gear),
            ("potion", content.potions),
            ("treasure", content.treasures),
            ("corruption", content.corruptions),
        ):
            for cid, card in table.items():
                cards[cid] = card
                kind_of[cid] = kind

        def pick(cls: type) -> dict[str, tuple[Any, ...]]:
            return {cid: tuple(a for a in c.abilities if isinstance(a, cls)) for cid, c in cards.items()}

        return World(
            content=content,
            board=Board.build(content.board),
            cards=cards,
            kind_of=kind_of,
            modifiers=pick(Modifier),
            triggers=pick(Triggered),
            uses=pick(Use),
            flags=pick(Flagged),
            restrictions={
                cid: frozenset(a.what for a in c.abilities if isinstance(a, Restrict))
                for cid, c in cards.items()
            },
            advantages=pick(Advantage),
        )

    def name(self, cid: str) -> str:
        card = self.cards.get(cid)
        if card is not None:
            return card.name
        hero = self.content.heroes.get(cid)
        if hero is not None:
            return hero.name
        return self.board.names.get(cid, cid)


@functools.lru_cache(maxsize=1)
def _default_world() -> World:
    return World.build(load_content())


def get_world(extra: Sequence[Path] = ()) -> World:
    if not extra:
        return _default_world()
    return World.build(load_content(extra))
