"""The start of the turn (RTDT-TURN-2..4): the banner action, and the other "at the start
of your turn" effects resolved beside it. Each verb's offer, refusal and effect."""

from __future__ import annotations

from towerplay.core.notation import Action, interned
from towerplay.rtdt.hookspecs import BANNER_TAKEN
from towerplay.rtdt.models import OtherBanner
from towerplay.rtdt.records import Banner, ResolveStart
from towerplay.rtdt.rules.common import glyph_cost
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import pay
from towerplay.rtdt.rules.verbs import Refusal, Turn, Verb, glyph_bar, glyph_price, refusal
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

_banner = interned(Banner)  # each action made once (core/notation.interned)
_resolve_start = interned(ResolveStart)

BANNER = Banner()
ONCE = refusal("the banner action is taken at the start of the turn, once", "RTDT-TURN-3")


def banner_cost(w: World, s: State, h: HeroState) -> int:
    return glyph_cost(w, s, h, "banner")


def other_banners(w: World, s: State, h: HeroState) -> list[str]:
    """Heroes whose banner action Azkol's Banner lets you take instead of yours."""
    holds = any(
        isinstance(e, OtherBanner) for cid in h.treasures for u in w.uses[cid] for e in u.effects
    )
    if not holds:
        return []
    return [o.hero for o in s.heroes if o.seat != h.seat]


def banner_bar(c: Turn) -> Refusal | None:
    """Why no banner action now: only in the start step, once (RTDT-TURN-3), paying its
    glyph (RTDT-GLYPH-3)."""
    if c.t.phase != "start" or c.t.banner_done:
        return ONCE
    return glyph_bar(c, "banner")


def offer_banner(c: Turn, out: list[Action]) -> None:
    if banner_bar(c) is not None:
        return
    out.append(BANNER)
    if c.h.treasures:
        out.extend(_banner(other) for other in other_banners(c.w, c.s, c.h))


def why_banner(c: Turn, a: Banner) -> Refusal | None:
    bad = banner_bar(c)
    if bad is not None or a.hero is None:
        return bad
    if a.hero in other_banners(c.w, c.s, c.h):
        return None
    if a.hero == c.h.hero:
        return refusal("your own banner action is `banner`", "RTDT-TURN-2")
    return refusal(
        "only a card such as Azkol's Banner lets you take the banner action of another hero "
        "at the table",
        "RTDT-TURN-2",
    )


def apply_banner(w: World, s: State, h: HeroState, a: Banner) -> None:
    """The banner action: the glyph's spirit, then the hero board's effect (its own, or the
    one `a.hero` names)."""
    pay(w, s, h, "spirit", banner_cost(w, s, h), N_("the Banner glyph"))  # RTDT-GLYPH-3
    s.turn.banner_done = True
    hero = w.content.heroes[a.hero or h.hero]
    tell(
        s,
        "text",
        "{hero} takes the banner action of the {banner_hero}: {banner}",
        seats=(h.seat,),
        hero=hero_name(w, h),
        banner_hero=hero.name,
        banner=hero.banner,
    )
    run(w, s, h, hero.banner_effects, N_("the banner action"))
    BANNER_TAKEN.notify(w, s, h, hero.id)  # the Covenant heroes' banners


BANNER_VERB = Verb(
    Banner,
    "banner [HERO]",
    "RTDT-TURN-2",
    offer_banner,
    why_banner,
    apply_banner,
    middle=False,
    price=glyph_price("banner"),
)


# --- resolve: the other start-of-turn effects (RTDT-TURN-4) -------------------------------


def offer_resolve(c: Turn, out: list[Action]) -> None:
    for cid in c.t.start_pending:
        out.append(_resolve_start(cid))


def why_resolve(c: Turn, a: ResolveStart) -> Refusal | None:
    if a.card in c.t.start_pending:
        return None
    card = c.w.name(a.card) if a.card in c.w.kind_of else a.card
    return refusal("{card} has no start-of-turn effect waiting", "RTDT-TURN-4", card=card)


def apply_resolve(w: World, s: State, h: HeroState, a: ResolveStart) -> None:
    s.turn.start_pending.remove(a.card)
    for trig in w.triggers[a.card]:
        if trig.on == "start_of_turn":
            tell(
                s,
                "text",
                "{hero} resolves {card}.",
                seats=(h.seat,),
                hero=hero_name(w, h),
                card=w.name(a.card),
            )
            run(w, s, h, trig.effects, w.name(a.card))


RESOLVE = Verb(
    ResolveStart,
    "resolve CARD",
    "RTDT-TURN-4",
    offer_resolve,
    why_resolve,
    apply_resolve,
    middle=False,
)
