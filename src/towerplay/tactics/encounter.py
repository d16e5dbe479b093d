"""The encounter: setup, the round (draw, initiative, turns, cleanup), hero turns,
and the dispatch of every decision.

`advance` runs the game forward until a hero's decision is pending or the
encounter is over; enemies never wait for anyone except when the rules hand a
choice to the players.
"""

from __future__ import annotations

from typing import Any

from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action
from towerplay.core.rng import Rng, seed_state
from towerplay.tactics.cards import (
    answer,
    ask,
    command_summon,
    continue_resolution,
    play_card,
)
from towerplay.tactics.content import Content
from towerplay.tactics.effects import (
    DIRECTIONS,
    basic_movement,
    can_see,
    check_objectives,
    draw,
    draw_up,
    end,
    end_of_turn,
    footprint,
    hand_size,
    heal,
    log,
    occupied,
    roll,
    shuffle,
    unit_at,
    walls,
)
from towerplay.tactics.enemies import (
    answer_enemy,
    continue_boss_turn,
    earliest_seat,
    enemy_unit,
    start_boss_turn,
)
from towerplay.tactics.models import EQUIPMENT_KINDS
from towerplay.tactics.state import SLOTS, Ctx, Hero, Resolution, State, Unit, board_of

POTIONS = {"easy": 4, "normal": 3, "hard": 2}  # AT-SETUP-6; one fewer with 3 heroes
BASIC_COPIES = 3  # AT-SETUP-3: 3 Basic Move and 3 Basic Attack
MAX_PASSIVES = 3  # AT-SETUP-4
MAX_DICE_ABILITIES = 2
REVIVE_MIN_DECK = 4  # AT-REVIVE-2
RESOLUTION_KINDS = ("option", "move", "target", "order", "heal", "condition", "summon")
ENEMY_KINDS = ("focus", "spawn", "response")


# --- setup ------------------------------------------------------------------------------


def hero_uids(party: list[str]) -> list[str]:
    out = []
    for i, cls in enumerate(party):
        uid = cls if party.count(cls) == 1 else f"{cls}{party[: i + 1].count(cls)}"
        out.append(uid)
    return out


def new_state(content: Content, config: dict[str, Any], seed: int) -> tuple[State, Ctx]:
    enc_id = config.get("encounter", "goblin_ambush")
    if enc_id not in content.encounters:
        raise ValueError(f"no encounter {enc_id!r}; known: {', '.join(content.encounters)}")
    enc = content.encounters[enc_id]
    party = list(config.get("party", ["fighter", "rogue", "cleric"]))
    if not 3 <= len(party) <= 5:
        raise ValueError("a party has 3 to 5 heroes (AT-SETUP-1)")
    for cls in party:
        if cls not in content.classes:
            raise ValueError(f"no class {cls!r}; known: {', '.join(content.classes)}")
    difficulty = config.get("difficulty", "normal")
    if difficulty not in POTIONS:
        raise ValueError(f"difficulty is one of {', '.join(POTIONS)}")
    ctx = Ctx(content, enc, board_of(enc))
    n = len(party)
    rng = Rng(seed_state(seed))
    s = State(enc_id, n, difficulty, {}, [], rng.state)
    extra_cards: dict[int, list[str]] = {
        int(k): list(v) for k, v in config.get("extra_cards", {}).items()
    }
    extra_abilities: dict[int, list[str]] = {
        int(k): list(v) for k, v in config.get("abilities", {}).items()
    }
    for seat, (cls_id, uid) in enumerate(zip(party, hero_uids(party), strict=True)):
        setup_hero(
            s, ctx, seat, cls_id, uid, extra_cards.get(seat, []), extra_abilities.get(seat, [])
        )
    for p in enc.placements:
        if n not in p.heroes:
            continue  # enemies by hero count (AT-SETUP-5)
        sq = ctx.board.square(p.at.lower())
        assert sq is not None
        s.units[p.id.lower()] = enemy_unit(ctx, p.id.lower(), p.enemy, n, sq)
    s.potions = POTIONS[difficulty] - (1 if n == 3 else 0)
    s.compass = Rng(s.rng).below(4)  # the compass, in any orientation (AT-SETUP-2)
    s.rng = Rng(s.rng).fork().state
    s.direction_deck = list(DIRECTIONS)
    shuffle(s, s.direction_deck)
    s.boss_deck = list(range(len(content.boss_decks[enc.boss_deck].cards)))
    shuffle(s, s.boss_deck)
    log(s, f"{enc.name}: {', '.join(h.uid for h in s.heroes)} with {s.potions} revive potions")
    s.phase = "place"
    return s, ctx


