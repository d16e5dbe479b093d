"""Grid geometry: squares, distance, line of sight, movement, areas."""

from __future__ import annotations

from math import gcd

from hypothesis import given, settings
from hypothesis import strategies as st

from towerplay.tactics.grid import (
    distance,
    geometry,
    line_of_sight,
    mask_of,
    move_costs,
    parse_square,
    path_distances,
    set_distance,
    square_name,
    visible_squares,
    within,
)

W = H = 10
GEO = geometry(W, H)


def sq(name: str) -> int:
    q = parse_square(name, W, H)
    assert q is not None
    return q


def los(a: str, b: str, blockers: list[str]) -> bool:
    return line_of_sight(GEO, (sq(a),), (sq(b),), mask_of(sq(x) for x in blockers))


def test_square_names_round_trip() -> None:
    for q in range(W * H):
        assert parse_square(square_name(q, W), W, H) == q
    assert parse_square("k1", W, H) is None and parse_square("a11", W, H) is None
    assert parse_square("a0", W, H) is None and parse_square("gm3", W, H) is None


def test_AT_LOS_1_corner_to_corner_sees_past_a_single_blocker_edge() -> None:
    # a wall beside the straight line does not hide the target: another corner pair is clear
    assert los("a1", "e1", ["c2"])
    # directly in the way, every corner pair passes through the wall's inside
    assert not los("a1", "e1", ["c1"])
    # a diagonal line through a blocker's single corner is not interrupted
    assert los("a1", "c3", ["b1"])


def test_AT_LOS_2_walls_between_block_including_squeezes() -> None:
    # a solid column of walls hides everything behind it
    column = [f"e{r}" for r in range(1, 11)]
    assert not los("a5", "h5", column)
    # a line along the edge shared by two walls is blocked (no squeezing between them)
    assert not los("a5", "h5", ["e5", "e6", "e4"])
    # two walls meeting only at a corner: no slipping through the point where they touch
    assert not los("d4", "f6", ["d5", "e4", "e6", "f5", "e5"])
    assert los("a1", "a5", [])


def test_AT_LOS_3_characters_block_only_the_other_side() -> None:
    # the caller passes the squares of the *opposing* side as blockers
    enemy_between = ["c1"]
    assert not los("a1", "e1", enemy_between)
    assert los("a1", "e1", [])  # an ally on c1 is not passed as a blocker


def test_AT_RANGE_4_adjacent_squares_always_see_each_other() -> None:
    for a, b in [("d4", "e5"), ("d4", "d5"), ("d4", "c3")]:
        assert los(a, b, ["e4", "d5", "c4", "d3"])


boards = st.lists(st.integers(0, W * H - 1), max_size=25, unique=True)
points = st.integers(0, W * H - 1)


@settings(max_examples=150, deadline=None)
@given(boards, points, points)
def test_AT_LOS_2_sight_is_symmetric_with_only_walls(walls: list[int], a: int, b: int) -> None:
    m = mask_of(walls)
    assert line_of_sight(GEO, (a,), (b,), m) == line_of_sight(GEO, (b,), (a,), m)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, H - 2), st.integers(0, W - 1), st.integers(0, W - 1))
def test_AT_LOS_2_a_full_wall_row_between_always_blocks(row: int, xa: int, xb: int) -> None:
    walls = mask_of(row * W + x for x in range(W))
    a = (row - 1) * W + xa
    b = (row + 1) * W + xb
    assert not line_of_sight(GEO, (a,), (b,), walls)


@settings(max_examples=100, deadline=None)
@given(boards, points, points)
def test_AT_LOS_3_a_character_never_blocks_its_own_side(others: list[int], a: int, b: int) -> None:
    # viewer and target never block themselves: adding their own squares changes nothing
    m = mask_of(x for x in others if x not in (a, b))
    with_selves = m | (1 << a) | (1 << b)
    assert line_of_sight(GEO, (a,), (b,), m) == line_of_sight(GEO, (a,), (b,), with_selves)


@settings(max_examples=40, deadline=None)
@given(boards, points)
def test_AT_LOS_1_visible_squares_matches_pairwise_sight(walls: list[int], a: int) -> None:
    m = mask_of(w for w in walls if w != a)
    vis = visible_squares(GEO, (a,), m)
    for b in range(W * H):
        assert bool(vis >> b & 1) == line_of_sight(GEO, (a,), (b,), m)


