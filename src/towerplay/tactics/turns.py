"""A hero's turn: who acts, the knocked-out hero's revive, the two actions and
their choices (AT-TURN-*), and the end of the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action, Record
from towerplay.tactics.cards import command_summon, play_card
from towerplay.tactics.decks import draw_up, shuffle
from towerplay.tactics.dice import roll
from towerplay.tactics.effects import ask, end_of_turn, fit_max_hp, heal, log, lose_condition
from towerplay.tactics.ending import check_objectives
from towerplay.tactics.enemies import start_boss_turn
from towerplay.tactics.models import EQUIPMENT_KINDS
from towerplay.tactics.narrate import N_
from towerplay.tactics.records import (
    Command,
    Dash,
    Discard,
    End,
    Equip,
    Item,
    Pass,
    Play,
    Prepare,
    Use,
)
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


# --- the player actions as units: each verb's offer, refusal and effect ------------------
# A verb's bar says why it cannot be taken now with that card (or summon, or item), with
# its rule: the turn decision offers exactly what no bar refuses (tests/tactics/
# test_turn_verbs.py), and a refused action is told the same reason (explain.py).


@dataclass(slots=True)
class TurnStep:
    """What every verb of one turn decision reads, computed once."""

    s: State
    ctx: Ctx
    hero: Hero
    left: bool  # an action is left (AT-TURN-1: two a turn)
    dash_points: int  # half the basic movement, rounded down (AT-TURN-3, AT-TURN-5)


def turn_step(s: State, ctx: Ctx, hero: Hero) -> TurnStep:
    return TurnStep(s, ctx, hero, hero.actions < 2, basic_movement(ctx, hero) // 2)


NO_ACTIONS = N_("no actions left this turn (two per turn)")


def _hand_bar(t: TurnStep, cid: str) -> IllegalAction | None:
    """A card played, discarded, equipped or prepared comes from the hand (AT-TURN-2)."""
    if cid in t.hero.hand:
        return None
    return IllegalAction(
        "{card} is not in {hero}'s hand", "AT-TURN-2", card=cid or "that card", hero=t.hero.uid
    )


def _mark_bar(t: TurnStep, cid: str) -> IllegalAction | None:
    """A Mark of Death is never played (AT-MARK-1); like any card it is discarded to move."""
    if t.ctx.content.cards[cid].kind != "mark_of_death":
        return None
    return IllegalAction(
        "a Mark of Death cannot be played; dash it to move, or discard it as an action",
        "AT-MARK-1",
    )


def play_bar(t: TurnStep, cid: str) -> IllegalAction | None:
    """`play CARD`: a card from the hand with something to do, for one of the turn's two
    actions or free (AT-TURN-1, AT-TURN-2, AT-KEY-2); a Response waits for its event."""
    bad = _hand_bar(t, cid) or _mark_bar(t, cid)
    if bad is not None:
        return bad
    card = t.ctx.content.cards[cid]
    if card.response is not None:
        return IllegalAction("a Response card is played only when its event happens", "AT-KEY-3")
    if not card.options:
        return IllegalAction("{card} has nothing to play", "AT-TURN-2", card=card.name)
    if not (t.left or card.free):
        return IllegalAction(NO_ACTIONS, "AT-TURN-1")
    return None


def discard_bar(t: TurnStep, cid: str) -> IllegalAction | None:
    """`discard CARD`: a Mark of Death may be discarded as an action without moving
    (AT-MARK-1: for a hero who cannot or will not move); any card is discarded to move
    with `dash`."""
    bad = _hand_bar(t, cid)
    if bad is not None:
        return bad
    if t.ctx.content.cards[cid].kind != "mark_of_death":
        return IllegalAction(
            "only a Mark of Death is discarded as an action; dash discards a card to move",
            "AT-MARK-1",
        )
    return None if t.left else IllegalAction(NO_ACTIONS, "AT-TURN-1")


def dash_bar(t: TurnStep, cid: str) -> IllegalAction | None:
    """`dash CARD`: discard any card, a Mark of Death too, to move half the basic
    movement (AT-TURN-3: "any card"; AT-MARK-1)."""
    bad = _hand_bar(t, cid)
    if bad is not None:
        return bad
    if not t.left:
        return IllegalAction(NO_ACTIONS, "AT-TURN-1")
    if t.dash_points < 1:
        return IllegalAction(
            "half of {hero}'s movement, rounded down, is 0: a dash moves nothing",
            "AT-TURN-3",
            hero=t.hero.uid,
        )
    return None


def equip_bar(t: TurnStep, cid: str) -> IllegalAction | None:
    """`equip CARD`: equipment from the hand into its slot, the card there discarded
    (AT-TURN-4)."""
    bad = _hand_bar(t, cid)
    if bad is not None:
        return bad
    if t.ctx.content.cards[cid].kind not in EQUIPMENT_KINDS:
        return IllegalAction(
            "{card} is not equipment", "AT-TURN-4", card=t.ctx.content.cards[cid].name
        )
    return None if t.left else IllegalAction(NO_ACTIONS, "AT-TURN-1")


def prepare_bar(t: TurnStep, cid: str) -> IllegalAction | None:
    """`prepare CARD`: a class feature from the hand into the empty class feature slot
    (AT-TURN-4)."""
    bad = _hand_bar(t, cid)
    if bad is not None:
        return bad
    if t.ctx.content.cards[cid].kind != "class_feature":
        return IllegalAction(
            "{card} is not a class feature", "AT-TURN-4", card=t.ctx.content.cards[cid].name
        )
    if not t.left:
        return IllegalAction(NO_ACTIONS, "AT-TURN-1")
    if t.hero.board["class_feature"] is not None:
        return IllegalAction("the class feature slot is taken", "AT-TURN-4")
    return None


def use_bar(t: TurnStep, cid: str) -> IllegalAction | None:
    """`use CARD`: the equipment or class feature on the hero's board (AT-TURN-2), for an
    action or free (AT-KEY-2)."""
    if not cid or cid not in t.hero.board.values():
        return IllegalAction(
            "{card} is not on {hero}'s board", "AT-TURN-2", card=cid or "that card", hero=t.hero.uid
        )
    card = t.ctx.content.cards[cid]
    if not card.options:
        return IllegalAction("{card} has nothing to use", "AT-TURN-2", card=card.name)
    if not (t.left or card.free):
        return IllegalAction(NO_ACTIONS, "AT-TURN-1")
    return None


def command_bar(t: TurnStep, uid: str) -> IllegalAction | None:
    """`command SUMMON`: a summon of the hero's that moves and attacks with its owner, once
    a turn (AT-SUM-1); one taking its own turns acts on its own token."""
    u = t.s.units.get(uid)
    if u is None or u.kind != "summon" or u.owner != t.hero.seat:
        return IllegalAction(
            "{unit} is not a summon of {hero}'s", "AT-SUM-1", unit=uid or "that", hero=t.hero.uid
        )
    if u.knocked_out:
        return IllegalAction("{unit} is knocked out", "AT-SUM-1", unit=uid)
    if t.ctx.content.summons[u.type_id].turns != "with_owner":
        return IllegalAction("{unit} takes its own turns", "AT-SUM-1", unit=uid)
    if uid in t.hero.commanded:
        return IllegalAction("{unit} has already acted this turn", "AT-SUM-1", unit=uid)
    return None


def item_bar(t: TurnStep, iid: str) -> IllegalAction | None:
    """`item ITEM`: one of the party's consumables, a free action (AT-ITEM-1)."""
    if iid in t.s.items:
        return None
    return IllegalAction("the party has no {item} item left", "AT-ITEM-1", item=iid or "such")


