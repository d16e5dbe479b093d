"""Enemy movement: whom an enemy goes for and where it stops.

The default behaviour (AT-BOSS-3) goes for the closest hero by movement points and
stops once it is in range and sight; a large boss shrinks, moves and expands
(AT-MOVE-5); a random move follows the direction deck (AT-BOSS-4).
"""

from __future__ import annotations

from towerplay.tactics.decks import draw_direction
from towerplay.tactics.effects import ask, move_unit
from towerplay.tactics.grid import (
    INFINITE,
    ORTHOGONAL,
    Mask,
    Square,
    costs_of,
    distance,
    in_order,
    line_of_sight,
    mask_of,
    move_levels,
    neighbour_masks,
    path_distances,
    path_levels,
    set_distance,
    step,
)
from towerplay.tactics.models import ERandomMove
from towerplay.tactics.positions import (
    footprint,
    in_range,
    obstacles,
    occupied,
    sight_blockers,
    walls,
)
from towerplay.tactics.state import Ctx, EnemyTurn, State, Unit

# --- choosing whom to go for ---------------------------------------------------------


def targets(s: State, ctx: Ctx, u: Unit) -> list[Unit]:
    """Heroes and summons that may be targeted: not knocked out, not invisible
    (AT-KO-2, AT-COND-4); of the enemy's preferred type when there are any (AT-BOSS-3)."""
    pool = [
        t
        for t in s.units.values()
        if t.side == "hero" and not t.knocked_out and "invisible" not in t.conditions
    ]
    prefers = ctx.content.enemies[u.type_id].prefers
    if prefers:
        preferred = [t for t in pool if t.type_id == prefers]
        if preferred:
            return preferred
    return pool


def passes_through(ctx: Ctx, u: Unit) -> bool:
    # an ongoing passive, read at every move of the enemy that has it (AT-BOSS-2, AT-BOSS-6)
    return "shapeless_void" in ctx.content.enemies[u.type_id].passives


def costs_from(
    s: State, ctx: Ctx, u: Unit, budget: int, until: int = 0, at_least: int = 0
) -> dict[Square, int]:
    """Movement costs from the enemy (a large boss counts from whichever of its
    squares is cheapest, AT-MOVE-5)."""
    return costs_of(levels_from(s, ctx, u, budget, until, at_least))


def levels_from(
    s: State, ctx: Ctx, u: Unit, budget: int, until: int = 0, at_least: int = 0
) -> list[Mask]:
    """`costs_from` as cost levels (element k: the squares costing exactly k)."""
    impassable = walls(s, ctx)
    if not passes_through(ctx, u):
        impassable |= occupied(s, ctx, u.uid)
    fp = footprint(ctx, u)
    return move_levels(
        fp,
        ctx.board.width,
        ctx.board.height,
        budget,
        impassable,
        obstacles(s, ctx),
        until,
        at_least,
    )


def approach_costs(s: State, ctx: Ctx, u: Unit, pool: list[Unit], points: int) -> list[Mask]:
    """One search serving both whom to go for and where to stop: cost levels exact
    up to `points` + 1 and far enough to reach the nearest hero."""
    w, h = ctx.board.width, ctx.board.height
    around = neighbour_masks(w, h)
    approach = 0  # squares from which a hero is one step away: the search may stop there
    for t in pool:
        for f in footprint(ctx, t):
            approach |= around[f]
    return levels_from(s, ctx, u, 2 * w * h, approach, points + 1)


def closest(
    s: State, ctx: Ctx, u: Unit, pool: list[Unit], levels: list[Mask] | None = None
) -> list[Unit]:
    """The heroes fewest movement points away (counting squares as usual, AT-BOSS-3)."""
    if len(pool) <= 1:
        return list(pool)
    far = 2 * ctx.board.width * ctx.board.height
    w, h = ctx.board.width, ctx.board.height
    if levels is None:
        levels = approach_costs(s, ctx, u, pool, 0)
    around = neighbour_masks(w, h)
    mine = footprint(ctx, u)
    geo = ctx.board.geo
    next_to_me = 0  # the squares adjacent to the enemy, diagonals included (AT-RANGE-4)
    for m in mine:
        next_to_me |= geo.around(m, 1)

    def reach(t: Unit) -> int:
        # 0 when adjacent; else one more than the cheapest square next to the hero
        steps = 0
        for f in footprint(ctx, t):
            if (next_to_me >> f) & 1:
                return 0
            steps |= around[f]
        for cost, level in enumerate(levels):
            if level & steps:
                return cost + 1
        return far + set_distance(mine, footprint(ctx, t), w)

    scored = [(reach(t), t) for t in pool]
    low = min(d for d, _ in scored)
    return [t for d, t in scored if d == low]


