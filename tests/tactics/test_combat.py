"""Cards, targeting, attacks, areas, conditions, knock-outs and summons."""

from __future__ import annotations

import pytest

from tests.tactics.helpers import arena, boss_turn, content_with, put, remove, texts, turn, unit
from towerplay.core.errors import IllegalAction
from towerplay.tactics.cards import command_summon, continue_resolution
from towerplay.tactics.effects import damage, end_of_turn, heal, hit

MINIONS = (
    {"id": "GW", "enemy": "grutch", "at": "j8"},
    {"id": "GM1", "enemy": "goblin_minion", "at": "c3"},
    {"id": "GM2", "enemy": "goblin_minion", "at": "d3"},
)


def fixed(n: int, rows: tuple[str, ...] | None = None, placements: tuple = MINIONS):  # type: ignore[no-untyped-def,type-arg]
    return (
        content_with(rows, placements, dice=n)
        if rows
        else content_with(placements=placements, dice=n)
    )


def targets(g) -> set[str]:  # type: ignore[no-untyped-def]
    return {t.split()[1] for t in texts(g) if t.startswith("target ")}


def test_AT_CARD_1_a_card_is_played_even_when_a_step_has_no_target() -> None:
    g = arena(content=fixed(1))
    turn(g, "rogue", ["backstab", "basic_move", "tumble", "smoke_bomb"])
    g.apply("play backstab")  # nobody adjacent: the attack step is skipped
    assert "backstab" in g.s.heroes[1].discard and g.s.pending[-1].kind == "turn"


def test_AT_CARD_2_a_blue_line_means_one_ability_or_the_other() -> None:
    g = arena(content=fixed(2))
    f = unit(g, "fighter")
    f.hp = 5
    unit(g, "rogue").hp = 3
    turn(g, "fighter", ["rallying_shout", "cleave", "charge", "basic_move"])
    g.apply("play rallying_shout")
    assert texts(g) == ["option 1", "option 2"]
    g.apply("option 1")
    assert f.hp == 8 and unit(g, "rogue").hp == 3


def test_AT_CARD_3_a_card_attack_uses_the_card_not_the_class_card() -> None:
    g = arena(content=fixed(1), at=("a1", "c2", "e1"))
    turn(g, "rogue", ["backstab", "basic_attack", "tumble", "smoke_bomb"])
    g.apply("play backstab")
    g.apply("target c3")
    assert "gm1" not in g.s.units  # 3 dice of 1: 3 damage against 3 HP


def test_AT_ATK_1_basic_attack_uses_the_class_card() -> None:
    g = arena(content=fixed(1), at=("a1", "c2", "e1"))
    turn(g, "rogue", ["basic_attack", "backstab", "tumble", "smoke_bomb"])
    g.apply("play basic_attack")
    assert targets(g) == {"c3", "d3"}  # range 1, diagonals included
    g.apply("target d3")
    assert unit(g, "gm2").hp == 2  # one blue die showing 1


def test_AT_ATK_2_a_second_attack_needs_a_new_target_if_the_first_died() -> None:
    g = arena(content=fixed(4), at=("a1", "b1", "c1"), party=("fighter", "rogue", "wizard"))
    turn(g, "wizard", ["arcane_missiles", "basic_move", "fireball", "blink"])
    g.apply("play arcane_missiles")
    g.apply("target c3")  # 4 damage kills the 3 HP minion
    assert "gm1" not in g.s.units
    assert targets(g) == {"d3", "j8"} or targets(g) == {"d3"}
    g.apply("target d3")
    assert "gm2" not in g.s.units


def test_AT_ATK_3_goblin_leathers_stops_divine_flames_weakening() -> None:
    for face, weakened in ((1, False), (3, True)):
        g = arena(content=fixed(face))
        rogue = unit(g, "rogue")
        dealt = hit(g.s, g.ctx, unit(g, "gm1"), rogue, face, ("weakened",), what="Divine Flames")
        assert dealt == face - 1  # Goblin Leathers reduces the damage by 1
        assert ("weakened" in rogue.conditions) == weakened


