"""Enemy attacks: the basic attack and areas, the players' Response cards,
Pawl's Harpoon and attacks in a random direction.

An attack waiting for Responses is kept in `EnemyTurn.attack`, so that the boss
turn can stop for the players and resume (AT-KEY-3).
"""

from __future__ import annotations

from typing import Any

from towerplay.core.notation import Record
from towerplay.tactics.area import area_units
from towerplay.tactics.decks import draw_direction
from towerplay.tactics.dice import roll
from towerplay.tactics.effects import ask, attack_total, fit_max_hp, hit, log
from towerplay.tactics.enemy_moves import choose_focus, targets
from towerplay.tactics.grid import (
    ALL_DIRECTIONS,
    Square,
    distance,
    set_distance,
    step,
)
from towerplay.tactics.models import EAttack, EHarpoon, ERandomAttack
from towerplay.tactics.narrate import N_, attack_words, log_roll, seats_of
from towerplay.tactics.positions import footprint, in_range, occupied, sight_blockers, walls
from towerplay.tactics.records import Respond
from towerplay.tactics.state import Ctx, Decision, EnemyTurn, State, Unit


def enemy_attack(s: State, ctx: Ctx, et: EnemyTurn, u: Unit, st: EAttack) -> bool:
    """The basic attack (or the card's named one) on the hero it moved toward."""
    if not et.attack:
        band = st.range if st.range is not None else u.attack_range
        dice = st.dice or u.attack_dice
        if st.aoe and band[1] == 0:
            center: tuple[Square, ...] = footprint(ctx, u)  # around itself, all its squares
        else:
            if not et.focus:
                blockers = sight_blockers(s, ctx, u.side)
                in_reach = [
                    t
                    for t in targets(s, ctx, u)
                    if in_range(s, ctx, u, footprint(ctx, t), band, blockers)
                ]
                if choose_focus(s, ctx, et, u, in_reach):
                    return True
            focus = s.units.get(et.focus)
            if (
                focus is None
                or focus.knocked_out
                or "invisible" in focus.conditions
                or not in_range(s, ctx, u, footprint(ctx, focus), band)
            ):
                return False
            center = (focus.square,)
        if st.aoe:
            # every character in the area, the boss's own minions too (AT-AOE-3)
            hit_list = [t.uid for t in area_units(s, ctx, u, center, st.aoe, st.affects)]
        else:
            hit_list = [et.focus]
        rolled = roll(s, ctx, dice)  # one roll for every target (AT-AOE-3)
        amount = attack_total(ctx, u, rolled, u.attack_bonus)
        log_roll(s, u, rolled, u.attack_bonus, amount, heal=False)
        et.attack = {
            "targets": hit_list,
            "amount": amount,
            "conditions": list(st.conditions),
            "asked": [],
            "reduce": 0,
            "ignore": False,
            "name": st.name or "attacks",
        }
    return resolve_enemy_attack(s, ctx, et, u)


def responders(s: State, ctx: Ctx, target: Unit, asked: list[int]) -> list[tuple[int, list[str]]]:
    """Heroes who may play a Response to this attack: from hand or the board (AT-KEY-3).

    A Response answers an attack on a hero or a summon, never one on an enemy caught
    in its own side's area."""
    out: list[tuple[int, list[str]]] = []
    if target.side != "hero":
        return out
    responses = ctx.responses
    for hero in s.heroes:
        me = s.units[hero.uid]
        if hero.seat in asked or me.knocked_out:
            continue
        held = [c for c in hero.hand if c in responses] + [
            c for c in hero.board.values() if c in responses
        ]
        if not held:
            continue
        cards = []
        for cid in held:
            resp = ctx.content.cards[cid].response
            if resp is None or cid in cards:
                continue
            if (resp.range == 0 and me.uid == target.uid) or (
                resp.range > 0
                and set_distance(footprint(ctx, me), footprint(ctx, target), ctx.board.width)
                <= resp.range
            ):
                cards.append(cid)
        if cards:
            out.append((hero.seat, sorted(cards)))
    return out


def response_choices(cards: list[str]) -> list[list[str]]:
    """Play one of these Response cards, or let the attack land (AT-KEY-3)."""
    return [["respond", c] for c in cards] + [["decline"]]


