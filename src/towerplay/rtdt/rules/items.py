"""Items used for their effects: which `use` actions are legal, why one is not, and what
they do (RTDT-ITEM-9, RTDT-RES-2, RTDT-RES-6). Offer (`use_actions`) and refusal (`why_use`)
ask the same predicate (`_bar`), as a turn verb's do (rules/verbs.py).
"""

from __future__ import annotations

from towerplay.core.notation import Action, interned
from towerplay.rtdt import records as rec
from towerplay.rtdt.hooks import Handler
from towerplay.rtdt.hookspecs import TREASURE_GONE, USE_OWNER
from towerplay.rtdt.models import Use
from towerplay.rtdt.rules.common import flag_cards, potion_multiplier
from towerplay.rtdt.rules.effects import run, unusable
from towerplay.rtdt.rules.holdings import return_item
from towerplay.rtdt.rules.narrate import Cause, hero_name, tell
from towerplay.rtdt.rules.resources import pay
from towerplay.rtdt.rules.tokens import foes_at, remove_token
from towerplay.rtdt.rules.turn import fire
from towerplay.rtdt.rules.verbs import Refusal, refusal
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World

_use = interned(rec.Use)  # each use made once (core/notation.interned): offered every step

REMOVING_WITH = N_("removing a foe token with")  # the spirit's cause, with the card (a Cause)
NOTHING_TO_USE = refusal("{item} has no use to take: it acts by itself", "RTDT-RES-2")
ONCE_A_TURN = refusal("{item} may be used once a turn", "RTDT-ITEM-11")
ONCE_A_MONTH = refusal("{item} may be used once until the month ends", "RTDT-EFFECT-7")
IN_A_BATTLE = refusal("{item} is used in a Battle, once in each", "RTDT-COMP-14")
ONCE_A_BATTLE = refusal("{item} was already used in this Battle", "RTDT-COMP-14")


def usable_cards(h: HeroState) -> list[str]:
    """Cards a hero may use on their turn: potions, treasures, gear, quest items, companions."""
    return list(dict.fromkeys(h.potions + h.treasures + h.gear + h.quest_items + h.companions))


def _limit_bar(s: State, item: str, u: Use) -> Refusal | None:
    """A use's limits: once a turn, up to N a turn (Grigor), once a month, once a Battle
    (Fulminating Silver). Each use in a turn is one mark of the card in `TurnState.used`,
    each in a Battle one in `Battle.used_cards`, which a new Battle starts empty."""
    used = s.turn.used
    if u.once_per_turn and item in used:  # RTDT-ITEM-11
        return ONCE_A_TURN
    if u.per_turn and used.count(item) >= u.per_turn:  # RTDT-COMP-8: Grigor, 3 a turn
        return refusal("{item} may be used {n} times a turn", "RTDT-COMP-8", n=u.per_turn)
    if u.once_per_month and item in s.month_used:  # RTDT-EFFECT-7: once until the month ends
        return ONCE_A_MONTH
    if u.once_per_battle and s.battle is None:  # RTDT-COMP-14: Fulminating Silver
        return IN_A_BATTLE
    if u.once_per_battle and item in s.battle.used_cards:  # type: ignore[union-attr]
        return ONCE_A_BATTLE
    return None


def _pay_bar(h: HeroState, u: Use) -> Refusal | None:
    """The whole price, or the use is not offered (RTDT-EFFECT-3: paying is spending)."""
    if h.spirit < u.spirit:
        return refusal(
            "{item} costs {cost} spirit, you have {have}",
            "RTDT-EFFECT-3",
            cost=u.spirit,
            have=h.spirit,
        )
    if len(h.potions) < u.potions:
        return refusal(
            "{item} costs {cost} potion(s), you have {have}",
            "RTDT-EFFECT-3",
            cost=u.potions,
            have=len(h.potions),
        )
    if len(h.treasures) < u.treasures:  # RTDT-COMP-9: Zaida
        return refusal(
            "{item} costs {cost} treasure(s), you have {have}",
            "RTDT-COMP-9",
            cost=u.treasures,
            have=len(h.treasures),
        )
    return None


def _bar(w: World, s: State, h: HeroState, item: str, u: Use) -> Refusal | None:
    """Why this use of the card cannot be taken now (RTDT-ITEM-9), or None: the one
    predicate its offer and its refusal both ask."""
    if not u.effects:
        return NOTHING_TO_USE
    return _limit_bar(s, item, u) or _pay_bar(h, u) or unusable(w, s, h, u.effects)


def _use_of(w: World, s: State, h: HeroState, item: str) -> Use | None:
    """The card's first `use` that may be taken now (RTDT-ITEM-9), if any."""
    for u in w.uses[item]:
        if _bar(w, s, h, item, u) is None:
            return u
    return None


