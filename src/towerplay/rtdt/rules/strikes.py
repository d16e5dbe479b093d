"""Where a foe's strike lands (RTDT-FOE-*): the tokens it acts from, the foes it moves, the
buildings it hits and the heroes it reaches.

Strike steps are data (models.Strike); the dropping player makes the choices a strike needs
(RTDT-EVENT-2). effects.run_strike_step runs the steps in order; a step that hits heroes
runs effects on them, so it stays beside effects.run.
"""

from __future__ import annotations

from towerplay.rtdt.hookspecs import STRUCK_TOKENS
from towerplay.rtdt.models import FoeMove, HitBuildings, HitHeroes, Strike
from towerplay.rtdt.rules.common import ask
from towerplay.rtdt.rules.narrate import plural, tell
from towerplay.rtdt.rules.skulls import (
    add_skull,
    building_type,
    destroy_building,
    kingdom_buildings,
    take_skull_from_supply,
)
from towerplay.rtdt.rules.tokens import move_token, tokens
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World


def struck_tokens(w: World, s: State, foe: str) -> list[str]:
    """Spaces of the foe's tokens a strike acts on (all, but for a quarry the Warden
    spared, COV-WARDEN-7)."""
    return STRUCK_TOKENS.filter(w, s, foe, tokens(s, foe))


def strike_of(w: World, s: State, foe: str) -> Strike:
    return w.content.foes[foe].strikes[s.foe_status[foe]]  # type: ignore[index]


def move_foe_tokens(w: World, s: State, foe: str, step: FoeMove) -> None:
    active = s.heroes[s.turn.seat]
    for sp in struck_tokens(w, s, foe):  # COV-WARDEN-7: not a spared quarry
        how = step.how
        if how == "step":
            ask(s, Decision("move_token", s.dropper, target=foe, context=sp))
            continue
        if how == "toward_active_hero":
            dst = w.board.step_toward(sp, active.space, step.steps)
        elif how == "onto_active_hero":
            dst = active.space
        elif how == "onto_adjacent_hero":
            near = [h.space for h in s.heroes if h.space in w.board.neighbours[sp]]
            dst = near[0] if near else sp
        elif how == "onto_hero_in_kingdom":
            k = w.board.kingdom_of[sp]
            there = [h.space for h in s.heroes if w.board.kingdom_of[h.space] == k]
            dst = there[0] if there else sp
        elif how == "to_sanctuary_or_citadel":
            goals = [b for b in s.skulls if building_type(w, s, b) in ("sanctuary", "citadel")]
            dst = min(goals, key=lambda b: (w.board.distance(sp, b), b)) if goals else sp
        else:  # to_building_next_kingdom
            ask(s, Decision("move_token", s.dropper, target=foe, context=sp, scope="next_kingdom"))
            continue
        if dst != sp:
            move_token(w, s, foe, sp, dst)
            tell(
                s,
                "move",
                N_("The {foe} at {space} move to {to_space}.")
                if plural(w, foe)
                else N_("The {foe} at {space} moves to {to_space}."),
                foe=w.name(foe),
                space=w.board.names[sp],
                to_space=w.board.names[dst],
            )
        else:
            tell(
                s,
                "move",
                N_("The {foe} at {space} stay where they are.")
                if plural(w, foe)
                else N_("The {foe} at {space} stays where it is."),
                foe=w.name(foe),
                space=w.board.names[sp],
            )


def hit_buildings(w: World, s: State, step: HitBuildings, anchors: list[str]) -> None:
    board = w.board
    if step.where in ("one_per_kingdom", "foe_kingdom_one"):
        kingdoms = list(dict.fromkeys(board.kingdom_of[a] for a in anchors))
        if step.where == "foe_kingdom_one":
            kingdoms = [board.kingdom_of[a] for a in anchors]
        for k in kingdoms:
            if any(b in s.skulls for b in kingdom_buildings(w, s, k)):
                ask(
                    s,
                    Decision(
                        "strike_building",
                        s.dropper,
                        amount=step.skulls,
                        target=k,
                        scope="destroy" if step.destroy else "skulls",
                    ),
                )
        return
    hits: dict[str, int] = {}
    if step.where == "near":
        for a in anchors:
            for sp in board.near(a):
                if sp in s.skulls:
                    hits[sp] = 1
    elif step.where == "kingdoms":
        for k in dict.fromkeys(board.kingdom_of[a] for a in anchors):
            for sp in kingdom_buildings(w, s, k):
                if sp in s.skulls:
                    hits[sp] = 1
    else:  # foe_space
        for a in anchors:
            if a in s.skulls:
                hits[a] = hits.get(a, 0) + 1 if step.per_token else 1
    for sp, times in hits.items():
        if step.destroy:
            if sp in s.skulls:
                destroy_building(w, s, sp, 0)
            continue
        n = step.skulls * times
        tell(
            s,
            "skulls",
            "The strike puts {n} skull(s) on the {building} at {space}.",
            amounts=(("skulls", n),),
            n=n,
            building=building_type(w, s, sp),
            space=w.board.names[sp],
        )
        for _ in range(n):
            if not take_skull_from_supply(w, s):
                return
            add_skull(w, s, sp, None)


def struck_heroes(w: World, s: State, step: HitHeroes, anchors: list[str]) -> list[HeroState]:
    return [h for h in _struck_all(w, s, step, anchors) if not h.eliminated]


def _struck_all(w: World, s: State, step: HitHeroes, anchors: list[str]) -> list[HeroState]:
    board = w.board
    if step.target == "all":
        return list(s.heroes)
    if step.target == "active":
        return [s.heroes[s.turn.seat]]
    if step.target == "near":
        spaces = {sp for a in anchors for sp in board.near(a)}
        return [h for h in s.heroes if h.space in spaces]
    kingdoms = {board.kingdom_of[a] for a in anchors}
    return [h for h in s.heroes if board.kingdom_of[h.space] in kingdoms]
