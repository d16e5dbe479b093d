"""Encounter setup, the round, hero turns, revive potions and cleanup."""

from __future__ import annotations

import pytest

from tests.tactics.helpers import arena, content_with, put, texts, turn, unit
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import IllegalAction
from towerplay.tactics import new_game
from towerplay.tactics.decks import draw_direction, draw_up
from towerplay.tactics.encounter import advance, roll_initiative


def test_AT_SETUP_1_heroes_start_in_the_highlighted_area() -> None:
    g = new_game({"encounter": "goblin_ambush", "party": ["fighter", "rogue", "cleric"]}, 1)
    assert g.s.pending[-1].kind == "place"
    start = {g.ctx.board.name(q) for q in g.ctx.board.start}
    assert {t.split()[1] for t in texts(g)} == start
    g.apply("place a1")
    assert "place a1" not in texts(g)  # one character per square
    with pytest.raises(ValueError):
        new_game({"party": ["fighter", "rogue"]}, 1)


def test_AT_SETUP_2_the_compass_turns_the_direction_cards() -> None:
    g = arena()
    g.s.direction_deck, g.s.compass = ["n"], 0
    assert draw_direction(g.s, g.ctx) == (0, 1)
    g.s.direction_deck, g.s.compass = ["n"], 1
    assert draw_direction(g.s, g.ctx) == (1, 0)
    assert sorted(new_game({}, 3).s.direction_deck) == sorted(
        ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
    )
    # setup lays the compass in any of its four orientations, drawn from the seed
    assert {new_game({}, seed).s.compass for seed in range(16)} == {0, 1, 2, 3}


def test_AT_SETUP_3_eleven_card_deck_and_player_board() -> None:
    g = new_game({"party": ["rogue", "fighter", "cleric"], "extra_cards": {1: ["short_bow"]}}, 2)
    rogue, fighter = g.s.heroes[0], g.s.heroes[1]
    assert rogue.board == {
        "weapon": None,
        "armor": "goblin_leathers",
        "accessory": None,
        "class_feature": "shadowstep",
    }
    assert sorted(rogue.deck) == sorted(
        ["basic_move"] * 3
        + ["basic_attack"] * 3
        + ["backstab", "smoke_bomb", "tumble", "poison_dart"]
    )
    assert (
        fighter.board["weapon"] == "iron_sword" and "short_bow" in fighter.deck
    )  # the rest shuffled in


def test_AT_SETUP_4_at_most_three_passive_and_two_dice_abilities() -> None:
    ok = new_game({"abilities": {0: ["sturdy", "fleet", "heavy_hitter", "lucky"]}}, 1)
    assert ok.s.heroes[0].abilities == ["tough", "sturdy", "fleet", "heavy_hitter", "lucky"]
    with pytest.raises(ValueError, match="AT-SETUP-4"):
        new_game({"abilities": {0: ["sturdy", "fleet", "quick"]}}, 1)


def test_AT_SETUP_5_enemies_and_stats_by_hero_count() -> None:
    three = new_game({"party": ["fighter", "rogue", "cleric"]}, 1)
    five = new_game({"party": ["fighter", "rogue", "cleric", "wizard", "archer"]}, 1)
    assert "wc3" not in three.s.units and "wc4" in five.s.units
    assert three.s.units["wc1"].max_hp == 4 and five.s.units["wc1"].max_hp == 7
    assert three.ctx.board.name(three.s.units["wc1"].square) == "f5"


def test_AT_SETUP_6_hp_from_hearts_and_revive_potions_by_difficulty() -> None:
    g = new_game({"party": ["fighter", "rogue", "cleric"]}, 1)
    assert g.s.units["fighter"].max_hp == 14  # 12 hearts + Tough
    four = ["fighter", "rogue", "cleric", "wizard"]
    expected = {
        ("normal", 3): 2,
        ("normal", 4): 3,
        ("easy", 3): 3,
        ("easy", 4): 4,
        ("hard", 3): 1,
        ("hard", 4): 2,
    }
    for (difficulty, n), potions in expected.items():
        assert new_game({"party": four[:n], "difficulty": difficulty}, 1).s.potions == potions


def place_all(g) -> None:  # type: ignore[no-untyped-def]
    while g.s.pending and g.s.pending[-1].kind == "place":
        g.apply(g.legal_actions()[0])


