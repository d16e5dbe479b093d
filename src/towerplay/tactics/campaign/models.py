"""Pydantic models of the campaign content (the YAML under content/campaign/).

The encounter engine's content (class cards, action cards, equipment, abilities,
enemies, boss decks, encounters) lives in tactics/models.py; these are the cards
and pages only a campaign uses: level-up cards, perks, supply items, markets,
random encounters, the five heroes and the Campaign Guide's chapters. Every entry
says where its facts come from (`source:`); docs/content-tactics.md explains what
was designed and why.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from towerplay.core.content import Entry
from towerplay.tactics.models import Step, Strict

MAX_CLASS_LEVEL = 5  # rulebook: Levels and Classes


class LevelUpCard(Entry):
    """One level-up card of a class deck (basic or elite).

    A hero's level is the number of level-up cards it holds; its level in a class is
    the number it holds from that class's deck. The card taken at level n of a class is
    the deck's `level: n` card. `starter: true` marks the card a new hero takes with its
    first class. `hearts` add up to the hero's maximum HP (an elite class's first card
    carries the table's HP gain). `add` cards go into the action deck (ADD); `replace`
    cards go in too, and for each one the player may remove a card (REPLACE).
    """

    name: str
    deck: str  # the class id whose deck this card belongs to
    level: int = Field(ge=1, le=MAX_CLASS_LEVEL)
    starter: bool = False
    copies: int = Field(default=1, ge=1)
    hearts: int = Field(ge=0)
    add: tuple[str, ...] = ()
    replace: tuple[str, ...] = ()
    class_feature: str | None = None
    abilities: tuple[str, ...] = ()  # passive or dice ability cards gained
    perk: str | None = None
    summon: str | None = None  # a summons card kept with the class (Imp, Beast, Skeletons)
    text: str = ""

    @model_validator(mode="after")
    def _shape(self) -> LevelUpCard:
        if self.starter and self.level != 1:
            raise ValueError("a Starter card is a level 1 card")
        return self


class Perk(Entry):
    """A perk card (Supply > Perks): named by a bonus objective or a level-up card."""

    name: str
    text: str
    add: tuple[str, ...] = ()
    replace: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    max_hp: int = 0
    copies: int = Field(default=1, ge=1)


ItemKind = Literal["bag_of_gold", "revive_potion", "consumable", "story"]


class SupplyItem(Entry):
    """A card of Supply > Items that can move to Party > Items.

    Bags of gold are the party's money; revive potions are refreshed after every
    encounter; a consumable is used once in an encounter by any hero (its `steps`, in
    the card step vocabulary, as a free action) and then spent; a story item is a key,
    a map or a token the Campaign Guide asks about.
    """

    name: str
    kind: ItemKind
    text: str
    copies: int = Field(default=1, ge=1)
    steps: tuple[Step, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> SupplyItem:
        if (self.kind == "consumable") != bool(self.steps):
            raise ValueError("a consumable has steps; other items have none")
        return self


class Market(Entry):
    """A market card: the market's own items (and rare ones) beside the unclaimed loot."""

    name: str
    text: str
    items: tuple[str, ...]  # equipment card ids sold only here
    rare: tuple[str, ...] = ()
    prices: dict[str, int] = {}  # card id -> bags of gold, where not the usual 2


class HeroFigure(Entry):
    """One of the five heroes (a miniature, a player board and a tuck box)."""

    name: str
    text: str = ""


# --- the Campaign Guide -------------------------------------------------------------


class Requirement(Strict):
    """What a choice needs: story flags set (or not), items held, gold, a hero count."""

    flags: tuple[str, ...] = ()
    not_flags: tuple[str, ...] = ()
    items: tuple[str, ...] = ()  # supply item ids in Party > Items
    gold: int = Field(default=0, ge=0)
    heroes: tuple[int, ...] = ()  # party sizes this choice is open to (empty: any)


