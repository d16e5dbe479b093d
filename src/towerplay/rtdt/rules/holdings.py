"""What a hero holds: gaining, returning and the limits of items (RTDT-ITEM-*, RTDT-RES-6)."""

from __future__ import annotations

from towerplay.rtdt.decks import put_under
from towerplay.rtdt.hookspecs import (
    DRAW_POTION,
    POTIONS_OUT,
    REFUSE_GEAR,
    TREASURE_ACQUIRED,
    TREASURE_TAKEN,
)
from towerplay.rtdt.rules.advantages import item_advantages
from towerplay.rtdt.rules.common import (
    ask,
    potion_limit,
    treasure_limit,
)
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World


def return_item(s: State, kind: str, item: str) -> None:
    """Where a spent or lost item goes (RTDT-RES-6)."""
    # RTDT-ITEM-1: four item types (potions, gear, treasures; quest items below)
    if kind == "potion":
        put_under(s, "potions", item)
    elif kind == "gear":
        s.gear_piles[item] += 1
    elif kind == "treasure":
        put_under(s, "treasures", item)
        if s.cov is not None:
            s.cov.charges.pop(item, None)  # a wand's charges go back to the supply
    # quest items go back to the box: they simply leave play


def gain_potion(w: World, s: State, h: HeroState) -> None:
    """The top card of the potion deck (RTDT-ITEM-5)."""
    if not s.potion_deck:
        tell(s, "text", "The potion deck is empty.")
        POTIONS_OUT.notify(w, s, h)  # CMP-CLAR-6: the competitive mode's theft
        return
    if DRAW_POTION.any(w, s, h):  # Relic Hunter's Flagon: pick from the top
        return
    card = s.potion_deck.pop(0)
    h.potions.append(card)
    tell(
        s,
        "gain",
        "{hero} gains {card}.",
        seats=(h.seat,),
        amounts=(("potions", 1),),
        hero=hero_name(w, h),
        card=w.name(card),
    )
    check_limits(w, s, h)


def gain_gear(w: World, s: State, h: HeroState, gear: str) -> None:
    """A gear card from its pile; a duplicate is discarded at once (RTDT-ITEM-6, RTDT-ITEM-4).

    Both copies are the same card, so the choice of which to discard is moot and
    the duplicate simply goes back to its pile.
    """
    if s.gear_piles.get(gear, 0) <= 0:
        return
    if refuses_gear(w, s, h):  # Snobby holds no gear
        return
    s.gear_piles[gear] -= 1
    if gear in h.gear:
        s.gear_piles[gear] += 1
        tell(
            s,
            "text",
            "{hero} gains {gear}, already carries it and discards the duplicate.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            gear=w.name(gear),
        )
        return
    h.gear.append(gear)
    tell(
        s,
        "gain",
        "{hero} gains {gear}.",
        seats=(h.seat,),
        amounts=(("gear", 1),),
        hero=hero_name(w, h),
        gear=w.name(gear),
    )
    mid_action_advantages(w, s, h, gear)


def take_treasure(w: World, s: State, h: HeroState, treasure: str) -> None:
    """A treasure from the market, refilled from the deck top (RTDT-ITEM-7)."""
    s.market.remove(treasure)
    h.treasures.append(treasure)
    tell(
        s,
        "gain",
        "{hero} takes {treasure} from the market.",
        seats=(h.seat,),
        amounts=(("treasures", 1),),
        hero=hero_name(w, h),
        treasure=w.name(treasure),
    )
    if s.treasure_deck:
        refill = s.treasure_deck.pop(0)
        s.market.append(refill)
        tell(s, "reveal", "{treasure} comes to the market.", treasure=w.name(refill))
    acquired(w, s, h, treasure)
    mid_action_advantages(w, s, h, treasure)
    TREASURE_TAKEN.notify(w, s, h)  # Opportunistic
    check_limits(w, s, h)


def draw_treasure(w: World, s: State, h: HeroState) -> None:
    if not s.treasure_deck:
        return
    card = s.treasure_deck.pop(0)
    h.treasures.append(card)
    acquired(w, s, h, card)
    mid_action_advantages(w, s, h, card)
    tell(
        s,
        "draw",
        "{hero} draws {card} from the treasure deck.",
        seats=(h.seat,),
        amounts=(("treasures", 1),),
        hero=hero_name(w, h),
        card=w.name(card),
    )
    check_limits(w, s, h)


def acquired(w: World, s: State, h: HeroState, treasure: str) -> None:
    """A treasure comes to a hero: a Covenant wand takes its charges (COV-WAND-1)."""
    TREASURE_ACQUIRED.notify(w, s, h, treasure)


def refuses_gear(w: World, s: State, h: HeroState) -> bool:
    """Whether a card forbids this hero gear (Snobby)."""
    return REFUSE_GEAR.any(w, s, h)


def mid_action_advantages(w: World, s: State, h: HeroState, card: str) -> None:
    """A card gained during a battle or a delve adds its automatic advantages at once
    (RTDT-ADV-7); losing one later takes nothing back (RTDT-ADV-8)."""
    action = s.battle if s.battle is not None else s.delve
    if action is None or s.turn.seat != h.seat:
        return
    for kind, n in item_advantages(w, s, h, card, battling=s.battle is not None).items():
        action.pool[kind] = action.pool.get(kind, 0) + n


def check_limits(w: World, s: State, h: HeroState) -> None:
    """Over a carrying limit, the hero must discard at once (RTDT-ITEM-3, RTDT-ITEM-4)."""
    for kind, held, limit in (
        ("treasure", h.treasures, treasure_limit(w, h)),
        ("potion", h.potions, potion_limit(w, h)),
    ):
        if limit is None or len(held) <= limit:
            continue
        already = any(
            d.kind == "discard" and d.seat == h.seat and d.scope == kind for d in s.pending
        )
        if not already:
            ask(s, Decision("discard", h.seat, amount=len(held) - limit, scope=kind))
