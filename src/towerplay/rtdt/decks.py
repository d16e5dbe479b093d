"""The potion, treasure and corruption decks, and what the table knows of their order.

Cards are drawn from the top (index 0). Spent and lost cards go under the deck face up
(RTDT-RES-6, RTDT-CORR-10, and the cards Covenant effects send under), so every seat knows
which cards lie at the bottom, in order. The Relic Hunter's Flagon puts the potions it
looked at under the deck too, seen by its own seat only. `State.deck_bottoms` keeps, per
deck, who saw each bottom card go under, so that `determinize` re-draws only the rest.

The record is read from the bottom: its last entry is the bottom card. Cards are never
taken from the middle or the bottom, so a draw does not touch the record: once the deck
is smaller than the record, the entries above the deck's top were drawn, and drop out
(`known_bottom`); the next `put_under` stores the record trimmed.
"""

from __future__ import annotations

from towerplay.core.rng import Rng
from towerplay.rtdt.state import DECKS, State

EVERYONE = -1  # a card that went under face up: every seat saw it


def cards_of(s: State, name: str) -> list[str]:
    """The deck itself, top card first."""
    if name == "potions":
        return s.potion_deck
    if name == "treasures":
        return s.treasure_deck
    if name == "corruptions":
        return s.corruption_deck
    raise ValueError(f"no deck {name!r}; decks: {', '.join(DECKS)}")


def known_bottom(s: State, name: str) -> list[int]:
    """Who saw each of the deck's bottom cards go under (a seat, or EVERYONE), the bottom
    card last; the cards above them nobody has seen."""
    seen = s.deck_bottoms.get(name, [])
    n = len(cards_of(s, name))
    return seen[len(seen) - n :] if len(seen) > n else seen


def put_under(s: State, name: str, card: str, seen_by: int = EVERYONE) -> None:
    """The card goes to the bottom of its deck; `seen_by` saw it go (RTDT-RES-6,
    RTDT-CORR-10: face up, so every seat, unless an effect hides it)."""
    seen = known_bottom(s, name)[:]
    cards_of(s, name).append(card)
    seen.append(seen_by)
    s.deck_bottoms[name] = seen


def redraw(s: State, name: str, seat: int, rng: Rng, top_seen: int = 0) -> None:
    """Shuffle the cards `seat` does not know among their own places in the deck: the
    `top_seen` top cards it is looking at, and the bottom cards it saw go under, stay."""
    cards = cards_of(s, name)
    seen = known_bottom(s, name)
    unknown_above = len(cards) - len(seen)
    places = [
        i
        for i in range(top_seen, len(cards))
        if i < unknown_above or seen[i - unknown_above] not in (EVERYONE, seat)
    ]
    drawn = [cards[i] for i in places]
    rng.shuffle(drawn)
    for i, card in zip(places, drawn, strict=True):
        cards[i] = card


def potions_seen(s: State, seat: int) -> int:
    """How many potions on top of the deck `seat` is looking at: the Relic Hunter's
    Flagon shows the top ones until one is kept (RTDT-ITEM-5)."""
    return max((d.amount for d in s.pending if d.kind == "flagon" and d.seat == seat), default=0)
