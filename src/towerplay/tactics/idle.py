"""Which of a hero's turn actions would do nothing now, and why (AT-CARD-4).

A card may be played though none of its text can be followed: it does as much as
possible, which may be nothing (AT-CARD-1), and the card is spent all the same. So that
no card is wasted unawares, the turn decision says so beside each such action
(`observe(seat)["pending"]["notes"]`). Worked out when observed, never stored: the legal
actions and the saves stay as they are.

A step that does nothing leaves the board as it was, so each step of a card is judged
on the board as it is now; the card does something if any step of any option does.
"""

from __future__ import annotations

from towerplay.tactics.cards import (
    allies_of,
    attack_band,
    basic_move_points,
    enemies_of,
    move_search,
    summon_steps,
)
from towerplay.tactics.grid import ALL_DIRECTIONS, line_of_sight, set_distance, step, within
from towerplay.tactics.models import AttackStep, ConditionStep, HealStep, MoveStep, Step, SummonStep
from towerplay.tactics.narrate import N_
from towerplay.tactics.positions import footprint, in_range, occupied, sight_blockers, walls
from towerplay.tactics.records import Command, Item, Play, Use, typed
from towerplay.tactics.state import Ctx, Hero, State, Unit
from towerplay.tactics.stats import hero_of

# each reason is a message of the catalog (a note is worded by narrate.note_event)
ALREADY = {
    "slowed": N_("already slowed"),
    "weakened": N_("already weakened"),
    "stunned": N_("already stunned"),
    "invisible": N_("already invisible"),
}
ALL_ALREADY = {
    "slowed": N_("everyone in range is already slowed"),
    "weakened": N_("everyone in range is already weakened"),
    "stunned": N_("everyone in range is already stunned"),
    "invisible": N_("everyone in range is already invisible"),
}


def idle_notes(s: State, ctx: Ctx, hero: Hero, choices: list[list[str]]) -> dict[str, str]:
    """For each turn action (`play`, `use`, `item`, `command`) that would do nothing,
    its text and why: {"play backstab": "does nothing now: no target in range"}."""
    me = s.units[hero.uid]
    out: dict[str, str] = {}
    seen: dict[tuple[str, Step], str] = {}  # steps alike are judged once (observe is hot)
    for choice in choices:
        a = typed(choice)
        actor = me
        if isinstance(a, (Play, Use)):
            options = ctx.content.cards[a.card].options
        elif isinstance(a, Item):
            options = (ctx.items[a.item].steps,)
        elif isinstance(a, Command):
            actor = s.units[a.summon]
            options = (summon_steps(actor.movement, actor.attack_dice, actor.attack_range),)
        else:
            continue
        why = idle_reason(s, ctx, actor, options, seen)
        if why:
            out[str(a)] = f"does nothing now: {why}"
    return out


def idle_reason(
    s: State,
    ctx: Ctx,
    actor: Unit,
    options: tuple[tuple[Step, ...], ...],
    seen: dict[tuple[str, Step], str],
) -> str:
    """Why no step of any option would do anything, or "" when one would."""
    reasons: list[str] = []
    for steps in options:
        for st in steps:
            key = (actor.uid, st)  # content steps are frozen: equal steps hash alike
            why = seen.get(key)
            if why is None:
                why = seen[key] = step_idle(s, ctx, actor, st)
            if not why:
                return ""
            if why not in reasons:
                reasons.append(why)
    return "; ".join(reasons) or N_("nothing to do")


def step_idle(s: State, ctx: Ctx, actor: Unit, st: Step) -> str:
    """Why this step would do nothing now (as cards.begin_step would run it), or ""."""
    if isinstance(st, MoveStep):
        points = st.points if st.points is not None else basic_move_points(s, ctx, actor)
        levels, keep = move_search(s, ctx, actor, points, st.through_characters, st.diagonal)
        ends = 0
        for level in levels:
            ends |= level
        return "" if ends & keep else N_("no square to move to")
    if isinstance(st, AttackStep):
        return "" if attack_reaches(s, ctx, actor, st) else N_("no enemy in reach")
    if isinstance(st, HealStep):
        return "" if heal_helps(s, ctx, actor, st) else N_("no one in reach needs healing")
    if isinstance(st, ConditionStep):
        return condition_idle(s, ctx, actor, st)
    if isinstance(st, SummonStep):
        return summon_idle(s, ctx, actor, st)
    hero = hero_of(s, actor.uid)
    if hero is None or not (hero.deck or hero.discard):
        return N_("no card left to draw")
    return ""


