"""Covenant monuments: foundations, offerings, Build, completed monuments and every
monument clarification (COV-MONUMENT-*, COV-OFFER-*, COV-BUILD-*, COV-CLARIFY-*), plus the
rulebook's Argent Oak example (COV-EXAMPLE-1) and Aura of Friendship's Reinforce
(COV-SPELL-1, COV-SPELL-2)."""

from __future__ import annotations

import pytest

from tests.conftest import rules
from tests.rtdt.covenant_scenario import covenant_game, doom_skulls, monument, put_foes
from tests.rtdt.invariants import check
from tests.rtdt.scenario import at, finish_turn, give, legal, play, resume, scenario, skulls
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import Rng
from towerplay.rtdt.app import draw_covenant_events
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.corruption import gain_corruption
from towerplay.rtdt.rules.effects import lose_items
from towerplay.rtdt.rules.skulls import add_skull, destroy_building
from towerplay.rtdt.rules.tokens import remove_token

TYPES = ("citadel", "sanctuary", "village", "bazaar")


def answer_first(g: RtdtGame) -> None:
    while g.result is None and g.state.pending:
        g.apply(g.legal_actions()[0])


def fight_through(g: RtdtGame, foe: str, space: str) -> None:
    """Battle a foe and resolve every card without spending advantages: the foe is
    defeated after its last card (RTDT-BATTLE-12)."""
    play(g, f"battle {foe} {space}")
    while g.state.battle is not None:
        play(g, "resolve")
        answer_first(g)


# --- COV-MONUMENT: the four monuments ------------------------------------------------------


@rules("COV-MONUMENT-1", "COV-MONUMENT-2")
def test_COV_MONUMENT_1_2_four_foundations_one_per_kingdom_one_per_type() -> None:
    seen = set()
    for seed in range(1, 30):
        g = scenario(["orphaned_scion"], seed=seed, expansion="covenant")
        s, w = g.state, g.world
        assert s.cov is not None and len(s.cov.sites) == 4
        kingdoms = [x.kingdom for x in s.cov.sites]
        types = [w.content.monuments[x.monument].replaces for x in s.cov.sites]
        assert sorted(kingdoms) == ["east", "north", "south", "west"]
        assert sorted(types) == sorted(TYPES)  # COV-MONUMENT-1: one of each type
        for x in s.cov.sites:  # COV-MONUMENT-2: unbuilt, a foundation only
            assert x.status == "foundation" and x.offerings == 0
            assert (
                x.space
                == w.board.building_space[(x.kingdom, w.content.monuments[x.monument].replaces)]
            )
            assert x.space not in s.skulls
            seen.add(x.monument)
    assert len(seen) == 8  # the app picks among all eight


@rules("COV-MONUMENT-3")
def test_COV_MONUMENT_3_a_completed_monument_counts_as_its_building_type() -> None:
    g = covenant_game(["orphaned_scion"], north="sanctuary")
    site = monument(g, "moonstone_temple", built=True)
    assert site.space == "upper_ice_fangs"
    at(g, 0, site.space)
    give(g, 0, spirit=0, treasures=["crown_of_azkol"])  # Reinforcing at a sanctuary: +month spirit
    play(g, "reinforce free")  # the sanctuary's free option: 1 spirit
    assert g.hero(0).spirit == 1 + g.state.month
    # a skull emerging in the north may go on it like on any sanctuary
    s = g.state
    s.supply -= 1
    s.emerged.append("north")
    resume(g)
    assert f"place {site.space}" in legal(g)
    play(g, f"place {site.space}")
    assert s.skulls[site.space] == 1
    check(g)


@rules("COV-MONUMENT-4", "COV-MONUMENT-6")
def test_COV_MONUMENT_4_6_a_fourth_skull_destroys_it_and_its_skulls_leave() -> None:
    g = covenant_game(["orphaned_scion"], north="citadel")
    site = monument(g, "tower_shard", built=True)
    skulls(g, **{site.space: 2})
    doom_skulls(g, site.space, 1)  # three skulls, one of them a doom skull
    s = g.state
    removed, doom_removed = s.removed, s.cov.doom_removed  # type: ignore[union-attr]
    s.supply -= 1
    add_skull(g.world, s, site.space, g.hero(0))
    assert site.status == "destroyed" and site.space in s.destroyed
    assert site.space not in s.skulls and site.space not in s.cov.doom  # type: ignore[union-attr]
    assert s.removed == removed + 3  # two regular on it and the fourth
    assert s.cov.doom_removed == doom_removed + 1  # type: ignore[union-attr]
    assert len(g.hero(0).corruptions) == 1  # its home player gains a corruption
    check(g)


