"""Boss turns: the boss deck, who activates, and the default enemy behaviour.

A boss turn is an `EnemyTurn` record that walks the revealed card's activations
enemy by enemy and step by step, so that it can stop for the players' decisions
(ties between heroes, crowded spawn squares, Response cards) and resume.
"""

from __future__ import annotations

from towerplay.tactics.cards import ask, move_unit
from towerplay.tactics.effects import (
    attack_total,
    draw_direction,
    footprint,
    heal,
    hit,
    in_range,
    log,
    obstacles,
    occupied,
    roll,
    shuffle,
    sight_blockers,
    walls,
)
from towerplay.tactics.grid import (
    ALL_DIRECTIONS,
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
    within,
)
from towerplay.tactics.models import (
    Activation,
    BossDeck,
    EAttack,
    EHarpoon,
    EHeal,
    EMove,
    EnemyStep,
    ERandomAttack,
    ERandomMove,
    ESpawn,
    EWall,
)
from towerplay.tactics.state import Ctx, Decision, EnemyTurn, State, Unit


def start_boss_turn(s: State, ctx: Ctx) -> None:
    """Reveal the top boss card, reshuffling the discard when the deck is empty (AT-BOSS-1)."""
    if not s.boss_deck:
        s.boss_deck = s.boss_discard
        s.boss_discard = []
        shuffle(s, s.boss_deck)
        log(s, "the boss deck is reshuffled")
    idx = s.boss_deck.pop()
    s.boss_discard.append(idx)
    s.enemy_turn = EnemyTurn(idx)
    log(s, f"boss card: {deck(ctx).cards[idx].name}")


def deck(ctx: Ctx) -> BossDeck:
    return ctx.content.boss_decks[ctx.enc.boss_deck]


def who(s: State, ctx: Ctx, act: Activation) -> list[str]:
    """Only the characters the card names act (AT-BOSS-1)."""
    out = []
    for u in s.units.values():
        if u.side != "enemy":
            continue
        if (
            act.who == "all"
            or (act.who == "boss" and u.kind == "boss")
            or (act.who == "minions" and u.kind == "minion")
            or act.who == u.type_id
        ):
            out.append(u.uid)
    return out


def continue_boss_turn(s: State, ctx: Ctx) -> None:
    et = s.enemy_turn
    while et is not None and not s.pending and not s.outcome:
        card = deck(ctx).cards[et.card]
        if not et.started:
            if et.activation >= len(card.activations):
                s.enemy_turn = None
                return
            et.queue = who(s, ctx, card.activations[et.activation])
            et.started, et.step, et.focus = True, 0, ""
        if not et.queue:
            et.activation += 1
            et.started = False
            continue
        u = s.units.get(et.queue[0])
        steps = card.activations[et.activation].steps
        if u is None or et.step >= len(steps):
            et.queue.pop(0)
            et.step, et.focus, et.attack = 0, "", {}
            continue
        if et.step == 0 and not et.focus and "stunned" in u.conditions and u.kind == "minion":
            u.conditions.remove("stunned")  # a stunned minion skips this activation (AT-COND-3)
            log(s, f"{u.uid} is stunned and does not act")
            et.queue.pop(0)
            continue
        if run_step(s, ctx, et, u, steps[et.step]):
            return
        et.step += 1
        et.attack = {}


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
    return "shapeless_void" in ctx.content.enemies[u.type_id].passives  # AT-BOSS-2


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
        f"{u.uid}: the heroes tie for closest; choose whom it goes for",
        choices,
        "AT-BOSS-3",
        unit=u.uid,
    )
    return True


# --- steps ---------------------------------------------------------------------------


