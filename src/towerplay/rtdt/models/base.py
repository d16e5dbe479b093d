"""The vocabulary every content model shares: the strict, frozen base model and the
names of kingdoms, terrains, building and dungeon types, advantage types, resources
and item kinds."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Kingdom = Literal["north", "east", "south", "west"]
Terrain = Literal["hills", "lake", "desert", "mountains", "grasslands", "forest"]
BuildingType = Literal["citadel", "sanctuary", "village", "bazaar"]
DungeonType = Literal["cave", "encampment", "fortress", "ruins", "shrine", "tomb"]
AdvantageType = Literal["melee", "magic", "stealth", "beast", "humanoid", "undead", "wild"]
Resource = Literal["warriors", "spirit"]
ItemKind = Literal["potion", "gear", "treasure"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
