"""Rule tests for corruption, virtues, buildings, skulls and losing, and the behaviour of
every base virtue and corruption card that works without foes or battles
(RTDT-CORR-*, RTDT-VIRTUE-*, RTDT-BUILD-*, RTDT-SKULL-*, RTDT-END-*)."""

from __future__ import annotations

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, finish_turn, give, legal, play, resume, scenario, skulls
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import Rng, seed_state
from towerplay.rtdt import tower
from towerplay.rtdt.game import BASE_HEROES, RtdtGame
from towerplay.rtdt.models import AddSkulls, GainCorruption, Lose
from towerplay.rtdt.rules import movement, reinforce
from towerplay.rtdt.rules.common import glyph_cost
from towerplay.rtdt.rules.effects import run

GOLDEN_SUN = "potion_of_the_golden_sun"
DRAGON_TEETH = "potion_of_dragon_teeth"
PURIFYING = "potion_of_purifying_breath"
STRIDES = "potion_of_one_thousand_strides"

# Home kingdoms by seat: 1 player north; 2 players north, south; 4 players north, east,
# south, west. Building spaces:
NORTH = {
    "citadel": "radiant_mountains",
    "sanctuary": "upper_ice_fangs",
    "village": "egans_end",
    "bazaar": "dayside",
}
EAST = {
    "citadel": "inner_kinghills",
    "sanctuary": "greater_tombstones",
    "village": "duwani",
    "bazaar": "three_rivers",
}
SOUTH_VILLAGE = "southern_wastes"


def illegal(g: RtdtGame, action: str, rule: str) -> None:
    before = g.state_hash()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.rule == rule, err.value
    assert g.state_hash() == before


def corruption_next(g: RtdtGame, *cards: str) -> None:
    """Put these corruption cards on top of the deck, in order."""
    deck = g.state.corruption_deck
    for c in reversed(cards):
        deck.remove(c)
        deck.insert(0, c)


def emerge(g: RtdtGame, *kingdoms: str) -> None:
    """Skulls emerged from the Tower after the active hero's drop; run to the next question."""
    g.state.turn.phase = "place"
    g.state.emerged = list(kingdoms)
    resume(g)


def full(g: RtdtGame, buildings: dict[str, str]) -> None:
    skulls(g, **{sp: 3 for sp in buildings.values()})


# --- RTDT-CORR: corruption ------------------------------------------------------------------


def test_RTDT_CORR_1_losing_what_you_do_not_have_corrupts() -> None:
    g = scenario()
    h = g.hero(0)
    corruption_next(g, "weak")
    run(g.world, g.state, h, [Lose(op="lose", resource="warriors", amount=3)], "a test loss")
    assert (h.warriors, h.corruptions) == (4, [])  # paid in full: no corruption
    run(g.world, g.state, h, [Lose(op="lose", resource="warriors", amount=5)], "a test loss")
    assert (h.warriors, h.corruptions) == (0, ["weak"])


def test_RTDT_CORR_2_skulls_on_destroyed_buildings_corrupt_their_placer() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    for sp in NORTH.values():  # every north building destroyed
        del g.state.skulls[sp]
        g.state.destroyed.append(sp)
    for sp in EAST.values():  # and every east (dormant) building
        del g.state.skulls[sp]
        g.state.destroyed.append(sp)
    corruption_next(g, "weak", "lost", "feeble")
    removed = g.state.removed
    emerge(g, "north")
    assert g.hero(0).corruptions == ["weak"]  # the home player places it
    assert g.state.removed == removed + 1  # the skull leaves the game
    g = scenario(heroes=("orphaned_scion", "spymaster"), seed=2)
    for sp in EAST.values():
        del g.state.skulls[sp]
        g.state.destroyed.append(sp)
    corruption_next(g, "weak")
    g.state.dropper = 0
    emerge(g, "east")  # dormant: the dropping player places it
    assert g.hero(0).corruptions == ["weak"] and g.hero(1).corruptions == []


def test_RTDT_CORR_3_building_in_your_home_kingdom_destroyed_corrupts_you() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    skulls(g, southern_wastes=3)
    corruption_next(g, "weak")
    g.state.turn.phase = "place"
    g.state.emerged = ["south"]
    resume(g)
    assert g.to_act == 1  # the south is seat 1's home; seat 0 dropped
    play(g, f"place {SOUTH_VILLAGE}")
    assert SOUTH_VILLAGE in g.state.destroyed
    assert g.hero(1).corruptions == ["weak"] and g.hero(0).corruptions == []