def earliest_seat(s: State) -> int:
    """Who speaks for the party: the players decide, and if they disagree the hero
    earliest in initiative does (AT-BOSS-3; also AT-INIT-2, AT-INIT-3)."""
    for uid in s.initiative:
        for hero in s.heroes:
            if hero.uid == uid:
                return hero.seat
    return 0


def choose_focus(
    s: State, ctx: Ctx, et: EnemyTurn, u: Unit, pool: list[Unit], levels: list[Mask] | None = None
) -> bool:
    """Set `et.focus`; True if the players must break a tie first."""
    near = closest(s, ctx, u, pool, levels)
    if not near:
        return False
    if len(near) == 1:
        et.focus = near[0].uid
        return False
    choices = sorted(["focus", ctx.board.name(t.square)] for t in near)
    ask(
        s,
        "focus",
        earliest_seat(s),
        "{unit}: the heroes tie for closest; choose whom it goes for",
        choices,
        "AT-BOSS-3",
        say={"unit": u.uid},
        unit=u.uid,
    )
    return True


# --- where it stops ------------------------------------------------------------------


def placements(
    s: State, ctx: Ctx, u: Unit, points: int, levels: list[Mask] | None = None
) -> dict[Square, int]:
    """Anchor squares `u` may end its move on, with their cost.

    A large boss shrinks to one of its squares, moves, and must expand over the end
    square without walls or characters; an obstacle under the end square costs
    nothing extra (AT-MOVE-5, AT-MOVE-3).

    `levels` are cost levels exact up to `points` + 1 at least.
    """
    w, h = ctx.board.width, ctx.board.height
    if "slowed" in u.conditions:
        points = min(points, 1)  # AT-COND-1
    others = occupied(s, ctx, u.uid)
    if levels is None:
        levels = levels_from(s, ctx, u, points + 1)
    if not u.large:
        return costs_of(levels[: points + 1], ~others)
    # an end square costs at most points and an obstacle's step-in cost uses a
    # neighbour at most points - 1: levels beyond points + 1 never matter
    costs = costs_of(levels[: points + 2])
    blocked = others | walls(s, ctx)
    obst = obstacles(s, ctx)
    end_cost: dict[Square, int] = {}
    for sq, c in costs.items():
        if (1 << sq) & obst:
            # placed on top of an obstacle: only the step into it, at 1 point
            prev = [
                costs[n] + 1
                for dx, dy in ORTHOGONAL
                if (n := step(sq, dx, dy, w, h)) is not None and n in costs and n != sq
            ]
            c = min([c, *prev]) if sq not in footprint(ctx, u) else 0
        if c <= points:
            end_cost[sq] = c
    out: dict[Square, int] = {}
    for sq, c in end_cost.items():
        y, x = divmod(sq, w)
        for ax in (x - 1, x):
            for ay in (y - 1, y):
                if not (0 <= ax < w - 1 and 0 <= ay < h - 1):
                    continue
                a = ay * w + ax
                fp = (a, a + 1, a + w, a + w + 1)
                if any((1 << f) & blocked for f in fp):
                    continue
                if c < out.get(a, INFINITE):
                    out[a] = c
    return out


def footprint_at(anchor: Square, large: bool, width: int) -> tuple[Square, ...]:
    return (anchor, anchor + 1, anchor + width, anchor + width + 1) if large else (anchor,)


def move_toward(
    s: State, ctx: Ctx, u: Unit, focus: Unit, points: int, levels: list[Mask] | None = None
) -> None:
    """Move toward the focus, stopping once in range (AT-BOSS-3).

    If some reachable square puts the focus in range and sight, the cheapest one is
    taken (then the nearest, then the lowest); otherwise the square that leaves the
    fewest movement points to the focus, if that is fewer than from where it stands.
    """
    target = footprint(ctx, focus)
    # the enemy's own squares move with it: sight is checked without them
    blockers = sight_blockers(s, ctx, u.side) & ~mask_of(footprint(ctx, u))
    if in_range(s, ctx, u, target, u.attack_range, blockers):
        return
    if u.large or len(target) > 1:
        best = _destination(s, ctx, u, focus, target, points, levels, blockers)
    else:
        best = _destination_one_square(s, ctx, u, target[0], points, levels, blockers)
    if best >= 0 and best != u.square:
        move_unit(s, ctx, u, best)


