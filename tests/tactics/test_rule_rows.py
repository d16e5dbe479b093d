"""The rule rows issue 15 added or corrected: the round, characters, healing, hit
points, halves, named dice, card text over rules, summons' own turns, a fresh
initiative line each round, card moves, storing cards at setup, abilities that
persist, boss abilities and players with several heroes."""

from __future__ import annotations

from typing import get_args

import pytest

from tests.tactics.helpers import arena, boss_turn, content_with, put, texts, turn, unit
from towerplay.agents.random import RandomAgent
from towerplay.tactics import encounter, new_game
from towerplay.tactics.cards import move_search
from towerplay.tactics.content import default_content
from towerplay.tactics.decks import DIRECTIONS
from towerplay.tactics.effects import add_condition, attack_total, damage, heal
from towerplay.tactics.encounter import advance, cleanup_phase, initiative_phase, roll_initiative
from towerplay.tactics.game import TacticsGame
from towerplay.tactics.grid import costs_of
from towerplay.tactics.models import Condition, ConditionStep, MoveStep
from towerplay.tactics.positions import occupied
from towerplay.tactics.stats import total
from towerplay.tactics.turns import revive

MINIONS = (
    {"id": "GW", "enemy": "grutch", "at": "j8"},
    {"id": "GM1", "enemy": "goblin_minion", "at": "c3"},
    {"id": "GM2", "enemy": "goblin_minion", "at": "d3"},
)


def fixed(n: int):  # type: ignore[no-untyped-def]
    return content_with(placements=MINIONS, dice=n)


def test_AT_ROUND_1_a_round_is_four_phases_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    for name, step in list(encounter.PHASES.items()):

        def record(s, ctx, name=name, step=step):  # type: ignore[no-untyped-def]
            if not seen or seen[-1] != name:
                seen.append(name)
            step(s, ctx)

        monkeypatch.setitem(encounter.PHASES, name, record)
    g = new_game({"encounter": "goblin_ambush", "party": ["fighter", "rogue", "cleric"]}, 3)
    agent = RandomAgent(3)
    while g.result is None and g.s.round < 4:
        g.apply(agent.act(g))
    assert seen[:3] == ["place", "mulligan", "initiative"]  # round 1 drew before its mulligan
    cycle = ["draw", "initiative", "reshuffle", "swaps", "turns", "cleanup"]
    rest = seen[seen.index("cleanup") + 1 :]
    assert len(rest) >= len(cycle)  # at least one whole round after the first
    assert rest == [cycle[i % len(cycle)] for i in range(len(rest))], rest


def test_AT_CHAR_1_characters_are_heroes_summons_and_enemies_alike() -> None:
    g = arena(content=fixed(1), at=("c2", "b2", "i1"))
    taken = occupied(g.s, g.ctx)
    for uid in ("fighter", "rogue", "gm1", "gw"):
        assert taken & (1 << unit(g, uid).square), uid
    turn(g, "fighter", ["basic_move", "cleave", "charge", "basic_attack"])
    g.apply("play basic_move")
    ends = {t.split()[1] for t in texts(g) if t.startswith("move ")}
    assert not ends & {"b2", "c3", "d3"}  # no square of a hero nor of an enemy


def test_AT_INIT_1_the_line_is_shuffled_anew_every_round() -> None:
    g = arena(seed=5)
    lines = set()
    for _ in range(6):
        g.s.initiative = ["stale"]  # last round's line does not carry over
        initiative_phase(g.s, g.ctx)
        assert sorted(g.s.initiative) == sorted(["fighter", "rogue", "cleric", "gw", "gw"])
        lines.add(tuple(g.s.initiative))
    assert len(lines) > 1  # a new shuffle each round, not the first one kept


def test_AT_SUM_1_a_beast_companion_takes_turns_of_its_own() -> None:
    g = arena(content=fixed(1), extra_cards={0: ["call_beast"]}, at=("b2", "a1", "e1"))
    turn(g, "fighter", ["call_beast", "cleave", "charge", "basic_move"])
    g.apply("play call_beast")
    g.apply("place b3")
    assert "command beast_companion1" not in texts(g)  # it does not act on the owner's turn
    roll_initiative(g.s, g.ctx)
    assert g.s.initiative.count("beast_companion1") == 1
    turn(g, "beast_companion1")
    advance(g.s, g.ctx)
    assert g.s.pending[-1].seat == 0 and g.s.pending[-1].kind == "move"  # its owner moves it
    g.apply("stay")
    g.apply("target c3")
    assert unit(g, "gm1").hp == 2
    assert g.s.turn_index >= 1 and g.s.acting != "beast_companion1"  # its turn is over


