"""Boss turns: the boss deck, who activates, and each step handed to its module
(`enemy_moves`, `enemy_attacks`, `spawns`).

A boss turn is an `EnemyTurn` record that walks the revealed card's activations
enemy by enemy and step by step, so that it can stop for the players' decisions
(ties between heroes, crowded spawn squares, Response cards) and resume.
"""

from __future__ import annotations

from typing import Any

from towerplay.core.notation import Record
from towerplay.tactics.decks import shuffle
from towerplay.tactics.effects import heal, log, lose_condition
from towerplay.tactics.enemy_attacks import answer_response, enemy_attack, harpoon, random_attack
from towerplay.tactics.enemy_moves import (
    approach_costs,
    choose_focus,
    move_toward,
    random_move,
    targets,
)
from towerplay.tactics.enemy_moves import costs_from as costs_from  # the enemy rules' names
from towerplay.tactics.enemy_moves import placements as placements  # gathered here too
from towerplay.tactics.models import (
    Activation,
    BossCard,
    BossDeck,
    EAttack,
    EHarpoon,
    EHeal,
    EMove,
    EnemyStep,
    ERandomAttack,
    ESpawn,
    EWall,
)
from towerplay.tactics.narrate import N_
from towerplay.tactics.records import Focus, Spawn
from towerplay.tactics.spawns import place_minion, spawn, spawn_wall
from towerplay.tactics.state import Ctx, Decision, EnemyTurn, State, Unit


def start_boss_turn(s: State, ctx: Ctx) -> None:
    """Reveal the top boss card, reshuffling the discard when the deck is empty (AT-BOSS-1)."""
    if not s.boss_deck:
        s.boss_deck = s.boss_discard
        s.boss_discard = []
        shuffle(s, s.boss_deck)
        log(s, "text", "the boss deck is reshuffled ({n} cards)", n=len(s.boss_deck))
    idx = s.boss_deck.pop()
    s.boss_discard.append(idx)
    s.enemy_turn = EnemyTurn(idx)
    card = deck(ctx).cards[idx]
    who = activates(ctx, card)
    if len(who) > len(REVEALS) - 1:  # a longer list keeps its tail in the last field
        who = [*who[: len(REVEALS) - 2], ", ".join(who[len(REVEALS) - 2 :])]
    fields: dict[str, Any] = dict(zip(("who", "who2", "who3"), who, strict=False))
    log(s, "reveal", REVEALS[len(who)], card=card.name, **fields)


# a revealed boss card and who it activates, by how many it names: an enemy's name, or
# one of the words of WHO (each field is worded on its own)
REVEALS = (
    N_("boss card: {card} (nobody)"),
    N_("boss card: {card} ({who})"),
    N_("boss card: {card} ({who}, {who2})"),
    N_("boss card: {card} ({who}, {who2}, {who3})"),
)
WHO = (N_("boss"), N_("minions"), N_("all"))


def activates(ctx: Ctx, card: BossCard) -> list[str]:
    """Who the card activates, in the card's order: boss, minions, all, an enemy's name."""
    enemies = ctx.content.enemies
    return [enemies[a.who].name if a.who in enemies else a.who for a in card.activations]


def deck(ctx: Ctx) -> BossDeck:
    return ctx.content.boss_decks[ctx.enc.boss_deck]


def who(s: State, ctx: Ctx, act: Activation) -> list[str]:
    """Only the characters the card names act (AT-BOSS-1)."""
    out = []
    for u in s.units.values():
        if u.side != "enemy":
            continue
        if (
            act.who == "all"
            or (act.who == "boss" and u.kind == "boss")
            or (act.who == "minions" and u.kind == "minion")
            or act.who == u.type_id
        ):
            out.append(u.uid)
    return out


def continue_boss_turn(s: State, ctx: Ctx) -> None:
    et = s.enemy_turn
    while et is not None and not s.pending and not s.outcome:
        card = deck(ctx).cards[et.card]
        if not et.started:
            if et.activation >= len(card.activations):
                s.enemy_turn = None
                return
            et.queue = who(s, ctx, card.activations[et.activation])
            et.started, et.step, et.focus = True, 0, ""
        if not et.queue:
            et.activation += 1
            et.started = False
            continue
        u = s.units.get(et.queue[0])
        steps = card.activations[et.activation].steps
        if u is None or et.step >= len(steps):
            et.queue.pop(0)
            et.step, et.focus, et.attack = 0, "", {}
            continue
        if et.step == 0 and not et.focus and "stunned" in u.conditions and u.kind == "minion":
            lose_condition(u, "stunned")  # a stunned minion skips this activation (AT-COND-3)
            log(s, "condition", "{unit} is stunned and does not act", unit=u.uid)
            et.queue.pop(0)
            continue
        if run_step(s, ctx, et, u, steps[et.step]):
            return
        et.step += 1
        et.attack = {}


# --- steps ---------------------------------------------------------------------------


def run_step(s: State, ctx: Ctx, et: EnemyTurn, u: Unit, st: EnemyStep) -> bool:
    """Do one step of one enemy; True if it waits for a decision. An active ability is
    only ever one of these steps of a drawn boss card that names it (AT-BOSS-7)."""
    if isinstance(st, EMove):
        points = u.movement + st.extra
        levels = None  # without a search here, move_toward searches only as far as it moves
        if not et.focus:
            pool = targets(s, ctx, u)
            if len(pool) > 1:
                # one search serves both whom to go for and where to stop
                levels = approach_costs(s, ctx, u, pool, points)
            if choose_focus(s, ctx, et, u, pool, levels):
                return True
        if et.focus in s.units:
            move_toward(s, ctx, u, s.units[et.focus], points, levels)
        return False
    if isinstance(st, EAttack):
        return enemy_attack(s, ctx, et, u, st)
    if isinstance(st, EHarpoon):
        harpoon(s, ctx, et, u, st)
        return False
    if isinstance(st, ESpawn):
        return spawn(s, ctx, u, st)
    if isinstance(st, EWall):
        spawn_wall(s, ctx, u, st.wall)
        return False
    if isinstance(st, EHeal):
        heal(s, ctx, u, st.amount)
        return False
    if isinstance(st, ERandomAttack):
        return random_attack(s, ctx, et, u, st)
    random_move(s, ctx, u, st)
    return False


def answer_enemy(s: State, ctx: Ctx, d: Decision, a: Record) -> None:
    et = s.enemy_turn
    assert et is not None
    if d.kind == "focus":
        assert isinstance(a, Focus)
        sq = ctx.board.square(a.square)
        et.focus = next(
            u.uid
            for u in s.units.values()
            if u.side == "hero" and not u.knocked_out and u.square == sq
        )
    elif d.kind == "spawn":
        assert isinstance(a, Spawn)
        sq = ctx.board.square(a.square)
        assert sq is not None
        place_minion(s, ctx, d.data["enemy"], sq)
        et.step += 1  # the remaining spawns of this step are forgone
    elif d.kind == "response":
        answer_response(s, ctx, d, a)
