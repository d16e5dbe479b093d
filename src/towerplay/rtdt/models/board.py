"""The board: kingdoms, spaces, adjacency and river crossings."""

from __future__ import annotations

from pydantic import model_validator

from towerplay.core.content import Entry, Source
from towerplay.rtdt.models.base import BuildingType, DungeonType, Kingdom, Strict, Terrain

# --- board -------------------------------------------------------------------


class KingdomInfo(Entry):
    id: Kingdom
    name: str
    terrain: Terrain  # the kingdom virtue's terrain
    virtue: str  # id of the kingdom virtue


class Space(Entry):
    name: str
    kingdom: Kingdom
    # RTDT-SETUP-6: one terrain per space, of the six
    terrain: Terrain
    building: BuildingType | None = None
    tower_adjacent: bool = False
    dungeon: DungeonType | None = None


class EdgeList(Strict):
    source: Source
    edges: list[tuple[str, str]]


class BoardFile(Strict):
    kingdoms: list[KingdomInfo]
    spaces: list[Space]
    adjacency: EdgeList
    rivers: EdgeList

    @model_validator(mode="after")
    def _check(self) -> BoardFile:
        ids = {s.id for s in self.spaces}
        for section in (self.adjacency, self.rivers):
            for a, b in section.edges:
                for end in (a, b):
                    if end not in ids:
                        raise ValueError(f"edge {a}-{b} names unknown space {end!r}")
        adj = {frozenset(e) for e in self.adjacency.edges}
        for a, b in self.rivers.edges:
            if frozenset((a, b)) not in adj:
                raise ValueError(f"river crossing {a}-{b} is not an adjacency edge")
        return self
