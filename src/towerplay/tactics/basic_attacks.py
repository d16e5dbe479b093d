"""The elite classes' basic-attack modifiers (the Elite Class Table, AT-ELITE-4..7).

Four elite class cards change their basic attack: the Demon Hunter rolls an extra
die against an adjacent target, the Paladin heals 1 HP, the Warlock may move the
target one square in any direction after the attack, and the War Mage may deal 1
damage to another target at range 2. The last two are the player's choice, asked
as a `push` or `splash` decision while the attack's step is still being resolved.
"""

from __future__ import annotations

from towerplay.core.notation import Record
from towerplay.tactics.effects import ask, damage, heal, log, move_unit
from towerplay.tactics.grid import ALL_DIRECTIONS, set_distance, step
from towerplay.tactics.narrate import seats_of
from towerplay.tactics.positions import (
    footprint,
    in_range,
    obstacles,
    occupied,
    sight_blockers,
    walls,
)
from towerplay.tactics.records import Push, Splash
from towerplay.tactics.state import Ctx, Resolution, State, Unit
from towerplay.tactics.stats import hero_of

SPLASH_RANGE = (1, 2)  # War Mage: "another target at range 2" (within 2, in sight)
SPLASH_DAMAGE = 1


def modifier_of(s: State, ctx: Ctx, actor: Unit) -> str | None:
    """The basic-attack modifier of the hero's class card, if any."""
    hero = hero_of(s, actor.uid)
    return None if hero is None else ctx.content.classes[hero.class_id].basic_attack_modifier


def extra_dice(s: State, ctx: Ctx, actor: Unit, target: Unit | None) -> list[str]:
    """Demon Hunter: one more die, of the class card's first colour, when the target
    is adjacent (AT-ELITE-4)."""
    if target is None or modifier_of(s, ctx, actor) != "extra_die_adjacent":
        return []
    if set_distance(footprint(ctx, actor), footprint(ctx, target), ctx.board.width) != 1:
        return []
    return [actor.attack_dice[0]] if actor.attack_dice else []


def after_basic_attack(s: State, ctx: Ctx, r: Resolution, actor: Unit) -> None:
    """What a basic attack does after its damage: the Paladin heals 1 (AT-ELITE-5);
    the Warlock may push the target (AT-ELITE-6); the War Mage may splash another
    target (AT-ELITE-7). `r.last_target` is the character the attack hit."""
    mod = modifier_of(s, ctx, actor)
    if mod is None or s.outcome or actor.knocked_out:
        return
    if mod == "heal_1":
        heal(s, ctx, actor, 1)
        return
    target = s.units.get(r.last_target)
    if mod == "push_1" and target is not None and not target.knocked_out:
        choices = push_choices(s, ctx, target)
        if choices:
            ask(
                s,
                "push",
                r.seat,
                "move {unit} one square, or decline",
                [*choices, ["decline"]],
                "AT-ELITE-6",
                say={"unit": target.uid},
                unit=target.uid,
            )
    elif mod == "splash_range_2":
        choices = splash_choices(s, ctx, actor, r.last_target)
        if choices:
            ask(
                s,
                "splash",
                r.seat,
                "deal {n} damage to another target at range 2, or decline",
                [*choices, ["decline"]],
                "AT-ELITE-7",
                say={"n": SPLASH_DAMAGE},
            )


def push_choices(s: State, ctx: Ctx, target: Unit) -> list[list[str]]:
    """The squares one step away in any of the 8 directions where the target's base
    fits: on the board, no wall, no obstacle (a push is one movement point) and no
    other character (AT-ELITE-6)."""
    b = ctx.board
    blocked = walls(s, ctx) | obstacles(s, ctx) | occupied(s, ctx, target.uid)
    out = []
    for dx, dy in ALL_DIRECTIONS:
        sq = step(target.square, dx, dy, b.width, b.height)
        if sq is None:
            continue
        if target.large and (sq % b.width == b.width - 1 or sq >= (b.height - 1) * b.width):
            continue  # a large base does not fit with its anchor there
        fp = (sq, sq + 1, sq + b.width, sq + b.width + 1) if target.large else (sq,)
        if not any((1 << f) & blocked for f in fp):
            out.append(["push", b.name(sq)])
    return sorted(out)


def splash_choices(s: State, ctx: Ctx, actor: Unit, hit: str) -> list[list[str]]:
    """Enemies other than the one hit, within range 2 of the War Mage and in its sight,
    not invisible (AT-ELITE-7)."""
    blockers = sight_blockers(s, ctx, actor.side)
    return sorted(
        ["splash", ctx.board.name(u.square)]
        for u in s.units.values()
        if u.side != actor.side
        and u.uid != hit
        and not u.knocked_out
        and "invisible" not in u.conditions
        and in_range(s, ctx, actor, footprint(ctx, u), SPLASH_RANGE, blockers)
    )


def answer_push(s: State, ctx: Ctx, target: Unit, a: Record) -> None:
    if isinstance(a, Push):
        sq = ctx.board.square(a.square)
        assert sq is not None
        log(s, "move", "{unit} is pushed", seats=seats_of(target), unit=target.uid)
        move_unit(s, ctx, target, sq)


def answer_splash(s: State, ctx: Ctx, actor: Unit, a: Record) -> None:
    if not isinstance(a, Splash):
        return
    sq = ctx.board.square(a.square)
    target = next(u for u in s.units.values() if u.side != actor.side and sq in footprint(ctx, u))
    hp = max(0, target.hp - SPLASH_DAMAGE)
    log(
        s,
        "damage",
        "{attacker} splashes {target}: {damage} damage; {target} has {hp} of {max_hp} HP",
        seats=seats_of(actor),
        amounts={"hp": hp - target.hp},
        attacker=actor.uid,
        target=target.uid,
        damage=SPLASH_DAMAGE,
        hp=hp,
        max_hp=target.max_hp,
    )
    damage(s, ctx, target, SPLASH_DAMAGE)