def test_AT_DRAW_1_hands_are_drawn_to_four() -> None:
    g = new_game({"abilities": {1: ["sturdy"]}}, 4)
    place_all(g)
    assert [len(h.hand) for h in g.s.heroes] == [4, 5, 4]


def test_AT_DRAW_2_an_empty_deck_reshuffles_the_discard() -> None:
    g = arena()
    h = g.s.heroes[0]
    h.discard.extend(h.deck)
    h.deck = []
    h.hand = []
    draw_up(g.s, g.ctx, h)
    assert len(h.hand) == 4 and not h.discard and h.deck


def test_AT_DRAW_3_one_mulligan_at_the_start_only() -> None:
    g = new_game({}, 5)
    place_all(g)
    kinds = []
    agent = RandomAgent(1)
    while g.result is None and g.s.round <= 3:
        kinds.append(g.s.pending[-1].kind)
        if kinds[-1] == "mulligan":
            before = sorted(g.s.heroes[g.to_act].hand + g.s.heroes[g.to_act].deck)  # type: ignore[index]
            g.apply("mulligan")
            after = g.s.heroes[len([k for k in kinds if k == "mulligan"]) - 1]
            assert sorted(after.hand + after.deck) == before and len(after.hand) == 4
            continue
        g.apply(agent.act(g))
    assert kinds.count("mulligan") == 3


def test_AT_INIT_1_one_token_per_hero_two_per_boss_shuffled() -> None:
    orders = set()
    for seed in range(8):
        g = arena(seed=seed)
        roll_initiative(g.s, g.ctx)
        assert sorted(g.s.initiative) == sorted(["fighter", "rogue", "cleric", "gw", "gw"])
        orders.add(tuple(g.s.initiative))
    assert len(orders) > 1


def test_AT_INIT_2_a_revive_potion_reshuffles_initiative() -> None:
    g = arena()
    g.s.phase = "initiative"
    advance(g.s, g.ctx)
    assert g.s.pending[-1].kind == "reshuffle"
    potions = g.s.potions
    g.apply("reshuffle")
    assert g.s.potions == potions - 1 and g.s.potions_used == 1
    assert sorted(g.s.initiative) == sorted(["fighter", "rogue", "cleric", "gw", "gw"])


def test_AT_INIT_3_quick_swaps_the_rogue_forward() -> None:
    g = arena(party=("fighter", "rogue", "cleric"))
    g.s.potions = 0
    for seed in range(40):
        g.s.rng = seed
        g.s.phase = "initiative"
        g.s.pending.clear()
        advance(g.s, g.ctx)
        if g.s.pending[-1].kind == "swap":
            break
    line = list(g.s.initiative)
    i = line.index("rogue")
    assert i > 0
    g.apply("swap")
    assert g.s.initiative.index("rogue") == i - 1
    assert g.s.initiative[i] == line[i - 1]


def test_AT_TURN_1_two_actions_or_pass() -> None:
    g = arena()
    turn(g, "fighter", ["basic_move", "basic_move", "cleave", "charge"])
    assert "pass" in texts(g)
    g.apply("dash basic_move")
    g.apply("stay")
    assert "pass" not in texts(g) and "end" in texts(g)
    g.apply("dash basic_move")  # the same action twice is allowed
    g.apply("stay")
    assert g.s.acting == ""  # two actions: the turn is over
    turn(g, "rogue", ["backstab", "basic_move", "tumble", "smoke_bomb"])
    g.apply("pass")
    assert g.s.heroes[1].passed


def test_AT_TURN_1_a_third_action_is_illegal() -> None:
    g = arena()
    turn(g, "rogue", ["smoke_bomb", "basic_move", "tumble", "backstab"])
    g.apply("play smoke_bomb")
    g.apply("dash basic_move")
    g.apply("stay")
    assert g.s.heroes[1].actions == 2 and "play backstab" not in texts(g)
    before = g.state_hash()
    with pytest.raises(IllegalAction) as err:
        g.apply("play backstab")
    assert err.value.rule == "AT-TURN-1" and g.state_hash() == before


def test_AT_TURN_2_played_cards_and_used_equipment_go_to_the_discard() -> None:
    g = arena()
    turn(g, "rogue", ["smoke_bomb", "basic_move", "tumble", "backstab"])
    with pytest.raises(IllegalAction) as err:
        g.apply("play fireball")
    assert err.value.rule == "AT-TURN-2"
    g.apply("play smoke_bomb")
    g.apply("use goblin_leathers")
    rogue = g.s.heroes[1]
    assert "smoke_bomb" in rogue.discard and "goblin_leathers" in rogue.discard
    assert rogue.board["armor"] is None


