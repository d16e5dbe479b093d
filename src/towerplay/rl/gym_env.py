"""The single-agent Gymnasium environment: one seat learns, an agent plays the others.

The observation is the seat's vector (features.py); `action_masks()` (what sb3-contrib's
MaskablePPO reads) and `info["action_mask"]` mark the legal indices. An index that is not
legal now changes nothing: the step earns 0, says `info["illegal"] = True` and counts
toward the truncation limit, so an agent that ignores the mask still ends.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from towerplay.agents import Agent
from towerplay.core.protocol import Game
from towerplay.rl.tables import Table, make_table, vector

SEEDS_PER_GAME = 1000  # a seat's agent seed is game seed * 1000 + seat (as in sim)


class TowerplayGym(gym.Env[np.ndarray, np.int64]):
    """One towerplay game seen from `seat` (docs/rl.md)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        table: Table,
        seat: int = 0,
        opponents: str = "heuristic",
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        if not 0 <= seat < table.players:
            raise ValueError(f"seat must be 0..{table.players - 1}, not {seat}")
        table.spec.agents.check(opponents)
        self.table, self.seat, self.opponents = table, seat, opponents
        self.max_steps = max_steps or table.spec.max_decisions
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (table.size,), np.float32)
        self.action_space = spaces.Discrete(len(table.space))
        self.game: Game | None = None
        self.others: list[Agent] = []
        self.unmapped: dict[str, int] = {}  # legal actions the space lacks (should stay {})

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        # a game that ends before the seat's first decision is dealt again from the next seed
        while True:
            self.game = self.table.new(game_seed)
            self.others = [
                self.table.spec.agents.make(self.opponents, game_seed * SEEDS_PER_GAME + s)
                for s in range(self.table.players)
            ]
            self._others_play()
            if self.game.result is None:
                break
            game_seed += 1
        self.steps = 0
        return self._obs(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.game
        assert game is not None and game.result is None, "reset() first"
        self.steps += 1
        legal = self._legal()
        illegal = int(action) not in legal
        if not illegal:
            game.apply(self.table.space.action(int(action)))
            self._others_play()
        over = game.result is not None
        reward = self.table.rewards(game)[self.seat] if over else 0.0
        truncated = not over and self.steps >= self.max_steps
        return self._obs(), reward, over, truncated, self._info(illegal)

    def action_masks(self) -> np.ndarray:
        """The legal indices now, as booleans (MaskablePPO's protocol)."""
        mask = np.zeros(len(self.table.space), bool)
        game = self.game
        if game is not None and game.to_act == self.seat:
            mask[self._legal()] = True
        return mask

    def _legal(self) -> list[int]:
        game = self.game
        assert game is not None
        found, missing = self.table.space.indices(game.legal_actions())
        for text in missing:
            self.unmapped[text] = self.unmapped.get(text, 0) + 1
        return found

    def _others_play(self) -> None:
        game = self.game
        assert game is not None
        n = 0
        while (seat := game.to_act) is not None and seat != self.seat:
            game.apply(self.others[seat].act(game))
            n += 1
            if n >= self.table.spec.max_decisions:
                raise RuntimeError(f"no end after {n} decisions of the other seats")

    def _obs(self) -> np.ndarray:
        assert self.game is not None
        return vector(self.table, self.game, self.seat)

    def _info(self, illegal: bool) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "illegal": illegal}

    def render(self) -> str | None:
        if self.game is None or self.render_mode != "ansi":
            return None
        return "\n".join(self.game.log[-10:])


def make_gym(
    game: str,
    seat: int = 0,
    opponents: str = "heuristic",
    max_steps: int | None = None,
    render_mode: str | None = None,
    **config: Any,
) -> TowerplayGym:
    """A Gymnasium environment of `game` in which `seat` learns and `opponents` (an agent
    name of `sim`: "heuristic", "random") plays every other seat."""
    return TowerplayGym(make_table(game, config), seat, opponents, max_steps, render_mode)
