"""Covenant positions for scenario tests: pick the monuments, build them, add offerings.

g = covenant_game(["orphaned_scion"], north="sanctuary")   # a sanctuary monument in the north
site = monument(g, "argent_oak", offerings=2)              # it is the Argent Oak, 2 offerings
built = monument(g, "tower_shard", built=True)             # a completed Tower Shard
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tests.rtdt.scenario import resume, scenario
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.state import Covenant, Site


def covenant_game(
    heroes: Iterable[str] = ("orphaned_scion",),
    kingdoms: Iterable[str] = (),
    options: dict[str, Any] | None = None,
    **types: str,
) -> RtdtGame:
    """A Covenant game whose monuments replace the given building type in each named kingdom
    (`north="sanctuary"`); the first seed from 1 whose setup does it."""
    heroes = tuple(heroes)
    for seed in range(1, 500):
        g = scenario(heroes, seed=seed, kingdoms=kingdoms, expansion="covenant", **(options or {}))
        cov = g.state.cov
        assert cov is not None
        by_kingdom = {x.kingdom: g.world.content.monuments[x.monument].replaces for x in cov.sites}
        if all(by_kingdom[k] == t for k, t in types.items()):
            return g
    raise AssertionError(f"no seed gives {types}")


def monument(g: RtdtGame, monument_id: str, built: bool = False, offerings: int = 0) -> Site:
    """Make the site of the monument's building type this monument, with its offerings,
    or completed (a building with no skulls)."""
    s = g.state
    assert s.cov is not None
    m = g.world.content.monuments[monument_id]
    site = next(
        x for x in s.cov.sites if g.world.content.monuments[x.monument].replaces == m.replaces
    )
    site.monument = monument_id
    site.offerings = offerings
    if built:
        site.status = "built"
        site.offerings = 0
        s.skulls[site.space] = 0
    g._legal = None
    return site


def doom_skulls(g: RtdtGame, space: str, n: int = 1) -> None:
    """Put n doom skulls from the doom supply on a standing building (they count among its
    skulls)."""
    s = g.state
    assert s.cov is not None and space in s.skulls
    s.cov.doom_supply -= n
    s.cov.doom[space] = s.cov.doom.get(space, 0) + n
    s.skulls[space] += n
    g._legal = None


def put_foes(g: RtdtGame, *tokens: tuple[str, str], status: str = "ready") -> None:
    """The foe tokens on the board are exactly these (foe, space) pairs; foes without a
    status get `status`."""
    s = g.state
    s.foes[:] = list(tokens)
    for foe, _ in tokens:
        s.foe_status.setdefault(foe, status)
    g._legal = None


def cov(g: RtdtGame) -> Covenant:
    """The game's Covenant state (asserting it is in play)."""
    assert g.state.cov is not None
    return g.state.cov


def app_events(g: RtdtGame, *events: str, rng: int | None = None) -> None:
    """Queue these app events after the turn (optionally with this generator state) and run
    the game forward."""
    s = g.state
    if rng is not None:
        s.rng = rng
    s.events = list(events)
    s.turn.phase = "events"
    resume(g)


def complete(g: RtdtGame, kingdom: str, monument: str = "", status: str = "built") -> Site:
    """Complete (or destroy) the kingdom's monument, optionally choosing which of its
    type's two monuments it is."""
    x = next(x for x in cov(g).sites if x.kingdom == kingdom)
    if monument:
        assert g.world.content.monuments[monument].replaces == (
            g.world.content.monuments[x.monument].replaces
        )
        x.monument = monument
    x.status = status
    if status == "built":
        g.state.skulls[x.space] = 0
    else:
        g.state.destroyed.append(x.space)
    g._legal = None
    return x