def test_AT_SUM_1_a_skeleton_acts_with_its_owner() -> None:
    g = arena(content=fixed(1), extra_cards={0: ["raise_skeleton"]}, at=("b2", "a1", "e1"))
    turn(g, "fighter", ["raise_skeleton", "cleave", "charge", "basic_move"])
    g.apply("play raise_skeleton")
    g.apply("place b3")
    roll_initiative(g.s, g.ctx)
    assert "skeleton1" not in g.s.initiative
    g.apply("command skeleton1")
    g.apply("stay")
    g.apply("target c3")
    assert unit(g, "gm1").hp == 2


def test_AT_SUM_1_a_save_with_a_summons_token_loads_back() -> None:
    g = arena(content=fixed(1), extra_cards={0: ["call_beast"]}, at=("b2", "a1", "e1"))
    turn(g, "fighter", ["call_beast", "cleave", "charge", "basic_move"])
    g.apply("play call_beast")
    g.apply("place b3")
    roll_initiative(g.s, g.ctx)
    loaded = TacticsGame.from_json(g.to_json(), content=g.ctx.content)
    assert loaded.s.initiative == g.s.initiative


def test_AT_TURN_5_halves_round_down() -> None:
    g = arena(content=fixed(1), at=("a1", "c1", "e1"))
    fighter = unit(g, "fighter")
    fighter.conditions.append("weakened")
    assert attack_total(g.ctx, fighter, [1, 1, 1], 0) == 1  # 3 halved
    turn(g, "fighter", ["basic_move", "cleave", "charge", "basic_attack"])
    g.apply("dash cleave")  # movement 3: half is 1
    assert g.s.resolution is not None and g.s.resolution.card == "~1"
    rogue = unit(g, "rogue")  # 9 maximum HP: the revive heals 4
    damage(g.s, g.ctx, rogue, 99)
    revive(g.s, g.ctx, g.s.heroes[1])
    assert rogue.hp == 4


def test_AT_HEAL_1_a_heal_is_its_dice_total_and_may_target_the_healer() -> None:
    g = arena(content=fixed(2), at=("c1", "h1", "a1"))
    cleric, fighter = unit(g, "cleric"), unit(g, "fighter")
    cleric.hp, fighter.hp = 1, 1
    turn(g, "cleric", ["healing_prayer", "basic_move", "smite", "blessing"])
    g.apply("play healing_prayer")
    assert {t.split()[1] for t in texts(g)} == {"a1", "c1"}  # range 0-3: the healer too
    g.apply("target a1")
    bonus = total(g.ctx, g.s.heroes[2], "heal_bonus")  # the cleric's Ring of Healing
    assert cleric.hp == 1 + 2 + 2 + bonus  # two yellow dice of 2
    g2 = arena(content=fixed(2), at=("a1", "b1", "c1"))
    turn(g2, "fighter", ["rallying_shout", "cleave", "charge", "basic_move"])
    unit(g2, "fighter").hp = unit(g2, "rogue").hp = 1
    g2.apply("play rallying_shout")
    g2.apply("option 2")  # "heal an ally in range 2": its range starts at 1
    assert "target a1" not in texts(g2) and "target b1" in texts(g2)


def test_AT_CARD_5_an_effect_uses_the_dice_it_rolled() -> None:
    g = arena(content=fixed(3), party=("wizard", "rogue", "cleric"), at=("a1", "h1", "i1"))
    gm1 = unit(g, "gm1")
    gm1.hp = gm1.max_hp = 20
    turn(g, "wizard", ["fireball", "basic_move", "blink", "basic_attack"])
    g.apply("play fireball")
    g.apply("target b4")
    assert gm1.hp == 20 - (3 + 3)  # a red and a green die, both rolled 3
    assert "wizard rolls 3, 3 to attack, +0 bonus: 6" in g.log


def test_AT_HP_1_hp_stays_at_most_the_maximum_which_equipment_raises() -> None:
    g = arena(extra_cards={0: ["chieftains_scale", "gravewrought_helm"]})
    fighter, hero = unit(g, "fighter"), g.s.heroes[0]
    worn = g.ctx.content.cards[hero.board["armor"] or ""].equipped.max_hp
    assert hero.board["armor"] == "chain_mail" and worn == 0
    base = fighter.max_hp
    heal(g.s, g.ctx, fighter, 50)
    assert fighter.hp == base  # healing stops at the maximum
    turn(g, "fighter", ["gravewrought_helm", "chieftains_scale", "cleave", "basic_move"])
    g.apply("equip gravewrought_helm")  # Equipped: +3 maximum HP
    assert fighter.max_hp == base + 3 and fighter.hp == base
    heal(g.s, g.ctx, fighter, 50)
    assert fighter.hp == base + 3
    g.apply("equip chieftains_scale")  # +2 instead of +3: the helm's HP above goes
    assert fighter.max_hp == fighter.hp == base + 2
    g2 = new_game({"extra_cards": {0: ["chieftains_scale"]}}, 1)
    assert unit(g2, "fighter").max_hp == base  # the chain mail takes the armor slot first
    g3 = new_game(
        {"party": ["rogue", "fighter", "cleric"], "extra_cards": {0: ["ring_of_last_breath"]}}, 1
    )
    assert unit(g3, "rogue").max_hp == unit(g3, "rogue").hp == 9 + 2  # on the board at setup


