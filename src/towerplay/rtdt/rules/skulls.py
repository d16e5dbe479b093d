"""Skulls and buildings: emerging from the Tower, placing, capacity, destroying, removing
(RTDT-SKULL-*, RTDT-PLACE-*, COV-DOOM-*)."""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.rtdt.hookspecs import WOULD_LOSE
from towerplay.rtdt.rules.common import ask, kingdom_owner, lose_game
from towerplay.rtdt.rules.corruption import gain_corruption
from towerplay.rtdt.rules.narrate import tell
from towerplay.rtdt.state import Decision, HeroState, Site, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

DOOM_PREFIX = "doom:"  # an emerged doom skull, waiting to be placed: "doom:north" (COV-DOOM-3)


EMERGED = N_("{n} skull(s) fall from the Tower into the {kingdom}.")
EMERGED_DOOM = N_("{n} doom skull(s) fall from the Tower into the {kingdom}.")


def tell_emerged(s: State, kingdoms: list[str]) -> None:
    """Tell what fell out of the Tower (a drop, a stir, a seal) and toward which kingdom."""
    if not kingdoms:
        tell(s, "reveal", "No skull falls from the Tower.")
    for k in dict.fromkeys(kingdoms):
        n = kingdoms.count(k)
        tell(
            s,
            "skulls",
            EMERGED_DOOM if is_doom(k) else EMERGED,
            amounts=(("emerged", n),),
            n=n,
            kingdom=emerged_kingdom(k),
        )


def emerged_kingdom(entry: str) -> str:
    """The kingdom an emerged skull (`State.emerged` entry) goes to."""
    return entry.removeprefix(DOOM_PREFIX)


def is_doom(entry: str) -> bool:
    return entry.startswith(DOOM_PREFIX)


def site_on(s: State, space: str) -> Site | None:
    """The Covenant monument site (foundation or monument) on a space, if any."""
    if s.cov is not None:
        for x in s.cov.sites:
            if x.space == space:
                return x
    return None


def building_type(w: World, s: State, space: str) -> str:
    """The type of the building on (or destroyed on) a space. A completed Colossus of Björn
    moved by its Reinforce option stands where the board has no building (COV-CLARIFY-10)."""
    t = w.board.building_of.get(space)
    if t is None:
        x = site_on(s, space)
        return w.content.monuments[x.monument].replaces if x is not None else ""
    return t


def kingdom_buildings(w: World, s: State, kingdom: str) -> tuple[str, ...]:
    """The building spaces of a kingdom, a moved monument included (COV-CLARIFY-10)."""
    board = w.board
    spaces = board.kingdom_buildings[kingdom]
    if s.cov is None:
        return spaces
    for x in s.cov.sites:  # a loop, not a generator: a monument is seldom moved
        if x.space not in board.building_of and board.kingdom_of[x.space] == kingdom:
            spaces += (x.space,)
    return spaces


def take_skull_from_supply(w: World, s: State) -> bool:
    """Needing a skull from an empty supply loses the game (RTDT-SKULL-7, RTDT-END-3)."""
    if s.supply <= 0:
        why = N_("no skull left in the supply")
        if WOULD_LOSE.any(w, s, s.heroes[s.turn.seat], why):  # CMP-ELIM-2: that hero is out
            return False
        lose_game(s, N_("empty skull supply"))
        return False
    s.supply -= 1
    return True


def add_skull(w: World, s: State, space: str, placer: HeroState | None, doom: bool = False) -> None:
    """Put one skull (already taken from the supply or the Tower) on a building.

    A fourth skull destroys the building: it and all four skulls leave the game and
    the home player gains a corruption, nobody for a dormant kingdom (RTDT-SKULL-2..6,
    RTDT-BUILD-3..5).
    A skull that must go on a destroyed building leaves the game and its placer gains
    a corruption (RTDT-CORR-2).
    A doom skull (COV-DOOM-3) is placed the same way and counts as a skull on its building.
    """
    if space not in s.skulls:
        _out_of_game(s, 1, doom)
        tell(
            s,
            "skulls",
            "A skull meant for the fallen building at {space} leaves the game.",
            amounts=(("removed", 1),),
            space=w.board.names.get(space, space),
        )
        if placer is not None:
            gain_corruption(w, s, placer, N_("a skull had to go on a destroyed building"))
        return
    if s.skulls[space] < skull_capacity(w, s, space):
        s.skulls[space] += 1
        if doom:
            assert s.cov is not None
            s.cov.doom[space] = s.cov.doom.get(space, 0) + 1
        return
    # RTDT-SKULL-3: a building that must take a fourth skull is destroyed
    destroy_building(w, s, space, 0 if doom else 1, 1 if doom else 0)


