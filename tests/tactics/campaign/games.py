"""Campaign encounters for the contract and save-fuzz suites: 3-5 heroes of the
fixture, each on a path to an elite class of the Elite Class Table (the four
basic-attack modifiers among them), with a Mark of Death in a deck and the party's
consumable items, built through campaign/loadout.py like a real campaign."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from towerplay.tactics import TacticsGame, new_game
from towerplay.tactics.campaign.content import CampaignContent, load_campaign_content
from towerplay.tactics.campaign.hero import new_hero
from towerplay.tactics.campaign.levels import take_level_up
from towerplay.tactics.campaign.loadout import default_loadout, encounter_config
from towerplay.tactics.content import load_content

FIXTURE = Path(__file__).parent / "fixture"
# hero, starting class, then the level-up cards to its elite class
PATHS = (
    ("roberta", "cleric", ("rogue_1", "archer_1", "demon_hunter_1")),
    ("olette", "fighter", ("cleric_1", "paladin_1")),
    ("elwyn", "wizard", ("wizard_2", "cleric_1", "warlock_1")),
    ("quill", "rogue", ("fighter_1", "wizard_1", "war_mage_1")),
    ("tolben", "archer", ("fighter_1", "wizard_1", "dark_knight_1")),
)
ENCOUNTERS = ("goblin_ambush", "pawl_chieftain", "stone_colossus")


@cache
def fixture_content() -> CampaignContent:
    return load_campaign_content([FIXTURE], game=load_content([FIXTURE]))


def campaign_encounter(seed: int) -> TacticsGame:
    """A campaign encounter for 3-5 heroes (by seed) at its first decision."""
    c = fixture_content()
    n = 3 + seed % 3
    party = [new_hero(c, name, cls) for name, cls, _ in PATHS[:n]]
    for who, (_, _, path) in enumerate(PATHS[:n]):
        for card in path:
            take_level_up(c, party, who, card)
    party[seed % n].cards.append("mark_of_death")
    config: dict[str, Any] = encounter_config(
        c,
        party,
        [default_loadout(c, h) for h in party],
        ("easy", "normal", "hard")[seed % 3],
        ENCOUNTERS[seed % len(ENCOUNTERS)],
        items=("healing_draught", "fire_flask", "healing_draught")[: 1 + seed % 3],
    )
    return new_game(config, seed, content=c.game)


def load(data: Any, file: str = "(save)") -> TacticsGame:
    return TacticsGame.from_json(data, file, content=fixture_content().game)
