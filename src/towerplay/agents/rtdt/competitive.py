"""Competitive mode (docs/rules/competitive.md): the race for the relic. Public facts
only: our own face-down trials, the printed trial and room cards, which rooms are cleared;
never the relic's room, never another hero's trials."""

from __future__ import annotations

from typing import Any

from towerplay.agents.rtdt.assess import (
    advantages,
    effects_cost,
)
from towerplay.agents.rtdt.table import trials_of
from towerplay.agents.rtdt.values import (
    GATHER,
    GLYPH_HOMES,
    KINGDOMS,
    RELIC_VALUE,
    RESOLVE,
    ROOM_ORDER,
    TOWER,
    TOWER_VALUE,
    TRIAL_VALUE,
    TRIALS_NEEDED,
    WARRIOR_BUFFER,
)
from towerplay.agents.rtdt.view import (
    View,
    base_move,
    glyph_cost,
)
from towerplay.core.notation import Action
from towerplay.rtdt.records import Improve, Leave, Room


def trial_adv_ok(v: View, nd: Any, space: str) -> bool:
    """`nd` is the printed trial's needs, read from `game.world` (the heuristic imports
    nothing of the engine)."""
    n = nd.advantages
    if n <= 0:
        return True
    return bool(nd.advantages_met(advantages(v, v.h, battling=False, space=space)))


def trial_deficits(v: View, trial: str) -> dict[str, int] | None:
    """What this hero still lacks for a trial (empty: met on arrival); None when it
    cannot be gathered by Reinforcing (advantages, too many corruptions)."""
    return v.once[trial_deficits_raw, trial]


def trial_deficits_raw(v: View, trial: str) -> dict[str, int] | None:
    t = v.w.content.trials[trial]
    nd = t.needs
    h = v.h
    out: dict[str, int] | None = {}
    if (
        nd.corruptions_at_most is not None
        and len(h.corruptions) > nd.corruptions_at_most
        or not trial_adv_ok(v, nd, t.space)
    ):
        out = None
    else:
        assert out is not None
        for res, need, have in (
            ("warriors", nd.warriors + (WARRIOR_BUFFER if nd.warriors else 0), h.warriors),
            ("spirit", nd.spirit + glyph_cost(v, "quest"), h.spirit),
            ("potions", max(nd.potions, nd.carry_potions), len(h.potions)),
            ("gear", max(nd.gear, nd.carry_gear), len(h.gear)),
            ("treasures", max(nd.treasures, nd.carry_treasures), len(h.treasures)),
            ("virtues", nd.virtues, len(h.virtues)),
        ):
            if need > have:
                out[res] = need - have
    return out


def gather_building(v: View, btype: str, dest: str, start: str | None = None) -> str | None:
    """The standing building of `btype` on the best road from `start` (default: here)
    to `dest`."""
    here = start or v.h.space
    options = [sp for sp, b in v.w.board.building_of.items() if b == btype and sp in v.s.skulls]
    if not options:
        return None
    return min(options, key=lambda sp: (v.dist(here, sp) + v.dist(sp, dest), sp))