def test_RTDT_CORR_4_gain_corruption_effect() -> None:
    g = scenario()
    corruption_next(g, "feeble")
    run(g.world, g.state, g.hero(0), [GainCorruption(op="gain_corruption")], "a test effect")
    assert g.hero(0).corruptions == ["feeble"]


def test_RTDT_CORR_5_one_corruption_per_effect() -> None:
    # the rulebook's example: lose 8 warriors and 2 spirit holding 6 and 1
    g = scenario()
    h = g.hero(0)
    give(g, 0, warriors=6, spirit=1)
    effects = [
        Lose(op="lose", resource="warriors", amount=8),
        Lose(op="lose", resource="spirit", amount=2),
    ]
    run(g.world, g.state, h, effects, "a test effect")
    assert (h.warriors, h.spirit) == (0, 0)
    assert len(h.corruptions) == 1


def test_RTDT_CORR_5_skulls_of_one_drop_on_destroyed_buildings_give_one_corruption() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    for sp in NORTH.values():
        del g.state.skulls[sp]
        g.state.destroyed.append(sp)
    removed = g.state.removed
    emerge(g, "north", "south", "north")
    assert g.hero(0).corruptions != [] and len(g.hero(0).corruptions) == 1
    assert g.state.removed == removed + 2
    assert g.result is None
    assert g.to_act == 1 and g.state.emerged == ["south"]  # the south skull is still placed


@rules("RTDT-CORR-6")
def test_RTDT_CORR_6_gain_corruption_effects_can_give_several() -> None:
    g = scenario()
    h = g.hero(0)
    run(g.world, g.state, h, [GainCorruption(op="gain_corruption")] * 2, "a test effect")
    assert len(h.corruptions) == 2 and g.result is None


def test_RTDT_CORR_6_building_destructions_can_give_several() -> None:
    g = scenario()
    full(g, NORTH)
    emerge(g, "north", "north")
    play(g, "place dayside", "place egans_end")
    assert len(g.hero(0).corruptions) == 2 and g.result is None


def test_RTDT_CORR_7_top_card_takes_effect_immediately() -> None:
    g = scenario()
    corruption_next(g, "feeble", "weak")
    assert "double" in legal(g)
    run(g.world, g.state, g.hero(0), [GainCorruption(op="gain_corruption")], "a test effect")
    g._legal = None
    assert g.hero(0).corruptions == ["feeble"]
    assert g.state.corruption_deck[0] == "weak"
    illegal(g, "double", "RTDT-CORR-7")  # feeble, at once
    # weak, gained while holding three treasures: discard at once
    give(g, 0, treasures=["lamp_of_hope", "white_cauldron", "crown_of_azkol"])
    run(g.world, g.state, g.hero(0), [GainCorruption(op="gain_corruption")], "a test effect")
    g._legal = None
    assert g.pending is not None and g.pending.kind == "discard"


@rules("RTDT-CORR-8", "RTDT-CORR-9", "RTDT-END-2")
def test_RTDT_CORR_9_third_corruption_loses_at_once() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    give(g, 0, corruptions=["weak", "lost"])
    full(g, NORTH)
    emerge(g, "north")
    play(g, "place dayside")
    assert len(g.hero(0).corruptions) == 2  # at most two
    assert g.result is not None and g.result.outcome == "loss"
    assert g.result.cause == "third corruption"
    assert g.to_act is None and g.legal_actions() == []
    illegal(g, "end", "RTDT-END-1")


def test_RTDT_CORR_10_lost_corruption_goes_to_the_bottom_of_the_deck() -> None:
    g = scenario()
    give(g, 0, spirit=5, corruptions=["weak", "feral"])
    at(g, 0, NORTH["sanctuary"])
    play(g, "reinforce enhanced")
    assert g.hero(0).corruptions == []
    assert g.state.corruption_deck[-2:] == ["weak", "feral"]
    assert len(g.state.corruption_deck) == 12


# --- RTDT-VIRTUE: virtues -------------------------------------------------------------------


def test_RTDT_VIRTUE_1_three_active_and_three_inactive_virtues() -> None:
    g = scenario(heroes=BASE_HEROES)
    for h in g.state.heroes:
        assert len(h.virtues) == 3 and len(h.inactive) == 3
        sheet = g.world.content.heroes[h.hero]
        assert set(h.virtues) >= {v.id for v in sheet.starting_virtues}