def run_step(s: State, ctx: Ctx, et: EnemyTurn, u: Unit, st: EnemyStep) -> bool:
    """Do one step of one enemy; True if it waits for a decision."""
    if isinstance(st, EMove):
        points = u.movement + st.extra
        levels = None  # without a search here, move_toward searches only as far as it moves
        if not et.focus:
            pool = targets(s, ctx, u)
            if len(pool) > 1:
                # one search serves both whom to go for and where to stop
                levels = approach_costs(s, ctx, u, pool, points)
            if choose_focus(s, ctx, et, u, pool, levels):
                return True
        if et.focus in s.units:
            move_toward(s, ctx, u, s.units[et.focus], points, levels)
        return False
    if isinstance(st, EAttack):
        return enemy_attack(s, ctx, et, u, st)
    if isinstance(st, EHarpoon):
        harpoon(s, ctx, et, u, st)
        return False
    if isinstance(st, ESpawn):
        return spawn(s, ctx, u, st)
    if isinstance(st, EWall):
        spawn_wall(s, ctx, u, st.wall)
        return False
    if isinstance(st, EHeal):
        heal(s, ctx, u, st.amount)
        return False
    if isinstance(st, ERandomAttack):
        return random_attack(s, ctx, et, u, st)
    random_move(s, ctx, u, st)
    return False


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


def enemy_attack(s: State, ctx: Ctx, et: EnemyTurn, u: Unit, st: EAttack) -> bool:
    """The basic attack (or the card's named one) on the hero it moved toward."""
    if not et.attack:
        band = st.range if st.range is not None else u.attack_range
        dice = st.dice or u.attack_dice
        if st.aoe and band[1] == 0:
            center: tuple[Square, ...] = footprint(ctx, u)  # around itself, all its squares
        else:
            if not et.focus:
                blockers = sight_blockers(s, ctx, u.side)
                in_reach = [
                    t
                    for t in targets(s, ctx, u)
                    if in_range(s, ctx, u, footprint(ctx, t), band, blockers)
                ]
                if choose_focus(s, ctx, et, u, in_reach):
                    return True
            focus = s.units.get(et.focus)
            if (
                focus is None
                or focus.knocked_out
                or "invisible" in focus.conditions
                or not in_range(s, ctx, u, footprint(ctx, focus), band)
            ):
                return False
            center = (focus.square,)
        if st.aoe:
            wall = walls(s, ctx)
            area = {q for c in center for q in within(c, st.aoe, ctx.board.width, ctx.board.height)}
            hit_list = [
                t.uid
                for t in s.units.values()
                if t.side == "hero"
                and not t.knocked_out
                and area & set(footprint(ctx, t))
                and line_of_sight(ctx.board.geo, center, footprint(ctx, t), wall)
            ]
        else:
            hit_list = [et.focus]
        rolled = roll(s, ctx, dice)  # one roll for every target (AT-AOE-3)
        et.attack = {
            "targets": hit_list,
            "amount": attack_total(ctx, u, rolled, u.attack_bonus),
            "conditions": list(st.conditions),
            "asked": [],
            "reduce": 0,
            "ignore": False,
            "name": st.name or "attacks",
        }
    return resolve_enemy_attack(s, ctx, et, u)


def responders(s: State, ctx: Ctx, target: Unit, asked: list[int]) -> list[tuple[int, list[str]]]:
    """Heroes who may play a Response to this attack: from hand or the board (AT-KEY-3)."""
    out = []
    responses = ctx.responses
    for hero in s.heroes:
        me = s.units[hero.uid]
        if hero.seat in asked or me.knocked_out:
            continue
        held = [c for c in hero.hand if c in responses] + [
            c for c in hero.board.values() if c in responses
        ]
        if not held:
            continue
        cards = []
        for cid in held:
            resp = ctx.content.cards[cid].response
            if resp is None or cid in cards:
                continue
            if (resp.range == 0 and me.uid == target.uid) or (
                resp.range > 0
                and set_distance(footprint(ctx, me), footprint(ctx, target), ctx.board.width)
                <= resp.range
            ):
                cards.append(cid)
        if cards:
            out.append((hero.seat, sorted(cards)))
    return out


def resolve_enemy_attack(s: State, ctx: Ctx, et: EnemyTurn, u: Unit) -> bool:
    a = et.attack
    while a["targets"] and not s.outcome:
        target = s.units.get(a["targets"][0])
        if target is None or target.knocked_out:
            a["targets"].pop(0)
            continue
        if not a.get("responded"):
            options = responders(s, ctx, target, a["asked"])
            if options:
                seat, cards = options[0]
                choices = [["respond", c] for c in cards] + [["decline"]]
                ask(
                    s,
                    "response",
                    seat,
                    f"{u.uid} {a['name']} {target.uid} for {a['amount']}: respond?",
                    choices,
                    "AT-KEY-3",
                    unit=target.uid,
                )
                return True
        hit(
            s,
            ctx,
            u,
            target,
            a["amount"],
            tuple(a["conditions"]),
            a["reduce"],
            a["ignore"],
            a["name"],
        )
        a["targets"].pop(0)
        a["asked"], a["reduce"], a["ignore"], a["responded"] = [], 0, False, False
    return False


