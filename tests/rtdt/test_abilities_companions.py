"""Companion abilities played as printed through registered handlers (rtdt/abilities/):
Gleb, Letha and Miras's warriors for ending a turn on their terrain, Yana's one corruption
per battle. Each test fails if its handler is not registered or misreads its flag."""

from __future__ import annotations

from tests.rtdt.scenario import at, scenario
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.battle import start_battle
from towerplay.rtdt.rules.corruption import gain_corruption
from towerplay.rtdt.rules.turn import end_turn

MOUNTAINS, GRASSLANDS, FOREST = "lodestone_mountains", "green_bridge", "muted_forest"


def _turn_end_gain(g: RtdtGame, space: str) -> int:
    """Warriors the active hero gains as their turn ends on `space` (before the drop)."""
    h = g.hero(0)
    at(g, 0, space)
    before = h.warriors
    end_turn(g.world, g.state)
    return h.warriors - before


def test_gleb_gives_six_warriors_only_for_a_turn_ended_on_mountains() -> None:
    assert _turn_end_gain(scenario(companion="gleb"), MOUNTAINS) == 6
    assert _turn_end_gain(scenario(companion="gleb"), GRASSLANDS) == 0
    assert _turn_end_gain(scenario(companion="gleb"), FOREST) == 0


def test_miras_gives_six_warriors_only_on_grasslands() -> None:
    assert _turn_end_gain(scenario(companion="miras"), GRASSLANDS) == 6
    assert _turn_end_gain(scenario(companion="miras"), MOUNTAINS) == 0


def test_letha_counts_forest_and_a_siege_trees_space_RTDT_TOKEN_8() -> None:
    assert _turn_end_gain(scenario(companion="letha"), FOREST) == 6
    assert _turn_end_gain(scenario(companion="letha"), MOUNTAINS) == 0
    g = scenario(companion="letha")
    g.state.siege_trees[0] = MOUNTAINS  # a tree on a mountains space: forest as well
    assert _turn_end_gain(g, MOUNTAINS) == 6


def test_a_wasteland_has_no_terrain_for_gleb_COV_WASTE_2() -> None:
    g = scenario(companion="gleb", expansion="covenant")
    assert g.state.cov is not None
    g.state.cov.wastelands.append(MOUNTAINS)
    g.state.heroes[0].companions[:] = ["gleb"]
    assert _turn_end_gain(g, MOUNTAINS) == 0


def _battle(g: RtdtGame, foe: str) -> None:
    h = g.hero(0)
    g.state.foes[:] = [(foe, h.space)]
    g.state.foe_status.setdefault(foe, "ready")
    start_battle(g.world, g.state, h, foe, h.space)


def test_yana_caps_the_corruptions_one_battle_gives_at_one() -> None:
    g = scenario(companion="yana")
    h = g.hero(0)
    foe = g.state.config.foes[0]
    _battle(g, foe)
    gain_corruption(g.world, g.state, h, "a battle card")
    gain_corruption(g.world, g.state, h, "a battle card")
    assert len(h.corruptions) == 1
    assert "second corruption" in g.log[-1]
    g.state.battle = None  # outside a battle the cap does not apply
    gain_corruption(g.world, g.state, h, "an event")
    assert len(h.corruptions) == 2


def test_yanas_cap_starts_afresh_with_each_battle() -> None:
    g = scenario(companion="yana")
    h = g.hero(0)
    foe = g.state.config.foes[0]
    _battle(g, foe)
    gain_corruption(g.world, g.state, h, "a battle card")
    g.state.battle = None
    _battle(g, foe)
    gain_corruption(g.world, g.state, h, "a battle card")
    assert len(h.corruptions) == 2


def test_without_yana_a_battle_gives_every_corruption() -> None:
    g = scenario(companion="gleb")
    h = g.hero(0)
    _battle(g, g.state.config.foes[0])
    gain_corruption(g.world, g.state, h, "a battle card")
    gain_corruption(g.world, g.state, h, "a battle card")
    assert len(h.corruptions) == 2