def test_RTDT_VIRTUE_2_gained_by_spending_spirit_at_a_citadel() -> None:
    g = scenario(heroes=("spymaster",))
    give(g, 0, spirit=4)
    assert "reinforce enhanced" not in legal(g)  # 5 spirit
    give(g, 0, spirit=5)
    play(g, "reinforce enhanced")
    assert g.hero(0).spirit == 0
    assert legal(g) == {"flip resourceful", "flip fortunate", "flip unseen"}
    at_other = scenario(heroes=("spymaster",))
    give(at_other, 0, spirit=5)
    at(at_other, 0, NORTH["village"])  # not a citadel: no virtue
    play(at_other, "reinforce enhanced")
    assert at_other.pending is None and len(at_other.hero(0).inactive) == 3


def test_RTDT_VIRTUE_3_flip_one_of_your_choice_with_effect_at_once() -> None:
    g = scenario(heroes=("spymaster",))
    give(g, 0, spirit=5)
    play(g, "reinforce enhanced")
    illegal(g, "flip inspiring", "RTDT-VIRTUE-3")  # not one of yours
    play(g, "flip fortunate")
    h = g.hero(0)
    assert "fortunate" in h.virtues and "fortunate" not in h.inactive
    assert h.inactive == ["resourceful", "unseen"]
    # Fortunate works at once: a second Reinforce at this same citadel
    assert "reinforce free" in legal(g)
    play(g, "reinforce free")
    assert len(h.potions) == 1


def test_RTDT_VIRTUE_4_virtues_cannot_be_traded() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    at(g, 1, g.hero(0).space)
    play(g, "trade 1")
    virtues = set(g.hero(0).virtues + g.hero(0).inactive + g.hero(1).virtues + g.hero(1).inactive)
    assert not any(a.split()[-1] in virtues for a in legal(g))
    illegal(g, "give generous", "RTDT-TRADE-3")
    illegal(g, "take swift", "RTDT-TRADE-3")


# --- RTDT-BUILD: buildings ------------------------------------------------------------------


def test_RTDT_BUILD_1_four_types_one_of_each_per_kingdom() -> None:
    board = scenario().world.board
    assert set(board.building_of.values()) == {"citadel", "sanctuary", "village", "bazaar"}
    for k in ("north", "east", "south", "west"):
        types = [board.building_of[sp] for sp in board.kingdom_buildings[k]]
        assert sorted(types) == ["bazaar", "citadel", "sanctuary", "village"]


def test_RTDT_BUILD_2_reinforce_only_on_a_building_space() -> None:
    g = scenario()
    assert "reinforce free" in legal(g)  # the citadel
    play(g, "move green_bridge")  # no building
    assert not any(a.startswith(("reinforce", "haggle")) for a in legal(g))
    illegal(g, "reinforce free", "RTDT-REINF-1")
    play(g, "move radiant_mountains")
    assert "reinforce free" in legal(g)


@rules(
    "RTDT-BUILD-3", "RTDT-BUILD-4", "RTDT-SKULL-2", "RTDT-SKULL-3", "RTDT-SKULL-4", "RTDT-SKULL-5"
)
def test_RTDT_SKULL_3_fourth_skull_destroys_the_building() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    skulls(g, egans_end=2)
    corruption_next(g, "weak", "lost")
    supply = g.state.supply
    emerge(g, "north")
    play(g, "place egans_end")
    assert g.state.skulls["egans_end"] == 3  # the third: still standing
    assert g.hero(0).corruptions == []
    emerge(g, "north")
    play(g, "place egans_end")
    s = g.state
    assert "egans_end" not in s.skulls and s.destroyed == ["egans_end"]
    assert all(n <= 3 for n in s.skulls.values())
    assert s.removed == 4 and s.supply == supply  # all four skulls leave the game
    assert g.hero(0).corruptions == ["weak"]  # the home player
    assert g.hero(1).corruptions == []
    # gone for good: no Reinforce, no Cleanse, no skull placement there
    at(g, 0, "egans_end")
    g.state.turn.phase = "middle"
    g._legal = None
    assert not any(a.startswith(("reinforce", "cleanse", "haggle")) for a in legal(g))
    emerge(g, "north")
    assert "place egans_end" not in legal(g)


