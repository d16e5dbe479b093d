"""A seeded agent that picks uniformly among the legal actions."""

from __future__ import annotations

from typing import Any

from towerplay.core.notation import Action
from towerplay.core.rng import Rng, seed_state


class RandomAgent:
    """Uniform over legal actions, from its own seeded generator (never the game's)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed_state(seed))

    def act(self, game: Any) -> Action:
        actions = game.legal_actions()
        return actions[self.rng.below(len(actions))]
