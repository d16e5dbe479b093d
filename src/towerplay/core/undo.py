"""Undo and redo for any game, by checkpoints and replay; and the online consent rule.

A game keeps, in its state, every action applied since its setup (its history) and
what it was set up from (config and seed). Its `Timeline` keeps a few checkpoints:
copies of the game at every `EVERY`-th position (the number of actions applied).
Undo k = take the nearest checkpoint at or before position n - k, copy it and replay
the history up to n - k; the game then takes that copy's state. Redo re-applies the
undone actions; any other action drops them. Replaying restores the RNG and every deck
order exactly (determinism), so undo k then redo k gives the same state hash.

Checkpoints are never changed once taken (a restore copies them), so a clone shares
them by reference. A loaded game has one checkpoint, the game as loaded; undoing past
it rebuilds the game from its setup, replays the history and checks that this gives
the loaded game before trusting it (a save edited by hand, a position built by a
scenario or a `determinize` copy does not, and keeps no past). The rule IDs cited
here are listed in docs/undo.md.

`consent` is the online rule: an action that revealed hidden information (a Tower
drop, a card drawn, a die rolled) is undone only if every human seat agrees. Whether
an action revealed something to a seat is found through the protocol alone: applied
to games re-drawn by `determinize(seat, seed)`, it leaves the seat seeing different
things (or is refused in one of them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from towerplay.core.errors import IllegalAction
from towerplay.core.narration import N_

EVERY = 16  # a checkpoint every 16 actions (benchmarks/bench_undo.py --sweep: why 16)
TRIES = tuple(range(32))  # the determinize seeds `reveals` tries (docs/undo.md: why 32)


class Rewindable(Protocol):
    """What a game gives its timeline: each game's wrapper implements these."""

    def _position(self) -> int:
        """How many actions were applied since the setup (the history's length)."""

    def _played(self, start: int) -> list[str]:
        """The history's actions from position `start` on, oldest first."""

    def _origin(self) -> Any:
        """The game as set up, at position 0, rebuilt from its config and seed."""

    def _snapshot(self) -> Any:
        """An independent copy (the game's clone)."""

    def _step(self, action: str) -> None:
        """Apply one action, without the timeline's bookkeeping."""

    def _adopt(self, other: Any) -> None:
        """Take `other`'s state as this game's own (the timeline stays)."""

    def state_hash(self) -> str: ...


@dataclass(slots=True)
class Timeline:
    """A game's checkpoints and its undone actions; none of it is saved or hashed."""

    marks: tuple[tuple[int, Any], ...] = ()  # (position, copy), by position; never changed
    redo: tuple[str, ...] = ()  # undone actions, the next to redo first
    origin: bool = True  # the game may be rebuilt from its setup and history
    record: bool = True  # take a checkpoint every EVERY positions as the game is played

    def shared(self) -> Timeline:
        """A clone's timeline: the same checkpoints (by reference), nothing to redo."""
        return Timeline(self.marks, (), self.origin, self.record)


def start(game: Rewindable, origin: bool = True) -> Timeline:
    """The timeline of a game just set up or loaded: one checkpoint, the game itself.
    `origin` is False for a save that does not keep the history it was played from."""
    return Timeline(((game._position(), game._snapshot()),), (), origin)


def sealed() -> Timeline:
    """A timeline that keeps no past: a `determinize` copy's (its past is not the
    original's), or an encounter's whose campaign keeps the past."""
    return Timeline((), (), origin=False, record=False)


def lowest(tl: Timeline, position: int) -> int:
    """The earliest position the game can go back to."""
    if tl.origin:
        return 0
    return tl.marks[0][0] if tl.marks else position


def applied(game: Rewindable, tl: Timeline) -> None:
    """Bookkeeping after a new action: the redo list is dropped; a checkpoint is taken
    every EVERY positions (UNDO-3)."""
    tl.redo = ()
    if tl.record:
        _mark(game, tl)


def _mark(game: Rewindable, tl: Timeline) -> None:
    pos = game._position()
    if pos % EVERY == 0 and (not tl.marks or tl.marks[-1][0] < pos):
        tl.marks = (*tl.marks, (pos, game._snapshot()))


