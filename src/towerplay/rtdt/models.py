"""Pydantic models of Return to Dark Tower content (the YAML under content/).

Effects and abilities are executable data in a small vocabulary that the
engine runs (rtdt/effects.py). Every entry says where its facts come from.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from towerplay.core.content import Entry, Source

Kingdom = Literal["north", "east", "south", "west"]
Terrain = Literal["hills", "lake", "desert", "mountains", "grasslands", "forest"]
BuildingType = Literal["citadel", "sanctuary", "village", "bazaar"]
DungeonType = Literal["cave", "encampment", "fortress", "ruins", "shrine", "tomb"]
AdvantageType = Literal["melee", "magic", "stealth", "beast", "humanoid", "undead", "wild"]
Resource = Literal["warriors", "spirit"]
ItemKind = Literal["potion", "gear", "treasure"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- effects: what happens ---------------------------------------------------


class Gain(Strict):
    """Take warriors or spirit from the supply."""

    op: Literal["gain"]
    resource: Resource
    amount: int = Field(ge=1)


class Lose(Strict):
    """Lose warriors or spirit; mandatory, a shortfall gives one corruption."""

    op: Literal["lose"]
    resource: Resource
    amount: int = Field(ge=1)


class GainItem(Strict):
    """Gain items: potions from the deck top, gear from a chosen pile,
    treasures from the market (`from_deck` takes the treasure deck's top card)."""

    op: Literal["gain_item"]
    kind: ItemKind
    amount: int = Field(default=1, ge=1)
    from_deck: bool = False


class GainVirtue(Strict):
    """Flip one of your inactive virtues face up."""

    op: Literal["gain_virtue"]


class GainCorruption(Strict):
    op: Literal["gain_corruption"]


class RemoveCorruptions(Strict):
    """Return your corruptions to the bottom of the corruption deck."""

    op: Literal["remove_corruptions"]
    amount: int | Literal["all"] = "all"


SkullScope = Literal[
    "this_building",  # the building on your space
    "one_building_anywhere",  # all removed skulls come off one chosen building
    "anywhere",  # each removed skull may come off a different building
    "home_kingdom",  # a building in your home kingdom
    "current_kingdom",  # a building in your current kingdom
]


class RemoveSkulls(Strict):
    """Take skulls off buildings and return them to the supply."""

    op: Literal["remove_skulls"]
    amount: int = Field(ge=1)
    up_to: bool = False
    scope: SkullScope


class PlaceHero(Strict):
    """Put your hero on a space (not movement: no move points, no river effects)."""

    op: Literal["place_hero"]
    scope: Literal["current_kingdom", "anywhere"]


class MoveHero(Strict):
    """Move any one hero (you choose) up to `steps` spaces, one adjacent step at a time."""

    op: Literal["move_hero"]
    steps: int = Field(ge=1)


class MoveFoe(Strict):
    """Move any one foe up to `steps` spaces (needs a foe on the board)."""

    op: Literal["move_foe"]
    steps: int = Field(ge=1)


class RemoveFoe(Strict):
    """Remove a foe token (not the adversary); `scope` says which."""

    op: Literal["remove_foe"]
    scope: Literal["your_space", "adjacent_or_space", "anywhere"]


class AddAdvantage(Strict):
    """Advantages for the current heroic action (battles and dungeons)."""

    op: Literal["advantage"]
    type: AdvantageType
    amount: int = Field(ge=1)


class ExtraTurn(Strict):
    """Take another turn right after this one."""

    op: Literal["extra_turn"]


class RollHaggle(Strict):
    """Roll the haggle die and gain its result (the cancel face does nothing here)."""

    op: Literal["roll_haggle"]


class OtherBanner(Strict):
    """Take the banner action of any hero in play instead of your own."""

    op: Literal["other_banner"]


Effect = Annotated[
    Gain
    | Lose
    | GainItem
    | GainVirtue
    | GainCorruption
    | RemoveCorruptions
    | RemoveSkulls
    | PlaceHero
    | MoveHero
    | MoveFoe
    | RemoveFoe
    | AddAdvantage
    | ExtraTurn
    | RollHaggle
    | OtherBanner,
    Field(discriminator="op"),
]


# --- abilities: when and how effects happen ------------------------------------

Trigger = Literal[
    "start_of_turn",
    "after_cleanse",
    "after_reinforce",
    "after_battle",
    "end_of_turn",
    "month_end",
    "spend_treasure",
    "defeat_foe",
    "complete_monthly_quest",
]


class Condition(Strict):
    """Restricts a trigger or a modifier; every field set must hold."""

    building: BuildingType | None = None  # the Reinforce was at this building type
    in_home_kingdom: bool | None = None  # the hero stands in their home kingdom
    on_building_space: bool | None = None  # the hero stands on a space with a building
    foe_trait: AdvantageType | None = None  # the defeated foe has this trait


class Triggered(Strict):
    """Effects that happen on an event of the hero's turn."""

    kind: Literal["trigger"]
    on: Trigger
    when: Condition = Condition()
    effects: list[Effect] = Field(default_factory=list)
    optional: bool = False


class Use(Strict):
    """An effect the holder may use on their own turn by paying a cost.

    `discard: true` means the card itself is spent (and returns where it belongs).
    """

    kind: Literal["use"]
    discard: bool = False
    spirit: int = 0
    potions: int = 0
    once_per_turn: bool = False
    effects: list[Effect] = Field(default_factory=list)


Stat = Literal[
    "base_move",  # add to the hero's base move
    "set_base_move",  # base move becomes this value
    "glyph_cost",  # add to the spirit cost of glyphs facing you
    "set_glyph_cost",  # glyph cost becomes this value
    "treasure_limit",  # the most treasures you may carry
    "potion_limit",  # the most potions you may carry
    "reinforce_cost",  # add to a Reinforce option's spirit cost (see `building`, `option`)
    "potion_multiplier",  # multiply the numbers of potions you spend
    "advantage_cap",  # the most advantages you may use per turn
]


class Modifier(Strict):
    kind: Literal["modifier"]
    stat: Stat
    amount: int
    building: BuildingType | None = None
    option: Literal["free", "enhanced"] | None = None


Restriction = Literal[
    "double_move",  # you cannot double your move
    "trade_give",  # you cannot give anything when trading
    "cleanse_full_building",  # you cannot Cleanse a building holding 3 skulls
    "end_turn_after_reinforce",  # your turn ends right after you Reinforce
]


class Restrict(Strict):
    kind: Literal["restrict"]
    what: Restriction


Flag = Literal[
    "reinforce_twice_same_building",  # Reinforce a second time, at the same building
    "cleanse_any_space",  # Cleanse a building on any space
    "haggle_ignore_cancel",  # the haggle die's cancel face does not stop you
    "skip_skull_drop",  # discard instead of dropping your end-of-turn skull; take another turn
    "river_slide",  # crossing a river, you may move to any space adjacent to that river
    "battle_adjacent",  # Battle a foe one space away
    "block_warrior_losses",  # prevent warrior losses (battle cards, dungeon rooms)
    "unseen",  # on finishing a monthly quest, remove a foe instead of the spirit reward
    "callous",  # after losing 10+ warriors in a Battle, take a treasure from the market
    # pay 1 spirit to prevent up to `amount` warrior losses from one battle card or dungeon room
    "spirit_blocks_warrior_losses",
    "block_dungeon_losses",  # prevent up to `amount` warrior losses in each dungeon room
    "sanctuary_month_spirit",  # after you Reinforce at a sanctuary, gain spirit = month number
    "remove_foe_for_level",  # on your turn, pay spirit = a foe's level to remove it from your space
    "relocate_entered_foe",  # once per turn, entering a foe's space, you may put that foe anywhere
]


class Flagged(Strict):
    """A rule hook the engine implements by name (for effects no simpler shape says)."""

    kind: Literal["flag"]
    flag: Flag
    amount: int = 0


class Advantage(Strict):
    """Advantages counted for a heroic action; `cost` set means conditional."""

    kind: Literal["advantage"]
    type: AdvantageType
    amount: int = Field(ge=1)
    when: Literal[
        "always",
        "battling",
        "doubled_move",
        "on_hills",
        "on_mountains",
        "on_desert",
        "on_forest",
        "on_grasslands",
        "on_lake",
        "per_clean_building_near",
    ] = "always"
    conditional: bool = False


Ability = Annotated[
    Triggered | Use | Modifier | Restrict | Flagged | Advantage, Field(discriminator="kind")
]


class Card(Entry):
    name: str
    text: str
    abilities: list[Ability] = Field(default_factory=list)


# --- board -------------------------------------------------------------------


class KingdomInfo(Entry):
    id: Kingdom
    name: str
    terrain: Terrain  # the kingdom virtue's terrain
    virtue: str  # id of the kingdom virtue


class Space(Entry):
    name: str
    kingdom: Kingdom
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