def setup_hero(
    s: State, ctx: Ctx, seat: int, cls_id: str, uid: str, extra: list[str], abilities: list[str]
) -> None:
    """Deck, player board, abilities and HP of one hero (AT-SETUP-3, -4)."""
    content = ctx.content
    cls = content.classes[cls_id]
    for cid in extra:
        if cid not in content.cards:
            raise ValueError(f"no card {cid!r}")
    cards = [*cls.starting_cards, *cls.starting_equipment, *extra]
    board: dict[str, str | None] = dict.fromkeys(SLOTS)
    deck = ["basic_move"] * BASIC_COPIES + ["basic_attack"] * BASIC_COPIES
    for cid in cards:
        kind = content.cards[cid].kind
        slot = kind if kind in EQUIPMENT_KINDS or kind == "class_feature" else None
        if slot is not None and board[slot] is None:
            board[slot] = cid  # one class feature and one of each equipment kind on the board
        else:
            deck.append(cid)  # the rest are shuffled into the deck
    chosen = [cls.passive, *(a for a in abilities if a != cls.passive)]
    for a in chosen:
        if a not in content.abilities:
            raise ValueError(f"no ability {a!r}")
    passives = [a for a in chosen if content.abilities[a].kind == "passive"]
    dice = [a for a in chosen if content.abilities[a].kind == "dice"]
    if len(passives) > MAX_PASSIVES or len(dice) > MAX_DICE_ABILITIES:
        raise ValueError("at most 3 passive and 2 dice abilities (AT-SETUP-4)")
    hero = Hero(seat, uid, cls_id, deck, board=board, abilities=chosen)
    shuffle(s, hero.deck)
    s.heroes.append(hero)
    hp = cls.hp + sum(content.abilities[a].modifiers.max_hp for a in chosen)
    s.units[uid] = Unit(
        uid,
        "hero",
        "hero",
        cls_id,
        hp,
        hp,
        -1,
        owner=seat,
        movement=cls.movement,
        attack_dice=cls.attack_dice,
        attack_range=cls.attack_range,
    )


# --- the main loop ------------------------------------------------------------------------


def advance(s: State, ctx: Ctx) -> None:
    """Run forward to the next decision or the end."""
    while not s.outcome and not s.pending:
        if s.resolution is not None:
            continue_resolution(s, ctx)
            if s.resolution is None and not s.pending and not s.outcome:
                after_action(s, ctx)
            continue
        if s.enemy_turn is not None:
            continue_boss_turn(s, ctx)
            if s.enemy_turn is None and not s.pending and not s.outcome:
                finish_turn(s, ctx)
            continue
        if s.acting:
            after_action(s, ctx)
            continue
        step_phase(s, ctx)


