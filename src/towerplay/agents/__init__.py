"""Players that speak only the Game protocol."""

from __future__ import annotations

from typing import Any, Protocol

from towerplay.core.notation import Action


class Agent(Protocol):
    """Anything that picks an action for the seat to act."""

    def act(self, game: Any) -> Action: ...
