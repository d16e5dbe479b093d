"""The games a table can hold, through their public API only: make one, load one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from towerplay.core.protocol import Game
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.tactics import new_game as new_tactics
from towerplay.tactics.game import TacticsGame


@dataclass(frozen=True)
class GameKind:
    """One game as the server sees it: `new(config, seed)` and `load(save, file)`; `agents`
    names the game's table in `sim.agents` (the AI seats it offers)."""

    name: str
    title: str
    new: Callable[[dict[str, Any], int], Game]
    load: Callable[[Any, str], Game]
    agents: str


def _new_rtdt(config: dict[str, Any], seed: int) -> Game:
    return new_rtdt(seed=seed, **config)


def _new_tactics(config: dict[str, Any], seed: int) -> Game:
    return new_tactics(config, seed)


KINDS: dict[str, GameKind] = {
    "rtdt": GameKind("rtdt", "Return to Dark Tower", _new_rtdt, RtdtGame.from_json, "rtdt"),
    "tactics": GameKind(
        "tactics", "Adventure Tactics: an encounter", _new_tactics, TacticsGame.from_json, "tactics"
    ),
}


def kind(name: str) -> GameKind:
    found = KINDS.get(name)
    if found is None:
        raise ValueError(f"unknown game {name!r}: one of {', '.join(KINDS)}")
    return found


def seat_count(game: Game) -> int:
    """Seats of a game in progress: one per hero, in both games (observe lists the heroes)."""
    return len(game.observe(0)["heroes"])