def step_phase(s: State, ctx: Ctx) -> None:
    if s.phase == "place":
        if s.cursor < len(s.heroes):
            hero = s.heroes[s.cursor]
            occ = occupied(s, ctx)
            free = [q for q in ctx.board.start if not (1 << q) & occ]
            choices = sorted(["place", ctx.board.name(q)] for q in free)
            ask(
                s,
                "place",
                hero.seat,
                f"place {hero.uid} in the highlighted area",
                choices,
                "AT-SETUP-1",
            )
            return
        for hero in s.heroes:
            draw_up(s, ctx, hero)  # round 1's draw happens before the mulligan
        s.phase, s.cursor, s.round = "mulligan", 0, 1
    elif s.phase == "mulligan":
        if s.cursor < len(s.heroes):
            hero = s.heroes[s.cursor]
            ask(
                s,
                "mulligan",
                hero.seat,
                f"{hero.uid}: keep this hand or mulligan once?",
                [["keep"], ["mulligan"]],
                "AT-DRAW-3",
            )
            return
        s.phase = "initiative"
    elif s.phase == "draw":
        for hero in s.heroes:
            draw_up(s, ctx, hero)  # AT-DRAW-1
        s.phase = "initiative"
    elif s.phase == "initiative":
        roll_initiative(s, ctx)
        s.phase, s.cursor = "reshuffle", 0
    elif s.phase == "reshuffle":
        if s.potions > 0 and s.cursor == 0:
            s.cursor = 1
            seat = earliest_seat(s)  # the earliest hero in the line decides (AT-INIT-2)
            ask(
                s,
                "reshuffle",
                seat,
                f"initiative: {' '.join(s.initiative)}; spend a revive potion to reshuffle?",
                [["accept"], ["reshuffle"]],
                "AT-INIT-2",
            )
            return
        s.phase, s.cursor = "swaps", 0
    elif s.phase == "swaps":
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
                f"{swapper.uid}: swap your initiative token with {s.initiative[i - 1]}'s?",
                [["keep"], ["swap"]],
                "AT-INIT-3",
                index=i,
            )
            return
        s.phase, s.turn_index = "turns", 0
        log(s, f"round {s.round} initiative: {' '.join(s.initiative)}")
    elif s.phase == "turns":
        if s.turn_index >= len(s.initiative):
            s.phase, s.cursor = "cleanup", 0
            return
        start_turn(s, ctx, s.initiative[s.turn_index])
    elif s.phase == "cleanup":
        while s.cursor < len(s.heroes):
            hero = s.heroes[s.cursor]
            s.cursor += 1
            if not hero.hand:
                continue
            choices = [["keep"]] + [["discard", c] for c in sorted(set(hero.hand))]
            if hero.passed:
                choices.append(["discard", "all"])
            ask(
                s,
                "cleanup",
                hero.seat,
                f"{hero.uid}: discard a card at cleanup?",
                choices,
                "AT-CLEAN-1",
            )
            return
        for u in s.units.values():
            u.conditions.clear()  # conditions end at cleanup (AT-CLEAN-2)
        for hero in s.heroes:
            hero.passed = False
        if ctx.enc.round_limit is not None and s.round >= ctx.enc.round_limit:
            end(s, "failure", f"round {ctx.enc.round_limit} ended")  # AT-END-4
            return
        s.round += 1
        s.phase = "draw"


def roll_initiative(s: State, ctx: Ctx) -> None:
    """One token per hero, the boss's tokens, shuffled into a line (AT-INIT-1)."""
    line = [h.uid for h in s.heroes]
    boss = boss_uid(s, ctx)
    line += [boss] * ctx.enc.boss_initiative
    shuffle(s, line)
    s.initiative = line


def boss_uid(s: State, ctx: Ctx) -> str:
    for p in ctx.enc.placements:
        if ctx.content.enemies[p.enemy].role == "boss":
            return p.id.lower()
    return "boss"


# --- turns -------------------------------------------------------------------------------------


