"""Playing action cards: options, steps, targets, areas of effect, summons.

A card being played is a `Resolution` record; each step that needs a choice
pushes a `Decision` whose `choices` are the legal action texts, and the step
continues when the decision is answered.
"""

from __future__ import annotations

from functools import lru_cache

from towerplay.core.notation import Record
from towerplay.tactics.area import area_units
from towerplay.tactics.basic_attacks import (
    after_basic_attack,
    answer_push,
    answer_splash,
    extra_dice,
    modifier_of,
)
from towerplay.tactics.decks import draw
from towerplay.tactics.dice import roll
from towerplay.tactics.effects import (
    add_condition,
    ask,
    attack_total,
    fit_max_hp,
    heal,
    hit,
    log,
    move_unit,
)
from towerplay.tactics.grid import (
    ALL_DIRECTIONS,
    Mask,
    costs_of,
    in_order,
    move_levels,
    step,
    within,
)
from towerplay.tactics.models import AttackStep, ConditionStep, HealStep, MoveStep, Step, SummonStep
from towerplay.tactics.narrate import N_, log_roll, seats_of
from towerplay.tactics.positions import (
    footprint,
    in_range,
    obstacles,
    occupied,
    sight_blockers,
    walls,
)
from towerplay.tactics.records import Hit, Move, Option, Place, Target
from towerplay.tactics.state import Ctx, Decision, Hero, Resolution, State, Unit
from towerplay.tactics.stats import basic_movement, hero_of, modifiers, total


@lru_cache(maxsize=32)
def dash_steps(points: int) -> tuple[Step, ...]:
    """Discarding a card to move: one move step (AT-TURN-3)."""
    return (MoveStep(op="move", points=points),)


@lru_cache(maxsize=32)
def summon_steps(movement: int, dice: tuple[str, ...], band: tuple[int, int]) -> tuple[Step, ...]:
    """A commanded summon: a move, then its attack (AT-SUM-1)."""
    return (
        MoveStep(op="move", points=max(1, movement)),
        AttackStep(op="attack", dice=dice, range=band),  # type: ignore[arg-type]
    )


def steps_of(s: State, ctx: Ctx, r: Resolution) -> tuple[Step, ...]:
    """The steps being resolved: a card's chosen option, a dash (`~N`) or a summon (`@uid`)."""
    if r.card.startswith("~"):
        return dash_steps(int(r.card[1:]))
    if r.card.startswith("@"):
        u = s.units[r.actor]
        return summon_steps(u.movement, u.attack_dice, u.attack_range)
    if r.card.startswith("!"):
        return ctx.items[r.card[1:]].steps  # a party item (AT-ITEM-1)
    return ctx.content.cards[r.card].options[r.option]


def resolving_name(ctx: Ctx, r: Resolution) -> str:
    """What the player is resolving, for prompts: a card's or an item's name."""
    if r.card.startswith("!"):
        return ctx.items[r.card[1:]].name
    if r.card.startswith(("@", "~")):
        return "attack" if r.card.startswith("@") else "move"
    return ctx.content.cards[r.card].name


# --- starting a card ----------------------------------------------------------------


def play_card(s: State, ctx: Ctx, hero: Hero, card_id: str, from_board: str | None) -> None:
    """Play a card from hand, or use equipment / a class feature from the board (AT-TURN-2).

    The card goes to the discard pile, or is set aside when it says Remove (AT-KEY-1).
    """
    card = ctx.content.cards[card_id]
    if from_board is not None:
        hero.board[from_board] = None
        fit_max_hp(s, ctx, hero)  # used equipment no longer raises the maximum (AT-HP-1)
    else:
        hero.hand.remove(card_id)
    (hero.set_aside if card.remove else hero.discard).append(card_id)
    if card.remove:
        msg = N_("{hero} plays {card}; it is set aside for the encounter (Remove)")
    elif from_board is not None:
        msg = N_("{hero} uses {card} from the board")
    else:
        msg = N_("{hero} plays {card}")
    log(s, "text", msg, seats=(hero.seat,), hero=hero.uid, card=card.name)
    s.resolution = Resolution(hero.seat, card_id, actor=hero.uid)
    if len(card.options) > 1:
        # a blue line: one ability or the other, not both (AT-CARD-2)
        ask(
            s,
            "option",
            hero.seat,
            "{card}: choose one ability",
            [["option", str(i + 1)] for i in range(len(card.options))],
            "AT-CARD-2",
            say={"card": card.name},
        )
    else:
        s.resolution.option = 0


