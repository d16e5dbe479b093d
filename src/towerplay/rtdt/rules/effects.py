"""Runs effect data (models.Effect) for a hero: the engine side of the effect vocabulary.

Immediate effects happen at once; effects that need a choice queue a Decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.rtdt.models import Effect
from towerplay.rtdt.rules.common import (
    ask,
    draw_treasure,
    gain,
    gain_corruption,
    gain_potion,
    lose,
    remove_corruptions,
)
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

# Effects that need a foe on the board or a heroic action in progress: part 2.
NEEDS_FOE = frozenset({"move_foe", "remove_foe"})
NEEDS_BATTLE = frozenset({"advantage"})


def usable(s: State, effects: Sequence[Effect]) -> bool:
    """Whether using these effects now can do what they say (no foes or battles yet)."""
    for e in effects:
        if e.op in NEEDS_FOE or e.op in NEEDS_BATTLE or e.op == "other_banner":
            return False
    return True


def run(w: World, s: State, h: HeroState, effects: Sequence[Effect], why: str, mult: int = 1) -> None:
    """Apply effects in order; an effect's unpaid losses give at most one corruption (RTDT-CORR-5)."""
    short = False
    for e in effects:
        if e.op == "gain":
            gain(s, h, e.resource, e.amount * mult)
        elif e.op == "lose":
            short = lose(s, h, e.resource, e.amount * mult) or short
        elif e.op == "gain_item":
            for _ in range(e.amount * mult):
                if e.kind == "potion":
                    gain_potion(w, s, h)
                elif e.kind == "gear":
                    ask_gear(s, h)
                elif e.from_deck:
                    draw_treasure(w, s, h)
                else:
                    ask_treasure(s, h)
        elif e.op == "gain_virtue":
            if h.inactive:  # RTDT-VIRTUE-3
                ask(s, Decision("flip_virtue", h.seat))
        elif e.op == "gain_corruption":
            gain_corruption(w, s, h, why)  # RTDT-CORR-4
        elif e.op == "remove_corruptions":
            remove_corruptions(w, s, h, None if e.amount == "all" else e.amount)
        elif e.op == "remove_skulls":
            ask_remove_skulls(w, s, h, e.amount * mult, e.scope, e.up_to)
        elif e.op == "place_hero":
            ask(s, Decision("place_hero", h.seat, scope=e.scope))
        elif e.op == "move_hero":
            ask(s, Decision("pick_hero", h.seat, amount=e.steps * mult))
        elif e.op == "extra_turn":
            s.turn.extra_turn = True
        else:  # foes, advantages, haggle banner: not reachable in the base cooperative game yet
            raise NotImplementedError(f"effect {e.op!r} needs rules that are not implemented yet")
    if short:
        gain_corruption(w, s, h, f"could not pay every loss of {why}")


def ask_gear(s: State, h: HeroState) -> None:
    if any(n > 0 for n in s.gear_piles.values()):
        ask(s, Decision("take_gear", h.seat))


def ask_treasure(s: State, h: HeroState) -> None:
    if s.market:
        ask(s, Decision("take_treasure", h.seat))


def skull_targets(w: World, s: State, h: HeroState, scope: str, target: str = "") -> list[str]:
    """Buildings with skulls that an effect of this scope may take skulls from."""
    if target:
        return [target] if s.skulls.get(target, 0) > 0 else []
    board = w.board
    if scope == "this_building":
        spaces: Sequence[str] = (h.space,)
    elif scope == "home_kingdom":
        spaces = board.kingdom_buildings[h.kingdom]
    elif scope == "current_kingdom":
        spaces = board.kingdom_buildings[board.kingdom_of[h.space]]
    else:
        spaces = tuple(s.skulls)
    return [sp for sp in spaces if s.skulls.get(sp, 0) > 0]


def ask_remove_skulls(w: World, s: State, h: HeroState, amount: int, scope: str, up_to: bool) -> None:
    if skull_targets(w, s, h, scope):
        ask(s, Decision("remove_skull", h.seat, amount=amount, scope=scope, up_to=up_to))
