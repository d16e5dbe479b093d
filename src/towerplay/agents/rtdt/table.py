"""The table as the agent sees it: `game.view(seat)` (rtdt/seat_view.py, the typed view
whose JSON is docs/observe.md), with the few facts the agent derives from it.

Nothing here reads the game's state. The view keeps the table's order (buildings, foe
tokens, cards), so every choice is the same whichever way the facts are read.
"""

from __future__ import annotations

from typing import Any

from towerplay.agents.rtdt.values import KINGDOMS
from towerplay.rtdt.seat_view import (
    BuildingView,
    DecisionView,
    FoeView,
    HeroView,
    SeatView,
    TowerView,
)

LEVELS = ("top", "middle", "bottom")
SEALS = tuple(f"{LEVELS[i // 4]}_{KINGDOMS[i % 4]}" for i in range(12))  # by Tower index


class Tower:
    """The Tower as the agent reads it: the drums' turns, each seal by Tower index, and how
    many skulls are inside."""

    __slots__ = ("rotation", "seals", "inside")

    def __init__(self, rotation: tuple[int, ...], inside: int, seals: list[bool]) -> None:
        self.rotation = rotation
        self.seals = seals
        self.inside = inside


def seals_in_place(tower: TowerView) -> list[bool]:
    """By Tower index, whether the seal is in place."""
    sealed = set(tower.seals)
    return [name in sealed for name in SEALS]


PROFILES_KEPT = 64
_profiles: dict[int, tuple[HeroView, Any, Any]] = {}


def profile(w: Any, h: HeroView) -> Any:
    """The printed rules of the hero's cards (`w.profile`), kept with the observed hero:
    a hero's view is the same object while it does not change."""
    hit = _profiles.get(id(h))
    if hit is None or hit[0] is not h or hit[1] is not w:
        if len(_profiles) >= PROFILES_KEPT:
            _profiles.clear()
        hit = _profiles[id(h)] = (h, w, w.profile(h.cards))
    return hit[2]


def trials_of(h: HeroView) -> tuple[str, ...]:
    """A hero's face-down trials as its own seat sees them (another seat sees a count)."""
    return h.trials if isinstance(h.trials, tuple) else ()


def options_of(d: DecisionView) -> tuple[str, ...]:
    """The options of a question to this seat (another seat's hidden ones are a count)."""
    return d.options if isinstance(d.options, tuple) else ()


class Table:
    """The public table: the typed view's parts, and what the agent derives from them.

    `game.view` hands back the very same object for a part whose facts did not change;
    `kept` remembers what each such part was read into, so an unchanged part is not read
    again (see `reread`)."""

    __slots__ = (
        "view",
        "config",
        "heroes",
        "skulls",
        "buildings",
        "foes",
        "foe_status",
        "mutations",
        "adversary_space",
        "supply",
        "market",
        "gear_piles",
        "turn",
        "tower",
        "pending",
        "trade",
        "battle",
        "delve",
        "dungeons",
        "cov",
        "quests",
    )

    def __init__(self, o: SeatView, kept: dict[Any, tuple[Any, Any]] | None = None) -> None:
        k: dict[Any, tuple[Any, Any]] = {} if kept is None else kept
        self.view = o
        self.config = o.config
        self.heroes = o.heroes
        self.buildings = o.buildings
        self.skulls: dict[str, int] = reread(k, "skulls", self.buildings, standing_skulls)
        self.foes = o.foe_tokens
        self.foe_status: dict[str, str] = reread(k, "foe_status", o.foes, statuses)
        # battle cards an adversary's mutations added to a foe's deck (Gravemaw)
        self.mutations = o.mutations
        self.adversary_space: str = o.adversary.space or ""
        self.supply: int = o.skulls.supply
        self.market = o.market
        self.gear_piles = o.gear_piles
        self.turn = o.turn
        seals = reread(k, "seals", o.tower, seals_in_place)
        self.tower = Tower(o.tower.rotation, o.skulls.inside_tower, seals)
        self.pending = [o.pending] if o.pending is not None else []
        self.trade = o.trade
        self.battle = o.battle
        self.delve = o.delve
        self.dungeons = o.dungeons
        self.cov = o.covenant
        self.quests = o.quests


def reread(kept: dict[Any, tuple[Any, Any]], name: Any, part: Any, read: Any) -> Any:
    """`read(part)`, or what the last observation's part `name` was read into when `part`
    is that very object (the observation kept it: its facts did not change). The entry
    holds the part, so its identity cannot pass to another object meanwhile."""
    hit = kept.get(name)
    if hit is not None and hit[0] is part:
        return hit[1]
    value = read(part)
    kept[name] = (part, value)
    return value


def standing_skulls(buildings: dict[str, BuildingView]) -> dict[str, int]:
    """The skulls on each standing building, in the view's order."""
    return {sp: b.skulls for sp, b in buildings.items() if b.skulls is not None and b.standing}


def statuses(foes: dict[str, FoeView]) -> dict[str, str]:
    """Each foe's status, for the foes that have one."""
    return {f: x.status for f, x in foes.items() if x.status is not None}
