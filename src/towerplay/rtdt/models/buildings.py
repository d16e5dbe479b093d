"""Buildings and their Reinforce options, and the haggle die."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from towerplay.core.content import Entry, Source
from towerplay.rtdt.models.base import BuildingType, Strict
from towerplay.rtdt.models.effects import Effect

# --- buildings, haggle die, parameters -----------------------------------------


class ReinforceOption(Strict):
    source: Source
    spirit: int = Field(ge=0)
    text: str
    effects: list[Effect]


class BuildingInfo(Entry):
    id: BuildingType
    name: str
    free: ReinforceOption
    enhanced: ReinforceOption
    opening_skulls: int = Field(ge=0, le=3)


class HaggleFace(Strict):
    result: Literal["normal", "warriors", "potion", "gear", "cancel"]
    text: str
    effects: list[Effect] = Field(default_factory=list)


class HaggleDie(Strict):
    source: Source
    faces: list[HaggleFace] = Field(min_length=2)


class BuildingsFile(Strict):
    buildings: list[BuildingInfo]
    haggle_die: HaggleDie
