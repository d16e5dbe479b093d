"""Foes on the board: tokens, statuses, spawning, striking, growing, removal (RTDT-FOE-*).

Strike steps are data (models.Strike); the dropping player makes the choices a
strike needs (RTDT-EVENT-2), each hero chooses what they lose.
"""

from __future__ import annotations

from collections import deque

from towerplay.core.rng import Rng
from towerplay.rtdt.covenant import cards as cov_cards
from towerplay.rtdt.covenant import heroes as cov_heroes
from towerplay.rtdt.models import STATUSES, FoeMove, HitBuildings, HitHeroes, Strike
from towerplay.rtdt.rules.common import (
    add_skull,
    ask,
    building_type,
    destroy_building,
    hero_name,
    kingdom_buildings,
    log,
    take_skull_from_supply,
)
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World


def tokens(s: State, foe: str) -> list[str]:
    """Spaces of this foe's tokens, one entry per token."""
    return [sp for f, sp in s.foes if f == foe]


def foes_at(s: State, space: str) -> list[str]:
    return [f for f, sp in s.foes if sp == space]


def remove_token(w: World, s: State, foe: str, space: str) -> None:
    """A defeated or removed foe's token leaves the board (RTDT-TOKEN-5)."""
    s.foes.remove((foe, space))
    log(s, f"The {w.content.foes[foe].name} token at {w.board.names[space]} is removed.")
    cov_heroes.token_removed(w, s, foe, space)  # COV-WARDEN-5: the quarry token returns


def move_token(s: State, foe: str, src: str, dst: str) -> None:
    i = s.foes.index((foe, src))
    s.foes[i] = (foe, dst)
    cov_heroes.token_moved(s, foe, src, dst)  # the quarry token rides along


def spawn(w: World, s: State, rng: Rng, foe: str, count: int, heading: str = "Event - ") -> int:
    """Put up to `count` tokens of a foe on random spaces, limited by its tokens (RTDT-FOE-*).

    Returns how many were placed.
    """
    info = w.content.foes[foe]
    free = info.tokens - len(tokens(s, foe))
    n = min(count, free)
    spaces = []
    pool = list(w.board.spaces)
    for _ in range(n):  # RTDT-EVENT-5: one token on each space the app names
        # RTDT-FOE-2: the app (a seeded draw) decides where foes appear
        sp = pool.pop(rng.below(len(pool)))
        if s.cov is not None and sp in s.cov.protections:  # COV-SPELL-6
            from towerplay.rtdt.covenant.wastelands import protected

            protected(w, s, sp, f"the {info.name}")
            continue
        s.foes.append((foe, sp))
        spaces.append(w.board.names[sp])
    if n:
        log(s, f"{heading}{info.name} spawn: {', '.join(spaces)}.")
    return n


def grow(w: World, s: State, foe: str) -> None:
    """Foes grow in power: one status step toward lethal (RTDT-EVENT-6)."""
    i = STATUSES.index(s.foe_status[foe])
    if i < len(STATUSES) - 1:
        s.foe_status[foe] = STATUSES[i + 1]
    log(s, f"Event - the {w.content.foes[foe].name} grow in power: now {s.foe_status[foe]}.")
    if i < len(STATUSES) - 1:
        cov_cards.foe_status_changed(w, s, foe)  # Azkol's Ichor


# --- strikes ----------------------------------------------------------------------------


def strike_of(w: World, s: State, foe: str) -> Strike:
    return w.content.foes[foe].strikes[s.foe_status[foe]]  # type: ignore[index]


def run_strike_step(
    w: World, s: State, who: str, strike: Strike, i: int, anchors: list[str]
) -> None:
    """Carry out step `i` of a strike. `anchors` are the spaces the strike starts from
    (the foe's tokens; for the adversary, its space if it stands on the board)."""
    step = strike.steps[i]
    if isinstance(step, FoeMove):
        _move(w, s, who, step)
    elif isinstance(step, HitBuildings):
        _hit_buildings(w, s, step, anchors)
    elif isinstance(step, HitHeroes):
        _hit_heroes(w, s, step, anchors, who)


def _path_step(w: World, src: str, dst: str, steps: int) -> str:
    """The space `steps` moves along a shortest path from src toward dst (ties: sorted order)."""
    if src == dst:
        return src
    prev: dict[str, str] = {src: src}
    queue = deque([src])
    while queue:
        here = queue.popleft()
        if here == dst:
            break
        for n in w.board.neighbours[here]:
            if n not in prev:
                prev[n] = here
                queue.append(n)
    path = [dst]
    while path[-1] != src:
        path.append(prev[path[-1]])
    path.reverse()  # src ... dst
    return path[min(steps, len(path) - 1)]