@rules("RTDT-BUILD-5", "RTDT-SKULL-6")
def test_RTDT_SKULL_6_building_in_a_dormant_kingdom_corrupts_nobody() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    skulls(g, duwani=3)
    emerge(g, "east")
    assert g.to_act == 0  # the dropper decides for the dormant east
    play(g, "place duwani")
    assert "duwani" in g.state.destroyed and g.state.removed == 4
    assert g.hero(0).corruptions == [] and g.hero(1).corruptions == []


# --- RTDT-SKULL: skulls ---------------------------------------------------------------------


def test_RTDT_SKULL_1_emerged_skulls_must_go_on_buildings() -> None:
    g = scenario()
    emerge(g, "north")
    assert legal(g) == {f"place {sp}" for sp in NORTH.values()}  # no skipping, no other space
    illegal(g, "place green_bridge", "RTDT-PLACE-2")
    illegal(g, "end", "RTDT-PLACE-2")
    illegal(g, "stop", "RTDT-PLACE-2")
    before = sum(g.state.skulls.values())
    play(g, "place dayside")
    assert sum(g.state.skulls.values()) == before + 1


@rules("RTDT-SKULL-7", "RTDT-END-3")
def test_RTDT_SKULL_7_empty_supply_loses() -> None:
    g = scenario()
    g.state.removed += g.state.supply - 1  # (keep the 24 skulls accounted for)
    g.state.supply = 1
    finish_turn(g)  # the last skull: fine
    assert g.result is None and g.state.supply == 0
    finish_turn(g)
    assert g.result is not None and g.result.outcome == "loss"
    assert g.result.cause == "empty skull supply"
    assert g.to_act is None


def test_RTDT_SKULL_8_skulls_make_things_more_threatening() -> None:
    # Battle cards that cost more near skulls are Part 2; in Part 1 a building's skulls
    # already threaten: a third skull puts it beyond a Feverish hero's Cleanse, and a
    # fourth destroys it. Players see every building's skulls.
    g = scenario()
    give(g, 0, corruptions=["feverish"])
    skulls(g, radiant_mountains=2)
    assert "cleanse radiant_mountains" in legal(g)
    skulls(g, radiant_mountains=3)
    assert "cleanse radiant_mountains" not in legal(g)
    view = g.observe(0)["kingdoms"]["north"]["buildings"]
    assert view["radiant_mountains"]["skulls"] == 3


def test_RTDT_SKULL_9_skulls_emerge_more_often_as_seals_come_off() -> None:
    def out_per_drop(seals_on: int) -> float:
        rng = Rng(seed_state(seals_on))
        out = 0
        for _ in range(40):
            t = tower.new_tower()
            for i in range(12 - seals_on):
                t.seals[i] = False
            for _ in range(12):
                out += len(tower.drop_skull(t, rng))
        return out / (40 * 12)

    sealed, open_ = out_per_drop(12), out_per_drop(0)
    assert open_ > sealed + 0.15


# --- RTDT-END: losing -----------------------------------------------------------------------


def test_RTDT_END_1_all_heroes_lose_together() -> None:
    g = scenario(heroes=BASE_HEROES)
    give(g, 2, corruptions=["weak", "lost"])
    skulls(g, sands_of_madness=3)
    emerge(g, "south")
    play(g, "place sands_of_madness")  # seat 2's third corruption
    assert g.result is not None
    assert g.result.outcome == "loss" and g.result.winners == ()  # nobody wins
    assert g.to_act is None
    for seat in range(4):
        assert g.observe(seat)["result"] == g.result.to_json()


def test_RTDT_END_4_losing_when_the_sixth_month_ends() -> None:
    g = scenario()
    g.state.month = 5
    g.state.month_turn = g.state.month_length - 1
    finish_turn(g)
    assert g.result is None and g.state.month == 6
    g.state.month_turn = g.state.month_length - 1
    finish_turn(g)
    assert g.result is not None and g.result.cause == "the sixth month ended"


# --- virtues ----------------------------------------------------------------------------------


def test_generous_clears_a_skull_anywhere_after_a_cleanse() -> None:
    g = scenario()
    skulls(g, radiant_mountains=2, anza=1)
    play(g, "cleanse radiant_mountains")
    # after the Cleanse: the cleansed building is already empty; a skull must be chosen
    targets = {sp for sp, n in g.state.skulls.items() if n > 0}
    assert "radiant_mountains" not in targets
    assert legal(g) == {f"remove {sp}" for sp in targets}
    play(g, "remove anza")
    assert g.state.skulls["anza"] == 0 and g.pending is None


