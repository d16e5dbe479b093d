"""What a loaded encounter must satisfy beyond each field's own type and domain.

core/serial.py has checked every field alone; these checks tie them together:
units fit their kind and stand on the board, every hero has its figure, the
initiative line names real figures, and each pending question offers only
answers that its kind can apply (a square that holds what the answer needs, a
card the hero holds). A turn's choices are recomputed and must match exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from towerplay.core.errors import SaveError
from towerplay.tactics.basic_attacks import push_choices, splash_choices
from towerplay.tactics.cards import enemies_of, steps_of
from towerplay.tactics.decks import DIRECTIONS
from towerplay.tactics.encounter import ENEMY_KINDS, RESOLUTION_KINDS, boss_uid
from towerplay.tactics.models import (
    AttackStep,
    Condition,
    ConditionStep,
    HealStep,
    MoveStep,
    SummonStep,
)
from towerplay.tactics.positions import footprint
from towerplay.tactics.state import Ctx, Decision, State, Unit
from towerplay.tactics.turns import summon_token, turn_choices

Fail = Callable[[str, str], SaveError]
SIDES = {"hero": "hero", "summon": "hero", "boss": "enemy", "minion": "enemy"}
# the answers of the kinds whose answers are fixed words (encounter.py step_phase)
WORDS = {
    "mulligan": (["keep"], ["mulligan"]),
    "reshuffle": (["accept"], ["reshuffle"]),
    "swap": (["keep"], ["swap"]),
    "knocked_out": (["revive"], ["skip"]),
}


# the verb of the answers to a decision that names a square (or an option, a card, a unit):
# what its handler reads (cards.py answer, enemies.py, encounter.py apply_action)
ANSWERS = {
    "place": "place",
    "move": "move",
    "target": "target",
    "heal": "target",
    "condition": "target",
    "summon": "place",
    "order": "hit",
    "focus": "focus",
    "spawn": "spawn",
    "option": "option",
    "response": "respond",
}


# an enemy attack waiting for Responses (enemies.py enemy_attack): its keys and their types
ATTACK: dict[str, type] = {
    "targets": list,
    "amount": int,
    "conditions": list,
    "asked": list,
    "reduce": int,
    "ignore": bool,
    "name": str,
}


# the step a resolution's question is about (cards.py answer)
STEP_OF: dict[str, type] = {
    "move": MoveStep,
    "target": AttackStep,
    "order": AttackStep,
    "heal": HealStep,
    "condition": ConditionStep,
    "summon": SummonStep,
    "push": AttackStep,
    "splash": AttackStep,
}


def check_state(ctx: Ctx, s: State, fail: Fail) -> None:
    for uid, u in s.units.items():
        _unit(ctx, s, u, f"state.units.{uid}", fail)
    _heroes(s, fail)
    _decks(ctx, s, fail)
    _turns(ctx, s, fail)
    _in_progress(ctx, s, fail)
    for i, d in enumerate(s.pending):
        _decision(ctx, s, d, f"state.pending[{i}]", fail)


def _unit(ctx: Ctx, s: State, u: Unit, path: str, fail: Fail) -> None:
    c = ctx.content
    types: Any = {"hero": c.classes, "summon": c.summons}.get(u.kind, c.enemies)
    if u.type_id not in types:
        raise fail(f"{path}.type_id", f"{u.type_id!r} is not a {u.kind}'s type")
    if u.kind in ("boss", "minion") and c.enemies[u.type_id].role != u.kind:
        raise fail(f"{path}.type_id", f"{u.type_id!r} is not a {u.kind}")
    if SIDES[u.kind] != u.side:
        raise fail(f"{path}.side", f"a {u.kind} is on the {SIDES[u.kind]} side")
    if not 0 <= u.hp <= u.max_hp:
        raise fail(f"{path}.hp", f"{u.hp} is out of range 0..{u.max_hp}")
    if u.kind in ("hero", "summon") and u.owner not in range(s.heroes_count):
        raise fail(f"{path}.owner", f"{u.owner} is not a seat")
    b = ctx.board
    if (
        u.square >= 0
        and u.large
        and (u.square % b.width == b.width - 1 or u.square >= (b.height - 1) * b.width)
    ):
        raise fail(f"{path}.square", "a large base does not fit on the board there")
    if u.square < 0 and (u.kind != "hero" or s.phase != "place"):
        raise fail(f"{path}.square", "only heroes not yet placed are off the board")
    lo, hi = u.attack_range
    if not 0 <= lo <= hi:
        raise fail(f"{path}.attack_range", f"{[lo, hi]} is not a range")


def _heroes(s: State, fail: Fail) -> None:
    for i, h in enumerate(s.heroes):
        path = f"state.heroes[{i}]"
        if h.seat != i:
            raise fail(f"{path}.seat", f"expected seat {i}")
        u = s.units.get(h.uid)
        if u is None or u.kind != "hero" or u.owner != i or u.type_id != h.class_id:
            raise fail(f"{path}.uid", f"no hero figure {h.uid!r} of seat {i} and {h.class_id!r}")
        for j, uid in enumerate(h.commanded):
            # a summon commanded this turn may have left the board since (a skeleton
            # knocked out is removed, AT-SUM-3); one still there is this hero's own summon
            cmd = s.units.get(uid)
            if cmd is not None and (cmd.kind != "summon" or cmd.owner != i):
                raise fail(f"{path}.commanded[{j}]", f"{uid!r} is not a summon of seat {i}")
    heroes = [u for u in s.units.values() if u.kind == "hero"]
    if len(heroes) != len(s.heroes):
        raise fail("state.units", "expected one hero figure per hero")


def _turns(ctx: Ctx, s: State, fail: Fail) -> None:
    tokens = {h.uid for h in s.heroes} | {boss_uid(s, ctx)}  # a defeated boss keeps its own
    for i, uid in enumerate(s.initiative):
        if uid not in tokens and not summon_token(ctx, uid):  # a summon's own (AT-SUM-1)
            raise fail(f"state.initiative[{i}]", f"no hero, summon or boss {uid!r}")
    for h in s.heroes:  # one token per hero in the line being ordered (AT-INIT-1..3)
        if s.phase in ("reshuffle", "swaps") and s.initiative.count(h.uid) != 1:
            raise fail("state.initiative", f"expected one token of {h.uid!r}")
    if s.turn_index > len(s.initiative):
        raise fail("state.turn_index", "past the initiative line")
    if s.cursor > len(s.heroes) or (s.phase == "swaps" and s.cursor > len(s.heroes)):
        raise fail("state.cursor", f"{s.cursor} is past the heroes")
    if s.acting and not any(h.uid == s.acting for h in s.heroes):
        u = s.units.get(s.acting)  # a summon taking its own turn acts too (AT-SUM-1)
        if u is None or u.kind != "summon":
            raise fail("state.acting", f"no hero or summon {s.acting!r}")
    if (s.phase == "over") != bool(s.outcome):
        raise fail("state.phase", "the phase is over exactly when the encounter has an outcome")
    if not s.outcome and len(s.pending) != 1:  # saved between actions: one question asked
        raise fail("state.pending", "a running encounter waits for one decision")
    if s.outcome and s.pending:
        raise fail("state.pending", "an encounter that is over asks nothing")
    for i, d in enumerate(s.pending):
        if d.kind in RESOLUTION_KINDS and s.resolution is None:
            raise fail(f"state.pending[{i}].kind", f"a {d.kind} needs a card being resolved")
        if d.kind in ENEMY_KINDS and s.enemy_turn is None:
            raise fail(f"state.pending[{i}].kind", f"a {d.kind} needs a boss turn")
    r = s.resolution
    if r is not None:
        if r.option < 0 and not (s.pending and s.pending[-1].kind == "option"):
            raise fail("state.resolution.option", "no option chosen, and none is asked")
        if r.actor not in s.units:
            raise fail("state.resolution.actor", f"no unit {r.actor!r}")
        if r.card not in ctx.content.cards and not r.card.startswith(("@", "~", "!")):
            raise fail("state.resolution.card", f"no card {r.card!r}")
        if r.card.startswith("!") and r.card[1:] not in ctx.items:
            raise fail("state.resolution.card", f"no party item {r.card[1:]!r}")
        for j, uid in enumerate(r.queue):
            if uid not in s.units:
                raise fail(f"state.resolution.queue[{j}]", f"no unit {uid!r}")
    et = s.enemy_turn
    if et is not None:
        for j, uid in enumerate(et.queue):
            if uid not in s.units:
                raise fail(f"state.enemy_turn.queue[{j}]", f"no unit {uid!r}")
        if et.focus and et.focus not in s.units:
            raise fail("state.enemy_turn.focus", f"no unit {et.focus!r}")
        if et.attack:
            _attack(s, et.attack, fail)


def _attack(s: State, attack: dict[str, Any], fail: Fail) -> None:
    path = "state.enemy_turn.attack"
    for key, kind in ATTACK.items():
        v = attack.get(key)
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise fail(f"{path}.{key}", f"expected {kind.__name__}")
    if "responded" in attack and not isinstance(attack["responded"], bool):
        raise fail(f"{path}.responded", "expected bool")
    if not all(isinstance(u, str) and u in s.units for u in attack["targets"]):
        raise fail(f"{path}.targets", "expected unit ids")
    if not all(isinstance(x, int) and 0 <= x < s.heroes_count for x in attack["asked"]):
        raise fail(f"{path}.asked", "expected seats")
    if not all(x in get_args(Condition) for x in attack["conditions"]):
        raise fail(f"{path}.conditions", "expected conditions")
    if not 0 <= attack["amount"] <= 99 or not 0 <= attack["reduce"] <= 99:
        raise fail(f"{path}.amount", "out of range 0..99")


def _decks(ctx: Ctx, s: State, fail: Fail) -> None:
    """The boss deck and its discard hold each card once, and so do the direction cards."""
    n = len(ctx.content.boss_decks[ctx.enc.boss_deck].cards)
    if sorted(s.boss_deck + s.boss_discard) != list(range(n)):
        raise fail("state.boss_deck", f"the boss deck and discard hold its {n} cards once each")
    if sorted(s.direction_deck + s.direction_discard) != sorted(DIRECTIONS):
        raise fail("state.direction_deck", "the direction deck and discard hold its 8 cards")


def _decision(ctx: Ctx, s: State, d: Decision, path: str, fail: Fail) -> None:
    data = d.data
    for key, kind in (("prompt", str), ("rule", str), ("choices", list)):
        if not isinstance(data.get(key), kind):
            raise fail(f"{path}.data.{key}", f"expected {kind.__name__}")
    said = data.get("prompt_args", {})  # the prompt's fields (absent in older saves)
    if not isinstance(said, dict) or not all(isinstance(k, str) for k in said):
        raise fail(f"{path}.data.prompt_args", "expected an object of the prompt's fields")
    choices = data["choices"]
    if not choices or not all(
        isinstance(c, list) and c and all(isinstance(t, str) for t in c) for c in choices
    ):
        raise fail(f"{path}.data.choices", "expected a list of actions, each a list of strings")
    where = f"{path}.data.choices"
    if d.kind == "turn":
        hero = s.heroes[d.seat]
        if choices != turn_choices(s, ctx, hero):
            raise fail(where, f"not the choices of {hero.uid}'s turn now")
        return
    if d.kind in WORDS:
        if any(c not in WORDS[d.kind] for c in choices):
            raise fail(where, f"a {d.kind} is answered with {WORDS[d.kind]}")
        if d.kind == "swap" and not (
            isinstance(data.get("index"), int) and 1 <= data["index"] < len(s.initiative)
        ):
            raise fail(f"{path}.data.index", "not a place in the initiative line")
        return
    if d.kind in ("push", "splash"):
        _modifier_choices(ctx, s, d, path, fail)
        return
    if d.kind == "cleanup":
        hero = s.heroes[d.seat]
        for c in choices:
            if c != ["keep"] and not (
                len(c) == 2 and c[0] == "discard" and (c[1] in hero.hand or c[1] == "all")
            ):
                raise fail(where, f"{c!r} does not discard a card in the hand")
        return
    _square_choices(ctx, s, d, where, fail)


def _modifier_choices(ctx: Ctx, s: State, d: Decision, path: str, fail: Fail) -> None:
    """A Warlock's push or a War Mage's splash offers exactly what basic_attacks.py
    would offer now (AT-ELITE-6, AT-ELITE-7)."""
    r = s.resolution
    assert r is not None  # _turns: a resolution kind has its card being resolved
    if d.kind == "push":
        uid = d.data.get("unit")
        if not isinstance(uid, str) or uid not in s.units:
            raise fail(f"{path}.data.unit", "expected the pushed unit's id")
        want = push_choices(s, ctx, s.units[uid])
    else:
        want = splash_choices(s, ctx, s.units[r.actor], r.last_target)
    if not want or d.data["choices"] != [*want, ["decline"]]:
        raise fail(f"{path}.data.choices", f"not the choices of a {d.kind} now")


def _square_choices(ctx: Ctx, s: State, d: Decision, where: str, fail: Fail) -> None:
    """Answers that name a square (or an option number): the square must hold what
    the kind's answer looks for there."""
    b = ctx.board
    data = d.data
    if d.kind == "summon" and data.get("summon") not in ctx.content.summons:
        raise fail(where.replace("choices", "summon"), "not a summon")
    if d.kind == "spawn" and data.get("enemy") not in ctx.content.enemies:
        raise fail(where.replace("choices", "enemy"), "not an enemy")
    verb = ANSWERS.get(d.kind)
    for c in data["choices"]:
        if c in (["stay"], ["decline"]):
            continue
        if c[0] != verb:  # a corrupted verb would reach a handler that reads another record
            raise fail(where, f"{c!r}: a {d.kind} is answered with {verb}")
        if d.kind == "option":
            if not (len(c) == 2 and c[1].isdigit() and int(c[1]) >= 1):
                raise fail(where, f"{c!r} is not an option")
            continue
        if d.kind == "response":
            if len(c) != 2 or c[1] not in ctx.content.cards:
                raise fail(where, f"{c!r} does not name a card")
            continue
        if d.kind == "heal" and len(c) == 2 and c[1] in s.units:
            continue
        sq = b.by_name.get(c[1]) if len(c) == 2 else None
        if sq is None:
            raise fail(where, f"{c!r} does not name a square of the map")
        if not _holds(ctx, s, d.kind, sq):
            raise fail(where, f"{c!r}: nothing a {d.kind} needs stands there")


