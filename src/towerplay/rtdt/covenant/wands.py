"""Wands (COV-WAND-*): treasures that carry charge tokens.

Charges sit on the card, so they travel with it in a trade and go back to the supply when
the wand leaves play. The charge supply has proxies: a wand holds any number (COV-WAND-4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from towerplay.core.notation import Action
from towerplay.rtdt.covenant.wastelands import enter, stuck
from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import TREASURE_ACQUIRED
from towerplay.rtdt.models import CovenantTreasure, Recharge
from towerplay.rtdt.records import Use
from towerplay.rtdt.rules.movement import may_enter
from towerplay.rtdt.rules.narrate import Cause, caused, hero_name, tell
from towerplay.rtdt.rules.skulls import regular_skulls, remove_skulls
from towerplay.rtdt.rules.tokens import remove_token
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World


def is_wand(w: World, card: str) -> bool:
    t = w.content.treasures.get(card)
    return isinstance(t, CovenantTreasure) and t.wand


def on_acquire(w: World, s: State, card: str) -> None:
    """Put the card's starting charges on a wand just acquired (COV-WAND-1)."""
    if s.cov is None or not is_wand(w, card) or card in s.cov.charges:
        return
    n = w.content.treasures[card].charges  # type: ignore[attr-defined]
    s.cov.charges[card] = n
    tell(
        s, "gain", "{card} takes {n} charge(s).", amounts=(("charges", n),), card=w.name(card), n=n
    )


def on_leave(s: State, card: str) -> None:
    """A wand leaving play returns its charges to the supply."""
    if s.cov is not None:
        s.cov.charges.pop(card, None)


CHARGED = (
    N_("{card} gains {n} charge(s) ({why})."),
    N_("{card} gains {n} charge(s) ({why} {of})."),
)
BATTLED = N_("a Battle against a foe with the trait")  # a recharge's cause, with the trait


def add_charges(w: World, s: State, card: str, n: int, why: str) -> None:
    """More charges as the card says (COV-WAND-3); no limit (COV-WAND-4)."""
    assert s.cov is not None
    s.cov.charges[card] = s.cov.charges.get(card, 0) + n
    msg, cause = caused(CHARGED, why, "why")
    tell(s, "gain", msg, amounts=(("charges", n),), card=w.name(card), n=n, **cause)


def spend_charges(w: World, s: State, card: str, n: int) -> None:
    """Spend charges back to the supply to trigger the wand (COV-WAND-2)."""
    assert s.cov is not None and s.cov.charges.get(card, 0) >= n
    s.cov.charges[card] -= n
    tell(
        s,
        "cost",
        "{card} spends {n} charge(s).",
        amounts=(("charges", -n),),
        card=w.name(card),
        n=n,
    )


# --- using a wand (COV-WAND-2): by the flag naming what spending its charges does ----------


@dataclass(frozen=True, slots=True)
class Wand:
    """A wand's effect: the argument words of each use that would do something now with
    `n` charges, the charges a use spends, and what it does."""

    args: Callable[[World, State, HeroState, int], list[tuple[str, ...]]]
    cost: Callable[[World, State, HeroState, str], int]
    effect: Callable[[World, State, HeroState, str, str], None]


def _conflagration_args(w: World, s: State, h: HeroState, n: int) -> list[tuple[str, ...]]:
    here = dict.fromkeys(f for f, sp in s.foes if sp == h.space)  # a foe of level <= charges
    return [(f,) for f in here if w.content.foes[f].level <= n]


def _conflagration_cost(w: World, s: State, h: HeroState, arg: str) -> int:
    return w.content.foes[arg].level  # as many charges as the foe's level


