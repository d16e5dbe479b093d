"""The shortcut the rules take to a hero's Profile gives what the long way gives
(World.hero_profile), and so do the costs computed with a Profile passed down."""

from __future__ import annotations

import itertools

from tests.rtdt.scenario import give, scenario
from towerplay.rtdt.rules.common import glyph_cost
from towerplay.rtdt.tower import GLYPHS


def test_hero_profile_is_the_profile_of_the_heros_cards() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    give(g, 0, treasures=["azkols_horn"], corruptions=["tempted"])
    w = g.world
    for h in g.state.heroes:
        assert w.hero_profile(h) is w.profile(h.cards())
    h = g.hero(0)
    h.corruptions.remove("tempted")  # a list changed in place: another card set, another key
    assert w.hero_profile(h) is w.profile(h.cards())
    assert "tempted" not in w.hero_profile(h).cards


def test_a_glyph_costs_the_same_with_the_profile_passed_for_every_seal_and_card() -> None:
    """Every glyph revealed one seal at a time, facing the hero or not, with the cards that
    add to the cost (Tempted) and set it (Azkol's Horn)."""
    for treasures, corruptions, owed in (
        ([], [], {0, 1}),
        ([], ["tempted"], {0, 2}),
        (["azkols_horn"], ["tempted"], {0}),
    ):
        g = scenario()
        give(g, 0, treasures=treasures, corruptions=corruptions)
        w, s, h = g.world, g.state, g.hero(0)
        prof = w.hero_profile(h)
        seen = set()
        for seal, turn in itertools.product(range(len(s.tower.seals)), range(4)):
            s.tower.seals = [True] * len(s.tower.seals)
            s.tower.seals[seal] = False
            s.tower.rotation = [turn] * len(s.tower.rotation)
            for glyph in GLYPHS:
                cost = glyph_cost(w, s, h, glyph)
                assert glyph_cost(w, s, h, glyph, prof) == cost
                seen.add(cost)
        assert seen == owed  # some glyph faced the hero, at its cost, and others did not
