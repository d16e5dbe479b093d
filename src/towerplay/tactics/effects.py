"""Shared rules: asking a decision, damage, healing, knock-outs, conditions and moving a
figure. Where things stand and sight are in positions.py, a hero's numbers in stats.py,
the dice in dice.py, the decks in decks.py, the end of the encounter in ending.py.

Functions take the mutable `State` and the immutable `Ctx`; none of them keeps
anything between calls.
"""

from __future__ import annotations

from typing import Any

from towerplay.core.narration import Event, event
from towerplay.tactics.decks import draw_direction, shuffle
from towerplay.tactics.ending import check_objectives, end
from towerplay.tactics.grid import (
    ALL_DIRECTIONS,
    Square,
    step,
)
from towerplay.tactics.narrate import N_, attack_words, log, seats_of
from towerplay.tactics.positions import footprint, occupied, walls
from towerplay.tactics.state import TRAP_DAMAGE, Ctx, Decision, Hero, State, Unit
from towerplay.tactics.stats import hero_of, total


def ask(
    s: State,
    kind: str,
    seat: int,
    prompt: str,
    choices: list[list[str]],
    rule: str,
    say: dict[str, Any] | None = None,
    **data: Any,
) -> None:
    """Push a decision; `choices` are the legal actions as token lists. The prompt is an
    English template (a message id of the catalog) whose fields are `say`, kept beside it
    as `prompt_args` so that a screen words the question in its own language."""
    asked = {"prompt": prompt, "choices": choices, "rule": rule, **data}
    if say:
        asked["prompt_args"] = dict(say)
    s.pending.append(Decision(kind, seat, asked))


def question(d: Decision) -> Event:
    """A decision's prompt as an event a catalog words: its template and fields (a save
    older than `prompt_args` holds the English text, taken literally)."""
    return event("text", str(d.data["prompt"]), **(d.data.get("prompt_args") or {}))


# --- damage, healing, knock-outs --------------------------------------------------


def attack_total(ctx: Ctx, attacker: Unit, dice: list[int], bonus: int) -> int:
    """Dice plus bonus, halved (rounded down) when the attacker is weakened (AT-COND-2)."""
    dmg = sum(dice) + bonus
    if "weakened" in attacker.conditions:
        dmg //= 2  # halves round down (AT-TURN-5)
    return max(dmg, 0)


def reduction(s: State, ctx: Ctx, target: Unit) -> int:
    hero = hero_of(s, target.uid)
    return total(ctx, hero, "damage_reduction") if hero else 0


def hit(
    s: State,
    ctx: Ctx,
    attacker: Unit,
    target: Unit,
    amount: int,
    conditions: tuple[str, ...] = (),
    reduce: int = 0,
    ignore: bool = False,
    what: str = "attacks",
) -> int:
    """Resolve one attack on one target; returns the damage taken.

    Armor and responses reduce the damage; an ignored attack deals none
    (AT-ATK-4). Conditions follow the damage while the target is still in play, unless
    the damage was reduced to zero (or the attack ignored, or the target cannot be
    damaged): a roll of 0 itself still applies them (AT-ATK-3).
    """
    fields: dict[str, Any] = {"attacker": attacker.uid, "target": target.uid, "total": amount}
    seats = seats_of(attacker, target)
    spared = True  # nothing reached the target: no condition follows
    if target.kind == "summon" and not ctx.content.summons[target.type_id].damageable:
        dmg = 0  # the Imp cannot be damaged (AT-SUM-2)
        msg, word = attack_words(what, "immune")
        log(s, "damage", msg, seats=seats, **fields, **word)
    elif ignore:
        dmg = 0
        msg, word = attack_words(what, "ignored")
        log(s, "damage", msg, seats=seats, **fields, **word)
    else:
        dmg = max(0, amount - reduction(s, ctx, target) - reduce)
        blocked = amount - dmg
        spared = dmg == 0 and amount > 0  # reduced to zero: no condition (AT-ATK-3)
        msg, word = attack_words(what, "blocked" if blocked else "damage")
        log(
            s,
            "damage",
            msg,
            seats=seats,
            amounts={"hp": -min(dmg, target.hp), "blocked": blocked},
            blocked=blocked,
            damage=dmg,
            hp=max(0, target.hp - dmg),
            max_hp=target.max_hp,
            **fields,
            **word,
        )
    if dmg:
        damage(s, ctx, target, dmg)
    alive = target.uid in s.units and not target.knocked_out
    if alive and not spared:
        for c in conditions:
            add_condition(s, target, c)
    return dmg


