"""The Game protocol that every game implements.

A terminal, a browser, an AI and a simulator all drive games through this
small surface and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from towerplay.core.errors import IllegalAction
from towerplay.core.narration import Event
from towerplay.core.notation import Action

# observe(SPECTATOR) is what every seat sees: the table's public facts and no seat's secrets
# (a spectator's page, a replay shown to everyone). -1 is no seat's number.
SPECTATOR = -1


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: `outcome` is "win", "loss" or "draw"; `cause` says why."""

    outcome: str
    cause: str
    winners: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "cause": self.cause, "winners": list(self.winners)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Result:
        return Result(data["outcome"], data["cause"], tuple(data.get("winners", ())))


@runtime_checkable
class Game(Protocol):
    """What every game exposes."""

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is pending; None when the game is over."""

    @property
    def prompt(self) -> str:
        """What is being decided, in words, for the seat to act."""

    @property
    def result(self) -> Result | None: ...

    @property
    def log(self) -> list[str]: ...

    @property
    def events(self) -> list[Event]: ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action | str) -> None: ...

    def observe(self, seat: int, told: bool = True) -> dict[str, Any]:
        """What `seat` may see. `told=False` leaves out what was said (the log and events),
        which agents and the simulator's records never read and which costs the most."""
        ...

    def clone(self) -> Game: ...

    def determinize(self, seat: int, seed: int) -> Game: ...

    def to_json(self) -> dict[str, Any]: ...

    def state_hash(self) -> str: ...

    def unavailable(self) -> list[tuple[str, IllegalAction]]:
        """The actions that exist for the seat to act but are barred now, each with why
        (the reason with its numbers and its rule): a screen shows them greyed."""
        ...

    def costs(self, action: Action | str) -> dict[str, int]:
        """What taking a legal action now costs, by resource ("spirit": 1), as its rules
        price it; empty when it costs nothing a screen should say beforehand."""
        ...

    def words(self, action: Action | str) -> Event:
        """An action as a button says it, for people: what it does, with printed names
        (an Event: template and fields, which a screen words in its language). The
        notation stays what is typed, saved and replayed."""
        ...

    def describe(self, name: str, say: Callable[[str], str] = ...) -> str | None:
        """The text of a card, foe, hero, class... by id or name: static content, no state
        (a screen's `info NAME`, a page's hover); None when nothing has that name. `say`
        words the content's texts in a screen's language (a catalog's gettext)."""

    # undo and redo through decisions, the RNG and every deck order restored (core/undo.py);
    # nothing to undo or redo raises IllegalAction and leaves the state unchanged

    def undo(self, steps: int = 1) -> None: ...

    def redo(self, steps: int = 1) -> None: ...

    def branch(self) -> Game:
        """A copy that keeps what can be redone (a `clone` forgets it): undo and redo on
        it leave the game itself, which others may be reading, as it is."""
        ...

    @property
    def undoable(self) -> int:
        """How many decisions can be undone now."""

    @property
    def redoable(self) -> int:
        """How many undone decisions can be redone now (a new action drops them)."""

    @property
    def redo_actions(self) -> list[str]:
        """The undone actions redo would re-apply, the next first."""
