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
    """Lose warriors or spirit; mandatory, a shortfall gives one corruption.

    With `per`, the loss is `amount` plus `per_amount` for each counted thing:
    skulls on buildings on or next to the hero's space, or foe tokens there.
    """

    op: Literal["lose"]
    resource: Resource
    amount: int = Field(ge=0)
    per: Literal["skull_near", "foe_here"] | None = None
    per_amount: int = 0


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


class LoseItem(Strict):
    """Lose items of a kind (`item` means any potion, gear or treasure, the loser's choice);
    mandatory, a shortfall gives one corruption."""

    op: Literal["lose_item"]
    kind: Literal["potion", "gear", "treasure", "item"]
    amount: int = Field(default=1, ge=1)


class LoseVirtue(Strict):
    """Lose an active hero virtue tile for the rest of the game (the loser's choice);
    without one to lose, gain a corruption instead."""

    op: Literal["lose_virtue"]


class AddSkulls(Strict):
    """Put skulls from the supply on buildings (the acting hero chooses which):
    `near` = a building on or next to the hero's space, `kingdom` = one in the hero's
    current kingdom. No such building left: skulls go on destroyed buildings (corruption)."""

    op: Literal["add_skulls"]
    amount: int = Field(ge=1)
    where: Literal["near", "kingdom"] = "near"


class TowerActs(Strict):
    """The Tower acts: the adversary's strike from inside the Tower happens now."""

    op: Literal["tower_acts"]


class GainSpore(Strict):
    """Lingering Rot's spore: a third one returns them all and gives a corruption."""

    op: Literal["gain_spore"]


class TowerStirs(Strict):
    """The Tower stirs (a drum turns or a seal comes off); emerging skulls are placed."""

    op: Literal["tower_stirs"]


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
    | OtherBanner
    | LoseItem
    | LoseVirtue
    | AddSkulls
    | GainSpore
    | TowerActs
    | TowerStirs,
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
    "potion_limit_bonus",  # carry this many more potions than your limit (if any)
    "treasure_limit_bonus",  # carry this many more treasures than your limit
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
    # companions (rtdt/abilities/companions.py)
    "end_turn_terrain_warriors",  # your turn ends on a `terrain` space: gain `amount` warriors
    "one_corruption_per_battle",  # a Battle against a foe gives you at most one corruption
    # --- Covenant (content/covenant.yaml; no engine reads these yet) ---
    # heroes' virtues
    "market_advantages",  # Battling, you also count the regular advantages of the market's treasures
    "haggle_reroll",  # after a haggle roll you may roll once more and keep either result
    "blessing_on_market_take",  # whenever any hero takes a treasure from the market, gain a blessing
    "ignore_critical_losses",  # ignore warrior and spirit losses on critical-hit battle cards
    "quarry_wild",  # `amount` Wild advantages when battling your quarry
    "quarry_block_warrior_losses",  # against your quarry, up to `amount` fewer losses per battle card
    "quarry_dodges_strike",  # return the quarry token to skip the quarry's part of a Foe Strike
    "quarry_defeat_clears_skulls",  # defeating your quarry clears every skull on or next to you
    "blessing_on_banner_skull",  # a blessing when your banner action removed a skull
    "prepare_spells",  # month start: prepare spells up to the month number (COV-ASTRO)
    "prepare_invocations",  # invocations join the spells you may prepare
    "blessing_on_cast",  # a blessing after each spell you cast
    "treasure_on_cast",  # once per turn, casting a spell draws the treasure deck's top card
    "spirit_per_unaided_card",  # `amount` spirit per battle card you spent no advantages on
    "extra_corruption_slot",  # hold `amount` more corruptions; a random one at setup
    "wild_per_corruption",  # `amount` Wild advantages per corruption you hold
    "reinforce_discount_per_corruption",  # enhanced Reinforce costs `amount` less per corruption
    "take_others_corruption",  # once a turn take another hero's new corruption, gain `amount` spirit
    # treasures
    "full_upgrade_warriors",  # `amount` warriors when you improve a battle card to its best rung
    "wasteland_battle_wild",  # `amount` Wild advantages when battling on a wasteland
    "cleanse_clears_kingdom",  # on a Cleanse, discard this to clear every skull in your kingdom
    "blessing_on_skull_in_kingdom",  # a blessing when a skull emerges into your current kingdom
    "start_jump_tower_adjacent",  # turn start: may go to a Tower-adjacent space and gain a blessing
    "warriors_on_foe_status",  # `amount` warriors whenever any foe's status changes
    "borrow_virtue",  # turn start: pay `amount` spirit, one inactive virtue is active this turn
    "quest_any_space",  # monthly quests may be completed from any space
    "exclusive_wild",  # discard when you Battle: `amount` Wild, and no other advantages that Battle
    "give_corruption_relief",  # discard: any hero returns 1 corruption and gains a blessing
    "chakram_reward",  # defeating a level 3 or 4 foe: drop a corruption or give a blessing away
    "potion_pick",  # gaining a potion, look at the top `amount` and keep one (the rest go under)
    "wild_in_monument_kingdom",  # `amount` Wild in a kingdom whose monument is completed
    "quest_offering",  # completing a quest puts an offering on any foundation
    "home_relocate_from_building",  # turn ends on a building space: may go to any home-kingdom space
    "wild_near_bazaar",  # `amount` Wild advantages on or next to a bazaar's space
    "ignore_big_loss",  # discard: ignore one source's losses costing `amount`+ warriors
    "wild_on_quest",  # `amount` Wild advantages in a Quest action
    "reinforce_on_desert",  # Reinforce on desert spaces with any non-monument building's options
    # wands: spend charges (COV-WAND)
    "wand_place_hero",  # spend N charges: put your hero on a space N steps away
    "wand_remove_foe_by_level",  # spend N charges: remove a level-N foe from your space
    "wand_clear_skulls_near",  # spend 1 charge: clear every regular skull on or next to your space
    # corruptions
    "no_glyph_in_current_kingdom",  # no glyph action of a glyph facing your current kingdom
    "reinforce_forces_haggle",  # every Reinforce rolls the haggle die
    "no_battle_card_gains",  # battle cards give you no warriors, spirit or items
    "reinforce_home_only",  # Reinforce only in your home kingdom
    "no_battle_foe_level",  # you cannot Battle foes of level `amount`
    "no_banner",  # you cannot take your banner action
    "no_quest",  # you cannot take the Quest action
    "river_toll",  # lose `amount` spirit each time you cross a river
    "no_tower_adjacent",  # you cannot enter a Tower-adjacent space
    "no_gear",  # you cannot hold gear; gaining this, discard all of it
    # monuments' enhanced Reinforce options (MonumentOption.flag)
    "move_monument",  # put yourself and this monument (its skulls too) on one building-free space
    "items_for_corruptions",  # spend any number of items, return as many of your corruptions
    "unlimited_battle_cleanse",  # Battle and Cleanse any number of times this turn
    "foreign_virtue",  # swap an inactive virtue for an active one of a hero not in the game
]


