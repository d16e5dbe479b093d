"""Which actions are glyph actions for Vasa's 1 spirit (RTDT-COMP-12): the competitive trial is
a Quest action (CMP-TRIAL-7); Covenant's Build has no glyph (COV-BUILD-5)."""

from __future__ import annotations

from tests.conftest import rules
from tests.rtdt.covenant_scenario import covenant_game, monument
from tests.rtdt.scenario import at, give, legal, play
from tests.rtdt.test_companions_as_printed import _face
from tests.rtdt.test_rules_competitive import comp, set_trial
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.tower import GLYPH_HOMES, SIDES


def _with_vasa(g: RtdtGame) -> None:
    for h in g.state.heroes:
        h.companions.clear()
    g.hero(0).companions.append("vasa")
    g._legal = None


def _trial_spirit(facing_home: bool) -> int:
    """Spirit after a trial taken with no spirit, Vasa held, the Quest glyph facing home or
    elsewhere; the trial's heroic action gives 2 (RTDT-HEROIC-4)."""
    g = comp()
    _with_vasa(g)
    h = g.hero(0)
    set_trial(g, 0, "win_egans_tournament")
    give(g, 0, warriors=20, spirit=0)
    at(g, 0, "egans_end")
    _face(g, "quest", h.kingdom if facing_home else next(k for k in SIDES if k != h.kingdom))
    play(g, "trial win_egans_tournament", "seal keep")
    return g.hero(0).spirit


@rules("CMP-TRIAL-7")
def test_a_trial_with_the_quest_glyph_facing_home_is_a_glyph_action_for_vasa() -> None:
    assert _trial_spirit(facing_home=True) == 2 + 1  # the heroic 2, and Vasa's 1
    assert _trial_spirit(facing_home=False) == 2


def _build_spirit(glyph: str) -> tuple[int, bool]:
    """Spirit after Building with no spirit, Vasa held and `glyph` facing home; and whether
    Build was offered."""
    g = covenant_game(["orphaned_scion"], north="citadel")
    _with_vasa(g)
    site = monument(g, "tower_shard", offerings=3)
    at(g, 0, site.space)
    give(g, 0, spirit=0)
    _face(g, glyph, g.hero(0).kingdom)
    offered = "build" in legal(g)
    play(g, "build")
    return g.hero(0).spirit, offered


@rules("COV-BUILD-5")
def test_build_is_no_glyph_action_whatever_glyph_faces_home() -> None:
    for glyph in GLYPH_HOMES:
        spirit, offered = _build_spirit(glyph)
        assert offered, glyph  # no glyph spirit asked of it
        assert spirit == 2, glyph  # the heroic 2 (COV-BUILD-3), and nothing from Vasa
