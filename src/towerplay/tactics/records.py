"""Every action of an Adventure Tactics encounter as a typed record (core/notation.Record):
`Play("charge").card`, `Move("c4").square`, `Option(2).number`. The text stays the wire,
save and replay format; a record prints, equals and hashes as its tokens. `legal()` offers
these and the handlers read their named slots, never positions; `action_words` words each
by its slots. Published: agents may import it.
"""

from __future__ import annotations

from towerplay.core.notation import Action, Record

# --- a hero's turn (tactics/turns.py) ------------------------------------------------------


class Play(Record, verb="play"):
    """Play a card from the hand (AT-TURN-2)."""

    __slots__ = ()
    card: str


class Dash(Record, verb="dash"):
    """Discard a card to move half the basic movement (AT-TURN-3)."""

    __slots__ = ()
    card: str


class Equip(Record, verb="equip"):
    """Put an equipment card from the hand on the board (AT-TURN-4)."""

    __slots__ = ()
    card: str


class Prepare(Record, verb="prepare"):
    """Put a class feature from the hand on the board (AT-TURN-4)."""

    __slots__ = ()
    card: str


class Use(Record, verb="use"):
    """Use a card on the hero's board (AT-TURN-2)."""

    __slots__ = ()
    card: str


class Discard(Record, verb="discard"):
    """Discard a card: a Mark of Death on the turn (AT-MARK-1), a card or `all` at cleanup."""

    __slots__ = ()
    card: str


class Command(Record, verb="command"):
    """Give a summon its turn (AT-SUM-1)."""

    __slots__ = ()
    summon: str


class Item(Record, verb="item"):
    """Use one of the party's consumables (AT-ITEM-1)."""

    __slots__ = ()
    item: str


class Pass(Record, verb="pass"):
    __slots__ = ()


class End(Record, verb="end"):
    __slots__ = ()


# --- a card's steps and the answers to the game's questions ------------------------------


class Move(Record, verb="move"):
    __slots__ = ()
    square: str


class Stay(Record, verb="stay"):
    __slots__ = ()


class Target(Record, verb="target"):
    """A target: a square, or (a heal) a figure."""

    __slots__ = ()
    target: str


class Hit(Record, verb="hit"):
    """The next figure an attack hits, by its square (the order of an area's hits)."""

    __slots__ = ()
    square: str


class Option(Record, verb="option"):
    """A card's option, from 1."""

    __slots__ = ()
    number: int


class Place(Record, verb="place"):
    __slots__ = ()
    square: str


class Push(Record, verb="push"):
    __slots__ = ()
    square: str


class Splash(Record, verb="splash"):
    __slots__ = ()
    square: str


class Focus(Record, verb="focus"):
    """The hero an enemy goes for, by its square, when several are as near."""

    __slots__ = ()
    square: str


class Spawn(Record, verb="spawn"):
    __slots__ = ()
    square: str


class Respond(Record, verb="respond"):
    """Play a Response card when its event happens (AT-KEY-3)."""

    __slots__ = ()
    card: str


class Decline(Record, verb="decline"):
    __slots__ = ()


class Keep(Record, verb="keep"):
    __slots__ = ()


class Mulligan(Record, verb="mulligan"):
    __slots__ = ()


class Accept(Record, verb="accept"):
    __slots__ = ()


class Reshuffle(Record, verb="reshuffle"):
    __slots__ = ()


class Swap(Record, verb="swap"):
    __slots__ = ()


class Revive(Record, verb="revive"):
    __slots__ = ()


class Skip(Record, verb="skip"):
    __slots__ = ()


RECORDS: dict[str, type[Record]] = {
    cls.VERB: cls
    for cls in (
        Play,
        Dash,
        Equip,
        Prepare,
        Use,
        Discard,
        Command,
        Item,
        Pass,
        End,
        Move,
        Stay,
        Target,
        Hit,
        Option,
        Place,
        Push,
        Splash,
        Focus,
        Spawn,
        Respond,
        Decline,
        Keep,
        Mulligan,
        Accept,
        Reshuffle,
        Swap,
        Revive,
        Skip,
    )
}


def typed(tokens: list[str] | tuple[str, ...]) -> Record:
    """An offered action's tokens as its record. The engine made them (and a save's are
    checked on load), so they fit the record's slots: made without converting."""
    return tuple.__new__(RECORDS[tokens[0]], tokens)


def of(a: Action) -> Record | None:
    """Any action as its record when its verb has one and its tokens fit; None otherwise."""
    cls = RECORDS.get(a[0]) if a else None
    return None if cls is None else cls.of(a)
