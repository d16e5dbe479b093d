"""Effects that take skulls off buildings: which buildings a scope allows (RTDT-SKULL-*)."""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.rtdt.rules.common import ask, kingdom_buildings, regular_skulls
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World


def skull_targets(w: World, s: State, h: HeroState, scope: str, target: str = "") -> list[str]:
    """Buildings with skulls that an effect of this scope may take skulls from."""
    if target:
        return [target] if regular_skulls(s, target) > 0 else []
    board = w.board
    if scope == "this_building":
        spaces: Sequence[str] = (h.space,)
    elif scope == "home_kingdom":
        spaces = kingdom_buildings(w, s, h.kingdom)
    elif scope == "current_kingdom":
        # RTDT-HERO-6: the current kingdom is where the hero stands
        spaces = kingdom_buildings(w, s, board.kingdom_of[h.space])
    else:
        spaces = tuple(s.skulls)
    return [sp for sp in spaces if regular_skulls(s, sp) > 0]  # COV-DOOM-4


def ask_remove_skulls(
    w: World, s: State, h: HeroState, amount: int, scope: str, up_to: bool
) -> None:
    if skull_targets(w, s, h, scope):
        ask(s, Decision("remove_skull", h.seat, amount=amount, scope=scope, up_to=up_to))
