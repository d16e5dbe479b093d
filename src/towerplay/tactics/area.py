"""Who an area of effect reaches: every character in it, friend or foe (AT-AOE-3).

The rulebook's Area of Effect section applies an area "to any character within
this area" and makes no exception for the user's own side; a card whose text
names whom it affects ("every enemy around you", "every hero around them")
overrides that, as its specific wording beats the general rule (AT-CARD-3). That
wording is the step's `affects` field: `all` (the rule), `foes` or `allies`.
"""

from __future__ import annotations

from towerplay.tactics.grid import Square, line_of_sight, within
from towerplay.tactics.positions import footprint, walls
from towerplay.tactics.state import Ctx, State, Unit


def area_units(
    s: State,
    ctx: Ctx,
    user: Unit,
    centre: tuple[Square, ...],
    radius: int,
    affects: str = "all",
) -> list[Unit]:
    """The characters an area centred on `centre` affects, in board order.

    An area reaches `radius` squares in every direction, diagonals included
    (AT-AOE-1); a wall between a character and the centre shields it, and a
    knocked-out hero occupies no square, so it is not in any area (AT-AOE-3,
    AT-KO-3). (Designed: an area centred on its user's own square, as a range-0
    "around you" card, does not affect the user itself: the user is the area's
    origin, not a character standing in it.)
    """
    wall = walls(s, ctx)
    w, h = ctx.board.width, ctx.board.height
    squares = {q for c in centre for q in within(c, radius, w, h)}
    around_user = set(centre) <= set(footprint(ctx, user))
    out = []
    for u in s.units.values():  # any character: heroes, summons, enemies (AT-CHAR-1)
        if u.knocked_out or (around_user and u.uid == user.uid):
            continue
        if affects == "foes" and u.side == user.side:
            continue
        if affects == "allies" and u.side != user.side:
            continue
        fp = footprint(ctx, u)
        if squares & set(fp) and line_of_sight(ctx.board.geo, centre, fp, wall):
            out.append(u)
    return out
