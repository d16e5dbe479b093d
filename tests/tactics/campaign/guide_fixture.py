"""The fixture campaign of the flow tests: the level-up decks of fixture/ plus the
small Campaign Guide of fixture_guide/ (chapters, markets, items, perks, loot)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from towerplay.tactics.campaign.content import CampaignContent, load_campaign_content
from towerplay.tactics.campaign.game import CampaignGame, new_game
from towerplay.tactics.campaign.guide import enter, resolve_encounter
from towerplay.tactics.content import load_content

HERE = Path(__file__).parent
FOLDERS = [HERE / "fixture", HERE / "fixture_guide"]


@cache
def guide_content() -> CampaignContent:
    return load_campaign_content(FOLDERS, game=load_content(FOLDERS))


PARTY = [
    {"hero": "roberta", "class": "fighter"},
    {"hero": "olette", "class": "cleric"},
    {"hero": "elwyn", "class": "archer"},
    {"hero": "quill", "class": "wizard"},
    {"hero": "tolben", "class": "rogue"},
]


def campaign(
    heroes: int = 3, players: int = 1, difficulty: str = "normal", seed: int = 0
) -> CampaignGame:
    """A fixture campaign with a ready-made party, at its first page (Chapter 1)."""
    config = {"heroes": heroes, "players": players, "difficulty": difficulty}
    return new_game({**config, "party": PARTY[:heroes]}, seed, guide_content())


def at(g: CampaignGame, chapter: str, setup: bool = False) -> CampaignGame:
    """Jump the campaign to a chapter (a scenario's starting position); at an encounter,
    every hero takes its automatic loadout unless `setup` leaves the player setup asked."""
    g.s.pending.clear()
    g.enc = None
    g.s.fight = False
    enter(g.c, g.s, chapter)
    g._run()
    while not setup and g.s.pending and g.s.pending[0].kind == "setup":
        g.apply("ready")
    return g


def texts(g: CampaignGame) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def play(g: CampaignGame, *actions: str) -> CampaignGame:
    for a in actions:
        g.apply(a)
    return g


def resolve(g: CampaignGame, outcome: str) -> CampaignGame:
    """End the encounter in progress with an outcome (success, +success, failure); the
    player setup still asked takes the automatic loadouts."""
    while g.s.pending and g.s.pending[0].kind == "setup":
        g.apply("ready")
    assert g.enc is not None
    g.enc = None
    resolve_encounter(g.c, g.s, outcome)
    g._run()
    return g