def command_summon(s: State, ctx: Ctx, hero: Hero, uid: str) -> None:
    """A summoned creature acts on its owner's turn: a move, then its attack (AT-SUM-1)."""
    hero.commanded.append(uid)
    s.resolution = Resolution(hero.seat, "@" + uid, option=0, actor=uid)
    log(s, "text", "{hero} commands {summon}", seats=(hero.seat,), hero=hero.uid, summon=uid)


# --- running steps --------------------------------------------------------------------


def continue_resolution(s: State, ctx: Ctx) -> None:
    """Run steps until one needs a decision or the card is done (as much as possible, AT-CARD-1)."""
    r = s.resolution
    while r is not None and not s.pending and not s.outcome:
        if r.option < 0:
            return
        # a commanded skeleton knocked out mid-command has left the board (AT-SUM-3)
        if r.actor not in s.units or s.units[r.actor].knocked_out:
            s.resolution = None
            return
        steps = steps_of(s, ctx, r)
        if r.step >= len(steps):
            s.resolution = None
            return
        st = steps[r.step]
        if not begin_step(s, ctx, r, st):
            r.step += 1


def begin_step(s: State, ctx: Ctx, r: Resolution, st: Step) -> bool:
    """Start a step; True if it now waits for a decision."""
    actor = s.units[r.actor]
    hero = hero_of(s, r.actor)
    if isinstance(st, MoveStep):
        points = st.points if st.points is not None else basic_move_points(s, ctx, actor)
        # a card's move goes its own way: through characters, diagonally (AT-CARD-3)
        return ask_move(s, ctx, r.seat, actor, points, st.through_characters, "move", st.diagonal)
    if isinstance(st, AttackStep):
        return ask_attack_target(s, ctx, r, actor, st)
    if isinstance(st, HealStep):
        return ask_heal_target(s, ctx, r, actor, st)
    if isinstance(st, ConditionStep):
        return ask_condition_target(s, ctx, r, actor, st)
    if isinstance(st, SummonStep):
        return ask_summon_square(s, ctx, r, actor, st)
    if hero is not None:
        draw(s, ctx, hero, st.count)
    return False


def basic_move_points(s: State, ctx: Ctx, actor: Unit) -> int:
    hero = hero_of(s, actor.uid)
    return actor.movement if hero is None else basic_movement(ctx, hero)


# --- movement -------------------------------------------------------------------------


def reachable(s: State, ctx: Ctx, u: Unit, points: int, through: bool) -> dict[int, int]:
    """Squares `u` may end a move on, with their cost (AT-MOVE-1..4, AT-COND-1)."""
    levels, keep = move_search(s, ctx, u, points, through)
    return costs_of(levels, keep)


def move_search(
    s: State, ctx: Ctx, u: Unit, points: int, through: bool, diagonal: bool = False
) -> tuple[list[Mask], Mask]:
    """`reachable` as the search's cost levels and the mask of squares a move may end on.

    A basic move goes up, down, left or right; a card that says so moves diagonally too
    (AT-MOVE-1)."""
    if "slowed" in u.conditions:
        points = min(points, 1)  # slowed: at most 1 movement point per move (AT-COND-1)
    others = occupied(s, ctx, u.uid)
    wall = walls(s, ctx)
    impassable = wall if through else wall | others  # AT-MOVE-2: others block a plain move
    levels = move_levels(
        u.square,
        ctx.board.width,
        ctx.board.height,
        points,
        impassable,
        obstacles(s, ctx),
        diagonal=diagonal,
    )
    # not the start square, and not another character's (AT-MOVE-2)
    return levels, ~(others | (1 << u.square))


def ask_move(
    s: State,
    ctx: Ctx,
    seat: int,
    u: Unit,
    points: int,
    through: bool,
    kind: str,
    diagonal: bool = False,
) -> bool:
    levels, keep = move_search(s, ctx, u, points, through, diagonal)
    ends = 0
    for level in levels:
        ends |= level
    ends &= keep
    if not ends:
        return False
    names = ctx.board.names
    choices = [["move", name] for name in sorted(names[sq] for sq in in_order(ends))] + [["stay"]]
    ask(
        s,
        kind,
        seat,
        "move {unit} up to {points} (from {square})",
        choices,
        "AT-MOVE-1",
        say={"unit": u.uid, "points": points, "square": ctx.board.name(u.square)},
        unit=u.uid,
    )
    return True


# --- targets ---------------------------------------------------------------------------


def target_token(ctx: Ctx, u: Unit) -> str:
    return u.uid if u.knocked_out else ctx.board.name(u.square)


