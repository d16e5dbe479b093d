"""Every worked example of the rulebook, as a scenario."""

from __future__ import annotations

from tests.tactics.helpers import arena, boss_turn, content_with, texts, turn, unit
from towerplay.tactics.content import default_content
from towerplay.tactics.effects import damage, hit
from towerplay.tactics.models import AttackStep, HealStep


def targets(g) -> set[str]:  # type: ignore[no-untyped-def]
    return {t.split()[1] for t in texts(g) if t.startswith("target ")}


def test_AT_ATK_1_example_the_rogues_class_card() -> None:
    rogue = default_content().classes["rogue"]
    assert (rogue.movement, rogue.attack_dice, rogue.attack_range) == (4, ("blue",), (1, 1))


def test_AT_RANGE_1_example_healing_prayer() -> None:
    card = default_content().cards["healing_prayer"]
    step = card.options[0][0]
    assert isinstance(step, HealStep) and step.range == (0, 3) and len(step.dice) == 2
    g = arena(
        content=content_with(dice=2), party=("cleric", "rogue", "fighter"), at=("a1", "d1", "e1")
    )
    unit(g, "rogue").hp = 1
    unit(g, "fighter").hp = 1
    turn(g, "cleric", ["healing_prayer", "basic_move", "smite", "blessing"])
    g.apply("play healing_prayer")
    assert targets(g) == {"a1", "d1"}  # the cleric herself, the rogue at 3; not the fighter at 4
    g.apply("target d1")
    assert unit(g, "rogue").hp == 1 + 2 + 2 + 1  # two dice of 2, plus Devotion


def test_AT_RANGE_2_example_dark_knight_roberta() -> None:
    placements = (
        {"id": "GW", "enemy": "grutch", "at": "j8"},
        {"id": "GM1", "enemy": "goblin_minion", "at": "b2"},
        {"id": "GA1", "enemy": "goblin_archer", "at": "c3"},
        {"id": "WR1", "enemy": "wraith", "at": "d4"},
    )
    g = arena(
        content=content_with(placements=placements),
        party=("dark_knight", "rogue", "cleric"),
        at=("a1", "h1", "i1"),
    )
    turn(g, "dark_knight", ["basic_attack", "basic_move", "cleave", "charge"])
    g.apply("play basic_attack")
    assert targets(g) == {"b2", "c3"}  # the wraith at range 3 is out of range


def test_AT_LOS_2_example_wizard_elwyn_and_the_wall() -> None:
    placements = (
        {"id": "GW", "enemy": "grutch", "at": "j8"},
        {"id": "WR1", "enemy": "wraith", "at": "a5"},
    )
    walled = (
        "..........",
        "..........",
        "..........",
        "..........",
        "###.......",
        "..........",
        "..........",
        "SSSSS.....",
    )
    for rows, visible in ((walled, False), (None, True)):
        c = content_with(rows, placements) if rows else content_with(placements=placements)
        g = arena(content=c, party=("wizard", "rogue", "cleric"), at=("a2", "h1", "i1"))
        turn(g, "wizard", ["basic_attack", "basic_move", "fireball", "blink"])
        g.apply("play basic_attack")
        assert ("a5" in targets(g)) == visible  # range 1-4, but the wall blocks his sight


def test_AT_AOE_1_example_the_fireball() -> None:
    step = default_content().cards["fireball"].options[0][0]
    assert isinstance(step, AttackStep) and step.range == (1, 4) and step.aoe == 1
    placements = (
        {"id": "GW", "enemy": "grutch", "at": "j8"},
        {"id": "GM1", "enemy": "goblin_minion", "at": "e5"},
        {"id": "GM2", "enemy": "goblin_minion", "at": "f6"},
        {"id": "GM3", "enemy": "goblin_minion", "at": "g7", "heroes": [3]},
    )
    g = arena(
        content=content_with(placements=placements, dice=1),
        party=("wizard", "rogue", "cleric"),
        at=("a1", "h1", "i1"),
    )
    turn(g, "wizard", ["fireball", "basic_move", "blink", "basic_attack"])
    g.apply("play fireball")
    assert "e5" in targets(g) and "f6" not in targets(g)  # f6 is 5 away
    g.apply("target e5")
    g.apply("hit f6")
    # e5 targeted, f6 within 1 of it affected, g7 two away untouched
    assert unit(g, "gm1").hp == 1 and unit(g, "gm2").hp == 1 and unit(g, "gm3").hp == 3


def test_AT_BOSS_2_example_the_wraiths_passives() -> None:
    wraith = default_content().enemies["wraith"]
    assert set(wraith.passives) == {"shapeless_void", "bound_to_serve"}
    g = arena(
        content=content_with(
            placements=(
                {"id": "GW", "enemy": "grutch", "at": "j8"},
                {"id": "WR1", "enemy": "wraith", "at": "e5"},
            )
        )
    )
    damage(g.s, g.ctx, unit(g, "wr1"), 99)
    assert unit(g, "wr1").hp == unit(g, "wr1").max_hp


def test_AT_BOSS_5_example_pawls_harpoon() -> None:
    placements = ({"id": "PAWL", "enemy": "pawl", "at": "e8"},)
    c = content_with(
        placements=placements,
        boss_deck="pawl_deck",
        main={"kind": "defeat_boss", "enemy": "pawl", "text": "Win."},
    )
    g = arena(content=c, at=("a1", "b6", "j1"))
    boss_turn(g, "Harpoon", boss="pawl")
    while g.s.pending and g.s.pending[-1].kind == "response":
        g.apply("decline")
    assert max(abs(unit(g, "rogue").square % 10 - 4), abs(unit(g, "rogue").square // 10 - 7)) == 1


def test_AT_ATK_3_example_goblin_leathers_and_divine_flames() -> None:
    g = arena(content=content_with(dice=1))
    rogue = unit(g, "rogue")
    assert g.s.heroes[1].board["armor"] == "goblin_leathers"
    assert hit(g.s, g.ctx, unit(g, "gw"), rogue, 1, ("weakened",), what="Divine Flames") == 0
    assert "weakened" not in rogue.conditions