def _conflagration(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    tell(
        s,
        "text",
        "{hero} burns the {target} away with {card}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        target=w.name(arg),
        card=w.name(card),
    )
    remove_token(w, s, arg, h.space)  # removing is not defeating: no heroic action, no reward


def _pacification_args(w: World, s: State, h: HeroState, n: int) -> list[tuple[str, ...]]:
    return [()] if any(regular_skulls(s, sp) > 0 for sp in w.board.near(h.space)) else []


def _pacification_cost(w: World, s: State, h: HeroState, arg: str) -> int:
    return 1


def _pacification(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    cleared = 0
    for sp in w.board.near(h.space):
        if sp in s.skulls:
            cleared += remove_skulls(w, s, sp, s.skulls[sp])  # COV-DOOM-4: doom stays
    tell(
        s,
        "skulls",
        "{hero} clears {n} skull(s) on and around {space}.",
        seats=(h.seat,),
        amounts=(("skulls", -cleared),),
        hero=hero_name(w, h),
        n=cleared,
        space=w.board.names[h.space],
    )


def _celerity_args(w: World, s: State, h: HeroState, n: int) -> list[tuple[str, ...]]:
    if stuck(s, h):  # COV-WASTE-4: no effect moves a stuck hero
        return []
    return [
        (sp,)
        for sp in w.board.spaces
        if 1 <= w.board.distance(h.space, sp) <= n and may_enter(w, s, h, sp)
    ]


def _celerity_cost(w: World, s: State, h: HeroState, arg: str) -> int:
    return w.board.distance(h.space, arg)  # the distance travelled


def _celerity(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    h.space = arg  # put, not moved: no move points, no river
    tell(
        s,
        "move",
        "{hero} is carried to {space} by {card}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        space=w.board.names[arg],
        card=w.name(card),
    )
    enter(w, s, h)


WANDS = {
    "wand_remove_foe_by_level": Wand(_conflagration_args, _conflagration_cost, _conflagration),
    "wand_clear_skulls_near": Wand(_pacification_args, _pacification_cost, _pacification),
    "wand_place_hero": Wand(_celerity_args, _celerity_cost, _celerity),
}
EFFECTS = tuple(WANDS)


def charges(s: State, card: str) -> int:
    return s.cov.charges.get(card, 0) if s.cov is not None else 0


def effect_of(w: World, card: str) -> Wand:
    """What spending the wand's charges does (the first wand flag on the card)."""
    return next(WANDS[f.flag] for f in w.flags[card] if f.flag in WANDS)


def use_actions(w: World, s: State, h: HeroState) -> list[Action]:
    """`use WAND [ARG]` for every wand the hero can spend charges on now (COV-WAND-2), in
    the order the wands are held.

    Offered on the hero's own turn outside battles and dungeons (a reading: the card
    says "on your turn", and a foe being battled or a hero inside a dungeon stays put),
    and only when spending would do something.
    """
    out: list[Action] = []
    for card in dict.fromkeys(h.treasures):
        if not is_wand(w, card) or charges(s, card) < 1:
            continue
        n = charges(s, card)
        out.extend(Use(card, *arg) for arg in effect_of(w, card).args(w, s, h, n))
    return out


def use(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    """Spend the charges, then the wand's effect (COV-WAND-2)."""
    wand = effect_of(w, card)
    spend_charges(w, s, card, wand.cost(w, s, h, arg))
    wand.effect(w, s, h, card, arg)


# --- gaining charges (COV-WAND-3) ----------------------------------------------------------


def _recharge(w: World, card: str) -> Recharge | None:
    t = w.content.treasures.get(card)
    return t.recharge if isinstance(t, CovenantTreasure) else None


def month_end(w: World, s: State) -> None:
    """Wands that gain charges as each month ends (Wand of Conflagration)."""
    if s.cov is None:
        return
    for h in s.heroes:
        for card in dict.fromkeys(h.treasures):
            r = _recharge(w, card)
            if r is not None and r.on == "month_end":
                add_charges(w, s, card, r.amount, N_("the month ends"))


def battled(w: World, s: State, h: HeroState, traits: frozenset[str]) -> None:
    """Wands that gain charges whenever their holder Battles a foe of a trait: counted as
    the Battle starts, whatever its outcome (a reading of "whenever you Battle")."""
    if s.cov is None:
        return
    for card in dict.fromkeys(h.treasures):
        r = _recharge(w, card)
        if r is not None and r.on == "battle_foe" and r.foe_trait in traits:
            add_charges(w, s, card, r.amount, Cause(BATTLED, r.foe_trait))


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@TREASURE_ACQUIRED.on(COVENANT)
def _wand_charges(w: World, s: State, h: HeroState, card: str) -> None:
    on_acquire(w, s, card)  # COV-WAND-1
