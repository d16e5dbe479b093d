"""What a layer above the games needs to know of one game, in one record: a `GameSpec`.

A screen, a simulation, the server and the learning API look a game up by name in
`towerplay.games` and from then on ask its spec — how to deal one, load one, count its
seats, seat an AI, keep a finished game's figures, give it to a learning library — instead
of keeping their own table keyed by the game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from towerplay.agents.registry import AgentSet
from towerplay.core.protocol import Game, Result
from towerplay.games.space import ActionSpace

# the rewards of the learning API (docs/rl.md, "Rewards")
WIN, LOSS, BONUS = 1.0, -1.0, 0.5  # Tactics' +success earns WIN + BONUS

Record = dict[str, Any]  # one finished game's figures (sim/play.py)
Labels = Callable[[Record], Iterable[tuple[str, bool]]]  # a record's (group, won) pairs
# a seat's observation vector before clipping (games/features.py), read from what the seat
# sees of the game only
Features = Callable[[Game, int], list[float]]


@dataclass(frozen=True)
class Breakdown:
    """One table of a balance report: its title (an English message id), a file-name-safe
    key, and the groups each record counts in."""

    title: str
    key: str
    labels: Labels


@dataclass(frozen=True, eq=False)  # one per game: equal when the same
class Records:
    """What a simulation keeps of each finished game of this kind: the setup and per-seat
    columns, the figures themselves (read from `observe`, never the state), whether a
    record (or one seat of it) won, and the report's tables."""

    setup: tuple[str, ...]
    seat: tuple[str, ...]
    figures: Callable[[Game, Mapping[str, Any]], Record]
    won: Callable[[Record, int | None], bool]
    breakdowns: tuple[Breakdown, ...]
    lists: tuple[str, ...] = ()  # the setup columns that hold lists


@dataclass(frozen=True, eq=False)  # one per game: equal when the same
class Learning:
    """The game as a learning environment: its OpenSpiel name and parameters (and the
    config they make), its seats, its fixed action space and observation vector, and what
    each seat earns at the end."""

    long_name: str
    params: Mapping[str, Any]  # OpenSpiel's parameter specification, with its defaults
    config: Callable[[Mapping[str, Any]], dict[str, Any]]  # OpenSpiel parameters -> config
    players: Callable[[Mapping[str, Any]], int]  # a config's seats (checking the config)
    space: Callable[[Mapping[str, Any]], ActionSpace]
    encoding: Callable[[], tuple[int, Features]]  # the vector's size and its features
    rewards: Callable[[Result, Mapping[str, Any], int], list[float]]
    best: float  # the highest reward a seat can earn
    shared: bool  # every seat always earns the same (OpenSpiel's IDENTICAL utility)


@dataclass(frozen=True, eq=False)  # one per game: equal when the same
class GameSpec:
    """One game: `new(config, seed)` deals it (config: the options its `new_game` takes),
    `load(document, where)` reads a save back (`where` names the file in errors), `seats`
    counts the seats of a game in progress from what every seat sees; `most_seats` is the
    most a game of it has; a game longer than `max_decisions` is an engine bug."""

    name: str
    title: str
    new: Callable[[Mapping[str, Any], int], Game]
    load: Callable[[Any, str], Game]
    seats: Callable[[Game], int]
    most_seats: int
    max_decisions: int
    agents: AgentSet
    # what a lobby offers to choose, by option: [{"id": ..., "name": printed name}, ...]
    choices: Callable[[], dict[str, list[dict[str, str]]]] | None = None
    records: Records | None = None  # None: not simulated one game a record
    learning: Learning | None = None  # None: not offered to the learning libraries
    # the keys of a seat's view (`observe`) that give the dealt game away to anyone who can
    # run the engine (RtDT's game code holds the seed its random stream starts from): a
    # table hides them until the game is over, unless its creator chose them (web/views.py)
    setup_secret: tuple[str, ...] = ()


def by_field(name: str, won: Callable[[Record, int | None], bool]) -> Labels:
    """One group per value of a setup field ("-" when unset)."""
    return lambda r: [(str(r["setup"].get(name) or "-"), won(r, None))]


def by_each(name: str, won: Callable[[Record, int | None], bool], seat_wise: bool) -> Labels:
    """One group per entry of a list field (each hero, each foe); a seat-wise list (the
    heroes, the party) counts the win of the seat the entry is."""

    def labels(r: Record) -> list[tuple[str, bool]]:
        values = r["setup"].get(name) or []
        return [(str(v), won(r, i if seat_wise else None)) for i, v in enumerate(values)]

    return labels