def enemies_of(s: State, side: str) -> list[Unit]:
    return [u for u in s.units.values() if u.side != side and not u.knocked_out]


def allies_of(s: State, side: str) -> list[Unit]:
    return [u for u in s.units.values() if u.side == side]


def attack_band(s: State, ctx: Ctx, actor: Unit, st: AttackStep) -> tuple[int, int]:
    # a basic attack reads the class card; any other the card itself (AT-ATK-1, AT-CARD-3)
    band = actor.attack_range if st.basic else st.range
    hero = hero_of(s, actor.uid)
    if hero is not None and band[1] > 0:
        band = (band[0], band[1] + total(ctx, hero, "range_bonus"))
    return band


def ask_attack_target(s: State, ctx: Ctx, r: Resolution, actor: Unit, st: AttackStep) -> bool:
    """Targets are asked for each attack step in turn, so a card's second attack
    comes after the first and a target the first one removed is gone (AT-ATK-2)."""
    band = attack_band(s, ctx, actor, st)
    if st.aoe and band[1] == 0:
        r.last_target = ctx.board.name(actor.square)
        attack_square(s, ctx, r, actor, st, actor.square)
        return bool(s.pending)
    choices: list[list[str]] = []
    if st.aoe:
        # an area attack may target any square in range, even an empty one (AT-AOE-2)
        wall = walls(s, ctx)
        blockers = sight_blockers(s, ctx, actor.side)
        for sq in within(actor.square, band[1], ctx.board.width, ctx.board.height):
            if (1 << sq) & wall:
                continue
            if in_range(s, ctx, actor, (sq,), band, blockers):
                choices.append(["target", ctx.board.name(sq)])
    else:
        blockers = sight_blockers(s, ctx, actor.side)
        for u in enemies_of(s, actor.side):
            # invisible characters cannot be targeted (AT-COND-4)
            if "invisible" in u.conditions:
                continue
            if in_range(s, ctx, actor, footprint(ctx, u), band, blockers):
                choices.append(["target", ctx.board.name(u.square)])
    if not choices:
        log(s, "text", "{unit} has no target in range", seats=seats_of(actor), unit=actor.uid)
        return False
    choices.sort()
    name = resolving_name(ctx, r)
    # an area says how far it reaches and whom, so players see who would be hit (AT-AOE-3)
    area = {"area": [st.aoe, st.affects]} if st.aoe else {}
    ask(
        s,
        "target",
        r.seat,
        "{name}: choose a target (range {near}-{far})",
        choices,
        "AT-RANGE-1",
        say={"name": name, "near": band[0], "far": band[1]},
        **area,
    )
    return True


def attack_square(s: State, ctx: Ctx, r: Resolution, actor: Unit, st: AttackStep, sq: int) -> None:
    """One roll for the whole attack; the area is counted from the target square,
    diagonals included, and walls shield (AT-AOE-1, AT-AOE-3)."""
    hero = hero_of(s, actor.uid)
    dice: list[str] = list(actor.attack_dice) if st.basic else list(st.dice)
    reroll = False
    if hero is not None:
        reroll = total(ctx, hero, "reroll_blanks") > 0
        if st.basic:
            dice += [m.extra_basic_die for m in modifiers(ctx, hero) if m.extra_basic_die]
    if st.basic and modifier_of(s, ctx, actor) is not None:
        there = [u for u in enemies_of(s, actor.side) if sq in footprint(ctx, u)]
        dice += extra_dice(s, ctx, actor, there[0] if there else None)  # AT-ELITE-4
        r.last_target = ""  # set by the hit, read by the modifier after it
    rolled = roll(s, ctx, dice, reroll)  # the effect uses the rolled result (AT-CARD-5)
    r.dice = rolled
    bonus = attack_bonus(s, ctx, actor, st)
    log_roll(s, actor, rolled, bonus, attack_total(ctx, actor, rolled, bonus), heal=False)
    if st.aoe:
        # every character in the area, the user's side too, unless the card says whom (AT-AOE-3)
        affected = [u.uid for u in area_units(s, ctx, actor, (sq,), st.aoe, st.affects)]
    else:
        target = next(u for u in enemies_of(s, actor.side) if sq in footprint(ctx, u))
        affected = [target.uid]
    r.queue = affected
    resolve_queue(s, ctx, r, actor, st)