def _holds(ctx: Ctx, s: State, kind: str, sq: int) -> bool:
    here = [u for u in s.units.values() if sq in footprint(ctx, u)]
    if kind == "order":
        r = s.resolution
        return r is not None and any(s.units[uid].square == sq for uid in r.queue)
    if kind == "focus":
        return any(u.side == "hero" and not u.knocked_out and u.square == sq for u in here)
    r = s.resolution
    if r is None or kind not in ("target", "heal", "condition"):
        return True
    actor = s.units[r.actor]
    if kind == "target":  # one enemy there, unless the attack has an area (cards.py)
        st = steps_of(s, ctx, r)[r.step]
        foes = enemies_of(s, actor.side)
        return isinstance(st, AttackStep) and (st.aoe > 0 or any(u in foes for u in here))
    if kind == "heal":
        return any(u.side == actor.side and not u.knocked_out for u in here)
    return any(not u.knocked_out for u in here)


def _in_progress(ctx: Ctx, s: State, fail: Fail) -> None:
    """The card or boss step a pending question belongs to exists (cards.py answer,
    enemies.py answer_enemy index them directly)."""
    kind = s.pending[-1].kind if s.pending else ""
    r = s.resolution
    if r is not None:
        card = ctx.content.cards.get(r.card)
        if r.card.startswith("~") and not r.card[1:].isdigit():
            raise fail("state.resolution.card", f"{r.card!r} is not a dash")
        if r.card.startswith("@") and r.card[1:] not in s.units:
            raise fail("state.resolution.card", f"no summon {r.card[1:]!r}")
        if card is not None and r.option >= len(card.options):
            raise fail("state.resolution.option", f"the card has {len(card.options)} options")
        if kind in STEP_OF:
            steps = steps_of(s, ctx, r)
            if r.step >= len(steps):
                raise fail("state.resolution.step", "past the steps of the card")
            if not isinstance(steps[r.step], STEP_OF[kind]):
                raise fail("state.resolution.step", f"a {kind} question is not about this step")
    et = s.enemy_turn
    if et is not None and kind in ENEMY_KINDS:
        boss = ctx.content.boss_decks[ctx.enc.boss_deck].cards[et.card]
        if not et.started or et.activation >= len(boss.activations):
            raise fail("state.enemy_turn.activation", "not an activation of the boss card")
        if not et.queue or et.queue[0] not in s.units:
            raise fail("state.enemy_turn.queue", "no enemy is acting")
        if et.step >= len(boss.activations[et.activation].steps):
            raise fail("state.enemy_turn.step", "past the steps of the activation")
        if kind == "response" and not et.attack:
            raise fail("state.enemy_turn.attack", "a Response needs an attack to answer")
