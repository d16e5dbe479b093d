"""Reinforce with Covenant: completed monuments' own options (COV-MONUMENT-7, -8), Aura of
Friendship's far Reinforce (COV-SPELL-1, -2), the Tent of Revelry's desert Reinforce, and
the corruptions that restrict Reinforce (Reckless, Indolent).

A Reinforce *source* names whose options are used: "" for the building on the hero's space,
a building type, or a completed monument's id.
"""

from __future__ import annotations

from towerplay.rtdt.covenant import wastelands
from towerplay.rtdt.covenant.monuments import built_at
from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import REINFORCE_ALLOWED, REINFORCE_ELSEWHERE, REINFORCE_OPTION
from towerplay.rtdt.models import Monument, MonumentOption, ReinforceOption
from towerplay.rtdt.rules.common import has_flag
from towerplay.rtdt.rules.skulls import building_type
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World

AURA = "aura_of_friendship"  # the spell id, kept in TurnState.used while it lasts


def source_of(w: World, s: State, h: HeroState, source: str) -> tuple[str, Monument | None]:
    """(building type, completed monument or None) whose options `source` offers."""
    if source == "":
        return building_type(w, s, h.space), built_at(w, s, h.space)
    if source in w.content.monuments:
        m = w.content.monuments[source]
        return m.replaces, m
    return source, None


def option(w: World, s: State, h: HeroState, source: str, which: str) -> ReinforceOption:
    """The free option is always the building type's; a monument's enhanced option
    replaces the building's (COV-MONUMENT-7)."""
    return chosen(w, s, h, source, which)[1]


def chosen(
    w: World, s: State, h: HeroState, source: str, which: str
) -> tuple[str, ReinforceOption]:
    """(building type, option): `source_of`'s type and `option`, the source looked up once."""
    btype, monument = source_of(w, s, h, source)
    if which == "enhanced" and monument is not None:
        return btype, monument.enhanced
    info = w.content.buildings[btype]
    return btype, info.free if which == "free" else info.enhanced


def option_warriors(opt: ReinforceOption) -> int:
    """The warriors a monument's option costs besides spirit; a building's costs none.
    Asked by type, not getattr: a pydantic model's missing attribute costs an exception."""
    return opt.warriors if isinstance(opt, MonumentOption) else 0


def option_flag(opt: ReinforceOption) -> str:
    """The engine hook a monument's option names, or "" (a building's options name none)."""
    return (opt.flag or "") if isinstance(opt, MonumentOption) else ""


def far_sources(w: World, s: State, h: HeroState) -> list[str]:
    """Sources other than the building here: with Aura of Friendship, every standing
    building type and completed monument on the board (not foundations, COV-SPELL-2);
    with the Tent of Revelry on a desert, the building types (not monuments)."""
    out: list[str] = []
    aura = AURA in s.turn.used
    tent = (
        h.space not in s.skulls
        and wastelands.terrain(w, s, h.space) == "desert"
        and has_flag(w, h, "reinforce_on_desert")
    )
    if not aura and not tent:
        return out
    here = h.space if h.space in s.skulls else ""
    here_monument = built_at(w, s, here) if here else None
    for sp in s.skulls:
        m = built_at(w, s, sp)
        if m is not None:
            if aura and m is not here_monument:
                out.append(m.id)
            continue
        btype = building_type(w, s, sp)
        if btype in out or (here and here_monument is None and btype == building_type(w, s, here)):
            continue
        out.append(btype)
    return sorted(out, key=lambda x: (x in w.content.monuments, x))


@REINFORCE_ALLOWED.on_flag("reinforce_home_only", COVENANT)
def indolent(w: World, s: State, h: HeroState) -> bool:
    """Indolent: Reinforce only in your home kingdom."""
    return w.board.kingdom_of[h.space] == h.kingdom


def must_haggle(w: World, s: State, h: HeroState) -> bool:
    """Reckless: every Reinforce needs the haggle die rolled first."""
    return has_flag(w, h, "reinforce_forces_haggle") and not s.turn.haggle


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@REINFORCE_OPTION.on(COVENANT)
def _reinforce_option(
    w: World, s: State, h: HeroState, source: str, option: str
) -> tuple[str, ReinforceOption]:
    return chosen(w, s, h, source, option)


@REINFORCE_ELSEWHERE.on(COVENANT)
def has_far_source(w: World, s: State, h: HeroState) -> bool:
    """Whether a source away from the hero's space lets it Reinforce (`far_sources`)."""
    return bool(far_sources(w, s, h))