def resolve_enemy_attack(s: State, ctx: Ctx, et: EnemyTurn, u: Unit) -> bool:
    a = et.attack
    while a["targets"] and not s.outcome:
        target = s.units.get(a["targets"][0])
        if target is None or target.knocked_out:
            a["targets"].pop(0)
            continue
        if not a.get("responded"):
            options = responders(s, ctx, target, a["asked"])
            if options:
                seat, cards = options[0]
                choices = response_choices(cards)
                ask(
                    s,
                    "response",
                    seat,
                    "{unit} {attack} {target} for {n}: respond?",
                    choices,
                    "AT-KEY-3",
                    say={
                        "unit": u.uid,
                        "attack": a["name"],
                        "target": target.uid,
                        "n": a["amount"],
                    },
                    unit=target.uid,
                )
                return True
        hit(
            s,
            ctx,
            u,
            target,
            a["amount"],
            tuple(a["conditions"]),
            a["reduce"],
            a["ignore"],
            a["name"],
        )
        a["targets"].pop(0)
        a["asked"], a["reduce"], a["ignore"], a["responded"] = [], 0, False, False
    return False


def answer_response(s: State, ctx: Ctx, d: Decision, answer: Record) -> None:
    et = s.enemy_turn
    assert et is not None
    a = et.attack
    if not isinstance(answer, Respond):  # declined
        a["asked"].append(d.seat)
        return
    hero = s.heroes[d.seat]
    cid = answer.card
    if cid in hero.hand:
        hero.hand.remove(cid)
    else:
        slot = next(k for k, v in hero.board.items() if v == cid)
        hero.board[slot] = None
        fit_max_hp(s, ctx, hero)  # AT-HP-1
    card = ctx.content.cards[cid]
    (hero.set_aside if card.remove else hero.discard).append(cid)
    assert card.response is not None
    a["reduce"] += card.response.reduce
    a["ignore"] = a["ignore"] or card.response.ignore
    a["responded"] = True  # only one Response per event (AT-KEY-3)
    fields: dict[str, Any] = {"hero": hero.uid, "card": card.name, "n": card.response.reduce}
    if card.response.ignore:
        msg = N_("{hero} responds with {card}: the attack is ignored")
    else:
        msg = N_("{hero} responds with {card}: {n} less damage")
    log(s, "text", msg, seats=(hero.seat,), **fields)


def harpoon(s: State, ctx: Ctx, et: EnemyTurn, u: Unit, st: EHarpoon) -> None:
    """Pawl's Harpoon: the target is moved to the closest square adjacent to Pawl (AT-BOSS-5)."""
    blockers = sight_blockers(s, ctx, u.side)
    pool = [
        t for t in targets(s, ctx, u) if in_range(s, ctx, u, footprint(ctx, t), st.range, blockers)
    ]
    if not pool:
        return
    pool.sort(
        key=lambda t: (
            set_distance(footprint(ctx, u), footprint(ctx, t), ctx.board.width),
            t.square,
        )
    )
    target = pool[0]
    occ = occupied(s, ctx, target.uid) | walls(s, ctx)
    w, h = ctx.board.width, ctx.board.height
    around = set()
    for f in footprint(ctx, u):
        for dx, dy in ALL_DIRECTIONS:
            n = step(f, dx, dy, w, h)
            if n is not None and not (1 << n) & occ:
                around.add(n)
    if not around:
        return
    ty, tx = divmod(target.square, w)
    dest = min(
        around,
        key=lambda sq: (distance(sq, target.square, w), abs(sq // w - ty) + abs(sq % w - tx), sq),
    )
    log(
        s,
        "move",
        "{unit} harpoons {target} from {src} to {dst}",
        seats=seats_of(target),
        unit=u.uid,
        target=target.uid,
        src=ctx.board.name(target.square),
        dst=ctx.board.name(dest),
    )
    target.square = dest
    et.focus = target.uid


def random_attack(s: State, ctx: Ctx, et: EnemyTurn, u: Unit, st: ERandomAttack) -> bool:
    """An attack in a random direction: the first hero along the drawn line (AT-BOSS-4)."""
    spec = EAttack(
        op="attack",
        name=st.name or "swings at",
        dice=st.dice,
        range=st.range,
        conditions=st.conditions,
    )
    if et.attack:  # resuming after the players answered a Response
        return enemy_attack(s, ctx, et, u, spec)
    dx, dy = draw_direction(s, ctx)
    w, h = ctx.board.width, ctx.board.height
    wall = walls(s, ctx)
    found: Unit | None = None
    for k in range(1, st.range[1] + 1):
        for f in footprint(ctx, u):
            sq = step(f, dx * k, dy * k, w, h)
            if sq is None or sq in footprint(ctx, u) or (1 << sq) & wall:
                continue
            t = next(
                (
                    x
                    for x in s.units.values()
                    if x.side == "hero" and not x.knocked_out and sq in footprint(ctx, x)
                ),
                None,
            )
            if t is not None:
                found = t
                break
        if found is not None:
            break
    if found is None or "invisible" in found.conditions:
        msg, word = attack_words(spec.name, "missed")
        log(s, "text", msg, unit=u.uid, **word)
        return False
    et.focus = found.uid
    return enemy_attack(s, ctx, et, u, spec)
