"""Squares, distance, line of sight, movement and areas of effect on a square grid.

A square is an int, `y * width + x` (python-chess style); its text is a column
letter and a row number, `a1` being the bottom-left square. Sets of squares are
Python ints used as bitmasks, so that "is anything in the way" is one `&`.

Line of sight (AT-LOS-1..3) is decided corner to corner with exact integer
geometry: a straight segment from a corner of one square to a corner of the
other is interrupted by a blocking square when it passes through its inside or
runs along one of its edges, or when it slips through the point where two
diagonally touching blocking squares meet. Touching one blocking square at a
single corner point does not interrupt it (designed: the rulebook says no more
than "interrupted by walls").
"""

from __future__ import annotations

from math import gcd
from typing import TypeAlias

Square: TypeAlias = int
Mask: TypeAlias = int

COLUMNS = "abcdefghijklmnopqrstuvwxyz"
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
ALL_DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
INFINITE = 1 << 30


def square_name(sq: Square, width: int) -> str:
    y, x = divmod(sq, width)
    return f"{COLUMNS[x]}{y + 1}"


def parse_square(text: str, width: int, height: int) -> Square | None:
    """`c5` -> square, or None when the text is not a square of this board."""
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        return None
    x = COLUMNS.index(text[0])
    y = int(text[1:]) - 1
    if not (0 <= x < width and 0 <= y < height):
        return None
    return y * width + x


def looks_like_square(text: str) -> bool:
    return len(text) >= 2 and text[0] in COLUMNS and text[1:].isdigit()


def mask_of(squares: object) -> Mask:
    m = 0
    for sq in squares:  # type: ignore[attr-defined]
        m |= 1 << sq
    return m


def distance(a: Square, b: Square, width: int) -> int:
    """Squares between two squares, diagonals counting as one (AT-RANGE-1)."""
    ay, ax = divmod(a, width)
    by, bx = divmod(b, width)
    dx = ax - bx if ax > bx else bx - ax
    dy = ay - by if ay > by else by - ay
    return dx if dx > dy else dy


def set_distance(a: tuple[Square, ...], b: tuple[Square, ...], width: int) -> int:
    """Shortest distance between two footprints (large bosses use their nearest square)."""
    if len(a) == 1 and len(b) == 1:
        ay, ax = divmod(a[0], width)
        by, bx = divmod(b[0], width)
        dx = ax - bx if ax > bx else bx - ax
        dy = ay - by if ay > by else by - ay
        return dx if dx > dy else dy  # AT-RANGE-1: a diagonal step counts as one
    return min(distance(x, y, width) for x in a for y in b)


