"""The typed action records of Return to Dark Tower: one class per verb, its slots named
and typed once (core/notation.Record).

An offer makes these records, so every legal action is one, and the engine reads
`a.space`, `a.foe`, `a.seat` where it read `a[1]`, `a[2]`, `int(a[1])`. Text stays the
notation (docs/notation.md): a record prints, equals and hashes as its tokens, and an
action typed or replayed as text is matched to the offered record before it is applied.
This module is published: agents and screens may import it to read an action's parts.

The hero's turn (rules/actions.py): `banner`, `resolve`, `double`, `move`, `cleanse`,
`battle`, `quest`, `explore`, `reinforce`, `haggle`, `trade`, `end`, `use`, and the verbs a
mode adds: Covenant's `build`, the competitive `trial`. Then the moves inside a Battle, a
dungeon and a trade.
"""

from __future__ import annotations

from towerplay.core.notation import Record

# --- the hero's turn ----------------------------------------------------------------------


class Banner(Record, verb="banner"):
    """`banner [HERO]`: your own banner, or another hero's (RTDT-TURN-2)."""

    __slots__ = ()
    hero: str | None = None


class ResolveStart(Record, verb="resolve"):
    """`resolve CARD`: a start-of-turn effect of one of your cards (RTDT-TURN-4)."""

    __slots__ = ()
    card: str


class Double(Record, verb="double"):
    """`double`: a second move for 1 spirit (RTDT-MOVE-2)."""

    __slots__ = ()


class Move(Record, verb="move"):
    """`move SPACE`: one step to an adjacent space (RTDT-MOVE-1)."""

    __slots__ = ()
    space: str


class Cleanse(Record, verb="cleanse"):
    """`cleanse SPACE`: the skulls of a building (RTDT-CLEANSE-1)."""

    __slots__ = ()
    space: str


class Battle(Record, verb="battle"):
    """`battle FOE SPACE`: a foe (or `adversary`) on a space (RTDT-BATTLE-1)."""

    __slots__ = ()
    foe: str
    space: str


class Quest(Record, verb="quest"):
    """`quest QUEST`: complete a quest here (RTDT-QUEST-1)."""

    __slots__ = ()
    quest: str


class Explore(Record, verb="explore"):
    """`explore SPACE`: enter the dungeon there (RTDT-TOKEN-6)."""

    __slots__ = ()
    space: str


class Reinforce(Record, verb="reinforce"):
    """`reinforce free|enhanced|tree [SOURCE]`: a building's option, from a far source
    where Covenant allows one, or a siege tree (RTDT-REINF-2, RTDT-TOKEN-9)."""

    __slots__ = ()
    option: str
    source: str | None = None


class Haggle(Record, verb="haggle"):
    """`haggle`: the haggle die before Reinforcing (RTDT-HAGGLE-1)."""

    __slots__ = ()


class TradeWith(Record, verb="trade"):
    """`trade SEAT`: open a trade with the hero of that seat (RTDT-TRADE-1)."""

    __slots__ = ()
    seat: int


class End(Record, verb="end"):
    """`end [skip]`: end the turn; `skip` passes its Reinforce (RTDT-TURN-8)."""

    __slots__ = ()
    skip: bool = False


class Use(Record, verb="use"):
    """`use CARD [ARG]`: a card's use; ARG is what it asks for (a treasure to pay with, a
    foe to remove, a space, a card)."""

    __slots__ = ()
    card: str
    arg: str | None = None


class Build(Record, verb="build"):
    """`build`: a monument's next piece on this foundation (COV-BUILD-1)."""

    __slots__ = ()


class Trial(Record, verb="trial"):
    """`trial TRIAL`: complete one of your competitive trials (CMP-TRIAL-1)."""

    __slots__ = ()
    trial: str


# --- inside a Battle (rules/battle.py) ----------------------------------------------------


class Continue(Record, verb="continue"):
    """`continue`: fight the adversary once its card is seen (RTDT-ADVERSARY-5)."""

    __slots__ = ()


class Retreat(Record, verb="retreat"):
    """`retreat`: leave the adversary for a later Battle (RTDT-ADVERSARY-7)."""

    __slots__ = ()


class Advantage(Record, verb="advantage"):
    """`advantage TRAIT`: improve the battle card one rung (RTDT-ADV-4)."""

    __slots__ = ()
    trait: str


class Blessed(Record, verb="blessed"):
    """`blessed`: 1 spirit against this card's or room's warrior losses."""

    __slots__ = ()


class ResolveCard(Record, verb="resolve"):
    """`resolve [forgo [SOURCE]]`: the battle card or the room as it stands; `forgo` gives up
    a prevention, SOURCE the one (COV-CLARIFY-21)."""

    __slots__ = ()
    forgo: bool = False
    source: str | None = None


# --- inside a dungeon (rules/dungeons.py) -------------------------------------------------


class Room(Record, verb="room"):
    """`room N`: the next room, by its number (RTDT-DUNGEON-4)."""

    __slots__ = ()
    number: int


class Leave(Record, verb="leave"):
    """`leave`: out of the dungeon; cleared rooms stay cleared (RTDT-DUNGEON-9)."""

    __slots__ = ()


class Improve(Record, verb="improve"):
    """`improve TRAIT`: an advantage on the room (RTDT-DUNGEON-6)."""

    __slots__ = ()
    trait: str


# --- inside a trade (rules/trading.py) ----------------------------------------------------


class Give(Record, verb="give"):
    """`give WHAT [N]`: warriors or spirit by number, or a card (RTDT-TRADE-2)."""

    __slots__ = ()
    what: str
    amount: int | None = None


class Take(Record, verb="take"):
    """`take WHAT [N]`: the same, from the partner."""

    __slots__ = ()
    what: str
    amount: int | None = None


class OfferTrade(Record, verb="offer"):
    """`offer`: put the trade to the partner."""

    __slots__ = ()


class Cancel(Record, verb="cancel"):
    """`cancel`: call the trade off; everything goes back."""

    __slots__ = ()