def test_AT_ATK_3_a_roll_of_zero_still_applies_the_condition() -> None:
    """Only damage *reduced* to zero stops a condition (the rulebook's note): a Hex Bolt
    whose dice roll 0 on a target with no armor still applies its condition."""
    g = arena(content=fixed(0))
    minion = unit(g, "gm1")
    assert hit(g.s, g.ctx, unit(g, "fighter"), minion, 0, ("weakened",), what="Hex Bolt") == 0
    assert "weakened" in minion.conditions
    rogue = unit(g, "rogue")  # Goblin Leathers: 1 reduced to 0, no condition
    assert hit(g.s, g.ctx, minion, rogue, 1, ("weakened",), what="Divine Flames") == 0
    assert "weakened" not in rogue.conditions


def test_AT_ATK_4_an_ignored_attack_still_rolls() -> None:
    g = arena(party=("wizard", "rogue", "cleric"), at=("c2", "a1", "e1"), content=fixed(2))
    g.s.heroes[0].board["class_feature"] = "mana_shield"
    boss_turn(g, "Rally")
    while g.s.pending[-1].kind == "focus":
        g.apply("focus c2")
    d = g.s.pending[-1]
    assert d.kind == "response" and "respond mana_shield" in texts(g)
    assert "for 2" in g.prompt  # the dice were rolled before the response
    hp = unit(g, "wizard").hp
    g.apply("respond mana_shield")
    assert "gm1 attacks wizard for 2: the attack is ignored, no damage" in g.log
    assert unit(g, "wizard").hp >= hp - 2  # only the second minion's attack can land
    assert "mana_shield" in g.s.heroes[0].discard


def test_AT_KEY_3_one_response_per_event() -> None:
    g = arena(party=("wizard", "fighter", "cleric"), at=("c2", "b2", "e1"), content=fixed(2))
    remove(g, "gm2")
    g.s.heroes[0].board["class_feature"] = "mana_shield"
    boss_turn(g, "Rally")
    if g.s.pending[-1].kind == "focus":  # wizard and fighter tie: the players pick
        g.apply("focus c2")
    assert g.s.pending[-1].kind == "response" and g.s.pending[-1].seat == 0
    hp = unit(g, "wizard").hp
    g.apply("respond mana_shield")
    assert unit(g, "wizard").hp == hp  # ignored
    # the fighter's Shield Wall was eligible too, but only one response per event
    assert not g.s.pending or g.s.pending[-1].kind != "response"
    assert g.s.heroes[1].board["class_feature"] == "shield_wall"


def test_AT_KEY_1_remove_sets_the_card_aside() -> None:
    g = arena(party=("wizard", "rogue", "cleric"))
    turn(g, "wizard", ["blink", "fireball", "basic_move", "basic_attack"])
    g.apply("play blink")
    assert "blink" in g.s.heroes[0].set_aside and "blink" not in g.s.heroes[0].discard


def test_AT_KEY_2_free_cards_take_no_action_and_forbid_passing() -> None:
    g = arena()
    turn(g, "rogue", ["basic_move", "tumble", "backstab", "smoke_bomb"])
    g.apply("use shadowstep")
    g.apply("stay")
    rogue = g.s.heroes[1]
    assert rogue.actions == 0 and "pass" not in texts(g) and "end" in texts(g)
    with pytest.raises(IllegalAction) as err:
        g.apply("pass")
    assert err.value.rule == "AT-KEY-2"


def test_AT_RANGE_1_in_range_means_in_sight_and_near_enough() -> None:
    rows = (
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "SSSSS.....",
    )
    g = arena(content=fixed(1, rows), party=("archer", "rogue", "cleric"), at=("a1", "h1", "i1"))
    turn(g, "archer", ["aimed_shot", "basic_move", "volley", "double_shot"])
    g.apply("play aimed_shot")
    # c3 is 2 squares away counting diagonals; d3 3 away; j8 out of range
    assert targets(g) == {"c3", "d3"}


