"""A turn verb as one unit: what it offers, why it refuses, and what it does.

Each verb of the hero's turn (banner, move, cleanse, quest, ...) is declared once, in the
module of its rulebook area, as a `Verb`: `offer` appends its legal instances, `why` says
why one instance is not legal (the reason with its numbers and the rule ID), `apply` does
it. `offer` and `why` call the same named predicates (each area's `*_bar` functions), so
what is offered is exactly what is not refused; tests/rtdt/test_verbs.py checks it over
random games of every mode. rules/actions.py keeps the order in which a turn's actions are
listed and looks verbs up by name; explain.py and `unavailable` only ask `why`.

This module is a leaf of rules/: it imports the state and the world, no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action, Record
from towerplay.rtdt.hooks import Keyed
from towerplay.rtdt.state import HeroState, State, TurnState
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not legal now: an English template, its fields, the rule ID.
    Plain data, cheap to make; `error()` is it as the IllegalAction to raise."""

    msg: str
    rule: str
    fields: dict[str, Any] = field(default_factory=dict)

    def error(self) -> IllegalAction:
        return IllegalAction(self.msg, self.rule, **self.fields)

    def fields_with(self, **fields: Any) -> Refusal:
        """The same refusal with these fields (a template made once, its names per use)."""
        return Refusal(self.msg, self.rule, {**self.fields, **fields})


def refusal(msg: str, rule: str, **fields: Any) -> Refusal:
    return Refusal(msg, rule, fields)


@dataclass(slots=True)
class Turn:
    """What every verb of one turn step reads, computed once per step: the hero, their
    cards' profile, each glyph's spirit (RTDT-GLYPH-3), whether a wasteland holds them
    (COV-WASTE-4) and whether a heroic action may still be taken (RTDT-HEROIC-2)."""

    w: World
    s: State
    h: HeroState
    t: TurnState
    prof: Profile
    gc: dict[str, int]
    held: bool
    free_hand: bool
    # rules/reinforce.reinforce_bar's answer, kept once asked: the haggle and each option ask
    reinforce: Refusal | None = None
    reinforce_asked: bool = False


Offer = Callable[[Turn, list[Action]], None]


@dataclass(frozen=True, slots=True)
class Verb:
    """One turn verb. `record` is its typed action (rtdt/records.py), `usage` its notation
    (`move SPACE`) and `rule` the rule an action not written so is refused under; `why`
    and `apply` take the record, `why` once the tokens fit it (`refuse`). `middle` is
    whether taking it ends the start step (RTDT-TURN-3: the banner is lost). An added
    verb's offer is called after the turn's other verbs unless `listed` is False: its place
    in the list is a hook's (the competitive trial's, among the Quest actions).
    `instances` are the actions a screen is told about one by one when barred (each quest
    on the board, each of the hero's trials); by default one sample of the verb. `price`
    is the spirit an instance costs now (a glyph's, a double move's, a Reinforce's), which
    a screen says beside it."""

    # the record's type links `why`, `apply` and `price` to it in each verb's module (they
    # take that record); here `Any`: a generic dataclass does not compile (docs/compiled.md)
    record: type[Record]
    usage: str
    rule: str
    offer: Offer
    why: Callable[[Turn, Any], Refusal | None]
    apply: Callable[[World, State, HeroState, Any], None]
    middle: bool = True
    listed: bool = True
    instances: Callable[[Turn], list[Any]] | None = None
    # the spirit taking an instance costs now, as its effect will charge it (None: nothing)
    price: Callable[[Turn, Any], int] | None = None

    @property
    def name(self) -> str:
        return self.record.VERB

    def refuse(self, c: Turn, a: Action) -> Refusal | None:
        """Why `a` (any tokens of this verb) is not legal now: its notation when its tokens
        do not fit the record, else the verb's own predicates."""
        typed = self.record.of(a)
        if typed is None:
            return notation(a, self.usage, self.rule)
        return self.why(c, typed)


# --- refusals shared by many verbs -----------------------------------------------------

START_PENDING = refusal("resolve your start-of-turn effects first", "RTDT-TURN-4")
ONE_HEROIC = refusal("only one heroic action per turn", "RTDT-HEROIC-2")


# each glyph's refusal, by glyph: one template each, so a catalog words the action
GLYPH_SPIRIT = {
    "banner": N_(
        "the Banner glyph faces your home kingdom: it costs {cost} spirit, you have {have}"
    ),
    "cleanse": N_(
        "the Cleanse glyph faces your home kingdom: it costs {cost} spirit, you have {have}"
    ),
    "battle": N_(
        "the Battle glyph faces your home kingdom: it costs {cost} spirit, you have {have}"
    ),
    "quest": N_("the Quest glyph faces your home kingdom: it costs {cost} spirit, you have {have}"),
    "reinforce": N_(
        "the Reinforce glyph faces your home kingdom: it costs {cost} spirit, you have {have}"
    ),
}


def glyph_bar(c: Turn, glyph: str) -> Refusal | None:
    """The spirit a revealed glyph facing your home kingdom asks (RTDT-GLYPH-3)."""
    cost = c.gc[glyph]
    if c.h.spirit >= cost:
        return None
    return refusal(GLYPH_SPIRIT[glyph], "RTDT-GLYPH-3", cost=cost, have=c.h.spirit)


def notation(a: Action, usage: str, rule: str) -> Refusal:
    """An action not written as its verb's notation."""
    return refusal("{action}: the notation is {usage}", rule, action=str(a), usage=usage)


def glyph_price(glyph: str) -> Callable[[Turn, Any], int]:
    """The price of a verb whose only cost is its glyph's spirit (RTDT-GLYPH-3)."""

    def price(c: Turn, a: Any) -> int:
        return c.gc[glyph]

    return price


def heroic_bar(c: Turn, glyph: str) -> Refusal | None:
    """Why no Cleanse or Battle at all now: the start step's effects first (RTDT-TURN-4),
    one heroic action a turn (RTDT-HEROIC-2, COV-CLARIFY-17), the glyph's spirit
    (RTDT-GLYPH-3)."""
    if c.t.start_pending:
        return START_PENDING
    if not c.free_hand:
        return ONE_HEROIC
    if c.h.spirit >= c.gc[glyph]:  # glyph_bar's own test, without a call: a hot path
        return None
    return glyph_bar(c, glyph)


# the turn verbs an expansion or a mode adds (Covenant's Build), in the game's hook table:
# rules/actions.declared finds a base verb or one of these
ADDED_VERBS: Final[Keyed[Verb]] = Keyed(
    "added_verbs", "a turn verb an expansion or a mode adds, as one unit"
)
