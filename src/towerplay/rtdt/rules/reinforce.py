"""Reinforce: where a hero may Reinforce, what it costs, the haggle die, and what the chosen
option does (RTDT-REINF-*, RTDT-HAGGLE-*). Covenant's other sources (monuments, far
buildings) come through hooks (covenant/reinforce.py).
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.core.rng import draws
from towerplay.rtdt.hooks import held_by
from towerplay.rtdt.hookspecs import (
    REINFORCE_ACTIONS,
    REINFORCE_ALLOWED,
    REINFORCE_DISCOUNT,
    REINFORCE_ELSEWHERE,
    REINFORCE_OPTION,
    REINFORCE_OVER,
    REINFORCED,
    REROLL,
)
from towerplay.rtdt.models import ReinforceOption
from towerplay.rtdt.records import Haggle, Reinforce
from towerplay.rtdt.rules.common import (
    ask,
    glyph_cost,
    has_flag,
    restricted,
    stat_sum,
)
from towerplay.rtdt.rules.effects import (
    run,
)
from towerplay.rtdt.rules.narrate import REINFORCING_AT, Cause, hero_name, tell
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.turn import end_turn, fire
from towerplay.rtdt.rules.verbs import (
    START_PENDING,
    Refusal,
    Turn,
    Verb,
    glyph_bar,
    notation,
    refusal,
)
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World


def can_reinforce(w: World, s: State, h: HeroState, prof: Profile | None = None) -> bool:
    """Once per turn on a space with a standing building (RTDT-REINF-1, RTDT-HAGGLE-6);
    Covenant cards widen (Aura of Friendship, Tent of Revelry) or narrow (Indolent) it.
    `prof` is the hero's Profile when the caller has it."""
    return reinforce_barrier(w, s, h, prof) is None


def reinforce_barrier(
    w: World, s: State, h: HeroState, prof: Profile | None = None
) -> Refusal | None:
    """What stops a Reinforce now, `can_reinforce`'s answer with its reason: each reason is
    a constant, so asking it at every turn step costs what a yes/no would."""
    t = s.turn
    prof = prof or w.hero_profile(h)
    # only the cards this hero holds can refuse (hooks.held_by): this runs every turn step
    hk = w.hooks.handlers  # inline: this runs at every turn step
    if hk[REINFORCE_ALLOWED]:  # only the cards this hero holds can refuse (hooks.held_by)
        for allowed in held_by(hk[REINFORCE_ALLOWED], prof):
            if not allowed(w, s, h):
                return HOME_ONLY
    # RTDT-BUILD-2: a standing building on your space; else only a far source (Covenant)
    if h.space not in s.skulls:
        for far in hk[REINFORCE_ELSEWHERE]:
            if far(w, s, h):
                break
        else:
            return NO_BUILDING
    if t.reinforces == 0:
        return None
    if (
        t.reinforces == 1
        and t.reinforce_space == h.space
        and "reinforce_twice_same_building" in prof.flags
    ):
        return None
    if t.reinforce_cancelled and t.reinforces <= 1:  # a granted second Reinforce is spent
        return CANCELLED
    return ONCE


NO_BUILDING = refusal("Reinforce needs a standing building on your space", "RTDT-REINF-1")
ONCE = refusal("you may Reinforce once per turn", "RTDT-REINF-1")
CANCELLED = refusal("the haggle die cancelled your Reinforce this turn", "RTDT-HAGGLE-6")
HOME_ONLY = refusal("a corruption lets you Reinforce only in your home kingdom", "RTDT-CORR-7")


def reinforce_cost(
    w: World,
    s: State,
    h: HeroState,
    option: str,
    prof: Profile | None = None,
    glyph: int | None = None,
    source: str = "",
) -> int:
    """Spirit for a Reinforce option of the building here, or of another `source`
    (a building type or a completed monument: covenant.reinforce)."""
    hk = w.hooks.handlers  # inline: this runs at every turn step
    if hk[REINFORCE_OPTION]:
        building, chosen = reinforce_option(w, s, h, source, option)
        base = chosen.spirit
    else:  # the building here (the usual case, inlined: this runs at every turn step)
        building = w.board.building_of[h.space]
        info = w.content.buildings[building]
        base = info.free.spirit if option == "free" else info.enhanced.spirit
    prof = prof or w.hero_profile(h)
    extra = stat_sum(w, h, "reinforce_cost", building, option, prof)
    if hk[REINFORCE_DISCOUNT]:
        for discount in held_by(hk[REINFORCE_DISCOUNT], prof):  # Resolute; glyph still paid
            extra -= discount(w, s, h, option)
    if glyph is None:
        glyph = glyph_cost(w, s, h, "reinforce")
    return max(0, base + extra) + glyph


def reinforce_option(
    w: World, s: State, h: HeroState, source: str, option: str
) -> tuple[str, ReinforceOption]:
    """The building type and the Reinforce option chosen: of the building here, or of a
    source Covenant offers (covenant.reinforce)."""
    for other in w.hooks.handlers[REINFORCE_OPTION]:  # inline: every turn step
        found = other(w, s, h, source, option)
        if found is not None:
            return found
    building = w.board.building_of[h.space]
    info = w.content.buildings[building]
    return building, info.free if option == "free" else info.enhanced


