"""Rule tests for the middle of a hero's turn: movement, glyphs, heroic actions,
Cleanse, Reinforce, the haggle die and trading.

Each test is named for the rule ID it proves (docs/rules/rtdt.md, sections
RTDT-MOVE, -GLYPH, -HEROIC, -CLEANSE, -REINF, -HAGGLE and -TRADE) and would
fail if that rule were broken. Positions are built with tests/rtdt/scenario.py.
"""

from __future__ import annotations

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, finish_turn, give, legal, play, scenario, skulls
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import Rng
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.tower import GLYPH_HOMES, GLYPHS, N_SIDES, SIDES, revealed_glyphs

# Building spaces of the north kingdom (the Orphaned Scion's home in a 1-player game).
BAZAAR, VILLAGE, CITADEL, SANCTUARY = "dayside", "egans_end", "radiant_mountains", "upper_ice_fangs"


# --- helpers -------------------------------------------------------------------------------


def illegal(g: RtdtGame, action: str, rule: str) -> None:
    """`action` is refused for `rule`, and the state is left exactly as it was."""
    before = g.state_hash()
    assert action not in legal(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, str(e.value)
    assert g.state_hash() == before


def moves(g: RtdtGame) -> list[str]:
    return sorted(a for a in legal(g) if a.startswith("move "))


def steps_available(g: RtdtGame) -> int:
    """How many single steps the current hero can still take this turn (on a clone)."""
    c = g.clone()
    n = 0
    while moves(c) and n < 40:
        c.apply(moves(c)[0])
        n += 1
    return n


def reveal(g: RtdtGame, glyph: str, facing: str) -> None:
    """Turn the glyph's drum so it faces `facing` and take off the seal in front of it."""
    level, home = GLYPH_HOMES[glyph]
    side = SIDES.index(facing)
    g.state.tower.rotation[level] = (side - home) % N_SIDES
    g.state.tower.seals[level * N_SIDES + side] = False
    g._legal = None


def rig_haggle(g: RtdtGame, result: str) -> None:
    """Set the game's generator to a state whose next haggle roll shows `result`."""
    faces = g.world.content.haggle.faces
    for k in range(1, 1000):
        if Rng(k).choice(faces).result == result:
            g.state.rng = k
            return
    raise AssertionError(f"no generator state rolls {result!r}")


def cost(g: RtdtGame, building: str, option: str) -> int:
    info = g.world.content.buildings[building]
    return (info.free if option == "free" else info.enhanced).spirit


# --- RTDT-MOVE --------------------------------------------------------------------------------


def test_RTDT_MOVE_1_move_up_to_the_base_move_printed_on_the_hero_board() -> None:
    g = scenario(["orphaned_scion"])
    assert g.world.content.heroes["orphaned_scion"].base_move == 3
    at(g, 0, "upper_ice_fangs")
    play(g, "move peaks_of_the_djinn", "move inner_kinghills", "move outer_kinghills")
    assert g.hero(0).space == "outer_kinghills"
    assert moves(g) == []
    illegal(g, "move rimeweald", "RTDT-MOVE-1")


def test_RTDT_MOVE_1_moving_is_optional_and_may_stop_short() -> None:
    g = scenario()
    at(g, 0, "upper_ice_fangs")
    play(g, "move peaks_of_the_djinn")  # one step of three
    assert "end" in legal(g)
    number = g.state.turn_number
    finish_turn(g)
    assert g.state.turn_number == number + 1


def test_RTDT_MOVE_2_doubling_costs_one_spirit_before_moving() -> None:
    g = scenario()
    give(g, 0, spirit=1)
    play(g, "double")
    assert g.hero(0).spirit == 0
    assert steps_available(g) == 6
    illegal(g, "double", "RTDT-MOVE-2")  # once a turn
    play(g, moves(g)[0])
    assert steps_available(g) == 5


def test_RTDT_MOVE_2_doubling_needs_the_spirit_and_comes_before_the_first_step() -> None:
    g = scenario()
    give(g, 0, spirit=0)
    illegal(g, "double", "RTDT-MOVE-2")
    give(g, 0, spirit=1)
    play(g, moves(g)[0])
    illegal(g, "double", "RTDT-MOVE-2")
    assert g.hero(0).spirit == 1


def test_RTDT_MOVE_3_gear_and_virtue_modifiers_apply_before_doubling() -> None:
    # Orphaned Scion: 3 + Trusted Maps 1 = 4, doubled 8 (not 3 * 2 + 1 = 7).
    g = scenario(["orphaned_scion"])
    give(g, 0, spirit=1, gear=["trusted_maps"])
    assert steps_available(g) == 4
    play(g, "double")
    assert steps_available(g) == 8
    # Spymaster: Swift sets the base move to 4, Trusted Maps adds 1, doubled 10.
    g = scenario(["spymaster"])
    give(g, 0, spirit=1, gear=["trusted_maps"])
    assert steps_available(g) == 5
    play(g, "double")
    assert steps_available(g) == 10


@rules("RTDT-MOVE-4", "RTDT-MOVE-5")
def test_RTDT_MOVE_4_MOVE_5_gear_gained_mid_move_counts_from_the_next_turn() -> None:
    g = scenario(["orphaned_scion"])
    give(g, 0, spirit=3)
    at(g, 0, "green_bridge")
    play(g, f"move {BAZAAR}")  # 2 steps left
    play(g, "reinforce free", "take trusted_maps")
    assert "trusted_maps" in g.hero(0).gear
    assert g.observe(0)["turn"]["moves_left"] == 2
    assert steps_available(g) == 2  # not 3: the movement value is fixed for this turn
    illegal(g, "double", "RTDT-MOVE-2")  # no doubling after the first step either
    finish_turn(g)
    assert g.state.turn.seat == 0 and g.state.turn_number == 2
    assert steps_available(g) == 4  # the new base move from the next turn on
    # gained before the first step, the gear counts at once
    g = scenario(["orphaned_scion"])
    at(g, 0, BAZAAR)
    play(g, "reinforce free", "take trusted_maps")
    assert steps_available(g) == 4


def test_RTDT_MOVE_6_each_step_to_an_adjacent_space_costs_one_movement() -> None:
    g = scenario()
    at(g, 0, "upper_ice_fangs")
    left = []
    for target in ("peaks_of_the_djinn", "inner_kinghills", "peaks_of_the_djinn"):
        play(g, f"move {target}")
        left.append(g.observe(0)["turn"]["moves_left"])
    assert left == [2, 1, 0]
    assert g.hero(0).space == "peaks_of_the_djinn"


def test_RTDT_MOVE_7_adjacent_spaces_share_a_land_or_river_edge() -> None:
    g = scenario()
    data = g.world.content.board
    edges = {frozenset(e) for e in data.adjacency.edges}
    rivers = {frozenset(e) for e in data.rivers.edges}
    assert rivers <= edges  # a river edge is an adjacency like a land edge
    for space in g.world.board.spaces:
        at(g, 0, space)
        expected = {f"move {b}" for e in edges if space in e for b in e if b != space}
        assert set(moves(g)) == expected, space
    # a river crossing is a single step
    at(g, 0, "peaks_of_the_djinn")
    assert frozenset(("peaks_of_the_djinn", "inner_kinghills")) in rivers
    play(g, "move inner_kinghills")
    assert g.observe(0)["turn"]["moves_left"] == 2
    # a space that shares no edge cannot be reached in one step
    at(g, 0, "upper_ice_fangs")
    illegal(g, "move radiant_mountains", "RTDT-MOVE-7")
    illegal(g, "move nowhere", "RTDT-MOVE-7")


def test_RTDT_MOVE_8_a_river_is_an_edge_you_cannot_slide_along() -> None:
    g = scenario()
    board = g.world.board
    at(g, 0, "peaks_of_the_djinn")
    # Outer Kinghills lies on the same north-east river but shares no edge with the Peaks.
    assert "outer_kinghills" in board.river_bank[("north", "east")]
    assert set(moves(g)) == {f"move {n}" for n in board.neighbours["peaks_of_the_djinn"]}
    assert "move outer_kinghills" not in legal(g)
    illegal(g, "move outer_kinghills", "RTDT-MOVE-8")
    # the river is no space: crossing it is one step onto the far bank
    play(g, "move dragontooth_lake")
    assert g.hero(0).space == "dragontooth_lake"
    assert g.observe(0)["turn"]["moves_left"] == 2


def test_RTDT_MOVE_9_skulls_and_other_heroes_never_block_movement() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    at(g, 0, "green_bridge")
    at(g, 1, "peaks_of_the_djinn")
    skulls(g, upper_ice_fangs=3)
    play(g, "move upper_ice_fangs", "move peaks_of_the_djinn", "move inner_kinghills")
    assert g.hero(0).space == "inner_kinghills"
    assert g.hero(1).space == "peaks_of_the_djinn"


# --- RTDT-GLYPH -------------------------------------------------------------------------------


def test_RTDT_GLYPH_1_a_slot_is_sealed_open_with_a_glyph_or_open_without() -> None:
    g = scenario()
    t = g.state.tower
    assert all(t.seals) and revealed_glyphs(t) == {}
    assert g.observe(0)["tower"]["glyphs"] == {}
    t.seals[1] = False  # top drum, east window: no glyph behind it at home rotation
    assert revealed_glyphs(t) == {}
    t.seals[0] = False  # top drum, north window: the Cleanse glyph
    assert revealed_glyphs(t) == {"cleanse": "north"}
    assert g.observe(0)["tower"]["glyphs"] == {"cleanse": "north"}
    assert g.observe(0)["kingdoms"]["north"]["glyphs_facing"] == ["cleanse"]
    t.rotation[0] = 1  # the drum turns: Cleanse now behind the open east window
    assert revealed_glyphs(t) == {"cleanse": "east"}
    t.rotation[0] = 2  # Cleanse behind the sealed south window, Quest behind the open north one
    assert revealed_glyphs(t) == {"quest": "north"}


def test_RTDT_GLYPH_2_each_glyph_matches_one_action() -> None:
    assert set(GLYPHS) == {"banner", "quest", "battle", "reinforce", "cleanse"}
    played = {"banner": "banner", "cleanse": f"cleanse {VILLAGE}", "reinforce": "reinforce free"}

    def spirit_after(glyph: str | None, action: str) -> int:
        g = scenario(["orphaned_scion"])
        at(g, 0, VILLAGE)
        give(g, 0, spirit=2)
        if glyph:
            reveal(g, glyph, "north")
        play(g, action)
        return g.hero(0).spirit

    for glyph in GLYPHS:
        for matching, action in played.items():
            paid = spirit_after(None, action) - spirit_after(glyph, action)
            assert paid == (1 if glyph == matching else 0), (glyph, action)


def test_RTDT_GLYPH_3_a_glyph_facing_your_home_kingdom_costs_one_spirit() -> None:
    # No spirit: each of the three Part-1 actions is refused while its glyph faces home.
    for glyph, action in (
        ("banner", "banner"),
        ("cleanse", f"cleanse {VILLAGE}"),
        ("reinforce", "reinforce free"),
    ):
        g = scenario(["orphaned_scion"])
        at(g, 0, VILLAGE)
        give(g, 0, spirit=0)
        assert action in legal(g)
        reveal(g, glyph, "north")
        illegal(g, action, "RTDT-GLYPH-3")
    g = scenario(["orphaned_scion"])
    reveal(g, "reinforce", "north")
    at(g, 0, VILLAGE)
    give(g, 0, spirit=0)
    illegal(g, "haggle", "RTDT-GLYPH-3")
    # With the spirit, the action costs exactly one more.
    give(g, 0, spirit=1)
    play(g, "reinforce free")
    assert g.hero(0).spirit == 0
    assert g.hero(0).warriors == 7 + 6


def test_RTDT_GLYPH_3_only_your_home_kingdom_counts_not_where_you_stand() -> None:
    g = scenario(["orphaned_scion", "spymaster"])  # north and south
    skulls(g, southern_wastes=2, egans_end=2)
    # Cleanse glyph faces the south: the northern Scion standing in the south pays nothing.
    reveal(g, "cleanse", "south")
    at(g, 0, "southern_wastes")
    give(g, 0, spirit=0)
    play(g, "cleanse southern_wastes")
    assert g.hero(0).spirit == 2
    # Facing the north: the Scion pays even while standing in the south.
    g = scenario(["orphaned_scion", "spymaster"])
    skulls(g, southern_wastes=2)
    reveal(g, "cleanse", "north")
    at(g, 0, "southern_wastes")
    give(g, 0, spirit=0)
    illegal(g, "cleanse southern_wastes", "RTDT-GLYPH-3")


# --- RTDT-HEROIC / RTDT-CLEANSE -------------------------------------------------------------------


def test_RTDT_HEROIC_1_cleanse_is_a_heroic_action_moving_and_reinforcing_are_not() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    skulls(g, egans_end=2)
    play(g, "reinforce free", "move rimeweald", "move egans_end")
    assert not g.state.turn.heroic_done
    assert f"cleanse {VILLAGE}" in legal(g)
    play(g, f"cleanse {VILLAGE}")
    assert g.state.turn.heroic_done
    assert g.observe(0)["turn"]["heroic_done"] is True


def test_RTDT_HEROIC_2_only_one_heroic_action_per_turn() -> None:
    g = scenario()
    at(g, 0, CITADEL)
    skulls(g, radiant_mountains=2, upper_ice_fangs=2, egans_end=1)
    play(g, f"cleanse {CITADEL}", f"remove {VILLAGE}", "move green_bridge", f"move {SANCTUARY}")
    illegal(g, f"cleanse {SANCTUARY}", "RTDT-HEROIC-2")
    finish_turn(g)
    assert g.state.turn.seat == 0 and g.hero(0).space == SANCTUARY
    assert g.state.skulls[SANCTUARY] > 0
    assert f"cleanse {SANCTUARY}" in legal(g)  # a new turn, a new heroic action


def test_RTDT_HEROIC_4_a_completed_heroic_action_gives_two_spirit() -> None:
    g = scenario()
    at(g, 0, SANCTUARY)
    give(g, 0, spirit=0)
    play(g, f"cleanse {SANCTUARY}")
    assert g.hero(0).spirit == 2
    assert any("cleanses" in line for line in g.log)


def test_RTDT_CLEANSE_1_removes_every_skull_of_the_building_to_the_supply() -> None:
    g = scenario()
    at(g, 0, SANCTUARY)
    skulls(g, upper_ice_fangs=3, egans_end=2)
    supply = g.state.supply
    play(g, f"cleanse {SANCTUARY}")
    assert g.state.skulls[SANCTUARY] == 0
    assert SANCTUARY not in g.state.destroyed
    assert g.state.supply == supply + 3
    assert g.state.skulls[VILLAGE] == 2  # only the building on your space


def test_RTDT_CLEANSE_1_only_the_building_on_your_space() -> None:
    g = scenario()
    at(g, 0, "green_bridge")
    skulls(g, upper_ice_fangs=3)
    assert not any(a.startswith("cleanse") for a in legal(g))
    illegal(g, f"cleanse {SANCTUARY}", "RTDT-CLEANSE-1")


def test_RTDT_CLEANSE_2_no_cleanse_where_there_are_no_skulls() -> None:
    g = scenario()
    at(g, 0, CITADEL)
    skulls(g, radiant_mountains=0)
    illegal(g, f"cleanse {CITADEL}", "RTDT-CLEANSE-2")
    at(g, 0, "green_bridge")  # no building at all
    illegal(g, "cleanse green_bridge", "RTDT-CLEANSE-2")


def test_RTDT_CLEANSE_3_generous_example_at_hissing_groves() -> None:
    """Rulebook example: the Orphaned Scion cleanses the citadel at Hissing Groves (3
    skulls), then Generous takes one skull off a village in the east; 2 spirit."""
    g = scenario(["orphaned_scion"])
    assert "generous" in g.hero(0).virtues
    at(g, 0, "hissing_groves")
    skulls(g, hissing_groves=3, duwani=2)
    give(g, 0, spirit=0)
    supply = g.state.supply
    play(g, "cleanse hissing_groves")
    assert g.state.skulls["hissing_groves"] == 0
    assert g.state.supply == supply + 3
    # Generous resolves after the Cleanse: the cleansed citadel has nothing left to give.
    assert g.pending is not None and g.pending.kind == "remove_skull"
    assert "remove hissing_groves" not in legal(g)
    assert "remove duwani" in legal(g)
    play(g, "remove duwani")
    assert g.state.skulls["duwani"] == 1
    assert g.state.supply == supply + 4
    assert g.hero(0).spirit == 2
    assert g.pending is None


# --- RTDT-REINF --------------------------------------------------------------------------------


def test_RTDT_REINF_1_once_per_turn_on_a_space_with_a_building() -> None:
    g = scenario()
    give(g, 0, spirit=10)
    at(g, 0, "green_bridge")
    illegal(g, "reinforce free", "RTDT-REINF-1")
    illegal(g, "haggle", "RTDT-REINF-1")
    at(g, 0, VILLAGE)
    skulls(g, egans_end=3)  # skulls on the building do not stop a Reinforce
    play(g, "reinforce free")
    illegal(g, "reinforce free", "RTDT-REINF-1")
    illegal(g, "reinforce enhanced", "RTDT-REINF-1")
    play(g, "move rimeweald", "move inner_kinghills")  # another building, same turn
    illegal(g, "reinforce free", "RTDT-REINF-1")
    finish_turn(g)
    assert "reinforce free" in legal(g)  # a new turn


def test_RTDT_REINF_1_a_destroyed_building_cannot_be_reinforced() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    del g.state.skulls[VILLAGE]
    g.state.destroyed.append(VILLAGE)
    g._legal = None
    illegal(g, "reinforce free", "RTDT-REINF-1")


def test_RTDT_REINF_2_a_free_and_an_enhanced_option_choose_one() -> None:
    c = scenario().world.content
    for building in ("citadel", "sanctuary", "village", "bazaar"):
        assert cost(scenario(), building, "free") == 0
        assert c.buildings[building].enhanced.spirit > 0
    g = scenario()
    at(g, 0, VILLAGE)
    give(g, 0, spirit=cost(g, "village", "enhanced") - 1)
    assert "reinforce free" in legal(g)
    illegal(g, "reinforce enhanced", "RTDT-REINF-2")
    give(g, 0, spirit=cost(g, "village", "enhanced"))
    assert {"reinforce free", "reinforce enhanced"} <= legal(g)
    play(g, "reinforce free")
    assert "reinforce enhanced" not in legal(g)  # one option, not both


def test_RTDT_REINF_3_citadel_free_draws_the_top_potion() -> None:
    g = scenario()
    at(g, 0, CITADEL)
    top = g.state.potion_deck[0]
    size = len(g.state.potion_deck)
    play(g, "reinforce free")
    assert g.hero(0).potions == [top]
    assert len(g.state.potion_deck) == size - 1


def test_RTDT_REINF_4_citadel_enhanced_flips_an_inactive_virtue_of_your_choice() -> None:
    g = scenario(["orphaned_scion"])
    at(g, 0, CITADEL)
    price = cost(g, "citadel", "enhanced")
    give(g, 0, spirit=price)
    play(g, "reinforce enhanced")
    assert g.hero(0).spirit == 0
    assert g.pending is not None and g.pending.kind == "flip_virtue"
    assert legal(g) == {"flip infused", "flip blessed", "flip anointed"}
    play(g, "flip anointed")
    assert "anointed" in g.hero(0).virtues
    assert g.hero(0).inactive == ["infused", "blessed"]


def test_RTDT_REINF_5_sanctuary_free_gives_spirit() -> None:
    g = scenario()
    at(g, 0, SANCTUARY)
    give(g, 0, spirit=0)
    play(g, "reinforce free")
    assert g.hero(0).spirit == 1


def test_RTDT_REINF_6_sanctuary_enhanced_returns_all_corruptions_under_the_deck() -> None:
    g = scenario()
    at(g, 0, SANCTUARY)
    held = g.state.corruption_deck[:2]
    give(g, 0, spirit=cost(g, "sanctuary", "enhanced"), corruptions=held)
    size = len(g.state.corruption_deck)
    play(g, "reinforce enhanced")
    assert g.hero(0).corruptions == []
    assert g.hero(0).spirit == 0
    assert len(g.state.corruption_deck) == size + 2
    assert set(g.state.corruption_deck[-2:]) == set(held)


def test_RTDT_REINF_7_village_free_gives_warriors() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    give(g, 0, warriors=0, spirit=0)
    play(g, "reinforce free")
    assert g.hero(0).warriors == 6


def test_RTDT_REINF_8_village_enhanced_gives_twelve_warriors() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    price = cost(g, "village", "enhanced")
    give(g, 0, warriors=0, spirit=price)
    play(g, "reinforce enhanced")
    assert g.hero(0).warriors == 12
    assert g.hero(0).spirit == 0


def test_RTDT_REINF_9_bazaar_free_gives_gear_from_a_pile_of_your_choice() -> None:
    g = scenario()
    at(g, 0, BAZAAR)
    g.state.gear_piles["longswords"] = 0
    play(g, "reinforce free")
    assert g.pending is not None and g.pending.kind == "take_gear"
    assert legal(g) == {f"take {x}" for x, n in g.state.gear_piles.items() if n > 0}
    assert "take longswords" not in legal(g)
    pile = g.state.gear_piles["trusted_maps"]
    play(g, "take trusted_maps")
    assert g.hero(0).gear == ["trusted_maps"]
    assert g.state.gear_piles["trusted_maps"] == pile - 1


def test_RTDT_REINF_10_bazaar_enhanced_two_spirit_for_a_market_treasure() -> None:
    g = scenario(["orphaned_scion"])
    at(g, 0, BAZAAR)
    assert cost(g, "bazaar", "enhanced") == 2
    give(g, 0, spirit=1)
    illegal(g, "reinforce enhanced", "RTDT-REINF-2")
    give(g, 0, spirit=2)
    market = g.state.market[:]
    top = g.state.treasure_deck[0]
    play(g, "reinforce enhanced")
    assert g.hero(0).spirit == 0
    assert legal(g) == {f"take {t}" for t in market}
    play(g, f"take {market[1]}")
    assert g.hero(0).treasures == [market[1]]
    assert sorted(g.state.market) == sorted([market[0], market[2], top])


# --- RTDT-HAGGLE --------------------------------------------------------------------------------


def test_RTDT_HAGGLE_1_the_die_is_optional_rolled_once_before_reinforcing() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    assert {"haggle", "reinforce free"} <= legal(g)  # rolling is a choice
    rig_haggle(g, "warriors")
    play(g, "haggle")
    assert g.state.turn.haggle == "warriors"
    assert any("haggle die" in line for line in g.log)
    illegal(g, "haggle", "RTDT-HAGGLE-1")  # once
    play(g, "reinforce free")
    assert g.hero(0).warriors == 7 + 6 + 3  # the roll modified the Reinforce
    assert "haggle" not in legal(g)  # not after the Reinforce either
    # without a roll the Reinforce is plain
    g = scenario()
    at(g, 0, VILLAGE)
    play(g, "reinforce free")
    assert g.hero(0).warriors == 7 + 6


def test_RTDT_HAGGLE_1_the_roll_uses_the_games_generator() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    faces = g.world.content.haggle.faces
    results = set()
    for k in range(40):
        c = g.clone()
        c.state.rng = k
        c.apply("haggle")
        face = Rng(k).choice(faces)
        assert c.log[-1].endswith(face.text)
        assert c.state.rng != k
        results.add(face.result)
    assert results == {"normal", "warriors", "potion", "gear", "cancel"}


def test_RTDT_HAGGLE_2_normal_face_changes_nothing() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    rig_haggle(g, "normal")
    plain = g.clone()
    play(g, "haggle", "reinforce free")
    play(plain, "reinforce free")
    assert g.hero(0).to_json() == plain.hero(0).to_json()
    assert g.pending is None


def test_RTDT_HAGGLE_3_warriors_face_gives_three_warriors_after_reinforcing() -> None:
    g = scenario()
    at(g, 0, SANCTUARY)
    give(g, 0, warriors=0, spirit=0)
    g.state.turn.haggle = "warriors"
    play(g, "reinforce free")
    assert g.hero(0).warriors == 3
    assert g.hero(0).spirit == 1


def test_RTDT_HAGGLE_4_potion_face_gives_a_potion_after_reinforcing() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    give(g, 0, warriors=0)
    top = g.state.potion_deck[0]
    rig_haggle(g, "potion")
    play(g, "haggle", "reinforce free")
    assert g.hero(0).warriors == 6
    assert g.hero(0).potions == [top]


def test_RTDT_HAGGLE_5_gear_face_gives_a_gear_after_reinforcing() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    give(g, 0, warriors=0)
    rig_haggle(g, "gear")
    play(g, "haggle", "reinforce free")
    assert g.hero(0).warriors == 6
    assert g.pending is not None and g.pending.kind == "take_gear"
    play(g, "take longswords")
    assert g.hero(0).gear == ["longswords"]


def test_RTDT_HAGGLE_6_cancel_face_cancels_the_reinforce_for_the_turn() -> None:
    g = scenario()
    at(g, 0, VILLAGE)
    give(g, 0, spirit=5)
    rig_haggle(g, "cancel")
    play(g, "haggle")
    before = g.hero(0).clone()
    illegal(g, "reinforce free", "RTDT-HAGGLE-6")
    illegal(g, "reinforce enhanced", "RTDT-HAGGLE-6")
    illegal(g, "haggle", "RTDT-HAGGLE-6")
    play(g, "move rimeweald", "move inner_kinghills")  # not at another building either
    illegal(g, "reinforce free", "RTDT-HAGGLE-6")
    assert g.hero(0).warriors == before.warriors and g.hero(0).spirit == before.spirit
    finish_turn(g)
    assert "reinforce free" in legal(g)  # only for this turn


def test_RTDT_HAGGLE_6_an_effect_granting_another_reinforce_still_works_after_cancel() -> None:
    # Fortunate (Spymaster) grants a second Reinforce at the same building.
    g = scenario(["spymaster"])
    at(g, 0, VILLAGE)
    give(g, 0, warriors=0, virtues=["fortunate"])
    rig_haggle(g, "cancel")
    play(g, "haggle")
    assert g.hero(0).warriors == 0
    assert "haggle" in legal(g)  # the granted Reinforce may be haggled for too
    play(g, "reinforce free")
    assert g.hero(0).warriors == 6
    illegal(g, "reinforce free", "RTDT-REINF-1")  # the cancelled Reinforce counted as the first


def test_RTDT_HAGGLE_7_the_die_bonus_comes_after_the_reinforce_option() -> None:
    # A sanctuary's enhanced option first lifts the Suspicious corruption (potion limit 2);
    # only then does the potion face add a third potion, which may now be kept.
    g = scenario()
    at(g, 0, SANCTUARY)
    give(g, 0, spirit=cost(g, "sanctuary", "enhanced"), corruptions=["suspicious"])
    give(g, 0, potions=g.state.potion_deck[:2])
    g.state.turn.haggle = "potion"
    play(g, "reinforce enhanced")
    assert g.hero(0).corruptions == []
    assert len(g.hero(0).potions) == 3
    assert g.pending is None  # no discard was ever asked


@rules("RTDT-REINF-10", "RTDT-HAGGLE-4", "RTDT-HAGGLE-7")
def test_bazaar_example_haggle_potion_then_two_spirit_for_a_treasure() -> None:
    """Rulebook example: at a bazaar the haggle die shows the potion face; the hero pays
    2 spirit for a market treasure, the market is refilled from the deck, then the die's
    potion is drawn from the top of the potion deck."""
    g = scenario(["orphaned_scion"])
    at(g, 0, BAZAAR)
    give(g, 0, spirit=2)
    market = g.state.market[:]
    treasure_top = g.state.treasure_deck[0]
    potion_top = g.state.potion_deck[0]
    rig_haggle(g, "potion")
    play(g, "haggle", "reinforce enhanced", f"take {market[0]}")
    h = g.hero(0)
    assert h.spirit == 0
    assert h.treasures == [market[0]]
    assert sorted(g.state.market) == sorted(market[1:] + [treasure_top])
    assert h.potions == [potion_top]
    assert g.pending is None


# --- RTDT-TRADE --------------------------------------------------------------------------------


def two_on_dayside() -> RtdtGame:
    g = scenario(["orphaned_scion", "relic_hunter"])
    at(g, 0, BAZAAR)
    at(g, 1, BAZAAR)
    return g


def test_RTDT_TRADE_1_once_per_turn_with_a_hero_on_your_space() -> None:
    g = two_on_dayside()
    at(g, 1, "fivepint")
    illegal(g, "trade 1", "RTDT-TRADE-1")
    at(g, 1, BAZAAR)
    play(g, "trade 1", "give warriors 2", "offer")
    assert g.to_act == 1  # the partner must agree
    play(g, "accept")
    assert (g.hero(0).warriors, g.hero(1).warriors) == (5, 9)
    assert g.to_act == 0
    illegal(g, "trade 1", "RTDT-TRADE-1")


def test_RTDT_TRADE_1_a_refused_trade_changes_nothing() -> None:
    g = two_on_dayside()
    give(g, 0, potions=g.state.potion_deck[:1])
    h0, h1 = g.hero(0).to_json(), g.hero(1).to_json()
    play(g, "trade 1", "give warriors 3", f"give {g.hero(0).potions[0]}", "take spirit 1", "offer")
    assert g.pending is not None and g.pending.seat == 1
    play(g, "reject")
    assert g.hero(0).to_json() == h0 and g.hero(1).to_json() == h1
    assert g.state.trade is None


def test_RTDT_TRADE_2_warriors_spirit_and_items_change_hands() -> None:
    g = two_on_dayside()
    potion = g.state.potion_deck[0]
    treasure = g.state.market[0]
    give(g, 0, warriors=10, spirit=4, potions=[potion], gear=["longswords"])
    give(g, 1, warriors=2, spirit=0, treasures=[treasure])
    play(
        g,
        "trade 1",
        "give warriors 4",
        "give spirit 3",
        f"give {potion}",
        "give longswords",
        f"take {treasure}",
        "offer",
        "accept",
    )
    a, b = g.hero(0), g.hero(1)
    assert (a.warriors, a.spirit, a.potions, a.gear, a.treasures) == (6, 1, [], [], [treasure])
    assert (b.warriors, b.spirit, b.potions, b.gear, b.treasures) == (
        6,
        3,
        [potion],
        ["longswords"],
        [],
    )


def test_RTDT_TRADE_3_virtues_and_corruptions_cannot_be_traded() -> None:
    g = two_on_dayside()
    corruption = g.state.corruption_deck[0]
    give(g, 0, corruptions=[corruption])
    play(g, "trade 1")
    offered = legal(g)
    for card in g.hero(0).virtues + g.hero(0).corruptions:
        assert f"give {card}" not in offered
    for card in g.hero(1).virtues:
        assert f"take {card}" not in offered
    illegal(g, "give generous", "RTDT-TRADE-3")
    illegal(g, f"give {corruption}", "RTDT-TRADE-3")
    illegal(g, "take precise", "RTDT-TRADE-3")
