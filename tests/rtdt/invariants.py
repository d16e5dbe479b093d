"""Invariants that hold after every action of every Return to Dark Tower game."""

from __future__ import annotations

from towerplay.core.rng import Rng
from towerplay.rtdt.covenant.setup import treasure_deck
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.common import potion_limit, treasure_limit
from towerplay.rtdt.rules.corruption import corruption_limit

SKULLS = 24
DOOM_SKULLS = 12


def _site(s, space: str) -> str:  # type: ignore[no-untyped-def]
    return next(x.monument for x in s.cov.sites if x.space == space)


def check_covenant(g: RtdtGame) -> None:
    """Covenant's own invariants (COV-*)."""
    s = g.state
    cov = s.cov
    assert cov is not None
    doom_emerged = sum(1 for k in s.emerged if k.startswith("doom:"))
    # doom skulls are conserved apart from the regular ones (COV-SETUP-2)
    total = cov.doom_supply + sum(cov.doom.values()) + cov.doom_tower + cov.doom_removed
    assert total + doom_emerged == (DOOM_SKULLS if s.config.covenant else 0), f"doom: {total}"
    assert 0 <= cov.doom_tower <= s.tower.inside
    for sp, n in cov.doom.items():  # a doom skull is one of the skulls on a standing building
        assert sp in s.skulls and 0 < n <= s.skulls[sp], (sp, n)
    for x in cov.sites:
        assert 0 <= x.offerings <= 3  # COV-OFFER-3
        if x.status == "foundation":
            assert x.space not in s.skulls and x.space not in s.destroyed  # COV-SETUP-9
        elif x.status == "built":
            assert x.offerings == 0 and x.space in s.skulls
        else:
            assert x.space in s.destroyed and x.space not in s.skulls
    assert len(cov.wastelands) == len(set(cov.wastelands)) <= 32
    assert len(cov.protections) <= 6
    assert all(b >= 0 for b in cov.blessings) and sum(cov.blessings) <= 8  # COV-BLESS-6
    held = {t for h in s.heroes for t in h.treasures}
    assert set(cov.charges) <= held, "charges on a wand nobody holds"
    assert all(n >= 0 for n in cov.charges.values())
    for seat, h in enumerate(s.heroes):
        cards = cov.spells[seat] + cov.prepared[seat] + cov.invocations[seat]
        assert len(cards) == len(set(cards))
        if h.hero == "reverent_astromancer":
            assert len(cards) == 10


def check(g: RtdtGame) -> None:
    s = g.state
    w = g.world
    cov = s.cov
    doom = cov.doom if cov is not None else {}
    doom_inside = cov.doom_tower if cov is not None else 0
    doom_emerged = sum(1 for k in s.emerged if k.startswith("doom:"))
    # RTDT-SETUP-7: skulls are conserved (those emerged and not yet placed are in hand)
    total = (
        s.supply
        + sum(s.skulls.values())
        - sum(doom.values())
        + s.tower.inside
        - doom_inside
        + s.removed
        + len(s.emerged)
        - doom_emerged
    )
    assert total == SKULLS, f"skulls: {total}"
    assert s.supply >= 0 and s.removed >= 0
    unlimited = {x.space for x in cov.sites if x.status == "built"} if cov is not None else set()
    unlimited = {sp for sp in unlimited if w.content.monuments[_site(s, sp)].skull_capacity is None}
    assert all(0 <= n <= 3 or sp in unlimited for sp, n in s.skulls.items())  # RTDT-SKULL-2
    assert not set(s.skulls) & set(s.destroyed)
    assert 1 <= s.month <= 6
    if cov is not None:
        check_covenant(g)
    for h in s.heroes:
        assert h.warriors >= 0 and h.spirit >= 0, "negative resource"
        assert len(h.corruptions) <= corruption_limit(w, h)  # RTDT-CORR-8, COV-AEGIS-1
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
    assert sorted(treasures) == sorted(treasure_deck(w, s.config))
    corruptions = s.corruption_deck + [c for h in s.heroes for c in h.corruptions]
    c = w.content
    expected = (
        len(c.base_corruptions) if s.config.base_corruptions else 0
    ) + s.config.new_corruptions
    assert len(corruptions) == len(set(corruptions)) == expected
    assert all(x in c.base_corruptions or x in c.covenant_corruptions for x in corruptions)
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


def doom_kept(before: dict[str, int], moved: bool, g: RtdtGame) -> None:
    """No doom skull ever leaves a standing building (COV-DOOM-4, COV-DOOM-6): after any
    action, every building still standing holds at least the doom skulls it held."""
    s = g.state
    if s.cov is None or moved:  # the Colossus of Björn carries its skulls elsewhere
        return
    for sp, n in before.items():
        if sp in s.skulls:
            assert s.cov.doom.get(sp, 0) >= n, f"a doom skull left {sp}"


def play_checked(g: RtdtGame, agent, limit: int = 20000) -> int:  # type: ignore[no-untyped-def]
    steps = 0
    check(g)
    while g.result is None:
        cov = g.state.cov
        doom = dict(cov.doom) if cov is not None else {}
        sites = [x.space for x in cov.sites] if cov is not None else []
        g.apply(agent.act(g))
        check(g)
        after = [x.space for x in g.state.cov.sites] if g.state.cov is not None else []
        doom_kept(doom, sites != after, g)
        steps += 1
        assert steps < limit, "game did not end"
    return steps