@rules("COV-MONUMENT-5")
def test_COV_MONUMENT_5_other_effects_destroy_it_too() -> None:
    g = covenant_game(["orphaned_scion"], north="sanctuary")
    site = monument(g, "moonstone_temple", built=True)
    s = g.state
    s.foe_status["lemures"] = "lethal"  # lethal lemures destroy the nearest sanctuary or citadel
    put_foes(g, ("lemures", "upper_ice_fangs"))
    s.events = ["strike:lemures"]
    s.turn.phase = "events"
    resume(g)
    answer_first(g)
    assert site.status == "destroyed" and site.space in s.destroyed
    check(g)


@rules("COV-MONUMENT-7", "COV-MONUMENT-8")
def test_COV_MONUMENT_7_8_reinforce_with_the_monuments_own_enhanced_option() -> None:
    g = covenant_game(["orphaned_scion"], north="citadel")
    site = monument(g, "tower_shard", built=True)
    at(g, 0, site.space)
    give(g, 0, spirit=1)
    options = {a for a in legal(g) if a.startswith("reinforce")}
    assert options == {"reinforce free", "reinforce enhanced"}  # 1 spirit is enough
    potions = len(g.hero(0).potions)
    play(g, "reinforce enhanced")  # Tower Shard: pay 1 spirit, draw 2 potions
    assert g.hero(0).spirit == 0 and len(g.hero(0).potions) == potions + 2
    # COV-MONUMENT-8: it was the turn's one Reinforce
    give(g, 0, spirit=9)
    assert not {a for a in legal(g) if a.startswith(("reinforce", "haggle"))}
    # the free option is the replaced building's (a citadel's)
    g2 = covenant_game(["orphaned_scion"], north="citadel")
    site2 = monument(g2, "tower_shard", built=True)
    at(g2, 0, site2.space)
    free = g2.world.content.buildings["citadel"].free
    assert g2.world.content.monuments["tower_shard"].free.effects == free.effects


@rules("COV-MONUMENT-9")
def test_COV_MONUMENT_9_completed_monuments_bring_events() -> None:
    g = covenant_game(["orphaned_scion"], north="village")
    monument(g, "colossus_of_bjorn", built=True)
    s = g.state
    warriors = g.hero(0).warriors
    s.events = ["monument:colossus_of_bjorn"]
    s.turn.phase = "events"
    resume(g)
    assert g.hero(0).warriors == warriors + 5
    # the app draws them only for completed monuments
    rng = Rng(7)
    drawn = [e for _ in range(400) for e in draw_covenant_events(rng, ["colossus_of_bjorn"])]
    assert any(e == "monument:colossus_of_bjorn" for e in drawn)
    assert not any(
        e.startswith("monument:") for _ in range(400) for e in draw_covenant_events(rng, [])
    )


# --- COV-OFFER and COV-BUILD -----------------------------------------------------------------


@rules("COV-OFFER-1", "COV-OFFER-2", "COV-OFFER-3", "COV-CLARIFY-3")
def test_COV_OFFER_any_hero_any_turn_at_most_three() -> None:
    g = covenant_game(
        ["orphaned_scion", "spymaster"], kingdoms=("north", "south"), north="sanctuary"
    )
    assert g.state.cov is not None  # every foundation starts with no offering on it
    assert [x.offerings for x in g.state.cov.sites] == [0, 0, 0, 0]
    site = monument(g, "argent_oak")
    assert g.world.content.monuments["argent_oak"].offering.on == "gain_corruption"  # type: ignore[union-attr]
    s, w = g.state, g.world
    assert s.turn.seat == 0
    gain_corruption(w, s, g.hero(1), "a test effect")  # the other hero, far away, not their turn
    assert site.offerings == 1
    gain_corruption(w, s, g.hero(0), "a test effect")
    gain_corruption(w, s, g.hero(1), "a test effect")
    assert site.offerings == 3
    s.heroes[0].corruptions.clear()
    s.corruption_deck.extend(["feral"] if "feral" not in s.corruption_deck else [])
    gain_corruption(w, s, g.hero(0), "a test effect")
    assert site.offerings == 3  # COV-OFFER-3: never more than three


