"""What things are worth to the RtDT heuristic agent: resources, items, virtues, and the
fixed weights of its habits (docs/observe.md says what it may read)."""

from __future__ import annotations

import functools
from typing import Any

from towerplay.core.notation import Action
from towerplay.rtdt.seat_view import HeroView

# the bare actions the agent looks for among the legal ones, made once
BANNER = Action("banner")
END = Action("end")
END_SKIP = Action("end", "skip")
DOUBLE = Action("double")
RESOLVE = Action("resolve")
BLESS = Action("bless")
BLESSED = Action("blessed")
STATUSES = ("panicked", "unsteady", "ready", "savage", "lethal")
START_RUNG = {"lethal": 0, "savage": 1, "ready": 1, "unsteady": 2, "panicked": 3}
TOP_RUNG = 4
ADVERSARY_CARDS = 5
KINGDOMS = ("north", "east", "south", "west")
GLYPH_HOMES = {
    "cleanse": (0, 0),
    "quest": (0, 2),
    "battle": (1, 0),
    "banner": (2, 0),
    "reinforce": (2, 2),
}

ITEM_VALUE = {
    # treasures
    "lamp_of_hope": 9.0,
    "acorns_of_the_white_oak": 8.0,
    "circlet_of_conviction": 7.0,
    "hallowed_reliquary": 7.0,
    "azkols_horn": 6.0,
    "crown_of_azkol": 6.0,
    "kamarias_carpet": 6.0,
    "oakstone_bow": 5.5,
    "spear_of_atish": 5.5,
    "white_cauldron": 5.0,
    "necklace_of_haggling": 5.0,
    "scroll_of_the_great_serpent": 5.0,
    "scroll_of_twilight_shadow": 5.0,
    "scroll_of_burning_sands": 5.0,
    "amulet_of_the_marid": 5.0,
    "golden_mace_of_azkol": 5.0,
    "lamp_of_darkness": 5.0,
    "tears_of_the_shedu": 5.0,
    "axe_of_soul_rending": 5.0,
    "cloak_of_stars": 4.5,
    "azkols_banner": 4.0,
    # Covenant treasures
    "sanctified_flask": 7.0,
    "azkols_scroll": 6.0,
    "wand_of_pacification": 6.0,
    "wand_of_conflagration": 6.0,
    "azkols_ichor": 6.0,
    "the_iron_wall": 5.5,
    "haunted_recluses_effigy": 5.5,
    "opal_of_projection": 5.5,
    "wand_of_celerity": 5.0,
    "azkols_chakram": 5.0,
    "everfilled_chest": 5.0,
    "brutal_warlords_bell": 5.0,
    "orphaned_scions_charm": 4.5,
    "relic_hunters_flagon": 4.5,
    "archwrights_sledge": 4.5,
    "beacon_stone": 4.5,
    "tent_of_revelry": 4.5,
    "azkols_vambraces": 4.0,
    "spymasters_journal": 4.0,
    "grim_whisper": 3.5,
    # gear
    "blessed_scepters": 6.5,
    "leather_armor": 5.5,
    "trusted_maps": 5.0,
    "longswords": 4.0,
    "brass_talismans": 4.0,
    "dusky_cloaks": 4.0,
    # potions
    "potion_of_purifying_breath": 4.0,
    "potion_of_dragon_teeth": 3.0,
    "potion_of_the_golden_sun": 2.5,
    "potion_of_fortunes_favor": 2.5,
    "potion_of_one_thousand_strides": 1.5,
    "potion_of_the_sirens_song": 1.0,
}
KIND_VALUE = {"potion": 2.0, "gear": 4.0, "treasure": 5.0, "quest_item": 9.0, "companion": 10.0}
VIRTUE_VALUE = {
    "infused": 9.0,
    "inspiring": 8.0,
    "resourceful": 8.0,
    "generous": 7.0,
    "fortunate": 6.0,
    "blessed": 5.0,
    "anointed": 5.0,
    "lucky": 5.0,
    "crafty": 5.0,
    "swift": 5.0,
    "veteran": 5.0,
    "callous": 3.0,
    "relentless": 3.0,
    "inventive": 2.0,
    "unseen": 2.0,
    # Covenant heroes' virtues
    "astromancer_exalted": 7.0,
    "keen_eyed": 6.0,
    "zealous": 6.0,
    "bounteous": 5.5,
    "emboldened": 6.0,
    "calculating": 5.0,
    "resolute": 5.0,
    "warden_inspiring": 5.0,
    "fortuitous": 4.0,
    "opportunistic": 4.0,
    "instinctive": 4.0,
    "steeled": 4.0,
}
# what a building is worth losing to a "destroy" strike: lower goes first
KEEP_BUILDING = {"bazaar": 0, "citadel": 1, "village": 2, "sanctuary": 3}
SHORT_WARRIORS = 6  # a teammate below this many warriors gets some of ours
SPARE_FROM = 24  # when we hold at least this many
QUEST_KIND_VALUE = {"main_goal": 30.0, "adversary": 18.0, "companion": 14.0}
# competitive mode
TOWER = "tower"  # the Tower's dungeon among the dungeons
TRIALS_NEEDED = 3
TRIAL_VALUE = 60.0  # completing a heroic trial, as a heroic action
TOWER_VALUE = 55.0  # entering the Tower's dungeon once ready
WARRIOR_BUFFER = 3  # warriors kept after a trial that spends them, against strikes
LOW_SUPPLY = 4  # at or below: cleanse wherever it pays, an empty supply eliminates
DETOUR = 2.5  # per step a heroic detour leaves us farther from the goal
RELIC_VALUE = 120.0  # finding the relic: winning
# what each trial need is gathered with: (building, option, per visit, spirit per visit)
GATHER = {
    "warriors": ("village", "enhanced", 12, 1),
    "potions": ("citadel", "free", 1, 0),
    "gear": ("bazaar", "free", 1, 0),
    "treasures": ("bazaar", "enhanced", 1, 2),
    "virtues": ("citadel", "enhanced", 1, 5),
}
# room order in the Tower's dungeon: the relic lies beyond the first row; hubs first
ROOM_ORDER = (3, 2, 4, 5, 1, 0)
# Covenant (docs/rules/covenant.md)
BUILD_VALUE = 20.0  # completing a monument, as a heroic action (its 2 spirit apart)
OFFERING_VALUE = 4.0  # one offering on a foundation; 2.5 more per offering already there
OFFERING_STEP = 2.5
MOONSTONE = "moonstone_temple"  # in TurnState.used: Battle and Cleanse without limit
AURA = "aura_of_friendship"  # in TurnState.used: Reinforce with any building this turn
# virtues that do nothing for a hero who lacks their components (a Cenotaph virtue)
HERO_BOUND_VIRTUES = frozenset(
    {
        "perceptive",
        "guarded",
        "keen_eyed",
        "instinctive",
        "warden_inspiring",
        "well_versed",
        "pious",
        "astromancer_exalted",
        "zealous",
        "bounteous",
    }
)
# how much a corruption hurts (what Soothing Word, the Flask, the Aegis and the Chakram send back)
CORRUPTION_SEVERITY = {
    "uncertain": 7.0,
    "arrogant": 7.0,
    "cursed": 6.0,
    "feverish": 5.0,
    "tempted": 5.0,
    "shaken": 5.0,
    "indolent": 5.0,
    "fatigued": 5.0,
    "reckless": 4.0,
    "vain": 4.0,
    "timid": 4.0,
    "snobby": 4.0,
    "feral": 3.0,
    "crestfallen": 3.0,
    "aquaphobic": 3.0,
    "disreputable": 3.0,
    "inobservant": 3.0,
    "lost": 2.0,
    "cruel": 2.0,
    "greedy": 2.0,
    "weak": 2.0,
    "feeble": 2.0,
    "suspicious": 1.0,
    "selfish": 1.0,
}
SWAP_FROM = 5.0  # Soothing Word swaps a corruption at least this bad for a random one
# what preparing each of the Astromancer's cards is worth before the month's board is read
SPELL_PRIORITY = {
    "smite_the_wicked": 6.5,
    "bestow_blessing": 7.0,
    "abate_the_darkness": 4.0,
    "aura_of_friendship": 5.0,
    "celestial_jaunt": 3.0,
    "soothing_word": 2.0,
    "ritual_of_warding": 3.5,
    "winds_of_change": 3.0,
    "commanding_rebuke": 3.2,
    "bounty_of_the_gods": 2.0,
}
EASY_SPELLS = ("ritual_of_warding", "winds_of_change")  # cast whenever: for Zealous/Bounteous
HAGGLE_GOOD = ("warriors", "potion", "gear")


