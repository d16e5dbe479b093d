"""The PettingZoo AEC environment: every seat an agent, `player_0`, `player_1`...

Each agent observes `{"observation": vector, "action_mask": mask}` (its own view only) and
acts with an index of the game's fixed action space; the agent to act also finds its full
`observe()` dict in `infos[agent]["view"]` and the action texts in `["legal"]`. Rewards
come only at the end (tables.py). A game longer than `max_decisions` is truncated.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from towerplay.core.protocol import Game
from towerplay.rl.tables import Table, make_table, vector


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class TowerplayAEC(AECEnv):
    """One towerplay game as a PettingZoo AEC environment (docs/rl.md)."""

    metadata = {"render_modes": ["ansi"], "name": "towerplay_v0", "is_parallelizable": False}

    def __init__(
        self, table: Table, max_decisions: int | None = None, render_mode: str | None = None
    ) -> None:
        super().__init__()
        self.table = table
        self.max_decisions = max_decisions or table.spec.max_decisions
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(table.players)]
        n = len(table.space)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (table.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(n)
        self._rng = np.random.default_rng()
        self.game: Game | None = None
        self.unmapped: dict[str, int] = {}  # legal actions the space lacks (should stay {})

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # --- the loop ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._rng.integers(2**31))
        self.game = self.table.new(game_seed)
        self.decisions = 0
        self._view: tuple[int, dict[str, Any]] | None = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        legal = self._legal()
        if action is None or int(action) not in legal:
            raise ValueError(f"{agent}: action {action} is not legal now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        game.apply(self.table.space.action(int(action)))
        self.decisions += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if game.result is not None:
            for a, r in zip(self.possible_agents, self.table.rewards(game), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        elif self.decisions >= self.max_decisions:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        """The next agent: the seat to act, else (game over) each agent still to be told."""
        game = self.game
        assert game is not None
        for a in self.agents:
            self.infos[a] = {}
        self._view = None
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            self.agent_selection = done[0]
            return
        seat = game.to_act
        assert seat is not None
        self.agent_selection = agent_name(seat)
        self._view = (seat, game.observe(seat))  # observe() reads it back (no step between)
        self.infos[self.agent_selection] = {
            "view": self._view[1],
            "legal": [str(a) for a in game.legal_actions()],
        }

    def _legal(self) -> list[int]:
        game = self.game
        assert game is not None
        found, missing = self.table.space.indices(game.legal_actions())
        for text in missing:
            self.unmapped[text] = self.unmapped.get(text, 0) + 1
        if not found:
            raise RuntimeError(
                f"no legal action of this {self.table.game} game is in the "
                f"action space: {missing} (a gap in rl/*_space.py)"
            )
        return found

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        assert game is not None
        seat = int(agent.rsplit("_", 1)[1])
        view = self._view[1] if self._view and self._view[0] == seat else game.observe(seat)
        mask = np.zeros(len(self.table.space), np.int8)
        if game.to_act == seat and not self.truncations.get(agent, False):
            mask[self._legal()] = 1  # none once the game is over (to_act is None)
        return {"observation": vector(self.table, view), "action_mask": mask}

    def render(self) -> str | None:
        if self.game is None:
            return None
        text = "\n".join(self.game.log[-10:])
        return text if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass


def make_aec(
    game: str, max_decisions: int | None = None, render_mode: str | None = None, **config: Any
) -> TowerplayAEC:
    """A PettingZoo AEC environment of `game` ("rtdt" or "tactics"); `config` is what
    `sim` takes (RtDT: players, mode, expansion, difficulty, heroes...; Tactics: encounter,
    party, difficulty...). The game's seed is reset()'s."""
    return TowerplayAEC(make_table(game, config), max_decisions, render_mode)
