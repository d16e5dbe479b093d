"""Wastelands (COV-WASTE-*) and the protection tokens that can stop them (COV-SPELL-6).

A wasteland space has no terrain; a hero who enters one is stuck there for the rest of that
turn, whatever would move them; tokens leave only by effects that say so; a kingdom whose
monument is completed gets no more of them.
"""

from __future__ import annotations

from towerplay.core.rng import Rng
from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import ENTERED, SPAWN_BLOCKED, STUCK, TERRAIN_LOST, TURN_STARTED
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World

TOKENS = 32  # COV-COMP-1


def is_wasteland(s: State, space: str) -> bool:
    return s.cov is not None and space in s.cov.wastelands


def terrain(w: World, s: State, space: str) -> str:
    """The space's terrain; none on a wasteland (COV-WASTE-2)."""
    if is_wasteland(s, space):
        return ""
    return w.board.terrain_of[space]


def stuck(s: State, h: HeroState) -> bool:
    """Whether the hero entered a wasteland this turn and may not leave it (COV-WASTE-4)."""
    return s.cov is not None and h.seat in s.cov.stuck


@STUCK.on(COVENANT)
def held_here(w: World, s: State, h: HeroState) -> bool:
    """`stuck` for the hook table (COV-WASTE-4)."""
    return s.cov is not None and h.seat in s.cov.stuck


@ENTERED.on(COVENANT)
def enter(w: World, s: State, h: HeroState) -> None:
    """Call after a hero arrives on a space by any means (COV-WASTE-4)."""
    cov = s.cov
    if cov is not None and h.space in cov.wastelands and h.seat not in cov.stuck:
        cov.stuck.append(h.seat)
        tell(
            s,
            "text",
            "{hero} enters a wasteland and can go no further this turn.",
            seats=(h.seat,),
            hero=hero_name(w, h),
        )


def new_turn(s: State) -> None:
    if s.cov is not None:
        s.cov.stuck.clear()


def open_kingdom(s: State, kingdom: str) -> bool:
    """No new wastelands once the kingdom's monument is completed (COV-WASTE-6)."""
    assert s.cov is not None
    return not any(x.kingdom == kingdom and x.status != "foundation" for x in s.cov.sites)


WASTELAND = "wasteland"  # what a protection token wards off, when it is not a foe


@SPAWN_BLOCKED.on(COVENANT)
def protected(w: World, s: State, space: str, what: str) -> bool:
    """A protection token on `space` stops this wasteland or foe (`what`: WASTELAND or the
    foe's id), then returns to the supply (COV-SPELL-6). True when it was stopped."""
    if s.cov is None or space not in s.cov.protections:
        return False
    s.cov.protections.remove(space)
    name = w.board.names[space]
    if what == WASTELAND:
        tell(
            s,
            "text",
            "A protection token at {space} wards off the wasteland; it returns.",
            space=name,
        )
    else:
        tell(
            s,
            "text",
            "A protection token at {space} wards off the {foe}; it returns.",
            space=name,
            foe=w.name(what),
        )
    return True


def place(w: World, s: State, rng: Rng, count: int) -> None:
    """The app's wasteland event (COV-WASTE-1): up to `count` tokens on random spaces of
    kingdoms whose monument is not completed, never twice on one space."""
    cov = s.cov
    assert cov is not None
    closed = {k for k in w.board.kingdom_spaces if not open_kingdom(s, k)}
    pool = [
        sp
        for sp in w.board.spaces
        if sp not in cov.wastelands and w.board.kingdom_of[sp] not in closed
    ]
    placed = []
    for _ in range(count):
        if not pool or len(cov.wastelands) >= TOKENS:
            break
        sp = pool.pop(rng.below(len(pool)))
        if protected(w, s, sp, WASTELAND):
            continue
        cov.wastelands.append(sp)
        placed.append(w.board.names[sp])
    if placed:
        tell(
            s,
            "spawn",
            "Event - the land withers: wastelands at {spaces}.",
            spaces=", ".join(placed),
        )
    else:
        tell(s, "text", "Event - the land withers: no wasteland takes hold.")


def remove(w: World, s: State, space: str) -> None:
    """Only an effect that says it removes a wasteland may call this (COV-WASTE-5)."""
    assert s.cov is not None
    s.cov.wastelands.remove(space)
    tell(s, "text", "The wasteland at {space} is cleared.", space=w.board.names[space])


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@TURN_STARTED.on(COVENANT)
def _new_turn(w: World, s: State) -> None:
    new_turn(s)  # COV-WASTE-4: "for the rest of the turn"


@TERRAIN_LOST.on(COVENANT)
def _wasteland(w: World, s: State, space: str) -> bool:
    return is_wasteland(s, space)  # COV-WASTE-2, COV-WASTE-3
