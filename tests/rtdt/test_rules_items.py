"""Rule tests for resources and items, and the behaviour of every base gear, potion and
treasure that works without foes or battles (RTDT-RES-*, RTDT-ITEM-*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, finish_turn, give, legal, play, resume, scenario, skulls
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import Rng
from towerplay.rtdt.game import RtdtGame, make_config, setup_state
from towerplay.rtdt.rules import holdings, movement
from towerplay.rtdt.rules.common import glyph_cost
from towerplay.rtdt.world import get_world

GOLDEN_SUN = "potion_of_the_golden_sun"
DRAGON_TEETH = "potion_of_dragon_teeth"
PURIFYING = "potion_of_purifying_breath"
STRIDES = "potion_of_one_thousand_strides"
SIRENS_SONG = "potion_of_the_sirens_song"
FORTUNES_FAVOR = "potion_of_fortunes_favor"

# Scion (north) starts on the north citadel, radiant_mountains. North buildings:
# dayside (bazaar), egans_end (village), upper_ice_fangs (sanctuary).


def illegal(g: RtdtGame, action: str, rule: str) -> None:
    before = g.state_hash()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.rule == rule, err.value
    assert g.state_hash() == before


def top_of_deck(g: RtdtGame, deck: list[str], card: str) -> None:
    """Put `card` on top of `deck`."""
    deck.remove(card)
    deck.insert(0, card)
    g._legal = None


def force_haggle(monkeypatch: pytest.MonkeyPatch, result: str) -> None:
    """The haggle die shows `result` (the die is the only face-object choice)."""
    original = Rng.choice

    def choice(self: Rng, seq):  # type: ignore[no-untyped-def]
        if seq and hasattr(seq[0], "result"):
            return next(f for f in seq if f.result == result)
        return original(self, seq)

    monkeypatch.setattr(Rng, "choice", choice)


# --- RTDT-RES: resources -------------------------------------------------------------------


def test_RTDT_RES_1_warriors_and_spirit_are_unlimited() -> None:
    g = scenario(heroes=("brutal_warlord",))
    give(g, 0, warriors=10**6, spirit=10**6)
    at(g, 0, "egans_end")
    play(g, "banner", "reinforce enhanced")  # +5, then 1 spirit for +12
    h = g.hero(0)
    assert h.warriors == 10**6 + 5 + 12
    assert h.spirit == 10**6 - 1


def test_RTDT_RES_2_spending_is_optional_and_any_time_in_your_turn() -> None:
    g = scenario()
    give(g, 0, potions=[GOLDEN_SUN, GOLDEN_SUN, GOLDEN_SUN])
    # in the start step, before the banner: the banner is still available afterwards
    play(g, f"use {GOLDEN_SUN}")
    assert g.state.turn.phase == "start" and "banner" in legal(g)
    # in the middle, between two steps of a move
    play(g, "move green_bridge", f"use {GOLDEN_SUN}", "move radiant_mountains")
    assert g.hero(0).spirit == 3
    # optional: the last potion is simply kept through the end of the turn
    finish_turn(g)
    assert g.hero(0).potions == [GOLDEN_SUN]


def test_RTDT_RES_3_items_spent_as_a_cost_give_not_their_own_effect(tmp_path: Path) -> None:
    # A designed test card, shaped like the Relic Hunter's Inventive (spend potions to pay
    # for another effect), whose effect needs no foe.
    (tmp_path / "items.yaml").write_text(
        """
treasures:
  - id: test_potion_sink
    source: designed
    name: Potion Sink
    text: Spend 2 potions to take 1 warrior.
    abilities:
      - kind: use
        potions: 2
        effects:
          - {op: gain, resource: warriors, amount: 1}
