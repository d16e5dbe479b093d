"""Adventure Tactics as the layers above it see it: an encounter's `GameSpec`, and a
campaign's."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from towerplay.agents.registry import CAMPAIGN_AGENTS, TACTICS_AGENTS
from towerplay.core.narration import N_
from towerplay.core.protocol import Game, Result
from towerplay.games.features import tactics_features, tactics_size
from towerplay.games.space import ActionSpace
from towerplay.games.spec import (
    BONUS,
    LOSS,
    WIN,
    Breakdown,
    Features,
    GameSpec,
    Learning,
    Record,
    Records,
    by_each,
    by_field,
)
from towerplay.games.tactics_space import squares, tactics_space
from towerplay.tactics import new_game
from towerplay.tactics.campaign.game import CampaignGame
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.tactics.content import default_content
from towerplay.tactics.game import TacticsGame

SETUP = ("encounter", "party", "difficulty")
SEAT = ("class", "hp", "max_hp", "knocked_out")


def new(config: Mapping[str, Any], seed: int) -> Game:
    """An encounter dealt from its config (encounter, party, difficulty...) and a seed."""
    return new_game(dict(config), seed)


def heroes(game: Game) -> int:
    """One seat per hero (observe lists the heroes)."""
    return len(game.observe(0)["heroes"])


def figures(game: Game, options: Mapping[str, Any]) -> Record:
    """What a finished encounter's record holds, from what every seat sees."""
    view = game.observe(0, told=False)
    units = {u["id"]: u for u in view["units"]}
    seats = [
        {
            "class": h["class"],
            "hp": units[h["id"]]["hp"],
            "max_hp": units[h["id"]]["max_hp"],
            "knocked_out": units[h["id"]]["knocked_out"],
        }
        for h in view["heroes"]
    ]
    return {
        "setup": {
            "encounter": view["encounter"],
            "party": [h["class"] for h in view["heroes"]],
            "difficulty": options.get("difficulty", "normal"),
        },
        "outcome": view["outcome"] or None,
        "cause": view["cause"] or None,
        "winners": [],
        "turns": view["round"],
        "seats": seats,
    }


def won(record: Record, seat: int | None = None) -> bool:
    """A success (or a +success) is the whole party's."""
    return record["outcome"] in ("success", "+success")


BREAKDOWNS = (
    Breakdown(N_("By encounter"), "encounter", by_field("encounter", won)),
    Breakdown(
        N_("By party size and difficulty"),
        "party_difficulty",
        lambda r: [(f"{len(r['setup']['party'])} heroes, {r['setup']['difficulty']}", won(r))],
    ),
    Breakdown(N_("By class in the party"), "class", by_each("party", won, seat_wise=True)),
)

PARAMS = {
    "encounter": "goblin_ambush",
    "party": "fighter,rogue,cleric",
    "difficulty": "normal",
    "seed": 0,
}


def spiel_config(p: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "encounter": p["encounter"],
        "party": p["party"].split(","),
        "difficulty": p["difficulty"],
    }


def players(config: Mapping[str, Any]) -> int:
    return heroes(new(config, 0))  # checks the config too


@cache
def _items_space(items: tuple[str, ...]) -> ActionSpace:
    return tactics_space(items=items)


def space(config: Mapping[str, Any]) -> ActionSpace:
    """The content's space with the party's consumables of this config."""
    items = tuple(i["id"] for i in config.get("items", ()) if isinstance(i, dict))
    return _items_space(items)


def encoding() -> tuple[int, Features]:
    """The vector of a seat's typed view (no JSON is made)."""
    sq = squares(default_content())

    def features(game: Game, seat: int) -> list[float]:
        assert isinstance(game, TacticsGame)
        return tactics_features(game.view(seat), sq)

    return tactics_size(sq), features


def rewards(result: Result, config: Mapping[str, Any], seats: int) -> list[float]:
    """The party's result: a +success (the bonus objective met too) earns BONUS more."""
    if result.outcome == "draw":
        return [0.0] * seats
    if result.outcome == "loss":
        return [LOSS] * seats
    bonus = BONUS if result.cause.startswith("+success") else 0.0
    return [WIN + bonus] * seats


def choices() -> dict[str, list[dict[str, str]]]:
    """The encounters and the classes a party is made of (the basic ones: an elite class
    is reached by levelling in a campaign), by printed name."""
    c = default_content()
    return {
        "encounter": [{"id": e.id, "name": e.name} for e in c.encounters.values()],
        "class": [{"id": k.id, "name": k.name} for k in c.classes.values() if not k.elite],
    }


TACTICS = GameSpec(
    name="tactics",
    title="Adventure Tactics: an encounter",
    new=new,
    load=TacticsGame.from_json,
    seats=heroes,
    most_seats=5,
    max_decisions=100_000,
    agents=TACTICS_AGENTS,
    choices=choices,
    records=Records(SETUP, SEAT, figures, won, BREAKDOWNS, lists=("party",)),
    learning=Learning(
        long_name="towerplay Adventure Tactics",
        params=PARAMS,
        config=spiel_config,
        players=players,
        space=space,
        encoding=encoding,
        rewards=rewards,
        best=WIN + BONUS,
        shared=True,
    ),
)


def _new_campaign(config: Mapping[str, Any], seed: int) -> Game:
    return new_campaign(dict(config), seed)


def party(game: Game) -> int:
    """A campaign seats one person per hero, as its encounters do; the party's group
    decisions (the Guide's choices, the market) are asked of seat 0, as the engine asks
    them (AT-CAMP-2's division of heroes among players is for one table, not online)."""
    return int(game.observe(0)["party"]["heroes_count"])


CAMPAIGN = GameSpec(
    name="campaign",
    title="Adventure Tactics: a campaign",
    new=_new_campaign,
    load=CampaignGame.from_json,
    seats=party,
    most_seats=5,
    max_decisions=1_000_000,  # a campaign is many encounters long
    agents=CAMPAIGN_AGENTS,
)