def attack_reaches(s: State, ctx: Ctx, actor: Unit, st: AttackStep) -> bool:
    """Whether some target of the attack would be an enemy (AT-RANGE-1, AT-AOE-1..3)."""
    band = attack_band(s, ctx, actor, st)
    foes = enemies_of(s, actor.side)
    if not st.aoe:
        blockers = sight_blockers(s, ctx, actor.side)
        return any(
            "invisible" not in u.conditions
            and in_range(s, ctx, actor, footprint(ctx, u), band, blockers)
            for u in foes
        )
    wall = walls(s, ctx)
    w, h = ctx.board.width, ctx.board.height
    blockers = sight_blockers(s, ctx, actor.side)
    for u in foes:  # the squares whose area holds this foe, then those the actor may target
        fp = footprint(ctx, u)
        near = sorted({q for f in fp for q in within(f, st.aoe, w, h)})
        for sq in near:
            if band[1] == 0:
                aimed = sq == actor.square
            else:
                aimed = not (1 << sq) & wall and in_range(s, ctx, actor, (sq,), band, blockers)
            if aimed and line_of_sight(ctx.board.geo, (sq,), fp, wall):
                return True
    return False


def heal_helps(s: State, ctx: Ctx, actor: Unit, st: HealStep) -> bool:
    """Whether some choice of target heals someone below full HP (AT-RANGE-3, AT-KO-4)."""
    if st.range[1] == 0:
        targets = [actor]
    else:
        blockers = sight_blockers(s, ctx, actor.side)
        targets = [
            u
            for u in allies_of(s, actor.side)
            if "invisible" not in u.conditions
            and not (
                u.kind == "summon"
                and u.knocked_out
                and ctx.content.summons[u.type_id].removed_when_knocked_out
            )
            and (
                in_range(s, ctx, actor, (u.square,), st.range, blockers)
                or (u.uid == actor.uid and st.range[0] == 0)
            )
        ]
    wall = walls(s, ctx)
    for target in targets:
        group = [target]
        if st.aoe:
            group += [
                u
                for u in allies_of(s, actor.side)
                if u is not target
                and not u.knocked_out
                and set_distance((target.square,), footprint(ctx, u), ctx.board.width) <= st.aoe
                and line_of_sight(ctx.board.geo, (target.square,), footprint(ctx, u), wall)
            ]
        if any(u.knocked_out or u.hp < u.max_hp for u in group):
            return True
    return False


def condition_idle(s: State, ctx: Ctx, actor: Unit, st: ConditionStep) -> str:
    if st.range[1] == 0:
        return ALREADY[st.condition] if st.condition in actor.conditions else ""
    pool = allies_of(s, actor.side) if st.on == "ally" else enemies_of(s, actor.side)
    blockers = sight_blockers(s, ctx, actor.side)
    reach = [
        u
        for u in pool
        if not u.knocked_out
        and "invisible" not in u.conditions
        and in_range(s, ctx, actor, footprint(ctx, u), st.range, blockers)
    ]
    if not reach:
        return N_("no target in range")
    if all(st.condition in u.conditions for u in reach):
        return ALL_ALREADY[st.condition]
    return ""


def summon_idle(s: State, ctx: Ctx, actor: Unit, st: SummonStep) -> str:
    summon = ctx.content.summons[st.summon]
    mine = [u for u in s.units.values() if u.type_id == st.summon and u.owner == actor.owner]
    if len(mine) >= summon.limit:
        return N_("the summon limit is reached")
    occ = occupied(s, ctx) | walls(s, ctx)
    w, h = ctx.board.width, ctx.board.height
    for dx, dy in ALL_DIRECTIONS:
        n = step(actor.square, dx, dy, w, h)
        if n is not None and not (1 << n) & occ:
            return ""
    return N_("no free square to summon on")