@rules("COV-BUILD-1", "COV-BUILD-2", "COV-BUILD-3", "COV-BUILD-4")
def test_COV_BUILD_the_build_heroic_action() -> None:
    g = covenant_game(["orphaned_scion"], north="citadel")
    site = monument(g, "tower_shard", offerings=2)
    at(g, 0, site.space)
    assert "build" not in legal(g)
    before = g.state_hash()
    with pytest.raises(IllegalAction) as err:
        play(g, "build")
    assert err.value.rule == "COV-BUILD-1" and g.state_hash() == before
    site.offerings = 3
    g._legal = None
    assert "build" in legal(g)
    at(g, 0, "muted_forest")  # only on the foundation's space
    assert "build" not in legal(g)
    at(g, 0, site.space)
    spirit = g.hero(0).spirit
    play(g, "build")
    assert site.status == "built" and site.offerings == 0  # the offerings go back
    assert g.state.skulls[site.space] == 0  # it stands, a building with no skulls
    assert g.hero(0).spirit == spirit + 2  # COV-BUILD-3
    assert g.state.turn.heroic_done  # COV-BUILD-2: it was the turn's heroic action
    assert "build" not in legal(g)
    assert any("builds the Tower Shard" in line for line in g.log)
    check(g)


@rules("COV-BUILD-2")
def test_COV_BUILD_2_not_after_another_heroic_action() -> None:
    g = covenant_game(["orphaned_scion"], north="citadel")
    site = monument(g, "tower_shard", offerings=3)
    at(g, 0, site.space)
    g.state.turn.heroic_done = True
    g._legal = None
    with pytest.raises(IllegalAction) as err:
        play(g, "build")
    assert err.value.rule == "RTDT-HEROIC-2"


# --- COV-CLARIFY: each monument ------------------------------------------------------------


@rules("COV-CLARIFY-1")
def test_COV_CLARIFY_1_the_arch_replaces_a_bazaar() -> None:
    g = covenant_game(["orphaned_scion"], north="bazaar")
    site = monument(g, "arch_of_the_golden_sun")
    assert g.world.content.monuments["arch_of_the_golden_sun"].replaces == "bazaar"
    assert site.space == "dayside" and "dayside" not in g.state.skulls


@rules("COV-CLARIFY-2")
def test_COV_CLARIFY_2_arch_offering_two_foes_on_or_next_to_you() -> None:
    g = covenant_game(["orphaned_scion"], north="bazaar")
    site = monument(g, "arch_of_the_golden_sun")
    at(g, 0, "muted_forest")
    put_foes(g, ("brigands", "muted_forest"))
    finish_turn(g)
    assert site.offerings == 0  # one foe is not enough
    g2 = covenant_game(["orphaned_scion"], north="bazaar")
    site2 = monument(g2, "arch_of_the_golden_sun")
    at(g2, 0, "muted_forest")
    put_foes(g2, ("brigands", "upper_ice_fangs"), ("oreks", "broken_lands"))
    finish_turn(g2)  # two foes, each next to the hero, on different spaces
    assert site2.offerings == 1


@rules("COV-CLARIFY-4")
def test_COV_CLARIFY_4_argent_oak_items_for_corruptions() -> None:
    g = covenant_game(["orphaned_scion"], north="sanctuary")
    site = monument(g, "argent_oak", built=True)
    at(g, 0, site.space)
    s = g.state
    corr = s.corruption_deck[:2]
    give(g, 0, spirit=0, potions=s.potion_deck[:3], corruptions=corr)
    play(g, "reinforce enhanced")  # costs nothing
    potion = g.hero(0).potions[0]
    play(g, f"spend {potion}")
    assert len(g.hero(0).corruptions) == 1 and s.corruption_deck[-1] == corr[0]
    potion = g.hero(0).potions[0]
    play(g, f"spend {potion}")
    assert g.hero(0).corruptions == [] and len(g.hero(0).potions) == 1
    assert not s.pending  # nothing left to return
    check(g)


