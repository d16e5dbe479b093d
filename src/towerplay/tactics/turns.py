"""A hero's turn: who acts, the knocked-out hero's revive, the two actions and
their choices (AT-TURN-*), and the end of the turn.
"""

from __future__ import annotations

from typing import Any

from towerplay.tactics.cards import command_summon, play_card
from towerplay.tactics.decks import draw_up, shuffle
from towerplay.tactics.dice import roll
from towerplay.tactics.effects import ask, end_of_turn, fit_max_hp, heal, log, lose_condition
from towerplay.tactics.ending import check_objectives
from towerplay.tactics.enemies import start_boss_turn
from towerplay.tactics.models import EQUIPMENT_KINDS
from towerplay.tactics.state import SLOTS, Ctx, Hero, Resolution, State
from towerplay.tactics.stats import basic_movement

REVIVE_MIN_DECK = 4  # AT-REVIVE-2


def summon_token(ctx: Ctx, uid: str) -> bool:
    """Whether an initiative token is a summon's (`<summon id><n>`, cards.place_summon)."""
    return any(uid.startswith(k) and uid[len(k) :].isdigit() for k in ctx.content.summons)


def summon_turn(s: State, ctx: Ctx, uid: str) -> None:
    """A summon that takes its own turns: on its token its owner moves it, then
    attacks with it (AT-SUM-1); gone, knocked out or stunned, it skips the turn."""
    u = s.units.get(uid)
    if u is None or u.knocked_out or "stunned" in u.conditions:
        if u is not None and "stunned" in u.conditions:
            lose_condition(u, "stunned")  # AT-COND-3
        log(s, "turn", "{hero} skips the turn", hero=uid)  # the same words as a hero's
        finish_turn(s, ctx)
        return
    s.acting = uid
    owner = s.heroes[u.owner]
    log(s, "turn", "{hero}'s turn", seats=(owner.seat,), hero=uid)
    s.resolution = Resolution(owner.seat, "@" + uid, option=0, actor=uid)


def start_turn(s: State, ctx: Ctx, uid: str) -> None:
    hero = next((h for h in s.heroes if h.uid == uid), None)
    if hero is None and summon_token(ctx, uid):
        summon_turn(s, ctx, uid)
        return
    if hero is None:
        boss = s.units.get(uid)
        if boss is not None and "stunned" in boss.conditions:
            lose_condition(boss, "stunned")  # a stunned boss skips only this turn (AT-COND-3)
            log(s, "condition", "{unit} is stunned and skips a turn", unit=uid)
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
                "{hero} is knocked out: drink a revive potion or skip the turn?",
                [["revive"], ["skip"]],
                "AT-REVIVE-1",
                say={"hero": uid},
            )
        else:
            log(s, "turn", "{hero} is knocked out and skips the turn", seats=(hero.seat,), hero=uid)
            finish_turn(s, ctx)
        return
    if "stunned" in me.conditions:
        lose_condition(me, "stunned")
        # AT-COND-3
        log(s, "condition", "{hero} is stunned and skips the turn", seats=(hero.seat,), hero=uid)
        finish_turn(s, ctx)
        return
    s.acting = uid
    log(s, "turn", "{hero}'s turn", seats=(hero.seat,), hero=uid)
    ask_turn(s, ctx, hero)


def after_action(s: State, ctx: Ctx) -> None:
    if summon_token(ctx, s.acting):
        finish_turn(s, ctx)  # a summon's own turn is its move and attack (AT-SUM-1)
        return
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
    """The player actions (AT-TURN-1..4), free cards (AT-KEY-2), summons (AT-SUM-1),
    discarding a Mark of Death (AT-MARK-1) and the party's items (AT-ITEM-1)."""
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
        kind = card.kind
        if kind == "mark_of_death":
            out.append(["discard", cid])  # a dead card: only discarded, as an action (AT-MARK-1)
            continue
        if dash:
            out.append(["dash", cid])
        if kind in EQUIPMENT_KINDS:  # AT-TURN-4: equipment replaces what its slot holds
            out.append(["equip", cid])
        elif kind == "class_feature" and slot_free:  # AT-TURN-4: into an empty slot only
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
            # one taking its own turns acts on its own token instead (AT-SUM-1)
            and ctx.content.summons[u.type_id].turns == "with_owner"
        ):
            out.append(["command", u.uid])
    for iid in sorted(set(s.items)):
        out.append(["item", iid])  # a party consumable, a free action (AT-ITEM-1)
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
        "{hero}: action {n} of 2",
        choices,
        "AT-TURN-1",
        say={"hero": hero.uid, "n": min(hero.actions + 1, 2)},
    )


