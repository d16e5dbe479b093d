"""determinize keeps what the seat has looked at: the Flagon's top potions stay on
top for the hero choosing, and Bounty of the Gods' quest items stay offered."""

from __future__ import annotations

from tests.rtdt.scenario import legal, play, scenario
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.common import gain_potion

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