def haggle(w: World, s: State, h: HeroState) -> None:
    """Roll the haggle die before Reinforcing (RTDT-HAGGLE-1..6)."""
    with draws(s) as rng:
        face = rng.choice(w.content.haggle.faces)
    tell(
        s,
        "reveal",
        "{hero} rolls the haggle die: {face}",
        seats=(h.seat,),
        hero=hero_name(w, h),
        face=face.text,
    )
    if REROLL.any(w, s, h, face.result, "reinforce"):  # Fortuitous
        s.turn.haggle = face.result  # rolled; the kept face settles it
        return
    settle_haggle(w, s, h, face.result)


def settle_haggle(w: World, s: State, h: HeroState, result: str) -> None:
    """The haggle face kept for the next Reinforce (RTDT-HAGGLE-2..6)."""
    t = s.turn
    t.haggle = result
    if result == "cancel":
        if has_flag(w, h, "haggle_ignore_cancel"):
            t.haggle = "normal"
            tell(s, "text", "The cancel face does not stop this hero; they Reinforce normally.")
        else:
            # RTDT-HAGGLE-6: the cancelled Reinforce uses up the turn's Reinforce; only an
            # effect granting another (Fortunate) lets the hero Reinforce again, and roll again.
            t.reinforce_cancelled = True
            t.reinforces += 1
            t.reinforce_space = h.space
            t.haggle = ""


# a Reinforce, with a monument (True) or a building (False), and the cause of its cost
REINFORCES = {
    True: N_("{hero} Reinforces with {where} ({option}): {effect}"),
    False: N_("{hero} Reinforces with the {where} ({option}): {effect}"),
}
REINFORCING_WITH = {True: N_("Reinforcing with"), False: N_("Reinforcing with the")}


def reinforce(w: World, s: State, h: HeroState, option: str, source: str = "") -> None:
    """The free or the enhanced option of the building here (RTDT-REINF-2..10), or of
    another source Covenant allows (covenant.reinforce)."""
    t = s.turn
    cost = reinforce_cost(w, s, h, option, source=source)  # after every discount
    t.reinforces += 1  # COV-MONUMENT-8: a monument's Reinforce is the turn's Reinforce
    t.reinforce_space = h.space
    building, chosen = reinforce_option(w, s, h, source, option)
    monument = source in w.content.monuments
    where = w.name(source) if monument else source or building
    full = chosen.spirit + glyph_cost(w, s, h, "reinforce")  # the price before discounts
    pay(w, s, h, "spirit", cost, Cause(REINFORCING_WITH[monument], where), full)
    tell(
        s,
        "text",
        REINFORCES[monument],
        seats=(h.seat,),
        hero=hero_name(w, h),
        where=where,
        option=option,
        effect=chosen.text,
    )
    REINFORCED.notify(w, s, h, source, option)  # COV-MONUMENT-7: the monuments' own options
    run(w, s, h, chosen.effects, Cause(REINFORCING_AT, building))
    if building == "sanctuary" and has_flag(w, h, "sanctuary_month_spirit"):
        gain(w, s, h, "spirit", s.month, N_("the sanctuary, one per month"))
    if t.haggle:  # RTDT-HAGGLE-7: the die's bonus comes after the Reinforce
        for face in w.content.haggle.faces:
            if face.result == t.haggle:
                run(w, s, h, face.effects, N_("the haggle die"))
                break
        t.haggle = ""
    fire(w, s, h, "after_reinforce", building)
    REINFORCE_OVER.notify(w, s, h, building)  # Smuggler's Coin
    if restricted(w, h, "end_turn_after_reinforce"):
        tell(
            s,
            "text",
            "{hero}'s turn ends after Reinforcing.",
            seats=(h.seat,),
            hero=hero_name(w, h),
        )
        end_turn(w, s)


# --- the verbs: haggle, and reinforce (free, enhanced, a far source, a siege tree) ---------

HAGGLE = Haggle()
FREE = Reinforce("free")
ENHANCED = Reinforce("enhanced")
TREE = Reinforce("tree")
ROLLED = refusal("the haggle die is rolled once, before Reinforcing", "RTDT-HAGGLE-1")


def reinforce_bar(c: Turn) -> Refusal | None:
    """Why no Reinforce (nor haggle) now (RTDT-TURN-4, then `reinforce_barrier`), asked
    once per turn step for the haggle and every option."""
    if not c.reinforce_asked:
        c.reinforce_asked = True
        c.reinforce = (
            START_PENDING if c.t.start_pending else reinforce_barrier(c.w, c.s, c.h, c.prof)
        )
    return c.reinforce


def haggle_bar(c: Turn) -> Refusal | None:
    """The haggle die: rolled once, before a Reinforce the hero may take (RTDT-HAGGLE-1)."""
    bar = reinforce_bar(c)
    if bar is not None:
        return bar
    if c.t.haggle:
        return ROLLED
    return glyph_bar(c, "reinforce")


