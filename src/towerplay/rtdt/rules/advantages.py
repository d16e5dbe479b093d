"""Counting advantages for a heroic action (RTDT-ADV-*).

Automatic advantages (black background) are counted when the action starts;
conditional ones (grey) are paid for during it with `use ITEM`.
"""

from __future__ import annotations

from towerplay.rtdt.hookspecs import EXTRA_ADVANTAGES, TERRAIN_LOST
from towerplay.rtdt.models import Advantage
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World

# RTDT-ADV-1: six advantage types, one per attribute, and Wild
TYPES = ("melee", "magic", "stealth", "beast", "humanoid", "undead", "wild")
MAX_PER_ACTION = 10  # RTDT-ADV-9


def _count(w: World, s: State, h: HeroState, adv: Advantage, battling: bool) -> int:
    when = adv.when
    if when == "always":
        return adv.amount
    if when == "battling":
        return adv.amount if battling else 0
    if when == "doubled_move":
        return adv.amount if s.turn.doubled and s.turn.seat == h.seat else 0
    if when == "on_building_space":  # RTDT-COMP-6: Hakan, a space with a building
        return adv.amount if h.space in s.skulls else 0
    if when in ("against_adversary", "against_foe_level", "against_foe_trait"):
        return adv.amount if battling and _against(w, s, adv) else 0
    if when == "per_clean_building_near":
        near = w.board.near(h.space)
        return adv.amount * sum(1 for sp in near if s.skulls.get(sp) == 0)
    terrain = when.removeprefix("on_")  # on_hills, on_mountains, ...
    if TERRAIN_LOST.any(w, s, h.space):  # COV-WASTE-2, COV-WASTE-3: a wasteland's
        return 0
    if w.board.terrain_of[h.space] == terrain:
        return adv.amount
    if terrain == "forest" and h.space in s.siege_trees:  # RTDT-TOKEN-8
        return adv.amount
    return 0


def _against(w: World, s: State, adv: Advantage) -> bool:
    """Whether the Battle in progress is against what the advantage names (Yana: the
    adversary; Dragon Scales: a level 4 foe)."""
    b = s.battle
    if b is None:
        return False
    if adv.when == "against_adversary":  # RTDT-COMP-10
        return b.adversary
    if b.adversary:  # the adversary is not a foe (RTDT-COMP-13, RTDT-EFFECT-6)
        return False
    if adv.when == "against_foe_trait":  # RTDT-EFFECT-6: a foe with that trait
        return adv.trait in w.content.foes[b.foe].traits
    return w.content.foes[b.foe].level == adv.level  # RTDT-COMP-13


def automatic(w: World, s: State, h: HeroState, battling: bool) -> dict[str, int]:
    """The automatic advantages a hero has now, by type (RTDT-ADV-5)."""
    out: dict[str, int] = {}
    for cid in h.cards():
        for adv in w.advantages.get(cid, ()):
            if adv.conditional:
                continue
            n = _count(w, s, h, adv, battling)
            if n:
                out[adv.type] = out.get(adv.type, 0) + n
    EXTRA_ADVANTAGES.notify(
        w, s, h, battling, out, ""
    )  # Emboldened; Covenant treasures' conditional Wilds
    return out


def item_advantages(w: World, s: State, h: HeroState, item: str, battling: bool) -> dict[str, int]:
    """Automatic advantages one card gives (for an item gained mid-action, RTDT-ADV-7)."""
    out: dict[str, int] = {}
    for adv in w.advantages.get(item, ()):
        if not adv.conditional:
            n = _count(w, s, h, adv, battling)
            if n:
                out[adv.type] = out.get(adv.type, 0) + n
    EXTRA_ADVANTAGES.notify(w, s, h, battling, out, item)  # Covenant treasures' conditional Wilds
    return out
