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
    return max(abs(ax - bx), abs(ay - by))


def set_distance(a: tuple[Square, ...], b: tuple[Square, ...], width: int) -> int:
    """Shortest distance between two footprints (large bosses use their nearest square)."""
    if len(a) == 1 and len(b) == 1:
        return distance(a[0], b[0], width)
    return min(distance(x, y, width) for x in a for y in b)


class Geometry:
    """Blocker-independent geometry of one board size, computed lazily and shared.

    For every offset (dx, dy) between two lattice points it holds three relative
    masks: the squares whose inside the segment crosses, and the first squares of
    the pairs the segment squeezes between (along an edge or through a corner).
    """

    __slots__ = ("width", "height", "bias", "_offsets", "_corners")

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.bias = (height + 2) * width + 2
        self._offsets: dict[tuple[int, int], tuple[Mask, Mask, int]] = {}
        self._corners: dict[Square, tuple[tuple[int, int], ...]] = {}

    def corners(self, sq: Square) -> tuple[tuple[int, int], ...]:
        found = self._corners.get(sq)
        if found is None:
            y, x = divmod(sq, self.width)
            found = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
            self._corners[sq] = found
        return found

    def offset(self, dx: int, dy: int) -> tuple[Mask, Mask, int]:
        """(crossed, squeeze pairs, pair shift) relative to the starting corner, biased."""
        found = self._offsets.get((dx, dy))
        if found is None:
            found = self._compute(dx, dy)
            self._offsets[(dx, dy)] = found
        return found

    def _bit(self, ox: int, oy: int) -> Mask:
        return 1 << (oy * self.width + ox + self.bias)

    def _compute(self, dx: int, dy: int) -> tuple[Mask, Mask, int]:
        w = self.width
        crossed = 0
        pairs = 0
        if dx == 0 and dy == 0:
            return 0, 0, 0
        if dx == 0:
            # runs along a vertical grid line: squeeze between left and right squares
            for oy in range(min(0, dy), max(0, dy)):
                pairs |= self._bit(-1, oy)
            return 0, pairs, 1
        if dy == 0:
            for ox in range(min(0, dx), max(0, dx)):
                pairs |= self._bit(ox, -1)
            return 0, pairs, w
        for oy in range(min(0, dy), max(0, dy)):
            for ox in range(min(0, dx), max(0, dx)):
                # inside the bounding box, the line crosses a square's inside exactly
                # when its corners lie strictly on both sides of it
                sides = {
                    (dx * cy - dy * cx > 0) - (dx * cy - dy * cx < 0)
                    for cx in (ox, ox + 1)
                    for cy in (oy, oy + 1)
                }
                if 1 in sides and -1 in sides:
                    crossed |= self._bit(ox, oy)
        g = gcd(abs(dx), abs(dy))
        same_sign = (dx > 0) == (dy > 0)
        for k in range(1, g):
            px, py = dx // g * k, dy // g * k
            if same_sign:
                pairs |= self._bit(px, py - 1)  # paired with (px - 1, py): shift w - 1
            else:
                pairs |= self._bit(px - 1, py - 1)  # paired with (px, py): shift w + 1
        return crossed, pairs, (w - 1) if same_sign else (w + 1)


_GEOMETRIES: dict[tuple[int, int], Geometry] = {}


def geometry(width: int, height: int) -> Geometry:
    """The shared geometry cache of a board size (pure, immutable results)."""
    g = _GEOMETRIES.get((width, height))
    if g is None:
        g = Geometry(width, height)
        _GEOMETRIES[(width, height)] = g
    return g


class Blockers:
    """A set of blocking squares prepared for sight tests: the mask and its pair masks."""

    __slots__ = ("mask", "by_shift")

    def __init__(self, mask: Mask, width: int) -> None:
        self.mask = mask
        self.by_shift = {
            width - 1: mask & (mask >> (width - 1)),
            width + 1: mask & (mask >> (width + 1)),
        }


def segment_clear(geo: Geometry, a: tuple[int, int], b: tuple[int, int], blk: Blockers) -> bool:
    """Is the straight segment between two lattice points free of blockers? (AT-LOS-2)"""
    crossed, pairs, shift = geo.offset(b[0] - a[0], b[1] - a[1])
    base = a[1] * geo.width + a[0]
    if crossed and ((crossed << base) >> geo.bias) & blk.mask:
        return False
    if not pairs:
        return True
    return pairs_clear(geo, a, pairs, shift, base, blk)