def test_AT_HP_1_an_older_save_counts_its_equipment() -> None:
    g = new_game(
        {"party": ["rogue", "fighter", "cleric"], "extra_cards": {0: ["ring_of_last_breath"]}}, 1
    )
    data = g.to_json()
    data["version"] = 5  # before equipment raised the maximum
    rogue = next(u for u in data["state"]["units"] if u["uid"] == "rogue")
    rogue["max_hp"] = rogue["hp"] = 9
    for h in data["state"]["heroes"]:
        del h["worn_hp"]
    loaded = TacticsGame.from_json(data)
    assert unit(loaded, "rogue").max_hp == 11 and unit(loaded, "rogue").hp == 9
    assert loaded.s.heroes[0].worn_hp == 2


def test_AT_CARD_3_a_cards_text_beats_the_general_rules() -> None:
    g = arena(content=fixed(1), at=("c2", "a1", "i1"))
    plain = costs_of(*move_search(g.s, g.ctx, unit(g, "fighter"), 2, False))
    through = costs_of(*move_search(g.s, g.ctx, unit(g, "fighter"), 2, True))
    c4 = g.ctx.board.square("c4")
    assert plain.get(c4) != 2 and through.get(c4) == 2  # Tumble's move passes through c3
    # and an area's card text says whom it hits (test_area.py, Whirlwind)


def test_AT_MOVE_1_a_card_move_may_go_diagonally() -> None:
    g = arena(at=("a1", "e1", "g1"))
    fighter = unit(g, "fighter")
    names = g.ctx.board.names
    basic = {names[q] for q in costs_of(*move_search(g.s, g.ctx, fighter, 1, False))}
    diag = {names[q] for q in costs_of(*move_search(g.s, g.ctx, fighter, 1, False, True))}
    assert basic == {"a2", "b1"} and diag == {"a2", "b1", "b2"}
    assert MoveStep.model_validate({"op": "move", "points": 2, "diagonal": True}).diagonal


def test_AT_SETUP_3_remaining_equipment_may_stay_out() -> None:
    extra = {0: ["chieftains_scale"]}
    g = new_game({"extra_cards": extra}, 1)
    assert g.s.heroes[0].card_count() == 11 + 2 + 1  # shuffled in by default
    g2 = new_game({"extra_cards": extra, "stored": {0: ["chieftains_scale"]}}, 1)
    hero = g2.s.heroes[0]
    assert "chieftains_scale" not in hero.deck + hero.hand and hero.card_count() == 13
    with pytest.raises(ValueError, match="stored.0"):
        new_game({"stored": {0: ["basic_move"]}}, 1)  # only class features and equipment
    with pytest.raises(ValueError, match="stored.0"):
        new_game({"stored": {0: ["iron_sword"]}}, 1)  # on the board, not a remaining card


def test_AT_SETUP_4_abilities_persist_until_taken_off_the_board() -> None:
    g = arena(abilities={1: ["fleet"]}, at=("j1", "a3", "i1"))
    for _ in range(2):
        turn(g, "rogue", ["basic_move", "basic_attack", "tumble", "smoke_bomb"])
        g.apply("play basic_move")
        assert "move f3" in texts(g)  # Fleet: movement 5, every time it is used
        g.apply("stay")
    assert "fleet" in g.s.heroes[1].abilities
    g.s.heroes[1].abilities.remove("fleet")  # another effect discarding it: gone at once
    turn(g, "rogue", ["basic_move", "basic_attack", "tumble", "smoke_bomb"])
    g.apply("play basic_move")
    assert "move f3" not in texts(g) and "move e3" in texts(g)


def test_AT_BOSS_6_a_passive_applies_while_its_enemy_is_in_play() -> None:
    placements = (
        {"id": "GW", "enemy": "grutch", "at": "j8"},
        {"id": "WR1", "enemy": "wraith", "at": "b3"},
    )
    g = arena(content=content_with(placements=placements), at=("a1", "e1", "g1"))
    wraith = unit(g, "wr1")
    for _ in range(3):  # Bound to Serve fires every time a wraith is defeated
        put(g, "wr1", "f5")
        damage(g.s, g.ctx, wraith, 99)
        assert "wr1" in g.s.units and g.ctx.board.name(wraith.square) == "b3"
    assert g.s.defeated.get("wraith", 0) == 0


