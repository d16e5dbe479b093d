"""Invariants that hold after every action of every Return to Dark Tower game."""

from __future__ import annotations

from towerplay.core.rng import Rng
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.common import CORRUPTION_LIMIT, potion_limit, treasure_limit

SKULLS = 24


def check(g: RtdtGame) -> None:
    s = g.state
    w = g.world
    # RTDT-SETUP-7: skulls are conserved (those emerged and not yet placed are in hand)
    total = s.supply + sum(s.skulls.values()) + s.tower.inside + s.removed + len(s.emerged)
    assert total == SKULLS, f"skulls: {total}"
    assert s.supply >= 0 and s.removed >= 0
    assert all(0 <= n <= 3 for n in s.skulls.values())  # RTDT-SKULL-2
    assert not set(s.skulls) & set(s.destroyed)
    assert 1 <= s.month <= 6
    for h in s.heroes:
        assert h.warriors >= 0 and h.spirit >= 0, "negative resource"
        assert len(h.corruptions) <= CORRUPTION_LIMIT  # RTDT-CORR-8
        if s.trade is not None and h.seat in (s.turn.seat, s.trade.partner):
            continue  # holdings settle when the trade is accepted (RTDT-ITEM-4)
        assert len(set(h.gear)) == len(h.gear), "two copies of one gear"  # RTDT-ITEM-3
        discarding = {d.scope for d in s.pending if d.kind == "discard" and d.seat == h.seat}
        if "treasure" not in discarding:
            assert len(h.treasures) <= treasure_limit(w, h)
        limit = potion_limit(w, h)
        if limit is not None and "potion" not in discarding:
            assert len(h.potions) <= limit
    # every card is somewhere, once
    potions = s.potion_deck + [p for h in s.heroes for p in h.potions]
    assert sorted(potions) == sorted(
        p.id for p in w.content.potions.values() for _ in range(p.copies)
    )
    treasures = s.treasure_deck + s.market + [t for h in s.heroes for t in h.treasures]
    assert sorted(treasures) == sorted(w.content.treasures)
    corruptions = s.corruption_deck + [c for h in s.heroes for c in h.corruptions]
    assert sorted(corruptions) == sorted(w.content.corruptions)
    for gear, n in s.gear_piles.items():
        held = sum(h.gear.count(gear) for h in s.heroes)
        assert n + held == w.content.gear[gear].copies
    # foes: never more tokens than the box holds, statuses on the track
    for foe in s.config.foes:
        assert sum(1 for f, _ in s.foes if f == foe) <= w.content.foes[foe].tokens
        assert s.foe_status[foe] in ("panicked", "unsteady", "ready", "savage", "lethal")
    if s.battle is not None:
        b = s.battle
        assert 0 <= b.rung <= 4 and b.used <= 10 and all(n >= 0 for n in b.pool.values())
        assert b.index < len(b.cards)
    for d in s.dungeons.values():
        assert len(d.rooms) == len(d.cleared)
        assert s.result is not None or not d.cleared[d.target], "a cleared target room stays open"
    if s.delve is not None:
        assert s.delve.space in s.dungeons and s.delve.used <= 10
    assert all(0 <= h.spores <= 2 for h in s.heroes)
    if s.result is not None:
        assert s.result.cause
    else:
        assert g.legal_actions(), "no legal action while the game runs"


class CarefulAgent:
    """Random, but cleanses whenever it can and rarely ends a turn early: it lives long
    enough to reach the later months, which a uniform agent almost never does."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed * 7919 + 1)

    def act(self, g: RtdtGame):  # type: ignore[no-untyped-def]
        legal = g.legal_actions()
        if not g.state.pending:
            for a in legal:
                if a[0] == "cleanse":
                    return a
            others = [a for a in legal if a[0] != "end"]
            if others and self.rng.random() < 0.85:
                return others[self.rng.below(len(others))]
        return legal[self.rng.below(len(legal))]


def play_checked(g: RtdtGame, agent, limit: int = 20000) -> int:  # type: ignore[no-untyped-def]
    steps = 0
    check(g)
    while g.result is None:
        g.apply(agent.act(g))
        check(g)
        steps += 1
        assert steps < limit, "game did not end"
    return steps