def warrior_step(i: int) -> float:
    """What the i-th warrior (counting from 0) is worth: the first few matter most."""
    if i < 5:
        return 2.5
    if i < 10:
        return 1.8
    if i < 15:
        return 1.0
    if i < 24:
        return 0.5
    return 0.25


@functools.lru_cache(maxsize=65_536)
def warriors_value(have: int, delta: int) -> float:
    """Value of gaining (delta > 0) or losing (delta < 0) warriors from `have` (kept: the
    agent asks for the same few values thousands of times a game)."""
    if delta >= 0:
        return sum(warrior_step(i) for i in range(have, have + delta))
    lost = min(have, -delta)
    return -sum(warrior_step(i) for i in range(have - lost, have))


def spirit_value(have: int) -> float:
    return 2.5 if have < 3 else 1.5 if have < 7 else 0.8 if have < 12 else 0.4


def corruption_cost(h: HeroView) -> float:
    n = len(h.corruptions)
    return 12.0 if n == 0 else 25.0 if n == 1 else 500.0


def item_value(world: Any, item: str) -> float:
    v = ITEM_VALUE.get(item)
    if v is not None:
        return v
    return KIND_VALUE.get(world.kind_of.get(item, ""), 3.0)


def verb_of(a: Action) -> str:
    return a[0] if len(a) else ""


def foreign_value(virtue: str) -> float:
    """A virtue taken from another hero: those tied to that hero's own pieces do
    nothing (COV-CLARIFY-8)."""
    return 0.5 if virtue in HERO_BOUND_VIRTUES else VIRTUE_VALUE.get(virtue, 4.0)


def held_items(h: HeroView, kind: str) -> list[str]:
    if kind == "potion":
        return list(h.potions)
    if kind == "gear":
        return list(h.gear)
    if kind == "treasure":
        return list(h.treasures)
    return [*h.potions, *h.gear, *h.treasures]
