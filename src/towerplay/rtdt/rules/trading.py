"""Trading between heroes on one space (RTDT-TRADE-*): the moves of an open trade, the
offer and the answer.
"""

from __future__ import annotations

from towerplay.core.notation import Action, interned
from towerplay.rtdt.hookspecs import TRADE_MOVES
from towerplay.rtdt.records import Cancel, Give, OfferTrade, Take, TradeWith
from towerplay.rtdt.rules.common import ask, restricted
from towerplay.rtdt.rules.holdings import return_item
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.verbs import START_PENDING, Refusal, Turn, Verb, notation, refusal
from towerplay.rtdt.state import Decision, HeroState, State, Trade
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

# the trade's actions, each made once (core/notation.interned)
_trade_with = interned(TradeWith)
_give = interned(Give)
_take = interned(Take)

OFFER = OfferTrade()
CANCEL = Cancel()


def _tradeable(s: State, h: HeroState) -> list[str]:
    """Items and companions (RTDT-TRADE-2, RTDT-COMP-4); the main companion helps everyone
    and stays put."""
    won = [c for c in h.companions if c != s.config.companion]
    # RTDT-VIRTUE-4, RTDT-TRADE-3: virtues and corruptions are never among what changes hands
    return list(dict.fromkeys(h.potions + h.gear + h.treasures + h.quest_items + won))


# --- the moves of an open trade: each one's offer and refusal ask the same predicates ----

NOTHING_YET = refusal("put something in the trade first: give or take", "RTDT-TRADE-2")
MOVED = {  # one template each, so that a catalog words warriors and spirit
    "warriors": N_("warriors already change hands in this trade"),
    "spirit": N_("spirit already changes hands in this trade"),
    "card": N_("{what} already changes hands in this trade"),
}
COUNT = {
    "warriors": N_("the {hero} can give from 1 to {have} warriors"),
    "spirit": N_("the {hero} can give from 1 to {have} spirit"),
}
FORBIDDEN = refusal("{what} cannot change hands in this trade: a card forbids it", "RTDT-TRADE-2")
UNTRADEABLE = refusal("virtues and corruptions cannot be given or received", "RTDT-TRADE-3")


def moved(trade: Trade) -> set[str]:
    """What already changes hands in this trade: each of warriors, spirit and every card
    moves at most once (one direction, one amount), so a trade is one exchange."""
    return {m.split()[1] for m in trade.moves}


def giving_bar(w: World, giver: HeroState) -> Refusal | None:
    """Selfish: its holder gives nothing away in a trade (RTDT-CORR-7: in effect at once)."""
    if restricted(w, giver, "trade_give"):
        return refusal(
            "a corruption stops the {hero} giving anything in a trade",
            "RTDT-CORR-7",
            hero=hero_name(w, giver),
        )
    return None


def move_bar(
    w: World, s: State, trade: Trade, giver: HeroState, what: str, amount: int | None
) -> Refusal | None:
    """Why `giver` cannot put `what` (with `amount` of warriors or spirit) into the trade."""
    if w.kind_of.get(what) in ("virtue", "corruption"):
        return UNTRADEABLE
    bar = giving_bar(w, giver)
    if bar is not None:
        return bar
    if what in moved(trade):
        said = MOVED.get(what, MOVED["card"])
        return refusal(said, "RTDT-TRADE-2", what=w.name(what) if what in w.kind_of else what)
    if what in ("warriors", "spirit"):
        have = giver.warriors if what == "warriors" else giver.spirit
        if amount is None or not 1 <= amount <= have:
            return refusal(COUNT[what], "RTDT-TRADE-2", hero=hero_name(w, giver), have=have)
        return None
    if what not in _tradeable(s, giver):
        if what == s.config.companion and what in giver.companions:
            return refusal("the main companion helps everyone and stays", "RTDT-COMP-4")
        return refusal(
            "the {hero} holds no {what} to trade",
            "RTDT-TRADE-2",
            hero=hero_name(w, giver),
            what=w.name(what) if what in w.kind_of else what,
        )
    return None


def why_trade_move(w: World, s: State, h: HeroState, a: Action) -> Refusal | None:
    """Why a move of the open trade (`give`, `take`, `offer`, `cancel`) is not legal now, by
    the predicates `trade_actions` offers with; a card's own ban (Snobby, the Black Mark)
    is a hook that narrows the offers, refused here as the move it removed."""
    trade = s.trade
    assert trade is not None
    verb = a.verb if len(a) else ""
    if verb in ("offer", "cancel"):
        if len(a) > 1:
            return notation(a, verb, "RTDT-TRADE-1")
        return NOTHING_YET if verb == "offer" and not trade.moves else None
    if verb not in ("give", "take"):
        return None
    typed = (Give if verb == "give" else Take).of(a)
    counted = typed is not None and typed.what in ("warriors", "spirit")
    if typed is None or (typed.amount is not None and not counted):
        return notation(a, f"{verb} warriors|spirit N, or {verb} CARD", "RTDT-TRADE-2")
    partner = s.heroes[trade.partner]
    giver = h if verb == "give" else partner
    bar = move_bar(w, s, trade, giver, typed.what, typed.amount)
    if bar is None and a not in trade_actions(w, s, h, trade):
        return FORBIDDEN.fields_with(what=w.name(typed.what))  # a hook removed it
    return bar


def trade_actions(w: World, s: State, h: HeroState, trade: Trade) -> list[Action]:
    """Moves of an open trade: `open_moves` as the cards in play allow them (Snobby receives
    no gear; the Black Mark never changes hands), then offer and cancel."""
    out = TRADE_MOVES.filter(w, s, h, s.heroes[trade.partner], open_moves(w, s, h, trade))
    if trade.moves:
        out.append(OFFER)
    out.append(CANCEL)
    return out


