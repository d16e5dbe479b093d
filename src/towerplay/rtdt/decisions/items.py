"""The base game's decisions about cards and trades: discarding, taking gear and
treasures, virtues, items lost or spent, New Wares and the answer to a trade. Each kind:
its answers, how an answer applies, its words and its rule, registered at the end
(hooks.decision).
"""

from __future__ import annotations

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action, interned
from towerplay.rtdt import hooks
from towerplay.rtdt import records as rec
from towerplay.rtdt.decisions.common import DONE, asked, says, who
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.hooks import DecisionKind
from towerplay.rtdt.hookspecs import decision_kind
from towerplay.rtdt.rules.common import HEROIC_SPIRIT, ask
from towerplay.rtdt.rules.effects import (
    discard_item,
    held,
    hero_virtues,
)
from towerplay.rtdt.rules.holdings import check_limits, gain_gear, return_item, take_treasure
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import gain
from towerplay.rtdt.rules.trading import dedupe_gear, undo_trade
from towerplay.rtdt.state import Decision, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

# each answer made once (core/notation.interned): asked again and again in a game
_take_answer = interned(rec.Take)
_discard_answer = interned(rec.Discard)
_lose_answer = interned(rec.Lose)
_spend_answer = interned(rec.Spend)
_flip_answer = interned(rec.Flip)
_replace_answer = interned(rec.Replace)


ACCEPT = rec.Accept()
REJECT = rec.Reject()


def _discard_answers(w: World, s: State, d: Decision) -> list[Action]:
    h = asked(s, d)
    kept = h.treasures if d.scope == "treasure" else h.potions
    return [_discard_answer(item) for item in dict.fromkeys(kept)]


def _discard(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Discard)
    h = asked(s, d)
    kept = h.treasures if d.scope == "treasure" else h.potions
    kept.remove(a.card)
    return_item(s, d.scope, a.card)
    tell(
        s,
        "loss",
        "{hero} discards {card}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(a.card),
    )
    check_limits(w, s, h)


def _discard_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text", "{hero}: you carry too many {what}s; discard one.", hero=who(w, s, d), what=d.scope
    )


def _take_gear_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_take_answer(g) for g, n in s.gear_piles.items() if n > 0]


def _take_gear(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Take)
    gain_gear(w, s, asked(s, d), a.what)


def _take_treasure_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_take_answer(t) for t in s.market]


def _take_treasure(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Take)
    take_treasure(w, s, asked(s, d), a.what)


def _hope_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_take_answer(t) for t in dict.fromkeys(s.market)] + [rec.TakeSpirit()]


def _hope(w: World, s: State, d: Decision, a: Action) -> None:
    """Amulet of Hope: the Battle's 2 spirit, or a market treasure instead (RTDT-QITEM-8)."""
    h = asked(s, d)
    if not isinstance(a, rec.Take):  # spirit
        gain(w, s, h, "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # RTDT-HEROIC-4
    else:
        take_treasure(w, s, h, a.what)


def _flip_virtue_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_flip_answer(v) for v in asked(s, d).inactive]


def _flip_virtue(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Flip)
    h = asked(s, d)
    h.inactive.remove(a.virtue)
    h.virtues.append(a.virtue)
    tell(
        s,
        "gain",
        "{hero} gains the virtue {virtue}.",
        seats=(h.seat,),
        amounts=(("virtues", 1),),
        hero=hero_name(w, h),
        virtue=w.name(a.virtue),
    )
    check_limits(w, s, h)


def _lose_item_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_lose_answer(item) for item in dict.fromkeys(held(asked(s, d), d.scope))]


def _lose_item(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Lose)
    discard_item(w, s, asked(s, d), a.card)
    if d.amount > 1:
        ask(s, Decision("lose_item", d.seat, amount=d.amount - 1, scope=d.scope))


def _lose_item_words(w: World, s: State, d: Decision) -> Event:
    return event("text", "{hero}: choose {n} item(s) to lose.", hero=who(w, s, d), n=d.amount)


def _spend_item_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_spend_answer(item) for item in dict.fromkeys(held(asked(s, d), d.scope))]


def _spend_item(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Spend)
    discard_item(w, s, asked(s, d), a.card)  # RTDT-RES-3: spent for the quest, not its effect
    if d.amount > 1:
        ask(s, Decision("spend_item", d.seat, amount=d.amount - 1, scope=d.scope))