""",
        encoding="utf-8",
    )
    w = get_world([tmp_path])
    g = RtdtGame(w, setup_state(w, make_config(heroes=("orphaned_scion",), seed=1)))
    give(g, 0, potions=[GOLDEN_SUN, DRAGON_TEETH], treasures=["test_potion_sink"])
    play(g, "use test_potion_sink")
    h = g.hero(0)
    assert (h.warriors, h.spirit) == (8, 1)  # no spirit, no 6 warriors from the potions
    assert h.potions == []
    assert g.state.potion_deck[-2:] == [GOLDEN_SUN, DRAGON_TEETH]  # spent, returned


def test_RTDT_RES_4_losing_is_mandatory() -> None:
    g = scenario()
    give(g, 0, spirit=5, corruptions=["feral"])
    # no choice is offered: the loss simply happens when the turn ends on a building
    play(g, "end")
    assert g.hero(0).spirit == 3
    g = scenario()
    at(g, 0, "egans_end")
    give(g, 0, spirit=4, corruptions=["cruel"])
    play(g, "reinforce free")
    assert g.hero(0).spirit == 3 and g.hero(0).warriors == 13


@rules("RTDT-RES-5")
def test_RTDT_RES_5_unpaid_loss_loses_what_you_can_and_corrupts() -> None:
    g = scenario()
    give(g, 0, spirit=1, corruptions=["feral"])
    top_of_deck(g, g.state.corruption_deck, "weak")
    play(g, "end")
    assert g.hero(0).spirit == 0
    assert g.hero(0).corruptions == ["feral", "weak"]


def test_RTDT_RES_6_spent_and_lost_things_return_where_they_belong() -> None:
    g = scenario()
    give(g, 0, potions=[GOLDEN_SUN], treasures=["acorns_of_the_white_oak"], gear=["trusted_maps"])
    assert g.state.gear_piles["trusted_maps"] == 2
    play(g, f"use {GOLDEN_SUN}")
    assert g.state.potion_deck[-1] == GOLDEN_SUN  # bottom of the potion deck
    play(g, "use acorns_of_the_white_oak", "stop")
    assert g.state.treasure_deck[-1] == "acorns_of_the_white_oak"  # bottom of the treasure deck
    assert "acorns_of_the_white_oak" not in g.state.market
    # a duplicate gear goes back to its own pile
    at(g, 0, "dayside")
    play(g, "reinforce free", "take trusted_maps")
    assert g.hero(0).gear == ["trusted_maps"]
    assert g.state.gear_piles["trusted_maps"] == 2
    # a quest item goes back to the box: it joins no deck or pile
    h = g.hero(0)
    h.quest_items.append("test_quest_item")
    holdings.return_item(g.state, "quest_item", h.quest_items.pop())
    assert "test_quest_item" not in str(g.to_json())


# --- RTDT-ITEM: items ----------------------------------------------------------------------


def test_RTDT_ITEM_1_four_item_types() -> None:
    g = scenario()
    kinds = set(g.world.kind_of.values()) - {"virtue", "corruption", "companion", "spell"}
    assert kinds == {"potion", "gear", "treasure", "quest_item"}
    h = g.hero(0).to_json()
    assert {"potions", "gear", "treasures", "quest_items"} <= set(h)


def test_RTDT_ITEM_2_items_are_gained_by_reinforcing() -> None:
    g = scenario()
    play(g, "reinforce free")  # citadel: a potion
    assert len(g.hero(0).potions) == 1
    finish_turn(g)
    at(g, 0, "dayside")
    play(g, "reinforce free", "take longswords")  # bazaar: a gear
    assert g.hero(0).gear == ["longswords"]
    finish_turn(g)
    give(g, 0, spirit=2)
    market = g.state.market[0]
    play(g, "reinforce enhanced", f"take {market}")  # bazaar, enhanced: a treasure
    assert g.hero(0).treasures == [market]


def test_RTDT_ITEM_3_carrying_limits() -> None:
    g = scenario()
    # potions: unlimited
    give(g, 0, potions=[GOLDEN_SUN] * 3 + [DRAGON_TEETH] * 3 + [PURIFYING] * 3)
    play(g, "reinforce free")
    assert len(g.hero(0).potions) == 10 and g.pending is None
    # treasures: four are fine
    g = scenario()
    give(g, 0, spirit=2, treasures=["lamp_of_hope", "white_cauldron", "crown_of_azkol"])
    at(g, 0, "dayside")
    play(g, "reinforce enhanced", f"take {g.state.market[0]}")
    assert len(g.hero(0).treasures) == 4 and g.pending is None
    # gear: one of each card, so at most six
    g = scenario()
    give(g, 0, gear=["trusted_maps", "longswords"])
    at(g, 0, "dayside")
    play(g, "reinforce free", "take longswords")
    assert sorted(g.hero(0).gear) == ["longswords", "trusted_maps"]


@rules("RTDT-ITEM-4")
def test_RTDT_ITEM_4_fifth_treasure_is_discarded_at_once_by_choice() -> None:
    g = scenario()
    held = ["lamp_of_hope", "white_cauldron", "crown_of_azkol", "azkols_horn"]
    give(g, 0, spirit=2, treasures=held)
    at(g, 0, "dayside")
    new = g.state.market[0]
    play(g, "reinforce enhanced", f"take {new}")
    assert g.pending is not None and g.pending.kind == "discard"
    assert legal(g) == {f"discard {t}" for t in [*held, new]}
    illegal(g, "end", "RTDT-ITEM-4")
    play(g, "discard crown_of_azkol")
    assert sorted(g.hero(0).treasures) == sorted([*held, new][:2] + [held[3], new])
    assert g.state.treasure_deck[-1] == "crown_of_azkol"
    assert g.pending is None


def test_RTDT_ITEM_4_duplicate_gear_is_discarded() -> None:
    g = scenario()
    give(g, 0, gear=["dusky_cloaks"])
    at(g, 0, "dayside")
    play(g, "reinforce free", "take dusky_cloaks")
    assert g.hero(0).gear == ["dusky_cloaks"]
    assert g.state.gear_piles["dusky_cloaks"] == 2


def test_RTDT_ITEM_4_limits_apply_to_items_received_in_a_trade() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    at(g, 1, g.hero(0).space)
    held = ["lamp_of_hope", "white_cauldron", "crown_of_azkol", "azkols_horn"]
    give(g, 0, treasures=held, gear=["longswords"])
    give(g, 1, treasures=["necklace_of_haggling"], gear=["longswords"])
    play(g, "trade 1", "take necklace_of_haggling", "take longswords", "offer", "accept")
    assert g.hero(0).gear == ["longswords"]  # the duplicate went back to its pile
    assert g.state.gear_piles["longswords"] == 2
    assert g.to_act == 0 and legal(g) == {f"discard {t}" for t in [*held, "necklace_of_haggling"]}
    play(g, "discard lamp_of_hope")
    assert len(g.hero(0).treasures) == 4 and g.pending is None


def test_RTDT_ITEM_5_potion_is_the_top_of_the_potion_deck() -> None:
    g = scenario()
    top = g.state.potion_deck[0]
    size = len(g.state.potion_deck)
    play(g, "reinforce free")
    assert g.hero(0).potions == [top]
    assert len(g.state.potion_deck) == size - 1


def test_RTDT_ITEM_6_gear_from_the_pile_of_your_choice() -> None:
    g = scenario()
    g.state.gear_piles["longswords"] = 0  # an empty pile cannot be chosen
    at(g, 0, "dayside")
    play(g, "reinforce free")
    assert legal(g) == {f"take {x}" for x in g.state.gear_piles if x != "longswords"}
    illegal(g, "take longswords", "RTDT-ITEM-6")
    play(g, "take brass_talismans")
    assert g.hero(0).gear == ["brass_talismans"]
    assert g.state.gear_piles["brass_talismans"] == 2


def test_RTDT_ITEM_7_treasure_from_the_market_which_is_refilled() -> None:
    g = scenario()
    give(g, 0, spirit=2)
    at(g, 0, "dayside")
    market = g.state.market[:]
    top = g.state.treasure_deck[0]
    play(g, "reinforce enhanced")
    assert legal(g) == {f"take {t}" for t in market}
    illegal(g, f"take {top}", "RTDT-ITEM-7")  # the deck is face down: not a choice
    play(g, f"take {market[1]}")
    assert g.hero(0).treasures == [market[1]]
    assert g.state.market == [market[0], market[2], top]
    assert len(g.state.market) == 3


def test_RTDT_ITEM_8_quest_items_are_named_cards_without_limit() -> None:
    # Quests (which give quest items) are Part 2; what Part 1 guarantees is how a held
    # quest item is kept: by name, any number, never forced out by a limit.
    g = scenario()
    items = list(g.world.content.quest_items)
    g.hero(0).quest_items.extend(items[i % len(items)] for i in range(12))
    play(g, "reinforce free")
    assert g.pending is None
    assert len(g.hero(0).quest_items) == 12
    again = RtdtGame.from_json(g.to_json())
    assert again.hero(0).quest_items == g.hero(0).quest_items


def test_RTDT_ITEM_9_items_only_during_your_own_turn() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    give(g, 1, potions=[GOLDEN_SUN])
    assert f"use {GOLDEN_SUN}" not in legal(g)  # seat 0's turn: seat 1's potion
    # seat 1 is asked to place a skull in their home kingdom during seat 0's turn
    g.state.emerged = ["south"]
    g.state.turn.phase = "place"
    resume(g)
    assert g.to_act == 1
    illegal(g, f"use {GOLDEN_SUN}", "RTDT-ITEM-9")


def test_RTDT_ITEM_10_no_items_after_dropping_your_skull() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    give(g, 0, potions=[PURIFYING])
    skulls(g, dayside=3, egans_end=3, radiant_mountains=3, upper_ice_fangs=3)
    assert f"use {PURIFYING}" in legal(g)
    number = g.state.turn_number
    # seat 0 has dropped the skull and one emerged in the north, their home kingdom
    g.state.turn.phase = "place"
    g.state.emerged = ["north"]
    resume(g)
    assert g.to_act == 0 and g.state.turn.seat == 0 and g.state.turn_number == number
    illegal(g, f"use {PURIFYING}", "RTDT-ITEM-10")  # not even to save the building
    play(g, "place dayside")
    assert "dayside" in g.state.destroyed


# --- gear ------------------------------------------------------------------------------------


def test_trusted_maps_add_one_to_base_move() -> None:
    g = scenario()
    give(g, 0, gear=["trusted_maps"])
    w, s, h = g.world, g.state, g.hero(0)
    assert movement.move_value(w, s, h) == 4
    play(g, "double")
    assert movement.move_value(w, s, h) == 8  # added before doubling
    for _ in range(8):
        play(g, f"move {sorted(g.world.board.neighbours[h.space])[0]}")
    assert not any(a.startswith("move") for a in legal(g))


def test_blessed_scepters_clear_a_skull_where_you_reinforce() -> None:
    g = scenario()
    give(g, 0, gear=["blessed_scepters"])
    at(g, 0, "egans_end")
    skulls(g, egans_end=2, duwani=2)
    play(g, "reinforce free")
    assert legal(g) == {"remove egans_end"}  # only this building
    play(g, "remove egans_end")
    assert g.state.skulls["egans_end"] == 1
    assert g.hero(0).warriors == 13
    # no skulls there: nothing to clear, no question
    g = scenario()
    give(g, 0, gear=["blessed_scepters"])
    play(g, "reinforce free")
    assert g.pending is None


# --- potions ---------------------------------------------------------------------------------


def test_potion_of_the_golden_sun_gives_one_spirit() -> None:
    g = scenario()
    give(g, 0, potions=[GOLDEN_SUN])
    play(g, f"use {GOLDEN_SUN}")
    assert g.hero(0).spirit == 2 and g.hero(0).potions == []


def test_potion_of_dragon_teeth_gives_six_warriors() -> None:
    g = scenario()
    give(g, 0, potions=[DRAGON_TEETH])
    play(g, f"use {DRAGON_TEETH}")
    assert g.hero(0).warriors == 13 and g.hero(0).potions == []


def test_potion_of_purifying_breath_clears_up_to_two_from_one_building() -> None:
    g = scenario()
    give(g, 0, potions=[PURIFYING, PURIFYING])
    skulls(g, duwani=3, anza=2)
    play(g, f"use {PURIFYING}")
    assert "remove anza" in legal(g) and "stop" in legal(g)  # anywhere; up to
    play(g, "remove duwani")
    assert legal(g) == {"remove duwani", "stop"}  # the same single building
    play(g, "remove duwani")
    assert g.state.skulls["duwani"] == 1 and g.pending is None
    supply = g.state.supply
    play(g, f"use {PURIFYING}", "remove anza", "stop")
    assert g.state.skulls["anza"] == 1 and g.state.supply == supply + 1


def test_potion_of_one_thousand_strides_moves_any_hero_up_to_three() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    give(g, 0, potions=[STRIDES])
    board = g.world.board
    play(g, f"use {STRIDES}")
    assert legal(g) == {"hero orphaned_scion", "hero spymaster"}
    play(g, "hero spymaster")
    path = []
    for _ in range(3):
        here = g.hero(1).space
        assert legal(g) == {f"step {n}" for n in board.neighbours[here]} | {"stop"}
        nxt = board.neighbours[here][0]
        play(g, f"step {nxt}")
        path.append(nxt)
    assert g.hero(1).space == path[-1] and g.pending is None
    assert g.hero(0).space == "radiant_mountains"
    assert not g.state.turn.moving_started  # not the hero's own movement
    # up to: stop early
    g = scenario()
    give(g, 0, potions=[STRIDES])
    play(g, f"use {STRIDES}", "hero orphaned_scion", "step green_bridge", "stop")
    assert g.hero(0).space == "green_bridge" and g.pending is None


def test_sirens_song_and_fortunes_favor_need_foes_or_battle() -> None:
    g = scenario()
    g.state.foes.clear()  # no foe on the board, no battle going on
    give(g, 0, potions=[SIRENS_SONG, FORTUNES_FAVOR])
    assert f"use {SIRENS_SONG}" not in legal(g) and f"use {FORTUNES_FAVOR}" not in legal(g)
    illegal(g, f"use {SIRENS_SONG}", "RTDT-FOE-9")  # no foe token to pick
    illegal(g, f"use {FORTUNES_FAVOR}", "RTDT-ADV-4")  # an advantage: a Battle or a room


# --- treasures -------------------------------------------------------------------------------


def test_lamp_of_hope_cleanses_a_building_on_any_space() -> None:
    g = scenario()
    skulls(g, anza=2)
    assert "cleanse anza" not in legal(g)
    give(g, 0, treasures=["lamp_of_hope"])
    supply = g.state.supply
    play(g, "cleanse anza")
    assert g.state.skulls["anza"] == 0 and g.state.supply == supply + 2
    assert g.hero(0).treasures == ["lamp_of_hope"]  # kept, not spent
    assert g.hero(0).space == "radiant_mountains"


def test_necklace_of_haggling_ignores_the_cancel_face(monkeypatch: pytest.MonkeyPatch) -> None:
    force_haggle(monkeypatch, "cancel")
    g = scenario()
    play(g, "haggle")
    assert "reinforce free" not in legal(g)
    g = scenario()
    give(g, 0, treasures=["necklace_of_haggling"])
    play(g, "haggle", "reinforce free")
    assert len(g.hero(0).potions) == 1


def test_kamarias_carpet_pays_one_spirit_to_go_anywhere_once_a_turn() -> None:
    g = scenario()
    give(g, 0, spirit=3, treasures=["kamarias_carpet"])
    play(g, "use kamarias_carpet")
    assert len(legal(g)) == 60  # any space of the board
    play(g, "go the_throne")
    h = g.hero(0)
    assert h.space == "the_throne" and h.spirit == 2
    assert h.treasures == ["kamarias_carpet"]  # not spent
    illegal(g, "use kamarias_carpet", "RTDT-ITEM-11")  # once a turn
    finish_turn(g)
    assert "use kamarias_carpet" in legal(g)
    give(g, 0, spirit=0)
    assert "use kamarias_carpet" not in legal(g)  # it costs 1 spirit


def test_acorns_of_the_white_oak_clear_up_to_five_anywhere() -> None:
    g = scenario()
    give(g, 0, treasures=["acorns_of_the_white_oak"])
    skulls(g, duwani=3, anza=3)
    play(g, "use acorns_of_the_white_oak")
    assert g.hero(0).treasures == []  # spent
    for space in ("duwani", "duwani", "anza", "duwani", "anza"):
        assert "stop" in legal(g)
        play(g, f"remove {space}")
    assert g.pending is None  # five removed: done
    assert g.state.skulls["duwani"] == 0 and g.state.skulls["anza"] == 1


def test_circlet_of_conviction_spares_the_skull_drop_for_another_turn() -> None:
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    give(g, 0, treasures=["circlet_of_conviction"])
    assert "end skip" in legal(g)
    supply, inside, number = g.state.supply, g.state.tower.inside, g.state.turn_number
    play(g, "end skip")
    s = g.state
    assert s.supply == supply and s.tower.inside == inside  # no skull dropped
    assert s.turn.seat == 0 and s.turn_number == number + 1 and s.turn.phase == "start"
    assert g.hero(0).treasures == [] and s.treasure_deck[-1] == "circlet_of_conviction"
    illegal(g, "end skip", "RTDT-TURN-8")  # only with the Circlet


def test_white_cauldron_draws_a_potion_at_a_citadel() -> None:
    g = scenario()
    give(g, 0, treasures=["white_cauldron"])
    top2 = g.state.potion_deck[:2]
    play(g, "reinforce free")
    assert g.hero(0).potions == top2
    g = scenario()
    give(g, 0, treasures=["white_cauldron"])
    at(g, 0, "egans_end")  # not a citadel
    play(g, "reinforce free")
    assert g.hero(0).potions == []


def test_crown_of_azkol_sanctuary_gives_spirit_equal_to_the_month() -> None:
    g = scenario()
    give(g, 0, treasures=["crown_of_azkol"])
    at(g, 0, "upper_ice_fangs")
    g.state.month = 3
    play(g, "reinforce free")
    assert g.hero(0).spirit == 1 + 1 + 3
    g = scenario()
    give(g, 0, treasures=["crown_of_azkol"])
    at(g, 0, "egans_end")
    g.state.month = 3
    play(g, "reinforce free")
    assert g.hero(0).spirit == 1


def test_azkols_horn_glyphs_facing_you_cost_nothing() -> None:
    g = scenario()
    g.state.tower.seals[8] = False  # reveals the banner glyph, facing the north
    give(g, 0, spirit=0, corruptions=["tempted"])
    assert glyph_cost(g.world, g.state, g.hero(0), "banner") == 2
    assert "banner" not in legal(g)
    give(g, 0, treasures=["azkols_horn"])
    assert glyph_cost(g.world, g.state, g.hero(0), "banner") == 0
    play(g, "banner")
    assert g.hero(0).spirit == 1


def test_azkols_banner_takes_another_heros_banner_action() -> None:
    g = scenario(heroes=("orphaned_scion", "brutal_warlord", "spymaster"))
    give(g, 0, treasures=["azkols_banner"])
    assert {"banner", "banner brutal_warlord", "banner spymaster"} <= legal(g)
    assert "use azkols_banner" not in legal(g)
    play(g, "banner brutal_warlord")
    h = g.hero(0)
    assert (h.warriors, h.spirit) == (12, 1)  # the Warlord's banner, not the Scion's
    assert not any(a.startswith("banner") for a in legal(g))  # instead of yours
    g = scenario(heroes=("orphaned_scion", "spymaster"))
    assert "banner spymaster" not in legal(g)


def test_amulet_of_the_marid_slides_along_the_river() -> None:
    g = scenario()
    board = g.world.board
    at(g, 0, "ash_hills")  # west, on the river to the north
    plain = {a for a in legal(g) if a.startswith("move")}
    assert "move lodestone_mountains" not in plain
    give(g, 0, treasures=["amulet_of_the_marid"])
    slide = {a for a in legal(g) if a.startswith("move")}
    assert slide - plain == {f"move {sp}" for sp in board.river_bank[("west", "north")]} - plain
    assert "move lodestone_mountains" in slide
    play(g, "move lodestone_mountains")
    assert g.hero(0).space == "lodestone_mountains" and g.state.turn.moves_left == 2


def test_sirens_song_moves_a_foe_up_to_two_spaces() -> None:
    g = scenario()
    g.state.foes[:] = [("brigands", "dayside")]
    give(g, 0, potions=[SIRENS_SONG])
    play(g, f"use {SIRENS_SONG}", "foe brigands dayside")
    step = next(a for a in legal(g) if a.startswith("step "))
    play(g, step)
    assert g.state.foes[0] == ("brigands", step.split()[1])
    assert "stop" in legal(g)
    play(g, "stop")
    assert g.pending is None