def add_condition(s: State, u: Unit, condition: str, lasting: bool = False) -> None:
    if lasting and condition not in u.lasting:
        u.lasting.append(condition)  # kept through cleanup (AT-CLEAN-2)
    if condition not in u.conditions:
        u.conditions.append(condition)
        log(
            s,
            "condition",
            "{unit} is {condition}",
            seats=seats_of(u),
            unit=u.uid,
            condition=condition,
        )


def lose_condition(u: Unit, condition: str) -> None:
    """A condition ends, a lasting one too (AT-CLEAN-2)."""
    u.conditions.remove(condition)
    if condition in u.lasting:
        u.lasting.remove(condition)


def damage(s: State, ctx: Ctx, u: Unit, amount: int) -> None:
    """HP never goes below 0; a hero at 0 is knocked out, an enemy leaves play (AT-KO-1).

    Nothing damages the Imp, not even a trap (AT-SUM-2).
    """
    if u.kind == "summon" and not ctx.content.summons[u.type_id].damageable:
        return
    u.hp = max(0, u.hp - amount)
    if u.hp > 0:
        return
    if u.side == "enemy":
        defeat_enemy(s, ctx, u)
    elif u.kind == "summon" and ctx.content.summons[u.type_id].removed_when_knocked_out:
        del s.units[u.uid]  # a skeleton is removed instead (AT-SUM-3)
        log(s, "defeat", "{unit} crumbles and is removed", seats=seats_of(u), unit=u.uid)
    else:
        knock_out(s, ctx, u)  # heroes, and the beast companion like a hero (AT-SUM-4)


def move_unit(s: State, ctx: Ctx, u: Unit, sq: int) -> None:
    b = ctx.board
    log(
        s,
        "move",
        "{unit} moves from {src} to {dst}",
        seats=seats_of(u),
        unit=u.uid,
        src=b.name(u.square),
        dst=b.name(sq),
    )
    u.square = sq
    if any((1 << f) & b.traps for f in footprint(ctx, u)):
        # trap squares hurt whoever ends a move on them (designed)
        if u.kind == "summon" and not ctx.content.summons[u.type_id].damageable:
            log(s, "damage", "{unit} springs a trap but cannot be damaged", unit=u.uid)
        else:
            hp = max(0, u.hp - TRAP_DAMAGE)
            log(
                s,
                "damage",
                "{unit} springs a trap: {damage} damage; {unit} has {hp} of {max_hp} HP",
                seats=seats_of(u),
                amounts={"hp": hp - u.hp},
                unit=u.uid,
                damage=TRAP_DAMAGE,
                hp=hp,
                max_hp=u.max_hp,
            )
        damage(s, ctx, u, TRAP_DAMAGE)


def knock_out(s: State, ctx: Ctx, u: Unit) -> None:
    u.knocked_out = True
    u.conditions.clear()
    u.lasting.clear()
    log(s, "defeat", "{unit} is knocked out", seats=seats_of(u), unit=u.uid)
    if u.kind != "hero":
        return
    s.knockouts += 1
    heroes = [s.units[h.uid] for h in s.heroes]
    if all(h.knocked_out for h in heroes):
        end(s, "failure", N_("all heroes knocked out"))  # AT-END-3
    elif s.potions == 0:
        end(s, "failure", N_("a hero knocked out with no revive potion left"))  # AT-END-3