def skull_capacity(w: World, s: State, space: str) -> int:
    """Three skulls; a fourth destroys (RTDT-SKULL-2). A completed monument likewise
    (COV-MONUMENT-4), but the Endless Necropolis holds any number (COV-CLARIFY-12)."""
    x = site_on(s, space)
    if x is not None and x.status == "built":
        cap = w.content.monuments[x.monument].skull_capacity
        return 1_000 if cap is None else cap
    return 3


def _out_of_game(s: State, n: int, doom: bool) -> None:
    if doom:
        assert s.cov is not None
        s.cov.doom_removed += n
    else:
        s.removed += n


def destroy_building(w: World, s: State, space: str, incoming: int, incoming_doom: int = 0) -> None:
    """The building and every skull on it (plus `incoming` skulls in hand) leave the game;
    its home player gains a corruption, nobody for a dormant kingdom (RTDT-BUILD-3..5).
    A completed monument likewise, doom skulls and all (COV-MONUMENT-4, COV-MONUMENT-6,
    COV-DOOM-6, COV-CLARIFY-16)."""
    doom = s.cov.doom.pop(space, 0) if s.cov is not None else 0
    # RTDT-SKULL-4, COV-CLARIFY-16: all its skulls (and a fourth) leave the game, not to the supply
    gone = s.skulls.pop(space) + incoming + incoming_doom
    s.removed += gone - doom - incoming_doom
    if doom or incoming_doom:
        _out_of_game(s, doom + incoming_doom, True)
    s.destroyed.append(space)
    kingdom = w.board.kingdom_of[space]
    what = building_type(w, s, space)
    # COV-MONUMENT-5: any effect that destroys a building destroys a completed monument too
    x = site_on(s, space)
    if x is not None and x.status == "built":
        x.status = "destroyed"  # COV-MONUMENT-6: marked destroyed in the app
        what = w.name(x.monument)
    tell(
        s,
        "skulls",
        "The {building} at {space} is destroyed! Its {n} skull(s) leave the game.",
        amounts=(("removed", gone),),
        building=what,
        space=w.board.names[space],
        n=gone,
    )
    # RTDT-BUILD-5, RTDT-SKULL-6: no owner in a dormant kingdom, so no corruption
    owner = kingdom_owner(s, kingdom)
    if owner is not None:
        # RTDT-CORR-3, RTDT-BUILD-4, RTDT-SKULL-5, RTDT-CORR-6: one corruption per building lost
        gain_corruption(w, s, owner, N_("a building in their home kingdom was destroyed"))


def regular_skulls(s: State, space: str) -> int:
    """Skulls on a building that effects may move: doom skulls never (COV-DOOM-4)."""
    n = s.skulls.get(space, 0)
    if s.cov is not None:
        n -= s.cov.doom.get(space, 0)
    return n


def cleansable(w: World, s: State, space: str) -> bool:
    """A building with skulls a Cleanse can take: not doom skulls (COV-DOOM-4), not the
    Endless Necropolis's (COV-CLARIFY-13)."""
    if s.cov is None:
        # RTDT-CLEANSE-2: no Cleanse where there are no skulls
        return s.skulls.get(space, 0) > 0
    if regular_skulls(s, space) <= 0:
        return False
    x = site_on(s, space)
    return x is None or x.status != "built" or w.content.monuments[x.monument].cleansable


def remove_skulls(w: World, s: State, space: str, count: int) -> int:
    """Take up to `count` skulls off a building back to the supply; returns how many.
    Doom skulls stay: no effect cleanses or removes them (COV-DOOM-4), the Endless
    Necropolis's Reinforce included (COV-CLARIFY-14, COV-CLARIFY-15)."""
    have = regular_skulls(s, space)
    n = min(have, count)
    if n:
        s.skulls[space] -= n
        s.supply += n
    return n


def skull_targets(w: World, s: State, h: HeroState, scope: str, target: str = "") -> list[str]:
    """Buildings with skulls that an effect of this scope may take skulls from."""
    if target:
        return [target] if regular_skulls(s, target) > 0 else []
    board = w.board
    if scope == "this_building":
        spaces: Sequence[str] = (h.space,)
    elif scope == "home_kingdom":
        spaces = kingdom_buildings(w, s, h.kingdom)
    elif scope == "current_kingdom":
        # RTDT-HERO-6: the current kingdom is where the hero stands
        spaces = kingdom_buildings(w, s, board.kingdom_of[h.space])
    else:
        spaces = tuple(s.skulls)
    return [sp for sp in spaces if regular_skulls(s, sp) > 0]  # COV-DOOM-4


def ask_remove_skulls(
    w: World, s: State, h: HeroState, amount: int, scope: str, up_to: bool
) -> None:
    if skull_targets(w, s, h, scope):
        ask(s, Decision("remove_skull", h.seat, amount=amount, scope=scope, up_to=up_to))
