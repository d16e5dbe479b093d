"""determinize keeps what the seat has looked at: the Flagon's top potions stay on
top for the hero choosing, Bounty of the Gods' quest items stay offered, and the cards the
seat saw go under a deck (spent potions and treasures, lost corruptions, the Flagon's
rest) stay at the bottom, in order (rtdt/decks.py); the rest of each deck is re-drawn."""

from __future__ import annotations

import json

import pytest

from tests.rtdt.scenario import give, legal, play, scenario
from towerplay.core.errors import SaveError
from towerplay.rtdt.decks import EVERYONE, known_bottom, put_under
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.corruption import remove_corruptions
from towerplay.rtdt.rules.holdings import gain_potion

GOLDEN_SUN = "potion_of_the_golden_sun"

ASTRO = "reverent_astromancer"


def covenant_cards(heroes: tuple[str, ...], seed: int = 1) -> RtdtGame:
    g = scenario(heroes, seed=seed, treasures="both", new_corruptions=12)
    for h in g.state.heroes:
        h.companions.clear()
    g.state.foes.clear()
    g._legal = None
    return g


def flagon_choice(heroes: tuple[str, ...]) -> tuple[RtdtGame, list[str]]:
    """Seat 0 gains a potion holding the Relic Hunter's Flagon: it looks at the top four."""
    g = covenant_cards(heroes)
    g.hero(0).treasures.append("relic_hunters_flagon")
    s = g.state
    top = s.potion_deck[:4]
    gain_potion(g.world, s, g.hero(0))
    g._legal = None
    assert g.pending is not None and g.pending.kind == "flagon"
    return g, top


def test_the_flagon_choice_survives_determinize() -> None:
    g, top = flagon_choice(("orphaned_scion",))
    choice = legal(g)
    below = set()
    for k in range(12):
        d = g.determinize(0, k)
        assert d.state.potion_deck[:4] == top, "the potions the hero looks at moved"
        assert legal(d) == choice
        assert d.observe(0) == g.observe(0)
        assert sorted(d.state.potion_deck) == sorted(g.state.potion_deck)
        below.add(tuple(d.state.potion_deck[4:]))
        play(d, f"keep {top[1]}")
        assert d.hero(0).potions == [top[1]]
    assert len(below) > 1, "the potions nobody has seen are still re-drawn"


def test_another_seat_has_not_seen_the_flagons_potions() -> None:
    g, top = flagon_choice(("orphaned_scion", "relentless_warden"))
    tops = set()
    for k in range(12):
        d = g.determinize(1, k)
        assert d.observe(1) == g.observe(1)
        tops.add(tuple(d.state.potion_deck[:4]))
        for a in d.legal_actions():  # the chooser's offer follows the re-drawn deck
            d.clone().apply(a)
    assert len(tops) > 1


def test_bounty_of_the_gods_keeps_its_offer_through_determinize() -> None:
    g = scenario((ASTRO,), seed=1, foes=("brigands", "widowmade_spiders", "dragons"))
    for h in g.state.heroes:
        h.companions.clear()
    g._legal = None
    if g.pending is not None and g.pending.kind == "prepare":
        play(g, "prepare bestow_blessing")
    cov = g.state.cov
    assert cov is not None
    cov.spells[0] += cov.prepared[0]
    cov.prepared[0] = []
    (cov.spells[0] if "bounty_of_the_gods" in cov.spells[0] else cov.invocations[0]).remove(
        "bounty_of_the_gods"
    )
    cov.prepared[0].append("bounty_of_the_gods")
    g._legal = None
    play(g, "cast bounty_of_the_gods")
    assert g.pending is not None and g.pending.kind == "bounty"
    offer = legal(g)
    for k in range(8):
        d = g.determinize(0, k)
        assert legal(d) == offer and d.observe(0) == g.observe(0)


def spent_under_the_decks() -> tuple[RtdtGame, list[str], list[str], list[str]]:
    """Seat 0 spends a potion and a treasure and loses a corruption: all three go under
    their decks face up (RTDT-RES-6, RTDT-CORR-10), on top of a fresh two-player game."""
    g = scenario(("orphaned_scion", "spymaster"))
    give(g, 0, potions=[GOLDEN_SUN], treasures=["acorns_of_the_white_oak"])
    s = g.state
    before = (s.potion_deck[:], s.treasure_deck[:], s.corruption_deck[:])
    play(g, f"use {GOLDEN_SUN}")
    play(g, "use acorns_of_the_white_oak", "stop")
    give(g, 0, corruptions=["feral"])
    remove_corruptions(g.world, s, g.hero(0))
    g._legal = None
    assert s.potion_deck[-1] == GOLDEN_SUN
    assert s.treasure_deck[-1] == "acorns_of_the_white_oak"
    assert s.corruption_deck[-1] == "feral"
    return g, *before