def offer_haggle(c: Turn, out: list[Action]) -> None:
    if haggle_bar(c) is None:
        out.append(HAGGLE)


def why_haggle(c: Turn, a: Haggle) -> Refusal | None:
    return haggle_bar(c)


def apply_haggle(w: World, s: State, h: HeroState, a: Haggle) -> None:
    haggle(w, s, h)


HAGGLE_VERB = Verb(Haggle, "haggle", "RTDT-HAGGLE-1", offer_haggle, why_haggle, apply_haggle)


def tree_bar(c: Turn) -> Refusal | None:
    """A siege tree on your space is a Reinforce of its own (RTDT-TOKEN-9)."""
    if c.t.start_pending:
        return START_PENDING
    if c.h.space not in c.s.siege_trees:
        return refusal("there is no siege tree on your space", "RTDT-TOKEN-9")
    if c.t.reinforces:
        return ONCE
    return glyph_bar(c, "reinforce")


def offer_tree(c: Turn, out: list[Action]) -> None:
    if c.h.space in c.s.siege_trees and tree_bar(c) is None:
        out.append(TREE)


def offer_options(c: Turn, out: list[Action]) -> None:
    """`reinforce free|enhanced` the hero can pay for (RTDT-REINF-2); Covenant's far
    sources and monuments come from its hook (covenant/turn.py)."""
    if reinforce_bar(c) is not None:
        return
    w, s, h, prof, glyph = c.w, c.s, c.h, c.prof, c.gc["reinforce"]
    if w.hooks.handlers[REINFORCE_ACTIONS]:  # Covenant's sources (covenant/turn.py)
        out += REINFORCE_ACTIONS.collect(w, s, h, prof, glyph)
        return
    if h.spirit >= reinforce_cost(w, s, h, "free", prof, glyph):
        out.append(FREE)
    if h.spirit >= reinforce_cost(w, s, h, "enhanced", prof, glyph):
        out.append(ENHANCED)


def offer_reinforce(c: Turn, out: list[Action]) -> None:
    offer_tree(c, out)
    offer_options(c, out)


def why_reinforce(c: Turn, a: Reinforce) -> Refusal | None:
    if a.option == "tree":
        if a.source is not None:
            return notation(a, "reinforce tree", "RTDT-TOKEN-9")
        return tree_bar(c)
    bad = reinforce_bar(c) or glyph_bar(c, "reinforce")
    if bad is not None:
        return bad
    offered: list[Action] = []
    offer_options(c, offered)
    if a in offered:
        return None
    if a.option not in ("free", "enhanced"):
        return refusal(
            "{option}: a Reinforce option is free or enhanced", "RTDT-REINF-2", option=a.option
        )
    w, s, h = c.w, c.s, c.h
    source = a.source or ""
    if not source and h.space not in s.skulls:
        return NO_BUILDING
    if not source:  # the building here: its price, as every option's is counted
        cost = reinforce_cost(w, s, h, a.option, c.prof, c.gc["reinforce"])
        if cost > h.spirit or not w.hooks.handlers[REINFORCE_ACTIONS]:
            return refusal(OPTION_COST[a.option], "RTDT-REINF-2", cost=cost, have=h.spirit)
    # Covenant: far sources, monuments, Reckless: the Reinforces there are, by their notation
    there = [str(x) for x in offered]
    if there:
        return refusal(
            "{action} is not a Reinforce you can take here now; you can take {options}",
            "RTDT-REINF-2",
            action=str(a),
            options=", ".join(there),
        )
    return refusal(
        "{action} is not a Reinforce you can take here now", "RTDT-REINF-2", action=str(a)
    )


OPTION_COST = {
    "free": N_("the free option here costs {cost} spirit, you have {have}"),
    "enhanced": N_("the enhanced option here costs {cost} spirit, you have {have}"),
}


def apply_reinforce(w: World, s: State, h: HeroState, a: Reinforce) -> None:
    if a.option != "tree":
        reinforce(w, s, h, a.option, a.source or "")
        return
    t = s.turn  # RTDT-TOKEN-9
    pay(w, s, h, "spirit", glyph_cost(w, s, h, "reinforce"), N_("the Reinforce glyph"))
    t.reinforces += 1
    t.reinforce_space = h.space
    tell(
        s,
        "text",
        "{hero} Reinforces with the siege tree at {space}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        space=w.board.names[h.space],
    )
    ask(s, Decision("move_tree", h.seat, context=h.space))
    REINFORCED.notify(w, s, h, "", "tree")  # a Reinforce too (Herbal Remedy)


def price_reinforce(c: Turn, a: Reinforce) -> int:
    """The option's spirit with the glyph's (a siege tree: the glyph's alone)."""
    if a.option == "tree":
        return c.gc["reinforce"]
    return reinforce_cost(c.w, c.s, c.h, a.option, c.prof, c.gc["reinforce"], a.source or "")


REINFORCE = Verb(
    Reinforce,
    "reinforce OPTION [SOURCE]",
    "RTDT-REINF-2",
    offer_reinforce,
    why_reinforce,
    apply_reinforce,
    price=price_reinforce,
)
