"""Where things are: who stands on which square, walls and obstacles, line of sight and
range (AT-CHAR-1, AT-KO-3, AT-LOS-*, AT-RANGE-*)."""

from __future__ import annotations

from towerplay.tactics.grid import (
    Mask,
    Square,
    line_of_sight,
    mask_of,
    set_distance,
)
from towerplay.tactics.state import Ctx, State, Unit


def footprint(ctx: Ctx, u: Unit) -> tuple[Square, ...]:
    if not u.large and u.square >= 0:
        return (u.square,)
    return u.footprint(ctx.board.width)


def occupied(s: State, ctx: Ctx, exclude: str = "") -> Mask:
    """Squares occupied by characters; knocked-out heroes occupy none (AT-KO-3)."""
    m = 0  # every character, heroes, summons and enemies alike (AT-CHAR-1)
    for u in s.units.values():
        if u.knocked_out or u.uid == exclude or u.square < 0:
            continue
        if u.large:
            for sq in footprint(ctx, u):
                m |= 1 << sq
        else:
            m |= 1 << u.square
    return m


def unit_at(s: State, ctx: Ctx, sq: Square) -> Unit | None:
    for u in s.units.values():
        if not u.knocked_out and sq in footprint(ctx, u):
            return u
    return None


def walls(s: State, ctx: Ctx) -> Mask:
    m = ctx.board.walls
    for wall_type, squares in s.walls:
        if ctx.content.walls[wall_type].blocks:
            m |= mask_of(squares)
    return m


def obstacles(s: State, ctx: Ctx) -> Mask:
    m = ctx.board.obstacles
    for wall_type, squares in s.walls:
        if not ctx.content.walls[wall_type].blocks:
            m |= mask_of(squares)
    return m


def sight_blockers(s: State, ctx: Ctx, side: str) -> Mask:
    """Walls, and the characters of the other side (AT-LOS-3)."""
    m = walls(s, ctx)
    w = ctx.board.width
    for u in s.units.values():
        if u.side != side and not u.knocked_out and u.square >= 0:
            if u.large:
                m |= (3 | (3 << w)) << u.square  # the 2x2 base
            else:
                m |= 1 << u.square
    return m


def can_see(s: State, ctx: Ctx, viewer: Unit, fp: tuple[Square, ...]) -> bool:
    return line_of_sight(
        ctx.board.geo, footprint(ctx, viewer), fp, sight_blockers(s, ctx, viewer.side)
    )


def in_range(
    s: State,
    ctx: Ctx,
    user: Unit,
    fp: tuple[Square, ...],
    band: tuple[int, int],
    blockers: Mask | None = None,
) -> bool:
    """In sight and within the range band, distance counting diagonals (AT-RANGE-1, AT-RANGE-2).

    Range 1 is adjacency, diagonals included (AT-RANGE-4). `blockers`, when given,
    are the user's `sight_blockers` (a caller testing many targets computes them once).
    """
    d = set_distance(footprint(ctx, user), fp, ctx.board.width)  # AT-RANGE-1
    if not band[0] <= d <= band[1]:
        return False
    if d == 0:
        return True
    if blockers is None:
        blockers = sight_blockers(s, ctx, user.side)
    return line_of_sight(ctx.board.geo, footprint(ctx, user), fp, blockers)