@rules("COV-CLARIFY-5", "COV-CLARIFY-6")
def test_COV_CLARIFY_5_6_cenotaph_offering_battle_on_a_wasteland_only() -> None:
    g = covenant_game(["orphaned_scion"], north="citadel")
    site = monument(g, "cenotaph_of_the_first_prophet")
    s = g.state
    s.cov.wastelands.append("muted_forest")  # type: ignore[union-attr]
    put_foes(g, ("brigands", "muted_forest"), ("brigands", "rimeweald"))
    at(g, 0, "muted_forest")
    give(g, 0, warriors=40)
    fight_through(g, "brigands", "muted_forest")
    assert site.offerings == 1
    # removing a foe on a wasteland by another effect does not count
    s.cov.wastelands.append("rimeweald")  # type: ignore[union-attr]
    remove_token(g.world, s, "brigands", "rimeweald")
    assert site.offerings == 1
    # a foe defeated elsewhere does not count either
    g2 = covenant_game(["orphaned_scion"], north="citadel")
    site2 = monument(g2, "cenotaph_of_the_first_prophet")
    put_foes(g2, ("brigands", "muted_forest"))
    at(g2, 0, "muted_forest")
    give(g2, 0, warriors=40)
    fight_through(g2, "brigands", "muted_forest")
    assert site2.offerings == 0


@rules("COV-CLARIFY-7", "COV-CLARIFY-8")
def test_COV_CLARIFY_7_8_cenotaph_takes_a_virtue_of_a_hero_not_in_the_game() -> None:
    g = covenant_game(["orphaned_scion"], north="citadel")
    site = monument(g, "cenotaph_of_the_first_prophet", built=True)
    at(g, 0, site.space)
    give(g, 0, spirit=4)
    inactive = g.hero(0).inactive[:]
    play(g, "reinforce enhanced")
    options = legal(g)
    assert "take astromancer_exalted" in options
    assert not any(v in opt for opt in options for v in inactive)  # only heroes not playing
    play(g, "take astromancer_exalted", f"drop {inactive[0]}")
    h = g.hero(0)
    assert "astromancer_exalted" in h.virtues  # active side up at once
    assert inactive[0] not in h.inactive and inactive[0] not in h.virtues  # out of the game
    assert h.spirit == 0
    # COV-CLARIFY-8: Exalted refers to invocations the Orphaned Scion lacks: it does nothing
    s = g.state
    s.month_length = s.month_turn + 1
    finish_turn(g)
    answer_first(g)
    assert s.month == 2 and s.cov.spells[0] == [] and s.cov.prepared[0] == []  # type: ignore[union-attr]
    check(g)


@rules("COV-CLARIFY-9")
def test_COV_CLARIFY_9_colossus_offering_eight_warriors_really_lost() -> None:
    def battle_loss(warriors: int, gear: list[str], rung: int = 0) -> int:
        g = covenant_game(["orphaned_scion"], north="village")
        site = monument(g, "colossus_of_bjorn")
        put_foes(g, ("brigands", "muted_forest"))
        g.state.foe_status["brigands"] = "lethal"  # rung 0
        at(g, 0, "muted_forest")
        give(g, 0, warriors=warriors, gear=gear)
        play(g, "battle brigands muted_forest")
        b = g.state.battle
        assert b is not None
        b.cards[0] = "generic_ambush"  # rung 0: lose 12 warriors; rung 1: lose 8
        b.rung = rung
        g._legal = None
        play(g, "resolve")
        return site.offerings

    assert battle_loss(30, []) == 1  # 12 lost
    assert battle_loss(30, [], rung=1) == 1  # 8 lost
    assert battle_loss(5, []) == 0  # only 5 could be paid
    assert battle_loss(30, ["leather_armor"]) == 1  # 10 really lost
    assert battle_loss(30, ["leather_armor"], rung=1) == 0  # 2 of the 8 prevented


@rules("COV-CLARIFY-10", "COV-WASTE-4")
def test_COV_CLARIFY_10_the_colossus_walks_with_its_skulls() -> None:
    g = covenant_game(["orphaned_scion"], north="village")
    site = monument(g, "colossus_of_bjorn", built=True)
    at(g, 0, site.space)
    skulls(g, **{site.space: 1})
    doom_skulls(g, site.space, 1)
    play(g, "reinforce enhanced")
    assert "go radiant_mountains" not in legal(g)  # only spaces without a building
    play(g, "go muted_forest")
    s = g.state
    assert site.space == "muted_forest" and g.hero(0).space == "muted_forest"
    assert s.skulls["muted_forest"] == 2 and s.cov.doom["muted_forest"] == 1  # type: ignore[union-attr]
    assert "egans_end" not in s.skulls
    # it is still a village of the north: skulls emerging there may go on it
    s.supply -= 1
    s.emerged.append("north")
    resume(g)
    assert "place muted_forest" in legal(g)
    play(g, "place muted_forest")
    assert s.skulls["muted_forest"] == 3
    check(g)
    # COV-WASTE-4: a hero who entered a wasteland cannot leave even with the Colossus
    g2 = covenant_game(["orphaned_scion"], north="village")
    site2 = monument(g2, "colossus_of_bjorn", built=True)
    g2.state.cov.wastelands.append(site2.space)  # type: ignore[union-attr]
    neighbour = g2.world.board.neighbours[site2.space][0]
    at(g2, 0, neighbour)
    play(g2, f"move {site2.space}")  # into the wasteland: stuck for the turn
    assert "reinforce free" in legal(g2)
    assert "reinforce enhanced" not in legal(g2)


