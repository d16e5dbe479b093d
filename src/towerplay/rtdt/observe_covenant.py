"""What one seat sees of the Covenant parts on the table (rtdt/observe.py's `covenant`
entry, docs/observe.md): all public, the Astromancer's hand to her alone."""

from __future__ import annotations

from typing import Any

from towerplay.rtdt.covenant.monuments import MAX_OFFERINGS
from towerplay.rtdt.covenant.turn import foreign_virtues
from towerplay.rtdt.kept import Kept
from towerplay.rtdt.seat_view import CovenantView, SiteView
from towerplay.rtdt.state import State
from towerplay.rtdt.world import World, bounded


def covenant_view(w: World, s: State, seat: int, kept: Kept | None = None) -> CovenantView | None:
    """The Covenant parts on the table, all public (None without any Covenant part): the
    monuments (foundation with its offerings, built or destroyed), wastelands, protection
    tokens, doom skulls (on each building, in the supply, inside the Tower: the count is
    known, COV-DOOM-3), the wands' charges and each seat's blessings. The Astromancer's
    prepared spells lie face up (COV-ASTRO-5); her hand is hers alone."""
    cov = s.cov
    if cov is None:
        return None
    quarry_foe, _, quarry_space = cov.quarry.partition("@")
    if cov.quarry == "adversary":
        quarry_space = s.adversary_space
    return CovenantView(
        (Kept() if kept is None else kept).get(
            "sites",
            tuple((x.monument, x.kingdom, x.space, x.offerings, x.status) for x in cov.sites),
            lambda: tuple(
                [
                    SiteView(
                        x.monument,
                        x.kingdom,
                        x.space,
                        x.offerings,
                        x.status,
                        *_monument(w, x.monument),
                    )
                    for x in cov.sites
                ]
            ),
        ),
        MAX_OFFERINGS,  # COV-OFFER-3
        tuple(cov.wastelands),
        tuple(cov.protections),
        {sp: n for sp, n in cov.doom.items() if n},
        cov.doom_supply,
        cov.doom_tower,
        cov.doom_removed,
        dict(cov.charges),
        tuple(cov.blessings),
        # the new heroes: the Warden's quarry ("" = on her board), the Astromancer's cards
        cov.quarry,
        (quarry_foe, quarry_space) if cov.quarry else None,
        tuple([tuple(x) if i == seat else len(x) for i, x in enumerate(cov.spells)]),
        tuple([tuple(x) for x in cov.prepared]),
        tuple([tuple(x) for x in cov.invocations]),
        tuple(cov.borrowed),
        tuple(cov.stuck),
        _foreign(w, s),  # COV-CLARIFY-7
    )


def _monument(w: World, monument: str) -> tuple[str, str]:
    """A monument's printed name and what lays an offering on its foundation."""
    hit: Any = w.caches.monuments.get(monument)
    if hit is None:
        info = w.content.monuments.get(monument)
        hit = w.caches.monuments[monument] = (
            w.name(monument),
            info.offering_text if info is not None else "",
        )
    return hit


def _foreign(w: World, s: State) -> tuple[str, ...]:
    """The virtue tiles of heroes not in the game; they change only with the heroes' tiles."""
    key = tuple((h.hero, *h.virtues, "/", *h.inactive) for h in s.heroes)
    hit: Any = w.caches.foreign.get(key)
    if hit is None:
        hit = bounded(w.caches.foreign)[key] = tuple(foreign_virtues(w, s))
    return hit