def _destination(
    s: State,
    ctx: Ctx,
    u: Unit,
    focus: Unit,
    target: tuple[Square, ...],
    points: int,
    levels: list[Mask] | None,
    blockers: Mask,
) -> Square:
    """`move_toward`'s choice of anchor square for any footprints; -1: stay."""
    options = placements(s, ctx, u, points, levels)
    if not options:
        return -1
    w = ctx.board.width
    lo, hi = u.attack_range
    ranked = []
    for a, c in options.items():
        d = set_distance(footprint_at(a, u.large, w), target, w)
        if lo <= d <= hi:
            ranked.append((c, d, a))
    ranked.sort()  # candidates in order, sight checked until one has it
    for _, d, a in ranked:
        if d == 0 or line_of_sight(ctx.board.geo, footprint_at(a, u.large, w), target, blockers):
            return a
    impassable = walls(s, ctx)
    if not passes_through(ctx, u):
        impassable |= occupied(s, ctx, u.uid) & ~mask_of(target)
    start = u.square
    needed = mask_of(f for a in (*options, start) for f in footprint_at(a, u.large, w))
    to_focus = path_distances(
        focus.square, w, ctx.board.height, impassable, obstacles(s, ctx), needed
    )

    def remaining(a: Square) -> int:
        # movement points left to the focus; unreachable squares sort after, by distance
        left = INFINITE * 2
        for f in footprint_at(a, u.large, w):
            c = to_focus.get(f)
            if c is None:
                c = INFINITE + distance(f, focus.square, w)
            if c < left:
                left = c
        return left

    best = min(options, key=lambda a: (remaining(a), options[a], a))
    return -1 if remaining(best) >= remaining(start) else best


def _destination_one_square(
    s: State,
    ctx: Ctx,
    u: Unit,
    goal: Square,
    points: int,
    levels: list[Mask] | None,
    blockers: Mask,
) -> Square:
    """`_destination` for a one-square enemy going for a one-square focus, on masks:
    the same choice, without building the options."""
    w = ctx.board.width
    if "slowed" in u.conditions:
        points = min(points, 1)  # AT-COND-1
    others = occupied(s, ctx, u.uid)
    if levels is None:
        levels = levels_from(s, ctx, u, points + 1)
    steps = levels[: points + 1]
    where = 0
    for m in steps:
        where |= m
    where &= ~others  # where it may end its move (its own square included, at cost 0)
    if not where:
        return -1

    def cost(a: Square) -> int:
        for k, m in enumerate(steps):
            if (m >> a) & 1:
                return k
        return INFINITE

    lo, hi = u.attack_range
    geo = ctx.board.geo
    ring = geo.around(goal, hi) & ~geo.around(goal, lo - 1)  # the band's squares around the focus
    ranked = sorted((cost(a), distance(a, goal, w), a) for a in in_order(where & ring))
    for _, d, a in ranked:
        if d == 0 or line_of_sight(geo, (a,), (goal,), blockers):
            return a
    impassable = walls(s, ctx)
    if not passes_through(ctx, u):
        impassable |= others & ~(1 << goal)
    to_goal = path_levels(
        goal, w, ctx.board.height, impassable, obstacles(s, ctx), where | (1 << u.square)
    )
    best, best_left = -1, INFINITE
    for k, level in enumerate(to_goal):
        level &= where
        if level:  # the fewest points from the focus; then the cheapest, then the lowest
            best = min(in_order(level), key=lambda a: (cost(a), a))
            best_left = k
            break
    if best < 0:  # the focus cannot be reached from anywhere: by distance
        best = min(in_order(where), key=lambda a: (distance(a, goal, w), cost(a), a))
        best_left = INFINITE + distance(best, goal, w)
    start_left = INFINITE + distance(u.square, goal, w)
    for k, level in enumerate(to_goal):
        if (level >> u.square) & 1:
            start_left = k
            break
    return -1 if best_left >= start_left else best


# --- moving at random ----------------------------------------------------------------


def random_move(s: State, ctx: Ctx, u: Unit, st: ERandomMove) -> None:
    """Move straight in the drawn direction, as far as the points allow (AT-BOSS-4)."""
    dx, dy = draw_direction(s, ctx)
    w, h = ctx.board.width, ctx.board.height
    points = min(st.points, 1) if "slowed" in u.conditions else st.points
    blocked = walls(s, ctx) | occupied(s, ctx, u.uid)
    obst = obstacles(s, ctx)
    sq = u.square
    size = 2 if u.large else 1
    while points > 0:
        n = step(sq, dx, dy, w, h)
        if n is None or n % w > w - size or n // w > h - size:
            break  # the whole base must stay on the board
        fp = [n + ox + oy * w for ox in range(size) for oy in range(size)]
        if any((1 << f) & blocked for f in fp):
            break
        cost = 2 if any((1 << f) & obst for f in fp if f not in footprint(ctx, u)) else 1
        if cost > points:
            break
        points -= cost
        sq = n
    if sq != u.square:
        move_unit(s, ctx, u, sq)