def trial_plan(v: View, trial: str, start: str | None = None) -> tuple[float, str] | None:
    """(turns it should take, where to go next) for one of our trials, from `start`
    (default: where we stand)."""
    d = trial_deficits(v, trial)
    if d is None:
        return None
    space = v.w.content.trials[trial].space
    here = start or v.h.space
    move = max(1, base_move(v))
    visits = 0
    spirit = d.get("spirit", 0)
    nxt = space
    first = True
    for res in ("warriors", "gear", "treasures", "potions", "virtues"):
        n = d.get(res, 0)
        if not n:
            continue
        btype, _, per, cost = GATHER[res]
        k = -(-n // per)
        visits += k
        spirit += cost * k
        if first:
            b = gather_building(v, btype, space, here)
            if b is None:
                return None
            nxt = b
            first = False
    travel = v.dist(here, nxt) + v.dist(nxt, space)
    turns = -(-travel // move) + visits + 0.6 * max(0, spirit)
    return (float(turns), nxt)


def comp_plan(v: View) -> tuple[str, str] | None:
    """(what, where): the trial we go for and where to go next, or ("tower", space)."""
    return v.once[comp_plan_raw]


def comp_plan_raw(v: View) -> tuple[str, str] | None:
    h = v.h
    out: tuple[str, str] | None = None
    if getattr(h, "eliminated", False):
        pass
    elif len(h.trials_done) >= TRIALS_NEEDED:
        out = ("tower", tower_goal(v))
    else:
        best: tuple[float, str, str] | None = None
        for trial in trials_of(h):
            plan = trial_plan(v, trial)
            if plan is None:
                continue
            turns = plan[0] - (1.5 if trial == v.comp_choice.get(h.seat) else 0.0)
            if best is None or (turns, trial) < (best[0], best[1]):
                best = (turns, trial, plan[1])
        if best is not None:
            v.comp_choice[h.seat] = best[1]
            out = (best[1], best[2])
    return out


def tower_goal(v: View) -> str:
    h = v.h
    adj = sorted(v.w.board.tower_adjacent)
    if h.warriors < 8 + 2 * len(h.corruptions):  # fill the ranks on the way
        near = min(adj, key=lambda sp: (v.dist(h.space, sp), sp))
        b = gather_building(v, "village", near)
        if b is not None and v.dist(h.space, b) <= v.dist(h.space, near) + 4:
            return b
    return min(adj, key=lambda sp: (v.dist(h.space, sp), sp))


def comp_spots(v: View) -> set[str]:
    h = v.h
    if len(h.trials_done) >= TRIALS_NEEDED:
        return set(v.w.board.tower_adjacent)
    return {v.w.content.trials[t].space for t in trials_of(h)}


def comp_heroic_at(v: View, sp: str) -> float:
    h = v.h
    if len(h.trials_done) >= TRIALS_NEEDED:
        if sp in v.w.board.tower_adjacent and tower_ready(v):
            return TOWER_VALUE
        return 0.0
    for t in trials_of(h):
        if v.w.content.trials[t].space == sp and trial_deficits(v, t) == {}:
            return TRIAL_VALUE
    return 0.0


def comp_reinforce_bonus(v: View, btype: str, option: str) -> float:
    plan = comp_plan(v)
    if plan is None:
        return 0.0
    what = plan[0]
    if what == "tower":
        h = v.h
        if btype == "village" and h.warriors < 12:
            return 6.0 if option == "enhanced" else 4.0
        return 0.0
    d = trial_deficits(v, what) or {}
    bonus = 0.0
    for res, (b, opt, _, _) in GATHER.items():
        if d.get(res) and b == btype:
            if opt == option:
                bonus = max(bonus, 15.0)
            elif res == "warriors":
                bonus = max(bonus, 8.0)  # the free village still helps
    if btype == "sanctuary" and option == "free" and d.get("spirit"):
        bonus = max(bonus, 3.0)
    # spending spirit we need for the trial itself is a loss
    if (
        d.get("spirit")
        and option == "enhanced"
        and bonus == 0.0
        and not (btype == "sanctuary" and len(v.h.corruptions) >= 2)
    ):
        bonus -= 4.0
    return bonus


def tower_ready(v: View) -> bool:
    h = v.h
    return (
        h.warriors >= 5 + 2 * len(h.corruptions)
        or bool(advantages(v, h, battling=False))
        and h.warriors >= 3
    )


def seal_answer(v: View) -> Action | None:
    """Put back an open seal facing our home kingdom (fewer skulls fall out there, no
    glyph costs us); otherwise keep the Tower as it is."""
    h = v.h
    keep = next((a for a in v.legal if a == Action("seal", "keep")), None)
    mine = [
        a for a in v.legal if len(a) > 2 and a[1] == "replace" and a[2].endswith("_" + h.kingdom)
    ]
    if mine:
        # a seal hiding a glyph that faces us first, then the lowest level
        glyph_sides = v.once[glyph_seals]
        return min(mine, key=lambda a: (a[2] not in glyph_sides, str(a)))
    return keep


def glyph_seals(v: View) -> set[str]:
    """The seals (level_kingdom) in front of the glyphs as the drums stand now."""
    sides = set()
    for level, home in GLYPH_HOMES.values():
        side = (home + v.s.tower.rotation[level]) % 4
        sides.add(("top", "middle", "bottom")[level] + "_" + KINGDOMS[side])
    return sides


def tower_room_cost(v: View, room: Any, improve: bool) -> float:
    cost = effects_cost(v, room.initial.effects)
    if improve:
        cost = min(cost, effects_cost(v, room.improved.effects))
    return cost


def tower_delve_move(v: View) -> Action | None:
    s, w = v.s, v.w
    legal = v.legal
    delve = s.delve
    assert delve is not None
    d = s.dungeons.get(TOWER)
    leave = next(iter(v.records(Leave)), None)
    rooms = v.records(Room)
    improve = sum(delve.advantages.values()) > 0 and delve.used < 10
    all_rooms = list(w.content.competitive.tower_rooms)
    if delve.room < 0:
        if not rooms:
            return leave
        # the rooms still unseen (cleared ones are face up): their average cost
        seen = {rid for rid, c in zip(d.rooms, d.cleared, strict=False) if c} if d else set()
        unseen = [r for r in all_rooms if r.id not in seen] or all_rooms
        saved = v.cache.get("at")
        v.cache["at"] = v.h.space
        try:
            risk = sum(tower_room_cost(v, r, improve) for r in unseen) / len(unseen)
        finally:
            v.cache["at"] = saved
        open_targets = [i for i in range(2, len(d.cleared)) if not d.cleared[i]] if d else []
        cands = [a for a in rooms if a.number >= 2]
        chance = (1.0 / len(open_targets)) if cands and open_targets else 0.0
        gain = chance * RELIC_VALUE + (0.0 if cands else 8.0)
        if leave is not None and risk > gain:
            return leave
        order = {r: i for i, r in enumerate(ROOM_ORDER)}
        return min(rooms, key=lambda a: (order.get(a.number, 9), str(a)))
    improves = v.records(Improve)
    if improves and d is not None:
        rid = d.rooms[delve.room]  # the room we stand in is face up
        room = next((r for r in all_rooms if r.id == rid), None)
        if room is None or effects_cost(v, room.improved.effects) < effects_cost(
            v, room.initial.effects
        ):
            return min(improves, key=lambda a: (a.trait == "wild", a.trait))
    return next((a for a in legal if a == RESOLVE), None)
