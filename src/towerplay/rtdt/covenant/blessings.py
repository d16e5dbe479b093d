"""Blessings (COV-BLESS-*): one Wild advantage each, spent during a heroic action, lost at
the end of your turn; a limited supply of eight cards, no proxies."""

from __future__ import annotations

from towerplay.rtdt.covenant.setup import blessings_free
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World


def held(s: State, h: HeroState) -> int:
    return s.cov.blessings[h.seat] if s.cov is not None else 0


def gain_blessing(w: World, s: State, h: HeroState, why: str) -> bool:
    """Take a blessing from the supply, from whichever effect gives it (COV-BLESS-1); none
    when it is empty (COV-BLESS-6). True if gained. Blessings are a count per seat, not
    cards in a hand, so no trade can move them (COV-BLESS-4)."""
    if s.cov is None or blessings_free(w, s) <= 0:
        if s.cov is not None:
            tell(
                s,
                "text",
                "No blessing is left in the supply for {hero} ({why}).",
                seats=(h.seat,),
                hero=hero_name(w, h),
                why=why,
            )
        return False
    s.cov.blessings[h.seat] += 1
    tell(
        s,
        "gain",
        "{hero} gains a blessing ({why}).",
        seats=(h.seat,),
        amounts=(("blessings", 1),),
        hero=hero_name(w, h),
        why=why,
    )
    return True


def spend_blessing(w: World, s: State, h: HeroState, pool: dict[str, int]) -> None:
    """One Wild advantage for the heroic action in progress (COV-BLESS-2); the card goes
    back to the supply (COV-BLESS-5)."""
    assert s.cov is not None and s.cov.blessings[h.seat] > 0
    s.cov.blessings[h.seat] -= 1
    pool["wild"] = pool.get("wild", 0) + 1
    tell(
        s,
        "cost",
        "{hero} spends a blessing for a Wild advantage.",
        seats=(h.seat,),
        amounts=(("blessings", -1),),
        hero=hero_name(w, h),
    )


def end_of_turn(w: World, s: State, h: HeroState) -> None:
    """Unspent blessings are lost at the end of your turn (COV-BLESS-3, COV-BLESS-5)."""
    if s.cov is not None and s.cov.blessings[h.seat]:
        n = s.cov.blessings[h.seat]
        s.cov.blessings[h.seat] = 0
        tell(
            s,
            "loss",
            "{hero}'s {n} unspent blessing(s) fade.",
            seats=(h.seat,),
            amounts=(("blessings", -n),),
            hero=hero_name(w, h),
            n=n,
        )