def open_moves(w: World, s: State, h: HeroState, trade: Trade) -> list[Action]:
    """Every give and take that `move_bar` lets each side make, one amount each."""
    partner = s.heroes[trade.partner]
    done = moved(trade)
    out: list[Action] = []
    for move, giver in ((_give, h), (_take, partner)):
        if giving_bar(w, giver) is not None:
            continue
        if "warriors" not in done:
            out.extend(move("warriors", n) for n in range(1, giver.warriors + 1))
        if "spirit" not in done:
            out.extend(move("spirit", n) for n in range(1, giver.spirit + 1))
        out.extend(move(item) for item in _tradeable(s, giver) if item not in done)
    return out


def _transfer(w: World, giver: HeroState, taker: HeroState, what: str, amount: int) -> None:
    if what == "warriors":
        giver.warriors -= amount
        taker.warriors += amount
        return
    if what == "spirit":
        giver.spirit -= amount
        taker.spirit += amount
        return
    for held, into in (
        (giver.potions, taker.potions),
        (giver.gear, taker.gear),
        (giver.treasures, taker.treasures),
        (giver.quest_items, taker.quest_items),
        (giver.companions, taker.companions),
    ):
        if what in held:
            held.remove(what)
            into.append(what)
            return


# a move put into a trade, by what changes hands
OFFERED = {
    "warriors": N_("In the trade, the {giver} would give {n} warriors to the {taker}."),
    "spirit": N_("In the trade, the {giver} would give {n} spirit to the {taker}."),
    "item": N_("In the trade, the {giver} would give {what} to the {taker}."),
}


def apply_trade(w: World, s: State, h: HeroState, trade: Trade, a: Action) -> None:
    partner = s.heroes[trade.partner]
    if isinstance(a, (Give, Take)):
        giver, taker = (h, partner) if isinstance(a, Give) else (partner, h)
        amount = a.amount or 1
        _transfer(w, giver, taker, a.what, amount)
        trade.moves.append(str(a))
        tell(
            s,
            "text",
            OFFERED.get(a.what, OFFERED["item"]),
            seats=(giver.seat, taker.seat),
            giver=hero_name(w, giver),
            n=amount,
            what=w.name(a.what),
            taker=hero_name(w, taker),
        )
    elif isinstance(a, OfferTrade):
        tell(
            s,
            "text",
            "{hero} offers the trade ({n} move(s)) to the {partner}.",
            seats=(h.seat, partner.seat),
            hero=hero_name(w, h),
            n=len(trade.moves),
            partner=hero_name(w, partner),
        )
        ask(s, Decision("trade_respond", partner.seat))
    elif isinstance(a, Cancel):
        undo_trade(s, trade)
        tell(s, "text", "{hero} calls off the trade.", seats=(h.seat,), hero=hero_name(w, h))


def undo_trade(s: State, trade: Trade) -> None:
    active, other = trade.snapshot
    s.heroes[active.seat] = active.clone()
    s.heroes[other.seat] = other.clone()
    s.trade = None


def dedupe_gear(s: State, h: HeroState) -> None:
    seen: set[str] = set()
    for g in h.gear[:]:
        if g in seen:
            h.gear.remove(g)
            return_item(s, "gear", g)  # RTDT-ITEM-4
        seen.add(g)


# --- the verb: open a trade with a hero on your space (RTDT-TRADE-1) -------------------------

TRADED = refusal("you may trade once per turn", "RTDT-TRADE-1")
ALONE = refusal("there is no other hero to trade with", "RTDT-TRADE-1")


def trade_bar(c: Turn) -> Refusal | None:
    if c.t.start_pending:
        return START_PENDING
    if c.t.traded:
        return TRADED
    if len(c.s.heroes) <= 1:
        return ALONE
    return None


def offer_trade(c: Turn, out: list[Action]) -> None:
    if trade_bar(c) is not None:
        return
    h = c.h
    for o in c.s.heroes:  # a loop, not a generator: this runs at every turn step
        if o.space == h.space and o.seat != h.seat and not o.eliminated:
            out.append(_trade_with(o.seat))


def why_trade(c: Turn, a: TradeWith) -> Refusal | None:
    bad = trade_bar(c)
    if bad is not None:
        return bad
    w, s, h = c.w, c.s, c.h
    if a.seat >= len(s.heroes):
        return refusal(
            "{seat} is not a seat; the seats are {seats}",
            "RTDT-TRADE-1",
            seat=a.seat,
            seats=", ".join(str(o.seat) for o in s.heroes),
        )
    o = s.heroes[a.seat]
    if o.seat == h.seat:
        return refusal("trade with another hero, not yourself", "RTDT-TRADE-1")
    if o.eliminated:
        return refusal("the {hero} is out of the game", "RTDT-TRADE-1", hero=hero_name(w, o))
    if o.space != h.space:
        return refusal(
            "trade only with a hero on your space; the {hero} is at {space}",
            "RTDT-TRADE-1",
            hero=hero_name(w, o),
            space=w.board.names[o.space],
        )
    return None


def apply_trade_verb(w: World, s: State, h: HeroState, a: TradeWith) -> None:
    partner = s.heroes[a.seat]
    s.turn.traded = True
    s.trade = Trade(partner.seat, [h.clone(), partner.clone()])
    tell(
        s,
        "text",
        "{hero} opens a trade with the {partner}.",
        seats=(h.seat, partner.seat),
        hero=hero_name(w, h),
        partner=hero_name(w, partner),
    )


TRADE = Verb(TradeWith, "trade SEAT", "RTDT-TRADE-1", offer_trade, why_trade, apply_trade_verb)
