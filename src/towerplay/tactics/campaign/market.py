"""Shopping at the Market: the stock, its prices, buying and selling.

A market chapter's page offers, besides its choices, every item of the stock: the
market deck (equipment left unclaimed or sold in earlier chapters) and the
market's own items and rare items while a copy is still in the Supply. Items cost
2 bags of gold unless the market's card prices them otherwise; equipment sells
for 1 bag and joins the market deck. Gold is the party's, whoever spends it.
"""

from __future__ import annotations

from dataclasses import dataclass

from towerplay.core.errors import IllegalAction
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.models import Market
from towerplay.tactics.campaign.state import CampaignState, cards_in_play, gold, log, supply_left
from towerplay.tactics.models import EQUIPMENT_KINDS
from towerplay.tactics.narrate import N_

PRICE = 2  # AT-MARKET-1: bags of gold per item unless the market says otherwise
SALE = 1  # AT-MARKET-3


@dataclass(frozen=True, slots=True)
class Offer:
    """One item for sale: its card, its price and where it comes from."""

    card: str
    price: int
    source: str  # one of SOURCES


# where an offer comes from: words a screen shows beside it, worded by the catalog
SOURCES = (N_("market deck"), N_("market"), N_("rare"))


def market_of(c: CampaignContent, s: CampaignState) -> Market | None:
    """The market of the chapter being read, if it is a market chapter."""
    ch = c.chapters.get(s.chapter)
    return c.markets[ch.market] if ch is not None and ch.market is not None else None


def stock(c: CampaignContent, s: CampaignState, m: Market) -> list[Offer]:
    """What the market sells now (AT-MARKET-2)."""
    in_play = cards_in_play(s)
    out: dict[str, Offer] = {}
    for card in sorted(set(s.market)):
        out[card] = Offer(card, m.prices.get(card, PRICE), "market deck")
    for source, cards in (("market", m.items), ("rare", m.rare)):
        for card in cards:
            if card not in out and in_play[card] < c.game.cards[card].copies:
                out[card] = Offer(card, m.prices.get(card, PRICE), source)
    return sorted(out.values(), key=lambda o: o.card)


def sellable(c: CampaignContent, s: CampaignState, who: int) -> list[str]:
    """The equipment a hero may sell: weapons, armor and accessories it owns."""
    h = s.party[who]
    return sorted({cid for cid in h.cards if c.game.cards[cid].kind in EQUIPMENT_KINDS})


def can_sell(c: CampaignContent, s: CampaignState) -> bool:
    """A sale needs a bag of gold still in Supply > Items to pay with."""
    return any(supply_left(c, s, i) > 0 for i, it in c.items.items() if it.kind == "bag_of_gold")


def market_actions(c: CampaignContent, s: CampaignState, m: Market) -> list[str]:
    """`buy CARD HERO` for each affordable item and hero, `sell CARD HERO` for each piece
    of equipment a hero may sell."""
    out = []
    money = gold(c, s)
    for offer in stock(c, s, m):
        if offer.price <= money:
            out += [f"buy {offer.card} {h.hero}" for h in s.party]
    if can_sell(c, s):
        for i, h in enumerate(s.party):
            out += [f"sell {card} {h.hero}" for card in sellable(c, s, i)]
    return out


def check_buy(c: CampaignContent, s: CampaignState, m: Market, card: str) -> Offer:
    """The offer for a card, or IllegalAction naming the market rule it breaks."""
    offer = next((o for o in stock(c, s, m) if o.card == card), None)
    if offer is None:
        raise IllegalAction(
            "{market} does not sell '{card}'", "AT-MARKET-2", market=m.name, card=card
        )
    if offer.price > gold(c, s):
        raise IllegalAction(
            "{card} costs {n} bags of gold; the party has {gold}",
            "AT-MARKET-1",
            card=card,
            n=offer.price,
            gold=gold(c, s),
        )
    return offer


def buy(c: CampaignContent, s: CampaignState, m: Market, card: str, who: int) -> None:
    """Pay the bags back to the Supply; the card goes to the hero's tuck box (AT-MARKET-1)."""
    offer = check_buy(c, s, m, card)
    for _ in range(offer.price):
        bag = next(i for i in s.items if c.items[i].kind == "bag_of_gold")
        s.items.remove(bag)
    if offer.source == "market deck":
        s.market.remove(card)
    s.party[who].cards.append(card)
    log(
        s,
        "cost",
        N_("{hero} buys {card} for {price} bags of gold ({gold} left)")
        if offer.price != 1
        else N_("{hero} buys {card} for a bag of gold ({gold} left)"),
        seats=(who,),
        amounts={"gold": -offer.price},
        hero=s.party[who].hero,
        card=c.game.cards[card].name,
        price=offer.price,
        gold=gold(c, s),
    )


def sell(c: CampaignContent, s: CampaignState, card: str, who: int) -> None:
    """A piece of equipment for 1 bag of gold; it joins the market deck (AT-MARKET-3)."""
    if card not in sellable(c, s, who):
        raise IllegalAction(
            "{hero} has no equipment '{card}' to sell",
            "AT-MARKET-3",
            hero=s.party[who].hero,
            card=card,
        )
    if not can_sell(c, s):
        raise IllegalAction("no bag of gold is left in the Supply to pay for it", "AT-MARKET-3")
    bag = next(
        i for i, it in sorted(c.items.items()) if it.kind == "bag_of_gold" and supply_left(c, s, i)
    )
    s.party[who].cards.remove(card)
    s.items.append(bag)
    s.market.append(card)
    log(
        s,
        "gain",
        "{hero} sells {card} for {price} bag of gold (now {gold})",
        seats=(who,),
        amounts={"gold": SALE},
        hero=s.party[who].hero,
        card=c.game.cards[card].name,
        price=SALE,
        gold=gold(c, s),
    )