def test_AT_RANGE_1_diagonals_count_as_one_step_for_range() -> None:
    # Healing Prayer reaches 3: d4 is three diagonal steps from a1 (six orthogonal ones),
    # e2 is four away (its longer leg), so only d4 and the cleric's own square qualify
    g = arena(
        content=content_with(dice=2), party=("cleric", "rogue", "fighter"), at=("a1", "d4", "e2")
    )
    unit(g, "rogue").hp = 1
    unit(g, "fighter").hp = 1
    turn(g, "cleric", ["healing_prayer", "basic_move", "smite", "blessing"])
    g.apply("play healing_prayer")
    assert targets(g) == {"a1", "d4"}


def test_AT_RANGE_2_a_range_band_excludes_nearer_targets() -> None:
    g = arena(content=fixed(1), party=("archer", "rogue", "cleric"), at=("c2", "h1", "i1"))
    turn(g, "archer", ["basic_attack", "basic_move", "volley", "double_shot"])
    g.apply("play basic_attack")
    assert "c3" not in targets(g) and "d3" not in targets(g)  # range 2-4 (+1): adjacent excluded
    assert g.s.pending[-1].kind != "target" or targets(g) <= {"j8"}


def test_AT_RANGE_3_no_range_means_the_user_only() -> None:
    g = arena(content=fixed(2), party=("cleric", "rogue", "fighter"))
    c = unit(g, "cleric")
    c.hp = 2
    unit(g, "rogue").hp = 1
    turn(g, "cleric", ["basic_move", "blessing", "smite", "divine_flames"])
    g.apply("use ring_of_healing")
    assert g.s.pending[-1].kind == "turn"  # no target asked
    assert c.hp == 2 + 4 + 1 and unit(g, "rogue").hp == 1  # two dice of 2, Devotion +1


def test_AT_RANGE_4_adjacent_includes_diagonals() -> None:
    g = arena(content=fixed(1), at=("a1", "b2", "e1"))
    turn(g, "rogue", ["basic_attack", "backstab", "tumble", "smoke_bomb"])
    g.apply("play basic_attack")
    assert targets(g) == {"c3"}


def test_AT_AOE_2_an_area_attack_may_target_an_empty_square() -> None:
    g = arena(content=fixed(1), party=("wizard", "rogue", "cleric"))
    turn(g, "wizard", ["fireball", "basic_move", "blink", "basic_attack"])
    g.apply("play fireball")
    assert "c2" in targets(g) and "b2" in targets(g)


def test_AT_AOE_3_one_roll_for_all_targets() -> None:
    g = arena(content=fixed(1), party=("wizard", "rogue", "cleric"), at=("a1", "h1", "i1"))
    turn(g, "wizard", ["fireball", "basic_move", "blink", "basic_attack"])
    g.apply("play fireball")
    g.apply("target d2")
    g.apply("hit c3")
    rolls = [line for line in g.log if line.startswith(("wizard attacks", "wizard rolls"))]
    assert rolls == [  # one roll, told once, for both targets
        "wizard rolls 1, 1 to attack, +0 bonus: 2",
        "wizard attacks gm1: 2 damage; gm1 has 1 of 3 HP",
        "wizard attacks gm2: 2 damage; gm2 has 1 of 3 HP",
    ]


def test_AT_AOE_3_walls_shield_from_an_area() -> None:
    rows = (
        "...#......",
        "...#......",
        "...#......",
        "...#......",
        "...#......",
        "...#......",
        "..........",
        "SSSSS.....",
    )
    c = content_with(
        rows,
        ({"id": "SC", "enemy": "stone_colossus", "at": "e5"},),
        dice=2,
        boss_deck="colossus_deck",
        main={"kind": "defeat_boss", "enemy": "stone_colossus", "text": "Win."},
    )
    g = arena(content=c, at=("e3", "c5", "a1"))
    boss_turn(g, "Stomp", boss="sc")
    while g.s.pending[-1].kind == "response":
        g.apply("decline")
    # Stomp: area 2 around the Colossus; the rogue on c5 is behind the wall on column d
    bonus = c.enemies["stone_colossus"].stats[3].attack_bonus
    fighter = unit(g, "fighter")
    assert fighter.hp == fighter.max_hp - (2 + bonus - 1)  # 2 and the bonus, less Chain Mail
    assert unit(g, "rogue").hp == unit(g, "rogue").max_hp
    assert "stunned" in unit(g, "fighter").conditions


