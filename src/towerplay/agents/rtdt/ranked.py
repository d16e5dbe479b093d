"""The few actions worth comparing at a decision, for a search to try beside the heuristic's
own choice (agents/search_rollout.py): on its turn, the heroic action here, a step toward each
heroic space in reach, Reinforce here, a step toward next turn's goal and the end of the turn,
in the order of the values the agent gives them; where a hero is placed or a skull lands, the
spaces in the agent's own order. Elsewhere (battles, delves, trades and the small questions)
it has no opinion, and the search takes every legal action or a random few.

It reads what the agent reads and changes nothing the agent keeps (agent.py gives it its own
memory), so the agent's choices are the same whether a search asks it or not.
"""

from __future__ import annotations

from towerplay.agents.rtdt.decisions import SKULL_KINDS, hero_spots, skull_order
from towerplay.agents.rtdt.plan import heroic_at, heroic_here, heroic_spaces, reinforce_value
from towerplay.agents.rtdt.turn import end_space, reinforce_action, step_toward
from towerplay.agents.rtdt.values import END
from towerplay.agents.rtdt.view import View, moves_this_turn, steps_from_here
from towerplay.core.notation import Action
from towerplay.rtdt.records import Move


def alternatives(v: View) -> list[Action] | None:
    """The actions a search should compare here, the most promising first; None where the
    agent has no ranking of its own."""
    s = v.s
    if s.pending:
        d = s.pending[-1]
        if d.kind in SKULL_KINDS:
            return skull_order(v, d)
        if d.kind == "place_hero":
            return hero_spots(v)
        return None
    if s.trade is not None or s.battle is not None or s.delve is not None:
        return None
    return turn_alternatives(v)


def turn_alternatives(v: View) -> list[Action]:
    """A turn's options, each worth what the agent's own plan says (turn.py weighs the same
    values): the heroic action here, a step toward each heroic space in reach, Reinforce
    here, then a step toward the end-of-turn goal and ending the turn, worth nothing now."""
    h = v.h
    valued: list[tuple[float, Action]] = []
    h_val, h_act = heroic_here(v)
    if h_act is not None and h_val > 0:
        valued.append((h_val, h_act))
    moves = {m.space: m for m in v.records(Move)}
    if moves and not v.s.turn.heroic_done:
        steps = steps_from_here(v)
        reach = moves_this_turn(v)
        for sp in heroic_spaces(v):
            if not 0 < steps.get(sp, 99) <= reach:
                continue
            val = heroic_at(v, sp)
            step = step_toward(v, sp, moves) if val > 0 else None
            if step is not None:
                valued.append((val - 0.05 * steps[sp], step))
    if v.by_verb.get("reinforce") or v.by_verb.get("haggle"):
        r_val, r_opt = reinforce_value(v, h.space)
        reinforce = reinforce_action(v, r_val, r_opt) if r_val > 0 else None
        if reinforce is not None:
            valued.append((r_val, reinforce))
    dest = end_space(v) if moves else None
    if dest is not None and dest != h.space:
        step = step_toward(v, dest, moves)
        if step is not None:
            valued.append((0.0, step))
    end = v.offered(END)
    if end is not None:
        valued.append((0.0, end))
    valued.sort(key=lambda va: (-va[0], str(va[1])))
    out: list[Action] = []
    for _, a in valued:
        if a not in out:
            out.append(a)
    return out
