"""Movement (RTDT-MOVE-*): doubling the move, and stepping to an adjacent space.

The verbs `double` and `move SPACE`, each with its offer, its refusal and its effect
(rules/verbs.py), and what a step does on the way: rivers of fire, crossing tolls, what
the space entered does (a wasteland holds the hero: COV-WASTE-4).
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt.hookspecs import CROSSED, ENTERED, MAY_ENTER, STUCK
from towerplay.rtdt.models import Lose
from towerplay.rtdt.records import Double, Move
from towerplay.rtdt.rules.common import ask, base_move, flag_cards, stat_set
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import pay
from towerplay.rtdt.rules.tokens import foes_at
from towerplay.rtdt.rules.verbs import START_PENDING, Refusal, Turn, Verb, refusal
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World

LOSE_SIX = Lose(op="lose", resource="warriors", amount=6)
DOUBLE = Double()


def move_value(w: World, s: State, h: HeroState, prof: Profile | None = None) -> int:
    """Moves left this turn; fixed once the first step is taken (RTDT-MOVE-4, RTDT-MOVE-5)."""
    t = s.turn
    if t.moving_started:
        return t.moves_left
    return base_move(w, h, prof) * (2 if t.doubled else 1)  # RTDT-MOVE-2, RTDT-MOVE-3


def double_cost(w: World, h: HeroState, prof: Profile | None = None) -> int:
    """Doubling the move costs 1 spirit (RTDT-MOVE-2); Tomas sets it to none (RTDT-COMP-7)."""
    fixed = stat_set(w, h, "set_double_move_cost", prof)
    return 1 if fixed is None else fixed


def move_targets(w: World, h: HeroState, prof: Profile | None = None) -> list[str]:
    """Adjacent spaces over land or river edges (RTDT-MOVE-6..9); the Amulet of the Marid
    lets a river crossing end anywhere along that river."""
    board = w.board
    prof = prof or w.hero_profile(h)
    if "river_slide" not in prof.flags:
        return list(board.neighbours[h.space])
    targets = list(board.neighbours[h.space])
    here = board.kingdom_of[h.space]
    for n in board.neighbours[h.space]:
        if board.is_river(h.space, n):
            for bank in board.river_bank[(here, board.kingdom_of[n])]:
                if bank not in targets:
                    targets.append(bank)
    return targets


def _step_actions(w: World, space: str) -> tuple[Action, ...]:
    """`move` to each neighbour of a space, built once per space; nothing on a space blocks
    it (RTDT-MOVE-9)."""
    steps = w.caches.steps
    cached = steps.get(space)
    if cached is None:
        cached = steps[space] = tuple(Move(sp) for sp in w.board.neighbours[space])
    return cached


def stuck(w: World, s: State, h: HeroState) -> bool:
    """Whether the hero may not move on (COV-WASTE-4: a wasteland's)."""
    return STUCK.any(w, s, h)


def may_enter(w: World, s: State, h: HeroState, space: str) -> bool:
    """Whether the hero may be put on or step to this space (Timid)."""
    for ok in w.hooks.handlers[MAY_ENTER]:  # noqa: SIM110 - inline: a hot path
        if not ok(w, s, h, space):
            return False
    return True


def entered(w: World, s: State, h: HeroState, src: str = "") -> None:
    """The hero arrived on its space: crossing tolls (Aquaphobic) when it came from
    `src`, then what the space does (a wasteland, COV-WASTE-4)."""
    hk = w.hooks.handlers  # inline: every move and step arrives here
    if src:
        for crossed in hk[CROSSED]:
            crossed(w, s, h, src, h.space)
    for arrived in hk[ENTERED]:
        arrived(w, s, h)


# --- double ------------------------------------------------------------------------------

HELD = refusal("you entered a wasteland: you may not move on this turn", "COV-WASTE-4")
DOUBLE_FIRST = refusal("double your move before you start moving, once", "RTDT-MOVE-2")
NO_DOUBLE = refusal("a corruption stops you doubling your move", "RTDT-CORR-7")


def double_bar(c: Turn) -> Refusal | None:
    """Why the move cannot be doubled now (RTDT-MOVE-2, RTDT-MOVE-4, COV-WASTE-4)."""
    t = c.t
    if t.start_pending:
        return START_PENDING
    if c.held:
        return HELD
    if t.moving_started or t.doubled:
        return DOUBLE_FIRST
    if "double_move" in c.prof.restrictions:
        return NO_DOUBLE
    cost = double_cost(c.w, c.h, c.prof)
    if c.h.spirit < cost:
        return refusal(
            "doubling your move costs {cost} spirit, you have {have}",
            "RTDT-MOVE-2",
            cost=cost,
            have=c.h.spirit,
        )
    return None


def offer_double(c: Turn, out: list[Action]) -> None:
    if double_bar(c) is None:
        out.append(DOUBLE)


def why_double(c: Turn, a: Double) -> Refusal | None:
    return double_bar(c)


def apply_double(w: World, s: State, h: HeroState, a: Double) -> None:
    pay(w, s, h, "spirit", double_cost(w, h), N_("a double move"))  # RTDT-MOVE-2
    s.turn.doubled = True


def price_double(c: Turn, a: Double) -> int:
    return double_cost(c.w, c.h, c.prof)


DOUBLE_VERB = Verb(
    Double, "double", "RTDT-MOVE-2", offer_double, why_double, apply_double, price=price_double
)


# --- move --------------------------------------------------------------------------------


def move_bar(c: Turn) -> Refusal | None:
    """Why the hero cannot step at all now (RTDT-MOVE-1, COV-WASTE-4)."""
    if c.t.start_pending:
        return START_PENDING
    if c.held:
        return HELD
    if move_value(c.w, c.s, c.h, c.prof) <= 0:
        if c.t.moving_started:
            return refusal("no moves left this turn", "RTDT-MOVE-1")
        return refusal(
            "your move value is {n}: no moves this turn",
            "RTDT-MOVE-1",
            n=base_move(c.w, c.h, c.prof),
        )
    return None


def offer_move(c: Turn, out: list[Action]) -> None:
    if move_bar(c) is not None:
        return
    if "river_slide" in c.prof.flags:
        out.extend(Move(sp) for sp in move_targets(c.w, c.h, c.prof))
    else:
        out.extend(_step_actions(c.w, c.h.space))


def why_move(c: Turn, a: Move) -> Refusal | None:
    board = c.w.board
    dst = a.space
    if dst not in board.neighbours:
        return refusal("{space}: there is no such space", "RTDT-MOVE-7", space=dst)
    bar = move_bar(c)
    if bar is not None:
        return bar
    if dst in move_targets(c.w, c.h, c.prof):
        return None
    here = c.h.space
    there = board.kingdom_of[dst]
    crossing = any(
        board.is_river(here, n) and board.kingdom_of[n] == there for n in board.neighbours[here]
    )
    if crossing and dst in board.river_bank.get((board.kingdom_of[here], there), ()):
        # RTDT-MOVE-8: the river is an edge; a crossing ends on a space sharing that edge
        return refusal(
            "a river is an edge, not a space: you cannot slide along it to {space}",
            "RTDT-MOVE-8",
            space=board.names[dst],
        )
    return refusal(
        "{space} is not adjacent to {here}",
        "RTDT-MOVE-7",
        space=board.names[dst],
        here=board.names[here],
    )


def apply_move(w: World, s: State, h: HeroState, a: Move) -> None:
    """One step of the move (RTDT-MOVE-4, RTDT-MOVE-6)."""
    dst = a.space
    t = s.turn
    if not t.moving_started:  # RTDT-MOVE-4: the value is fixed at the first step
        t.moves_left = move_value(w, s, h)
        t.moving_started = True
    t.moves_left -= 1  # RTDT-MOVE-6; RTDT-TURN-7: moves left wait for later steps
    src = h.space
    h.space = dst
    tell(
        s,
        "move",
        "{hero} moves to {space} ({left} move(s) left).",
        seats=(h.seat,),
        hero=hero_name(w, h),
        space=w.board.names[dst],
        left=t.moves_left,
    )
    cross_fire(w, s, h, src, dst)
    entered(w, s, h, src)  # Aquaphobic; COV-WASTE-4
    cloak = flag_cards(w, h, "relocate_entered_foe")
    if cloak and foes_at(s, dst) and cloak[0] not in t.used:
        ask(s, Decision("cloak", h.seat, target=cloak[0], context=dst))


MOVE_VERB = Verb(Move, "move SPACE", "RTDT-MOVE-7", offer_move, why_move, apply_move)


def cross_fire(w: World, s: State, h: HeroState, src: str, dst: str) -> None:
    """Crossing a river of fire costs 6 warriors (RTDT-TOKEN-2). A slide along a river
    (Amulet of the Marid) burns only if every crossing it could use is on fire."""
    if not s.fire_rivers:
        return
    fire = {frozenset(e) for e in s.fire_rivers}
    board = w.board
    if board.adjacent(src, dst):
        crossed = frozenset((src, dst)) in fire
    else:
        other = board.kingdom_of[dst]
        ways = [n for n in board.neighbours[src] if board.kingdom_of[n] == other]
        crossed = bool(ways) and all(frozenset((src, n)) in fire for n in ways)
    if crossed:
        tell(s, "move", "{hero} crosses a river of fire.", seats=(h.seat,), hero=hero_name(w, h))
        run(w, s, h, [LOSE_SIX], N_("a river of fire"))