def _spend_item_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: choose {n} {what}(s) to spend for the quest.",
        hero=who(w, s, d),
        what=d.scope,
        n=d.amount,
    )


def _lose_virtue_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_lose_answer(v) for v in hero_virtues(w, asked(s, d))]


def _lose_virtue(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Lose)
    h = asked(s, d)
    h.virtues.remove(a.card)  # out of the game, not back to the inactive side
    tell(
        s,
        "loss",
        "{hero} loses the virtue {virtue} for good.",
        seats=(h.seat,),
        amounts=(("virtues", -1),),
        hero=hero_name(w, h),
        virtue=w.name(a.card),
    )


def _new_wares_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [*(_replace_answer(t) for t in s.market if t not in d.options), DONE]


def _new_wares(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Replace):  # done
        return
    s.market.remove(a.card)
    put_under(s, "treasures", a.card)
    replaced = d.options + (a.card,)
    tell(
        s,
        "text",
        "{hero} replaces {card} in the market.",
        seats=(asked(s, d).seat,),
        hero=hero_name(w, asked(s, d)),
        card=w.name(a.card),
    )
    if s.treasure_deck:
        refill = s.treasure_deck.pop(0)
        s.market.append(refill)
        tell(s, "reveal", "{treasure} comes to the market.", treasure=w.name(refill))
    ask(s, Decision("new_wares", d.seat, options=replaced))


def _trade_respond_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [ACCEPT, REJECT]  # CMP-CLAR-5: a trade happens only if the partner agrees too


def _trade_respond(w: World, s: State, d: Decision, a: Action) -> None:
    h = asked(s, d)
    trade = s.trade
    assert trade is not None
    if isinstance(a, rec.Reject):
        undo_trade(s, trade)
        tell(s, "text", "{hero} refuses the trade.", seats=(h.seat,), hero=hero_name(w, h))
        return
    s.trade = None
    tell(s, "text", "{hero} accepts the trade.", seats=(h.seat,), hero=hero_name(w, h))
    for hero in (s.heroes[s.turn.seat], h):
        dedupe_gear(s, hero)
        check_limits(w, s, hero)


KINDS: dict[str, DecisionKind] = {
    "discard": decision_kind(
        _discard_answers,
        _discard,
        _discard_words,
        "discard down to your carrying limit first",
        "RTDT-ITEM-4",
    ),
    "take_gear": decision_kind(
        _take_gear_answers,
        _take_gear,
        says("choose a gear pile to take from."),
        "choose a gear pile",
        "RTDT-ITEM-6",
    ),
    "take_treasure": decision_kind(
        _take_treasure_answers,
        _take_treasure,
        says("choose a treasure from the market."),
        "choose a treasure from the market",
        "RTDT-ITEM-7",
    ),
    "flip_virtue": decision_kind(
        _flip_virtue_answers,
        _flip_virtue,
        says("choose an inactive virtue to gain."),
        "choose an inactive virtue to flip",
        "RTDT-VIRTUE-3",
    ),
    "lose_item": decision_kind(
        _lose_item_answers,
        _lose_item,
        _lose_item_words,
        "choose the item you lose",
        "RTDT-RES-4",
    ),
    "spend_item": decision_kind(
        _spend_item_answers,
        _spend_item,
        _spend_item_words,
        "choose the item you spend for the quest",
        "RTDT-QUEST-6",
    ),
    "lose_virtue": decision_kind(
        _lose_virtue_answers,
        _lose_virtue,
        says("choose an active virtue to lose for good."),
        "choose the virtue you lose",
        "RTDT-RES-4",
    ),
    "new_wares": decision_kind(
        _new_wares_answers,
        _new_wares,
        says("New Wares - replace market treasures, then done."),
        "replace a market treasure, or done",
        "RTDT-EVENT-11",
    ),
    "trade_respond": decision_kind(
        _trade_respond_answers,
        _trade_respond,
        says("accept or reject the trade offered to you."),
        "accept or reject the trade offered to you",
        "RTDT-TRADE-1",
    ),
    "hope": decision_kind(
        _hope_answers,
        _hope,
        says("take a market treasure instead of the Battle's 2 spirit, or the spirit."),
        "take a market treasure or the Battle's 2 spirit",
        "RTDT-QITEM-8",
    ),
}

for _kind, _dk in KINDS.items():
    hooks.decision(_kind, "base", _dk)
