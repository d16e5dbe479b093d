"""Shared rule mechanics: actions, questions, losing, and what the cards a hero holds do
(flags, stats, limits, glyph costs). Items are in holdings.py, corruption in
corruption.py, skulls and buildings in skulls.py.

Every function mutates the State it is given; the Game wrapper makes sure an
illegal action never reaches here, so these never need to roll back.
"""

from __future__ import annotations

from towerplay.core.protocol import Result
from towerplay.rtdt.rules.narrate import tell
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.tower import GLYPH_HOMES, SIDES
from towerplay.rtdt.world import Profile, World

CORRUPTION_LIMIT = 2  # RTDT-CORR-8
TREASURE_LIMIT = 4  # RTDT-ITEM-3
HEROIC_SPIRIT = 2  # RTDT-HEROIC-4
GLYPH_COST = 1  # RTDT-GLYPH-3


def ask(s: State, decision: Decision) -> None:
    """Queue a question; the Game orders new questions so they are asked in queue order."""
    s.pending.append(decision)


def lose_game(s: State, cause: str) -> None:
    """The heroes lose at once (RTDT-END-2..4)."""
    if s.result is None:
        # RTDT-END-1: one result for the whole table: all heroes lose together
        s.result = Result("loss", cause)
        tell(s, "result", "The heroes lose: {cause}.", cause=cause)


# --- abilities of what a hero holds ----------------------------------------------


def has_flag(w: World, h: HeroState, flag: str) -> bool:
    return flag in w.hero_profile(h).flags


def flag_cards(w: World, h: HeroState, flag: str) -> list[str]:
    """The hero's cards with this flag, in the order of `HeroState.cards`."""
    prof = w.hero_profile(h)
    if flag not in prof.flags:
        return []
    return list(w.cards_with(prof, flag))


def restricted(w: World, h: HeroState, what: str) -> bool:
    return what in w.hero_profile(h).restrictions


def stat_sum(
    w: World,
    h: HeroState,
    stat: str,
    building: str = "",
    option: str = "",
    prof: Profile | None = None,
) -> int:
    total = 0
    for m in (prof or w.hero_profile(h)).modifiers:
        if m.stat != stat:
            continue
        if m.building is not None and m.building != building:
            continue
        if m.option is not None and m.option != option:
            continue
        total += m.amount
    return total


def stat_set(w: World, h: HeroState, stat: str, prof: Profile | None = None) -> int | None:
    """The value a `set_*` modifier gives, if any (the lowest wins for costs)."""
    values = [m.amount for m in (prof or w.hero_profile(h)).modifiers if m.stat == stat]
    return min(values) if values else None


def base_move(w: World, h: HeroState, prof: Profile | None = None) -> int:
    """Base move from the hero board, a `set_base_move` virtue, then modifiers
    (RTDT-MOVE-1, RTDT-MOVE-3)."""
    p = prof or w.hero_profile(h)
    base = w.content.heroes[h.hero].base_move if p.move_set is None else p.move_set
    return max(0, base + p.move_add)


def treasure_limit(w: World, h: HeroState) -> int:
    mods = w.hero_profile(h).modifiers
    values = [m.amount for m in mods if m.stat == "treasure_limit"]
    bonus = sum(m.amount for m in mods if m.stat == "treasure_limit_bonus")
    return min([TREASURE_LIMIT, *values]) + bonus


def potion_limit(w: World, h: HeroState) -> int | None:
    mods = w.hero_profile(h).modifiers
    values = [m.amount for m in mods if m.stat == "potion_limit"]
    if not values:
        return None  # RTDT-ITEM-3: unlimited by default
    return min(values) + sum(m.amount for m in mods if m.stat == "potion_limit_bonus")


def potion_multiplier(w: World, h: HeroState) -> int:
    mult = 1
    for m in w.hero_profile(h).modifiers:
        if m.stat == "potion_multiplier":
            mult *= m.amount
    return mult


def home_kingdoms(s: State) -> set[str]:
    return {h.kingdom for h in s.heroes}


def kingdom_owner(s: State, kingdom: str) -> HeroState | None:
    """The hero whose home kingdom this is; None for a dormant kingdom (RTDT-HERO-7)."""
    for h in s.heroes:
        if h.kingdom == kingdom and not h.eliminated:  # CMP-ELIM-3: dormant once out
            return h
    return None


def glyph_faces(s: State, h: HeroState, glyph: str) -> bool:
    """Whether `glyph` is revealed (its seal off) and faces the hero's home kingdom
    (RTDT-GLYPH-3, RTDT-TOWER-2)."""
    level, home = GLYPH_HOMES[glyph]
    side = (home + s.tower.rotation[level]) % 4
    return not s.tower.seals[level * 4 + side] and SIDES[side] == h.kingdom


def glyph_cost(w: World, s: State, h: HeroState, glyph: str, prof: Profile | None = None) -> int:
    """Spirit owed to take `glyph`'s action while it is revealed and faces your home
    kingdom (RTDT-GLYPH-3); corruptions and treasures change it. `prof`: the hero's
    Profile when the caller has it."""
    if not glyph_faces(s, h, glyph):
        return 0
    prof = prof or w.hero_profile(h)
    fixed = stat_set(w, h, "set_glyph_cost", prof)
    if fixed is not None:
        return fixed
    return GLYPH_COST + stat_sum(w, h, "glyph_cost", prof=prof)


def flag_amount(w: World, h: HeroState, flag: str) -> int:
    """The sum of a flag's `amount` over the hero's cards (0 without the flag)."""
    return sum(f.amount for cid in flag_cards(w, h, flag) for f in w.flags[cid] if f.flag == flag)