@rules("COV-CLARIFY-11")
def test_COV_CLARIFY_11_necropolis_offering_a_treasure_spent_or_lost() -> None:
    g = covenant_game(["orphaned_scion"], north="village")
    site = monument(g, "endless_necropolis")
    give(g, 0, treasures=["lamp_of_hope"])
    lose_items(g.world, g.state, g.hero(0), "treasure", 1)  # lost to an effect
    assert site.offerings == 1
    # spending one for its effect counts too
    put_foes(g, ("brigands", g.hero(0).space))
    give(g, 0, treasures=["scroll_of_the_great_serpent"])
    play(g, f"battle brigands {g.hero(0).space}", "use scroll_of_the_great_serpent")
    assert site.offerings == 2


@rules(
    "COV-CLARIFY-12",
    "COV-CLARIFY-13",
    "COV-CLARIFY-14",
    "COV-CLARIFY-15",
    "COV-CLARIFY-16",
)
def test_COV_CLARIFY_12_16_the_endless_necropolis() -> None:
    g = covenant_game(["orphaned_scion"], north="village")
    site = monument(g, "endless_necropolis", built=True)
    s, w = g.state, g.world
    skulls(g, **{site.space: 4})
    doom_skulls(g, site.space, 1)
    s.supply -= 1
    add_skull(w, s, site.space, g.hero(0))  # a sixth: still standing (COV-CLARIFY-12)
    assert site.status == "built" and s.skulls[site.space] == 6
    at(g, 0, site.space)
    assert not any(a.startswith("cleanse") for a in legal(g))  # COV-CLARIFY-13
    before = g.state_hash()
    with pytest.raises(IllegalAction) as err:
        play(g, f"cleanse {site.space}")
    assert err.value.rule == "COV-CLARIFY-13" and g.state_hash() == before
    give(g, 0, spirit=1)
    supply = s.supply
    play(g, "reinforce enhanced")  # COV-CLARIFY-14: pay 1 spirit, return any number
    for _ in range(5):
        play(g, f"remove {site.space}")
    assert s.skulls[site.space] == 1 and s.cov.doom[site.space] == 1  # type: ignore[union-attr]
    assert s.supply == supply + 5 and g.hero(0).spirit == 0  # no spirit as for a Cleanse
    assert f"remove {site.space}" not in legal(g)  # COV-CLARIFY-15: the doom skull stays
    answer_first(g)
    # COV-CLARIFY-16: destroyed by another effect, every skull on it leaves the game: the
    # doom skull and all seven regular ones, more than any other building could hold
    skulls(g, **{site.space: 8})
    removed, doom_removed, supply = s.removed, s.cov.doom_removed, s.supply  # type: ignore[union-attr]
    destroy_building(w, s, site.space, 0)
    assert site.status == "destroyed" and site.space not in s.skulls
    assert s.removed == removed + 7 and s.cov.doom_removed == doom_removed + 1  # type: ignore[union-attr]
    assert s.supply == supply  # out of the game, not back to the supply
    check(g)


