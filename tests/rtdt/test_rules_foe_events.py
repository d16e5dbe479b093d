"""Rule tests for the app's foe events: Foe's Strike, Foe's Spawn, Foes Grow in Power and
The Tower Acts (RTDT-EVENT-4, -5, -6, -9), the rulebook's shadow wolves example, and every
foe's strike at every status (and every adversary's Tower acts) on a board set by hand.

Events are run by jumping the current turn to its event step with the events waiting
(as the app would after a skull drop), then answering each question with its first
legal choice.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import ADVERSARIES, FOES, give, legal, play, resume, scenario
from towerplay.core.rng import Rng
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.models import STATUSES
from towerplay.rtdt.tower import SEAL_OFF, seal_words, stir

BAZAAR = "dayside"  # a north building space
TUNDRA = "the_tundra"  # north, no building, next to the bazaar


# --- helpers -------------------------------------------------------------------------------


def game(heroes: tuple[str, ...] = ("orphaned_scion", "spymaster"), **kw: Any) -> RtdtGame:
    """A scenario without foes on the board and without companion cards in hand."""
    g = scenario(heroes, **kw)
    g.state.foes.clear()
    for h in g.state.heroes:
        h.companions.clear()
    g._legal = None
    return g


def run_events(g: RtdtGame, *events: str, dropper: int | None = None) -> None:
    """Jump the current turn to its event step with these events waiting, run them and
    answer every question with its first legal choice."""
    s = g.state
    s.events = list(events)
    s.emerged = []
    s.dropper = s.turn.seat if dropper is None else dropper
    s.turn.phase = "events"
    turn = s.turn_number
    resume(g)
    while g.pending is not None and g.result is None and g.state.turn_number == turn:
        g.apply(g.legal_actions()[0])


def equip(g: RtdtGame, seat: int, potion: str, gear: str, treasure: str) -> None:
    give(g, seat, warriors=20, spirit=6, potions=[potion], gear=[gear], treasures=[treasure])


def items(h: Any) -> int:
    return len(h["potions"]) + len(h["gear"]) + len(h["treasures"])


def check_text(text: str, before: dict[str, Any], after: dict[str, Any]) -> None:
    """The strike did to the near, active hero (seat 0) and to the board what its text
    says; `before`/`after` are snapshots from `snapshot`."""
    t = text.lower()
    h0, h1 = before["heroes"][0], after["heroes"][0]
    if "warrior" in t:
        assert h1["warriors"] < h0["warriors"], "warriors"
    if "spirit" in t:
        assert h1["spirit"] < h0["spirit"], "spirit"
    if "item" in t:
        assert items(h1) < items(h0), "items"
    for kind in ("potion", "gear", "treasure"):
        if kind in t and f"for each {kind}" not in t:  # a count (Isa's ultimatum), no loss
            key = kind + "s" if kind != "gear" else "gear"
            assert len(h1[key]) < len(h0[key]), kind
    if "virtue" in t:
        assert len(h1["virtues"]) < len(h0["virtues"]), "virtue"
    elif "corruption" in t:
        assert len(h1["corruptions"]) > len(h0["corruptions"]), "corruption"
    if "skull" in t:
        assert after["supply"] < before["supply"], "skulls"
    if "destroyed" in t:
        assert len(after["destroyed"]) > len(before["destroyed"]), "destroyed"
    if "stay put" in t:
        assert after["tokens"] == before["tokens"], "tokens stay put"
    elif any(w in t for w in ("move", "goes")):
        assert after["tokens"] != before["tokens"], "tokens move"


def snapshot(g: RtdtGame) -> dict[str, Any]:
    s = g.state
    return {
        "heroes": [h.to_json() for h in s.heroes],
        "supply": s.supply,
        "destroyed": s.destroyed[:],
        "tokens": sorted(s.foes),
    }


# --- every strike, every status --------------------------------------------------------------


def test_the_lists_below_name_every_foe_and_adversary() -> None:
    c = scenario().world.content
    assert set(FOES) == set(c.foes) and set(ADVERSARIES) == set(c.adversaries)


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("foe", FOES)
@rules("RTDT-EVENT-4")
def test_every_foe_strike_does_what_its_text_says(foe: str, status: str) -> None:
    """Seat 0 stands on a token (a second token waits next to it, for foes with two);
    seat 1 is far away in the south and is touched only by strikes on every hero."""
    g = game()
    equip(g, 0, "potion_of_fortunes_favor", "longswords", "lamp_of_hope")
    equip(g, 1, "potion_of_fortunes_favor", "dusky_cloaks", "spear_of_atish")
    g.state.heroes[0].space = BAZAAR
    info = g.world.content.foes[foe]
    g.state.foes[:] = [(foe, BAZAAR)] + ([(foe, TUNDRA)] if info.tokens > 1 else [])
    g.state.foe_status[foe] = status
    before = snapshot(g)
    run_events(g, f"strike:{foe}")
    assert g.result is None
    text = info.strikes[status].text
    verb = "strike" if info.plural else "strikes"  # "the Clan of Neuri strikes"
    assert any(f"{verb} ({status}): {text}" in line for line in g.log)
    after = snapshot(g)
    check_text(text, before, after)
    if "every hero" in text.lower():
        assert after["heroes"][1] != before["heroes"][1]
    else:
        assert after["heroes"][1] == before["heroes"][1]  # far away: untouched


@pytest.mark.parametrize("adversary", ADVERSARIES)
@rules("RTDT-EVENT-9")
def test_every_adversarys_tower_acts_does_what_its_text_says(adversary: str) -> None:
    g = game()
    g.state.config = dataclasses.replace(g.state.config, adversary=adversary)
    equip(g, 0, "potion_of_fortunes_favor", "longswords", "lamp_of_hope")
    equip(g, 1, "potion_of_fortunes_favor", "dusky_cloaks", "spear_of_atish")
    g.state.heroes[0].space = BAZAAR
    g.state.skulls[BAZAAR] = 1  # a skull near the active hero (Ashstrider)
    g.state.supply -= 1
    g.state.skulls[g.state.heroes[1].space] = 1
    g.state.supply -= 1
    assert g.state.adversary_space == ""  # it acts from inside the Tower
    before = snapshot(g)
    run_events(g, "tower_acts")
    text = g.world.content.adversaries[adversary].tower_acts.text
    assert any(f"the Tower acts: {g.world.name(adversary)}. {text}" in line for line in g.log)
    after = snapshot(g)
    check_text(text, before, after)
    if "tower stirs" in text.lower():
        assert any("The Tower stirs" in line for line in g.log)
    assert after["heroes"][1] != before["heroes"][1]  # every designed Tower acts reaches all


@rules("RTDT-EVENT-9", "RTDT-ADVERSARY-8")
def test_the_tower_acts_plague_of_the_empress_of_shades() -> None:
    g = game()
    g.state.config = dataclasses.replace(g.state.config, adversary="empress_of_shades")
    give(g, 0, warriors=10)
    give(g, 1, warriors=10)
    run_events(g, "tower_acts", dropper=0)
    assert [h.warriors for h in g.state.heroes] == [4, 7]  # 3 each, the active hero 3 more


# --- RTDT-EVENT-4 ----------------------------------------------------------------------------


def test_RTDT_EVENT_4_a_strike_is_ignored_without_that_foe_on_the_board() -> None:
    g = game()
    g.state.heroes[0].space = BAZAAR
    g.state.foes[:] = [("spine_fiends", BAZAAR)]
    g.state.foe_status["spine_fiends"] = "lethal"
    g.state.foe_status["brigands"] = "lethal"
    give(g, 0, warriors=20, potions=["potion_of_fortunes_favor"])
    give(g, 1, warriors=20, potions=["potion_of_fortunes_favor"])
    before = snapshot(g)
    run_events(g, "strike:brigands")  # no brigands anywhere
    assert snapshot(g)["heroes"] == before["heroes"]
    assert not any("Brigands strike" in line for line in g.log)
    run_events(g, "strike:spine_fiends")  # every hero loses 12 warriors
    assert [h.warriors for h in g.state.heroes] == [8, 8]
    assert any("the Spine Fiends strike (lethal)" in line for line in g.log)


@rules("RTDT-EVENT-4", "RTDT-EVENT-2")
def test_the_dropping_player_makes_a_strikes_choices() -> None:
    g = game()
    g.state.foes[:] = [("titans", BAZAAR)]
    g.state.foe_status["titans"] = "unsteady"
    s = g.state
    s.events = ["strike:titans"]
    s.emerged = []
    s.dropper = 1  # not the active hero
    s.turn.phase = "events"
    resume(g)
    assert g.pending is not None and g.pending.kind == "strike_building" and g.pending.seat == 1
    assert legal(g) == {
        f"hit {sp}" for sp in ("dayside", "egans_end", "radiant_mountains", "upper_ice_fangs")
    }
    skulls_before = s.skulls["egans_end"]
    play(g, "hit egans_end")
    assert s.skulls["egans_end"] == skulls_before + 2
    assert g.pending is not None and g.pending.kind == "move_token" and g.pending.seat == 1
    east = g.world.board.kingdom_buildings["east"]
    assert legal(g) == {f"to {sp}" for sp in east}
    play(g, f"to {east[0]}")
    assert s.foes == [("titans", east[0])]


# --- RTDT-EVENT-5 ----------------------------------------------------------------------------


def test_RTDT_EVENT_5_foes_spawn_one_token_on_each_space_the_app_names() -> None:
    g = game()
    run_events(g, "spawn:brigands:3")
    assert len(g.state.foes) == 3 and {f for f, _ in g.state.foes} == {"brigands"}
    line = next(x for x in g.log if "Brigands spawn at" in x)
    names = [g.world.board.names[sp] for _, sp in g.state.foes]
    assert line.endswith(", ".join(names) + ".")
    # the same seed and position spawn on the same spaces (the app decides, not the players)
    again = game()
    run_events(again, "spawn:brigands:3")
    assert again.state.foes == g.state.foes
    # never more tokens than the foe has
    tokens = g.world.content.foes["brigands"].tokens
    g = game()
    g.state.foes[:] = [("brigands", BAZAAR)] * (tokens - 1)
    run_events(g, "spawn:brigands:3")
    assert len(g.state.foes) == tokens
    run_events(g, "spawn:brigands:2")
    assert len(g.state.foes) == tokens


@rules("RTDT-EVENT-5")
def test_a_spawn_names_different_spaces() -> None:
    for k in range(1, 120):
        g = game()
        g.state.rng = k
        run_events(g, "spawn:brigands:2")
        assert len(set(g.state.foes)) == 2, (k, g.state.foes)


# --- RTDT-EVENT-6 ----------------------------------------------------------------------------


def test_RTDT_EVENT_6_foes_grow_in_power_only_while_on_the_board() -> None:
    g = game()
    g.state.foe_status["lemures"] = "ready"
    run_events(g, "grow:lemures")
    assert g.state.foe_status["lemures"] == "ready"  # none on the board: ignored
    assert not any("grow in power" in line for line in g.log)
    g.state.foes[:] = [("lemures", BAZAAR)]
    run_events(g, "grow:lemures")
    assert g.state.foe_status["lemures"] == "savage"
    assert any("the Lemures grow in power: now savage" in line for line in g.log)
    # the status screen shows the deadlier strike
    trolls = g.world.content.foes["frost_trolls"]
    assert "frost_trolls" in g.state.config.foes
    g.state.foes.append(("frost_trolls", TUNDRA))
    g.state.foe_status["frost_trolls"] = "lethal"
    run_events(g, "grow:frost_trolls")
    assert g.state.foe_status["frost_trolls"] == "lethal"  # no deadlier status than lethal
    g.state.foe_status["frost_trolls"] = "ready"
    run_events(g, "grow:frost_trolls")
    assert g.observe(0)["foes"]["frost_trolls"]["strike"] == trolls.strikes["savage"].text


# --- the rulebook's example -------------------------------------------------------------------


@rules("RTDT-EVENT-5", "RTDT-EVENT-7", "RTDT-EVENT-3")
def test_shadow_wolves_example_spawn_then_a_seal_and_three_northern_skulls() -> None:
    """The Relic Hunter drops a skull. The first event spawns shadow wolves on the Forest
    of Shades and the Bleak Wastes; the next removes the seal the lights show; three
    skulls emerge in the north, the Brutal Warlord's home, and the Warlord places them."""
    g = game(("relic_hunter", "brutal_warlord"), kingdoms=["east", "north"])
    t = g.state.tower
    for level in range(3):
        t.lodged[level * 4] = 3  # skulls lodged behind the three northern windows
    spaces = g.world.board.spaces
    wanted = {"forest_of_shades", "bleak_wastes"}

    def rigged(k: int) -> bool:
        r = Rng(k)
        pool = list(spaces)  # as foes.spawn draws: two different spaces
        if {pool.pop(r.below(len(pool))), pool.pop(r.below(len(pool)))} != wanted:
            return False
        msg, fields, emerged = stir(t.clone(), Rng(r.state))
        words = msg.format_map(fields)
        return "seal" in words and emerged == ["north"] * 3

    g.state.rng = next(k for k in range(1, 400000) if rigged(k))
    seals = t.seals[:]
    s = g.state
    s.events = ["spawn:shadow_wolves:2", "tower_stirs"]
    s.emerged = []
    s.dropper = 0  # the Relic Hunter dropped the skull
    s.turn.phase = "events"
    resume(g)
    assert sorted(s.foes) == [
        ("shadow_wolves", "bleak_wastes"),
        ("shadow_wolves", "forest_of_shades"),
    ]
    off = [i for i in range(12) if seals[i] and not s.tower.seals[i]]
    assert len(off) == 1 and off[0] % 4 == 0  # a northern seal
    log = g.log
    spawn = next(i for i, x in enumerate(log) if "Shadow Wolves spawn" in x)
    seal = next(i for i, x in enumerate(log) if SEAL_OFF.format_map(seal_words(off[0])) in x)
    assert spawn < seal  # one event after the other
    placed = []
    while g.pending is not None:
        assert g.pending.kind == "place_skull" and g.pending.target == "north"
        assert g.pending.seat == 1  # the Warlord decides, on the Relic Hunter's turn
        placed.append(sorted(legal(g))[-1])
        play(g, placed[-1])
    assert len(placed) == 3
    assert g.state.turn.seat == 1  # then the next player's turn
