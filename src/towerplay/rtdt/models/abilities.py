"""Abilities: when and how effects happen (triggers, uses, modifiers, restrictions,
engine flags, advantages), and the card that carries them."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from towerplay.core.content import Entry
from towerplay.rtdt.models.base import AdvantageType, BuildingType, Strict, Terrain
from towerplay.rtdt.models.effects import Effect

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
    "glyph_action",  # after an action whose revealed glyph faces the hero's home kingdom (Vasa)
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
    Limits: `once_per_turn`, `per_turn` (up to N uses a turn), `once_per_battle` (only
    in a Battle, once in each) and `once_per_month` (once until the month ends, RTDT-EFFECT-7). `treasures` is a cost: that many treasures of the holder's
    choice, spent (`use CARD TREASURE`).
    """

    kind: Literal["use"]
    discard: bool = False
    spirit: int = 0
    potions: int = 0
    treasures: int = Field(default=0, ge=0, le=1)
    once_per_turn: bool = False
    per_turn: int = Field(default=0, ge=0)
    once_per_battle: bool = False
    once_per_month: bool = False
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
    "set_double_move_cost",  # doubling your move costs this much spirit (1 normally)
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
    # quest items (rtdt/abilities/quest_items.py)
    "annihilate_near",  # discard: remove every foe token on and next to your space
    "dungeon_wild",  # discard inside a dungeon: `amount` Wild advantages there
    "move_siege_tree",  # the card's once-a-turn move may move a siege tree 1 space instead
    "block_spirit_losses",  # each battle card costs you up to `amount` fewer spirit
    "reinforce_clears_spores",  # after you Reinforce, throw away all your spores
    "caravan_wild",  # `amount` Wild advantages in a Quest action at a caravan
    "battle_treasure_for_spirit",  # after a Battle, a market treasure instead of the 2 spirit
    "reinforce_cycle_market",  # after a bazaar Reinforce, cycle market treasures and refill
    "cap_empress_event",  # an Empress of Shades event costs you at most `amount` warriors
    "restore_seal",  # once a turn, pay `amount` spirit to put a removed seal back on the Tower
    # --- Covenant (content/covenant.yaml; handlers in rtdt/covenant/) ---
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
    """Advantages counted for a heroic action; `conditional` ones are paid for by a `use`.

    `when` says where they count: `on_building_space` (the hero's space has a building),
    `against_adversary` (a Battle against the adversary), `against_foe_level` (a Battle
    against a foe of `level`), `against_foe_trait` (a Battle against a foe with the
    `trait`, RTDT-EFFECT-6).
    """

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
        "on_building_space",
        "against_adversary",
        "against_foe_level",
        "against_foe_trait",
    ] = "always"
    level: int | None = Field(default=None, ge=1, le=4)
    trait: AdvantageType | None = None
    conditional: bool = False

    @model_validator(mode="after")
    def _level_with_foe_level(self) -> Advantage:
        if (self.when == "against_foe_level") != (self.level is not None):
            raise ValueError("`level` goes with `when: against_foe_level`, and only with it")
        if (self.when == "against_foe_trait") != (self.trait is not None):
            raise ValueError("`trait` goes with `when: against_foe_trait`, and only with it")
        return self


Ability = Annotated[
    Triggered | Use | Modifier | Restrict | Flagged | Advantage, Field(discriminator="kind")
]


class Card(Entry):
    name: str
    text: str
    abilities: list[Ability] = Field(default_factory=list)