def _idle(t: TurnStep) -> bool:
    """Nothing done yet this turn: no action, no free card, no summon commanded."""
    return t.hero.actions == 0 and not t.hero.free_played and not t.hero.commanded


def pass_bar(t: TurnStep) -> IllegalAction | None:
    """`pass`: only before taking any action or playing a free card (AT-TURN-1, AT-KEY-2)."""
    if _idle(t):
        return None
    return IllegalAction(
        "you may only pass before taking any action or playing a free card", "AT-KEY-2"
    )


def end_bar(t: TurnStep) -> IllegalAction | None:
    """`end`: once something was done; a hero who has done nothing passes (AT-TURN-1)."""
    if not _idle(t):
        return None
    return IllegalAction("you have done nothing yet this turn: pass instead", "AT-TURN-1")


@dataclass(frozen=True, slots=True)
class TurnVerb:
    """One player action: its record (its notation, tactics/records.py) and its bar (what
    it takes after the verb: a card, a summon, an item, or nothing)."""

    record: type[Record]
    rule: str  # the rule its notation is refused under
    bar: Callable[..., IllegalAction | None]

    @property
    def usage(self) -> str:
        """The notation, as a refusal says it: `play CARD`."""
        return " ".join([self.record.VERB, *(n.upper() for n, _ in self.record.SLOTS)])

    def why(self, t: TurnStep, action: tuple[str, ...]) -> IllegalAction | None:
        """Why this action is not legal in this turn decision; None when it is."""
        a = self.record.of(Action(*action))
        if a is None:
            return IllegalAction("write it as: {usage}", self.rule, usage=self.usage)
        return self.bar(t, *(getattr(a, name) for name, _ in self.record.SLOTS))