def pairs_clear(geo: Geometry, a: tuple[int, int], pairs: Mask, shift: int, base: int, blk: Blockers) -> bool:
    """The squeeze part of `segment_clear`: edges and diagonal gaps along the segment."""
    if shift == 1:
        # along a vertical grid line: a blocking square on either side stops it
        left = a[0] > 0 and ((pairs << base) >> geo.bias) & blk.mask
        right = a[0] < geo.width and ((pairs << (base + 1)) >> geo.bias) & blk.mask
        return not (left or right)
    if shift == geo.width:
        below = ((pairs << base) >> geo.bias) & blk.mask
        above = ((pairs << (base + geo.width)) >> geo.bias) & blk.mask
        return not (below or above)
    # through a lattice point: blocked only between two diagonally touching blockers
    return not ((pairs << base) >> geo.bias) & blk.by_shift[shift]


def corners_of(geo: Geometry, squares: tuple[Square, ...]) -> list[tuple[int, int]]:
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
    its target).
    """
    if set(a) & set(b):
        return True
    own = mask_of(a) | mask_of(b)
    blk = Blockers(blockers & ~own, geo.width)
    ca = corners_of(geo, a)
    cb = corners_of(geo, b)
    for p in ca:
        for q in cb:
            if segment_clear(geo, p, q, blk):
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
    blk = Blockers(blockers & ~own, w)
    mask, bias = blk.mask, geo.bias
    known = geo._offsets
    sources = [(p[0], p[1], p[1] * w + p[0]) for p in corners_of(geo, a)]
    stride = w + 1
    seen = bytearray(stride * (h + 1))  # per corner point, 1 when in sight
    index = 0
    for qy in range(h + 1):
        for qx in range(stride):
            for px, py, base in sources:
                # segment_clear, inlined: this loop is the hot path of sight
                crossed, pairs, shift = known.get((qx - px, qy - py)) or geo.offset(qx - px, qy - py)
                if crossed and ((crossed << base) >> bias) & mask:
                    continue
                if pairs and not pairs_clear(geo, (px, py), pairs, shift, base, blk):
                    continue
                seen[index] = 1
                break
            index += 1
    result = own
    for sq in range(w * h):
        bit = 1 << sq
        if bit & own:
            continue
        if bit & mask:
            if line_of_sight(geo, a, (sq,), blockers):
                result |= bit
            continue
        y, x = divmod(sq, w)
        i = y * stride + x
        if seen[i] or seen[i + 1] or seen[i + stride] or seen[i + stride + 1]:
            result |= bit
    return result


# --- movement ----------------------------------------------------------------

_NEIGHBOURS: dict[tuple[int, int], tuple[tuple[Square, ...], ...]] = {}


def neighbours(width: int, height: int) -> tuple[tuple[Square, ...], ...]:
    """The orthogonal neighbours of every square of a board size (cached, immutable)."""
    found = _NEIGHBOURS.get((width, height))
    if found is None:
        rows = []
        for sq in range(width * height):
            y, x = divmod(sq, width)
            rows.append(tuple(
                (y + dy) * width + x + dx
                for dx, dy in ORTHOGONAL
                if 0 <= x + dx < width and 0 <= y + dy < height
            ))
        found = tuple(rows)
        _NEIGHBOURS[(width, height)] = found
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

    The search is bit-parallel, one cost level at a time: level k+1 is the
    neighbours of level k that are plain squares, plus the neighbours of level k-1
    that are obstacles (which take two points).
    """
    edges = _edges(width, height)
    free = edges[0] & ~impassable
    light, heavy = free & ~obstacles, free & obstacles
    first = mask_of(start if isinstance(start, tuple) else (start,))
    levels = [first]
    seen = first
    k = 0
    while k < budget:
        if levels[k] & until and k >= at_least:
            break
        out = spread(levels[k], width, edges)
        nxt = out & light
        if k:
            nxt |= spread(levels[k - 1], width, edges) & heavy
        nxt &= ~seen
        if not nxt and not out & heavy & ~seen:
            break
        seen |= nxt
        levels.append(nxt)
        k += 1
    return {sq: cost for cost, level in enumerate(levels) for sq in in_order(level)}


def path_distances(
    goal: Square, width: int, height: int, impassable: Mask, obstacles: Mask, needed: Mask = 0
) -> dict[Square, int]:
    """Movement cost from every square to `goal` (entering costs, walked backwards).

    With `needed`, the search stops once all of those squares are reached.
    """
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
    return {sq: cost for cost, level in enumerate(levels) for sq in in_order(level)}


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