def use_actions(w: World, s: State, h: HeroState, item: str) -> list[rec.Use]:
    """`use ITEM`, or `use ITEM TREASURE` for each treasure it could be paid with (Zaida)."""
    u = _use_of(w, s, h, item)
    if u is None:
        return []
    if u.treasures:  # RTDT-COMP-9: Zaida, a treasure of the holder's choice
        return [_use(item, t) for t in dict.fromkeys(h.treasures) if t != item]
    return [_use(item)]


def why_use(w: World, s: State, h: HeroState, a: Action) -> Refusal | None:
    """Why `use ITEM [TREASURE]` of a card with a use of its own is not legal now, with the
    numbers and the rule, by the same predicates as `use_actions` (the Golden Mace's by
    `mace_bar`, as `mace_actions`); None when nothing bars it or when the card's use is
    another module's (`use_owner`: wands, quest items, the seal companions). The refusal
    names the card."""
    if len(a) < 2:
        return refusal("use names one of your cards: use ITEM", "RTDT-RES-2")
    item = a[1]
    if item not in w.kind_of:
        return refusal("{item}: there is no such card", "RTDT-RES-2", item=item)
    name = w.name(item)
    if item not in usable_cards(h):
        return refusal("you do not hold {item}", "RTDT-RES-2", item=name)
    if item in flag_cards(w, h, "remove_foe_for_level"):  # the Golden Mace
        if len(a) != 3:
            return refusal(
                "{item} removes a foe token on your space: use {id} FOE",
                "RTDT-FOE-9",
                item=name,
                id=item,
            )
        return mace_bar(w, s, h, a[2])
    if not w.uses[item]:
        if use_owner(w, a) is not None:
            return None
        return _named(NOTHING_TO_USE, name)
    bars = [_bar(w, s, h, item, u) for u in w.uses[item]]
    if all(bars):
        return _named(bars[0], name)  # type: ignore[arg-type]
    u = w.uses[item][bars.index(None)]
    if u.treasures:
        if len(a) != 3 or a[2] == item or a[2] not in h.treasures:
            return refusal(
                "{item} is paid with another treasure of yours: use {id} TREASURE",
                "RTDT-COMP-9",
                item=name,
                id=item,
            )
    elif len(a) > 2:
        return refusal("{item} takes nothing more: use {id}", "RTDT-RES-2", item=name, id=item)
    return None


def mace_actions(w: World, s: State, h: HeroState, prof: Profile) -> list[rec.Use]:
    """The Golden Mace: remove a foe token on the hero's space, paying spirit equal to its
    level (RTDT-FOE-9, RTDT-FOE-10)."""
    card = w.cards_with(prof, "remove_foe_for_level")[0]
    return [
        _use(card, foe)
        for foe in dict.fromkeys(foes_at(s, h.space))
        if mace_bar(w, s, h, foe) is None
    ]


def mace_bar(w: World, s: State, h: HeroState, foe: str) -> Refusal | None:
    """Why the Golden Mace cannot remove this foe token now: none on the hero's space, or
    too little spirit for its level."""
    if foe not in w.content.foes or foe not in foes_at(s, h.space):
        return refusal("no {foe} token stands on your space", "RTDT-FOE-9", foe=w.name(foe))
    level = w.content.foes[foe].level
    if level > h.spirit:
        return refusal(
            "removing the {foe} costs {cost} spirit, its level; you have {have}",
            "RTDT-FOE-9",
            foe=w.name(foe),
            cost=level,
            have=h.spirit,
        )
    return None


def use_mace(w: World, s: State, h: HeroState, a: rec.Use, foe: str) -> None:
    """`use CARD FOE` of the Golden Mace: the token's removal is not a heroic action and
    gives no spirit (RTDT-FOE-10); it is told next, with the foe's name."""
    pay(w, s, h, "spirit", w.content.foes[foe].level, Cause(REMOVING_WITH, w.name(a.card)))
    remove_token(w, s, foe, h.space)


def _named(r: Refusal, name: str) -> Refusal:
    return Refusal(r.msg, r.rule, {**r.fields, "item": name})


def use_owner(w: World, a: Action) -> Handler | None:
    """The handler of a `use CARD [ARG]` whose card an expansion owns (wands, ...)."""
    return USE_OWNER.first(w, a)


def use_card(w: World, s: State, h: HeroState, a: Action) -> None:
    """`use CARD [ARG]`: an owned card's use (wands, quest items, the seal companions,
    Covenant's treasures), the Golden Mace's removal of a foe, or the item's own use."""
    assert isinstance(a, rec.Use), a  # every use is offered as its record
    apply = use_owner(w, a)
    if apply is not None:
        apply(w, s, h, a)
    elif a.arg is not None and a.arg in w.content.foes:  # RTDT-FOE-9, RTDT-FOE-10
        use_mace(w, s, h, a, a.arg)
    else:
        use_item(w, s, h, a.card, a.arg or "")


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