def _move(w: World, s: State, foe: str, step: FoeMove) -> None:
    active = s.heroes[s.turn.seat]
    for sp in cov_heroes.struck_tokens(s, foe):  # COV-WARDEN-7: not a spared quarry
        how = step.how
        if how == "step":
            ask(s, Decision("move_token", s.dropper, target=foe, context=sp))
            continue
        if how == "toward_active_hero":
            dst = _path_step(w, sp, active.space, step.steps)
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
            move_token(s, foe, sp, dst)
    log(s, f"The {w.content.foes[foe].name} move.")


def _hit_buildings(w: World, s: State, step: HitBuildings, anchors: list[str]) -> None:
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
        for _ in range(step.skulls * times):
            if not take_skull_from_supply(w, s):
                return
            add_skull(w, s, sp, None)


def _targets(w: World, s: State, step: HitHeroes, anchors: list[str]) -> list[HeroState]:
    return [h for h in _targets_all(w, s, step, anchors) if not h.eliminated]


def _targets_all(w: World, s: State, step: HitHeroes, anchors: list[str]) -> list[HeroState]:
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


def _hit_heroes(w: World, s: State, step: HitHeroes, anchors: list[str], who: str) -> None:
    name = w.name(who)
    for h in _targets(w, s, step, anchors):
        mult = 1
        if step.per_token:
            mult = sum(1 for a in anchors if a == h.space)
            if not mult:
                continue
        log(s, f"The {name} strike the {hero_name(w, h)}.")
        effects = cov_cards.event_effects(w, s, h, step.effects, mult)  # The Iron Wall
        run(w, s, h, effects, f"the {name}'s strike", mult)


# --- the app's foe events (RTDT-EVENT-4..6, -9) --------------------------------------------


def foe_event(w: World, s: State, event: str) -> None:
    """Resolve one foe event; a strike runs one step at a time so that the choices a step
    asks for are answered before the next step."""
    kind, _, rest = event.partition(":")
    if kind == "spawn":
        foe, count = rest.split(":")
        rng = Rng(s.rng)
        spawn(w, s, rng, foe, int(count))  # RTDT-EVENT-5
        s.rng = rng.state
    elif kind == "grow":
        if tokens(s, rest):  # RTDT-EVENT-6: skipped with none on the board
            grow(w, s, rest)
    elif kind == "weaken":  # RTDT-FOE-7: some rare events weaken a foe
        i = STATUSES.index(s.foe_status[rest])
        s.foe_status[rest] = STATUSES[max(0, i - 1)]
        log(s, f"Event - the {w.content.foes[rest].name} falter: now {s.foe_status[rest]}.")
        if i > 0:
            cov_cards.foe_status_changed(w, s, rest)  # Azkol's Ichor
    elif kind == "strike":
        foe, _, step = rest.partition(":")
        i = int(step or 0)
        if i == 0 and tokens(s, foe) and cov_heroes.instinct_asks(w, s, foe):
            s.events.insert(0, event)  # COV-WARDEN-6: resolves once the Warden answers
            return
        anchors = cov_heroes.struck_tokens(s, foe)  # COV-WARDEN-7: all but a spared quarry
        if not anchors:  # RTDT-EVENT-4: skipped with none on the board
            cov_heroes.strike_over(s)
            return
        strike = strike_of(w, s, foe)
        if i == 0:
            log(
                s,
                f"Event - the {w.content.foes[foe].name} strike ({s.foe_status[foe]}): {strike.text}",
            )
        run_strike_step(w, s, foe, strike, i, anchors)
        if i + 1 < len(strike.steps):
            s.events.insert(0, f"strike:{foe}:{i + 1}")
        else:
            cov_heroes.strike_over(s)
    elif kind == "tower_acts":  # RTDT-EVENT-9: the adversary strikes from the Tower
        # RTDT-ADVERSARY-8: the Tower acts: the adversary strikes from inside the Tower
        adv = w.content.adversaries[s.config.adversary]
        i = int(rest or 0)
        if i == 0 and cov_heroes.instinct_asks(w, s, cov_heroes.ADVERSARY):
            s.events.insert(0, event)  # COV-WARDEN-6: the adversary as the quarry
            return
        if cov_heroes.adversary_spared(s):
            log(s, f"Event - the Tower acts, but the {adv.name} is spared by the Warden.")
            cov_heroes.strike_over(s)
            return
        if i == 0:
            log(s, f"Event - the Tower acts: {adv.name}. {adv.tower_acts.text}")
        anchors = [s.adversary_space] if s.adversary_space else []
        run_strike_step(w, s, adv.id, adv.tower_acts, i, anchors)
        if i + 1 < len(adv.tower_acts.steps):
            s.events.insert(0, f"tower_acts:{i + 1}")
        else:
            cov_heroes.strike_over(s)
