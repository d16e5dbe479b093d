"""Corruption: the limit, gaining and removing corruptions (RTDT-CORR-*)."""

from __future__ import annotations

from towerplay.rtdt.decks import put_under
from towerplay.rtdt.hookspecs import CORRUPTION_GAINED, INTERCEPT_CORRUPTION, WOULD_LOSE
from towerplay.rtdt.rules.common import (
    CORRUPTION_LIMIT,
    flag_amount,
    lose_game,
)
from towerplay.rtdt.rules.holdings import check_limits
from towerplay.rtdt.rules.narrate import caused, hero_name, tell
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World


def corruption_limit(w: World, h: HeroState) -> int:
    """Two corruptions (RTDT-CORR-8); the Aegis's extra slot makes three (COV-AEGIS-1).
    The slot is on the hero board, so it stays when Iron-Willed, the virtue that tells of
    it, is lost."""
    board = w.content.heroes[h.hero].starting_virtues
    slot = sum(
        a.amount
        for v in board
        for a in v.abilities
        if a.kind == "flag" and a.flag == "extra_corruption_slot"
    )
    return CORRUPTION_LIMIT + max(slot, flag_amount(w, h, "extra_corruption_slot"))


# a corruption's cause: a plain one, a `Cause` (rules/narrate.py caused)
TOO_MANY = (
    N_("{hero} would gain one corruption too many ({why})."),
    N_("{hero} would gain one corruption too many ({why} {of})."),
)
GAINED_CORRUPTION = (
    N_("{hero} gains the corruption {card} ({why})."),
    N_("{hero} gains the corruption {card} ({why} {of})."),
)


def gain_corruption(w: World, s: State, h: HeroState, why: str, offer_steeled: bool = True) -> None:
    """Draw the top corruption; one past the limit loses the game at once (RTDT-CORR-7,
    RTDT-CORR-9; a fourth for the Aegis, COV-AEGIS-6)."""
    if s.result is not None:
        return
    if offer_steeled and INTERCEPT_CORRUPTION.any(w, s, h, why):
        return  # the Aegis's Steeled may take it instead
    if len(h.corruptions) >= corruption_limit(w, h):
        msg, cause = caused(TOO_MANY, why, "why")
        tell(s, "text", msg, seats=(h.seat,), hero=hero_name(w, h), **cause)
        third = len(h.corruptions) == 2
        why = N_("a third corruption") if third else N_("a fourth corruption")
        if WOULD_LOSE.any(w, s, h, why):  # CMP-ELIM-1: the competitive mode's elimination
            return
        lose_game(s, N_("third corruption") if third else N_("fourth corruption"))
        return
    if not s.corruption_deck:
        tell(s, "text", "The corruption deck is empty; no corruption is drawn.")
        return
    card = s.corruption_deck.pop(0)
    h.corruptions.append(card)
    msg, cause = caused(GAINED_CORRUPTION, why, "why")
    tell(
        s,
        "corruption",
        msg,
        seats=(h.seat,),
        amounts=(("corruptions", 1),),
        hero=hero_name(w, h),
        card=w.name(card),
        **cause,
    )
    CORRUPTION_GAINED.notify(w, s, h, card)  # the Argent Oak's offering (COV-CLARIFY-3), Snobby
    check_limits(w, s, h)


def remove_corruptions(w: World, s: State, h: HeroState, amount: int | None = None) -> None:
    """Lost corruptions go to the bottom of the deck (RTDT-CORR-10)."""
    count = len(h.corruptions) if amount is None else min(amount, len(h.corruptions))
    for _ in range(count):
        card = h.corruptions.pop(0)
        put_under(s, "corruptions", card)
        tell(
            s,
            "corruption",
            "{hero} loses the corruption {card}.",
            seats=(h.seat,),
            amounts=(("corruptions", -1),),
            hero=hero_name(w, h),
            card=w.name(card),
        )
