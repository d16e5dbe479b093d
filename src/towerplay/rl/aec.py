"""The PettingZoo AEC environment: every seat an agent, `player_0`, `player_1`...

Each agent observes `{"observation": vector, "action_mask": mask}` (its own view only) and
acts with an index of the game's fixed action space; the agent to act also finds its full
`observe()` dict in `infos[agent]["view"]` and the action texts in `["legal"]`, each made
when first read (a learner that reads neither does not pay for them). Rewards come only at
the end (tables.py). A game longer than `max_decisions` is truncated.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, KeysView, ValuesView
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from towerplay.core.protocol import Game
from towerplay.rl.tables import Table, make_table, vector


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class SeatInfo(dict[str, Any]):
    """The info of the agent to act: `view` (its `observe()` dict) and `legal` (the legal
    actions' texts), each made the first time it is read and kept. A dict, as PettingZoo
    wants; both keys read as present (`in`, `get`, `keys`, `items`) before they are made.
    The next `step()` closes it: what was never read is then gone, never made from a later
    position."""

    LAZY = ("view", "legal")

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__()
        self.game: Game | None = game
        self.seat = seat

    def close(self) -> None:
        self.game = None

    def __missing__(self, key: str) -> Any:
        game = self.game
        if game is None or key not in self.LAZY:
            raise KeyError(key)
        if key == "view":
            value: Any = game.observe(self.seat)
        else:
            value = [str(a) for a in game.legal_actions()]
        self[key] = value
        return value

    def _made(self) -> SeatInfo:
        if self.game is not None:
            for key in self.LAZY:
                self[key]  # noqa: B018 (made and kept)
        return self

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key) or (self.game is not None and key in self.LAZY)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default  # noqa: SIM401 (`in` is ours)

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        return dict.keys(self._made())

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        return dict.items(self._made())

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        return dict.values(self._made())

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self._made())

    def __len__(self) -> int:
        return dict.__len__(self._made())

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self._made(), other)

    __hash__ = None

    def __repr__(self) -> str:
        return dict.__repr__(self._made())


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
        self._mask_of: tuple[int, list[int]] | None = None  # (decisions, legal indices)
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
        info = self.infos.get(agent)
        if isinstance(info, SeatInfo):
            info.close()  # what it did not make now would be made from the next position
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
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            self.agent_selection = done[0]
            return
        seat = game.to_act
        assert seat is not None
        self.agent_selection = agent_name(seat)
        self.infos[self.agent_selection] = SeatInfo(game, seat)

    def _legal(self) -> list[int]:
        """The legal actions' indices, found once a decision (the mask and the step's check
        read the same)."""
        game = self.game
        assert game is not None
        if self._mask_of is not None and self._mask_of[0] == self.decisions:
            return self._mask_of[1]
        found, missing = self.table.space.indices(game.legal_actions())
        for text in missing:
            self.unmapped[text] = self.unmapped.get(text, 0) + 1
        if not found:
            raise RuntimeError(
                f"no legal action of this {self.table.game} game is in the "
                f"action space: {missing} (a gap in games/*_space.py)"
            )
        self._mask_of = (self.decisions, found)
        return found

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        assert game is not None
        seat = int(agent.rsplit("_", 1)[1])
        mask = np.zeros(len(self.table.space), np.int8)
        if game.to_act == seat and not self.truncations.get(agent, False):
            mask[self._legal()] = 1  # none once the game is over (to_act is None)
        return {"observation": vector(self.table, game, seat), "action_mask": mask}

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
