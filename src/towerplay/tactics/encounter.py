"""The encounter's round (placing, mulligans, draw, initiative, swaps, turns,
cleanup) and the dispatch of every decision to its module.

`advance` runs the game forward until a hero's decision is pending or the
encounter is over; enemies never wait for anyone except when the rules hand a
choice to the players.
"""

from __future__ import annotations

from collections.abc import Callable

from towerplay.core.notation import Action
from towerplay.tactics.cards import answer, continue_resolution
from towerplay.tactics.decks import draw, draw_up, shuffle
from towerplay.tactics.effects import ask, log
from towerplay.tactics.ending import end
from towerplay.tactics.enemies import answer_enemy, continue_boss_turn
from towerplay.tactics.enemy_moves import earliest_seat
from towerplay.tactics.explain import explain
from towerplay.tactics.narrate import seats_of
from towerplay.tactics.positions import occupied
from towerplay.tactics.records import Discard, Mulligan, Place, Reshuffle, Revive, Swap, typed
from towerplay.tactics.state import Ctx, Hero, State
from towerplay.tactics.stats import hand_size
from towerplay.tactics.turns import after_action, answer_turn, finish_turn, revive, start_turn

RESOLUTION_KINDS = (
    "option",
    "move",
    "target",
    "order",
    "heal",
    "condition",
    "summon",
    "push",
    "splash",
)
ENEMY_KINDS = ("focus", "spawn", "response")


# --- the main loop ------------------------------------------------------------------------


def advance(s: State, ctx: Ctx) -> None:
    """Run forward to the next decision or the end."""
    while not s.outcome and not s.pending:
        if s.resolution is not None:
            continue_resolution(s, ctx)
            if settled(s, s.resolution):
                after_action(s, ctx)
            continue
        if s.enemy_turn is not None:
            continue_boss_turn(s, ctx)
            if settled(s, s.enemy_turn):
                finish_turn(s, ctx)
            continue
        if s.acting:
            after_action(s, ctx)
            continue
        step_phase(s, ctx)


def settled(s: State, part: object) -> bool:
    """`part` (the resolution or the boss turn just continued) is over, nothing is asked and
    the encounter goes on. Asked here, not inline: after the call that may have ended `part`,
    the caller's test that it was not None still narrows it (mypy's warn_unreachable)."""
    return part is None and not s.pending and not s.outcome


def step_phase(s: State, ctx: Ctx) -> None:
    step = PHASES.get(s.phase)
    if step is None:
        raise ValueError(f"unknown phase {s.phase!r}")
    step(s, ctx)


def place_phase(s: State, ctx: Ctx) -> None:
    """Each hero in turn places its figure in the start area (AT-SETUP-1)."""
    if s.cursor < len(s.heroes):
        hero = s.heroes[s.cursor]
        occ = occupied(s, ctx)
        free = [q for q in ctx.board.start if not (1 << q) & occ]
        choices = sorted(["place", ctx.board.name(q)] for q in free)
        ask(
            s,
            "place",
            hero.seat,
            "place {hero} in the highlighted area",
            choices,
            "AT-SETUP-1",
            say={"hero": hero.uid},
        )
        return
    log(s, "turn", "round {round} begins", round=1)
    for hero in s.heroes:
        draw_up(s, ctx, hero)  # round 1's draw happens before the mulligan
    s.phase, s.cursor, s.round = "mulligan", 0, 1


def mulligan_phase(s: State, ctx: Ctx) -> None:
    """Each hero in turn keeps its first hand or mulligans once (AT-DRAW-3)."""
    if s.cursor < len(s.heroes):
        hero = s.heroes[s.cursor]
        ask(
            s,
            "mulligan",
            hero.seat,
            "{hero}: keep this hand or mulligan once?",
            [["keep"], ["mulligan"]],
            "AT-DRAW-3",
            say={"hero": hero.uid},
        )
        return
    s.phase = "initiative"


def draw_phase(s: State, ctx: Ctx) -> None:
    """Every hero draws up to its hand size (AT-DRAW-1)."""
    log(s, "turn", "round {round} begins", round=s.round)
    for hero in s.heroes:
        draw_up(s, ctx, hero)  # AT-DRAW-1
    s.phase = "initiative"


def initiative_phase(s: State, ctx: Ctx) -> None:
    """The initiative line is shuffled (AT-INIT-1)."""
    roll_initiative(s, ctx)  # anew every round: last round's line does not carry over
    s.phase, s.cursor = "reshuffle", 0


