"""Rolling the dice (AT-DICE-*)."""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.rng import draws
from towerplay.tactics.state import Ctx, State


def roll(s: State, ctx: Ctx, colours: Sequence[str], reroll_blanks: bool = False) -> list[int]:
    with draws(s) as rng:
        out = []
        for colour in colours:
            faces = ctx.content.dice[colour].faces
            v = faces[rng.below(6)]
            if v == 0 and reroll_blanks:
                v = faces[rng.below(6)]
            out.append(v)
    return out
