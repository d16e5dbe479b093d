"""The games the contract suite runs against. A new game joins with one line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.tactics.campaign.games import campaign_encounter
from tests.tactics.campaign.games import load as load_campaign_encounter
from tests.tactics.campaign.guide_fixture import PARTY, guide_content
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.tactics import TacticsGame
from towerplay.tactics import new_game as new_tactics
from towerplay.tactics.campaign.game import CampaignGame
from towerplay.tactics.campaign.game import new_game as new_campaign

COVENANT_HEROES = (
    "undaunted_aegis",
    "relentless_warden",
    "devious_swindler",
    "reverent_astromancer",
)


def rtdt_seats(g: RtdtGame) -> int:
    return len(g.state.heroes)


@dataclass(frozen=True)
class Entry:
    name: str
    new: Callable[[int], Any]  # seed -> a game at its first decision
    load: Callable[[Any], Any]  # a game's to_json() -> an equal game
    seats: Callable[[Any], int]  # a game -> how many seats it has


GAMES: list[Entry] = [
    Entry("rtdt-1p", lambda seed: new_rtdt(players=1, seed=seed), RtdtGame.from_json, rtdt_seats),
    Entry("rtdt-4p", lambda seed: new_rtdt(players=4, seed=seed), RtdtGame.from_json, rtdt_seats),
    Entry(
        "rtdt-covenant-4p",
        lambda seed: new_rtdt(
            players=4,
            seed=seed,
            expansion="covenant",
            heroes=COVENANT_HEROES[seed % 4 :] + COVENANT_HEROES[: seed % 4],
        ),
        RtdtGame.from_json,
        rtdt_seats,
    ),
    Entry(
        "rtdt-competitive-3p",
        lambda seed: new_rtdt(players=3, seed=seed, mode="competitive"),
        RtdtGame.from_json,
        rtdt_seats,
    ),
    Entry(
        "tactics",
        lambda seed: new_tactics(
            {
                "encounter": ("goblin_ambush", "pawl_chieftain", "stone_colossus")[seed % 3],
                "party": ["fighter", "rogue", "cleric", "wizard", "archer"][: 3 + seed % 3],
            },
            seed,
        ),
        TacticsGame.from_json,
        lambda g: len(g.s.heroes),
    ),
    Entry(
        "tactics-campaign",  # campaign heroes: elite classes, a Mark of Death, party items
        campaign_encounter,
        load_campaign_encounter,
        lambda g: len(g.s.heroes),
    ),
    Entry(
        "campaign",
        lambda seed: new_campaign(
            {
                "heroes": 3 + seed % 3,
                "players": 1 + seed % 2,
                **({"party": PARTY[: 3 + seed % 3]} if seed % 2 else {}),
            },
            seed,
            guide_content(),
        ),
        lambda data: CampaignGame.from_json(data, content=guide_content()),
        lambda g: g.s.heroes_count,
    ),
]
