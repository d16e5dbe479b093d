"""Where to go and what a space is worth: the heroic action there, the Reinforce options
of its building (or completed monument), the goal over the next turns."""

from __future__ import annotations

from typing import Any

from towerplay.agents.rtdt.assess import (
    build_value,
    cleanse_value,
    delve_ready,
    foe_threat,
    gear_value,
    oak_gain,
    quest_met,
    quest_needs,
    treasure_value,
)
from towerplay.agents.rtdt.battle import (
    battle_value,
)
from towerplay.agents.rtdt.competitive import (
    comp_heroic_at,
    comp_plan,
    comp_reinforce_bonus,
    comp_spots,
    tower_ready,
    trial_deficits,
)
from towerplay.agents.rtdt.facts import foes_on, situation
from towerplay.agents.rtdt.table import profile
from towerplay.agents.rtdt.values import (
    KIND_VALUE,
    MOONSTONE,
    QUEST_KIND_VALUE,
    TOWER,
    TOWER_VALUE,
    TRIAL_VALUE,
    TRIALS_NEEDED,
    VIRTUE_VALUE,
    corruption_cost,
    foreign_value,
    spirit_value,
    warriors_value,
)
from towerplay.agents.rtdt.view import (
    View,
    base_move,
    building_type,
    can_cleanse,
    competitive,
    glyph_cost,
    has_flag,
    monument_at,
    moves_this_turn,
    no_cleanse,
    rdist,
    ready_sites,
    regular,
    resolute,
    steps_from_here,
    stuck,
    treasure_limit,
    waste_spaces,
)
from towerplay.core.notation import Action
from towerplay.rtdt.records import Battle, Cleanse, Explore, Quest, Reinforce


def heroic_here(v: View) -> tuple[float, Action | None]:
    """The best heroic action legal right now, and its value."""
    best: tuple[float, Action | None] = (0.0, None)
    for c in v.records(Cleanse):
        val = cleanse_value(v, c.space)
        if val > best[0]:
            best = (val, c)
    for b in v.records(Battle):
        val = battle_value(v, b.foe, b.space)
        if val > best[0]:
            best = (val, b)
    for a in v.by_verb.get("build", []):
        val = build_value(v)
        if val > best[0]:
            best = (val, a)
    quests = {q.quest: q for q in v.quests()}
    for qa in v.records(Quest):
        q = quests.get(qa.quest)
        val = QUEST_KIND_VALUE.get(str(q.kind) if q else "", 12.0) + 4.0
        if val > best[0]:
            best = (val, qa)
    if competitive(v) and len(v.h.trials_done) < TRIALS_NEEDED:
        for a in v.by_verb.get("trial", []):
            if best[0] < TRIAL_VALUE:
                best = (TRIAL_VALUE, a)
    for e in v.records(Explore):
        if e.space == TOWER:
            if tower_ready(v) and best[0] < TOWER_VALUE:
                best = (TOWER_VALUE, e)
            continue
        if delve_ready(v, e.space):
            val = 16.0
            if val > best[0]:
                best = (val, e)
    return best


def heroic_at(v: View, sp: str) -> float:
    """A guess at the heroic action's value if this hero stood on `sp` (for planning),
    kept across decisions by the facts it reads (view.situation)."""
    known = v.once[heroic_values]
    hit = known.get(sp)
    if hit is None:
        hit = known[sp] = heroic_at_raw(v, sp) if sp in heroic_spots(v) else 0.0
    return hit


def heroic_values(v: View) -> dict[str, float]:
    """The heroic values by space kept for this situation (filled as they are asked for)."""
    key = ("heroic_at", situation(v))
    known: dict[str, float] | None = v.memo.get(key)
    if known is None:
        if len(v.memo) > 20_000:
            v.memo.clear()
        known = v.memo[key] = {}
    return known


def heroic_spots(v: View) -> set[str]:
    """The spaces where a heroic action could be worth something (elsewhere: 0)."""
    return v.once[heroic_spots_raw]


def heroic_spots_raw(v: View) -> set[str]:
    s = v.s
    spots = {sp for sp, n in s.skulls.items() if n > 0}
    spots.update(sp for _, sp in s.foes)
    if s.adversary_space:
        spots.add(s.adversary_space)
    spots.update(q.space for q in v.quests())
    if competitive(v):
        spots.update(comp_spots(v))
    if s.cov is not None:
        spots.update(x.space for x in ready_sites(v))
    return spots


def heroic_spaces(v: View) -> list[str]:
    """The heroic spots in the board's order: a walk over the board for the best heroic
    action need look only at them (heroic_at is 0 everywhere else)."""
    return v.once[heroic_spaces_raw]


