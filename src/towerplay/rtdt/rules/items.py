"""Items used for their effects: which `use` actions are legal and what they do
(RTDT-ITEM-9, RTDT-RES-2, RTDT-RES-6).
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt.hooks import Handler
from towerplay.rtdt.hookspecs import TREASURE_GONE, USE_OWNER
from towerplay.rtdt.models import Use
from towerplay.rtdt.rules.common import act, potion_multiplier
from towerplay.rtdt.rules.effects import run, usable
from towerplay.rtdt.rules.holdings import return_item
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import pay
from towerplay.rtdt.rules.turn import fire
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World


def usable_cards(h: HeroState) -> list[str]:
    """Cards a hero may use on their turn: potions, treasures, gear, quest items, companions."""
    return list(dict.fromkeys(h.potions + h.treasures + h.gear + h.quest_items + h.companions))


def _limit_allows(s: State, item: str, u: Use) -> bool:
    """A use's limits: once a turn, up to N a turn (Grigor), once a Battle (Fulminating
    Silver). Each use in a turn is one mark of the card in `TurnState.used`, each in a
    Battle one in `Battle.used_cards`, which a new Battle starts empty."""
    used = s.turn.used
    if u.once_per_turn and item in used:
        return False
    if u.per_turn and used.count(item) >= u.per_turn:  # RTDT-COMP-8: Grigor, 3 a turn
        return False
    if u.once_per_month and item in s.month_used:  # RTDT-EFFECT-7: once until the month ends
        return False
    # RTDT-COMP-14: Fulminating Silver, once a Battle
    return not (u.once_per_battle and (s.battle is None or item in s.battle.used_cards))


def _payable(h: HeroState, u: Use) -> bool:
    return h.spirit >= u.spirit and len(h.potions) >= u.potions and len(h.treasures) >= u.treasures


def _use_of(w: World, s: State, h: HeroState, item: str) -> Use | None:
    """The card's first `use` that may be taken now (RTDT-ITEM-9), if any."""
    for u in w.uses[item]:
        if (
            u.effects
            and _limit_allows(s, item, u)
            and _payable(h, u)
            and usable(w, s, h, u.effects)
        ):
            return u
    return None


def use_actions(w: World, s: State, h: HeroState, item: str) -> list[Action]:
    """`use ITEM`, or `use ITEM TREASURE` for each treasure it could be paid with (Zaida)."""
    u = _use_of(w, s, h, item)
    if u is None:
        return []
    if u.treasures:  # RTDT-COMP-9: Zaida, a treasure of the holder's choice
        return [act("use", item, t) for t in dict.fromkeys(h.treasures) if t != item]
    return [act("use", item)]


def use_owner(w: World, a: Action) -> Handler | None:
    """The handler of a `use CARD [ARG]` whose card an expansion owns (wands, ...)."""
    return USE_OWNER.first(w, a)


def use_card(w: World, s: State, h: HeroState, a: Action) -> None:
    """`use CARD [ARG]` in a Battle: an owned card's use, or the item's own."""
    apply = use_owner(w, a)
    if apply is not None:
        apply(w, s, h, a)
    else:
        use_item(w, s, h, a[1], a[2] if len(a) > 2 else "")


def spend_treasure(w: World, s: State, h: HeroState, card: str, why: str) -> None:
    """A treasure spent as a use's cost: back under the deck, the `spend_treasure`
    triggers (RTDT-RES-6, COV-CLARIFY-11)."""
    h.treasures.remove(card)
    return_item(s, "treasure", card)
    tell(
        s,
        "cost",
        "{hero} spends {card} for {item}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(card),
        item=why,
    )
    fire(w, s, h, "spend_treasure")
    TREASURE_GONE.notify(w, s, h)  # COV-CLARIFY-11: spent for its effect


def use_item(w: World, s: State, h: HeroState, item: str, treasure: str = "") -> None:
    """Spend an item for its effect (RTDT-RES-2, RTDT-RES-6); `treasure` pays a use that
    costs one (Zaida)."""
    kind = w.kind_of[item]
    u = _use_of(w, s, h, item)
    assert u is not None
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
    if u.treasures:
        spend_treasure(w, s, h, treasure, w.name(item))
    if u.once_per_turn or u.per_turn:
        s.turn.used.append(item)
    if u.once_per_battle and s.battle is not None:
        s.battle.used_cards.append(item)
    if u.once_per_month:  # RTDT-EFFECT-7
        s.month_used.append(item)
    if kind == "treasure" and u.discard:
        fire(w, s, h, "spend_treasure")
        TREASURE_GONE.notify(w, s, h)  # COV-CLARIFY-11: spent for its effect
    run(w, s, h, u.effects, w.name(item), mult)
