"""Covenant expansion content: monuments, spells, treasures, components."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from towerplay.core.content import Entry, Source
from towerplay.rtdt.models.abilities import Card, Flag
from towerplay.rtdt.models.base import AdvantageType, BuildingType, Strict
from towerplay.rtdt.models.buildings import ReinforceOption
from towerplay.rtdt.models.effects import Effect
from towerplay.rtdt.models.heroes import Hero
from towerplay.rtdt.models.items import Corruption, Treasure

# --- Covenant: monuments, spells, treasures, components (content only) --------------------
# content/covenant.yaml (loaded by rtdt/content.py). Rule IDs are in docs/rules/covenant.md (COV-…).

OfferingEvent = Literal[
    "gain_corruption",  # any hero gains a corruption by a game effect (not Soothing Word's swap)
    "spend_or_lose_treasure",  # any hero spends or loses a treasure by a game effect
    "battle_card_loss",  # a hero really loses `at_least` warriors to one battle card
    "battle_without_advantages",  # a hero finishes a Battle having spent no advantages in it
    "end_turn_foes_near",  # a hero ends their turn with `at_least` foes on or next to their space
    "end_turn_skulls_near",  # ... with `at_least` skulls on buildings on or next to their space
    "battle_defeat",  # a hero defeats a foe with the Battle action (where: `foe_space`)
]


class OfferingTrigger(Strict):
    """When an offering goes on a monument's foundation (COV-OFFER-1): whoever, wherever."""

    on: OfferingEvent
    at_least: int = Field(default=1, ge=1)
    # battle_defeat only: where the defeated foe stood
    foe_space: Literal["tower_adjacent", "wasteland"] | None = None

    @model_validator(mode="after")
    def _check(self) -> OfferingTrigger:
        if self.foe_space is not None and self.on != "battle_defeat":
            raise ValueError("foe_space goes only with on: battle_defeat")
        return self


class MonumentOption(ReinforceOption):
    """A Reinforce option of a completed monument. Besides spirit it may cost warriors;
    `flag` names an engine hook where no effect shape says what the option does."""

    warriors: int = Field(default=0, ge=0)
    flag: Flag | None = None


class MonumentEvent(Strict):
    """A beneficial event a completed monument brings now and then (COV-MONUMENT-7).
    `effects` apply to the hero whose turn just ended (the dropping player)."""

    source: Source
    text: str
    effects: list[Effect] = Field(default_factory=list)


class Monument(Entry):
    name: str
    replaces: BuildingType  # the building type it stands in for, and counts as once completed
    paired_with: str  # the other monument printed on the same double-sided foundation tile
    offering_text: str
    offering: OfferingTrigger | None = None  # None: the text alone says it
    free: ReinforceOption  # the replaced building's free option
    enhanced: MonumentOption  # replaces the building's enhanced option
    skull_capacity: int | None = 3  # None: holds any number and is never destroyed by skulls
    cleansable: bool = True
    special: str | None = None  # special rule, in words
    events: list[MonumentEvent] = Field(default_factory=list)


class Spell(Card):
    """A Reverent Astromancer spell; its cast effect is keyed by id (see docs/content.md)."""


class Invocation(Spell):
    """A Reverent Astromancer invocation (available once Exalted); cast like a spell."""


class Recharge(Strict):
    """When a wand gains charges (COV-WAND-3)."""

    on: Literal["month_end", "battle_foe"]  # battle_foe: you Battle a foe with `foe_trait`
    foe_trait: AdvantageType | None = None
    amount: int = Field(default=1, ge=1)


class CovenantTreasure(Treasure):
    """A Covenant treasure. Wands start with `charges` charge tokens (COV-WAND-1)."""

    wand: bool = False
    charges: int = Field(default=0, ge=0)
    recharge: Recharge | None = None

    @model_validator(mode="after")
    def _check(self) -> CovenantTreasure:
        if not self.wand and (self.charges or self.recharge is not None):
            raise ValueError(f"{self.id}: charges and recharge belong to wands only")
        if self.wand and (self.charges < 1 or self.recharge is None):
            raise ValueError(f"{self.id}: a wand needs starting charges and a recharge")
        return self


class CovenantComponents(Strict):
    """The Covenant box's counted components that the rules limit (COV-COMP-1)."""

    source: Source
    blessings: int = Field(ge=1)
    protection_tokens: int = Field(ge=1)
    offering_tokens: int = Field(ge=1)
    quarry_tokens: int = Field(ge=1)
    doom_skulls: int = Field(ge=1)
    charge_tokens: int = Field(ge=1)
    wasteland_tokens: int = Field(ge=1)
    foundations: int = Field(ge=1)


class CovenantFile(Strict):
    monuments: list[Monument]
    spells: list[Spell]
    invocations: list[Invocation]
    heroes: list[Hero]
    treasures: list[CovenantTreasure]
    corruptions: list[Corruption]
    components: CovenantComponents

    @model_validator(mode="after")
    def _check(self) -> CovenantFile:
        virtues = [v for h in self.heroes for v in (*h.starting_virtues, *h.unlockable_virtues)]
        ids = [
            e.id
            for group in (
                self.monuments,
                self.spells,
                self.invocations,
                self.heroes,
                virtues,
                self.treasures,
                self.corruptions,
            )
            for e in group
        ]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate ids: {dupes}")
        by_id = {m.id: m for m in self.monuments}
        for m in self.monuments:
            other = by_id.get(m.paired_with)
            if other is None or other.id == m.id:
                raise ValueError(f"monument {m.id}: paired_with names no other monument")
            if other.paired_with != m.id:
                raise ValueError(f"monuments {m.id} and {other.id}: pairing is not mutual")
            if other.replaces != m.replaces:
                raise ValueError(f"monuments {m.id} and {other.id} share a tile but not a type")
        if len(self.monuments) != 2 * self.components.foundations:
            raise ValueError(
                f"{len(self.monuments)} monuments for {self.components.foundations} "
                "double-sided foundation tiles"
            )
        return self