def test_AT_MOVE_1_orthogonal_steps_only() -> None:
    costs = move_costs(sq("e5"), W, H, 1, 0, 0)
    assert {square_name(q, W) for q in costs} == {"e5", "e6", "e4", "d5", "f5"}
    costs = move_costs(sq("e5"), W, H, 2, 0, 0)
    assert costs[sq("f6")] == 2  # a diagonal square takes two steps


def test_AT_MOVE_3_obstacles_cost_two_and_need_two_points() -> None:
    obstacle = mask_of([sq("f5")])
    assert sq("f5") not in move_costs(sq("e5"), W, H, 1, 0, obstacle)
    assert move_costs(sq("e5"), W, H, 2, 0, obstacle)[sq("f5")] == 2


def test_AT_MOVE_4_walls_and_characters_are_not_entered() -> None:
    blocked = mask_of([sq("e6"), sq("e4"), sq("d5"), sq("f5")])
    assert set(move_costs(sq("e5"), W, H, 4, blocked, 0)) == {sq("e5")}


def test_AT_AOE_1_area_counts_diagonals() -> None:
    area = {square_name(q, W) for q in within(sq("e5"), 1, W, H)}
    assert area == {"d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"}
    assert len(within(sq("a1"), 1, W, H)) == 4


def reference_costs(
    starts: list[int], budget: int, blocked: set[int], heavy: set[int]
) -> dict[int, int]:
    """Plain Dijkstra, square by square: the oracle for the bit-parallel search."""
    import heapq

    costs = dict.fromkeys(starts, 0)
    queue = [(0, s) for s in starts]
    while queue:
        c, sq = heapq.heappop(queue)
        if c > costs[sq]:
            continue
        y, x = divmod(sq, W)
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nx, ny = x + dx, y + dy
            n = ny * W + nx
            if not (0 <= nx < W and 0 <= ny < H) or n in blocked:
                continue
            nc = c + (2 if n in heavy else 1)
            if nc <= budget and nc < costs.get(n, 1 << 30):
                costs[n] = nc
                heapq.heappush(queue, (nc, n))
    return costs


@settings(max_examples=150, deadline=None)
@given(
    st.lists(points, max_size=30, unique=True),
    st.lists(points, max_size=20, unique=True),
    st.lists(points, min_size=1, max_size=4, unique=True),
    st.integers(0, 30),
)
def test_AT_MOVE_1_movement_costs_match_plain_dijkstra(
    blocked: list[int], heavy: list[int], starts: list[int], budget: int
) -> None:
    b = set(blocked) - set(starts)
    got = move_costs(tuple(starts), W, H, budget, mask_of(b), mask_of(heavy))
    assert got == reference_costs(starts, budget, b, set(heavy))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(points, max_size=30, unique=True), st.lists(points, max_size=20, unique=True), points
)
def test_AT_MOVE_3_distances_to_a_goal_match_plain_dijkstra(
    blocked: list[int], heavy: list[int], goal: int
) -> None:
    b = set(blocked) - {goal}
    got = path_distances(goal, W, H, mask_of(b), mask_of(heavy))
    # walking backwards from the goal: entering a square costs that square's price
    forward = {}
    for sq in range(W * H):
        if sq in b:
            continue
        ref = reference_costs([sq], 10_000, b, set(heavy))
        if goal in ref:
            forward[sq] = ref[goal]
    assert got == forward


