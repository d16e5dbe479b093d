"""What a seat cannot see, re-drawn for `determinize`: the other heroes' hands and
every deck order, kept consistent with the decisions that are pending.

Another hero's hand is re-dealt from its hand and deck; the questions that hero
has pending are then asked afresh from the new hand (its turn, its cleanup, its
Response), so every legal action names a card it holds. The seat saw who is
asked what: the hero asked for a Response holds one and those before it in seat
order who were not asked hold none (AT-KEY-3), so deals that break this are dealt
again; after `REDEALS` tries the true hands stay.

Every pile is sorted before it is shuffled, so the result depends only on what
the seat knows and the seed: an agent planning on it cannot read the true order.
"""

from __future__ import annotations

from towerplay.tactics.decks import shuffle
from towerplay.tactics.encounter import cleanup_choices
from towerplay.tactics.enemy_attacks import responders, response_choices
from towerplay.tactics.state import Ctx, Decision, Hero, State
from towerplay.tactics.turns import turn_choices

REDEALS = 64


def redraw_hidden(s: State, ctx: Ctx, seat: int) -> None:
    """Re-draw, with `s.rng`, everything `seat` does not know."""
    others = [h for h in s.heroes if h.seat != seat]
    for hero in s.heroes:
        if hero.seat == seat:
            hero.deck.sort()
            shuffle(s, hero.deck)  # its own hand is known, its deck's order is not
    dealt = {h.seat: list(h.hand) for h in others}
    for _ in range(REDEALS):
        for hero in others:
            redeal(s, hero)
        if all(still_asked(s, ctx, d) for d in s.pending):
            break
    else:  # no deal fits what the seat saw: the true hands, the decks shuffled
        for hero in others:
            pool = sorted(hero.hand + hero.deck)
            for cid in dealt[hero.seat]:
                pool.remove(cid)
            shuffle(s, pool)
            hero.hand, hero.deck = list(dealt[hero.seat]), pool
    for d in s.pending:
        if d.seat != seat:
            ask_again(s, ctx, d)
    s.boss_deck.sort()
    shuffle(s, s.boss_deck)
    s.direction_deck.sort()
    shuffle(s, s.direction_deck)


def redeal(s: State, hero: Hero) -> None:
    """A hand of the same size from the hero's hand and deck together."""
    pool = sorted(hero.hand + hero.deck)
    shuffle(s, pool)
    n = len(hero.hand)
    hero.hand, hero.deck = pool[:n], pool[n:]


def still_asked(s: State, ctx: Ctx, d: Decision) -> bool:
    """Would this question still be asked of its seat with the hands as dealt now?"""
    if d.kind != "response" or s.enemy_turn is None:
        return True
    target = s.units[d.data["unit"]]
    options = responders(s, ctx, target, s.enemy_turn.attack["asked"])
    return bool(options) and options[0][0] == d.seat


def ask_again(s: State, ctx: Ctx, d: Decision) -> None:
    """Rebuild the choices of a question that names cards in its hero's hand."""
    hero = s.heroes[d.seat]
    if d.kind == "turn":
        d.data["choices"] = turn_choices(s, ctx, hero)
    elif d.kind == "cleanup":
        d.data["choices"] = cleanup_choices(hero)
    elif d.kind == "response" and s.enemy_turn is not None:
        target = s.units[d.data["unit"]]
        for who, cards in responders(s, ctx, target, s.enemy_turn.attack["asked"]):
            if who == d.seat:
                d.data["choices"] = response_choices(cards)