def answer_turn(s: State, ctx: Ctx, hero: Hero, tokens: tuple[str, ...]) -> None:
    verb = tokens[0]
    cards = ctx.content.cards
    if verb == "pass":
        hero.passed = True  # a pass: whole-hand discard allowed at cleanup (AT-CLEAN-1)
        log(s, "turn", "{hero} passes", seats=(hero.seat,), hero=hero.uid)
        finish_turn(s, ctx)
        return
    if verb == "end":
        finish_turn(s, ctx)
        return
    if verb == "command":
        command_summon(s, ctx, hero, tokens[1])
        return
    if verb == "item":
        use_item(s, ctx, hero, tokens[1])
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
        points = basic_movement(ctx, hero) // 2  # halves round down (AT-TURN-5)
        log(
            s,
            "cost",
            "{hero} discards {card} to move {points}",
            seats=(hero.seat,),
            hero=hero.uid,
            card=card.name,
            points=points,
        )
        s.resolution = Resolution(hero.seat, f"~{points}", option=0, actor=hero.uid)
    elif verb == "discard":
        hero.discard.append(cid)
        # AT-MARK-1
        log(s, "text", "{hero} discards {card}", seats=(hero.seat,), hero=hero.uid, card=card.name)
    elif verb == "equip":
        old = hero.board[card.kind]
        if old is not None:  # AT-TURN-4: the replaced card is discarded
            hero.discard.append(old)
        hero.board[card.kind] = cid
        fit_max_hp(s, ctx, hero)  # the new equipment's maximum HP counts (AT-HP-1)
        fields: dict[str, Any] = {"hero": hero.uid, "card": card.name}
        if old is None:
            log(s, "text", "{hero} equips {card}", seats=(hero.seat,), **fields)
        else:
            log(
                s,
                "text",
                "{hero} equips {card}; {old} goes to the discard pile",
                seats=(hero.seat,),
                old=cards[old].name,
                **fields,
            )
    elif verb == "prepare":
        hero.board["class_feature"] = cid
        log(s, "text", "{hero} prepares {card}", seats=(hero.seat,), hero=hero.uid, card=card.name)


def use_item(s: State, ctx: Ctx, hero: Hero, item_id: str) -> None:
    """Any hero may use one of the party's consumables on its turn as a free action; it
    is then spent (AT-ITEM-1) and reported with the result (AT-ITEM-2)."""
    s.items.remove(item_id)
    s.items_spent.append(item_id)
    hero.free_played = True  # free: no action, and no pass this turn (AT-KEY-2)
    log(
        s,
        "cost",
        "{hero} uses {item}; {n} left in Party > Items",
        seats=(hero.seat,),
        amounts={item_id: -1},
        hero=hero.uid,
        item=ctx.items[item_id].name,
        n=s.items.count(item_id),
    )
    s.resolution = Resolution(hero.seat, "!" + item_id, option=0, actor=hero.uid)


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
    aside = min(penalty, len(hero.deck))
    for _ in range(aside):
        hero.set_aside.append(hero.deck.pop())
    log(
        s,
        "cost",
        "{hero} drinks a revive potion ({potions} left); penalty die {penalty}, "
        "cards set aside: {n}",
        seats=(hero.seat,),
        amounts={"potions": -1, "deck": -aside},
        hero=hero.uid,
        potions=s.potions,
        penalty=penalty,
        n=aside,
    )
    heal(s, ctx, me, me.max_hp // 2)  # half, rounded down (AT-TURN-5)
    draw_up(s, ctx, hero)
