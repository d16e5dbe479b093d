"""The end of an encounter: the objectives checked (AT-END-1, AT-END-2) and the outcome told.

Below every rule that can end an encounter (effects.py, turns.py, encounter.py): it reads
the state and the objectives and keeps nothing between calls.
"""

from __future__ import annotations

from typing import Any

from towerplay.tactics.narrate import ENDS, log
from towerplay.tactics.state import Ctx, State


def end(s: State, outcome: str, cause: str, how: str = "cause", **fields: Any) -> None:
    """The encounter is over; `cause` is kept with the outcome, and told by the template
    `ENDS[how]` with `fields` (by default the cause itself: a message or an objective's text)."""
    if s.outcome:
        return
    s.outcome = outcome
    s.cause = cause
    s.phase = "over"
    s.pending.clear()
    s.resolution = None
    s.enemy_turn = None
    log(s, "result", ENDS[how], outcome=outcome, **(fields or {"cause": cause}))


def objective_met(
    s: State, ctx: Ctx, kind: str, enemy: str | None, squares: tuple[str, ...], rounds: int | None
) -> bool:
    if kind == "defeat_boss" or kind == "defeat_type":
        return not any(u.type_id == enemy for u in s.units.values())
    if kind == "defeat_all":
        return not any(u.side == "enemy" for u in s.units.values())
    if kind == "reach":
        targets = {ctx.board.square(q) for q in squares}
        return any(
            not s.units[h.uid].knocked_out and s.units[h.uid].square in targets for h in s.heroes
        )
    if kind == "by_round":
        return rounds is not None and s.round <= rounds
    if kind == "no_knockouts":
        return s.knockouts == 0
    if kind == "no_potions":
        return s.potions_used == 0
    return False


def check_objectives(s: State, ctx: Ctx, reached: bool = False) -> None:
    """The main objective ends the encounter at once (AT-END-1); the bonus makes it +success (AT-END-2).

    `reach` objectives are checked only at the end of a hero's turn (`reached`).
    """
    if s.outcome:
        return
    main = ctx.enc.main
    if main.kind == "reach" and not reached:
        return
    if not objective_met(s, ctx, main.kind, main.enemy, main.squares, main.rounds):
        return
    log(s, "result", "main objective met: {objective}", objective=main.text)
    b = ctx.enc.bonus
    if objective_met(s, ctx, b.kind, b.enemy, b.squares, b.rounds):
        log(s, "result", "bonus objective met: {objective}", objective=b.text)
        end(s, "+success", f"{main.text} and {b.text}", "both", main=main.text, bonus=b.text)
    else:
        end(s, "success", main.text)
