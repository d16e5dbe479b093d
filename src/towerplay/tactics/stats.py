"""A hero's numbers: the modifiers of its board, its movement and hand size."""

from __future__ import annotations

from towerplay.tactics.models import Modifiers
from towerplay.tactics.state import HAND_SIZE, Ctx, Hero, State

NUMERIC_MODIFIERS = tuple(
    name for name, f in Modifiers.model_fields.items() if f.annotation in (int, bool, "int", "bool")
)


def hero_of(s: State, uid: str) -> Hero | None:
    for h in s.heroes:
        if h.uid == uid:
            return h
    return None


def modifiers(ctx: Ctx, hero: Hero) -> list[Modifiers]:
    """The hero's passive and dice abilities, then the equipment on its board."""
    # read afresh every time: an ability persists while it is on the board (AT-SETUP-4)
    out = [ctx.content.abilities[a].modifiers for a in hero.abilities]
    for slot, cid in hero.board.items():
        if cid is not None and slot != "class_feature":
            out.append(ctx.content.cards[cid].equipped)
    return out


def totals(ctx: Ctx, hero: Hero) -> dict[str, int]:
    """Every numeric modifier summed over `modifiers` (booleans count 1).

    Content never changes, so the sums are cached per game (shared by its clones)
    under what they depend on: the abilities and the board.
    """
    key = (tuple(hero.abilities), tuple(hero.board.items()))
    found = ctx.totals.get(key)
    if found is None:
        mods = modifiers(ctx, hero)
        found = {name: sum(int(getattr(m, name)) for m in mods) for name in NUMERIC_MODIFIERS}
        ctx.totals[key] = found
    return found


def total(ctx: Ctx, hero: Hero, name: str) -> int:
    return totals(ctx, hero)[name]


def basic_movement(ctx: Ctx, hero: Hero) -> int:
    return ctx.content.classes[hero.class_id].movement + total(ctx, hero, "movement")


def hand_size(ctx: Ctx, hero: Hero) -> int:
    return HAND_SIZE + total(ctx, hero, "hand_size")