@pytest.mark.parametrize("seat", [0, 1])
def test_cards_seen_going_under_stay_at_the_bottom_the_rest_is_redrawn(seat: int) -> None:
    g, potions, treasures, corruptions = spent_under_the_decks()
    s = g.state
    assert known_bottom(s, "potions") == known_bottom(s, "corruptions") == [EVERYONE]
    assert known_bottom(s, "treasures") == [EVERYONE]
    rest: dict[str, set[tuple[str, ...]]] = {"potions": set(), "treasures": set(), "corr": set()}
    for k in range(12):
        d = g.determinize(seat, k).state  # face up: the other seat saw them go too
        assert d.potion_deck[-1] == GOLDEN_SUN
        assert d.treasure_deck[-1] == "acorns_of_the_white_oak"
        assert d.corruption_deck[-1] == "feral"
        assert sorted(d.potion_deck) == sorted(s.potion_deck)
        assert sorted(d.treasure_deck) == sorted(s.treasure_deck)
        assert sorted(d.corruption_deck) == sorted(s.corruption_deck)
        rest["potions"].add(tuple(d.potion_deck[:-1]))
        rest["treasures"].add(tuple(d.treasure_deck[:-1]))
        rest["corr"].add(tuple(d.corruption_deck[:-1]))
    assert all(len(orders) > 1 for orders in rest.values()), "the unknown cards stay re-drawn"
    assert len(potions) > 1 and len(treasures) > 1 and len(corruptions) > 1


def test_a_known_card_drawn_again_is_forgotten() -> None:
    """The record is of the deck's bottom: once the deck is drawn down through a known
    card, that card is in a hand, and later cards put under are counted from the bottom."""
    g, *_ = spent_under_the_decks()
    s = g.state
    del s.potion_deck[:-1]  # everything above the spent potion drawn
    assert known_bottom(s, "potions") == [EVERYONE]
    s.potion_deck.pop(0)  # and the spent potion itself
    assert known_bottom(s, "potions") == []
    put_under(s, "potions", GOLDEN_SUN, seen_by=1)
    assert s.deck_bottoms["potions"] == [1]  # the drawn card's entry is gone for good
    assert g.determinize(0, 1).state.potion_deck == [GOLDEN_SUN]


def test_the_flagons_rest_is_at_the_bottom_for_its_seat_only() -> None:
    g, top = flagon_choice(("orphaned_scion", "relentless_warden"))
    kept = top[1]
    play(g, f"keep {kept}")
    s = g.state
    rest = [p for i, p in enumerate(top) if i != 1]
    assert s.potion_deck[-3:] == rest
    assert known_bottom(s, "potions") == [0, 0, 0]
    theirs = set()
    for k in range(12):
        assert g.determinize(0, k).state.potion_deck[-3:] == rest  # seat 0 looked at them
        theirs.add(tuple(g.determinize(1, k).state.potion_deck[-3:]))
    assert len(theirs) > 1, "the other seat never saw which potions went under"


def test_the_bottoms_are_saved_and_an_older_save_loads_without_them() -> None:
    g, *_ = spent_under_the_decks()
    data = json.loads(json.dumps(g.to_json()))
    assert data["format"] == "towerplay-rtdt-3"
    assert data["deck_bottoms"] == g.state.deck_bottoms
    loaded = RtdtGame.from_json(data)
    assert loaded.state.deck_bottoms == g.state.deck_bottoms
    assert loaded.determinize(1, 3).state.potion_deck[-1] == GOLDEN_SUN
    old = {**data, "format": "towerplay-rtdt-1", "log": g.log}  # the log was lines of text
    del old["deck_bottoms"]
    assert RtdtGame.from_json(old).state.deck_bottoms == {}  # nothing known: as it played
    missing = dict(data)
    del missing["deck_bottoms"]
    with pytest.raises(SaveError, match="deck_bottoms"):
        RtdtGame.from_json(missing)
    data["deck_bottoms"]["potions"] = [2]  # a two-player game has no seat 2
    with pytest.raises(SaveError, match=r"deck_bottoms\.potions\[0\]"):
        RtdtGame.from_json(data)


def test_the_seat_is_shown_what_it_saw_go_under() -> None:
    g, *_ = spent_under_the_decks()
    seen = g.observe(1)["seen_at_bottom"]
    assert seen == {
        "potions": [GOLDEN_SUN],
        "treasures": ["acorns_of_the_white_oak"],
        "corruptions": ["feral"],
    }
    h, top = flagon_choice(("orphaned_scion", "relentless_warden"))
    play(h, f"keep {top[0]}")
    assert h.observe(0)["seen_at_bottom"]["potions"] == top[1:]
    assert h.observe(1)["seen_at_bottom"]["potions"] == [None, None, None]
