"""Narration: what happened, as structured events a screen can colour and a catalog can word.

Every change a game makes is told as an `Event`: its kind, the seats involved, what changed
and by how much, who may see it, and its sentence as an English template with named fields.
The template is the message id a translation looks up (`towerplay.i18n`), so the words can be
changed without touching the facts; `text` is the English sentence.

Events are immutable and kept in a game's log `Chain`, shared by clones. A game may log
through `Told`, a log node that keeps an event's parts and makes the `Event` only when it
is read: most events of a batch run are never read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from towerplay.core.replay import Chain
from towerplay.core.serial import INT_LIMIT, spec

# The kinds of event, so that screens colour them alike in every game. A game may use a
# kind of its own; these are the shared ones.
KINDS = (
    "text",  # a plain statement with no amount
    "gain",  # a seat gains something (warriors, spirit, a card, gold, HP)
    "loss",  # a seat loses something, not by its own choice
    "cost",  # a seat pays for something it chose (discounts already taken off)
    "draw",  # a card is drawn; the card is named only to those who may see it
    "reveal",  # hidden information becomes public: a card turned, a Tower drop, a die rolled
    "move",  # a piece moves: a hero, a foe, an enemy
    "spawn",  # a new piece enters: a foe, a minion, a summon (with an id of its own)
    "damage",  # damage dealt, to whom and how much
    "defeat",  # a piece is defeated or knocked out
    "skulls",  # skulls placed, removed or released, and where
    "turn",  # a turn, round, month or phase begins
    "result",  # the game, an encounter or a chapter ends
)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    `msg` is the English template (`"{hero} loses {n} warriors"`) and `args` its fields,
    already turned to text; `amounts` says what changed by how much for a screen
    (`(("warriors", -4),)`); `seats` are the seats it concerns; `to` is None when every
    seat may see it, else the seats that may. A template without fields is literal text.
    """

    kind: str
    msg: str
    args: tuple[tuple[str, str], ...] = ()
    seats: tuple[int, ...] = ()
    amounts: tuple[tuple[str, int], ...] = field(default=(), metadata=spec(lo=-INT_LIMIT))
    to: tuple[int, ...] | None = None

    @property
    def text(self) -> str:
        return self.msg.format_map(dict(self.args)) if self.args else self.msg

    def seen_by(self, seat: int | None) -> bool:
        """True when `seat` may see this event (None: the spectator, who sees public ones)."""
        return self.to is None or (seat is not None and seat in self.to)

    def view(self) -> dict[str, Any]:
        """The JSON form `observe` gives."""
        return {
            "kind": self.kind,
            "text": self.text,
            "msg": self.msg,
            "args": dict(self.args),
            "seats": list(self.seats),
            "amounts": dict(self.amounts),
        }


def event(
    kind: str,
    msg: str,
    *,
    seats: tuple[int, ...] | list[int] = (),
    amounts: dict[str, int] | None = None,
    to: tuple[int, ...] | list[int] | None = None,
    **args: Any,
) -> Event:
    """An event whose template fields are `args` (any value; kept as its text)."""
    return Event(
        kind,
        msg,
        tuple((k, str(v)) for k, v in args.items()),
        tuple(seats),
        tuple(amounts.items()) if amounts else (),
        None if to is None else tuple(to),
    )


class Told(Chain[Event]):
    """A log node whose event is made when first read (`head`), from the parts it keeps.

    Logging is on every engine's hot path: keeping the parts costs about a third of making
    the event and its tuples there and then, and leaves less for the collector
    (benchmarks/bench_narration.py). A node reads like any other: `head` is the `Event`,
    the same object every time. `args` maps each field to text or a number; a value is
    kept as given and turned to text when the event is made, so it must not be changed
    afterwards (text and numbers never are).
    """

    __slots__ = ("kind", "msg", "args", "seats", "amounts", "to", "_event")

    def __init__(
        self,
        kind: str,
        msg: str,
        args: dict[str, str | int],
        seats: tuple[int, ...],
        amounts: tuple[tuple[str, int], ...],
        to: tuple[int, ...] | None,
        rest: Chain[Event],
    ) -> None:
        self.kind = kind
        self.msg = msg
        self.args = args
        self.seats = seats
        self.amounts = amounts
        self.to = to
        self.rest = rest
        self.size = rest.size + 1
        self._event: Event | None = None

    @property
    def head(self) -> Event:  # type: ignore[override]
        e = self._event
        if e is None:
            args = tuple((k, v if v.__class__ is str else str(v)) for k, v in self.args.items())
            e = self._event = Event(self.kind, self.msg, args, self.seats, self.amounts, self.to)
        return e


def plain(text: str) -> Event:
    """A sentence with no fields, taken literally (older saves' log lines load as these)."""
    return Event("text", text)


A = TypeVar("A", bound=Sequence[str])


def sample_verbs(actions: Sequence[A], most: int = 8) -> list[A]:
    """The first action of each verb, in order, at most `most`: what a refusal of an
    unknown action shows of the legal ones (every kind, not every space or card)."""
    seen: dict[str, A] = {}
    for a in actions:
        if len(a) and a[0] not in seen:
            seen[a[0]] = a
            if len(seen) == most:
                break
    return list(seen.values())


def N_(msgid: str) -> str:
    """Marks a message for the catalog where it is defined (a template chosen among several,
    a word given as a field); it is translated where shown. Here, below every game and the
    catalog, so that all of them mark with the one function Babel's extractor knows by name."""
    return msgid