class Reward(Strict):
    """What a section gives or takes. Loot is equipment from Supply > Loot; loot no hero
    takes goes to the market deck."""

    gold: int = 0  # bags of gold gained (negative: lost)
    loot: tuple[str, ...] = ()
    loot_by_heroes: dict[int, tuple[str, ...]] = {}  # more loot with this many heroes
    items: tuple[str, ...] = ()  # supply items into Party > Items
    lose_items: tuple[str, ...] = ()
    perks: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()  # Story abilities (Story > Perks) given to one hero
    random_encounters: tuple[str, ...] = ()  # added to Party > Random Encounters
    remove_random_encounters: tuple[str, ...] = ()
    market: tuple[str, ...] = ()  # cards added to the market deck
    marks_of_death: int = Field(default=0, ge=0)  # heroes who take a Mark of Death
    level_up: bool = False  # LEVEL UP: all heroes advance one level
    flags: tuple[str, ...] = ()
    clear_flags: tuple[str, ...] = ()


class Choice(Strict):
    """One choice on a page or a random encounter card: its words, what it needs, what
    it gives or takes, the words read after it, and where it leads."""

    text: str
    result: str = ""
    goto: str | None = None  # a chapter id (None on a random encounter: travel on)
    requires: Requirement = Requirement()
    reward: Reward = Reward()
    random_encounter: bool = False  # travel: draw from Party > Random Encounters first


class Outcome(Strict):
    """A Success, +Success or Failure section, or the result of a random encounter."""

    text: str
    reward: Reward = Reward()
    goto: str | None = None
    choices: tuple[Choice, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> Outcome:
        if (self.goto is None) == (not self.choices):
            raise ValueError("an outcome leads on by `goto` or by `choices`, not both")
        return self


ChapterKind = Literal["story", "encounter", "market", "ending"]


class Chapter(Entry):
    """A Campaign Guide chapter: a story page with choices, an encounter with its three
    result sections, a market visit, or an ending."""

    number: int = Field(ge=1)
    title: str
    kind: ChapterKind
    text: str
    choices: tuple[Choice, ...] = ()
    encounter: str | None = None
    success: Outcome | None = None
    plus_success: Outcome | None = None
    failure: Outcome | None = None
    market: str | None = None
    ending: str | None = None  # the ending's name, for kind: ending

    @model_validator(mode="after")
    def _shape(self) -> Chapter:
        results = (self.success, self.plus_success, self.failure)
        if self.kind == "encounter":
            if self.encounter is None or None in results:
                raise ValueError("an encounter chapter names its encounter and three results")
        elif self.encounter is not None or any(r is not None for r in results):
            raise ValueError("only an encounter chapter has an encounter and results")
        if self.kind in ("story", "market") and not self.choices:
            raise ValueError(f"a {self.kind} chapter offers at least one choice")
        if (self.kind == "market") != (self.market is not None):
            raise ValueError("a market chapter, and only one, names its market")
        if (self.kind == "ending") != (self.ending is not None):
            raise ValueError("an ending chapter, and only one, names its ending")
        if self.kind == "ending" and self.choices:
            raise ValueError("an ending offers no choices")
        return self


class RandomEncounter(Entry):
    """A Random Encounters card: the choices it offers and whether it leaves the deck.
    `in_party: true` cards start in Party > Random Encounters; the rest wait in the
    Supply until a chapter adds them."""

    name: str
    text: str
    choices: tuple[Choice, ...] = Field(min_length=1)
    remove: bool = False
    in_party: bool = False


# --- files ----------------------------------------------------------------------------


class LevelUpsFile(Strict):
    level_ups: tuple[LevelUpCard, ...]


class PerksFile(Strict):
    perks: tuple[Perk, ...]


class ItemsFile(Strict):
    items: tuple[SupplyItem, ...]


class MarketsFile(Strict):
    markets: tuple[Market, ...]


class HeroesFile(Strict):
    heroes: tuple[HeroFigure, ...]


class ChaptersFile(Strict):
    chapters: tuple[Chapter, ...]


class RandomEncountersFile(Strict):
    random_encounters: tuple[RandomEncounter, ...]