def reference_sight(a: tuple[int, ...], b: tuple[int, ...], blockers: set[int]) -> bool:
    """AT-LOS-1/2 square by square in plain coordinates: the oracle for the bitmask sight."""
    if set(a) & set(b):
        return True
    blk = {divmod(q, W)[::-1] for q in blockers - set(a) - set(b)}  # (x, y) of each blocker

    def corners(fp: tuple[int, ...]) -> set[tuple[int, int]]:
        return {
            (x + i, y + j) for q in fp for y, x in [divmod(q, W)] for i in (0, 1) for j in (0, 1)
        }

    def clear(p: tuple[int, int], q: tuple[int, int]) -> bool:
        (x0, y0), (x1, y1) = p, q
        dx, dy = x1 - x0, y1 - y0
        if dx == 0:  # along a vertical grid line: a blocker on either side of any edge
            return not any(
                (x0 - 1, y) in blk or (x0, y) in blk for y in range(min(y0, y1), max(y0, y1))
            )
        if dy == 0:
            return not any(
                (x, y0 - 1) in blk or (x, y0) in blk for x in range(min(x0, x1), max(x0, x1))
            )
        for sx, sy in blk:  # through the inside: the square's corners on both sides of the line
            if min(x0, x1) <= sx < max(x0, x1) and min(y0, y1) <= sy < max(y0, y1):
                sides = [
                    dx * (cy - y0) - dy * (cx - x0) for cx in (sx, sx + 1) for cy in (sy, sy + 1)
                ]
                if min(sides) < 0 < max(sides):
                    return False
        g = gcd(abs(dx), abs(dy))
        for k in range(1, g):  # through a lattice point between two diagonally touching blockers
            px, py = x0 + dx // g * k, y0 + dy // g * k
            pair = (
                ((px, py - 1), (px - 1, py))
                if (dx > 0) == (dy > 0)
                else ((px - 1, py - 1), (px, py))
            )
            if pair[0] in blk and pair[1] in blk:
                return False
        return True

    return any(clear(p, q) for p in corners(a) for q in corners(b))


footprints = st.one_of(
    points.map(lambda q: (q,)),
    st.tuples(st.integers(0, W - 2), st.integers(0, H - 2)).map(
        lambda xy: (
            xy[1] * W + xy[0],
            xy[1] * W + xy[0] + 1,
            (xy[1] + 1) * W + xy[0],
            (xy[1] + 1) * W + xy[0] + 1,
        )
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(points, max_size=40, unique=True), footprints, footprints)
def test_AT_LOS_2_sight_matches_a_square_by_square_oracle(
    blockers: list[int], a: tuple[int, ...], b: tuple[int, ...]
) -> None:
    assert line_of_sight(GEO, a, b, mask_of(blockers)) == reference_sight(a, b, set(blockers))


@settings(max_examples=40, deadline=None)
@given(st.lists(points, max_size=40, unique=True), footprints)
def test_AT_LOS_1_visible_squares_match_the_oracle(blockers: list[int], a: tuple[int, ...]) -> None:
    vis = visible_squares(GEO, a, mask_of(blockers))
    for b in range(W * H):
        assert bool(vis >> b & 1) == reference_sight(a, (b,), set(blockers)), square_name(b, W)


@settings(max_examples=60, deadline=None)
@given(points, st.integers(-1, 12))
def test_AT_RANGE_1_the_distance_masks_match_the_area_lists(center: int, radius: int) -> None:
    # `around` serves enemy ranges and adjacency; `within` the areas (AT-AOE-1)
    expected = mask_of(within(center, radius, W, H)) if radius >= 0 else 0
    assert GEO.around(center, radius) == expected
    assert expected == mask_of(q for q in range(W * H) if distance(q, center, W) <= radius)


def chebyshev(a: int, b: int) -> int:
    """The rulebook's distance, square by square: a diagonal step counts as one."""
    (ay, ax), (by, bx) = divmod(a, W), divmod(b, W)
    return max(abs(ax - bx), abs(ay - by))


@settings(max_examples=300, deadline=None)
@given(footprints, footprints)
def test_AT_RANGE_1_range_checks_measure_chebyshev_distance(
    a: tuple[int, ...], b: tuple[int, ...]
) -> None:
    # set_distance is what in_range measures; one-square footprints take its fast path
    want = min(chebyshev(x, y) for x in a for y in b)
    assert set_distance(a, b, W) == want
    assert set_distance((a[0],), (b[0],), W) == distance(a[0], b[0], W) == chebyshev(a[0], b[0])


def test_AT_RANGE_1_diagonal_steps_count_as_one() -> None:
    a1, d4, e2, d1 = (parse_square(n, W, H) for n in ("a1", "d4", "e2", "d1"))
    assert set_distance((a1,), (d4,), W) == 3  # three diagonal steps, not six
    assert set_distance((a1,), (e2,), W) == 4  # the longer leg counts
    assert set_distance((a1,), (d1,), W) == 3