def start_turn(s: State, ctx: Ctx, uid: str) -> None:
    hero = next((h for h in s.heroes if h.uid == uid), None)
    if hero is None:
        boss = s.units.get(uid)
        if boss is not None and "stunned" in boss.conditions:
            boss.conditions.remove("stunned")  # a stunned boss skips only this turn (AT-COND-3)
            log(s, f"{uid} is stunned and skips a turn")
            finish_turn(s, ctx)
            return
        start_boss_turn(s, ctx)
        return
    me = s.units[uid]
    hero.actions, hero.free_played, hero.commanded = 0, False, []
    if me.knocked_out:
        if s.potions > 0 and len(hero.deck) + len(hero.discard) >= REVIVE_MIN_DECK:
            ask(
                s,
                "knocked_out",
                hero.seat,
                f"{uid} is knocked out: drink a revive potion or skip the turn?",
                [["revive"], ["skip"]],
                "AT-REVIVE-1",
            )
        else:
            log(s, f"{uid} is knocked out and skips the turn")
            finish_turn(s, ctx)
        return
    if "stunned" in me.conditions:
        me.conditions.remove("stunned")
        log(s, f"{uid} is stunned and skips the turn")  # AT-COND-3
        finish_turn(s, ctx)
        return
    s.acting = uid
    ask_turn(s, ctx, hero)


def after_action(s: State, ctx: Ctx) -> None:
    hero = next(h for h in s.heroes if h.uid == s.acting)
    if s.units[hero.uid].knocked_out:
        finish_turn(s, ctx)
        return
    ask_turn(s, ctx, hero)


def finish_turn(s: State, ctx: Ctx) -> None:
    end_of_turn(s)
    s.acting = ""
    check_objectives(s, ctx, reached=True)
    s.turn_index += 1


def turn_choices(s: State, ctx: Ctx, hero: Hero) -> list[list[str]]:
    """The player actions (AT-TURN-1..4), free cards (AT-KEY-2) and summons (AT-SUM-1)."""
    cards = ctx.content.cards
    left = hero.actions < 2
    dash = left and basic_movement(ctx, hero) // 2 >= 1
    slot_free = hero.board["class_feature"] is None
    out: list[list[str]] = []
    for cid in sorted(set(hero.hand)):
        card = cards[cid]
        if card.options and (left or card.free):
            out.append(["play", cid])
        if not left:
            continue
        if dash:
            out.append(["dash", cid])
        kind = card.kind
        if kind in EQUIPMENT_KINDS:
            out.append(["equip", cid])
        elif kind == "class_feature" and slot_free:
            out.append(["prepare", cid])
    for slot in SLOTS:
        held = hero.board[slot]
        if held is not None and cards[held].options and (left or cards[held].free):
            out.append(["use", held])
    for u in s.units.values():
        if (
            u.kind == "summon"
            and u.owner == hero.seat
            and not u.knocked_out
            and u.uid not in hero.commanded
        ):
            out.append(["command", u.uid])
    if hero.actions == 0 and not hero.free_played and not hero.commanded:
        out.append(["pass"])
    else:
        out.append(["end"])
    return out


def ask_turn(s: State, ctx: Ctx, hero: Hero) -> None:
    choices = turn_choices(s, ctx, hero)
    if choices == [["end"]]:
        finish_turn(s, ctx)
        return
    ask(
        s,
        "turn",
        hero.seat,
        f"{hero.uid}: action {min(hero.actions + 1, 2)} of 2",
        choices,
        "AT-TURN-1",
    )


def answer_turn(s: State, ctx: Ctx, hero: Hero, tokens: tuple[str, ...]) -> None:
    verb = tokens[0]
    cards = ctx.content.cards
    if verb == "pass":
        hero.passed = True  # a pass: whole-hand discard allowed at cleanup (AT-CLEAN-1)
        log(s, f"{hero.uid} passes")
        finish_turn(s, ctx)
        return
    if verb == "end":
        finish_turn(s, ctx)
        return
    if verb == "command":
        command_summon(s, ctx, hero, tokens[1])
        return
    cid = tokens[1]
    card = cards[cid]
    if verb in ("play", "use"):
        if card.free:
            hero.free_played = True
        else:
            hero.actions += 1
        slot = None
        if verb == "use":
            slot = next(k for k, v in hero.board.items() if v == cid)
        play_card(s, ctx, hero, cid, slot)
        return
    hero.actions += 1
    hero.hand.remove(cid)
    if verb == "dash":
        # discard a card to move half the basic movement, rounded down (AT-TURN-3)
        hero.discard.append(cid)
        points = basic_movement(ctx, hero) // 2
        log(s, f"{hero.uid} discards {card.name} to move {points}")
        s.resolution = Resolution(hero.seat, f"~{points}", option=0, actor=hero.uid)
    elif verb == "equip":
        old = hero.board[card.kind]
        if old is not None:
            hero.discard.append(old)
        hero.board[card.kind] = cid
        log(s, f"{hero.uid} equips {card.name}")
    elif verb == "prepare":
        hero.board["class_feature"] = cid
        log(s, f"{hero.uid} prepares {card.name}")


