"""Conditions on effects ("unless you hold Longswords", "if you hold 4 virtues"): what an
`if` effect tests about the hero when it runs (rules/checks.py). A small tagged union, so
that the YAML says each one by its `test`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from towerplay.rtdt.models.base import BuildingType, ItemKind, Strict, Terrain


class Holds(Strict):
    """The hero holds this card (`item`: a gear, potion, treasure or quest item id), or any
    item of a kind (`kind`; `item` means any potion, gear or treasure)."""

    test: Literal["holds"]
    item: str | None = None
    kind: ItemKind | Literal["item"] | None = None

    @model_validator(mode="after")
    def _one(self) -> Holds:
        if (self.item is None) == (self.kind is None):
            raise ValueError("holds: give exactly one of `item` or `kind`")
        return self


class VirtuesAtLeast(Strict):
    """The hero has at least `n` active virtues (a kingdom virtue counts: it is face up on
    the hero's board like the others)."""

    test: Literal["virtues_at_least"]
    n: int = Field(ge=1)


class OnTerrain(Strict):
    """The hero's space is of this terrain."""

    test: Literal["on_terrain"]
    terrain: Terrain


class OnBuilding(Strict):
    """The hero's space has a building standing (of this type, if `type` is given)."""

    test: Literal["on_building"]
    type: BuildingType | None = None


class InHomeKingdom(Strict):
    """The hero's current kingdom is their home kingdom."""

    test: Literal["in_home_kingdom"]


class FoeInKingdom(Strict):
    """A foe token (never the adversary) stands in the hero's current kingdom."""

    test: Literal["foe_in_kingdom"]


Check = Annotated[
    Holds | VirtuesAtLeast | OnTerrain | OnBuilding | InHomeKingdom | FoeInKingdom,
    Field(discriminator="test"),
]