def undoable(game: Rewindable, tl: Timeline) -> int:
    """How many steps can be undone now."""
    pos = game._position()
    return pos - lowest(tl, pos)


def undo(game: Rewindable, tl: Timeline, steps: int = 1) -> None:
    """Go back `steps` actions; IllegalAction (state unchanged) when there are not so many
    (UNDO-1) or the past cannot be rebuilt (UNDO-2)."""
    pos = game._position()
    _check_steps(steps, pos - lowest(tl, pos), "undone", "UNDO-1")
    target = pos - steps
    undone = tuple(game._played(target))
    back = _rewind(game, tl, target)
    game._adopt(back)
    tl.redo = undone + tl.redo


def redo(game: Rewindable, tl: Timeline, steps: int = 1) -> None:
    """Re-apply the next `steps` undone actions; IllegalAction when there are fewer
    (UNDO-4). All of them or none: they are applied to a copy first."""
    _check_steps(steps, len(tl.redo), "redone", "UNDO-4")
    ahead = game._snapshot()
    for action in tl.redo[:steps]:
        ahead._step(action)
        _mark(ahead, tl)
    game._adopt(ahead)
    tl.redo = tl.redo[steps:]


def _check_steps(steps: int, available: int, done: str, rule: str) -> None:
    if not isinstance(steps, int) or steps < 1:
        raise IllegalAction(
            "the number of steps must be 1 or more, not {steps}", rule, steps=repr(steps)
        )
    if available == 0:
        nothing = N_("nothing can be undone") if done == "undone" else N_("nothing can be redone")
        raise IllegalAction(nothing, rule)
    if steps > available:
        only = (
            N_("only {n} step(s) can be undone, not {steps}")
            if done == "undone"
            else N_("only {n} step(s) can be redone, not {steps}")
        )
        raise IllegalAction(only, rule, n=available, steps=steps)


def _rewind(game: Rewindable, tl: Timeline, target: int) -> Any:
    """A new copy of `game` as it was at position `target`; checkpoints past it dropped."""
    if not tl.marks or tl.marks[0][0] > target:
        _rebuild(game, tl)
    marks = [m for m in tl.marks if m[0] <= target]
    pos, mark = marks[-1]
    back = mark._snapshot()
    for action in game._played(pos)[: target - pos]:
        back._step(action)
        pos += 1
        if pos % EVERY == 0:
            marks.append((pos, back._snapshot()))
    tl.marks = tuple(marks)
    return back


def _rebuild(game: Rewindable, tl: Timeline) -> None:
    """Checkpoints from position 0 up to the first one kept, rebuilt from the setup and
    the history; refused (UNDO-2) unless they lead to exactly the game that is kept."""
    first, known = tl.marks[0] if tl.marks else (game._position(), game)
    marks: list[tuple[int, Any]] = []
    try:  # a setup refused (ValueError) or an action refused: not this game's past
        g = game._origin()
        marks.append((0, g._snapshot()))
        for pos, action in enumerate(game._played(0)[:first], start=1):
            g._step(action)
            if pos % EVERY == 0 and pos < first:
                marks.append((pos, g._snapshot()))
        same = g.state_hash() == known.state_hash()
    except (IllegalAction, ValueError):
        same = False
    if not same:
        tl.origin = False
        raise IllegalAction(
            "this game's past cannot be rebuilt: replaying its actions from its setup does "
            "not give this game (it was changed by other means, or re-drawn)",
            "UNDO-2",
        )
    tl.marks = (*marks, *tl.marks)


