"""Dungeons: the kinds, their rooms and how many a delve lays out."""

from __future__ import annotations

from pydantic import Field

from towerplay.core.content import Entry, Source
from towerplay.rtdt.models.base import AdvantageType, DungeonType, Strict
from towerplay.rtdt.models.battle import Rung

# --- dungeons ------------------------------------------------------------------------------


class Room(Strict):
    id: str
    name: str
    source: Source
    initial: Rung
    improved: Rung


class DungeonKind(Entry):
    id: DungeonType
    advantage: AdvantageType
    entrance: str  # the entrance's name
    rooms: list[Room] = Field(min_length=4)
    names: dict[str, str]  # space -> the dungeon's name there


class DungeonsFile(Strict):
    source: Source
    rooms_per_delve: int = Field(ge=3)  # designed layout size
    dungeons: list[DungeonKind]