def revive(s: State, ctx: Ctx, hero: Hero) -> None:
    """Heal half max HP, shuffle the discard in, set aside a die's worth of cards,
    draw up, then take the turn (AT-REVIVE-1)."""
    me = s.units[hero.uid]
    s.potions -= 1
    s.potions_used += 1
    hero.deck.extend(hero.discard)
    hero.discard = []
    shuffle(s, hero.deck)
    penalty = roll(s, ctx, ["red"])[0]  # the die for the revival penalty is designed
    for _ in range(min(penalty, len(hero.deck))):
        hero.set_aside.append(hero.deck.pop())
    log(s, f"{hero.uid} drinks a revive potion and sets {penalty} cards aside")
    heal(s, ctx, me, me.max_hp // 2)
    draw_up(s, ctx, hero)


# --- applying an action ------------------------------------------------------------------------


def explain(s: State, ctx: Ctx, tokens: tuple[str, ...]) -> IllegalAction:
    """Why an action is not legal now, with the rule it breaks."""
    if not s.pending:
        return IllegalAction("the encounter is over", "AT-END-1")
    d = s.pending[-1]
    verb = tokens[0] if tokens else ""
    rule = d.data["rule"]
    if d.kind == "turn":
        hero = s.heroes[d.seat]
        if verb in ("play", "dash", "equip", "prepare") and (
            len(tokens) < 2 or tokens[1] not in hero.hand
        ):
            return IllegalAction(
                f"{' '.join(tokens[1:]) or 'that card'} is not in {hero.uid}'s hand", "AT-TURN-2"
            )
        if verb == "pass":
            return IllegalAction(
                "you may only pass before taking any action or playing a free card", "AT-KEY-2"
            )
        if verb in ("play", "dash", "equip", "prepare", "use") and hero.actions >= 2:
            return IllegalAction("no actions left this turn (two per turn)", "AT-TURN-1")
        if (
            verb == "play"
            and len(tokens) > 1
            and tokens[1] in ctx.content.cards
            and ctx.content.cards[tokens[1]].response
        ):
            return IllegalAction(
                "a Response card is played only when its event happens", "AT-KEY-3"
            )
        if verb == "prepare":
            return IllegalAction("the class feature slot is taken", "AT-TURN-4")
    if d.kind == "move" and verb == "move" and len(tokens) == 2:
        return explain_move(s, ctx, tokens[1])
    if d.kind in ("target", "heal", "condition") and verb == "target" and len(tokens) == 2:
        return explain_target(s, ctx, tokens[1])
    options = ", ".join(" ".join(c) for c in d.data["choices"][:8])
    return IllegalAction(f"not a legal action now ({d.data['prompt']}); try: {options}", rule)


def explain_move(s: State, ctx: Ctx, name: str) -> IllegalAction:
    sq = ctx.board.square(name)
    if sq is None:
        return IllegalAction(f"{name} is not a square of this map", "AT-MOVE-1")
    if (1 << sq) & walls(s, ctx):
        return IllegalAction(f"{name} is a wall", "AT-MOVE-4")
    if (1 << sq) & occupied(s, ctx):
        return IllegalAction(f"{name} is taken by another character", "AT-MOVE-2")
    return IllegalAction(
        f"{name} is out of reach: orthogonal steps, 2 points per obstacle, no passing through characters",
        "AT-MOVE-1",
    )


def explain_target(s: State, ctx: Ctx, name: str) -> IllegalAction:
    sq = ctx.board.square(name)
    who = unit_at(s, ctx, sq) if sq is not None else None
    if who is None:
        return IllegalAction(f"nobody to target on {name}", "AT-RANGE-1")
    if who.large and who.square != sq:
        return IllegalAction(
            f"target {who.uid} by its first square, {ctx.board.name(who.square)}", "AT-RANGE-1"
        )
    if "invisible" in who.conditions:
        return IllegalAction(f"{who.uid} is invisible and cannot be targeted", "AT-COND-4")
    actor = s.units[s.resolution.actor] if s.resolution is not None else None
    if actor is not None and not can_see(s, ctx, actor, footprint(ctx, who)):
        return IllegalAction(f"{actor.uid} has no line of sight to {who.uid}", "AT-LOS-1")
    return IllegalAction(f"{who.uid} is not within the range of this ability", "AT-RANGE-2")


def legal(s: State) -> list[Action]:
    if not s.pending:
        return []
    # choices are lists of strings already (saves check it): build the Actions directly
    return [_action(Action, c) for c in s.pending[-1].data["choices"]]


_action = tuple.__new__


def apply_action(s: State, ctx: Ctx, tokens: tuple[str, ...]) -> None:
    """Validate against the pending decision, then perform it and run forward."""
    if not s.pending or list(tokens) not in s.pending[-1].data["choices"]:
        raise explain(s, ctx, tokens)
    d = s.pending.pop()
    s.decisions += 1
    hero = s.heroes[d.seat] if 0 <= d.seat < len(s.heroes) else None
    if d.kind in RESOLUTION_KINDS:
        answer(s, ctx, d, tokens)
    elif d.kind in ENEMY_KINDS:
        answer_enemy(s, ctx, d, tokens)
    elif d.kind == "turn":
        assert hero is not None
        answer_turn(s, ctx, hero, tokens)
    elif d.kind == "place":
        assert hero is not None
        sq = ctx.board.square(tokens[1])
        assert sq is not None
        s.units[hero.uid].square = sq
        log(s, f"{hero.uid} starts at {tokens[1]}")
        s.cursor += 1
    elif d.kind == "mulligan":
        assert hero is not None
        if tokens[0] == "mulligan":
            hero.deck.extend(hero.hand)
            hero.hand = []
            shuffle(s, hero.deck)
            draw(s, hero, hand_size(ctx, hero))
            hero.mulliganed = True
            log(s, f"{hero.uid} mulligans")
        s.cursor += 1
    elif d.kind == "reshuffle":
        if tokens[0] == "reshuffle":
            s.potions -= 1
            s.potions_used += 1
            roll_initiative(s, ctx)
            log(s, "the party spends a revive potion to reshuffle initiative")
            s.cursor = 0
    elif d.kind == "swap":
        if tokens[0] == "swap":
            i = d.data["index"]
            s.initiative[i - 1], s.initiative[i] = s.initiative[i], s.initiative[i - 1]
            log(s, f"{s.initiative[i - 1]} moves up in initiative")
    elif d.kind == "knocked_out":
        assert hero is not None
        if tokens[0] == "revive":
            revive(s, ctx, hero)
            s.acting = hero.uid
        else:
            log(s, f"{hero.uid} skips the turn")  # not a pass (AT-REVIVE-3)
            finish_turn(s, ctx)
    elif d.kind == "cleanup":
        assert hero is not None
        if tokens[0] == "discard":
            if tokens[1] == "all":
                hero.discard.extend(hero.hand)
                hero.hand = []
            else:
                hero.hand.remove(tokens[1])
                hero.discard.append(tokens[1])
    advance(s, ctx)