def test_AT_BOSS_7_an_active_ability_is_used_when_a_boss_card_names_it() -> None:
    placements = ({"id": "PAWL", "enemy": "pawl", "at": "e8"},)
    c = content_with(
        placements=placements,
        boss_deck="pawl_deck",
        main={"kind": "defeat_boss", "enemy": "pawl", "text": "Win."},
    )
    names = [card.name for card in c.boss_decks["pawl_deck"].cards]
    others = [n for n in names if n != "Harpoon"]
    for name in others:
        g = arena(content=c, at=("e4", "a1", "j1"))
        boss_turn(g, name, boss="pawl")
        assert not any("harpoons" in line for line in g.log), name
    g = arena(content=c, at=("e4", "a1", "j1"))
    boss_turn(g, "Harpoon", boss="pawl")
    assert any("harpoons fighter" in line for line in g.log)


def test_AT_SETUP_7_players_divide_the_heroes_anew_at_each_encounter() -> None:
    from tests.tactics.campaign.guide_fixture import guide_content
    from towerplay.tactics.campaign.game import new_game as new_campaign

    g = new_campaign({"heroes": 4, "players": 2}, 1, guide_content())
    agent = RandomAgent(1)  # this seed plays two encounters
    asked, encounters = False, 0
    while g.result is None:
        if g.encounter is None and g.s.pending and g.s.pending[0].kind == "players":
            asked = True
        was = g.encounter
        g.apply(agent.act(g))
        if was is None and g.encounter is not None:
            assert asked, "an encounter began without dividing the heroes"
            encounters, asked = encounters + 1, False
    assert encounters >= 2


def test_AT_COMP_1_the_encounter_components_fit_the_box() -> None:
    c = default_content()
    assert (
        len(DIRECTIONS) == len(set(DIRECTIONS)) == 8 and len(new_game({}, 1).s.direction_deck) == 8
    )
    assert sorted(c.dice) == ["blue", "green", "red", "yellow"]  # 12 dice: 3 of each colour
    assert len(get_args(Condition)) == 4  # 24 status tokens: 6 of each condition
    steps = [st for card in c.cards.values() for option in card.options for st in option]
    steps += [
        st
        for deck in c.boss_decks.values()
        for card in deck.cards
        for act in card.activations
        for st in act.steps
    ]
    for st in steps:
        dice = list(getattr(st, "dice", ()) or ())
        assert all(dice.count(colour) <= 3 for colour in c.dice), st
    own = sum(s.limit for s in c.summons.values() if s.turns == "own")
    for enc in c.encounters.values():
        assert 5 + enc.boss_initiative + own <= 8, enc.id  # 8 initiative tokens
        rows = "".join(enc.map)
        assert rows.count("W") <= 5 and rows.count("o") <= 8, enc.id
    walls = c.walls
    assert (walls["fire_wall"].limit or 0) <= 4  # 4 fire walls
    assert walls["bone_wall"].length * (walls["bone_wall"].limit or 0) <= 40  # fragments


def test_AT_CLEAN_2_a_condition_an_effect_makes_last_outlives_cleanup() -> None:
    g = arena(at=("a1", "b1", "c1"))
    rogue, fighter = unit(g, "rogue"), unit(g, "fighter")
    step = ConditionStep.model_validate(
        {"op": "condition", "condition": "stunned", "lasting": True}
    )
    add_condition(g.s, rogue, step.condition, step.lasting)
    add_condition(g.s, rogue, "slowed")
    add_condition(g.s, fighter, "weakened")
    g.s.phase, g.s.cursor = "cleanup", len(g.s.heroes)
    cleanup_phase(g.s, g.ctx)
    assert rogue.conditions == ["stunned"] and fighter.conditions == []
    cleanup_phase(g.s, g.ctx)  # and the next cleanup too
    assert rogue.conditions == ["stunned"]
    turn(g, "rogue")  # the stun skips its turn, and ends
    assert rogue.conditions == [] and rogue.lasting == []


def test_AT_CLEAN_2_an_older_save_has_no_lasting_condition() -> None:
    g = new_game({}, 1)
    data = g.to_json()
    data["version"] = 5
    for u in data["state"]["units"]:
        del u["lasting"]
    for h in data["state"]["heroes"]:
        del h["worn_hp"]
    loaded = TacticsGame.from_json(data)
    assert all(u.lasting == [] for u in loaded.s.units.values())


def test_AT_CLEAN_2_a_version_6_save_without_lasting_loads() -> None:
    g = new_game({}, 1)
    data = g.to_json()
    for u in data["state"]["units"]:
        del u["lasting"]  # written before the field was added
    loaded = TacticsGame.from_json(data)
    assert loaded.state_hash() == g.state_hash()