def test_AT_TURN_3_discard_to_move_half_basic_movement() -> None:
    g = arena(at=("a1", "c4", "e1"))
    turn(g, "rogue", ["smoke_bomb", "basic_move", "tumble", "backstab"])
    g.apply("dash backstab")
    dests = {t.split()[1] for t in texts(g) if t.startswith("move ")}
    assert "c6" in dests and "c7" not in dests and "e4" in dests  # 4 // 2 = 2 squares
    assert "backstab" in g.s.heroes[1].discard


def test_AT_TURN_4_equip_replaces_and_prepare_needs_an_empty_slot() -> None:
    g = arena(extra_cards={0: ["short_bow"]})
    turn(g, "fighter", ["short_bow", "cleave", "charge", "basic_move"])
    g.apply("equip short_bow")
    f = g.s.heroes[0]
    assert f.board["weapon"] == "short_bow" and "iron_sword" in f.discard
    turn(g, "fighter", ["shield_wall", "cleave", "charge", "basic_move"])
    assert "prepare shield_wall" not in texts(g)  # the class feature slot is taken
    f.board["class_feature"] = None
    f.discard.append("shield_wall")
    turn(g, "fighter", ["shield_wall", "cleave", "charge", "basic_move"])
    g.apply("prepare shield_wall")
    assert f.board["class_feature"] == "shield_wall"


def knock(g, uid: str) -> None:  # type: ignore[no-untyped-def]
    u = g.s.units[uid]
    u.hp, u.knocked_out = 0, True


def test_AT_REVIVE_1_a_potion_heals_half_and_sets_cards_aside() -> None:
    g = arena(content=content_with(dice=2))
    knock(g, "fighter")
    turn(g, "fighter")
    assert texts(g) == ["revive", "skip"]
    potions = g.s.potions
    g.apply("revive")
    f, fu = g.s.heroes[0], unit(g, "fighter")
    assert fu.hp == fu.max_hp // 2 and not fu.knocked_out and g.s.potions == potions - 1
    assert len(f.set_aside) == 2 and len(f.hand) == 4 and not f.discard
    assert g.s.pending[-1].kind == "turn"


def test_AT_REVIVE_2_no_potion_with_fewer_than_four_cards_in_the_deck() -> None:
    g = arena()
    knock(g, "fighter")
    f = g.s.heroes[0]
    f.set_aside.extend(f.deck[3:])
    f.deck = f.deck[:3]
    f.discard = []
    turn(g, "fighter")
    assert g.s.pending == [] and g.s.turn_index == 1  # no revive offered: the turn is skipped
    assert "skips the turn" in g.log[-1]
    # exactly four, counting the discard that would be shuffled in: the potion is offered
    g = arena()
    knock(g, "fighter")
    f = g.s.heroes[0]
    f.set_aside.extend(f.deck[4:])
    f.deck, f.discard = f.deck[:3], f.deck[3:4]
    turn(g, "fighter")
    assert texts(g) == ["revive", "skip"]


def test_AT_REVIVE_3_skipping_is_not_passing() -> None:
    g = arena()
    knock(g, "fighter")
    turn(g, "fighter")
    g.apply("skip")
    assert not g.s.heroes[0].passed
    g.s.phase, g.s.cursor = "cleanup", 0
    g.s.pending.clear()
    advance(g.s, g.ctx)
    assert g.s.pending[-1].kind == "cleanup" and "discard all" not in texts(g)


def test_AT_CLEAN_1_discard_one_card_or_the_whole_hand_after_passing() -> None:
    g = arena()
    turn(g, "fighter", ["cleave", "charge", "basic_move", "basic_attack"])
    g.apply("pass")
    g.s.phase, g.s.cursor = "cleanup", 0
    g.s.pending.clear()
    advance(g.s, g.ctx)
    assert "discard all" in texts(g) and "discard cleave" in texts(g)
    g.apply("discard all")
    assert g.s.heroes[0].hand == []
    assert "discard all" not in texts(g)  # the rogue did not pass


