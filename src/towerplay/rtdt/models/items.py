"""Items (gear, potions, treasures) and corruptions."""

from __future__ import annotations

from pydantic import Field

from towerplay.rtdt.models.abilities import Card
from towerplay.rtdt.models.base import Strict

# --- items, corruptions --------------------------------------------------------


class Gear(Card):
    copies: int = Field(ge=1)


class Potion(Card):
    copies: int = Field(ge=1)


class Treasure(Card):
    pass


class ItemsFile(Strict):
    gear: list[Gear]
    potions: list[Potion]
    treasures: list[Treasure]


class Corruption(Card):
    pass


class CorruptionsFile(Strict):
    corruptions: list[Corruption]