class Geometry:
    """Blocker-independent geometry of one board size, computed lazily and shared.

    For every offset (dx, dy) between two lattice points it holds the squares whose
    inside the segment crosses and the first squares of the pairs the segment
    squeezes between (along an edge or through a corner), as masks relative to the
    starting corner and biased, with the kind of squeeze. The table is a flat list
    indexed by offset, so that the hot loops do one list lookup per segment.
    """

    __slots__ = ("width", "height", "bias", "span", "table", "_corners", "_cols", "_rows")

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.bias = (height + 2) * width + 2
        self.span = 2 * width + 1  # one table row: dx from -width to width
        self.table: list[tuple[Mask, Mask, int] | None] = [None] * (self.span * (2 * height + 1))
        self._corners = tuple(
            ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
            for y in range(height)
            for x in range(width)
        )
        every_row = sum(1 << (y * width) for y in range(height))
        # _cols[x0 * width + x1]: columns x0..x1 of every row; _rows[y0 * height + y1]: rows y0..y1
        self._cols = [
            (((1 << (x1 + 1)) - (1 << x0)) * every_row) if x0 <= x1 else 0
            for x0 in range(width)
            for x1 in range(width)
        ]
        self._rows = [
            ((1 << ((y1 + 1) * width)) - (1 << (y0 * width))) if y0 <= y1 else 0
            for y0 in range(height)
            for y1 in range(height)
        ]

    def corners(self, sq: Square) -> tuple[tuple[int, int], ...]:
        return self._corners[sq]

    def box(self, a: Square, b: Square) -> Mask:
        """The squares of the smallest rectangle holding squares `a` and `b`."""
        w = self.width
        ay, ax = divmod(a, w)
        by, bx = divmod(b, w)
        if ax > bx:
            ax, bx = bx, ax
        if ay > by:
            ay, by = by, ay
        return self._cols[ax * w + bx] & self._rows[ay * self.height + by]

    def around(self, sq: Square, radius: int) -> Mask:
        """The squares at distance <= `radius` from `sq` (none for a negative radius)."""
        if radius < 0:
            return 0
        w, h = self.width, self.height
        y, x = divmod(sq, w)
        x0, x1 = max(0, x - radius), min(w - 1, x + radius)
        y0, y1 = max(0, y - radius), min(h - 1, y + radius)
        return self._cols[x0 * w + x1] & self._rows[y0 * h + y1]

    def entry(self, dx: int, dy: int) -> tuple[Mask, Mask, int]:
        """(crossed, squeezed, kind) of an offset: see `SQUEEZE_SHIFT` for the kinds."""
        i = (dy + self.height) * self.span + dx + self.width
        found = self.table[i]
        if found is None:
            found = self._compute(dx, dy)
            self.table[i] = found
        return found

    def offset(self, dx: int, dy: int) -> tuple[Mask, Mask, int]:
        """(crossed, squeeze pairs, pair shift) relative to the starting corner, biased."""
        crossed, pairs, kind = self.entry(dx, dy)
        return crossed, pairs, self.shift(kind)

    def shift(self, kind: int) -> int:
        w = self.width
        return (0, 1, w, w - 1, w + 1)[kind]

    def _bit(self, ox: int, oy: int) -> Mask:
        return 1 << (oy * self.width + ox + self.bias)

    def _compute(self, dx: int, dy: int) -> tuple[Mask, Mask, int]:
        crossed = 0
        pairs = 0
        if dx == 0 and dy == 0:
            return 0, 0, NO_SQUEEZE
        if dx == 0:
            # runs along a vertical grid line: squeeze between left and right squares
            for oy in range(min(0, dy), max(0, dy)):
                pairs |= self._bit(-1, oy)
            return 0, pairs, ALONG_VERTICAL
        if dy == 0:
            for ox in range(min(0, dx), max(0, dx)):
                pairs |= self._bit(ox, -1)
            return 0, pairs, ALONG_HORIZONTAL
        # Inside the bounding box the line crosses a square's inside exactly when it
        # meets the open square; within the row band oy < y < oy + 1 the line's x runs
        # over the open interval between dx*oy/dy and dx*(oy+1)/dy, so the crossed
        # squares of a row are the ox with ox < hi and ox + 1 > lo.
        den = abs(dy)
        sign = 1 if dy > 0 else -1
        x_lo, x_hi = min(0, dx), max(0, dx) - 1
        for oy in range(min(0, dy), max(0, dy)):
            a, b = sign * dx * oy, sign * dx * (oy + 1)
            lo, hi = min(a, b), max(a, b)
            first = max(x_lo, lo // den)
            last = min(x_hi, -((-hi) // den) - 1)
            for ox in range(first, last + 1):
                crossed |= self._bit(ox, oy)
        g = gcd(abs(dx), abs(dy))
        same_sign = (dx > 0) == (dy > 0)
        for k in range(1, g):
            px, py = dx // g * k, dy // g * k
            if same_sign:
                pairs |= self._bit(px, py - 1)  # paired with (px - 1, py): shift w - 1
            else:
                pairs |= self._bit(px - 1, py - 1)  # paired with (px, py): shift w + 1
        return crossed, pairs, (THROUGH_RISING if same_sign else THROUGH_FALLING)


# kinds of squeeze in a Geometry entry, and the shift that pairs their squares
NO_SQUEEZE = 0
ALONG_VERTICAL = 1  # a blocking square on either side (shift 1) stops the segment
ALONG_HORIZONTAL = 2  # ... on either side (shift width)
THROUGH_RISING = 3  # between two diagonally touching blockers (shift width - 1)
THROUGH_FALLING = 4  # ... (shift width + 1)

_GEOMETRIES: dict[tuple[int, int], Geometry] = {}


def geometry(width: int, height: int) -> Geometry:
    """The shared geometry cache of a board size (pure, immutable results)."""
    g = _GEOMETRIES.get((width, height))
    if g is None:
        g = Geometry(width, height)
        _GEOMETRIES[(width, height)] = g
    return g


class Blockers:
    """A set of blocking squares seen from one lattice point (AT-LOS-2).

    The masks are shifted so that a Geometry entry of an offset from that point is
    tested with one `&`: the blockers (`near`), the blockers moved one square toward
    the start (`right`: the squares right of a vertical line, whose entry names the
    squares left of it), and the first squares of diagonally touching pairs
    (computed on first use).
    """

    __slots__ = ("geo", "x", "shift", "mask", "near", "right", "rising", "falling")

    def __init__(self, geo: Geometry, mask: Mask, x: int, y: int) -> None:
        self.geo = geo
        self.x = x
        self.shift = geo.bias - (y * geo.width + x)  # > 0: no blocker bit is lost
        self.mask = mask
        self.near = mask << self.shift
        self.right = self.near >> 1
        self.rising = -1
        self.falling = -1

    def clear(self, crossed: Mask, pairs: Mask, kind: int) -> bool:
        """Is the segment of this Geometry entry free of blockers?"""
        if crossed & self.near:
            return False
        if not pairs:
            return True
        geo = self.geo
        if kind == ALONG_VERTICAL:
            # the squares left of the line (none at the left edge) and right of it
            # (none at the right edge)
            if self.x > 0 and pairs & self.near:
                return False
            return not (self.x < geo.width and pairs & self.right)
        if kind == ALONG_HORIZONTAL:
            # the squares below the line (its entry) and above it
            return not (pairs & self.near or pairs & (self.near >> geo.width))
        if kind == THROUGH_RISING:
            if self.rising < 0:
                m = self.mask
                self.rising = (m & (m >> (geo.width - 1))) << self.shift
            return not pairs & self.rising
        if self.falling < 0:
            m = self.mask
            self.falling = (m & (m >> (geo.width + 1))) << self.shift
        return not pairs & self.falling


def corners_of(geo: Geometry, squares: tuple[Square, ...]) -> list[tuple[int, int]]:
    if len(squares) == 1:
        return list(geo.corners(squares[0]))
    out: list[tuple[int, int]] = []
    for sq in squares:
        for c in geo.corners(sq):
            if c not in out:
                out.append(c)
    return out


def line_of_sight(
    geo: Geometry, a: tuple[Square, ...], b: tuple[Square, ...], blockers: Mask
) -> bool:
    """Corner-to-corner sight between two footprints (AT-LOS-1).

    The footprints' own squares never block (a character does not hide itself or
    its target). With no blocker in the rectangle spanning two single squares, the
    segment along the rectangle's diagonal is clear, so nothing else is tried.
    """
    if len(a) == 1 and len(b) == 1:
        sa, sb = a[0], b[0]
        if sa == sb:
            return True
        mask = blockers & ~((1 << sa) | (1 << sb))
        if not mask & geo.box(sa, sb):
            return True
    else:
        if not set(a).isdisjoint(b):
            return True
        mask = blockers & ~(mask_of(a) | mask_of(b))
    cb = corners_of(geo, b)
    h, span, w = geo.height, geo.span, geo.width
    table = geo.table
    for px, py in corners_of(geo, a):
        blk = Blockers(geo, mask, px, py)
        for qx, qy in cb:
            e = table[(qy - py + h) * span + qx - px + w] or geo.entry(qx - px, qy - py)
            if blk.clear(*e):
                return True
    return False


def visible_squares(geo: Geometry, a: tuple[Square, ...], blockers: Mask) -> Mask:
    """Every square in sight of footprint `a`, as a mask.

    Sight to every corner point of the board is computed once; a square is in
    sight when one of its four corners is. A target square that is itself a
    blocker is tested on its own, with its square removed from the blockers.
    """
    w, h = geo.width, geo.height
    own = mask_of(a)
    mask = blockers & ~own
    stride = w + 1
    sources = corners_of(geo, a)
    seen = bytearray(b"0") * (stride * (h + 1))  # per corner point, "1" when in sight
    _sight_from(geo, sources, mask, seen)
    # a square is in sight when one of its corners is: corner index i = y*stride + x
    corner = int(seen[::-1], 2)
    near = corner | (corner >> 1)
    near |= near >> stride
    row = (1 << w) - 1
    result = 0
    for y in range(h):
        result |= ((near >> (y * stride)) & row) << (y * w)
    result &= ~mask
    result |= own
    rest = blockers & ~own
    while rest:
        bit = rest & -rest
        rest ^= bit
        sq = bit.bit_length() - 1
        if line_of_sight(geo, a, (sq,), blockers):
            result |= bit
    return result


def _sight_from(geo: Geometry, sources: list[tuple[int, int]], mask: Mask, seen: bytearray) -> None:
    """Mark in `seen` (index y * (width + 1) + x) every corner point of the board in
    sight of a source corner. Each source tests only the points no earlier one sees."""
    w, h, span = geo.width, geo.height, geo.span
    stride = w + 1
    table = geo.table
    one = 49  # ord("1")
    first = True
    rows, columns = range(h + 1), range(stride)
    for px, py in sources:
        blk = Blockers(geo, mask, px, py)
        near, clear = blk.near, blk.clear
        for qy in rows:
            base = (qy - py + h) * span + w - px
            index = qy * stride
            for qx in columns:
                i = index + qx
                if not first and seen[i] == one:
                    continue
                e = table[base + qx]
                if e is None:
                    e = geo.entry(qx - px, qy - py)
                crossed, pairs, kind = e
                if crossed & near:
                    continue
                if pairs and not clear(crossed, pairs, kind):
                    continue
                seen[i] = one
        first = False


# --- movement ----------------------------------------------------------------

_NEIGHBOURS: dict[tuple[int, int], tuple[tuple[Square, ...], ...]] = {}


def neighbours(width: int, height: int) -> tuple[tuple[Square, ...], ...]:
    """The orthogonal neighbours of every square of a board size (cached, immutable)."""
    found = _NEIGHBOURS.get((width, height))
    if found is None:
        rows = []
        for sq in range(width * height):
            y, x = divmod(sq, width)
            rows.append(
                tuple(
                    (y + dy) * width + x + dx
                    for dx, dy in ORTHOGONAL
                    if 0 <= x + dx < width and 0 <= y + dy < height
                )
            )
        found = tuple(rows)
        _NEIGHBOURS[(width, height)] = found
    return found


_NEIGHBOUR_MASKS: dict[tuple[int, int], tuple[Mask, ...]] = {}


def neighbour_masks(width: int, height: int) -> tuple[Mask, ...]:
    """`neighbours` as one mask per square (cached, immutable)."""
    found = _NEIGHBOUR_MASKS.get((width, height))
    if found is None:
        found = tuple(mask_of(row) for row in neighbours(width, height))
        _NEIGHBOUR_MASKS[(width, height)] = found
    return found


_EDGES: dict[tuple[int, int], tuple[Mask, Mask, Mask]] = {}


def _edges(width: int, height: int) -> tuple[Mask, Mask, Mask]:
    """(every square, all but the first column, all but the last column) of a board size."""
    found = _EDGES.get((width, height))
    if found is None:
        every = (1 << (width * height)) - 1
        first = sum(1 << (y * width) for y in range(height))
        found = (every, every & ~first, every & ~(first << (width - 1)))
        _EDGES[(width, height)] = found
    return found


def spread(m: Mask, width: int, edges: tuple[Mask, Mask, Mask]) -> Mask:
    """The orthogonal neighbours of all squares of `m` at once (bit-parallel)."""
    every, not_first, not_last = edges
    return (((m << 1) & not_first) | ((m >> 1) & not_last) | (m << width) | (m >> width)) & every


def in_order(mask: Mask) -> list[Square]:
    """The squares of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def move_costs(
    start: Square | tuple[Square, ...],
    width: int,
    height: int,
    budget: int,
    impassable: Mask,
    obstacles: Mask,
    until: Mask = 0,
    at_least: int = 0,
) -> dict[Square, int]:
    """Cheapest movement cost to every square reachable from `start` within `budget`.

    Orthogonal steps only (AT-MOVE-1); an obstacle costs 2 to enter and cannot be
    entered with 1 point left (AT-MOVE-3); `impassable` squares (walls, characters
    one may not pass) are never entered (AT-MOVE-2, AT-MOVE-4). Several start
    squares give the cheapest cost from any of them (a shrunk large boss).

    With `until`, the search stops after the cost level at which the first of those
    squares is reached, but not before level `at_least`.
    """
    return costs_of(
        move_levels(start, width, height, budget, impassable, obstacles, until, at_least)
    )


def move_levels(
    start: Square | tuple[Square, ...],
    width: int,
    height: int,
    budget: int,
    impassable: Mask,
    obstacles: Mask,
    until: Mask = 0,
    at_least: int = 0,
    diagonal: bool = False,
) -> list[Mask]:
    """`move_costs` as masks: element k holds the squares that cost exactly k
    (`diagonal`: a move whose card lets it step to any of the 8 neighbours, AT-MOVE-1).

    The search is bit-parallel, one cost level at a time: level k+1 is the
    neighbours of level k that are plain squares, plus the neighbours of level k-1
    that are obstacles (which take two points).
    """
    every, not_first, not_last = _edges(width, height)
    free = every & ~impassable
    light, heavy = free & ~obstacles, free & obstacles
    first = mask_of(start if isinstance(start, tuple) else (start,))
    levels = [first]
    seen = first
    before = 0  # spread of the level before the current one
    k = 0
    while k < budget:
        m = levels[k]
        if m & until and k >= at_least:
            break
        out = (((m << 1) & not_first) | ((m >> 1) & not_last) | (m << width) | (m >> width)) & every
        if diagonal:
            right, left = (m << 1) & not_first, (m >> 1) & not_last
            out |= ((right | left) << width | (right | left) >> width) & every
        nxt = ((out & light) | (before & heavy)) & ~seen
        if not nxt and not out & heavy & ~seen:
            break
        seen |= nxt
        levels.append(nxt)
        before = out
        k += 1
    return levels


def costs_of(levels: list[Mask], keep: Mask = -1) -> dict[Square, int]:
    """Square -> cost from cost levels (lowest cost first, then lowest square),
    only for the squares of `keep`."""
    out: dict[Square, int] = {}
    for cost, level in enumerate(levels):
        level &= keep
        while level:
            low = level & -level
            out[low.bit_length() - 1] = cost
            level ^= low
    return out


def path_distances(
    goal: Square, width: int, height: int, impassable: Mask, obstacles: Mask, needed: Mask = 0
) -> dict[Square, int]:
    """Movement cost from every square to `goal` (entering costs, walked backwards).

    With `needed`, the search stops once all of those squares are reached, and
    only their costs are returned.
    """
    return costs_of(path_levels(goal, width, height, impassable, obstacles, needed), needed or -1)


def path_levels(
    goal: Square, width: int, height: int, impassable: Mask, obstacles: Mask, needed: Mask = 0
) -> list[Mask]:
    """`path_distances` as cost levels (element k: the squares k points from `goal`)."""
    edges = _edges(width, height)
    free = edges[0] & ~impassable
    levels = [1 << goal]
    seen = levels[0]
    k = 0
    while not needed or needed & ~seen:
        # a square is one step from level k if it enters a plain square of it,
        # two steps from level k-1 if it enters an obstacle of that level
        nxt = spread(levels[k] & ~obstacles, width, edges)
        if k:
            nxt |= spread(levels[k - 1] & obstacles, width, edges)
        nxt &= free & ~seen
        if not nxt and not spread(levels[k] & obstacles, width, edges) & free & ~seen:
            break
        seen |= nxt
        levels.append(nxt)
        k += 1
    return levels


def within(center: Square, radius: int, width: int, height: int) -> list[Square]:
    """Squares at distance <= radius from `center`, diagonals included (AT-AOE-1)."""
    cy, cx = divmod(center, width)
    out = []
    for y in range(max(0, cy - radius), min(height, cy + radius + 1)):
        for x in range(max(0, cx - radius), min(width, cx + radius + 1)):
            out.append(y * width + x)
    return out


def step(sq: Square, dx: int, dy: int, width: int, height: int) -> Square | None:
    y, x = divmod(sq, width)
    nx, ny = x + dx, y + dy
    if 0 <= nx < width and 0 <= ny < height:
        return ny * width + nx
    return None