class Flagged(Strict):
    """A rule hook the engine implements by name (for effects no simpler shape says)."""

    kind: Literal["flag"]
    flag: Flag
    amount: int = 0
    terrain: Terrain | None = None  # for flags about the terrain of the hero's space


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


# --- foes, adversaries and their strikes (part 2) --------------------------------------

Status = Literal["panicked", "unsteady", "ready", "savage", "lethal"]
STATUSES: tuple[str, ...] = ("panicked", "unsteady", "ready", "savage", "lethal")


class FoeMove(Strict):
    """A strike step that moves this foe's tokens.

    step: each token one space (the dropping player chooses where); toward_active_hero:
    each token `steps` spaces along a shortest path to the active hero; onto_adjacent_hero:
    tokens next to a hero move onto that hero; onto_hero_in_kingdom: each token onto a
    hero in its kingdom, if any; onto_active_hero: every token onto the active hero;
    to_sanctuary_or_citadel: each token to the nearest sanctuary or citadel;
    to_building_next_kingdom: each token to a building space in the next kingdom
    clockwise (the dropping player chooses).
    """

    op: Literal["foe_move"]
    how: Literal[
        "step",
        "toward_active_hero",
        "onto_adjacent_hero",
        "onto_hero_in_kingdom",
        "onto_active_hero",
        "to_sanctuary_or_citadel",
        "to_building_next_kingdom",
    ]
    steps: int = Field(default=1, ge=1)


