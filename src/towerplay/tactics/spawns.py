"""Enemies that appear during play: spawned minions within the encounter's limits
(AT-SPAWN-2), walls raised by the boss (AT-SPAWN-1), and the enemy-unit builder
that setup uses as well (AT-SETUP-5).
"""

from __future__ import annotations

from towerplay.tactics.effects import ask, log
from towerplay.tactics.enemy_moves import closest, earliest_seat, targets
from towerplay.tactics.grid import ALL_DIRECTIONS, Square, step
from towerplay.tactics.models import ESpawn
from towerplay.tactics.positions import footprint, occupied, walls
from towerplay.tactics.scaling import attack_plus, for_heroes, scaled_hp
from towerplay.tactics.state import Ctx, State, Unit


def spawn_uid(s: State, ctx: Ctx, enemy: str) -> str:
    """A new minion's identifier: its type's prefix and the first number no enemy of this
    encounter has had - in play, spawned before (`s.spawned`, kept in the save) or placed
    at setup, though defeated or replaced since (AT-SPAWN-3). Setup's ids come from the
    content, so a save of an older version gets fresh ids too."""
    prefix = "".join(w[0] for w in enemy.split("_"))
    for p in ctx.enc.placements:
        if p.enemy == enemy:
            prefix = p.id.lower().rstrip("0123456789")
            break
    placed = {p.id.lower() for p in ctx.enc.placements if s.heroes_count in p.heroes}
    n = 1
    while (uid := f"{prefix}{n}") in s.units or s.spawned.get(uid) or uid in placed:
        n += 1
    s.spawned[uid] = 1
    return uid


def spawn(s: State, ctx: Ctx, u: Unit, st: ESpawn) -> bool:
    """Spawn minions within the scenario's limit (AT-SPAWN-2); a taken square
    makes the players pick a free adjacent one."""
    limit = ctx.enc.minion_limits.get(st.enemy)
    name = ctx.content.enemies[st.enemy].name
    w, h = ctx.board.width, ctx.board.height
    for _ in range(st.count):
        in_play = [x for x in s.units.values() if x.type_id == st.enemy]
        if limit is not None and len(in_play) >= limit:
            # at the limit the effect says: prevent the new minion, or replace one (AT-SPAWN-2)
            if st.at_limit == "none":
                log(s, "text", "no more {enemy} may spawn (limit {limit})", enemy=name, limit=limit)
                return False
            del s.units[in_play[0].uid]  # the oldest makes way for the new one
            log(
                s,
                "defeat",
                "{unit} leaves play to make way for a new {enemy} (limit {limit})",
                unit=in_play[0].uid,
                enemy=name,
                limit=limit,
            )
        occ = occupied(s, ctx) | walls(s, ctx)
        if st.where == "spawn_points" and ctx.board.spawn_points:
            free = [p for p in ctx.board.spawn_points if not (1 << p) & occ]
            if free:
                place_minion(s, ctx, st.enemy, free[0])
                continue
            origin = ctx.board.spawn_points[0]
            choices = sorted(
                ["spawn", ctx.board.name(n)]
                for dx, dy in ALL_DIRECTIONS
                if (n := step(origin, dx, dy, w, h)) is not None and not (1 << n) & occ
            )
            if not choices:
                return False
            ask(
                s,
                "spawn",
                earliest_seat(s),
                "a {enemy} spawns on a taken square; choose an adjacent one",
                choices,
                "AT-SPAWN-2",
                say={"enemy": st.enemy},
                enemy=st.enemy,
            )
            return True
        anchor = u
        if st.where == "near_hero":
            near = closest(s, ctx, u, targets(s, ctx, u))
            anchor = near[0] if near else u
        spot = None
        for f in footprint(ctx, anchor):
            for dx, dy in ALL_DIRECTIONS:
                n = step(f, dx, dy, w, h)
                if n is not None and not (1 << n) & occ:
                    spot = n
                    break
            if spot is not None:
                break
        if spot is None:
            return False
        place_minion(s, ctx, st.enemy, spot)
    return False


