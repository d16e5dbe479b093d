"""What the heuristic agent reads of the effect vocabulary's conditions and prices (the
engine's own tests are rules/checks.py and rules/choices.py, which agents may not import):
whether a condition holds for the hero now, and whether a price can be paid."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towerplay.rtdt.seat_view import HeroView


def met(v: Any, c: Any) -> bool:
    """Whether a condition (models.Check) holds for the viewing hero."""
    h, s, w = v.h, v.s, v.w
    test = c.test
    if test == "holds":
        if c.item is not None:
            return c.item in h.cards or c.item in h.potions
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


def payable(h: HeroView, pay: Sequence[Any]) -> bool:
    """Whether every loss of a price can be paid in full (what the engine offers). The
    same test as `models.can_pay`, kept here because the agent reads only the protocol and
    imports nothing of the game (tests/agents/test_heuristic_protocol.py)."""
    need: dict[str, int] = {}
    for e in pay:
        key = e.resource if e.op == "lose" else e.kind
        need[key] = need.get(key, 0) + e.amount
    have = {
        "warriors": h.warriors,
        "spirit": h.spirit,
        "potion": len(h.potions),
        "gear": len(h.gear),
        "treasure": len(h.treasures),
    }
    items = sum(n for k, n in need.items() if k in ("potion", "gear", "treasure", "item"))
    return all(need[k] <= have[k] for k in need if k != "item") and items <= (
        have["potion"] + have["gear"] + have["treasure"]
    )