class HitBuildings(Strict):
    """A strike step that puts skulls on, or destroys, buildings relative to this foe's tokens.

    where: one_per_kingdom (one building, the dropping player's choice, in each kingdom
    holding a token), near (every building on or next to a token), kingdoms (every building
    in a kingdom holding a token), foe_space (the building on each token's space),
    foe_kingdom_one (one building in each token's kingdom, the dropping player's choice).
    """

    op: Literal["hit_buildings"]
    where: Literal["one_per_kingdom", "near", "kingdoms", "foe_space", "foe_kingdom_one"]
    skulls: int = Field(default=1, ge=0)
    per_token: bool = False  # skulls once per token on that space
    destroy: bool = False


class HitHeroes(Strict):
    """A strike step that applies hero effects to the targeted heroes.

    target: near (on or next to a token), kingdom (current kingdom holds a token),
    all, active (the hero whose turn it is). With `per_token`, the effects apply once
    per token of this foe on the hero's space (no token there, no effect).
    """

    op: Literal["hit_heroes"]
    target: Literal["near", "kingdom", "all", "active"]
    effects: list[Effect]
    per_token: bool = False


StrikeStep = Annotated[FoeMove | HitBuildings | HitHeroes, Field(discriminator="op")]


class Strike(Strict):
    source: Source
    text: str
    steps: list[StrikeStep]


class Foe(Entry):
    name: str
    level: int = Field(ge=2, le=5)
    traits: list[AdvantageType] = Field(min_length=1, max_length=2)
    tokens: int = Field(ge=1)
    text: str  # what its strike event does, in brief
    strikes: dict[Status, Strike] = Field(default_factory=dict)  # foes: all five statuses
    critical: str  # id of its critical-hit battle card


class Adversary(Entry):
    name: str
    traits: list[AdvantageType] = Field(min_length=1, max_length=2)
    text: str
    tower_acts: Strike  # what "the Tower acts" does while it is the adversary
    critical: str  # id of its critical-hit battle card


class FoesFile(Strict):
    foes: list[Foe]
    adversaries: list[Adversary]


# --- battle cards (designed: the app keeps them hidden) ------------------------------


class Rung(Strict):
    text: str
    effects: list[Effect] = Field(default_factory=list)


class BattleCard(Entry):
    """A ladder of five results, worst first; advantages climb it one rung each."""

    name: str
    family: Literal["generic", "trait", "critical"]
    trait: AdvantageType | None = None  # trait cards: the trait that brings them into a deck
    rungs: list[Rung] = Field(min_length=5, max_length=5)


class BattleFile(Strict):
    source: Source
    start_rung: dict[Status, int]  # the rung a card is revealed on, by the foe's status
    cards: list[BattleCard]


# --- companions, quest items, quests and dungeons (part 2) ------------------------------


class CompanionEvent(Strict):
    source: Source
    text: str
    effects: list[Effect]  # for the hero who holds the companion (or the dropping player)


class Companion(Card):
    title: str
    kingdom: Kingdom | None = None
    event: CompanionEvent | None = None
    main_goal: str | None = None  # the main goal this companion offers as the main companion


class QuestItem(Card):
    copies: int = Field(default=1, ge=1)


class Requirement(Strict):
    """What completing a quest (or a stage of one) asks; every field set must be met.

    Resources and items named here are spent, all at once, when the quest completes.
    `advantages` are counted like a heroic action's (of `advantage_type`, or any type
    when it is None) and spent all at once.
    """

    warriors: int = Field(default=0, ge=0)
    spirit: int = Field(default=0, ge=0)
    potions: int = Field(default=0, ge=0)
    gear: int = Field(default=0, ge=0)
    treasures: int = Field(default=0, ge=0)
    items: list[str] = Field(default_factory=list)  # quest items spent
    carry: list[str] = Field(default_factory=list)  # quest items you must carry (kept)
    advantages: int = Field(default=0, ge=0)
    advantage_type: AdvantageType | None = None
    dungeon: bool = False  # completed by clearing the target room of this space's dungeon
    defeat_foe: bool = False  # completed by defeating a foe on this space


class Placement(Strict):
    """Where the app puts a quest's marker: one of `spaces` (or any space of `kingdoms`,
    or any space with a dungeon when `dungeon` is set), drawn from the game's seed."""

    spaces: list[str] = Field(default_factory=list)
    kingdoms: list[Kingdom] = Field(default_factory=list)
    building: BuildingType | None = None
    dungeon: bool = False
    caravan: Kingdom | None = None  # Miras's caravan of that kingdom: a camp dungeon on the move


