"""Return to Dark Tower as the layers above it see it: its `GameSpec`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from towerplay.agents.registry import RTDT_AGENTS
from towerplay.core.narration import N_
from towerplay.core.protocol import Game, Result
from towerplay.games.features import rtdt_features, rtdt_size
from towerplay.games.rtdt_space import rtdt_space
from towerplay.games.space import ActionSpace
from towerplay.games.spec import (
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
from towerplay.rtdt.game import RtdtGame, new_game
from towerplay.rtdt.options import RtdtOptions
from towerplay.rtdt.world import get_world

# what a record keeps of the setup, from the observed config, and of each seat
SETUP = ("players", "heroes", "difficulty", "mode", "expansion", "foes", "adversary", "companion")
SEAT = ("hero", "warriors", "spirit", "corruptions", "eliminated", "items", "virtues")


def new(config: Mapping[str, Any], seed: int) -> Game:
    """A game dealt from its options (`RtdtOptions`, or a JSON object of them) and a seed."""
    return new_game(RtdtOptions.of(config).config(seed))


def heroes(game: Game) -> int:
    """One seat per hero (observe lists the heroes)."""
    return len(game.observe(0)["heroes"])


def figures(game: Game, options: Mapping[str, Any]) -> Record:
    """What a finished game's record holds, from what every seat sees (a record reads
    nothing that was said: the log's views are left out)."""
    view = game.observe(0, told=False)
    result = game.result
    cfg = view["config"]
    seats = [
        {
            "hero": h["hero"],
            "warriors": h["warriors"],
            "spirit": h["spirit"],
            "corruptions": len(h["corruptions"]),
            "eliminated": h["eliminated"],
            "items": sorted(h["gear"] + h["treasures"] + h["quest_items"]),
            "virtues": sorted(h["virtues"]),
        }
        for h in view["heroes"]
    ]
    return {
        "setup": {k: cfg[k] for k in SETUP},
        "outcome": None if result is None else result.outcome,
        "cause": None if result is None else result.cause,
        "winners": [] if result is None else list(result.winners),
        "turns": view["turn_number"],
        "seats": seats,
    }


def won(record: Record, seat: int | None = None) -> bool:
    """A cooperative win; for a competitive seat, that seat among the winners."""
    if seat is not None and record["setup"].get("mode") == "competitive":
        return seat in record["winners"]
    return bool(record["outcome"] == "win")


BREAKDOWNS = (
    Breakdown(
        N_("By players and difficulty"),
        "players_difficulty",
        lambda r: [(f"{r['setup']['players']} players, {r['setup']['difficulty']}", won(r))],
    ),
    Breakdown(N_("By hero"), "hero", by_each("heroes", won, seat_wise=True)),
    Breakdown(N_("By foe"), "foe", by_each("foes", won, seat_wise=False)),
    Breakdown(N_("By adversary"), "adversary", by_field("adversary", won)),
    Breakdown(N_("By companion"), "companion", by_field("companion", won)),
    Breakdown(
        N_("By expansion (Covenant)"),
        "expansion",
        lambda r: [(r["setup"].get("expansion") or "base game", won(r))],
    ),
    Breakdown(N_("By mode"), "mode", by_field("mode", won)),
)

# OpenSpiel's parameters: a config of their own words ("none" for no expansion)
PARAMS = {
    "players": 1,
    "mode": "cooperative",
    "expansion": "none",
    "difficulty": "heroic",
    "seed": 0,
}


def spiel_config(p: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "players": p["players"],
        "mode": p["mode"],
        "difficulty": p["difficulty"],
        "expansion": "" if p["expansion"] == "none" else p["expansion"],
    }


def players(config: Mapping[str, Any]) -> int:
    return RtdtOptions.of(config).config(0).players  # checks the config too


@cache
def _content_space() -> ActionSpace:
    return rtdt_space()


def space(config: Mapping[str, Any]) -> ActionSpace:
    """One space for every config: it is built from the content, not from the setup."""
    return _content_space()


def encoding() -> tuple[int, Features]:
    """The vector of a seat's typed view (no JSON is made: the agent's own look)."""
    spaces = list(get_world().board.spaces)

    def features(game: Game, seat: int) -> list[float]:
        assert isinstance(game, RtdtGame)
        return rtdt_features(game.view(seat), spaces)

    return rtdt_size(spaces), features


def rewards(result: Result, config: Mapping[str, Any], seats: int) -> list[float]:
    """Cooperative wins and losses are the table's; in the competitive mode only the
    winner wins."""
    if result.outcome == "draw":
        return [0.0] * seats
    if result.outcome == "loss":
        return [LOSS] * seats
    if config.get("mode") == "competitive":
        return [WIN if s in result.winners else LOSS for s in range(seats)]
    return [WIN] * seats


RTDT = GameSpec(
    name="rtdt",
    title="Return to Dark Tower",
    new=new,
    load=RtdtGame.from_json,
    seats=heroes,
    most_seats=4,
    max_decisions=200_000,
    agents=RTDT_AGENTS,
    records=Records(SETUP, SEAT, figures, won, BREAKDOWNS, lists=("heroes", "foes")),
    setup_secret=("code",),  # the code fixes the whole game: the next Tower drop included
    learning=Learning(
        long_name="towerplay Return to Dark Tower",
        params=PARAMS,
        config=spiel_config,
        players=players,
        space=space,
        encoding=encoding,
        rewards=rewards,
        best=WIN,
        shared=False,  # the competitive mode has one winner
    ),
)