@rules("COV-CLARIFY-17")
def test_COV_CLARIFY_17_moonstone_temple_battle_and_cleanse_at_will() -> None:
    g = covenant_game(["orphaned_scion"], north="sanctuary")
    site = monument(g, "moonstone_temple", built=True)
    at(g, 0, site.space)
    skulls(g, **{site.space: 2})
    put_foes(g, ("brigands", site.space), ("brigands", "muted_forest"))
    give(g, 0, spirit=10, warriors=60)
    play(g, "reinforce enhanced")
    assert g.hero(0).spirit == 0
    play(g, f"cleanse {site.space}")
    answer_first(g)
    assert g.hero(0).spirit == 2
    fight_through(g, "brigands", site.space)
    assert g.hero(0).spirit == 4
    play(g, "move muted_forest")
    fight_through(g, "brigands", "muted_forest")  # a second Battle, gaining 2 again
    assert g.hero(0).spirit == 6 and not g.state.foes
    # without it: one heroic action only
    g2 = covenant_game(["orphaned_scion"], north="sanctuary")
    at(g2, 0, "muted_forest")
    skulls(g2, radiant_mountains=0)
    put_foes(g2, ("brigands", "muted_forest"), ("oreks", "muted_forest"))
    give(g2, 0, warriors=60)
    fight_through(g2, "brigands", "muted_forest")
    assert not any(a.startswith("battle") for a in legal(g2))


@rules("COV-CLARIFY-18")
def test_COV_CLARIFY_18_nightmare_cage_removes_a_foe_for_20_warriors() -> None:
    g = covenant_game(["orphaned_scion"], north="bazaar")
    site = monument(g, "nightmare_cage", built=True)
    at(g, 0, site.space)
    put_foes(g, ("oreks", "the_throne"))
    give(g, 0, spirit=0, warriors=19)
    assert "reinforce enhanced" not in legal(g)
    give(g, 0, warriors=25)
    play(g, "reinforce enhanced")
    play(g, "foe oreks the_throne")
    assert g.state.foes == [] and g.hero(0).warriors == 5
    check(g)
    # with no foe on the board there is nothing to remove: the option is not offered
    g2 = covenant_game(["orphaned_scion"], north="bazaar")
    site2 = monument(g2, "nightmare_cage", built=True)
    at(g2, 0, site2.space)
    put_foes(g2)
    give(g2, 0, spirit=0, warriors=25)
    assert "reinforce free" in legal(g2) and "reinforce enhanced" not in legal(g2)


@rules("COV-CLARIFY-19", "COV-CLARIFY-20")
def test_COV_CLARIFY_19_20_tower_shard_offering_next_to_the_tower() -> None:
    g = covenant_game(["orphaned_scion"], north="citadel")
    site = monument(g, "tower_shard")
    put_foes(g, ("brigands", "tower_scar_desert"), ("brigands", "muted_forest"))
    at(g, 0, "muted_forest")
    give(g, 0, warriors=60)
    fight_through(g, "brigands", "muted_forest")
    assert site.offerings == 0  # not next to the Tower
    g2 = covenant_game(["orphaned_scion"], north="citadel")
    site2 = monument(g2, "tower_shard")
    put_foes(g2, ("brigands", "tower_scar_desert"), ("oreks", "bleak_wastes"))
    at(g2, 0, "tower_scar_desert")
    give(g2, 0, warriors=60)
    fight_through(g2, "brigands", "tower_scar_desert")
    assert site2.offerings == 1
    remove_token(g2.world, g2.state, "oreks", "bleak_wastes")  # another effect: no offering
    assert site2.offerings == 1


# --- COV-SPELL-1, -2: Aura of Friendship's Reinforce --------------------------------------------


@rules("COV-SPELL-1", "COV-SPELL-2")
def test_COV_SPELL_1_2_aura_reinforces_with_any_building_and_completed_monuments() -> None:
    g = covenant_game(["orphaned_scion"], north="citadel", east="village")
    shard = monument(g, "tower_shard", built=True)
    monument(g, "endless_necropolis")  # a foundation: not offered
    at(g, 0, "muted_forest")  # no building here
    give(g, 0, spirit=10)
    assert not any(a.startswith("reinforce") for a in legal(g))
    g.state.turn.used.append("aura_of_friendship")
    g._legal = None
    options = {a for a in legal(g) if a.startswith("reinforce")}
    assert "reinforce enhanced tower_shard" in options
    assert "reinforce free bazaar" in options and "reinforce enhanced sanctuary" in options
    assert not any("endless_necropolis" in a for a in options)
    potions = len(g.hero(0).potions)
    play(g, "reinforce enhanced tower_shard")  # its cost is paid as usual
    assert g.hero(0).spirit == 9 and len(g.hero(0).potions) == potions + 2
    assert shard.status == "built"
    assert not any(a.startswith("reinforce") for a in legal(g))  # still one Reinforce


# --- COV-EXAMPLE-1 --------------------------------------------------------------------------