TURN_VERBS: dict[str, TurnVerb] = {
    v.record.VERB: v
    for v in (
        TurnVerb(Play, "AT-TURN-2", play_bar),
        TurnVerb(Discard, "AT-MARK-1", discard_bar),
        TurnVerb(Dash, "AT-TURN-3", dash_bar),
        TurnVerb(Equip, "AT-TURN-4", equip_bar),
        TurnVerb(Prepare, "AT-TURN-4", prepare_bar),
        TurnVerb(Use, "AT-TURN-2", use_bar),
        TurnVerb(Command, "AT-SUM-1", command_bar),
        TurnVerb(Item, "AT-ITEM-1", item_bar),
        TurnVerb(Pass, "AT-TURN-1", pass_bar),
        TurnVerb(End, "AT-TURN-1", end_bar),
    )
}
HAND_VERBS = ("play", "discard", "dash", "equip", "prepare")  # in the order each card offers


def turn_choices(s: State, ctx: Ctx, hero: Hero) -> list[list[str]]:
    """The player actions (AT-TURN-1..4), free cards (AT-KEY-2), summons (AT-SUM-1),
    discarding a Mark of Death (AT-MARK-1) and the party's items (AT-ITEM-1): every one no
    bar refuses, card by card, in a fixed order."""
    t = turn_step(s, ctx, hero)
    out: list[list[str]] = []
    for cid in sorted(set(hero.hand)):
        for verb in HAND_VERBS:
            if TURN_VERBS[verb].bar(t, cid) is None:
                out.append([verb, cid])
    for slot in SLOTS:
        held = hero.board[slot]
        if held is not None and use_bar(t, held) is None:
            out.append(["use", held])
    for u in s.units.values():
        if u.kind == "summon" and u.owner == hero.seat and command_bar(t, u.uid) is None:
            out.append(["command", u.uid])
    for iid in sorted(set(s.items)):
        out.append(["item", iid])  # a party consumable, a free action (AT-ITEM-1)
    out.append(["pass"] if pass_bar(t) is None else ["end"])
    return out


def turn_refusal(s: State, ctx: Ctx, hero: Hero, tokens: tuple[str, ...]) -> IllegalAction | None:
    """Why `tokens` is not one of this turn decision's actions, by its verb's bar; None for
    an unknown verb (explain.py words it) or when nothing bars it."""
    verb = TURN_VERBS.get(tokens[0]) if tokens else None
    return None if verb is None else verb.why(turn_step(s, ctx, hero), tokens)


def turn_unavailable(s: State, ctx: Ctx, hero: Hero) -> list[tuple[str, IllegalAction]]:
    """The player actions that exist for this hero's cards but are barred now, each with
    why: each card in hand with every verb its kind allows, each card on the board, and
    `pass` once something was done (`end` is offered whenever `pass` is not). A screen shows
    them greyed."""
    t = turn_step(s, ctx, hero)
    cards = ctx.content.cards
    tried: list[tuple[str, str]] = []
    for cid in sorted(set(hero.hand)):
        kind = cards[cid].kind
        if kind == "mark_of_death":
            tried.append(("discard", cid))
            continue
        if cards[cid].options:
            tried.append(("play", cid))
        tried.append(("dash", cid))
        if kind in EQUIPMENT_KINDS:
            tried.append(("equip", cid))
        elif kind == "class_feature":
            tried.append(("prepare", cid))
    tried += [("use", c) for c in hero.board.values() if c is not None]
    out = []
    for verb, arg in tried:  # what no bar refuses is offered (turn_choices)
        why = TURN_VERBS[verb].bar(t, arg)
        if why is not None:
            out.append((f"{verb} {arg}", why))
    why = pass_bar(t)
    if why is not None:
        out.append(("pass", why))
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


def answer_turn(s: State, ctx: Ctx, hero: Hero, a: Record) -> None:
    cards = ctx.content.cards
    if isinstance(a, Pass):
        hero.passed = True  # a pass: whole-hand discard allowed at cleanup (AT-CLEAN-1)
        log(s, "turn", "{hero} passes", seats=(hero.seat,), hero=hero.uid)
        finish_turn(s, ctx)
        return
    if isinstance(a, End):
        finish_turn(s, ctx)
        return
    if isinstance(a, Command):
        command_summon(s, ctx, hero, a.summon)
        return
    if isinstance(a, Item):
        use_item(s, ctx, hero, a.item)
        return
    assert isinstance(a, (Play, Use, Dash, Discard, Equip, Prepare))
    cid = a.card
    card = cards[cid]
    if isinstance(a, (Play, Use)):
        if card.free:
            hero.free_played = True
        else:
            hero.actions += 1
        slot = None
        if isinstance(a, Use):
            slot = next(k for k, v in hero.board.items() if v == cid)
        play_card(s, ctx, hero, cid, slot)
        return
    hero.actions += 1
    hero.hand.remove(cid)
    if isinstance(a, Dash):
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
    elif isinstance(a, Discard):
        hero.discard.append(cid)
        # AT-MARK-1
        log(s, "text", "{hero} discards {card}", seats=(hero.seat,), hero=hero.uid, card=card.name)
    elif isinstance(a, Equip):
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
    elif isinstance(a, Prepare):
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