def test_AT_CLEAN_2_conditions_end_at_cleanup() -> None:
    g = arena()
    unit(g, "rogue").conditions.append("weakened")
    unit(g, "gw").conditions.append("slowed")
    for h in g.s.heroes:
        h.hand = []
    g.s.phase, g.s.cursor = "cleanup", 0
    g.s.pending.clear()
    advance(g.s, g.ctx)
    assert unit(g, "rogue").conditions == [] and unit(g, "gw").conditions == []


def test_AT_MOVE_2_no_moving_through_characters_without_an_ability() -> None:
    # a corridor up column a, walled off from column b: the only short way from a1 to a3
    # and beyond is through the fighter on a2 (around the wall is a dozen steps)
    rows = (
        "..........",
        "..........",
        "..........",
        ".#........",
        ".#........",
        ".#........",
        ".#........",
        "SSSSS.....",
    )
    g = arena(content=content_with(rows), at=("c1", "a1", "e1"))
    put(g, "fighter", "a2")
    turn(g, "rogue", ["basic_move", "tumble", "backstab", "smoke_bomb"])
    g.apply("play basic_move")
    ends = squares_of(g)
    assert "b1" in ends and "d1" in ends  # the rogue can move, just not past the fighter
    assert not ends & {"a2", "a3", "a4", "a5", "a6"}
    g.apply("stay")
    g.apply("play tumble")  # Tumble moves through characters
    ends = squares_of(g)
    assert {"a3", "a4", "a5", "a6"} <= ends
    assert "a2" not in ends  # through a character, never onto one


def squares_of(g) -> set[str]:  # type: ignore[no-untyped-def]
    return {t.split()[1] for t in texts(g) if t.startswith("move ")}


def test_AT_MOVE_3_and_4_obstacles_cost_two_walls_cannot_be_entered() -> None:
    rows = (
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "o#........",
        "SSSSS.....",
    )
    g = arena(content=content_with(rows), at=("d1", "a1", "e1"))
    unit(g, "rogue").conditions.append("slowed")
    turn(g, "rogue", ["basic_move", "tumble", "backstab", "smoke_bomb"])
    g.apply("play basic_move")
    assert squares_of(g) == {"b1"}  # slowed: one point, not enough for the obstacle on a2
    g.apply("stay")
    unit(g, "rogue").conditions.clear()
    g.apply("play tumble")
    dests = squares_of(g)
    assert "a2" in dests and "b2" not in dests  # the wall square is never entered


def test_AT_MOVE_4_illegal_moves_name_the_rule_they_break() -> None:
    rows = (
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        ".#........",
        "SSSSS.....",
    )
    g = arena(content=content_with(rows), at=("a1", "c1", "e1"))
    turn(g, "fighter", ["basic_move", "cleave", "charge", "basic_attack"])
    g.apply("play basic_move")
    for text, rule in (
        ("move b2", "AT-MOVE-4"),
        ("move c1", "AT-MOVE-2"),
        ("move a8", "AT-MOVE-1"),
    ):
        before = g.state_hash()
        with pytest.raises(IllegalAction) as err:
            g.apply(text)
        assert err.value.rule == rule and g.state_hash() == before


def test_AT_INIT_3_initiative_abilities_go_first_in_line_then_clockwise() -> None:
    g = arena(party=("rogue", "fighter", "rogue", "cleric"), at=("a1", "b1", "c1", "d1"))
    g.s.potions = 0
    g.s.initiative = ["fighter", "rogue2", "gw", "rogue1", "cleric", "gw"]
    g.s.phase, g.s.cursor = "swaps", 0
    g.s.pending.clear()
    advance(g.s, g.ctx)
    # the fighter (seat 1) is first in line: clockwise from seat 1, rogue2 (seat 2) asks first
    assert g.s.pending[-1].kind == "swap" and g.s.pending[-1].seat == 2
    g.apply("swap")
    assert g.s.initiative[:2] == ["rogue2", "fighter"]
    assert g.s.pending[-1].seat == 0  # then rogue1 (seat 0)
    g.apply("keep")
    assert g.s.phase == "turns" or g.s.pending[-1].kind != "swap"


def test_an_unknown_phase_is_an_error_not_a_hang() -> None:
    g = new_game({}, 1)
    g.s.pending.clear()
    g.s.phase = "teatime"
    with pytest.raises(ValueError, match="teatime"):
        advance(g.s, g.ctx)