class Undoable:
    """Undo and redo for a game that implements `Rewindable` and holds a `_tl` Timeline;
    the three games inherit it."""

    __slots__ = ()

    if TYPE_CHECKING:
        _tl: Timeline

        def _position(self) -> int: ...
        def _played(self, start: int) -> list[str]: ...
        def _origin(self) -> Any: ...
        def _snapshot(self) -> Any: ...
        def _step(self, action: str) -> None: ...
        def _adopt(self, other: Any) -> None: ...
        def state_hash(self) -> str: ...
        def clone(self) -> Any: ...

    def skip_checkpoints(self) -> None:
        """Take no checkpoints from now on, and drop those taken: for a batch run that never
        undoes (`sim`), where copying the game every EVERY actions is pure cost. Undo still
        works, slowly: the past is rebuilt from the setup and the history (UNDO-2)."""
        self._tl.marks = ()
        self._tl.record = False

    def undo(self, steps: int = 1) -> None:
        """Go back `steps` decisions, the RNG and every deck order restored."""
        undo(self, self._tl, steps)

    def redo(self, steps: int = 1) -> None:
        """Re-apply the next `steps` undone decisions."""
        redo(self, self._tl, steps)

    def branch(self) -> Any:
        """A copy that keeps what can be redone (a clone's timeline forgets it): a server
        undoes and redoes on a branch, never on the game its pages are reading."""
        copy = self.clone()
        copy._tl.redo = self._tl.redo
        return copy

    @property
    def undoable(self) -> int:
        """How many decisions can be undone now."""
        return undoable(self, self._tl)

    @property
    def redoable(self) -> int:
        """How many undone decisions can be redone now."""
        return len(self._tl.redo)

    @property
    def redo_actions(self) -> list[str]:
        """The undone actions redo would re-apply, the next first."""
        return list(self._tl.redo)


def never_undone(game: Any) -> None:
    """A game a batch run plays (`sim`, a learning table) is never undone: it copies no
    checkpoints, when it keeps any (`Undoable.skip_checkpoints`)."""
    if isinstance(game, Undoable):
        game.skip_checkpoints()


# --- the online consent rule ----------------------------------------------------------


def reveals(game: Any, action: str, seat: int, tries: Iterable[int] = TRIES) -> bool:
    """Whether applying `action` to `game` shows `seat` something it could not know:
    on games re-drawn for `seat` (everything it cannot see re-dealt), the action gives
    `seat` a different view than on `game`, or is refused (UNDO-5)."""
    after = game.clone()
    after.apply(action)
    seen = after.observe(seat)
    for seed in tries:
        other = game.determinize(seat, seed)
        try:
            other.apply(action)
        except IllegalAction:
            return True
        if other.observe(seat) != seen:
            return True
    return False


def revealing(
    game: Any, steps: int, seats: Iterable[int], tries: Iterable[int] = TRIES
) -> list[tuple[int, str, tuple[int, ...]]]:
    """Which of the last `steps` actions revealed hidden information, and to which of
    `seats`: (how many steps back, 1 the last; the action; the seats), oldest first.
    Raises IllegalAction when `steps` cannot be undone."""
    seats, tries = tuple(seats), tuple(tries)
    past = game.clone()
    past.undo(steps)
    found = []
    for back in range(steps, 0, -1):
        action = past.redo_actions[0]
        told = tuple(q for q in seats if reveals(past, action, q, tries))
        if told:
            found.append((back, action, told))
        past.redo(1)
    return found


@dataclass(frozen=True, slots=True)
class Consent:
    """Whether an undo may happen online, and why (or why not)."""

    allowed: bool
    reason: str
    missing: tuple[int, ...] = ()  # the human seats whose agreement is still needed


def consent(
    game: Any,
    steps: int,
    humans: Sequence[int],
    agreed: Iterable[int],
    tries: Iterable[int] = TRIES,
) -> Consent:
    """May `steps` decisions be undone in an online game whose human seats are `humans`,
    `agreed` having agreed? Always, when every human seat agreed; without asking, when
    none of those decisions revealed hidden information to a human seat; else not
    (UNDO-6)."""
    try:
        _check_steps(steps, game.undoable, "undone", "UNDO-1")
    except IllegalAction as exc:
        return Consent(False, exc.reason)
    missing = tuple(q for q in humans if q not in set(agreed))
    if not missing:
        return Consent(True, "every human seat agreed")
    found = revealing(game, steps, humans, tries)
    if not found:
        return Consent(True, "no hidden information was revealed")
    back, action, told = found[-1]
    where = "the last action" if back == 1 else f"the action {back} steps back"
    return Consent(
        False,
        f"{where} ({action}) revealed hidden information to seat(s) "
        f"{', '.join(map(str, told))}; undoing it needs the agreement of every human seat, "
        f"still missing: {', '.join(map(str, missing))}",
        missing,
    )