def heroic_spaces_raw(v: View) -> list[str]:
    spots = heroic_spots(v)
    return [sp for sp in v.w.board.spaces if sp in spots]


def heroic_at_raw(v: View, sp: str) -> float:
    s = v.s
    best = 0.0
    if competitive(v):
        best = comp_heroic_at(v, sp)
    if s.skulls.get(sp, 0) > 0 and not no_cleanse(v, sp) and can_cleanse(v, sp):
        best = cleanse_value(v, sp)
    for f in foes_on(v, sp):
        best = max(best, battle_value(v, f, sp))
    if s.adversary_space == sp and s.config.adversary:
        best = max(best, battle_value(v, s.config.adversary, sp))
    for q in v.quests():
        if q.space != sp:
            continue
        needs = q.needs or {}
        base = QUEST_KIND_VALUE.get(str(q.kind), 12.0)
        if isinstance(needs, dict) and needs.get("dungeon"):
            if delve_ready(v, sp):
                best = max(best, 16.0)
        elif quest_met(v, needs, sp):
            best = max(best, base + 4.0)
    if s.cov is not None and any(x.space == sp for x in ready_sites(v)):
        best = max(best, build_value(v))
    return best


def space_scores(v: View, heroic: bool, reinforce: bool) -> dict[str, float]:
    """What standing on each space would be worth this turn."""
    out: dict[str, float] = {}
    for sp in scored_spaces(v):
        val = 0.0
        if heroic:
            val += heroic_at(v, sp)
        if reinforce:
            val += reinforce_value(v, sp)[0]
        if val:
            out[sp] = val
    return out


def scored_spaces(v: View) -> list[str]:
    """The spaces, in the board's order, where a heroic action or a Reinforce could be
    worth something: every other space scores 0."""
    return v.once[scored_spaces_raw]


def scored_spaces_raw(v: View) -> list[str]:
    spots, skulls = heroic_spots(v), v.s.skulls
    return [sp for sp in v.w.board.spaces if sp in spots or sp in skulls]


def goal_space(v: View) -> str | None:
    """The space worth heading for over the next turns (worked out once a decision)."""
    return v.once[find_goal]


