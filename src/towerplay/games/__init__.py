"""The registry of games, as OpenSpiel's `register_game` and `pgx.make` are: each game's
`GameSpec` looked up by name. The layers above the games (screens, the server, simulation,
the learning API) ask a spec what they need and key nothing on a game's name themselves.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from towerplay.agents import Agent
from towerplay.games.spec import GameSpec

if TYPE_CHECKING:
    from towerplay.games.rtdt import RTDT
    from towerplay.games.tactics import CAMPAIGN, TACTICS

    GAMES: dict[str, GameSpec]

# each game's spec by the module that declares it: a spec is imported when it is first asked
# for, so a Return to Dark Tower game in the terminal never loads Adventure Tactics
SPECS = {"RTDT": "towerplay.games.rtdt", "TACTICS": "towerplay.games.tactics"}
SPECS["CAMPAIGN"] = SPECS["TACTICS"]
ORDER = ("RTDT", "TACTICS", "CAMPAIGN")  # the games, in the order every listing gives them


def __getattr__(name: str) -> Any:
    if name in SPECS:
        spec = getattr(importlib.import_module(SPECS[name]), name)
        globals()[name] = spec
        return spec
    if name == "GAMES":  # every game: a lobby, a simulation's records, the learning API
        table: dict[str, GameSpec] = {}
        for key in ORDER:
            spec = __getattr__(key)
            table[spec.name] = spec
        globals()["GAMES"] = table
        return table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def get(name: str) -> GameSpec:
    """The game called `name`; ValueError naming the games when there is none."""
    games: dict[str, GameSpec] = __getattr__("GAMES")
    found = games.get(name)
    if found is None:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(games)}")
    return found


def make_agent(game: str, agent: str, seed: int) -> Agent:
    """A fresh agent called `agent` of the game called `game`, seeded with `seed`."""
    return get(game).agents.make(agent, seed)


def simulated() -> list[GameSpec]:
    """The games a simulation keeps one record a game of."""
    return [g for g in __getattr__("GAMES").values() if g.records is not None]


def learnable() -> list[GameSpec]:
    """The games the learning API offers."""
    return [g for g in __getattr__("GAMES").values() if g.learning is not None]


__all__ = [
    "CAMPAIGN",
    "GAMES",
    "RTDT",
    "TACTICS",
    "GameSpec",
    "get",
    "learnable",
    "make_agent",
    "simulated",
]
