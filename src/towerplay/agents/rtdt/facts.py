"""Facts one decision works out once from the view (what is around a space, the foes on
it, the hero's cards as a key) and the keys under which the agent keeps values across
decisions (the situation a heroic action's value reads)."""

from __future__ import annotations

from typing import Any

from towerplay.agents.rtdt.table import Table, reread, trials_of
from towerplay.agents.rtdt.view import View, competitive
from towerplay.rtdt.seat_view import BuildingView, CovenantView, SiteView


def around(v: View, at: str) -> tuple[int, int, int]:
    """(skulls on `at` and its neighbours, foe tokens on `at`, clean standing buildings on
    `at` and its neighbours): what battle cards and advantages count there, worked out once
    a decision for each space asked about."""
    hit = v.around.get(at)
    if hit is None:
        skulls = v.s.skulls
        near = v.t.near[at]
        hit = v.around[at] = (
            sum(skulls.get(sp, 0) for sp in near),
            len(foes_on(v, at)),
            sum(1 for sp in near if skulls.get(sp) == 0),
        )
    return hit


def foes_on(v: View, sp: str) -> list[str]:
    """The foe tokens on `sp`, in the observation's order."""
    return v.once[foes_by_space].get(sp, [])


def foes_by_space(v: View) -> dict[str, list[str]]:
    by_space: dict[str, list[str]] = {}
    for f, fsp in v.s.foes:
        by_space.setdefault(fsp, []).append(f)
    return by_space


def situation(v: View) -> tuple[Any, ...]:
    """Every fact a heroic action's value on a given space reads (plan.heroic_at_raw):
    this hero but not where it stands or how far it may still walk, the other heroes'
    kingdoms and corruptions, the skulls, foes, quests, the Tower and the Covenant. Those
    values are kept by it across decisions: the steps of a walk share them. Where the
    hero stands counts too in competitive mode (the Tower's dungeon is entered with the
    advantages of the hero's space) and when a strike counts what is around the hero."""
    return v.once[situation_raw]


def situation_raw(v: View) -> tuple[Any, ...]:
    s, h, t = v.s, v.h, v.s.turn
    cov = s.cov
    return (
        v.seat,
        v.threat_weight,
        h.space if competitive(v) or v.t.strikes_count_around else "",
        h.warriors,
        h.spirit,
        h.potions,
        h.gear,
        h.treasures,
        h.quest_items,
        h.virtues,
        h.inactive,
        h.corruptions,
        trials_of(h),
        h.trials_done,
        h.eliminated,
        card_key(v),
        tuple((o.seat, o.kingdom, len(o.corruptions)) for o in s.heroes),
        reread(v.read, "skull_items", s.skulls, lambda x: tuple(x.items())),
        s.supply,
        s.foes,
        tuple(s.foe_status.items()),
        s.adversary_space,
        s.config.mode,
        s.config.adversary,
        reread(v.read, "quest_key", v.obs.quests, lambda _: quest_key(v)),
        s.market,
        t.seat,
        t.doubled,
        t.advantages_used,
        s.tower.rotation,
        tuple(s.tower.seals),
        None if cov is None else covenant_key(v, s, cov),
    )


def quest_key(v: View) -> tuple[Any, ...]:
    """The quests as a key: they are read again only when the observed quests change."""
    return tuple((q.quest, q.stage, q.space, q.kind, repr(q.needs)) for q in v.quests())


def covenant_key(v: View, s: Table, cov: CovenantView) -> tuple[Any, ...]:
    """The Covenant facts a heroic action's value reads; the sites and the cleansable
    buildings are read again only when the observed ones change."""
    return (
        reread(v.read, "site_key", cov.sites, site_key),
        tuple(cov.wastelands),
        tuple(cov.doom.items()),
        tuple(cov.blessings),
        cov.quarry,
        reread(v.read, "cleansable", s.buildings, cleansable_key),
    )


def site_key(sites: tuple[SiteView, ...]) -> tuple[Any, ...]:
    return tuple((x.monument, x.space, x.offerings, x.status) for x in sites)


def cleansable_key(buildings: dict[str, BuildingView]) -> tuple[str, ...]:
    return tuple(sp for sp, b in buildings.items() if b.cleansable)


def card_key(v: View) -> tuple[str, ...]:
    """The hero's cards as a tuple, for the agent's memo keys."""
    return v.once[card_key_raw]


def card_key_raw(v: View) -> tuple[str, ...]:
    return v.h.cards