def reshuffle_phase(s: State, ctx: Ctx) -> None:
    """The earliest hero may spend a revive potion to reshuffle it (AT-INIT-2)."""
    if s.potions > 0 and s.cursor == 0:
        s.cursor = 1
        seat = earliest_seat(s)  # the earliest hero in the line decides (AT-INIT-2)
        ask(
            s,
            "reshuffle",
            seat,
            "initiative: {order}; spend a revive potion to reshuffle?",
            [["accept"], ["reshuffle"]],
            "AT-INIT-2",
            say={"order": " ".join(s.initiative)},
        )
        return
    s.phase, s.cursor = "swaps", 0


def swaps_phase(s: State, ctx: Ctx) -> None:
    """Heroes with the ability may swap initiative tokens (AT-INIT-3)."""
    # abilities that change initiative: the first hero in the line, then the
    # others clockwise (seat order) from there (AT-INIT-3)
    first = earliest_seat(s)
    order = sorted(s.heroes, key=lambda h: (h.seat - first) % len(s.heroes))
    while s.cursor < len(order):
        swapper = order[s.cursor]
        s.cursor += 1
        i = s.initiative.index(swapper.uid)
        if i == 0 or not any(
            ctx.content.abilities[a].modifiers.initiative_swap for a in swapper.abilities
        ):
            continue
        ask(
            s,
            "swap",
            swapper.seat,
            "{hero}: swap your initiative token with {other}'s?",
            [["keep"], ["swap"]],
            "AT-INIT-3",
            say={"hero": swapper.uid, "other": s.initiative[i - 1]},
            index=i,
        )
        return
    s.phase, s.turn_index = "turns", 0
    log(
        s,
        "turn",
        "initiative for round {round}: {line}",
        round=s.round,
        line=" ".join(s.initiative),
    )


def turns_phase(s: State, ctx: Ctx) -> None:
    """The next turn in the line, hero or boss; then cleanup."""
    if s.turn_index >= len(s.initiative):
        s.phase, s.cursor = "cleanup", 0
        return
    start_turn(s, ctx, s.initiative[s.turn_index])


def cleanup_phase(s: State, ctx: Ctx) -> None:
    """Each hero may discard; conditions end; the round ends (AT-CLEAN-1, -2)."""
    while s.cursor < len(s.heroes):
        hero = s.heroes[s.cursor]
        s.cursor += 1
        if not hero.hand:
            continue
        ask(
            s,
            "cleanup",
            hero.seat,
            "{hero}: discard a card at cleanup?",
            cleanup_choices(hero),
            "AT-CLEAN-1",
            say={"hero": hero.uid},
        )
        return
    for u in s.units.values():
        ending = [c for c in u.conditions if c not in u.lasting]
        for condition in ending:  # one event each, so that each condition is worded
            log(
                s,
                "condition",
                "{unit} is no longer {condition}",
                seats=seats_of(u),
                unit=u.uid,
                condition=condition,
            )
        # conditions end at cleanup, unless the effect said otherwise (AT-CLEAN-2)
        u.conditions[:] = [c for c in u.conditions if c in u.lasting]
    for hero in s.heroes:
        hero.passed = False
    if ctx.enc.round_limit is not None and s.round >= ctx.enc.round_limit:
        limit = ctx.enc.round_limit
        end(s, "failure", f"round {limit} ended", "round", round=limit)  # AT-END-4
        return
    s.round += 1
    s.phase = "draw"  # the next round begins with its draw (AT-ROUND-1)


# a round's four phases in order: draw, initiative (shuffle, reshuffle, swaps), turns,
# cleanup; cleanup leads to the next round's draw (AT-ROUND-1)
PHASES: dict[str, Callable[[State, Ctx], None]] = {
    "place": place_phase,
    "mulligan": mulligan_phase,
    "draw": draw_phase,
    "initiative": initiative_phase,
    "reshuffle": reshuffle_phase,
    "swaps": swaps_phase,
    "turns": turns_phase,
    "cleanup": cleanup_phase,
}


def cleanup_choices(hero: Hero) -> list[list[str]]:
    """Keep the hand, discard one card, or the whole hand after a pass (AT-CLEAN-1)."""
    choices = [["keep"]] + [["discard", c] for c in sorted(set(hero.hand))]
    if hero.passed:
        choices.append(["discard", "all"])
    return choices