@rules("COV-EXAMPLE-1")
def test_COV_EXAMPLE_1_the_argent_oaks_third_offering() -> None:
    g = covenant_game(
        ["orphaned_scion", "reverent_astromancer"], kingdoms=("north", "south"), north="sanctuary"
    )
    oak = monument(g, "argent_oak", offerings=2)
    s, w = g.state, g.world
    answer_first(g)  # the Astromancer's first preparation, if asked
    finish_turn(g)  # the Scion's turn passes
    answer_first(g)
    assert s.turn.seat == 1
    at(g, 1, "sands_of_madness")  # in the south
    put_foes(g, ("brigands", "sands_of_madness"))
    give(g, 1, warriors=30)
    play(g, "battle brigands sands_of_madness")
    b = s.battle
    assert b is not None
    corrupting = next(
        cid
        for cid, card in w.content.battle_cards.items()
        if any(e.op == "gain_corruption" for e in card.rungs[0].effects)
    )
    b.cards[0] = corrupting  # unimproved, at its worst
    b.rung = 0
    g._legal = None
    play(g, "resolve")  # the first card, unimproved: a corruption
    answer_first(g)
    assert len(g.hero(1).corruptions) >= 1
    assert oak.offerings == 3
    # any hero may Build it on a later turn
    while s.battle is not None:
        play(g, "resolve")
        answer_first(g)
    finish_turn(g)
    answer_first(g)
    assert s.turn.seat == 0
    at(g, 0, oak.space)
    assert "build" in legal(g)
    check(g)


@rules("COV-DOOM-5")
def test_COV_DOOM_5_doom_skulls_count_for_the_nightmare_cages_offering() -> None:
    # four skulls on buildings on or next to the hero at the end of the turn, doom ones
    # included; three are not enough (and spaces without a building hold none)
    for regular, doom, offered in ((1, 2, 0), (2, 2, 1)):
        g = covenant_game(["orphaned_scion"], north="bazaar")
        site = monument(g, "nightmare_cage")
        s, board = g.state, g.world.board
        here = next(
            sp
            for sp in board.spaces
            if sum(n in s.skulls for n in board.near(sp)) >= 2
            and sum(n not in s.skulls for n in board.near(sp)) >= 2
        )
        near = [n for n in board.near(here) if n in s.skulls]
        skulls(g, **dict.fromkeys(near, 0))
        skulls(g, **{near[0]: regular})
        doom_skulls(g, near[1], doom)
        at(g, 0, here)
        finish_turn(g)
        assert site.offerings == offered, (regular, doom)


@rules("COV-CLARIFY-21")
def test_COV_CLARIFY_21_a_hero_may_forgo_leather_armor_for_the_colossus_offering() -> None:
    def battle(warriors: int, gear: list[str], rung: int, offerings: int = 0) -> RtdtGame:
        g = covenant_game(["orphaned_scion"], north="village")
        monument(g, "colossus_of_bjorn", offerings=offerings)
        put_foes(g, ("brigands", "muted_forest"))
        g.state.foe_status["brigands"] = "lethal"
        at(g, 0, "muted_forest")
        give(g, 0, warriors=warriors, gear=gear)
        play(g, "battle brigands muted_forest")
        b = g.state.battle
        assert b is not None
        b.cards[0] = "generic_ambush"  # rung 0: lose 12 warriors; rung 1: lose 8
        b.rung = rung
        g._legal = None
        return g

    g = battle(30, ["leather_armor"], rung=1)  # the armor would make the 8 a 6
    assert "resolve forgo" in legal(g)
    play(g, "resolve forgo")
    site = next(x for x in g.state.cov.sites if x.monument == "colossus_of_bjorn")  # type: ignore[union-attr]
    assert site.offerings == 1 and g.hero(0).warriors == 22  # all 8 lost: the offering
    g = battle(30, ["leather_armor"], rung=1)
    play(g, "resolve")  # the armor, as before: 6 lost, no offering
    assert g.hero(0).warriors == 24
    # asked only when it matters
    assert "resolve forgo" not in legal(battle(30, [], rung=1))  # nothing prevents
    assert "resolve forgo" not in legal(battle(30, ["leather_armor"], rung=0))  # 10 counts anyway
    assert "resolve forgo" not in legal(battle(7, ["leather_armor"], rung=1))  # 8 cannot be paid
    assert "resolve forgo" not in legal(battle(30, ["leather_armor"], rung=1, offerings=3))
