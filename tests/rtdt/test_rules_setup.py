"""Rule tests for world and app setup, hero setup and the game code
(RTDT-SETUP-*, RTDT-HERO-*, RTDT-CODE-*; Part 1 rows of docs/rules/rtdt.md)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import rules
from tests.rtdt.scenario import at, finish_turn, legal, play, scenario
from towerplay.rtdt import gamecode
from towerplay.rtdt.game import BASE_HEROES, SUPPLY_SKULLS, RtdtGame, make_config, new_game
from towerplay.rtdt.tower import N_SEALS
from towerplay.rtdt.world import get_world

KINGDOMS = ("north", "east", "south", "west")
TERRAINS = {"desert", "forest", "hills", "grasslands", "mountains", "lake"}


def four_player() -> RtdtGame:
    return scenario(heroes=BASE_HEROES)


# --- RTDT-SETUP: world and app setup -------------------------------------------------------


def test_RTDT_SETUP_1_components() -> None:
    c = get_world().content
    assert len(c.base_heroes) == 4
    assert len(c.kingdoms) == 4
    placed = [s.building for s in c.spaces.values() if s.building]
    assert Counter(placed) == {"citadel": 4, "sanctuary": 4, "village": 4, "bazaar": 4}
    assert N_SEALS == 12
    # 16 virtue tiles: 3 per hero board plus the 4 kingdom virtues
    unlockable = sum(len(c.heroes[h].unlockable_virtues) for h in c.base_heroes)
    assert unlockable + len(c.kingdom_virtues) == 16
    assert SUPPLY_SKULLS == 24
    assert sum(p.copies for p in c.potions.values()) == 18
    assert sum(x.copies for x in c.gear.values()) == 18
    assert len(c.base_treasures) == 22
    assert len(c.base_corruptions) == 12
    assert len(gamecode.COMPANIONS) == 10
    g = four_player()
    s = g.state
    assert len(s.potion_deck) == 18
    assert len(s.treasure_deck) + len(s.market) == 22
    assert len(s.corruption_deck) == 12
    assert sum(s.gear_piles.values()) == 18


def test_RTDT_SETUP_2_each_seat_faces_its_own_kingdom() -> None:
    for n in range(1, 5):
        g = scenario(heroes=BASE_HEROES[:n])
        homes = [h.kingdom for h in g.state.heroes]
        assert len(set(homes)) == n
        assert set(homes) <= set(KINGDOMS)
    assert {h.kingdom for h in four_player().state.heroes} == set(KINGDOMS)
    # two players face each other across the board
    assert [h.kingdom for h in scenario(heroes=BASE_HEROES[:2]).state.heroes] == ["north", "south"]
    with pytest.raises(ValueError):
        make_config(players=2, heroes=BASE_HEROES[:2], kingdoms=("east", "east"))


def test_RTDT_SETUP_3_tower_starts_with_every_seal() -> None:
    t = scenario().state.tower
    assert t.seals == [True] * 12
    assert t.rotation == [0, 0, 0]
    assert t.inside == 0
    assert scenario().observe(0)["tower"]["glyphs"] == {}


def test_RTDT_SETUP_4_all_buildings_start_on_their_spaces() -> None:
    g = four_player()
    board = g.world.board
    printed = {s.id for s in g.world.content.spaces.values() if s.building}
    assert set(g.state.skulls) == printed
    assert g.state.destroyed == []
    for k in KINGDOMS:
        types = sorted(board.building_of[sp] for sp in board.kingdom_buildings[k])
        assert types == ["bazaar", "citadel", "sanctuary", "village"]


def test_RTDT_SETUP_5_four_kingdoms_of_15_spaces_separated_by_rivers() -> None:
    board = get_world().board
    assert set(board.kingdom_spaces) == set(KINGDOMS)
    assert all(len(board.kingdom_spaces[k]) == 15 for k in KINGDOMS)
    for a in board.spaces:
        for b in board.neighbours[a]:
            crosses = board.kingdom_of[a] != board.kingdom_of[b]
            assert crosses == board.is_river(a, b), (a, b)
    assert board.rivers  # the kingdoms do touch, over rivers


def test_RTDT_SETUP_6_every_space_has_one_terrain() -> None:
    board = get_world().board
    assert len(board.terrain_of) == 60
    assert set(board.terrain_of.values()) == TERRAINS


def test_RTDT_SETUP_7_supply_of_exactly_24_skulls_is_conserved() -> None:
    from towerplay.agents.random import RandomAgent

    for seed in range(3):
        g = new_game(players=1 + seed, seed=seed)
        agent = RandomAgent(seed)
        for _ in range(300):
            s = g.state
            total = s.supply + sum(s.skulls.values()) + s.tower.inside + s.removed + len(s.emerged)
            assert total == 24
            if g.result is not None:
                break
            g.apply(agent.act(g))
        # the supply never grows past what it started with
        assert g.state.supply <= 24


def test_RTDT_SETUP_8_six_gear_piles_of_three() -> None:
    g = scenario()
    assert len(g.state.gear_piles) == 6
    assert set(g.state.gear_piles.values()) == {3}
    assert g.observe(0)["gear_piles"] == g.state.gear_piles  # face up


def test_RTDT_SETUP_9_treasure_market_of_three_from_a_shuffled_deck() -> None:
    orders = set()
    for seed in range(6):
        g = scenario(seed=seed)
        s = g.state
        assert len(s.market) == 3
        assert len(s.treasure_deck) == 19
        assert g.observe(0)["market"] == s.market  # face up
        assert "treasure_deck" not in g.observe(0)  # face down: only its size shows
        orders.add(tuple(s.market + s.treasure_deck))
    assert len(orders) > 1


def test_RTDT_SETUP_10_potion_and_corruption_decks_shuffled_face_down() -> None:
    potions, corruptions = set(), set()
    for seed in range(6):
        g = scenario(seed=seed)
        potions.add(tuple(g.state.potion_deck))
        corruptions.add(tuple(g.state.corruption_deck))
        decks = g.observe(0)["decks"]
        assert decks == {"potions": 18, "treasures": 19, "corruptions": 12}
        assert "potion_of" not in str(g.observe(0))  # no potion is face up: the order stays hidden
    assert len(potions) > 1 and len(corruptions) > 1


def test_RTDT_SETUP_11_companion_and_haggle_die_beside_the_board() -> None:
    g = four_player()
    assert g.state.config.companion in gamecode.COMPANIONS  # the main companion card
    assert len(g.world.content.haggle.faces) >= 2  # the haggle die is available
    assert "haggle" in legal(g)
    for h in g.state.heroes:  # everything else stays in the box until called for
        assert h.potions == h.gear == h.treasures == h.quest_items == h.corruptions == []


def test_RTDT_SETUP_12_heroes_chosen_or_dealt_and_a_first_player() -> None:
    chosen = scenario(heroes=("spymaster", "relic_hunter"))
    assert [h.hero for h in chosen.state.heroes] == ["spymaster", "relic_hunter"]
    dealt = {new_game(players=2, seed=seed).state.config.heroes for seed in range(8)}
    assert all(len(set(pair)) == 2 and set(pair) <= set(BASE_HEROES) for pair in dealt)
    assert len(dealt) > 1  # randomly dealt
    with pytest.raises(ValueError):
        make_config(players=2, heroes=("spymaster", "spymaster"))
    g = new_game(make_config(players=3, heroes=BASE_HEROES[:3], first_player=2))
    assert g.state.turn.seat == 2 and g.to_act == 2
    with pytest.raises(ValueError):
        make_config(players=3, heroes=BASE_HEROES[:3], first_player=3)


def test_RTDT_SETUP_13_mode_and_difficulty_heroic_by_default() -> None:
    assert make_config(seed=1).difficulty == "heroic"
    assert make_config(seed=1).mode == "cooperative"
    assert make_config(seed=1, difficulty="gritty").difficulty == "gritty"
    with pytest.raises(ValueError):
        make_config(seed=1, difficulty="easy")
    setup = gamecode.decode(make_config(seed=1).code)
    alliances = gamecode.encode(
        gamecode.Setup(setup.foes, setup.adversary, setup.companion, alliances=True, seed=1)
    )
    with pytest.raises(ValueError, match="Alliances"):  # an expansion towerplay does not play
        make_config(code=alliances)


def test_RTDT_SETUP_14_a_game_code_reproduces_the_configuration() -> None:
    original = make_config(players=3, seed=12345, difficulty="gritty")
    again = make_config(code=original.code)
    assert again == original
    # the code wins over other options typed with it
    assert make_config(code=original.code, difficulty="heroic", seed=7) == original


def test_RTDT_SETUP_15_one_to_four_players() -> None:
    for n in range(1, 5):
        g = new_game(players=n, seed=3)
        assert g.state.config.players == n == len(g.state.heroes)
        assert gamecode.decode(g.state.config.code).players == n
    for n in (0, 5):
        with pytest.raises(ValueError):
            make_config(players=n, seed=3)


def test_RTDT_SETUP_19_opening_skulls_exactly_where_the_app_says() -> None:
    g = four_player()
    c = g.world.content
    board = g.world.board
    for space, n in g.state.skulls.items():
        assert n == c.buildings[board.building_of[space]].opening_skulls
    opening = sum(g.state.skulls.values())
    assert opening > 0
    assert g.state.supply == 24 - opening  # taken from the supply
    # the same for every seed: the app's final instructions, not chance
    assert scenario(seed=99).state.skulls == scenario(seed=1).state.skulls


# --- RTDT-HERO: hero setup ----------------------------------------------------------------


def test_RTDT_HERO_1_three_hero_virtue_tiles_inactive() -> None:
    g = four_player()
    for h in g.state.heroes:
        sheet = g.world.content.heroes[h.hero]
        assert h.inactive == [v.id for v in sheet.unlockable_virtues]
        assert len(h.inactive) == 3
        assert not set(h.inactive) & set(h.virtues)


def test_RTDT_HERO_2_home_kingdom_is_the_one_facing_the_seat() -> None:
    g = scenario(heroes=("spymaster", "brutal_warlord"), kingdoms=("west", "east"))
    assert [h.kingdom for h in g.state.heroes] == ["west", "east"]
    assert g.observe(0)["kingdoms"]["west"]["home_of"] == 0
    assert g.observe(0)["kingdoms"]["east"]["home_of"] == 1


def test_RTDT_HERO_3_heroes_start_on_their_home_citadel() -> None:
    g = four_player()
    board = g.world.board
    for h in g.state.heroes:
        assert board.building_of[h.space] == "citadel"
        assert board.kingdom_of[h.space] == h.kingdom


def test_RTDT_HERO_4_home_kingdom_virtue_is_active() -> None:
    g = four_player()
    for h in g.state.heroes:
        virtue = g.world.content.kingdoms[h.kingdom].virtue
        assert virtue in h.virtues
        assert virtue not in h.inactive
        # and no other kingdom's virtue
        others = set(g.world.content.kingdom_virtues) - {virtue}
        assert not others & set(h.virtues)


def test_RTDT_HERO_5_seven_warriors_and_one_spirit() -> None:
    for h in four_player().state.heroes:
        assert (h.warriors, h.spirit) == (7, 1)


def test_RTDT_HERO_6_current_kingdom_is_where_the_hero_stands() -> None:
    g = scenario(heroes=("spymaster",))
    at(g, 0, "duwani")  # an east space; the Spymaster's home is the north
    view = g.observe(0)["kingdoms"]
    assert 0 in view["east"]["heroes"] and 0 not in view["north"]["heroes"]
    # the banner puts the hero anywhere in the *current* kingdom
    play(g, "banner")
    spaces = {a.split()[1] for a in legal(g)}
    assert spaces == set(g.world.board.kingdom_spaces["east"])


def test_RTDT_HERO_7_nobodys_home_is_dormant() -> None:
    g = scenario(heroes=("spymaster", "relic_hunter"))
    view = g.observe(0)["kingdoms"]
    assert {k for k in KINGDOMS if view[k]["dormant"]} == {"east", "west"}
    assert not any(view[k]["dormant"] for k in KINGDOMS if k in ("north", "south"))
    assert not any(four_player().observe(0)["kingdoms"][k]["dormant"] for k in KINGDOMS)


# --- RTDT-CODE: game code ------------------------------------------------------------------


def test_RTDT_CODE_1_twelve_character_code_unique_per_game() -> None:
    codes = set()
    for seed in range(40):
        g = new_game(players=1 + seed % 4, seed=seed)
        code = g.state.config.code
        assert len(code.replace("-", "")) == 12
        assert g.observe(0)["code"] == code  # shown to the players, by their screen
        assert code not in g.log[0]  # not in the log, which a server table sends to all
        codes.add(code)
    assert len(codes) == 40


setups = st.builds(
    gamecode.Setup,
    foes=st.tuples(
        st.sampled_from(gamecode.FOES_LEVEL_2),
        st.sampled_from(gamecode.FOES_LEVEL_3),
        st.sampled_from(gamecode.FOES_LEVEL_4),
    ),
    adversary=st.sampled_from(gamecode.ADVERSARIES),
    companion=st.sampled_from(gamecode.COMPANIONS),
    difficulty=st.sampled_from(["heroic", "gritty"]),
    covenant=st.booleans(),
    alliances=st.booleans(),
    mode=st.sampled_from(["cooperative", "competitive"]),
    players=st.integers(1, 4),
    seed=st.integers(0, gamecode.SEED_LIMIT - 1),
)


@rules("RTDT-CODE-3")  # decoding gives back exactly the setup encoded
@settings(max_examples=200, deadline=None)
@given(setups)
def test_RTDT_CODE_2_code_encodes_the_whole_setup(setup: gamecode.Setup) -> None:
    code = gamecode.encode(setup)
    assert len(code.replace("-", "")) == 12
    assert gamecode.decode(code) == setup
    assert gamecode.decode(code.upper().replace("-", "")) == setup


def test_RTDT_CODE_2_each_setting_changes_the_code() -> None:
    base = gamecode.Setup(("brigands", "lemures", "titans"), "gravemaw", "yana", seed=5)
    variants = [
        gamecode.Setup(("oreks", "lemures", "titans"), "gravemaw", "yana", seed=5),
        gamecode.Setup(("brigands", "frost_trolls", "titans"), "gravemaw", "yana", seed=5),
        gamecode.Setup(("brigands", "lemures", "dragons"), "gravemaw", "yana", seed=5),
        gamecode.Setup(("brigands", "lemures", "titans"), "utuk_ku", "yana", seed=5),
        gamecode.Setup(("brigands", "lemures", "titans"), "gravemaw", "gleb", seed=5),
        gamecode.Setup(("brigands", "lemures", "titans"), "gravemaw", "yana", "gritty", seed=5),
        gamecode.Setup(
            ("brigands", "lemures", "titans"), "gravemaw", "yana", mode="competitive", seed=5
        ),
        gamecode.Setup(("brigands", "lemures", "titans"), "gravemaw", "yana", players=3, seed=5),
        gamecode.Setup(("brigands", "lemures", "titans"), "gravemaw", "yana", seed=6),
    ]
    codes = {gamecode.encode(v) for v in variants} | {gamecode.encode(base)}
    assert len(codes) == len(variants) + 1


def test_RTDT_CODE_3_entering_a_code_recreates_the_game() -> None:
    first = new_game(players=2, seed=4242)
    code = first.state.config.code
    second = new_game(code=code)
    assert second.state_hash() == first.state_hash()
    # the same play gives the same game: the events are in the code too
    for _ in range(6):
        finish_turn(first)
        finish_turn(second)
        assert second.state_hash() == first.state_hash()
        assert second.log == first.log
    other = new_game(players=2, seed=4243)
    assert other.state.config.code != code
    assert other.state_hash() != new_game(code=code).state_hash()
    with pytest.raises(ValueError):
        make_config(code="zzzz-zzzz-zzzz")
    with pytest.raises(ValueError):
        make_config(code="too-short")
