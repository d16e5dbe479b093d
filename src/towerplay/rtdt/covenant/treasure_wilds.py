"""The Covenant treasures whose ability is a conditional Wild advantage, one handler per
flag (`extra_advantages`): Grim Whisper on a wasteland in Battle, Archwright's Sledge in a
kingdom with a completed monument, Everfilled Chest near a bazaar, Tent of Revelry in a Quest
action. Counted with the automatic advantages (RTDT-ADV-5); `only` counts one card gained
mid-action (RTDT-ADV-7). A heroic action that is not a Battle is a Quest action (a dungeon is
explored by the Quest action).
"""

from __future__ import annotations

from towerplay.rtdt.covenant import wastelands
from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import EXTRA_ADVANTAGES
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World


def _wilds(w: World, h: HeroState, only: str, flag: str) -> int:
    """The Wild amounts of this flag on the hero's cards (or on the one card `only`)."""
    return sum(
        f.amount
        for card in ([only] if only else h.cards())
        for f in w.flags.get(card, ())
        if f.flag == flag
    )


def _add_wild(out: dict[str, int], n: int) -> None:
    if n:
        out["wild"] = out.get("wild", 0) + n


@EXTRA_ADVANTAGES.on_flag("wasteland_battle_wild", COVENANT)
def grim_whisper_wild(
    w: World, s: State, h: HeroState, battling: bool, out: dict[str, int], only: str
) -> None:
    """Grim Whisper: battling on a wasteland."""
    if s.cov is not None and battling and wastelands.is_wasteland(s, h.space):
        _add_wild(out, _wilds(w, h, only, "wasteland_battle_wild"))


@EXTRA_ADVANTAGES.on_flag("wild_in_monument_kingdom", COVENANT)
def sledge_wild(
    w: World, s: State, h: HeroState, battling: bool, out: dict[str, int], only: str
) -> None:
    """Archwright's Sledge: in a kingdom whose monument is completed."""
    if s.cov is None:
        return
    here = w.board.kingdom_of[h.space]
    if any(x.kingdom == here and x.status == "built" for x in s.cov.sites):
        _add_wild(out, _wilds(w, h, only, "wild_in_monument_kingdom"))


@EXTRA_ADVANTAGES.on_flag("wild_near_bazaar", COVENANT)
def chest_wild(
    w: World, s: State, h: HeroState, battling: bool, out: dict[str, int], only: str
) -> None:
    """Everfilled Chest: on or next to a standing bazaar (COV-MONUMENT-3: a completed
    monument in a bazaar's place counts)."""
    board = w.board
    if s.cov is not None and any(
        sp in s.skulls and board.building_of.get(sp) == "bazaar" for sp in board.near(h.space)
    ):
        _add_wild(out, _wilds(w, h, only, "wild_near_bazaar"))


@EXTRA_ADVANTAGES.on_flag("wild_on_quest", COVENANT)
def tent_wild(
    w: World, s: State, h: HeroState, battling: bool, out: dict[str, int], only: str
) -> None:
    """Tent of Revelry: in a Quest action."""
    if s.cov is not None and not battling:
        _add_wild(out, _wilds(w, h, only, "wild_on_quest"))