def test_AT_AOE_4_the_player_orders_the_targets() -> None:
    g = arena(content=fixed(1), party=("wizard", "rogue", "cleric"), at=("a1", "h1", "i1"))
    turn(g, "wizard", ["fireball", "basic_move", "blink", "basic_attack"])
    g.apply("play fireball")
    g.apply("target c2")
    assert g.s.pending[-1].kind == "order" and texts(g) == ["hit c3", "hit d3"]
    g.apply("hit d3")
    assert g.log[-1].startswith("wizard attacks gm1") and "gm2" in g.log[-2]


def test_AT_COND_1_slowed_moves_one_point() -> None:
    g = arena()
    unit(g, "rogue").conditions.append("slowed")
    turn(g, "rogue", ["basic_move", "tumble", "backstab", "smoke_bomb"])
    g.apply("play basic_move")
    assert {t.split()[1] for t in texts(g) if t.startswith("move")} == {"b2"}


def test_AT_COND_2_weakened_halves_damage_rounded_down() -> None:
    g = arena(content=fixed(3), at=("a1", "c2", "e1"))
    unit(g, "rogue").conditions.append("weakened")
    gm1 = unit(g, "gm1")
    gm1.hp = gm1.max_hp = 20  # survives, so the halved damage can be read off its HP
    turn(g, "rogue", ["backstab", "basic_attack", "tumble", "smoke_bomb"])
    g.apply("play backstab")
    g.apply("target c3")
    assert "gm1" in g.s.units and gm1.hp == 20 - (9 // 2)  # three dice of 3, halved: 4
    g2 = arena(content=fixed(3), at=("a1", "c2", "e1"))
    unit(g2, "rogue").conditions.append("weakened")
    turn(g2, "rogue", ["basic_attack", "backstab", "tumble", "smoke_bomb"])
    g2.apply("play basic_attack")
    g2.apply("target c3")
    assert unit(g2, "gm1").hp == 3 - 1  # blue 3 halved: 1


def test_AT_COND_3_stunned_heroes_skip_and_a_boss_skips_one_turn() -> None:
    g = arena()
    unit(g, "rogue").conditions.append("stunned")
    turn(g, "rogue")
    assert g.s.turn_index == 1 and "stunned" not in unit(g, "rogue").conditions
    assert "rogue is stunned and skips the turn" in g.log  # the table is told why
    from towerplay.tactics.encounter import start_turn

    unit(g, "gw").conditions.append("stunned")
    g.s.initiative, g.s.turn_index = ["gw", "gw"], 0
    start_turn(g.s, g.ctx, "gw")
    assert g.s.enemy_turn is None and g.s.turn_index == 1
    start_turn(g.s, g.ctx, "gw")
    assert g.s.enemy_turn is not None  # the second boss turn happens


def test_AT_COND_4_invisible_cannot_be_targeted_but_areas_still_hit() -> None:
    g = arena(content=fixed(1), at=("a1", "c2", "e1"))
    unit(g, "gm1").conditions.append("invisible")
    turn(g, "rogue", ["basic_attack", "backstab", "tumble", "smoke_bomb"])
    g.apply("play basic_attack")
    assert targets(g) == {"d3"}
    g3 = arena(content=fixed(1), party=("wizard", "rogue", "cleric"), at=("a1", "h1", "i1"))
    unit(g3, "gm1").conditions.append("invisible")
    turn(g3, "wizard", ["fireball", "basic_move", "blink", "basic_attack"])
    g3.apply("play fireball")
    g3.apply("target d3")
    if g3.s.pending[-1].kind == "order":
        g3.apply(texts(g3)[0])
    assert unit(g3, "gm1").hp < 3  # the area still affects it
    gh = arena(content=fixed(1), party=("cleric", "rogue", "fighter"), at=("a1", "b1", "c1"))
    unit(gh, "rogue").conditions.append("invisible")
    turn(gh, "cleric", ["healing_prayer", "basic_move", "smite", "blessing"])
    gh.apply("play healing_prayer")
    assert "b1" not in targets(gh)  # not even for healing


def test_AT_KO_1_zero_hp_knocks_out_heroes_and_removes_enemies() -> None:
    g = arena()
    damage(g.s, g.ctx, unit(g, "rogue"), 99)
    assert unit(g, "rogue").hp == 0 and unit(g, "rogue").knocked_out
    damage(g.s, g.ctx, unit(g, "gw"), 99)
    assert "gw" not in g.s.units


def test_AT_KO_2_knocked_out_heroes_are_not_targeted() -> None:
    from towerplay.tactics.enemies import targets as enemy_targets

    g = arena(content=fixed(1))
    damage(g.s, g.ctx, unit(g, "rogue"), 99)
    assert "rogue" not in {t.uid for t in enemy_targets(g.s, g.ctx, unit(g, "gm1"))}


def test_AT_KO_3_a_knocked_out_hero_occupies_no_square() -> None:
    g = arena(at=("a1", "b1", "a2"))
    damage(g.s, g.ctx, unit(g, "rogue"), 99)
    turn(g, "fighter", ["basic_move", "cleave", "charge", "basic_attack"])
    g.apply("play basic_move")
    assert "move b1" in texts(g)


def test_AT_KO_4_healed_above_zero_returns_to_the_board() -> None:
    g = arena(at=("a1", "b1", "c1"))
    rogue = unit(g, "rogue")
    damage(g.s, g.ctx, rogue, 99)
    heal(g.s, g.ctx, rogue, 2)
    assert not rogue.knocked_out and g.ctx.board.name(rogue.square) == "b1"
    damage(g.s, g.ctx, rogue, 99)
    put(g, "fighter", "b1")
    heal(g.s, g.ctx, rogue, 2)
    assert not rogue.knocked_out and rogue.square != unit(g, "fighter").square
    assert g.s.direction_used  # the direction deck chose the square


def test_AT_KO_5_the_direction_deck_is_reshuffled_after_use() -> None:
    g = arena()
    from towerplay.tactics.decks import draw_direction

    draw_direction(g.s, g.ctx)
    draw_direction(g.s, g.ctx)
    assert len(g.s.direction_deck) == 6
    end_of_turn(g.s)
    assert len(g.s.direction_deck) == 8 and not g.s.direction_discard and not g.s.direction_used


def test_AT_SUM_1_summons_act_for_their_owner_and_are_targets() -> None:
    g = arena(content=fixed(1), extra_cards={0: ["raise_skeleton"]}, at=("b2", "a1", "e1"))
    turn(g, "fighter", ["raise_skeleton", "cleave", "charge", "basic_move"])
    g.apply("play raise_skeleton")
    g.apply("place b3")
    beast = unit(g, "skeleton1")
    assert beast.owner == 0 and beast.side == "hero"
    g.apply("command skeleton1")  # one acting with its owner
    g.apply("stay")
    assert targets(g) == {"c3"}
    g.apply("target c3")
    assert unit(g, "gm1").hp == 2
    from towerplay.tactics.enemies import targets as enemy_targets

    assert beast in enemy_targets(g.s, g.ctx, unit(g, "gm2"))


def test_AT_SUM_5_no_summons_card_no_summon() -> None:
    g = arena(content=fixed(1), extra_cards={0: ["call_beast"]}, at=("b2", "a1", "e1"))
    assert g.s.heroes[0].summons == ["beast_companion"]  # a standalone hero's card
    g.s.heroes[0].summons.clear()
    turn(g, "fighter", ["call_beast", "cleave", "charge", "basic_move"])
    g.apply("play call_beast")
    assert not any(t.startswith("place") for t in texts(g))
    assert "beast_companion1" not in g.s.units
    assert any("has no Beast Companion card" in line for line in g.log)


def test_AT_SUM_5_an_older_save_gives_each_hero_its_summons_cards() -> None:
    from towerplay.tactics.game import TacticsGame, new_game

    g = new_game({"extra_cards": {0: ["call_beast"]}}, 1)
    data = g.to_json()
    data["version"] = 3  # before the summons cards were kept
    for h in data["state"]["heroes"]:
        del h["summons"]
    loaded = TacticsGame.from_json(data)
    assert [h.summons for h in loaded.s.heroes] == [["beast_companion"], [], []]
    assert loaded.state_hash() == g.state_hash()


def test_AT_SUM_2_the_imp_cannot_be_damaged() -> None:
    g = arena(content=fixed(3), extra_cards={0: ["summon_imp"]})
    turn(g, "fighter", ["summon_imp", "cleave", "charge", "basic_move"])
    g.apply("play summon_imp")
    g.apply(texts(g)[0])
    imp = unit(g, "imp1")
    assert hit(g.s, g.ctx, unit(g, "gm1"), imp, 5) == 0 and imp.hp == imp.max_hp
    damage(g.s, g.ctx, imp, 5)  # any other source of damage too, such as a trap
    assert imp.hp == imp.max_hp and not imp.knocked_out and "imp1" in g.s.units


def test_AT_SUM_2_a_trap_does_not_hurt_the_imp() -> None:
    from towerplay.tactics.cards import move_unit

    rows = ("..........",) * 7 + ("SSSSS^^...",)
    g = arena(content=content_with(rows), extra_cards={0: ["summon_imp"]})
    turn(g, "fighter", ["summon_imp", "cleave", "charge", "basic_move"])
    g.apply("play summon_imp")
    g.apply(texts(g)[0])
    imp = unit(g, "imp1")
    trap = g.ctx.board.square("f1")
    assert trap is not None
    move_unit(g.s, g.ctx, imp, trap)
    assert imp.hp == imp.max_hp and g.ctx.board.name(imp.square) == "f1"
    move_unit(g.s, g.ctx, unit(g, "fighter"), trap + 1)  # a hero on a trap is hurt
    assert unit(g, "fighter").hp == unit(g, "fighter").max_hp - 2


def test_AT_SUM_3_a_skeleton_is_removed_instead_of_knocked_out() -> None:
    g = arena(extra_cards={0: ["raise_skeleton"]})
    turn(g, "fighter", ["raise_skeleton", "cleave", "charge", "basic_move"])
    g.apply("play raise_skeleton")
    g.apply(texts(g)[0])
    damage(g.s, g.ctx, unit(g, "skeleton1"), 10)
    assert "skeleton1" not in g.s.units


def test_AT_SUM_3_a_skeleton_removed_while_commanded_ends_its_command() -> None:
    # Found by the campaign balance runs: a commanded skeleton knocked out (and so removed)
    # before its steps ran left a resolution whose actor was gone (KeyError).
    g = arena(extra_cards={0: ["raise_skeleton"]})
    turn(g, "fighter", ["raise_skeleton", "cleave", "charge", "basic_move"])
    g.apply("play raise_skeleton")
    g.apply(texts(g)[0])
    fighter = g.s.heroes[0]
    command_summon(g.s, g.ctx, fighter, "skeleton1")
    damage(g.s, g.ctx, unit(g, "skeleton1"), 10)
    g.s.pending.clear()  # between two of its steps, no decision asked
    continue_resolution(g.s, g.ctx)
    assert "skeleton1" not in g.s.units and g.s.resolution is None


def test_AT_SUM_4_the_beast_companion_is_knocked_out_and_healed_like_a_hero() -> None:
    g = arena(extra_cards={0: ["call_beast"]})
    turn(g, "fighter", ["call_beast", "cleave", "charge", "basic_move"])
    g.apply("play call_beast")
    g.apply(texts(g)[0])
    beast = unit(g, "beast_companion1")
    potions = g.s.potions
    damage(g.s, g.ctx, beast, 99)
    assert beast.knocked_out and g.s.outcome == "" and g.s.knockouts == 0
    heal(g.s, g.ctx, beast, 3)
    assert not beast.knocked_out and beast.hp == 3 and g.s.potions == potions


def test_AT_SETUP_4_abilities_on_the_board_change_the_hero() -> None:
    c = fixed(0)
    g = arena(content=c, at=("a1", "c2", "e1"), abilities={1: ["heavy_hitter", "fleet"]})
    turn(g, "rogue", ["basic_attack", "basic_move", "tumble", "smoke_bomb"])
    g.apply("play basic_attack")
    g.apply("target c3")
    assert unit(g, "gm1").hp == 3  # all faces 0: still 0 with the extra red die
    g2 = arena(content=fixed(1), at=("a1", "c2", "e1"), abilities={1: ["heavy_hitter", "fleet"]})
    turn(g2, "rogue", ["basic_attack", "basic_move", "tumble", "smoke_bomb"])
    g2.apply("play basic_attack")
    g2.apply("target c3")
    assert unit(g2, "gm1").hp == 1  # blue 1 + the extra red 1
    g2.apply("play basic_move")
    assert "move h2" in texts(g2)  # Fleet: 5 movement instead of 4


def test_AT_COND_4_targeting_an_invisible_or_hidden_enemy_is_refused() -> None:
    placements = MINIONS + ({"id": "GM3", "enemy": "goblin_minion", "at": "c5", "heroes": [3]},)
    g = arena(
        content=fixed(1, None, placements),
        party=("wizard", "rogue", "cleric"),
        at=("c1", "h1", "i1"),
    )
    unit(g, "gm2").conditions.append("invisible")
    turn(g, "wizard", ["frost_bolt", "basic_move", "blink", "basic_attack"])
    g.apply("play frost_bolt")
    for text, rule in (
        ("target d3", "AT-COND-4"),
        ("target c5", "AT-LOS-1"),
        ("target j8", "AT-RANGE-2"),
        ("target e5", "AT-RANGE-1"),
    ):
        with pytest.raises(IllegalAction) as err:
            g.apply(text)
        assert err.value.rule == rule, text


def test_AT_KO_4_healing_a_knocked_out_ally_brings_it_back() -> None:
    g = arena(content=fixed(1), party=("cleric", "rogue", "fighter"), at=("a1", "b1", "c1"))
    damage(g.s, g.ctx, unit(g, "rogue"), 99)
    turn(g, "cleric", ["healing_prayer", "basic_move", "smite", "blessing"])
    g.apply("play healing_prayer")
    assert "target rogue" in texts(g) and "target b1" not in texts(g)
    g.apply("target rogue")
    rogue = unit(g, "rogue")
    assert not rogue.knocked_out and rogue.hp == 3 and g.ctx.board.name(rogue.square) == "b1"


def test_AT_CARD_4_a_card_that_can_do_nothing_is_offered_and_says_so() -> None:
    g = arena(content=fixed(1))
    turn(g, "rogue", ["backstab", "basic_move", "tumble", "smoke_bomb"])
    notes = g.observe(1)["pending"]["notes"]
    assert "play backstab" in texts(g)  # still a legal play (AT-CARD-1)
    assert notes["play backstab"] == "does nothing now: no enemy in reach"
    assert notes["use goblin_leathers"] == "does nothing now: no one in reach needs healing"
    assert not {"play basic_move", "play tumble", "play smoke_bomb"} & set(notes)
    assert "notes" not in g.observe(0)["pending"]  # only the deciding seat's hand is told
    turn(g, "cleric", ["healing_prayer", "basic_move", "divine_flames", "smite"])
    assert g.observe(2)["pending"]["notes"]["play healing_prayer"] == (
        "does nothing now: no one in reach needs healing"
    )
    unit(g, "fighter").hp -= 2  # the fighter, in range 3, is wounded: the prayer helps
    turn(g, "cleric", ["healing_prayer", "basic_move", "divine_flames", "smite"])
    assert "play healing_prayer" not in g.observe(2)["pending"]["notes"]


def test_observe_told_false_leaves_out_only_what_was_said() -> None:
    """An agent's look-ahead asks observe(seat, told=False): the same board without the
    AT-CARD-4 notes and the events, which it would otherwise pay for on every clone."""
    g = arena(content=fixed(1))
    turn(g, "rogue", ["backstab", "basic_move", "tumble", "smoke_bomb"])
    full, lean = g.observe(1), g.observe(1, told=False)
    assert full["pending"]["notes"] and "notes" not in lean["pending"]
    assert "log" in full and "events" in full and "log" not in lean and "events" not in lean
    full["pending"].pop("notes")
    assert {k: v for k, v in full.items() if k not in ("log", "events")} == lean
