"""Cards whose abilities need foes, battles or dungeons: Golden Mace, Blessed, Cloak of
Stars; the Magic cards' "the Tower acts"; the rare event that weakens foes."""

from __future__ import annotations

from tests.conftest import rules
from tests.rtdt.scenario import at, give, legal, play, resume, scenario
from towerplay.rtdt.models import TowerActs
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.state import Battle


def test_golden_mace_removes_a_foe_here_for_its_level_in_spirit() -> None:
    g = scenario(["brutal_warlord"])
    g.state.foes[:] = [("frost_trolls", "radiant_mountains"), ("brigands", "radiant_mountains")]
    give(g, 0, spirit=2, treasures=["golden_mace_of_azkol"])
    actions = legal(g)
    assert "use golden_mace_of_azkol brigands" in actions  # level 2
    assert "use golden_mace_of_azkol frost_trolls" not in actions  # level 3: not enough spirit
    play(g, "use golden_mace_of_azkol brigands")
    assert g.state.foes == [("frost_trolls", "radiant_mountains")]
    assert g.hero(0).spirit == 0 and not g.state.turn.heroic_done  # RTDT-FOE-10


def test_blessed_blocks_six_warrior_losses_on_one_card_for_a_spirit() -> None:
    g = scenario(["orphaned_scion"])
    g.state.foes[:] = [("brigands", "radiant_mountains")]
    g.state.foe_status["brigands"] = "lethal"
    give(g, 0, warriors=20, spirit=2, virtues=["blessed"])
    play(g, "battle brigands radiant_mountains")
    b = g.state.battle
    assert isinstance(b, Battle)
    b.cards[:] = ["generic_ambush", "generic_skirmish"]  # lethal: lose 12, then lose 10
    b.rung = 0
    spirit = g.hero(0).spirit
    play(g, "blessed")
    assert "blessed" not in legal(g)  # once per card
    play(g, "resolve")
    assert g.hero(0).warriors == 14 and g.hero(0).spirit == spirit - 1


def test_cloak_of_stars_sends_a_foe_you_walk_in_on_anywhere_once_a_turn() -> None:
    g = scenario(["orphaned_scion"])
    g.state.foes[:] = [("brigands", "broken_lands")]
    give(g, 0, treasures=["cloak_of_stars"])
    play(g, "move broken_lands")
    assert g.pending is not None and g.pending.kind == "cloak"
    play(g, "foe brigands broken_lands", "to the_throne")
    assert g.state.foes == [("brigands", "the_throne")]
    g.state.foes.append(("brigands", "ash_hills"))
    play(g, "move ash_hills")
    assert g.pending is None  # once per turn


@rules("RTDT-FOE-7")
def test_a_rare_event_weakens_a_foe() -> None:
    g = scenario(["orphaned_scion"])
    foe = g.state.config.foes[0]
    g.state.foe_status[foe] = "savage"
    g.state.events = [f"weaken:{foe}"]
    g.state.turn.phase = "events"
    resume(g)
    assert g.state.foe_status[foe] == "ready"
    assert any("falter" in line for line in g.log)


@rules("RTDT-ADVERSARY-8")
def test_a_magic_cards_tower_acts_is_the_adversarys_strike() -> None:
    g = scenario(["orphaned_scion"])
    adv = g.world.content.adversaries[g.state.config.adversary]
    at(g, 0, "radiant_mountains")
    give(g, 0, warriors=30, spirit=5)
    before = g.hero(0).to_json()
    run(g.world, g.state, g.hero(0), [TowerActs(op="tower_acts")], "a test")
    while g.pending is not None:
        play(g, sorted(legal(g))[0])
    assert any(f"The Tower acts: {adv.name}" in line for line in g.log)
    assert g.hero(0).to_json() != before


def test_unseen_takes_out_a_foe_instead_of_the_spirit() -> None:
    from tests.rtdt.test_rules_quests import quest_at

    g = scenario(["spymaster"])
    g.state.foes[:] = [("brigands", "the_throne")]
    quest_at(g, "hakans_workshop", "ash_hills")
    at(g, 0, "ash_hills")
    give(g, 0, spirit=0, gear=["longswords", "dusky_cloaks"], virtues=["unseen"])
    play(g, "quest hakans_workshop")
    assert legal(g) == {"foe brigands the_throne", "spirit"}
    play(g, "foe brigands the_throne")
    assert g.state.foes == [] and g.hero(0).spirit == 0


def test_aurel_rolls_the_haggle_die_and_takes_the_result() -> None:
    from towerplay.core.rng import Rng

    g = scenario(["spymaster"])
    g.hero(0).companions.append("aurel")
    give(g, 0, spirit=1)
    faces = g.world.content.haggle.faces
    g.state.rng = next(k for k in range(1, 1000) if Rng(k).choice(faces).result == "warriors")
    warriors = g.hero(0).warriors
    play(g, "use aurel")
    h = g.hero(0)
    assert h.spirit == 0 and h.warriors == warriors + 3
    assert "use aurel" not in legal(g)  # once a turn


def test_turquoise_urn_and_ilka_raise_carrying_limits() -> None:
    from towerplay.rtdt.rules.common import potion_limit, treasure_limit

    g = scenario(["relic_hunter"])
    h = g.hero(0)
    assert treasure_limit(g.world, h) == 4 and potion_limit(g.world, h) is None
    h.quest_items.append("turquoise_urn")
    assert treasure_limit(g.world, h) == 6  # two more, not two in all
    h.companions.append("ilka")
    assert potion_limit(g.world, h) is None  # potions stay unlimited
    give(g, 0, corruptions=["suspicious"])
    assert potion_limit(g.world, h) == 3  # Suspicious' 2, plus Ilka's one
