"""What the adapters need of each game, behind one small interface: a `Table`.

A table makes a game from the config and a seed (as `sim` does), holds the game's action
space and observation size, turns a view into its vector, and says what each seat earns at
the end (docs/rl.md, "Rewards").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from towerplay.core.protocol import Game
from towerplay.core.undo import never_undone
from towerplay.rl.features import rtdt_features, rtdt_size, tactics_features, tactics_size
from towerplay.rl.rtdt_space import rtdt_space
from towerplay.rl.space import ActionSpace
from towerplay.rl.tactics_space import squares, tactics_space
from towerplay.rtdt.game import make_config
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.rtdt.world import get_world
from towerplay.tactics import new_game as new_tactics
from towerplay.tactics.content import default_content

GAMES = ("rtdt", "tactics")
MAX_DECISIONS = {"rtdt": 200_000, "tactics": 100_000}  # as sim: longer is an engine bug
WIN, LOSS, BONUS = 1.0, -1.0, 0.5  # Tactics' +success earns WIN + BONUS


@dataclass(frozen=True)
class Table:
    """One game with one config: `new(seed)` deals a game; `players` seats play it."""

    game: str
    config: dict[str, Any]
    players: int
    space: ActionSpace
    size: int
    features: Callable[[dict[str, Any]], list[float]]

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self  # immutable: copies of a state that holds it share it

    def new(self, seed: int) -> Game:
        """A game dealt for learning: never undone, so it copies no checkpoints (as sim)."""
        if self.game == "rtdt":
            game: Game = new_rtdt(make_config(seed=seed, **self.config))
        else:
            game = new_tactics(self.config, seed)
        never_undone(game)
        return game

    def rewards(self, game: Game) -> list[float]:
        """Each seat's reward once `game` is over: cooperative wins and losses are the
        table's; in the competitive mode only the winner wins; Tactics adds BONUS for a
        +success (the bonus objective met too)."""
        result = game.result
        assert result is not None
        if result.outcome == "draw":
            return [0.0] * self.players
        if self.game == "tactics":
            if result.outcome == "loss":
                return [LOSS] * self.players
            bonus = BONUS if result.cause.startswith("+success") else 0.0
            return [WIN + bonus] * self.players
        if result.outcome == "loss":
            return [LOSS] * self.players
        if self.config.get("mode") == "competitive":
            return [WIN if s in result.winners else LOSS for s in range(self.players)]
        return [WIN] * self.players


def vector(table: Table, view: dict[str, Any]) -> Any:
    """The view's features as a float32 numpy vector, clipped to [0, 1] (a count above its
    typical maximum reads 1). numpy is imported here: it is the `rl` extra's."""
    import numpy as np

    return np.clip(np.asarray(table.features(view), np.float32), 0.0, 1.0)


@lru_cache(maxsize=8)
def _rtdt_space() -> ActionSpace:
    return rtdt_space()


@lru_cache(maxsize=8)
def _tactics_space(items: tuple[str, ...]) -> ActionSpace:
    return tactics_space(items=items)


def make_table(game: str, config: dict[str, Any]) -> Table:
    """The table of `game` ("rtdt" or "tactics") with `config` (what `sim` takes: for
    RtDT `make_config`'s options, for Tactics the encounter config). Raises ValueError for
    an unknown game or a config the game refuses."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    config = dict(config)
    if "seed" in config:
        raise ValueError("the seed is given to reset(), not in the config")
    if game == "rtdt":
        spaces: Sequence[str] = list(get_world().board.spaces)
        players = make_config(seed=0, **config).players  # checks the config too
        return Table(
            game,
            config,
            players,
            _rtdt_space(),
            rtdt_size(spaces),
            lambda v: rtdt_features(v, spaces),
        )
    items = tuple(i["id"] for i in config.get("items", ()) if isinstance(i, dict))
    sq = squares(default_content())
    players = len(new_tactics(config, 0).observe(0)["heroes"])  # checks the config too
    return Table(
        game,
        config,
        players,
        _tactics_space(items),
        tactics_size(sq),
        lambda v: tactics_features(v, sq),
    )
