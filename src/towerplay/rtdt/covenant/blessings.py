"""Blessings (COV-BLESS-*): one Wild advantage each, spent during a heroic action, lost at
the end of your turn; a limited supply of eight cards, no proxies."""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt import records as rec
from towerplay.rtdt.covenant.setup import blessings_free
from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import (
    BATTLE_BOOSTS,
    BATTLE_VERBS,
    DELVE_BOOSTS,
    DELVE_VERBS,
    QUEST_ADVANTAGES,
    QUEST_SPEND,
    TURN_OVER,
)
from towerplay.rtdt.rules.battle import TOP_RUNG
from towerplay.rtdt.rules.battle_moves import cap
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


@TURN_OVER.on(COVENANT)
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


BLESS = rec.Bless()  # spend a blessing: one Wild advantage (COV-BLESS-2)


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@BATTLE_BOOSTS.on(COVENANT)
def _battle_bless(w: World, s: State, h: HeroState) -> list[Action]:
    """COV-BLESS-2: a blessing is one Wild advantage while the card can still improve."""
    b = s.battle
    assert s.cov is not None and b is not None
    if s.cov.blessings[h.seat] and b.rung < TOP_RUNG and cap(w, s, h):
        return [BLESS]
    return []


@BATTLE_VERBS.on("bless", COVENANT)
def _spend_in_battle(w: World, s: State, h: HeroState, a: Action) -> None:
    assert s.battle is not None
    spend_blessing(w, s, h, s.battle.pool)


@DELVE_BOOSTS.on(COVENANT)
def _delve_bless(w: World, s: State, h: HeroState) -> list[Action]:
    assert s.cov is not None and s.delve is not None
    return [BLESS] if s.cov.blessings[h.seat] and not s.delve.improved else []  # COV-BLESS-2


@DELVE_VERBS.on("bless", COVENANT)
def _spend_in_delve(w: World, s: State, h: HeroState, a: Action) -> None:
    assert s.delve is not None
    spend_blessing(w, s, h, s.delve.pool)


@QUEST_ADVANTAGES.on(COVENANT)
def _blessings_wild(w: World, s: State, h: HeroState) -> int:
    assert s.cov is not None
    return s.cov.blessings[h.seat]  # COV-BLESS-2: unspent blessings count for a Quest


@QUEST_SPEND.on(COVENANT)
def _spend_for_quest(w: World, s: State, h: HeroState, short: int) -> None:
    for _ in range(max(0, short)):  # only the blessings the quest needs
        spend_blessing(w, s, h, {})