def find_goal(v: View) -> str | None:
    if competitive(v):
        dest = trial_goal(v)
        if dest is not None:
            return dest
    scores = space_scores(v, heroic=True, reinforce=True)
    here = v.h.space
    best, best_val = None, 0.0
    move = max(1, base_move(v))
    for sp, val in scores.items():
        turns = -(-v.dist(here, sp) // move)
        eff = val / (1.0 + 0.8 * turns)
        if eff > best_val:
            best, best_val = sp, eff
    return best


def trial_goal(v: View) -> str | None:
    plan = comp_plan(v)
    if plan is None:
        return None
    what, where = plan
    if what != "tower":
        d = trial_deficits(v, what) or {}
        if set(d) == {"spirit"}:  # spirit comes from heroic actions: seek them nearby
            space = v.w.content.trials[what].space
            scores = space_scores(v, heroic=True, reinforce=True)
            here = v.h.space
            best, best_val = None, 0.0
            for sp, val in scores.items():
                if v.dist(sp, space) > v.dist(here, space) + 2:
                    continue
                eff = val / (1.0 + 0.5 * v.dist(here, sp))
                if eff > best_val:
                    best, best_val = sp, eff
            return best or where
    return where


def reinforce_value(v: View, sp: str) -> tuple[float, str]:
    """The better Reinforce option on `sp` for what this hero lacks: (value, option)."""
    return v.once[reinforce_value_raw, sp]


def reinforce_value_raw(v: View, sp: str) -> tuple[float, str]:
    s, w, h = v.s, v.w, v.h
    if sp not in s.skulls:
        return (0.0, "")
    if s.cov is None:
        return source_value(v, w.board.building_of.get(sp), None, sp)
    if has_flag(v, h, "reinforce_home_only") and w.board.kingdom_of[sp] != h.kingdom:
        return (0.0, "")  # Indolent
    return source_value(v, building_type(v, sp), monument_at(v, sp), sp)


def source_value(
    v: View,
    btype: str | None,
    monument: Any,
    sp: str,
    options: tuple[str, ...] = ("free", "enhanced"),
) -> tuple[float, str]:
    """The better of `options` of a building type (or a completed monument, whose
    enhanced option is its own) for what this hero lacks: (value, option). Without a
    monument the space does not count, so each type is worked out once a decision."""
    if monument is not None:
        return source_value_raw(v, btype, monument, sp, options)
    return v.once[type_value, btype, options]


def type_value(v: View, btype: str | None, options: tuple[str, ...]) -> tuple[float, str]:
    return source_value_raw(v, btype, None, "", options)  # no monument: the space is not read


def source_value_raw(
    v: View, btype: str | None, monument: Any, sp: str, options: tuple[str, ...]
) -> tuple[float, str]:
    s, w, h = v.s, v.w, v.h
    info = w.content.buildings.get(btype) if btype else None
    if info is None or not btype:
        return (0.0, "")
    needs = quest_needs(v)
    glyph = glyph_cost(v, "reinforce")
    best = (0.0, "")
    for option in options:
        if monument is not None and option == "enhanced":
            mval = monument_value(v, monument, btype or "", sp, glyph)
            if mval is not None and mval > best[0]:
                best = (mval, option)
            continue
        opt = info.free if option == "free" else info.enhanced
        cost = opt.spirit + glyph
        for m in profile(w, h).modifiers:
            if (
                m.stat == "reinforce_cost"
                and m.building in (None, btype)
                and m.option in (None, option)
            ):
                cost += m.amount
        if s.cov is not None and option == "enhanced":  # Resolute; the glyph is still paid
            cost = max(0, cost - glyph - resolute(v)) + glyph
        cost = max(0, cost)
        if cost > h.spirit:
            continue
        value = -cost * spirit_value(h.spirit - cost)
        if btype == "village":
            gain = 6 if option == "free" else 12
            value += warriors_value(h.warriors, gain)
            value += min(needs.get("warriors", 0), gain) * 0.8
            if "cruel" in h.corruptions:
                value -= spirit_value(h.spirit)
        elif btype == "sanctuary":
            if option == "enhanced":
                if not h.corruptions:
                    continue
                value += 0.8 * corruption_cost(h) if len(h.corruptions) < 2 else 40.0
            else:
                value += spirit_value(h.spirit) + (2.0 if needs.get("spirit") else 0.0)
        elif btype == "citadel":
            if option == "enhanced":
                if not h.inactive or h.spirit - cost < 2:
                    continue
                value += max(VIRTUE_VALUE.get(x, 4.0) for x in h.inactive)
            else:
                value += 2.0 + (3.0 if needs.get("potions") else 0.0)
        elif btype == "bazaar":
            if option == "free":
                gears = [g for g, n in s.gear_piles.items() if n > 0 and g not in h.gear]
                if not gears:
                    continue
                value += 0.8 * max(gear_value(v, g) for g in gears)
                value += 3.0 if needs.get("gear") else 0.0
            else:
                if not s.market or len(h.treasures) >= treasure_limit(v):
                    continue
                value += 0.8 * max(treasure_value(v, x) for x in s.market)
                value += 4.0 if needs.get("treasures") else 0.0
            if "greedy" in h.corruptions:
                value -= spirit_value(h.spirit)
        if (
            btype in ("citadel", "bazaar")
            and option == "free"
            and not (h.potions or h.gear or h.treasures)
        ):
            value += 4.0  # an item to lose keeps a strike or battle card from corrupting us
        if competitive(v):
            value += comp_reinforce_bonus(v, btype, option)
        if value > best[0]:
            best = (value, option)
    return best


def monument_value(v: View, m: Any, btype: str, sp: str, glyph: int) -> float | None:
    """Net value of a completed monument's enhanced option for this hero (None: not
    worth offering or not affordable)."""
    s, w, h = v.s, v.w, v.h
    opt = m.enhanced
    cost = opt.spirit
    for mod in profile(w, h).modifiers:
        if (
            mod.stat == "reinforce_cost"
            and mod.building in (None, btype)
            and mod.option in (None, "enhanced")
        ):
            cost += mod.amount
    cost = max(0, cost - resolute(v)) + glyph
    warriors = int(getattr(opt, "warriors", 0) or 0)
    if cost > h.spirit or warriors > h.warriors:
        return None
    value = -cost * spirit_value(h.spirit - cost)
    mid = m.id
    if mid == "tower_shard":
        value += 4.0 + (3.0 if quest_needs(v).get("potions") else 0.0)
    elif mid == "cenotaph_of_the_first_prophet":
        foreign = v.s.cov.foreign_virtues if v.s.cov is not None else []
        if not h.inactive or not foreign:
            return None
        value += max(foreign_value(x) for x in foreign)
        value -= 0.5 * min(VIRTUE_VALUE.get(x, 4.0) for x in h.inactive)
    elif mid == "argent_oak":
        gain = oak_gain(v)
        if gain <= 0:
            return None
        value += gain
    elif mid == "moonstone_temple":
        extra = moonstone_extra(v, sp)
        if extra <= 0:
            return None
        value += extra
    elif mid == "colossus_of_bjorn":
        gain = colossus_gain(v)
        if gain <= 0:
            return None
        value += gain
    elif mid == "endless_necropolis":
        n = regular(v, sp)
        if n <= 0:
            return None
        value += 2.0 * n * (1.0 + max(0, 8 - s.supply) / 4.0)
    elif mid == "arch_of_the_golden_sun":
        if h.inactive:
            value += max(VIRTUE_VALUE.get(x, 4.0) for x in h.inactive)
        room = treasure_limit(v) - len(h.treasures)
        value += 0.8 * KIND_VALUE["treasure"] * max(0, min(2, room))
    elif mid == "nightmare_cage":
        if not s.foes:
            return None
        value += max(foe_threat(v, f) for f, _ in s.foes)
        value += warriors_value(h.warriors, -warriors)
    else:
        return None
    return value


def moonstone_extra(v: View, sp: str) -> float:
    """The Moonstone Temple: Battles and Cleanses beyond the one heroic action."""
    s = v.s
    vals = []
    if can_cleanse(v, sp):
        vals.append(cleanse_value(v, sp))
    for f, fsp in s.foes:
        if fsp == sp:
            vals.append(battle_value(v, f, sp))
    vals = sorted((x for x in vals if x > 0), reverse=True)
    return sum(vals) if s.turn.heroic_done else sum(vals[1:])


def colossus_gain(v: View) -> float:
    """The Colossus of Björn carries us to any space without a building: worth the
    better heroic action it reaches."""
    s = v.s
    cov = s.cov
    if cov is None or stuck(v):
        return 0.0
    if s.turn.heroic_done and MOONSTONE not in s.turn.used:
        return 0.0
    foundations = {x.space for x in cov.sites}
    wastes = waste_spaces(v)
    best = 0.0
    for sp in heroic_spaces(v):  # elsewhere heroic_at is 0, which adds nothing
        if sp in s.skulls or sp in foundations:
            continue
        val = heroic_at(v, sp) - (1.5 if sp in wastes else 0.0)
        best = max(best, val)
    return 0.8 * max(0.0, best - walk_best(v) - 2.0)


def walk_best(v: View) -> float:
    """The best heroic action within this turn's walk (here included)."""
    return v.once[walk_best_raw]


def walk_best_raw(v: View) -> float:
    best = heroic_here(v)[0]
    moves = moves_this_turn(v) if v.by_verb.get("move") else 0
    steps = steps_from_here(v)
    for sp in heroic_spaces(v):
        d = steps.get(sp, 99)
        if 0 < d <= moves:
            best = max(best, heroic_at(v, sp))
    return best


def far_target(v: View, extra: int) -> str | None:
    """A valuable heroic target beyond this turn's reach but within `extra` more steps."""
    h = v.h
    reach = moves_this_turn(v)
    best, best_val = None, 12.0
    for sp in heroic_spaces(v):
        d = v.dist(h.space, sp)
        if d <= reach or d > reach + extra:
            continue
        val = heroic_at(v, sp)
        if val > best_val:
            best, best_val = sp, val
    return best


def far_reinforce(v: View) -> tuple[float, str, str]:
    """The best Reinforce with another building's options (Aura of Friendship, the
    Tent of Revelry): (value, option, source)."""
    s, w = v.s, v.w
    cov = s.cov
    assert cov is not None
    best = (0.0, "", "")
    for a in v.records(Reinforce):
        if a.source is None:
            continue
        option, source = a.option, a.source
        m = w.content.monuments.get(source)
        if m is not None:
            btype = m.replaces
            site = next((x for x in cov.sites if x.monument == source), None)
            sp = site.space if site is not None else v.h.space
        else:
            btype, sp = source, v.h.space
        val, opt = source_value(v, btype, m, sp, options=(option,))
        if opt and val > best[0]:
            best = (val, opt, source)
    return best


def aura_gain(v: View) -> float:
    """Aura of Friendship: the best Reinforce anywhere against the best in reach."""
    s, w, h = v.s, v.w, v.h
    if s.turn.reinforces:
        return 0.0
    if has_flag(v, h, "reinforce_home_only") and w.board.kingdom_of[h.space] != h.kingdom:
        return 0.0
    moves = moves_this_turn(v) if v.by_verb.get("move") else 0
    local = 0.0
    for sp in s.skulls:
        if rdist(v, sp) <= moves:
            local = max(local, reinforce_value(v, sp)[0])
    best = 0.0
    seen: set[str] = set()
    for sp in s.skulls:
        m = monument_at(v, sp)
        btype = building_type(v, sp)
        key = m.id if m is not None else btype
        if key in seen:
            continue
        seen.add(key)
        best = max(best, source_value(v, btype, m, sp)[0])
    return best - local
