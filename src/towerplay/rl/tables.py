"""What the adapters need of each game, behind one small interface: a `Table`.

A table makes a game from the config and a seed (as `sim` does), holds the game's action
space and observation size, turns what a seat sees into its vector (the game's own
`Features`: RtDT's read its typed view, no JSON made), and says what each seat earns at the
end (docs/rl.md, "Rewards").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from towerplay.core.protocol import Game
from towerplay.core.undo import never_undone
from towerplay.games import GAMES, GameSpec, learnable
from towerplay.games.space import ActionSpace
from towerplay.games.spec import Features, Learning


@dataclass(frozen=True)
class Table:
    """One game with one config: `new(seed)` deals a game; `players` seats play it."""

    spec: GameSpec
    config: dict[str, Any]
    players: int
    space: ActionSpace
    size: int
    features: Features

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def learning(self) -> Learning:
        assert self.spec.learning is not None
        return self.spec.learning

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self  # immutable: copies of a state that holds it share it

    def new(self, seed: int) -> Game:
        """A game dealt for learning: never undone, so it copies no checkpoints (as sim)."""
        game = self.spec.new(self.config, seed)
        never_undone(game)
        return game

    def rewards(self, game: Game) -> list[float]:
        """Each seat's reward once `game` is over (the game's `Learning.rewards`: docs/rl.md,
        "Rewards")."""
        result = game.result
        assert result is not None
        return self.learning.rewards(result, self.config, self.players)


def vector(table: Table, game: Game, seat: int) -> Any:
    """What `seat` sees of `game` as a float32 numpy vector, clipped to [0, 1] (a count
    above its typical maximum reads 1). numpy is imported here: it is the `rl` extra's."""
    import numpy as np

    return np.clip(np.asarray(table.features(game, seat), np.float32), 0.0, 1.0)


@lru_cache(maxsize=8)
def _encoding(spec: GameSpec) -> tuple[int, Features]:
    assert spec.learning is not None
    return spec.learning.encoding()


def make_table(game: str, config: dict[str, Any]) -> Table:
    """The table of the game called `game` with `config` (what `sim` takes: for RtDT
    `make_config`'s options, for Tactics the encounter config). Raises ValueError for an
    unknown game or a config the game refuses."""
    spec = GAMES.get(game)
    if spec is None or spec.learning is None:
        names = ", ".join(g.name for g in learnable())
        raise ValueError(f"unknown game {game!r}; games: {names}")
    config = dict(config)
    if "seed" in config:
        raise ValueError("the seed is given to reset(), not in the config")
    players = spec.learning.players(config)  # checks the config too
    size, features = _encoding(spec)
    return Table(spec, config, players, spec.learning.space(config), size, features)
