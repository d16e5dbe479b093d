"""Companion abilities that are engine handlers (companions.yaml `kind: flag`).

- `end_turn_terrain_warriors` (Gleb, Letha, Miras): a turn that ends on a space of the
  flag's terrain gives its `amount` of warriors. A siege tree's space counts as forest
  (RTDT-TOKEN-8); a wasteland has no terrain (COV-WASTE-2).
- `one_corruption_per_battle` (Yana): in a Battle against a foe (not the adversary), the
  battling hero gains at most one corruption; the card is marked in `TurnState.used` for
  the rest of that Battle.
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt import tower
from towerplay.rtdt.hooks import BASE, Handler
from towerplay.rtdt.hookspecs import (
    BATTLE_STARTED,
    CARD_USES,
    CORRUPTION_GAINED,
    INTERCEPT_CORRUPTION,
    TERRAIN_LOST,
    TURN_ENDING,
    USE_OWNER,
)
from towerplay.rtdt.records import Use
from towerplay.rtdt.rules.common import (
    flag_amount,
    flag_cards,
)
from towerplay.rtdt.rules.narrate import Cause, caused, hero_name, tell
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

TERRAIN_WARRIORS = "end_turn_terrain_warriors"
ONE_CORRUPTION = "one_corruption_per_battle"
RESTORE_SEAL = "restore_seal"


def _on_terrain(w: World, s: State, space: str, terrain: str | None) -> bool:
    if TERRAIN_LOST.any(w, s, space):  # a wasteland's: none
        return False
    if terrain == "forest" and space in s.siege_trees:  # RTDT-TOKEN-8
        return True
    return w.board.terrain_of[space] == terrain


# the cause of the warriors, with the card's name (a Cause)
ENDED_ON = {
    "hills": N_("a turn ended on hills, with"),
    "lake": N_("a turn ended on a lake, with"),
    "desert": N_("a turn ended on desert, with"),
    "mountains": N_("a turn ended on mountains, with"),
    "grasslands": N_("a turn ended on grasslands, with"),
    "forest": N_("a turn ended on forest, with"),
}


@TURN_ENDING.on_flag(TERRAIN_WARRIORS, BASE)
def terrain_warriors(w: World, s: State, h: HeroState) -> None:
    """As the turn ends (turn_ending): warriors for ending it on the card's terrain."""
    for card in flag_cards(w, h, TERRAIN_WARRIORS):
        for f in w.flags[card]:
            if f.flag == TERRAIN_WARRIORS and f.terrain and _on_terrain(w, s, h.space, f.terrain):
                cause = Cause(ENDED_ON[f.terrain], w.name(card))
                gain(w, s, h, "warriors", f.amount, cause)


def _battling_a_foe(s: State, h: HeroState) -> bool:
    b = s.battle
    return b is not None and not b.adversary and s.turn.seat == h.seat


CAPPED = (
    N_("{card} keeps the {hero} from a second corruption this battle ({why})."),
    N_("{card} keeps the {hero} from a second corruption this battle ({why} {of})."),
)


@INTERCEPT_CORRUPTION.on_flag(ONE_CORRUPTION, BASE)
def corruption_capped(w: World, s: State, h: HeroState, why: str) -> bool:
    """Before a corruption is drawn (intercept_corruption): none after the first this Battle."""
    cards = flag_cards(w, h, ONE_CORRUPTION)
    if not _battling_a_foe(s, h) or cards[0] not in s.turn.used:
        return False
    msg, cause = caused(CAPPED, why, "why")
    tell(s, "text", msg, seats=(h.seat,), card=w.name(cards[0]), hero=hero_name(w, h), **cause)
    return True


@CORRUPTION_GAINED.on_flag(ONE_CORRUPTION, BASE)
def corruption_counted(w: World, s: State, h: HeroState, card: str) -> None:
    """A corruption gained in a Battle against a foe uses up the cap (corruption_gained)."""
    cards = flag_cards(w, h, ONE_CORRUPTION)
    if _battling_a_foe(s, h) and cards[0] not in s.turn.used:
        s.turn.used.append(cards[0])


@BATTLE_STARTED.on_flag(ONE_CORRUPTION, BASE)
def battle_started(w: World, s: State, h: HeroState) -> None:
    """A new Battle: the cap starts afresh (battle_started)."""
    for card in flag_cards(w, h, ONE_CORRUPTION):
        if card in s.turn.used:
            s.turn.used.remove(card)


@CARD_USES.on_flag(RESTORE_SEAL, BASE)
def seal_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """`use CARD SEAL` for each removed seal, once a turn, with the spirit (card_uses)."""
    off = [i for i, on_tower in enumerate(s.tower.seals) if not on_tower]
    if not off:  # every seal on: nothing to restore (the usual case early on)
        return []
    card = flag_cards(w, h, RESTORE_SEAL)[0]
    if card in s.turn.used or h.spirit < flag_amount(w, h, RESTORE_SEAL):
        return []
    return [Use(card, tower.seal_id(i)) for i in off]


def owns_seal_use(w: World, a: Action) -> bool:
    """Whether `a` is a `use` of a card that restores a seal (USE_OWNER)."""
    return (
        len(a) == 3 and a[0] == "use" and any(f.flag == RESTORE_SEAL for f in w.flags.get(a[1], ()))
    )


def restore_seal(w: World, s: State, h: HeroState, a: Action) -> None:
    """Pay the spirit, put the seal back; skulls behind it stay put (RTDT-COMP-11)."""
    card, seal = a[1], a[2]
    s.turn.used.append(card)
    pay(w, s, h, "spirit", flag_amount(w, h, RESTORE_SEAL), w.name(card))
    tower.replace_seal(s.tower, tower.seal_index(seal))
    tell(
        s,
        "text",
        "{hero} puts the seal {seal} back on the Tower.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        seal=seal,
    )


@USE_OWNER.on(BASE)
def seal_use_owner(w: World, a: Action) -> Handler | None:
    """`restore_seal` for a `use` of a card that restores a seal."""
    return restore_seal if owns_seal_use(w, a) else None
