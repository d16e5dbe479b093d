"""The registry of games, as OpenSpiel's `register_game` and `pgx.make` are: each game's
`GameSpec` looked up by name. The layers above the games (screens, the server, simulation,
the learning API) ask a spec what they need and key nothing on a game's name themselves.
"""

from __future__ import annotations

from towerplay.agents import Agent
from towerplay.games.rtdt import RTDT
from towerplay.games.spec import GameSpec
from towerplay.games.tactics import CAMPAIGN, TACTICS

GAMES: dict[str, GameSpec] = {g.name: g for g in (RTDT, TACTICS, CAMPAIGN)}


def get(name: str) -> GameSpec:
    """The game called `name`; ValueError naming the games when there is none."""
    found = GAMES.get(name)
    if found is None:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    return found


def make_agent(game: str, agent: str, seed: int) -> Agent:
    """A fresh agent called `agent` of the game called `game`, seeded with `seed`."""
    return get(game).agents.make(agent, seed)


def simulated() -> list[GameSpec]:
    """The games a simulation keeps one record a game of."""
    return [g for g in GAMES.values() if g.records is not None]


def learnable() -> list[GameSpec]:
    """The games the learning API offers."""
    return [g for g in GAMES.values() if g.learning is not None]


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
