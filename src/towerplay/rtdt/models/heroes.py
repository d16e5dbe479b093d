"""Heroes and their virtues."""

from __future__ import annotations

from pydantic import Field

from towerplay.core.content import Entry
from towerplay.rtdt.models.abilities import Card
from towerplay.rtdt.models.base import Strict
from towerplay.rtdt.models.effects import Effect

# --- heroes --------------------------------------------------------------------


class Virtue(Card):
    pass


class Hero(Entry):
    name: str
    base_move: int = Field(ge=1)
    banner: str  # the banner action in words
    banner_effects: list[Effect] = Field(default_factory=list)
    starting_virtues: list[Virtue]
    unlockable_virtues: list[Virtue]


class HeroesFile(Strict):
    heroes: list[Hero]
    kingdom_virtues: list[Virtue]