def place_minion(s: State, ctx: Ctx, enemy: str, sq: Square) -> None:
    uid = spawn_uid(s, ctx, enemy)
    u = s.units[uid] = enemy_unit(ctx, uid, enemy, s.heroes_count, sq)
    log(
        s,
        "spawn",
        "{unit} ({enemy}, {hp} HP) spawns at {square}",
        unit=uid,
        enemy=ctx.content.enemies[enemy].name,
        hp=u.hp,
        square=ctx.board.name(sq),
    )


def enemy_unit(ctx: Ctx, uid: str, enemy: str, heroes: int, sq: Square) -> Unit:
    """An enemy at full health with its stats for this many heroes (AT-SETUP-5), grown
    with the campaign party's level by the encounter's scaling (AT-CAMP-6)."""
    e = ctx.content.enemies[enemy]
    stats = e.stats[heroes]
    sc = for_heroes(ctx.enc.scaling, heroes)
    hp = scaled_hp(stats, e.role, sc, ctx.party_level)
    return Unit(
        uid,
        "enemy",
        e.role,
        enemy,
        hp,
        hp,
        sq,
        large=e.large,
        start=sq,
        movement=stats.movement,
        attack_dice=stats.attack_dice,
        attack_range=stats.attack_range,
        attack_bonus=stats.attack_bonus + attack_plus(sc, ctx.party_level),
    )


def spawn_wall(s: State, ctx: Ctx, u: Unit, wall_type: str) -> None:
    """A wall starts on a square touching the boss's side and runs up-down or
    left-right; the oldest of the type goes at its limit (AT-SPAWN-1)."""
    wt = ctx.content.walls[wall_type]
    w, h = ctx.board.width, ctx.board.height
    pool = targets(s, ctx, u)
    near = closest(s, ctx, u, pool)
    cells = [divmod(q, w) for q in footprint(ctx, u)]  # (y, x) of every square it covers
    y0, y1 = min(y for y, _ in cells), max(y for y, _ in cells)
    x0, x1 = min(x for _, x in cells), max(x for _, x in cells)
    if near:  # the side facing the nearest hero, measured from the base's edge
        ty, tx = divmod(near[0].square, w)
        dx = tx - x1 if tx > x1 else tx - x0 if tx < x0 else 0
        dy = ty - y1 if ty > y1 else ty - y0 if ty < y0 else 0
        side = ((1 if dx > 0 else -1), 0) if abs(dx) >= abs(dy) else (0, (1 if dy > 0 else -1))
    else:
        side = (0, 1)
    along = (0, 1) if side[1] == 0 else (1, 0)  # alongside the boss, never diagonal
    # the first square beside that side: a large boss's wall touches its base, never in it
    corner_x = x1 if side[0] > 0 else x0
    corner_y = y1 if side[1] > 0 else y0
    start = step(corner_y * w + corner_x, side[0], side[1], w, h)
    if start is None:
        return
    if u.large:  # along the whole side (which it covers from its first square), centred
        n = (y1 - y0 + 1) if side[1] == 0 else (x1 - x0 + 1)
        first = -((wt.length - n) // 2) if wt.length > n else 0
        ks = range(first, first + wt.length)
    else:
        ks = range(-(wt.length // 2), wt.length - wt.length // 2)
    occ = occupied(s, ctx)
    squares: list[Square] = []
    for k in ks:
        sq = step(start, along[0] * k, along[1] * k, w, h)
        if sq is not None and not (1 << sq) & (occ | ctx.board.walls):
            squares.append(sq)
    if not squares:
        return
    same = [i for i, (t, _) in enumerate(s.walls) if t == wall_type]
    if wt.limit is not None and len(same) >= wt.limit:
        s.walls.pop(same[0])
        log(s, "text", "the oldest {wall} is removed", wall=wt.name)
    s.walls.append((wall_type, tuple(squares)))
    where = " ".join(ctx.board.name(q) for q in squares)
    log(s, "spawn", "{unit} raises a {wall} on {squares}", unit=u.uid, wall=wt.name, squares=where)
