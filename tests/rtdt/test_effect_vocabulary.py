"""The effect vocabulary's conditions, choices, paid trades and named gear
(RTDT-EFFECT-*), run as data the YAML can say."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from tests.conftest import rules
from tests.rtdt.scenario import give, legal, play, scenario
from towerplay.core.errors import IllegalAction, SaveError
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.models import Check, Effect
from towerplay.rtdt.rules.checks import holds
from towerplay.rtdt.rules.effects import run

EFFECTS: TypeAdapter[list[Effect]] = TypeAdapter(list[Effect])
CHECK: TypeAdapter[Check] = TypeAdapter(Check)


def effects(*data: dict[str, Any]) -> list[Effect]:
    return EFFECTS.validate_python(list(data))


def run_on(g: RtdtGame, *data: dict[str, Any], why: str = "the test card") -> None:
    run(g.world, g.state, g.hero(0), effects(*data), why)
    g._legal = None


LOSE_12 = {"op": "lose", "resource": "warriors", "amount": 12}
UNLESS_CLOAKS = {
    "op": "if",
    "unless": {"test": "holds", "item": "dusky_cloaks"},
    "effects": [LOSE_12],
}


@rules("RTDT-EFFECT-1")
def test_unless_spares_a_holder_and_only_a_holder() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=20, gear=["dusky_cloaks"])
    run_on(g, UNLESS_CLOAKS)
    assert g.hero(0).warriors == 20
    assert g.log[-1] == "Spymaster is spared (the test card): Dusky Cloaks."
    g.hero(0).gear.clear()  # tested when it runs, not when the card was written
    run_on(g, UNLESS_CLOAKS)
    assert g.hero(0).warriors == 8


@rules("RTDT-EFFECT-1")
def test_if_gives_only_to_a_hero_who_meets_it() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=0)
    gong = {
        "op": "if",
        "when": {"test": "holds", "item": "brass_talismans"},
        "effects": [{"op": "gain", "resource": "spirit", "amount": 1}],
    }
    run_on(g, gong)
    assert g.hero(0).spirit == 0 and "it needs Brass Talismans" in g.log[-1]
    give(g, 0, gear=["brass_talismans"])
    run_on(g, gong)
    assert g.hero(0).spirit == 1


@rules("RTDT-EFFECT-1", "RTDT-CORR-5")
def test_a_conditioned_loss_is_part_of_the_cards_one_corruption() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=3, spirit=0)
    run_on(g, UNLESS_CLOAKS, {"op": "lose", "resource": "spirit", "amount": 2})
    assert g.hero(0).warriors == 0 and len(g.hero(0).corruptions) == 1


@rules("RTDT-EFFECT-1", "RTDT-VIRTUE-1")
def test_four_virtues_count_the_kingdom_virtue() -> None:
    g = scenario(["spymaster"])
    h = g.hero(0)
    four = CHECK.validate_python({"test": "virtues_at_least", "n": 4})
    assert len(h.virtues) == 3  # two hero virtues and the kingdom virtue at the start
    assert not holds(g.world, g.state, h, four)
    give(g, 0, virtues=[h.inactive[0]])
    assert holds(g.world, g.state, h, four)


def test_the_place_conditions_read_the_heros_space() -> None:
    g = scenario(["spymaster"])
    w, s, h = g.world, g.state, g.hero(0)

    def check(**data: Any) -> bool:
        return holds(w, s, h, CHECK.validate_python(data))

    citadel = h.space  # RTDT-HERO-3: a hero starts on their home citadel
    assert check(test="on_building") and check(test="on_building", type="citadel")
    assert not check(test="on_building", type="village")
    assert check(test="on_terrain", terrain=w.board.terrain_of[citadel])
    assert check(test="in_home_kingdom")
    away = next(sp for sp in w.board.spaces if w.board.kingdom_of[sp] != h.kingdom)
    h.space = away
    assert not check(test="in_home_kingdom")
    s.foes[:] = [("brigands", citadel)]
    assert not check(test="foe_in_kingdom")
    s.foes[:] = [("brigands", away)]
    assert check(test="foe_in_kingdom")
    assert check(test="holds", kind="item") is bool(h.potions or h.gear or h.treasures)


def test_a_condition_names_one_thing() -> None:
    with pytest.raises(ValidationError):
        CHECK.validate_python({"test": "holds", "item": "longswords", "kind": "gear"})
    with pytest.raises(ValidationError):
        effects({"op": "if", "effects": [LOSE_12]})  # neither `when` nor `unless`


JARYX = {
    "op": "choose",
    "options": [
        [{"op": "lose", "resource": "warriors", "amount": 9}],
        [{"op": "lose_item", "kind": "gear", "amount": 2}],
    ],
}


@rules("RTDT-EFFECT-2")
def test_lose_a_or_b_is_asked_of_the_hero_and_runs_the_chosen_option() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=10, gear=["longswords", "leather_armor"])
    run_on(g, JARYX)
    assert g.state.pending[-1].kind == "choose_effect"
    assert legal(g) == {"option 1", "option 2"}
    assert "1) lose 9 warriors; 2) lose 2 gear(s)" in g.prompt
    play(g, "option 2")
    assert g.hero(0).gear == [] and g.hero(0).warriors == 10 and not g.state.pending


@rules("RTDT-EFFECT-2", "RTDT-RES-5")
def test_an_option_that_cannot_be_paid_is_offered_and_gives_a_corruption() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=10)
    run_on(g, JARYX)
    assert legal(g) == {"option 1", "option 2"}
    play(g, "option 2")  # no gear to lose: a corruption, and the warriors are kept
    assert g.hero(0).warriors == 10 and len(g.hero(0).corruptions) == 1


@rules("RTDT-EFFECT-2")
def test_a_choice_waiting_saves_and_loads_back() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=10)
    run_on(g, JARYX)
    loaded = RtdtGame.from_json(json.loads(json.dumps(g.to_json())))
    assert loaded.state_hash() == g.state_hash()
    play(loaded, "option 1")
    assert loaded.hero(0).warriors == 1
    bad = json.loads(json.dumps(g.to_json()))
    bad["pending"][-1]["options"][0] = '[{"op": "lose", "resource": "gold"}]'
    with pytest.raises(SaveError) as err:
        RtdtGame.from_json(bad, "game.json")
    assert err.value.field == "pending[0].options[0]", str(err.value)


POOL = {
    "op": "may_pay",
    "pay": [{"op": "lose_item", "kind": "potion", "amount": 1}],
    "gain": [{"op": "gain", "resource": "spirit", "amount": 4}],
}


@rules("RTDT-EFFECT-3")
def test_a_paid_trade_is_offered_only_when_the_price_can_be_paid() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=0)
    g.hero(0).potions.clear()
    run_on(g, POOL)
    assert not g.state.pending and g.hero(0).spirit == 0 and not g.hero(0).corruptions
    give(g, 0, potions=[g.state.potion_deck[0]])
    run_on(g, POOL)
    assert legal(g) == {"pay", "decline"}
    play(g, "pay")
    assert g.hero(0).potions == [] and g.hero(0).spirit == 4


@rules("RTDT-EFFECT-3")
def test_declining_a_paid_trade_does_nothing() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=0, potions=[g.state.potion_deck[0]])
    run_on(g, POOL)
    before = (list(g.hero(0).potions), g.hero(0).spirit)
    play(g, "decline")
    assert (g.hero(0).potions, g.hero(0).spirit) == before
    with pytest.raises(IllegalAction):
        g.apply("pay")  # the question is gone


@rules("RTDT-EFFECT-4")
def test_a_named_gear_comes_from_its_own_pile() -> None:
    g = scenario(["spymaster"])
    armor = {"op": "gain_item", "kind": "gear", "card": "leather_armor"}
    left = g.state.gear_piles["leather_armor"]
    run_on(g, armor)
    assert g.hero(0).gear == ["leather_armor"] and not g.state.pending
    assert g.state.gear_piles["leather_armor"] == left - 1
    g.hero(0).gear.clear()
    g.state.gear_piles["leather_armor"] = 0
    run_on(g, armor)  # the pile is empty: nothing, and no other pile instead
    assert g.hero(0).gear == [] and not g.state.pending
    with pytest.raises(ValidationError):
        effects({"op": "gain_item", "kind": "potion", "card": "leather_armor"})


@rules("RTDT-EFFECT-5")
def test_moving_a_foe_in_your_current_kingdom_picks_only_those() -> None:
    g = scenario(["spymaster"])
    w, s, h = g.world, g.state, g.hero(0)
    here = w.board.kingdom_of[h.space]
    mine = next(sp for sp in w.board.kingdom_spaces[here] if sp != h.space)
    away = next(sp for sp in w.board.spaces if w.board.kingdom_of[sp] != here)
    s.foes[:] = [("brigands", away)]
    watch = {"op": "move_foe", "steps": 2, "scope": "current_kingdom"}
    run_on(g, watch)
    assert not s.pending  # no foe in this kingdom: nothing to move
    s.foes[:] = [("brigands", away), ("oreks", mine)]
    run_on(g, watch)
    assert legal(g) == {f"foe oreks {mine}"}


def test_without_looks_inside_conditions_choices_and_paid_trades() -> None:
    from towerplay.rtdt.models import without

    losses = ("lose", "lose_item", "lose_virtue")
    gain = {"op": "gain", "resource": "spirit", "amount": 1}
    kept = without(effects(UNLESS_CLOAKS, JARYX, POOL, gain), losses)
    assert [e.op for e in kept] == ["may_pay", "gain"]  # the price is spent, not lost
    mixed = {"op": "choose", "options": [[LOSE_12], [gain]]}
    (choice,) = without(effects(mixed), losses)
    assert choice.options == [[], effects(gain)]  # type: ignore[union-attr]


@rules("RTDT-EFFECT-2", "RTDT-DUNGEON-8")
def test_a_chosen_option_keeps_the_rooms_blocked_losses() -> None:
    """A Blessed shield (or Azkol's Idol) blocks warrior losses of the room; the option
    chosen later is still that room's loss."""
    g = scenario(["spymaster"])
    give(g, 0, warriors=10)
    run(g.world, g.state, g.hero(0), effects(JARYX), "Jaryx Lair", prevent_warriors=3)
    g._legal = None
    play(g, "option 1")
    assert g.hero(0).warriors == 4  # 9 - 3 blocked
