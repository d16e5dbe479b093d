"""Warriors and spirit: gained, lost and paid, each change told with its cause and amount
(RTDT-RES-1, RTDT-RES-4, RTDT-RES-5)."""

from __future__ import annotations

from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World

# The sentences of a resource change, per resource; `{cause}` says why.
GAINED = {
    "warriors": "{hero} gains {n} warriors ({cause}).",
    "spirit": "{hero} gains {n} spirit ({cause}).",
}
LOST = {
    "warriors": "{hero} loses {n} warriors ({cause}).",
    "spirit": "{hero} loses {n} spirit ({cause}).",
}
LOST_SHORT = {
    "warriors": "{hero} loses {n} warriors, all they have, of {owed} ({cause}).",
    "spirit": "{hero} loses {n} spirit, all they have, of {owed} ({cause}).",
}
PAID = {
    "warriors": "{hero} pays {n} warriors for {cause}.",
    "spirit": "{hero} pays {n} spirit for {cause}.",
}


def gain(w: World, s: State, h: HeroState, resource: str, amount: int, cause: str) -> None:
    """Warriors and spirit are unlimited (RTDT-RES-1)."""
    if amount <= 0:
        return
    if resource == "warriors":
        h.warriors += amount
    else:
        h.spirit += amount
    tell(
        s,
        "gain",
        GAINED[resource],
        seats=(h.seat,),
        amounts=((resource, amount),),
        hero=hero_name(w, h),
        n=amount,
        cause=cause,
    )


def lose(w: World, s: State, h: HeroState, resource: str, amount: int, cause: str) -> bool:
    """Lose what you can (RTDT-RES-4, RTDT-RES-5); returns True when the loss could not be
    paid in full. The log tells what was actually lost."""
    have = h.warriors if resource == "warriors" else h.spirit
    paid = min(have, amount)
    if resource == "warriors":
        h.warriors -= paid
    else:
        h.spirit -= paid
    tell(
        s,
        "loss",
        LOST[resource] if paid == amount else LOST_SHORT[resource],
        seats=(h.seat,),
        amounts=((resource, -paid),),
        hero=hero_name(w, h),
        n=paid,
        owed=amount,
        cause=cause,
    )
    return paid < amount


PAID_LESS = {
    "warriors": "{hero} pays {n} warriors for {cause} ({full} less {saved} in discounts).",
    "spirit": "{hero} pays {n} spirit for {cause} ({full} less {saved} in discounts).",
}


def pay(
    w: World, s: State, h: HeroState, resource: str, amount: int, cause: str, full: int = 0
) -> None:
    """Pay a cost the hero chose; it is legal only when affordable, so it is paid in full.
    `amount` is the cost after every discount; `full`, when more, the price before them."""
    if amount <= 0 and full <= amount:
        return
    if resource == "warriors":
        h.warriors -= amount
    else:
        h.spirit -= amount
    tell(
        s,
        "cost",
        PAID_LESS[resource] if full > amount else PAID[resource],
        seats=(h.seat,),
        amounts=((resource, -amount),),
        hero=hero_name(w, h),
        n=amount,
        cause=cause,
        full=full,
        saved=full - amount,
    )
