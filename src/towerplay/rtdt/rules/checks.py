"""Testing an `if` effect's condition (models/checks.py) against the hero when it runs
(RTDT-EFFECT-1)."""

from __future__ import annotations

from towerplay.rtdt.models import Check, If
from towerplay.rtdt.rules.narrate import caused, hero_name, tell
from towerplay.rtdt.rules.skulls import building_type
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World


def holds(w: World, s: State, h: HeroState, c: Check) -> bool:
    """Whether the condition is true for this hero now."""
    if c.test == "holds":
        if c.item is not None:
            return c.item in h.cards() or c.item in h.potions
        if c.kind == "potion":
            return bool(h.potions)
        if c.kind == "gear":
            return bool(h.gear)
        if c.kind == "treasure":
            return bool(h.treasures)
        return bool(h.potions or h.gear or h.treasures)
    if c.test == "virtues_at_least":
        return len(h.virtues) >= c.n  # the kingdom virtue counts (RTDT-VIRTUE-1: 3 at start)
    if c.test == "on_terrain":
        return w.board.terrain_of[h.space] == c.terrain
    if c.test == "on_building":
        # a standing building keeps its skull count in s.skulls; a destroyed one has none
        return h.space in s.skulls and (c.type is None or building_type(w, s, h.space) == c.type)
    if c.test == "in_home_kingdom":
        return w.board.kingdom_of[h.space] == h.kingdom  # RTDT-HERO-6
    # foe_in_kingdom: foe tokens only, never the adversary (RTDT-FOE-11)
    here = w.board.kingdom_of[h.space]
    return any(w.board.kingdom_of[sp] == here for _, sp in s.foes)


# What a condition is about, as a word the narration shows (translated as a catalog word).
ABOUT = {
    "virtues_at_least": N_("their virtues"),
    "on_terrain": N_("the terrain"),
    "on_building": N_("the building"),
    "in_home_kingdom": N_("their home kingdom"),
    "foe_in_kingdom": N_("a foe in their kingdom"),
}
SPARED = (
    N_("{hero} is spared ({cause}): {what}."),
    N_("{hero} is spared ({cause} {of}): {what}."),
)
UNMET = (
    N_("Nothing happens to {hero} ({cause}): it needs {what}."),
    N_("Nothing happens to {hero} ({cause} {of}): it needs {what}."),
)


def about(w: World, c: Check) -> str:
    if c.test == "holds":
        return w.name(c.item) if c.item is not None else str(c.kind)
    return ABOUT[c.test]


def happens(w: World, s: State, h: HeroState, e: If) -> bool:
    """Whether an `if` effect's effects would happen for this hero now (RTDT-EFFECT-1)."""
    if e.unless is not None:
        return not holds(w, s, h, e.unless)
    assert e.when is not None
    return holds(w, s, h, e.when)


def applies(w: World, s: State, h: HeroState, e: If, why: str) -> bool:
    """Whether an `if` effect's effects happen now; when not, say why (RTDT-EFFECT-1)."""
    if happens(w, s, h, e):
        return True
    if e.unless is not None:
        msg, cause = caused(SPARED, why)
        what = about(w, e.unless)
    else:
        assert e.when is not None
        msg, cause = caused(UNMET, why)
        what = about(w, e.when)
    tell(s, "text", msg, seats=(h.seat,), hero=hero_name(w, h), what=what, **cause)
    return False
