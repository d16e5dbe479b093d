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


class PassMark(Record, verb="pass_mark"):
    """`pass_mark SEAT`: Bane of Omens' Black Mark handed to another hero for its spirit
    (RTDT-ADVCARD-2); not an action."""

    __slots__ = ()
    seat: int


class Build(Record, verb="build"):
    """`build`: a monument's next piece on this foundation (COV-BUILD-1)."""

    __slots__ = ()


class Trial(Record, verb="trial"):
    """`trial TRIAL`: complete one of your competitive trials (CMP-TRIAL-1)."""

    __slots__ = ()
    trial: str


# --- inside a Battle (rules/battle_moves.py) ----------------------------------------------


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
    """`take WHAT [N]`: the same, from the partner; as an answer, `take CARD`: the gear or
    treasure chosen."""

    __slots__ = ()
    what: str
    amount: int | None = None


class OfferTrade(Record, verb="offer"):
    """`offer`: put the trade to the partner."""

    __slots__ = ()


class Cancel(Record, verb="cancel"):
    """`cancel`: call the trade off; everything goes back."""

    __slots__ = ()


# --- answers to questions (rtdt/decisions/) -----------------------------------------------
# An answer's word says what is chosen; the decision asked says what it does with it.


class Stop(Record, verb="stop"):
    """`stop`: no more of this (skulls to remove, steps to take)."""

    __slots__ = ()


class Done(Record, verb="done"):
    """`done`: the choices are made."""

    __slots__ = ()


class Place(Record, verb="place"):
    """`place SPACE`: a building for the skull that emerged (RTDT-PLACE-2)."""

    __slots__ = ()
    space: str


class Remove(Record, verb="remove"):
    """`remove SPACE`: a building to take a skull off."""

    __slots__ = ()
    space: str


class Skull(Record, verb="skull"):
    """`skull SPACE|none`: a building to put a skull on; `none` when only ruins are left."""

    __slots__ = ()
    space: str


class Hit(Record, verb="hit"):
    """`hit SPACE`: the building a foe's strike falls on."""

    __slots__ = ()
    space: str


class Go(Record, verb="go"):
    """`go SPACE`: where a hero is put."""

    __slots__ = ()
    space: str


class Step(Record, verb="step"):
    """`step SPACE`: one step of a hero or a foe moved by an effect."""

    __slots__ = ()
    space: str


class To(Record, verb="to"):
    """`to SPACE`: where a foe token is moved."""

    __slots__ = ()
    space: str


class Tree(Record, verb="tree"):
    """`tree SPACE`: where the siege tree goes (RTDT-TOKEN-9)."""

    __slots__ = ()
    space: str


class PickHero(Record, verb="hero"):
    """`hero HERO`: a hero an effect acts on."""

    __slots__ = ()
    hero: str


class PickFoe(Record, verb="foe"):
    """`foe FOE SPACE`: a foe token an effect acts on."""

    __slots__ = ()
    foe: str
    space: str


class TakeSpirit(Record, verb="spirit"):
    """`spirit`: spirit instead of what else is offered."""

    __slots__ = ()


class Discard(Record, verb="discard"):
    """`discard CARD`: down to the carrying limit (RTDT-ITEM-4)."""

    __slots__ = ()
    card: str


class Flip(Record, verb="flip"):
    """`flip VIRTUE`: a virtue turned to its active side."""

    __slots__ = ()
    virtue: str


class Lose(Record, verb="lose"):
    """`lose CARD`: an item or a virtue lost to an effect."""

    __slots__ = ()
    card: str


class Spend(Record, verb="spend"):
    """`spend CARD`: an item spent for a quest (RTDT-RES-3)."""

    __slots__ = ()
    card: str


class Replace(Record, verb="replace"):
    """`replace CARD`: a treasure of the market put under its deck."""

    __slots__ = ()
    card: str


class Accept(Record, verb="accept"):
    """`accept`: the trade offered happens (CMP-CLAR-5)."""

    __slots__ = ()


class Reject(Record, verb="reject"):
    """`reject`: the trade offered is undone."""

    __slots__ = ()


class Option(Record, verb="option"):
    """`option N`: one of an effect's options, numbered from 1 (RTDT-EFFECT-2)."""

    __slots__ = ()
    number: int


class Pay(Record, verb="pay"):
    """`pay`: the whole price of an effect one may pay (RTDT-EFFECT-3)."""

    __slots__ = ()


class Decline(Record, verb="decline"):
    """`decline`: not paying it."""

    __slots__ = ()


# --- answers to Covenant's and the competitive mode's questions ---------------------------


class Keep(Record, verb="keep"):
    """`keep CARD`: the card (or the result) kept of those shown."""

    __slots__ = ()
    card: str


class KeepRoll(Record, verb="keep"):
    """`keep`: the haggle die's roll as it is (Fortuitous)."""

    __slots__ = ()


class Reroll(Record, verb="reroll"):
    """`reroll`: the haggle die again (Luck)."""

    __slots__ = ()


class TakeIt(Record, verb="take"):
    """`take`: what the question offers (a virtue of another hero's kingdom)."""

    __slots__ = ()


class Pass(Record, verb="pass"):
    """`pass`: leave what is offered."""

    __slots__ = ()


class Drop(Record, verb="drop"):
    """`drop VIRTUE`: an inactive virtue out of the game."""

    __slots__ = ()
    virtue: str


class SpendIt(Record, verb="spend"):
    """`spend`: the treasure the question is about, spent."""

    __slots__ = ()


class Return(Record, verb="return"):
    """`return CORRUPTION`: a corruption back under its deck."""

    __slots__ = ()
    card: str


class Bless(Record, verb="bless"):
    """`bless`: a blessing spent, one Wild advantage (COV-BLESS-2)."""

    __slots__ = ()


class BlessHero(Record, verb="bless"):
    """`bless HERO`: a blessing given to another hero (the Chakram)."""

    __slots__ = ()
    hero: str


class OfferAt(Record, verb="offer"):
    """`offer SPACE`: an offering put on the foundation there."""

    __slots__ = ()
    space: str


class Raise(Record, verb="raise"):
    """`raise`: the monument raised now."""

    __slots__ = ()


class Quarry(Record, verb="quarry"):
    """`quarry FOE [SPACE]`: the Warden's quarry, a foe token or the adversary."""

    __slots__ = ()
    foe: str
    space: str | None = None


class Dodge(Record, verb="dodge"):
    """`dodge`: the quarry token taken back to spare the quarry."""

    __slots__ = ()


class Cast(Record, verb="cast"):
    """`cast SPELL [TARGET [SECOND]]`: a prepared spell, with what it names (COV-ASTRO-6):
    a foe and its space, a space, a treasure, a corruption and a hero."""

    __slots__ = ()
    spell: str
    target: str | None = None
    second: str | None = None


class Prepare(Record, verb="prepare"):
    """`prepare SPELL`: a spell made ready (COV-ASTRO-*)."""

    __slots__ = ()
    spell: str


class Send(Record, verb="send"):
    """`send CARD`: a market treasure sent under its deck (Smuggler's Coin)."""

    __slots__ = ()
    card: str


class Seal(Record, verb="seal"):
    """`seal remove|replace SEAL`, or `seal keep`: a seal of the Tower (CMP-SEAL-*)."""

    __slots__ = ()
    change: str
    seal: str | None = None


class Steal(Record, verb="steal"):
    """`steal POTION SEAT`: a potion taken from another hero."""

    __slots__ = ()
    potion: str
    seat: int


class Nothing(Record, verb="none"):
    """`none`: nothing taken."""

    __slots__ = ()