def roll_initiative(s: State, ctx: Ctx) -> None:
    """One token per hero, per summon taking its own turns (AT-SUM-1) and the boss's
    tokens, all shuffled anew into this round's line (AT-INIT-1)."""
    line = [h.uid for h in s.heroes]
    line += [
        u.uid
        for u in s.units.values()
        if u.kind == "summon" and ctx.content.summons[u.type_id].turns == "own"
    ]
    boss = boss_uid(s, ctx)
    line += [boss] * ctx.enc.boss_initiative
    shuffle(s, line)
    s.initiative = line


def boss_uid(s: State, ctx: Ctx) -> str:
    for p in ctx.enc.placements:
        if ctx.content.enemies[p.enemy].role == "boss":
            return p.id.lower()
    return "boss"


def legal(s: State) -> list[Action]:
    if not s.pending:
        return []
    # choices are lists of strings already (saves check it): each its typed record at once
    return [typed(c) for c in s.pending[-1].data["choices"]]


def apply_action(s: State, ctx: Ctx, tokens: tuple[str, ...]) -> None:
    """Validate against the pending decision, then perform it and run forward."""
    if not s.pending or list(tokens) not in s.pending[-1].data["choices"]:
        raise explain(s, ctx, tokens)
    a = typed(tokens)  # an offered action: its record (tactics/records.py)
    d = s.pending.pop()
    s.decisions += 1
    hero = s.heroes[d.seat] if 0 <= d.seat < len(s.heroes) else None
    if d.kind in RESOLUTION_KINDS:
        answer(s, ctx, d, a)
    elif d.kind in ENEMY_KINDS:
        answer_enemy(s, ctx, d, a)
    elif d.kind == "turn":
        assert hero is not None
        answer_turn(s, ctx, hero, a)
    elif d.kind == "place":
        assert hero is not None and isinstance(a, Place)
        sq = ctx.board.square(a.square)
        assert sq is not None
        s.units[hero.uid].square = sq
        log(
            s,
            "move",
            "{hero} starts at {square}",
            seats=(hero.seat,),
            hero=hero.uid,
            square=a.square,
        )
        s.cursor += 1
    elif d.kind == "mulligan":
        assert hero is not None
        if isinstance(a, Mulligan):
            hero.deck.extend(hero.hand)
            hero.hand = []
            shuffle(s, hero.deck)
            log(
                s,
                "draw",
                "{hero} shuffles the hand back for a new one",
                seats=(hero.seat,),
                hero=hero.uid,
            )
            draw(s, ctx, hero, hand_size(ctx, hero))
            hero.mulliganed = True
        s.cursor += 1
    elif d.kind == "reshuffle":
        if isinstance(a, Reshuffle):
            s.potions -= 1
            s.potions_used += 1
            roll_initiative(s, ctx)
            log(
                s,
                "cost",
                "the party spends a revive potion ({potions} left) to reshuffle initiative: {line}",
                amounts={"potions": -1},
                potions=s.potions,
                line=" ".join(s.initiative),
            )
            s.cursor = 0
    elif d.kind == "swap":
        if isinstance(a, Swap):
            i = d.data["index"]
            s.initiative[i - 1], s.initiative[i] = s.initiative[i], s.initiative[i - 1]
            log(
                s,
                "turn",
                "{hero} moves up in initiative",
                seats=(d.seat,),
                hero=s.initiative[i - 1],
            )
    elif d.kind == "knocked_out":
        assert hero is not None
        if isinstance(a, Revive):
            revive(s, ctx, hero)
            s.acting = hero.uid
        else:
            # not a pass (AT-REVIVE-3)
            log(s, "turn", "{hero} skips the turn", seats=(hero.seat,), hero=hero.uid)
            finish_turn(s, ctx)
    elif d.kind == "cleanup":
        assert hero is not None
        if isinstance(a, Discard):
            if a.card == "all":
                names = ", ".join(ctx.content.cards[c].name for c in hero.hand)
                hero.discard.extend(hero.hand)
                hero.hand = []
            else:
                names = ctx.content.cards[a.card].name
                hero.hand.remove(a.card)
                hero.discard.append(a.card)
            log(
                s,
                "text",
                "{hero} discards {cards} at cleanup",
                seats=(hero.seat,),
                hero=hero.uid,
                cards=names,
            )
    advance(s, ctx)