def defeat_enemy(s: State, ctx: Ctx, u: Unit) -> None:
    enemy = ctx.content.enemies[u.type_id]
    if "bound_to_serve" in enemy.passives:
        # a triggered passive fires every time its condition is met (AT-BOSS-6)
        # Bound to Serve: heal to full and re-spawn at the starting square (AT-BOSS-2)
        u.hp = u.max_hp
        u.conditions.clear()
        u.lasting.clear()
        sq = free_near(s, ctx, u.start, u.uid)
        if sq is not None:
            u.square = sq
            log(
                s,
                "spawn",
                "{unit} is bound to serve: it re-spawns at {square} with {hp} HP",
                unit=u.uid,
                square=ctx.board.name(sq),
                hp=u.hp,
            )
            return
    del s.units[u.uid]
    s.defeated[u.type_id] = s.defeated.get(u.type_id, 0) + 1
    log(s, "defeat", "{unit} is defeated", unit=u.uid)
    check_objectives(s, ctx)


def free_near(s: State, ctx: Ctx, sq: Square, exclude: str = "") -> Square | None:
    """`sq` if free, else the first free square around it (compass order)."""
    occ = occupied(s, ctx, exclude) | walls(s, ctx)
    if not (1 << sq) & occ:
        return sq
    for dx, dy in ALL_DIRECTIONS:
        n = step(sq, dx, dy, ctx.board.width, ctx.board.height)
        if n is not None and not (1 << n) & occ:
            return n
    return None


def fit_max_hp(s: State, ctx: Ctx, hero: Hero) -> None:
    """The equipment on the board raises the maximum HP while it is there; when it
    leaves, the maximum falls back and HP above it is lost (AT-HP-1)."""
    cards = ctx.content.cards
    worn = sum(
        cards[cid].equipped.max_hp
        for slot, cid in hero.board.items()
        if cid is not None and slot != "class_feature"
    )
    if worn == hero.worn_hp:
        return
    u = s.units[hero.uid]
    u.max_hp = max(1, u.max_hp + worn - hero.worn_hp)
    u.hp = min(u.hp, u.max_hp)  # never above the maximum (AT-HP-1)
    hero.worn_hp = worn


def heal(s: State, ctx: Ctx, u: Unit, amount: int) -> None:
    """Heal up to maximum HP; a knocked-out hero healed above 0 returns (AT-KO-4)."""
    if amount <= 0:
        return
    before = u.hp
    u.hp = min(u.max_hp, u.hp + amount)  # healing stops at the maximum (AT-HP-1)
    log(
        s,
        "gain",
        "{unit} heals {healed} of {amount}; {unit} has {hp} of {max_hp} HP",
        seats=seats_of(u),
        amounts={"hp": u.hp - before},
        unit=u.uid,
        healed=u.hp - before,
        amount=amount,
        hp=u.hp,
        max_hp=u.max_hp,
    )
    if u.knocked_out and u.hp > 0:
        return_to_board(s, ctx, u)


def return_to_board(s: State, ctx: Ctx, u: Unit) -> None:
    """Back on the last square, or where the direction deck points if taken (AT-KO-4)."""
    occ = occupied(s, ctx, u.uid) | walls(s, ctx)
    sq = u.square
    tries = 0
    while (1 << sq) & occ and tries < 64:
        dx, dy = draw_direction(s, ctx)
        n = step(u.square, dx, dy, ctx.board.width, ctx.board.height)
        if n is not None:
            sq = n
        tries += 1
    if (1 << sq) & occ:
        free = free_near(s, ctx, u.square, u.uid)
        if free is None:
            return
        sq = free
    u.square = sq
    u.knocked_out = False
    log(
        s,
        "move",
        "{unit} returns to the board at {square}",
        seats=seats_of(u),
        unit=u.uid,
        square=ctx.board.name(sq),
    )


def end_of_turn(s: State) -> None:
    """Reshuffle the direction deck after any turn that used it (AT-KO-5)."""
    if s.direction_used:
        s.direction_deck.extend(s.direction_discard)
        s.direction_discard = []
        shuffle(s, s.direction_deck)
        s.direction_used = False
