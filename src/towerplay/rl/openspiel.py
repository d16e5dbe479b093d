"""towerplay's games as OpenSpiel Python games: `python_towerplay_rtdt`, `..._tactics`.

How chance is declared, honestly: the engines roll their dice, draw their cards and drop
the Tower's skulls from their own seeded generator, which is part of the game state, and
they do not stop at chance nodes. So the games are SAMPLED_STOCHASTIC: chance happens
inside `apply_action`, and the game parameter `seed` fixes it, so one seed gives one game
for one sequence of actions. A `clone()` carries the generator too, which is what an
OpenSpiel algorithm that clones (MCTSBot) plans on: it sees the real future of the dice,
as it sees every hidden card, since MCTSBot is a perfect-information algorithm. That is
fine for checking the registration and for baselines; an agent that plans fairly works on
`determinize(seat, seed)`: `resampler()` below gives OpenSpiel's ISMCTSBot exactly that. Information is IMPERFECT: an
observation (`observation_string`, `observation_tensor`) is `observe(player)` only.
There is no information state (the view is not perfect recall). OpenSpiel cannot
serialize a sampled-stochastic Python game (it asks for GetRNGState, which Python games
cannot give): save the towerplay game instead, `state.game.to_json()`.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from towerplay.core.protocol import Game
from towerplay.games import GameSpec, get, learnable
from towerplay.games.spec import LOSS
from towerplay.rl.tables import Table, make_table, vector


def short_name(game: str) -> str:
    return f"python_towerplay_{game}"


def game_type(spec: GameSpec) -> pyspiel.GameType:
    learning = spec.learning
    assert learning is not None
    return pyspiel.GameType(
        short_name=short_name(spec.name),
        long_name=learning.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # a cooperative game shares one result; the competitive mode does not
        utility=(
            pyspiel.GameType.Utility.IDENTICAL
            if learning.shared
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.most_seats,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(learning.params),
    )


def table_of(spec: GameSpec, params: dict[str, Any]) -> tuple[Table, int]:
    """The table and the seed that the OpenSpiel parameters name."""
    assert spec.learning is not None
    p = {**spec.learning.params, **params}
    return make_table(spec.name, spec.learning.config(p)), int(p["seed"])


class _Held:
    """A towerplay game inside an OpenSpiel state: OpenSpiel clones a Python state by
    `copy.deepcopy` of its attributes, so this copies with the game's own `clone()`."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.clone())


class TowerplayGame(pyspiel.Game):
    """An OpenSpiel game of one towerplay game and config."""

    towerplay_name = ""  # its name in towerplay.games: each registered class sets it

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = get(self.towerplay_name)
        assert spec.learning is not None
        self.kind = spec.name
        self.table, self.seed = table_of(spec, params or {})
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.table.space),
            max_chance_outcomes=0,
            num_players=self.table.players,
            min_utility=LOSS,
            max_utility=spec.learning.best,
            utility_sum=None,
            max_game_length=spec.max_decisions,
        )
        super().__init__(game_type(spec), info, params or {})

    def new_initial_state(self) -> TowerplayState:
        return TowerplayState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.table)


class TowerplayState(pyspiel.State):
    """The state: the towerplay game, dealt from the game parameter `seed` when first
    read (OpenSpiel clones by making a new state and copying the attributes over it, so a
    clone never deals a game it would throw away)."""

    def __init__(self, game: TowerplayGame) -> None:
        super().__init__(game)
        self.table = game.table
        self.seed = game.seed
        self._held: _Held | None = None

    @property
    def held(self) -> _Held:
        if self._held is None:
            self._held = _Held(self.table.new(self.seed))
        return self._held

    @property
    def game(self) -> Game:
        """The towerplay game being played (its log, its save, `observe`)."""
        return self.held.game

    def current_player(self) -> int:
        seat = self.held.game.to_act
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        g = self.held.game
        if g.to_act != player:
            return []
        found, missing = self.table.space.indices(g.legal_actions())
        if missing and not found:
            raise RuntimeError(f"no legal action is in the action space: {missing}")
        return found

    def _apply_action(self, action: int) -> None:
        self.held.game.apply(self.table.space.action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.table.space.texts[action]

    def is_terminal(self) -> bool:
        return self.held.game.result is not None

    def returns(self) -> list[float]:
        if self.held.game.result is None:
            return [0.0] * self.table.players
        return self.table.rewards(self.held.game)

    def __str__(self) -> str:
        return "\n".join(self.held.game.log[-5:])


class Observer:
    """OpenSpiel's observer protocol: the seat's vector (`tensor`) and its view as JSON."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.tensor = np.zeros(table.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TowerplayState, player: int) -> None:
        self.tensor[:] = vector(self.table, state.held.game, player)

    def string_from(self, state: TowerplayState, player: int) -> str:
        return json.dumps(state.held.game.observe(player), sort_keys=True)


def resampler(seed: int = 0) -> Callable[[TowerplayState, int], TowerplayState]:
    """What OpenSpiel's ISMCTSBot needs to plan without peeking (`bot.set_resampler(...)`):
    a copy of the state with what `player` cannot know re-drawn by the game's
    `determinize(player, n)`, n counting up from `seed` (deck orders, hidden skulls, the
    generator). Give the bot `use_observation_string=True`: there is no information state."""
    draws = itertools.count(seed)

    def resample(state: TowerplayState, player: int) -> TowerplayState:
        copy = state.clone()
        copy._held = _Held(state.game.determinize(player, next(draws)))
        return copy

    return resample


def game_class(spec: GameSpec) -> type[TowerplayGame]:
    """A class of its own for each game: OpenSpiel registers a class and calls it with the
    parameters (a closure instead crashes at exit)."""

    title = "".join(w.capitalize() for w in spec.name.split("_"))
    return type(f"{title}SpielGame", (TowerplayGame,), {"towerplay_name": spec.name})


CLASSES: dict[str, type[TowerplayGame]] = {g.name: game_class(g) for g in learnable()}


def register() -> list[str]:
    """Register every game of the learning API (once); their OpenSpiel short names."""
    names = []
    for spec in learnable():
        if short_name(spec.name) not in pyspiel.registered_names():
            pyspiel.register_game(game_type(spec), CLASSES[spec.name])
        names.append(short_name(spec.name))
    return names
