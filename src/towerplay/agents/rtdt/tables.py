"""What the agent works out once per printed content: distances between spaces (and around
each set of wastelands met so far), each foe's battle deck, and what every rung of those
cards costs."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any


class Tables:
    """Distances and battle decks, built once per World and shared by every agent."""

    def __init__(self, world: Any) -> None:
        board = world.board
        self.dist: dict[str, dict[str, int]] = {}
        for src in board.spaces:
            d = {src: 0}
            queue = deque([src])
            while queue:
                here = queue.popleft()
                for n in board.neighbours[here]:
                    if n not in d:
                        d[n] = d[here] + 1
                        queue.append(n)
            self.dist[src] = d
        self.near: dict[str, tuple[str, ...]] = {sp: board.near(sp) for sp in board.spaces}
        # whether a foe's strike counts skulls or foes around the hero (view.situation)
        self.strikes_count_around = any(
            getattr(e, "per", None)
            for foe in world.content.foes.values()
            for strike in foe.strikes.values()
            for step in getattr(strike, "steps", ())
            for e in getattr(step, "effects", ())
        )
        # steps from a space when wastelands end walks, by (wastelands, space): view.walk
        self.walks: dict[tuple[frozenset[str], str], dict[str, int]] = {}
        self.decks: dict[str, list[Any]] = {}
        content = world.content
        cards = list(content.battle.cards)
        by_id = {c.id: c for c in cards}
        sources = list(content.foes.items()) + list(content.adversaries.items())
        for fid, foe in sources:
            traits = set(foe.traits)
            deck = [c for c in cards if c.family == "generic"]
            deck += [c for c in cards if c.family == "trait" and c.trait in traits]
            crit = by_id.get(foe.critical)
            if crit is not None:
                deck.append(crit)
            self.decks[fid] = deck
        # per foe, per card, per rung: warriors lost as (base, per skull near, per foe here)
        # and the rest of the rung's cost at fixed rates
        self.profiles: dict[
            str, list[list[tuple[int, int, int, float, tuple[tuple[str, int], ...]]]]
        ] = {
            fid: [[rung_profile(r.effects) for r in c.rungs] for c in deck]
            for fid, deck in self.decks.items()
        }
        # the same, each card padded to the five results (a shorter card repeats its last)
        self.rungs = {fid: [padded(c) for c in cards] for fid, cards in self.profiles.items()}
        # a mutation card joins a foe's deck only during the game (Gravemaw): by card id
        self.mutation_rungs = {
            c.id: padded([rung_profile(r.effects) for r in c.rungs])
            for c in cards
            if c.family == "mutation"
        }


def padded(card: list[Any]) -> list[Any]:
    return [card[min(r, len(card) - 1)] for r in range(5)]


def rung_profile(
    effects: Sequence[Any],
) -> tuple[int, int, int, float, tuple[tuple[str, int], ...]]:
    base = per_skull = per_foe = 0
    other = 0.0
    items: list[tuple[str, int]] = []
    for e in effects:
        op = getattr(e, "op", "")
        amount = getattr(e, "amount", 1)
        amount = amount if isinstance(amount, int) else 1
        if op == "lose" and getattr(e, "resource", "") == "warriors":
            base += amount
            per = getattr(e, "per", None)
            if per == "skull_near":
                per_skull += getattr(e, "per_amount", 0)
            elif per == "foe_here":
                per_foe += getattr(e, "per_amount", 0)
        elif op == "lose":
            other += 2.0 * amount
        elif op == "gain":
            other -= (0.7 if getattr(e, "resource", "") == "warriors" else 2.0) * amount
        elif op == "lose_item":
            other += 3.0 * amount
            items.append((str(getattr(e, "kind", "item")), amount))
        elif op == "lose_virtue":
            other += 7.0
        elif op == "add_skulls":
            other += 3.0 * amount
        elif op == "tower_stirs":
            other += 3.0
        elif op == "gain_corruption":
            other += 15.0
        elif op == "gain_item":
            other -= 1.5 * amount
    return (base, per_skull, per_foe, other, tuple(items))


# by id(world): the world itself is kept beside its tables, so that its id cannot pass to
# another world (with other content) while the entry lives, and a hit is checked against it
_TABLES: dict[int, tuple[Any, Tables]] = {}


def tables(world: Any) -> Tables:
    hit = _TABLES.get(id(world))
    if hit is not None and hit[0] is world:
        return hit[1]
    if len(_TABLES) > 8:
        _TABLES.clear()
    t = Tables(world)
    _TABLES[id(world)] = (world, t)
    return t
