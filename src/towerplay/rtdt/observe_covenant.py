"""What one seat sees of the Covenant parts on the table (rtdt/observe.py's `covenant`
entry, docs/observe.md): all public, the Astromancer's hand to her alone."""

from __future__ import annotations

from typing import Any

from towerplay.rtdt.covenant.monuments import MAX_OFFERINGS
from towerplay.rtdt.covenant.turn import foreign_virtues
from towerplay.rtdt.kept import Kept
from towerplay.rtdt.state import State
from towerplay.rtdt.world import World, bounded


def covenant_view(w: World, s: State, seat: int, kept: Kept | None = None) -> dict[str, Any] | None:
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
    return {
        "sites": (Kept() if kept is None else kept).get(
            "sites",
            tuple((x.monument, x.kingdom, x.space, x.offerings, x.status) for x in cov.sites),
            lambda: [{**x.to_json(), **_monument(w, x.monument)} for x in cov.sites],
        ),
        "max_offerings": MAX_OFFERINGS,  # COV-OFFER-3
        "wastelands": cov.wastelands[:],
        "protections": cov.protections[:],
        "doom": {sp: n for sp, n in cov.doom.items() if n},
        "doom_supply": cov.doom_supply,
        "doom_inside_tower": cov.doom_tower,
        "doom_removed": cov.doom_removed,
        "charges": dict(cov.charges),
        "blessings": cov.blessings[:],
        # the new heroes: the Warden's quarry ("" = on her board), the Astromancer's cards
        "quarry": cov.quarry,
        "quarry_at": [quarry_foe, quarry_space] if cov.quarry else None,
        "spells_in_hand": [x[:] if i == seat else len(x) for i, x in enumerate(cov.spells)],
        "spells_prepared": [x[:] for x in cov.prepared],
        "invocations_set_aside": [x[:] for x in cov.invocations],
        "borrowed_quest_items": cov.borrowed[:],
        "stuck": cov.stuck[:],
        "foreign_virtues": _foreign(w, s),  # COV-CLARIFY-7
    }


def _monument(w: World, monument: str) -> dict[str, str]:
    """A monument's printed name and what lays an offering on its foundation."""
    hit: Any = w.caches.monuments.get(monument)
    if hit is None:
        info = w.content.monuments.get(monument)
        hit = w.caches.monuments[monument] = {
            "name": w.name(monument),
            "offering": info.offering_text if info is not None else "",
        }
    return dict(hit)


def _foreign(w: World, s: State) -> list[str]:
    """The virtue tiles of heroes not in the game; they change only with the heroes' tiles."""
    key = tuple((h.hero, *h.virtues, "/", *h.inactive) for h in s.heroes)
    hit: Any = w.caches.foreign.get(key)
    if hit is None:
        hit = bounded(w.caches.foreign)[key] = foreign_virtues(w, s)
    return hit[:]
