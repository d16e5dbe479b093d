"""What the heuristic agent reads of the effect vocabulary's conditions (the engine's own
test is rules/checks.py, which agents may not import): whether a condition holds for the
hero now. Whether a price can be paid is `models.can_pay`, shared with the rules."""

from __future__ import annotations

from typing import Any


def met(v: Any, c: Any) -> bool:
    """Whether a condition (models.Check) holds for the viewing hero."""
    h, s, w = v.h, v.s, v.w
    test = c.test
    if test == "holds":
        if c.item is not None:
            return c.item in h.cards() or c.item in h.potions
        if c.kind == "item":
            return bool(h.potions or h.gear or h.treasures)
        return bool({"potion": h.potions, "gear": h.gear, "treasure": h.treasures}[c.kind])
    if test == "virtues_at_least":
        return len(h.virtues) >= c.n
    if test == "on_terrain":
        return bool(w.board.terrain_of[h.space] == c.terrain)
    if test == "on_building":
        kind = w.board.building_of.get(h.space)
        return h.space in s.skulls and (c.type is None or kind == c.type)
    if test == "in_home_kingdom":
        return bool(w.board.kingdom_of[h.space] == h.kingdom)
    here = w.board.kingdom_of[h.space]
    return any(w.board.kingdom_of[sp] == here for _, sp in s.foes)
