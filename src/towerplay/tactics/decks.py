"""Decks: drawing action cards (AT-DRAW-*), shuffling, and the direction deck read through
the compass (AT-COMP-1, AT-SETUP-2)."""

from __future__ import annotations

from typing import Any

from towerplay.core.rng import draws
from towerplay.tactics.narrate import N_, log
from towerplay.tactics.state import Ctx, Hero, State
from towerplay.tactics.stats import hand_size


def shuffle(s: State, items: list[Any]) -> None:
    with draws(s) as rng:
        rng.shuffle(items)


def draw(s: State, ctx: Ctx, hero: Hero, n: int) -> None:
    """Draw, reshuffling the discard into the deck when it runs out (AT-DRAW-2).

    The table is told how many cards; only the hero's seat is told which."""
    drawn: list[str] = []
    for _ in range(n):
        if not hero.deck:
            if not hero.discard:
                break
            hero.deck = hero.discard
            hero.discard = []
            shuffle(s, hero.deck)
            log(
                s,
                "text",
                "{hero} reshuffles the discard pile ({n} cards) into the deck",
                seats=(hero.seat,),
                hero=hero.uid,
                n=len(hero.deck),
            )
        drawn.append(hero.deck.pop())
    if not drawn:
        return
    hero.hand.extend(drawn)
    seats = (hero.seat,)
    n = len(drawn)
    msg = N_("{hero} draws a card") if n == 1 else N_("{hero} draws {n} cards")
    log(s, "draw", msg, seats=seats, amounts={"hand": n}, hero=hero.uid, n=n)
    log(
        s,
        "draw",
        "{hero} draws {cards}",
        seats=seats,
        to=seats,
        hero=hero.uid,
        cards=", ".join(ctx.content.cards[c].name for c in drawn),
    )


def draw_up(s: State, ctx: Ctx, hero: Hero) -> None:
    draw(s, ctx, hero, hand_size(ctx, hero) - len(hero.hand))


DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")  # the 8 direction cards (AT-COMP-1)
_DIR_VECTORS = {
    "n": (0, 1),
    "ne": (1, 1),
    "e": (1, 0),
    "se": (1, -1),
    "s": (0, -1),
    "sw": (-1, -1),
    "w": (-1, 0),
    "nw": (-1, 1),
}


def draw_direction(s: State, ctx: Ctx) -> tuple[int, int]:
    """Top card of the direction deck, read through the compass (AT-SETUP-2)."""
    if not s.direction_deck:
        s.direction_deck = s.direction_discard
        s.direction_discard = []
        shuffle(s, s.direction_deck)
    card = s.direction_deck.pop()
    s.direction_discard.append(card)
    s.direction_used = True
    dx, dy = _DIR_VECTORS[card]
    for _ in range(s.compass):  # rotate a quarter turn clockwise per compass step
        dx, dy = dy, -dx
    return dx, dy