def test_infused_clears_a_home_skull_as_the_turn_starts() -> None:
    g = scenario()
    give(g, 0, virtues=["infused"])
    skulls(g, anza=2)  # a skull outside the home kingdom
    finish_turn(g)
    assert g.state.turn.start_pending == ["infused"]
    illegal(g, "double", "RTDT-TURN-4")  # it must happen in the start step
    play(g, "resolve infused")
    home = {sp for sp in NORTH.values() if g.state.skulls[sp] > 0}
    assert home and legal(g) == {f"remove {sp}" for sp in home}
    sp = sorted(home)[0]
    n = g.state.skulls[sp]
    play(g, f"remove {sp}")
    assert g.state.skulls[sp] == n - 1


def test_inspiring_gives_six_more_warriors_on_each_reinforce() -> None:
    g = scenario(heroes=("brutal_warlord",))
    give(g, 0, virtues=["inspiring"])
    at(g, 0, NORTH["village"])
    play(g, "reinforce free")
    assert g.hero(0).warriors == 7 + 6 + 6


def test_prepared_bazaar_enhanced_costs_one_less() -> None:
    g = scenario(heroes=("relic_hunter",))
    at(g, 0, NORTH["bazaar"])
    assert reinforce.reinforce_cost(g.world, g.state, g.hero(0), "enhanced") == 1
    assert reinforce.reinforce_cost(g.world, g.state, g.hero(0), "free") == 0
    play(g, "reinforce enhanced", f"take {g.state.market[0]}")
    assert g.hero(0).spirit == 0 and len(g.hero(0).treasures) == 1
    g = scenario(heroes=("orphaned_scion",))
    at(g, 0, NORTH["bazaar"])
    assert "reinforce enhanced" not in legal(g)


def test_crafty_doubles_spent_potions() -> None:
    g = scenario(heroes=("relic_hunter",))
    give(g, 0, virtues=["crafty"], potions=[GOLDEN_SUN, DRAGON_TEETH, PURIFYING, STRIDES])
    play(g, f"use {GOLDEN_SUN}", f"use {DRAGON_TEETH}")
    assert (g.hero(0).spirit, g.hero(0).warriors) == (3, 19)
    skulls(g, duwani=3)
    play(g, f"use {PURIFYING}", "remove duwani", "remove duwani", "remove duwani")
    assert g.state.skulls["duwani"] == 0
    play(g, f"use {STRIDES}", "hero relic_hunter")
    assert g.pending is not None and g.pending.amount == 6


def test_lucky_draws_a_treasure_on_spending_not_losing() -> None:
    g = scenario(heroes=("relic_hunter",))
    give(g, 0, virtues=["lucky"], treasures=["acorns_of_the_white_oak"])
    top = g.state.treasure_deck[0]
    play(g, "use acorns_of_the_white_oak", "stop")
    assert g.hero(0).treasures == [top]
    # spending the Circlet instead of the skull drop is spending too
    give(g, 0, treasures=["circlet_of_conviction"])
    top = g.state.treasure_deck[0]
    play(g, "end skip")
    first = g.state.treasure_deck[-1]  # the Circlet, back under the deck
    assert first == "circlet_of_conviction"
    assert len(g.hero(0).treasures) == 2 and top in g.hero(0).treasures
    # losing a treasure (a forced discard) draws nothing
    g = scenario(heroes=("relic_hunter",))
    give(g, 0, virtues=["lucky"], treasures=["lamp_of_hope", "white_cauldron", "azkols_horn"])
    corruption_next(g, "weak")
    run(g.world, g.state, g.hero(0), [GainCorruption(op="gain_corruption")], "a test effect")
    g._legal = None
    play(g, "discard azkols_horn")
    assert sorted(g.hero(0).treasures) == ["lamp_of_hope", "white_cauldron"]


def test_swift_base_move_is_four() -> None:
    g = scenario(heroes=("spymaster",))
    assert movement.move_value(g.world, g.state, g.hero(0)) == 4
    give(g, 0, gear=["trusted_maps"])
    assert movement.move_value(g.world, g.state, g.hero(0)) == 5
    assert movement.move_value(g.world, g.state, scenario().hero(0)) == 3


