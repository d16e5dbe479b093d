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
from towerplay.rtdt.rules.verbs import START_PENDING, Refusal, Turn, Verb, refusal
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


def trade_actions(w: World, s: State, h: HeroState, trade: Trade) -> list[Action]:
    """Moves of an open trade. Each of warriors, spirit and every card moves at most once
    (one direction, one amount), so a trade is one exchange and always ends."""
    partner = s.heroes[trade.partner]
    moved = {m.split()[1] for m in trade.moves}
    out: list[Action] = []
    for move, giver in ((_give, h), (_take, partner)):
        if restricted(w, giver, "trade_give"):
            continue
        if "warriors" not in moved:
            out.extend(move("warriors", n) for n in range(1, giver.warriors + 1))
        if "spirit" not in moved:
            out.extend(move("spirit", n) for n in range(1, giver.spirit + 1))
        out.extend(move(item) for item in _tradeable(s, giver) if item not in moved)
    out = TRADE_MOVES.filter(w, s, h, partner, out)  # Snobby receives no gear
    if trade.moves:
        out.append(OFFER)
    out.append(CANCEL)
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
