"""Warriors and spirit: gained, lost and paid, each change told with its cause and amount
(RTDT-RES-1, RTDT-RES-4, RTDT-RES-5)."""

from __future__ import annotations

from towerplay.rtdt.rules.narrate import caused, hero_name, tell
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

# The sentences of a resource change, per resource; `{cause}` says why: a name or a marked
# word, or a `Cause`'s phrase and `{of}` its name (rules/narrate.py caused).
GAINED = {
    "warriors": (
        N_("{hero} gains {n} warriors ({cause})."),
        N_("{hero} gains {n} warriors ({cause} {of})."),
    ),
    "warrior": (
        N_("{hero} gains {n} warrior ({cause})."),
        N_("{hero} gains {n} warrior ({cause} {of})."),
    ),
    "spirit": (
        N_("{hero} gains {n} spirit ({cause})."),
        N_("{hero} gains {n} spirit ({cause} {of})."),
    ),
}
LOST = {
    "warriors": (
        N_("{hero} loses {n} warriors ({cause})."),
        N_("{hero} loses {n} warriors ({cause} {of})."),
    ),
    "warrior": (
        N_("{hero} loses {n} warrior ({cause})."),
        N_("{hero} loses {n} warrior ({cause} {of})."),
    ),
    "spirit": (
        N_("{hero} loses {n} spirit ({cause})."),
        N_("{hero} loses {n} spirit ({cause} {of})."),
    ),
}
LOST_SHORT = {
    "warriors": (
        N_("{hero} loses {n} warriors, all they have, of {owed} ({cause})."),
        N_("{hero} loses {n} warriors, all they have, of {owed} ({cause} {of})."),
    ),
    "warrior": (
        N_("{hero} loses {n} warrior, all they have, of {owed} ({cause})."),
        N_("{hero} loses {n} warrior, all they have, of {owed} ({cause} {of})."),
    ),
    "spirit": (
        N_("{hero} loses {n} spirit, all they have, of {owed} ({cause})."),
        N_("{hero} loses {n} spirit, all they have, of {owed} ({cause} {of})."),
    ),
}
PAID = {
    "warriors": (
        N_("{hero} pays {n} warriors for {cause}."),
        N_("{hero} pays {n} warriors for {cause} {of}."),
    ),
    "warrior": (
        N_("{hero} pays {n} warrior for {cause}."),
        N_("{hero} pays {n} warrior for {cause} {of}."),
    ),
    "spirit": (
        N_("{hero} pays {n} spirit for {cause}."),
        N_("{hero} pays {n} spirit for {cause} {of}."),
    ),
}


def counted(resource: str, n: int) -> str:
    """The key of the sentences for `n` of a resource: one warrior, not "1 warriors" (spirit
    has no plural)."""
    return "warrior" if resource == "warriors" and n == 1 else resource


def gain(w: World, s: State, h: HeroState, resource: str, amount: int, cause: str) -> None:
    """Warriors and spirit are unlimited (RTDT-RES-1)."""
    if amount <= 0:
        return
    if resource == "warriors":
        h.warriors += amount
    else:
        h.spirit += amount
    msg, why = caused(GAINED[counted(resource, amount)], cause)
    tell(
        s,
        "gain",
        msg,
        seats=(h.seat,),
        amounts=((resource, amount),),
        hero=hero_name(w, h),
        n=amount,
        **why,
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
    told = counted(resource, paid)
    msg, why = caused(LOST[told] if paid == amount else LOST_SHORT[told], cause)
    tell(
        s,
        "loss",
        msg,
        seats=(h.seat,),
        amounts=((resource, -paid),),
        hero=hero_name(w, h),
        n=paid,
        owed=amount,
        **why,
    )
    return paid < amount


PAID_LESS = {
    "warriors": (
        N_("{hero} pays {n} warriors for {cause} ({full} less {saved} in discounts)."),
        N_("{hero} pays {n} warriors for {cause} {of} ({full} less {saved} in discounts)."),
    ),
    "warrior": (
        N_("{hero} pays {n} warrior for {cause} ({full} less {saved} in discounts)."),
        N_("{hero} pays {n} warrior for {cause} {of} ({full} less {saved} in discounts)."),
    ),
    "spirit": (
        N_("{hero} pays {n} spirit for {cause} ({full} less {saved} in discounts)."),
        N_("{hero} pays {n} spirit for {cause} {of} ({full} less {saved} in discounts)."),
    ),
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
    told = counted(resource, amount)
    msg, why = caused(PAID_LESS[told] if full > amount else PAID[told], cause)
    tell(
        s,
        "cost",
        msg,
        seats=(h.seat,),
        amounts=((resource, -amount),),
        hero=hero_name(w, h),
        n=amount,
        **why,
        full=full,
        saved=full - amount,
    )