def test_resourceful_fifteen_warriors_when_each_month_ends() -> None:
    g = scenario(heroes=("spymaster", "relic_hunter"))
    give(g, 0, virtues=["resourceful"])
    finish_turn(g)
    assert g.hero(0).warriors == 7 and g.state.month == 1  # not yet
    finish_turn(g)  # the first month (one turn each) ends on seat 1's turn
    assert g.state.month == 2
    assert g.hero(0).warriors == 7 + 15 and g.hero(1).warriors == 7


def test_fortunate_reinforces_twice_at_the_same_building() -> None:
    g = scenario(heroes=("spymaster",))
    give(g, 0, virtues=["fortunate"])
    at(g, 0, NORTH["village"])
    play(g, "reinforce free", "reinforce free")
    assert g.hero(0).warriors == 19
    illegal(g, "reinforce free", "RTDT-REINF-1")  # not a third time
    g = scenario(heroes=("spymaster",))
    give(g, 0, virtues=["fortunate"])
    play(g, "reinforce free")
    at(g, 0, NORTH["village"])
    assert not any(a.startswith("reinforce") for a in legal(g))  # another building: no


def test_kingdom_virtues_are_active_from_setup() -> None:
    g = scenario(heroes=BASE_HEROES)
    for h in g.state.heroes:
        virtue = f"champion_of_the_{h.kingdom}"
        assert virtue in h.virtues and virtue in h.cards()
        (adv,) = g.world.advantages[virtue]
        assert (adv.type, adv.amount) == ("wild", 2)
        assert adv.when == f"on_{g.world.content.kingdoms[h.kingdom].terrain}"


# --- corruptions ----------------------------------------------------------------------------


def test_selfish_gives_nothing_in_a_trade() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    at(g, 1, g.hero(0).space)
    give(g, 0, potions=[GOLDEN_SUN], corruptions=["selfish"])
    play(g, "trade 1")
    assert not any(a.startswith("give") for a in legal(g))
    assert "take warriors 1" in legal(g)
    illegal(g, f"give {GOLDEN_SUN}", "RTDT-CORR-7")  # the corruption, named
    # a Selfish partner gives nothing either
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    at(g, 1, g.hero(0).space)
    give(g, 1, corruptions=["selfish"])
    play(g, "trade 1")
    assert not any(a.startswith("take") for a in legal(g))


def test_tempted_glyphs_cost_one_more() -> None:
    g = scenario()
    g.state.tower.seals[0] = False  # the cleanse glyph faces the north
    skulls(g, radiant_mountains=1)
    assert glyph_cost(g.world, g.state, g.hero(0), "cleanse") == 1
    give(g, 0, spirit=1, corruptions=["tempted"])
    assert glyph_cost(g.world, g.state, g.hero(0), "cleanse") == 2
    assert "cleanse radiant_mountains" not in legal(g)
    give(g, 0, spirit=2)
    play(g, "cleanse radiant_mountains", "remove egans_end")
    assert g.hero(0).spirit == 0 + 2  # paid 2, then the heroic action's 2


def test_uncertain_reinforcing_ends_the_turn() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    give(g, 0, corruptions=["uncertain"], potions=[GOLDEN_SUN])
    at(g, 0, NORTH["village"])
    play(g, "reinforce free")
    while g.pending is not None and g.state.turn.seat == 0:
        g.apply(g.legal_actions()[0])
    assert g.state.turn.seat == 1  # straight on to the next hero
    assert g.hero(0).warriors == 13 and g.hero(0).potions == [GOLDEN_SUN]


def test_cruel_village_reinforce_costs_a_spirit() -> None:
    g = scenario()
    give(g, 0, spirit=2, corruptions=["cruel"])
    at(g, 0, NORTH["village"])
    play(g, "reinforce free")
    assert (g.hero(0).spirit, g.hero(0).warriors) == (1, 13)
    g = scenario()
    give(g, 0, spirit=2, corruptions=["cruel"])
    play(g, "reinforce free")  # a citadel: no cost
    assert g.hero(0).spirit == 2


def test_feral_ending_on_a_building_costs_two_spirit() -> None:
    g = scenario()
    give(g, 0, spirit=3, corruptions=["feral"])
    play(g, "end")
    assert g.hero(0).spirit == 1
    g = scenario()
    give(g, 0, spirit=3, corruptions=["feral"])
    play(g, "move green_bridge", "end")
    assert g.hero(0).spirit == 3


def test_feeble_cannot_double_the_move() -> None:
    g = scenario()
    give(g, 0, spirit=3, corruptions=["feeble"])
    assert "double" not in legal(g)
    illegal(g, "double", "RTDT-CORR-7")