def resolve_queue(s: State, ctx: Ctx, r: Resolution, actor: Unit, st: AttackStep) -> None:
    """Affect the targets in the order the player picks (AT-AOE-4)."""
    r.queue = [uid for uid in r.queue if uid in s.units and not s.units[uid].knocked_out]
    while r.queue and not s.outcome:
        if len(r.queue) > 1:
            choices = sorted(["hit", ctx.board.name(s.units[uid].square)] for uid in r.queue)
            ask(
                s,
                "order",
                r.seat,
                "choose the next character the area affects",
                choices,
                "AT-AOE-4",
            )
            return
        hit_one(s, ctx, r, actor, st, r.queue.pop())
    if st.basic and not r.queue and not s.pending:
        after_basic_attack(s, ctx, r, actor)  # the elite modifiers (AT-ELITE-5..7)


def hit_one(s: State, ctx: Ctx, r: Resolution, actor: Unit, st: AttackStep, uid: str) -> None:
    target = s.units.get(uid)
    if target is None or target.knocked_out:
        return
    amount = attack_total(ctx, actor, r.dice, attack_bonus(s, ctx, actor, st))
    r.last_target = uid
    hit(s, ctx, actor, target, amount, st.conditions)


def attack_bonus(s: State, ctx: Ctx, actor: Unit, st: AttackStep) -> int:
    """What is added to the dice: the card's, the figure's and the hero's modifiers."""
    hero = hero_of(s, actor.uid)
    bonus = st.bonus + actor.attack_bonus
    if hero is not None:
        bonus += total(ctx, hero, "attack_bonus")
        if st.basic:
            bonus += total(ctx, hero, "basic_attack_bonus")
    return bonus


def ask_heal_target(s: State, ctx: Ctx, r: Resolution, actor: Unit, st: HealStep) -> bool:
    if st.range[1] == 0:
        # no range, or range 0: only the user (AT-RANGE-3)
        heal_targets(s, ctx, r, actor, st, actor)
        return False
    choices = []
    blockers = sight_blockers(s, ctx, actor.side)
    for u in allies_of(s, actor.side):
        if "invisible" in u.conditions:
            continue
        if (
            u.kind == "summon"
            and u.knocked_out
            and ctx.content.summons[u.type_id].removed_when_knocked_out
        ):
            continue
        # a hero in range, the healer itself included when the range starts at 0 (AT-HEAL-1)
        if in_range(s, ctx, actor, (u.square,), st.range, blockers) or (
            u.uid == actor.uid and st.range[0] == 0
        ):
            choices.append(["target", target_token(ctx, u)])
    if not choices:
        return False
    choices.sort()
    ask(
        s,
        "heal",
        r.seat,
        "{name}: choose who heals",
        choices,
        "AT-RANGE-1",
        say={"name": resolving_name(ctx, r)},
    )
    return True


def heal_targets(
    s: State, ctx: Ctx, r: Resolution, actor: Unit, st: HealStep, target: Unit
) -> None:
    hero = hero_of(s, actor.uid)
    rolled = roll(s, ctx, st.dice)
    bonus = st.amount + (total(ctx, hero, "heal_bonus") if hero is not None else 0)
    amount = sum(rolled) + bonus  # the dice total heals (AT-HEAL-1, AT-CARD-5)
    if rolled:
        log_roll(s, actor, rolled, bonus, amount, heal=True)
    group = [target]
    if st.aoe:
        # a healing area heals every character in it unless the card says whom (AT-AOE-3)
        around = area_units(s, ctx, actor, (target.square,), st.aoe, st.affects)
        group += [u for u in around if u is not target]
    for u in group:
        heal(s, ctx, u, amount)


def ask_condition_target(s: State, ctx: Ctx, r: Resolution, actor: Unit, st: ConditionStep) -> bool:
    if st.range[1] == 0:
        add_condition(s, actor, st.condition, st.lasting)
        return False
    pool = allies_of(s, actor.side) if st.on == "ally" else enemies_of(s, actor.side)
    blockers = sight_blockers(s, ctx, actor.side)
    choices = sorted(
        ["target", ctx.board.name(u.square)]
        for u in pool
        if not u.knocked_out
        and "invisible" not in u.conditions
        and in_range(s, ctx, actor, footprint(ctx, u), st.range, blockers)
    )
    if not choices:
        return False
    say = {"condition": st.condition}
    ask(s, "condition", r.seat, "choose who becomes {condition}", choices, "AT-RANGE-1", say=say)
    return True


