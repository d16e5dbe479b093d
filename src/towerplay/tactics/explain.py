"""Why an action is refused: the words for players and the rule the action breaks."""

from __future__ import annotations

from towerplay.core.errors import IllegalAction
from towerplay.core.narration import event, sample_verbs
from towerplay.core.notation import Action
from towerplay.tactics.action_words import action_words
from towerplay.tactics.effects import question
from towerplay.tactics.narrate import N_
from towerplay.tactics.positions import can_see, footprint, occupied, unit_at, walls
from towerplay.tactics.records import Move, Target, of
from towerplay.tactics.state import Ctx, State
from towerplay.tactics.turns import turn_refusal


def explain(s: State, ctx: Ctx, tokens: tuple[str, ...]) -> IllegalAction:
    """Why an action is not legal now, with the rule it breaks."""
    if not s.pending:
        return IllegalAction("the encounter is over", "AT-END-1")
    d = s.pending[-1]
    rule = d.data["rule"]
    if d.kind == "turn":  # the verb's own bar: the reason the offer left it out
        refused = turn_refusal(s, ctx, s.heroes[d.seat], tokens)
        if refused is not None:
            return refused
    a = of(Action(*tokens)) if tokens else None
    if d.kind == "move" and isinstance(a, Move):
        return explain_move(s, ctx, a.square)
    if d.kind in ("target", "heal", "condition") and isinstance(a, Target):
        return explain_target(s, ctx, a.target)
    # the same words as Return to Dark Tower's (rtdt/explain.py): what was typed, the legal
    # ones as a screen's buttons word them
    choices = d.data["choices"]
    shown = sample_verbs(choices)
    legal = tuple(action_words(s, ctx, tuple(c)) for c in shown)
    if len(shown) < len(choices):
        legal += (event("text", MORE_ACTIONS),)
    return IllegalAction(
        "{action} is not an action now ({prompt}); the actions now: {legal}",
        rule,
        action=repr(" ".join(tokens)),
        prompt=question(d),
        legal=legal,
    )


MORE_ACTIONS = N_("and more")


def explain_move(s: State, ctx: Ctx, name: str) -> IllegalAction:
    sq = ctx.board.square(name)
    if sq is None:
        return IllegalAction("{square} is not a square of this map", "AT-MOVE-1", square=name)
    if (1 << sq) & walls(s, ctx):
        return IllegalAction("{square} is a wall", "AT-MOVE-4", square=name)
    if (1 << sq) & occupied(s, ctx):
        return IllegalAction("{square} is taken by another character", "AT-MOVE-2", square=name)
    return IllegalAction(
        "{square} is out of reach: orthogonal steps, 2 points per obstacle, "
        "no passing through characters",
        "AT-MOVE-1",
        square=name,
    )


def explain_target(s: State, ctx: Ctx, name: str) -> IllegalAction:
    sq = ctx.board.square(name)
    who = unit_at(s, ctx, sq) if sq is not None else None
    if who is None:
        return IllegalAction("nobody to target on {square}", "AT-RANGE-1", square=name)
    if who.large and who.square != sq:
        return IllegalAction(
            "target {unit} by its first square, {square}",
            "AT-RANGE-1",
            unit=who.uid,
            square=ctx.board.name(who.square),
        )
    if "invisible" in who.conditions:
        return IllegalAction(
            "{unit} is invisible and cannot be targeted", "AT-COND-4", unit=who.uid
        )
    actor = s.units[s.resolution.actor] if s.resolution is not None else None
    if actor is not None and not can_see(s, ctx, actor, footprint(ctx, who)):
        return IllegalAction(
            "{unit} has no line of sight to {target}", "AT-LOS-1", unit=actor.uid, target=who.uid
        )
    return IllegalAction(
        "{unit} is not within the range of this ability", "AT-RANGE-2", unit=who.uid
    )
