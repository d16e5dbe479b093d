"""Build Return to Dark Tower positions directly, for scenario tests.

g = scenario(heroes=["spymaster"], seed=1)
at(g, 0, "dayside"); give(g, 0, spirit=5, treasures=["lamp_of_hope"])
skulls(g, dayside=2)
play(g, "cleanse dayside")
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from towerplay.rtdt.game import RtdtGame, make_config, new_game
from towerplay.rtdt.rules.holdings import acquired
from towerplay.rtdt.rules.turn import advance

# Every foe and adversary of the base game, written out (tests expect these, whatever the
# code's own tables say).
FOES = (
    "brigands",
    "oreks",
    "shadow_wolves",
    "spine_fiends",
    "frost_trolls",
    "clan_of_neuri",
    "lemures",
    "widowmade_spiders",
    "dragons",
    "mormos",
    "striga",
    "titans",
)
ADVERSARIES = (
    "ashstrider",
    "bane_of_omens",
    "empress_of_shades",
    "gaze_eternal",
    "gravemaw",
    "isa_the_exile",
    "lingering_rot",
    "utuk_ku",
)


def scenario(
    heroes: Iterable[str] = ("orphaned_scion",),
    seed: int = 1,
    difficulty: str = "heroic",
    kingdoms: Iterable[str] = (),
    **options: Any,
) -> RtdtGame:
    """A fresh game at the start of the first player's first turn. `options` go to
    make_config (`expansion="covenant"`, `treasures=...`, `new_corruptions=...`)."""
    heroes = tuple(heroes)
    config = make_config(
        players=len(heroes),
        heroes=heroes,
        seed=seed,
        difficulty=difficulty,
        kingdoms=tuple(kingdoms),
        **options,
    )
    return new_game(config)


def at(g: RtdtGame, seat: int, space: str) -> None:
    g.state.heroes[seat].space = space
    g._legal = None


def give(
    g: RtdtGame,
    seat: int,
    warriors: int | None = None,
    spirit: int | None = None,
    potions: Iterable[str] = (),
    gear: Iterable[str] = (),
    treasures: Iterable[str] = (),
    virtues: Iterable[str] = (),
    corruptions: Iterable[str] = (),
) -> None:
    """Set a hero's resources and hand them cards, taking the cards out of their decks."""
    s = g.state
    h = s.heroes[seat]
    if warriors is not None:
        h.warriors = warriors
    if spirit is not None:
        h.spirit = spirit
    for p in potions:
        if p in s.potion_deck:
            s.potion_deck.remove(p)
        h.potions.append(p)
    for x in gear:
        s.gear_piles[x] -= 1
        h.gear.append(x)
    for t in treasures:
        if t in s.market:
            s.market.remove(t)
            s.market.append(s.treasure_deck.pop(0))
        elif t in s.treasure_deck:
            s.treasure_deck.remove(t)
        h.treasures.append(t)
        acquired(g.world, s, h, t)  # a wand takes its charges (COV-WAND-1)
    for v in virtues:
        if v in h.inactive:
            h.inactive.remove(v)
        h.virtues.append(v)
    for c in corruptions:
        s.corruption_deck.remove(c)
        h.corruptions.append(c)
    g._legal = None


def skulls(g: RtdtGame, **on: int) -> None:
    """Set the skulls on buildings (by space id); the supply pays or takes the difference."""
    s = g.state
    for space, n in on.items():
        s.supply -= n - s.skulls[space]
        s.skulls[space] = n
    assert s.supply >= 0
    g._legal = None


def play(g: RtdtGame, *actions: str) -> None:
    for a in actions:
        g.apply(a)


def legal(g: RtdtGame) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def finish_turn(g: RtdtGame) -> None:
    """End the current turn and answer every question with its first legal action
    until the next hero's turn starts (or the game ends)."""
    number = g.state.turn_number
    g.apply("end")
    while g.result is None and (g.state.pending or g.state.turn_number == number):
        g.apply(g.legal_actions()[0])


def resume(g: RtdtGame) -> None:
    """Run the game forward after a test changed the state by hand."""
    advance(g.world, g.state)
    g._legal = None
