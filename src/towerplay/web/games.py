"""The games a table can hold, through their public API only: make one, load one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from towerplay.core.protocol import Game
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.tactics import new_game as new_tactics
from towerplay.tactics.campaign.game import CampaignGame
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.tactics.game import TacticsGame


@dataclass(frozen=True)
class GameKind:
    """One game as the server sees it: `new(config, seed)` and `load(save, file)`; `agents`
    names the game's table in `sim.agents` (the AI seats it offers); `seats` counts the seats
    of a game in progress from what every seat sees."""

    name: str
    title: str
    new: Callable[[dict[str, Any], int], Game]
    load: Callable[[Any, str], Game]
    agents: str
    seats: Callable[[Game], int]


def _new_rtdt(config: dict[str, Any], seed: int) -> Game:
    return new_rtdt(seed=seed, **config)


def _new_tactics(config: dict[str, Any], seed: int) -> Game:
    return new_tactics(config, seed)


def _new_campaign(config: dict[str, Any], seed: int) -> Game:
    return new_campaign(config, seed)


def _heroes(game: Game) -> int:
    """One seat per hero, in both games (observe lists the heroes)."""
    return len(game.observe(0)["heroes"])


def _party(game: Game) -> int:
    """A campaign seats one person per hero, as its encounters do; the party's group
    decisions (the Guide's choices, the market) are asked of seat 0, as the engine asks
    them (AT-CAMP-2's division of heroes among players is for one table, not online)."""
    return int(game.observe(0)["party"]["heroes_count"])


KINDS: dict[str, GameKind] = {
    "rtdt": GameKind(
        "rtdt", "Return to Dark Tower", _new_rtdt, RtdtGame.from_json, "rtdt", _heroes
    ),
    "tactics": GameKind(
        "tactics",
        "Adventure Tactics: an encounter",
        _new_tactics,
        TacticsGame.from_json,
        "tactics",
        _heroes,
    ),
    "campaign": GameKind(
        "campaign",
        "Adventure Tactics: a campaign",
        _new_campaign,
        CampaignGame.from_json,
        "campaign",
        _party,
    ),
}


def kind(name: str) -> GameKind:
    found = KINDS.get(name)
    if found is None:
        raise ValueError(f"unknown game {name!r}: one of {', '.join(KINDS)}")
    return found
