"""Items used for their effects: which `use` actions are legal and what they do
(RTDT-ITEM-9, RTDT-RES-2, RTDT-RES-6).
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt.hooks import Handler
from towerplay.rtdt.rules.common import (
    potion_multiplier,
    return_item,
)
from towerplay.rtdt.rules.effects import run, usable
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import pay
from towerplay.rtdt.rules.turn import fire
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World


def usable_cards(h: HeroState) -> list[str]:
    """Cards a hero may use on their turn: potions, treasures, gear, quest items, companions."""
    return list(dict.fromkeys(h.potions + h.treasures + h.gear + h.quest_items + h.companions))


def item_use(w: World, s: State, h: HeroState, item: str) -> bool:
    """Whether `use ITEM` is legal now (RTDT-ITEM-9)."""
    for u in w.uses[item]:
        if not u.effects or not usable(w, s, h, u.effects):
            continue
        if u.once_per_turn and item in s.turn.used:
            continue
        if h.spirit < u.spirit or len(h.potions) < u.potions:
            continue
        return True
    return False


def use_owner(w: World, a: Action) -> Handler | None:
    """The handler of a `use CARD [ARG]` whose card an expansion owns (wands, ...)."""
    for owns, apply in w.hooks.use_owners:
        if owns(w, a):
            return apply
    return None


def use_card(w: World, s: State, h: HeroState, a: Action) -> None:
    """`use CARD [ARG]` in a Battle: an owned card's use, or the item's own."""
    apply = use_owner(w, a)
    if apply is not None:
        apply(w, s, h, a)
    else:
        use_item(w, s, h, a[1])


def use_item(w: World, s: State, h: HeroState, item: str) -> None:
    """Spend an item for its effect (RTDT-RES-2, RTDT-RES-6)."""
    kind = w.kind_of[item]
    u = next(u for u in w.uses[item] if u.effects and usable(w, s, h, u.effects))
    mult = 1
    if u.discard:
        holder = {
            "potion": h.potions,
            "gear": h.gear,
            "treasure": h.treasures,
            "quest_item": h.quest_items,
            "companion": h.companions,
        }[kind]
        holder.remove(item)
        return_item(s, kind, item)  # quest items and companions leave play
    if kind == "potion":
        mult = potion_multiplier(w, h)
    name = hero_name(w, h)
    if u.discard:
        tell(s, "cost", "{hero} spends {item}.", seats=(h.seat,), hero=name, item=w.name(item))
    else:
        tell(s, "text", "{hero} uses {item}.", seats=(h.seat,), hero=name, item=w.name(item))
    pay(w, s, h, "spirit", u.spirit, w.name(item))
    for _ in range(u.potions):
        potion = h.potions.pop(0)
        return_item(s, "potion", potion)
        tell(
            s,
            "cost",
            "{hero} spends {potion} for {item}.",
            seats=(h.seat,),
            hero=name,
            potion=w.name(potion),
            item=w.name(item),
        )
    if u.once_per_turn:
        s.turn.used.append(item)
    if kind == "treasure" and u.discard:
        fire(w, s, h, "spend_treasure")
        for gone in w.hooks.treasure_gone:  # COV-CLARIFY-11: spent for its effect
            gone(w, s, h)
    run(w, s, h, u.effects, w.name(item), mult)