def answer_response(s: State, ctx: Ctx, d: Decision, tokens: tuple[str, ...]) -> None:
    et = s.enemy_turn
    assert et is not None
    a = et.attack
    if tokens[0] == "decline":
        a["asked"].append(d.seat)
        return
    hero = s.heroes[d.seat]
    cid = tokens[1]
    if cid in hero.hand:
        hero.hand.remove(cid)
    else:
        slot = next(k for k, v in hero.board.items() if v == cid)
        hero.board[slot] = None
    card = ctx.content.cards[cid]
    (hero.set_aside if card.remove else hero.discard).append(cid)
    assert card.response is not None
    a["reduce"] += card.response.reduce
    a["ignore"] = a["ignore"] or card.response.ignore
    a["responded"] = True  # only one Response per event (AT-KEY-3)
    log(s, f"{hero.uid} responds with {card.name}")


def harpoon(s: State, ctx: Ctx, et: EnemyTurn, u: Unit, st: EHarpoon) -> None:
    """Pawl's Harpoon: the target is moved to the closest square adjacent to Pawl (AT-BOSS-5)."""
    blockers = sight_blockers(s, ctx, u.side)
    pool = [
        t for t in targets(s, ctx, u) if in_range(s, ctx, u, footprint(ctx, t), st.range, blockers)
    ]
    if not pool:
        return
    pool.sort(
        key=lambda t: (
            set_distance(footprint(ctx, u), footprint(ctx, t), ctx.board.width),
            t.square,
        )
    )
    target = pool[0]
    occ = occupied(s, ctx, target.uid) | walls(s, ctx)
    w, h = ctx.board.width, ctx.board.height
    around = set()
    for f in footprint(ctx, u):
        for dx, dy in ALL_DIRECTIONS:
            n = step(f, dx, dy, w, h)
            if n is not None and not (1 << n) & occ:
                around.add(n)
    if not around:
        return
    ty, tx = divmod(target.square, w)
    dest = min(
        around,
        key=lambda sq: (distance(sq, target.square, w), abs(sq // w - ty) + abs(sq % w - tx), sq),
    )
    log(s, f"{u.uid} harpoons {target.uid} to {ctx.board.name(dest)}")
    target.square = dest
    et.focus = target.uid


def spawn_uid(s: State, ctx: Ctx, enemy: str) -> str:
    prefix = "".join(w[0] for w in enemy.split("_"))
    for p in ctx.enc.placements:
        if p.enemy == enemy:
            prefix = p.id.lower().rstrip("0123456789")
            break
    n = 1
    while f"{prefix}{n}" in s.units or s.spawned.get(f"{prefix}{n}"):
        n += 1
    s.spawned[f"{prefix}{n}"] = 1
    return f"{prefix}{n}"


def spawn(s: State, ctx: Ctx, u: Unit, st: ESpawn) -> bool:
    """Spawn minions within the scenario's limit (AT-SPAWN-2); a taken square
    makes the players pick a free adjacent one."""
    limit = ctx.enc.minion_limits.get(st.enemy)
    w, h = ctx.board.width, ctx.board.height
    for _ in range(st.count):
        in_play = [x for x in s.units.values() if x.type_id == st.enemy]
        if limit is not None and len(in_play) >= limit:
            if st.at_limit == "none":
                log(s, f"no more {st.enemy} may spawn (limit {limit})")
                return False
            del s.units[in_play[0].uid]  # the oldest makes way for the new one
            log(s, f"{in_play[0].uid} is replaced")
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
                f"a {st.enemy} spawns on a taken square; choose an adjacent one",
                choices,
                "AT-SPAWN-2",
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
    s.units[uid] = enemy_unit(ctx, uid, enemy, s.heroes_count, sq)
    log(s, f"{uid} spawns at {ctx.board.name(sq)}")


def enemy_unit(ctx: Ctx, uid: str, enemy: str, heroes: int, sq: Square) -> Unit:
    """An enemy at full health with its stats for this many heroes (AT-SETUP-5)."""
    e = ctx.content.enemies[enemy]
    stats = e.stats[heroes]
    return Unit(
        uid,
        "enemy",
        e.role,
        enemy,
        stats.hp,
        stats.hp,
        sq,
        large=e.large,
        start=sq,
        movement=stats.movement,
        attack_dice=stats.attack_dice,
        attack_range=stats.attack_range,
        attack_bonus=stats.attack_bonus,
    )


def spawn_wall(s: State, ctx: Ctx, u: Unit, wall_type: str) -> None:
    """A wall starts on a square touching the boss's side and runs up-down or
    left-right; the oldest of the type goes at its limit (AT-SPAWN-1)."""
    wt = ctx.content.walls[wall_type]
    w, h = ctx.board.width, ctx.board.height
    pool = targets(s, ctx, u)
    near = closest(s, ctx, u, pool)
    uy, ux = divmod(u.square, w)
    if near:
        ty, tx = divmod(near[0].square, w)
        dx, dy = tx - ux, ty - uy
        side = ((1 if dx > 0 else -1), 0) if abs(dx) >= abs(dy) else (0, (1 if dy > 0 else -1))
    else:
        side = (0, 1)
    start = step(u.square, side[0], side[1], w, h)
    if start is None:
        return
    along = (0, 1) if side[1] == 0 else (1, 0)  # alongside the boss, never diagonal
    occ = occupied(s, ctx)
    squares: list[Square] = []
    for k in range(-(wt.length // 2), wt.length - wt.length // 2):
        sq = step(start, along[0] * k, along[1] * k, w, h)
        if sq is not None and not (1 << sq) & (occ | ctx.board.walls):
            squares.append(sq)
    if not squares:
        return
    same = [i for i, (t, _) in enumerate(s.walls) if t == wall_type]
    if wt.limit is not None and len(same) >= wt.limit:
        s.walls.pop(same[0])
        log(s, f"the oldest {wt.name} is removed")
    s.walls.append((wall_type, tuple(squares)))
    log(s, f"{u.uid} raises a {wt.name} on {' '.join(ctx.board.name(q) for q in squares)}")


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


def random_attack(s: State, ctx: Ctx, et: EnemyTurn, u: Unit, st: ERandomAttack) -> bool:
    """An attack in a random direction: the first hero along the drawn line (AT-BOSS-4)."""
    spec = EAttack(
        op="attack",
        name=st.name or "swings at",
        dice=st.dice,
        range=st.range,
        conditions=st.conditions,
    )
    if et.attack:  # resuming after the players answered a Response
        return enemy_attack(s, ctx, et, u, spec)
    dx, dy = draw_direction(s, ctx)
    w, h = ctx.board.width, ctx.board.height
    wall = walls(s, ctx)
    found: Unit | None = None
    for k in range(1, st.range[1] + 1):
        for f in footprint(ctx, u):
            sq = step(f, dx * k, dy * k, w, h)
            if sq is None or sq in footprint(ctx, u) or (1 << sq) & wall:
                continue
            t = next(
                (
                    x
                    for x in s.units.values()
                    if x.side == "hero" and not x.knocked_out and sq in footprint(ctx, x)
                ),
                None,
            )
            if t is not None:
                found = t
                break
        if found is not None:
            break
    if found is None or "invisible" in found.conditions:
        log(s, f"{u.uid} {spec.name} empty air")
        return False
    et.focus = found.uid
    return enemy_attack(s, ctx, et, u, spec)


def answer_enemy(s: State, ctx: Ctx, d: Decision, tokens: tuple[str, ...]) -> None:
    et = s.enemy_turn
    assert et is not None
    if d.kind == "focus":
        sq = ctx.board.square(tokens[1])
        et.focus = next(
            u.uid
            for u in s.units.values()
            if u.side == "hero" and not u.knocked_out and u.square == sq
        )
    elif d.kind == "spawn":
        sq = ctx.board.square(tokens[1])
        assert sq is not None
        place_minion(s, ctx, d.data["enemy"], sq)
        et.step += 1  # the remaining spawns of this step are forgone
    elif d.kind == "response":
        answer_response(s, ctx, d, tokens)