def ask_summon_square(s: State, ctx: Ctx, r: Resolution, actor: Unit, st: SummonStep) -> bool:
    summon = ctx.content.summons[st.summon]
    hero = next((h for h in s.heroes if h.uid == actor.uid), None)
    if hero is not None and st.summon not in hero.summons:  # AT-SUM-5
        log(
            s,
            "text",
            "{unit} has no {summon} card to summon with",
            seats=(hero.seat,),
            unit=hero.uid,
            summon=summon.name,
        )
        return False
    mine = [u for u in s.units.values() if u.type_id == st.summon and u.owner == actor.owner]
    if len(mine) >= summon.limit:
        log(
            s,
            "text",
            "no more than {limit} {summon} in play",
            seats=seats_of(actor),
            limit=summon.limit,
            summon=summon.name,
        )
        return False
    occ = occupied(s, ctx) | walls(s, ctx)
    choices = []
    for dx, dy in ALL_DIRECTIONS:
        n = step(actor.square, dx, dy, ctx.board.width, ctx.board.height)
        if n is not None and not (1 << n) & occ:
            choices.append(["place", ctx.board.name(n)])
    if not choices:
        return False
    choices.sort()
    say = {"summon": summon.name}
    ask(s, "summon", r.seat, "place the {summon}", choices, "AT-SUM-1", say=say, summon=st.summon)
    return True


def place_summon(s: State, ctx: Ctx, owner: Unit, summon_id: str, sq: int) -> None:
    summon = ctx.content.summons[summon_id]
    n = s.spawned.get(summon_id, 0) + 1
    s.spawned[summon_id] = n
    uid = f"{summon_id}{n}"
    s.units[uid] = Unit(
        uid,
        "hero",
        "summon",
        summon_id,
        summon.hp,
        summon.hp,
        sq,
        owner=owner.owner,
        start=sq,
        movement=summon.movement,
        attack_dice=summon.attack_dice,
        attack_range=summon.attack_range,
    )
    log(
        s,
        "spawn",
        "{unit} summons {summon} ({name}, {hp} HP) at {square}",
        seats=seats_of(owner),
        unit=owner.uid,
        summon=uid,
        name=summon.name,
        hp=summon.hp,
        square=ctx.board.name(sq),
    )


# --- answering the decisions of a resolution ------------------------------------------


def answer(s: State, ctx: Ctx, d: Decision, a: Record) -> None:
    r = s.resolution
    assert r is not None
    actor = s.units[r.actor]
    if isinstance(a, Option):
        r.option = a.number - 1
        return
    st = steps_of(s, ctx, r)[r.step]
    if d.kind == "move":
        if isinstance(a, Move):
            sq = ctx.board.square(a.square)
            assert sq is not None
            move_unit(s, ctx, actor, sq)
        r.step += 1
    elif d.kind == "target":
        assert isinstance(st, AttackStep) and isinstance(a, Target)
        sq = ctx.board.square(a.target)
        assert sq is not None
        attack_square(s, ctx, r, actor, st, sq)
        if not s.pending:
            r.step += 1
    elif d.kind == "order":
        assert isinstance(st, AttackStep) and isinstance(a, Hit)
        sq = ctx.board.square(a.square)
        chosen = next(uid for uid in r.queue if s.units[uid].square == sq)
        r.queue.remove(chosen)
        hit_one(s, ctx, r, actor, st, chosen)
        resolve_queue(s, ctx, r, actor, st)
        if not s.pending:
            r.step += 1
    elif d.kind == "heal":
        assert isinstance(st, HealStep) and isinstance(a, Target)
        target = find_target(s, ctx, a.target, actor.side)
        heal_targets(s, ctx, r, actor, st, target)
        r.step += 1
    elif d.kind == "condition":
        assert isinstance(st, ConditionStep) and isinstance(a, Target)
        sq = ctx.board.square(a.target)
        target = next(u for u in s.units.values() if not u.knocked_out and sq in footprint(ctx, u))
        add_condition(s, target, st.condition, st.lasting)
        r.step += 1
    elif d.kind == "summon":
        assert isinstance(a, Place)
        sq = ctx.board.square(a.square)
        assert sq is not None
        place_summon(s, ctx, actor, d.data["summon"], sq)
        r.step += 1
    elif d.kind == "push":
        answer_push(s, ctx, s.units[d.data["unit"]], a)  # AT-ELITE-6
        r.step += 1
    elif d.kind == "splash":
        answer_splash(s, ctx, actor, a)  # AT-ELITE-7
        r.step += 1


def find_target(s: State, ctx: Ctx, token: str, side: str) -> Unit:
    if token in s.units:
        return s.units[token]
    sq = ctx.board.square(token)
    return next(
        u
        for u in s.units.values()
        if u.side == side and not u.knocked_out and sq in footprint(ctx, u)
    )
