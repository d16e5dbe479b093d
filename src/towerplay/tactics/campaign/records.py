"""Every answer to a campaign's own questions (between encounters) as a typed record
(core/notation.Record), as tactics/records.py does for an encounter's: `Buy("sword",
"roberta").card`, `Choose(2).number`. The text stays the wire, save and replay format."""

from __future__ import annotations

from towerplay.core.notation import Action, Record


class Hero(Record, verb="hero"):
    """A new hero and the class it starts in (AT-CAMP-1)."""

    __slots__ = ()
    hero: str
    klass: str


class Player(Record, verb="player"):
    """Which player, from 1, plays a hero (AT-CAMP-2)."""

    __slots__ = ()
    hero: str
    number: int


class Ready(Record, verb="ready"):
    __slots__ = ()


class Choose(Record, verb="choose"):
    """A Campaign Guide page's choice, from 1."""

    __slots__ = ()
    number: int


class Buy(Record, verb="buy"):
    __slots__ = ()
    card: str
    hero: str


class Sell(Record, verb="sell"):
    __slots__ = ()
    card: str
    hero: str


class Give(Record, verb="give"):
    """The hero who takes the loot, perk, ability or mark."""

    __slots__ = ()
    hero: str


class Unclaimed(Record, verb="unclaimed"):
    __slots__ = ()


class Roll(Record, verb="roll"):
    __slots__ = ()


class Level(Record, verb="level"):
    __slots__ = ()
    card: str


class Remove(Record, verb="remove"):
    __slots__ = ()
    card: str


class Keep(Record, verb="keep"):
    __slots__ = ()


class Add(Record, verb="add"):
    __slots__ = ()
    card: str


class Done(Record, verb="done"):
    __slots__ = ()


# a loadout's changes before an encounter (campaign/loadout.py)


class Board(Record, verb="board"):
    __slots__ = ()
    card: str


class Shuffle(Record, verb="shuffle"):
    __slots__ = ()
    card: str


class Store(Record, verb="store"):
    __slots__ = ()
    card: str


class Ability(Record, verb="ability"):
    __slots__ = ()
    card: str


class Drop(Record, verb="drop"):
    __slots__ = ()
    card: str


class Trade(Record, verb="trade"):
    """A piece of equipment from the hero's tuck box to another hero (AT-LOOT-6)."""

    __slots__ = ()
    card: str
    hero: str


LOADOUT = (Board, Shuffle, Store, Ability, Drop)
RECORDS: dict[str, type[Record]] = {
    cls.VERB: cls
    for cls in (
        Hero,
        Player,
        Ready,
        Choose,
        Buy,
        Sell,
        Give,
        Unclaimed,
        Roll,
        Level,
        Remove,
        Keep,
        Add,
        Done,
        *LOADOUT,
        Trade,
    )
}


def of(a: Action) -> Record | None:
    """An action as its record when its verb has one and its tokens fit; None otherwise."""
    cls = RECORDS.get(a[0]) if a else None
    return None if cls is None else cls.of(a)


def typed(a: Action) -> Record:
    """An offered answer as its record (every answer the campaign offers has one)."""
    found = of(a)
    if found is None:
        raise ValueError(f"{a} has no record in tactics/campaign/records.py")
    return found