def test_lost_ending_in_your_home_kingdom_costs_a_spirit() -> None:
    g = scenario()
    give(g, 0, spirit=3, corruptions=["lost"])
    play(g, "end")
    assert g.hero(0).spirit == 2
    g = scenario()
    give(g, 0, spirit=3, corruptions=["lost"])
    at(g, 0, "duwani")
    play(g, "end")
    assert g.hero(0).spirit == 3


def test_weak_holds_only_two_treasures() -> None:
    g = scenario()
    give(g, 0, spirit=2, treasures=["lamp_of_hope", "white_cauldron"], corruptions=["weak"])
    at(g, 0, NORTH["bazaar"])
    new = g.state.market[0]
    play(g, "reinforce enhanced", f"take {new}")
    assert g.pending is not None and g.pending.kind == "discard"
    play(g, f"discard {new}")
    assert g.hero(0).treasures == ["lamp_of_hope", "white_cauldron"] and g.pending is None


def test_feverish_cannot_cleanse_a_building_with_three_skulls() -> None:
    g = scenario()
    give(g, 0, corruptions=["feverish"])
    skulls(g, radiant_mountains=3)
    illegal(g, "cleanse radiant_mountains", "RTDT-CORR-7")
    skulls(g, radiant_mountains=2)
    play(g, "cleanse radiant_mountains")
    assert g.state.skulls["radiant_mountains"] == 0


def test_greedy_bazaar_reinforce_costs_a_spirit() -> None:
    g = scenario()
    give(g, 0, spirit=1, corruptions=["greedy"])
    at(g, 0, NORTH["bazaar"])
    play(g, "reinforce free", "take longswords")
    assert g.hero(0).spirit == 0
    g = scenario()
    give(g, 0, spirit=1, corruptions=["greedy"])
    at(g, 0, NORTH["village"])
    play(g, "reinforce free")
    assert g.hero(0).spirit == 1


def test_suspicious_holds_only_two_potions() -> None:
    g = scenario()
    give(g, 0, potions=[GOLDEN_SUN, DRAGON_TEETH], corruptions=["suspicious"])
    top = g.state.potion_deck[0]
    play(g, "reinforce free")
    assert g.pending is not None and g.pending.kind == "discard"
    play(g, f"discard {GOLDEN_SUN}")
    assert sorted(g.hero(0).potions) == sorted([DRAGON_TEETH, top])
    assert g.state.potion_deck[-1] == GOLDEN_SUN


def test_cursed_is_data_only() -> None:
    g = scenario()
    card = g.world.cards["cursed"]
    assert g.world.kind_of["cursed"] == "corruption"
    (mod,) = g.world.modifiers["cursed"]
    assert (mod.stat, mod.amount) == ("advantage_cap", 4)
    assert not g.world.triggers["cursed"] and not g.world.restrictions["cursed"]
    give(g, 0, corruptions=["cursed"])
    assert legal(g) == legal(scenario())  # nothing changes without battles
    assert card.name == "Cursed"


@rules("RTDT-CORR-2", "RTDT-CORR-5", "RTDT-SKULL-7")
def test_an_effects_skulls_go_on_a_building_near_or_out_of_the_game() -> None:
    g = scenario()
    s, w, h = g.state, g.world, g.hero(0)
    here = h.space  # the citadel the hero starts on
    skulls(g, **{here: 0})
    supply = s.supply
    run(w, s, h, [AddSkulls(op="add_skulls", amount=1)], "a test effect")
    g._legal = None
    assert g.pending is not None and g.pending.kind == "add_skull"
    play(g, f"skull {here}")
    assert s.skulls[here] == 1 and s.supply == supply - 1  # from the supply onto the building
    # nothing standing on or next to the hero: both skulls leave the game, one corruption
    g = scenario()
    s, w, h = g.state, g.world, g.hero(0)
    for sp in w.board.near(h.space):
        if sp in s.skulls:
            skulls(g, **{sp: 0})
            del s.skulls[sp]
            s.destroyed.append(sp)
    supply, removed = s.supply, s.removed
    run(w, s, h, [AddSkulls(op="add_skulls", amount=2)], "a test effect")
    g._legal = None
    assert legal(g) == {"skull none"}
    play(g, "skull none")
    assert s.removed == removed + 2 and s.supply == supply - 2 and len(h.corruptions) == 1