class QuestStage(Strict):
    text: str
    place: Placement
    needs: Requirement
    rewards: list[Effect] = Field(default_factory=list)


class Outcome(Strict):
    """What a failed adversary quest does: effects on every hero, skulls on buildings,
    foes growing in power."""

    text: str
    each_hero: list[Effect] = Field(default_factory=list)
    skulls_each_kingdom: int = 0
    foes_grow: bool = False


class Quest(Entry):
    name: str
    kind: Literal["main_goal", "companion", "adversary"]
    text: str
    stages: list[QuestStage] = Field(min_length=1)
    companion: str | None = None  # joins the hero who completes it
    quest_item: str | None = None  # given to the hero who completes it
    failure: Outcome | None = None  # adversary quests


class CompanionsFile(Strict):
    companions: list[Companion]
    quest_items: list[QuestItem]


class QuestsFile(Strict):
    main_goals: list[Quest]
    companion_quests: list[Quest]
    adversary_quests: list[Quest]


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


# --- competitive mode: heroic trials and the Tower's dungeon ------------------------------

TrialType = Literal["valor", "prowess", "compassion", "sacrifice"]


class TrialNeeds(Strict):
    """What a heroic trial asks when the hero takes the Quest action on its space.

    Every field set must hold at once. `warriors` .. `treasures` are spent (returned to
    the supply or their decks); `carry_*` must be held and are kept. `advantages` are
    counted like a heroic action's and spent: with `advantage_rule` "any" they may be of
    any types (only `advantage_type`, or Wild, when that is set); "distinct" needs each of
    them of a different type; "same" needs all of one type. Wild stands for any one type.
    `virtues` counts the hero's active virtues, the kingdom virtue included (a hero starts
    with three). `corruptions_at_most` caps the corruptions the hero may hold.
    """

    warriors: int = Field(default=0, ge=0)
    spirit: int = Field(default=0, ge=0)
    potions: int = Field(default=0, ge=0)
    gear: int = Field(default=0, ge=0)
    treasures: int = Field(default=0, ge=0)
    carry_potions: int = Field(default=0, ge=0)
    carry_gear: int = Field(default=0, ge=0)
    carry_treasures: int = Field(default=0, ge=0)
    advantages: int = Field(default=0, ge=0)
    advantage_rule: Literal["any", "distinct", "same"] = "any"
    advantage_type: AdvantageType | None = None
    virtues: int = Field(default=0, ge=0)
    corruptions_at_most: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _check(self) -> TrialNeeds:
        if self.advantage_rule != "any" and self.advantages < 2:
            raise ValueError(f"advantage_rule {self.advantage_rule!r} needs advantages >= 2")
        if self.advantage_type is not None and self.advantage_rule != "any":
            raise ValueError("advantage_type goes only with advantage_rule 'any'")
        if self.advantage_type is not None and self.advantages == 0:
            raise ValueError("advantage_type set but no advantages asked")
        return self


class Trial(Entry):
    """A heroic trial card: dealt face down, completed on `space` (CMP-TRIAL-*)."""

    name: str
    type: TrialType
    kingdom: Kingdom
    space: str
    text: str
    needs: TrialNeeds


class TowerRoom(Strict):
    """A room of the Tower's dungeon; any advantage type (or Wild) improves it."""

    id: str
    name: str
    source: Source
    initial: Rung
    improved: Rung


class CompetitiveFile(Strict):
    source: Source
    trials: list[Trial]
    tower_rooms: list[TowerRoom] = Field(min_length=2)
    tower_rooms_per_delve: int = Field(ge=2)  # rooms laid out for the Tower's dungeon
    relic_room_text: str  # how the relic is hidden and found, in words

    @model_validator(mode="after")
    def _check(self) -> CompetitiveFile:
        for kind, ids in (
            ("trial", [t.id for t in self.trials]),
            ("tower room", [r.id for r in self.tower_rooms]),
        ):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {kind} ids: {dupes}")
        if self.tower_rooms_per_delve > len(self.tower_rooms):
            raise ValueError(
                f"tower_rooms_per_delve {self.tower_rooms_per_delve} exceeds "
                f"the {len(self.tower_rooms)} tower rooms"
            )
        return self


# --- Covenant: monuments, spells, treasures, components (content only) --------------------
# content/covenant.yaml; nothing loads it yet. Rule IDs are in docs/rules/covenant.md (COV-…).

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
