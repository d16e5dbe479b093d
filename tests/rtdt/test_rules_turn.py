"""Rule tests for the turn's frame: its three steps, turn order, the calendar, the
skull drop, placing emerged skulls and the app's events.

Each test is named for the rule ID it proves (docs/rules/rtdt.md, sections
RTDT-TURN, -ORDER, -MONTH, -EVENT and -PLACE) and would fail if that rule were
broken. Random outcomes (the drop, the events, the Tower stirring) are pinned by
setting the game's generator to a state found by replaying the same draws here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, finish_turn, give, legal, play, resume, scenario, skulls
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import Rng
from towerplay.rtdt import app
from towerplay.rtdt.board import KINGDOMS
from towerplay.rtdt.game import RtdtGame, make_config, new_game
from towerplay.rtdt.tower import SEAL_OFF, drop_skull, seal_words, stir

# --- helpers -------------------------------------------------------------------------------


def illegal(g: RtdtGame, action: str, rule: str) -> None:
    """`action` is refused for `rule`, and the state is left exactly as it was."""
    before = g.state_hash()
    assert action not in legal(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, str(e.value)
    assert g.state_hash() == before


def moves(g: RtdtGame) -> list[str]:
    return sorted(a for a in legal(g) if a.startswith("move "))


def rig_drop(
    g: RtdtGame, wanted: Callable[[list[str], list[str]], bool]
) -> tuple[list[str], list[str]]:
    """Set the generator so that the next skull drop gives emerged kingdoms and events
    for which `wanted(emerged, events)` holds; returns them."""
    for k in range(1, 20000):
        r = Rng(k)
        emerged = drop_skull(g.state.tower.clone(), r)
        events = _events(g, r)
        if wanted(emerged, events):
            g.state.rng = k
            return emerged, events
    raise AssertionError("no generator state gives that drop")


def _events(g: RtdtGame, r: Rng) -> list[str]:
    """The events the app draws after a drop in this game's position."""
    s = g.state
    on_board = list(dict.fromkeys(f for f, _ in s.foes))
    return app.draw_events(r, s.config.foes, on_board, s.config.players, s.config.difficulty)


def quiet_drop(g: RtdtGame) -> None:
    """The next drop makes nothing emerge and no event happen."""
    rig_drop(g, lambda e, v: not e and not v)


def rig_stir(g: RtdtGame, wanted: Callable[[str, list[str]], bool]) -> tuple[str, list[str]]:
    """Set the generator so that the next "the Tower stirs" does what `wanted` accepts."""
    for k in range(1, 20000):
        msg, fields, emerged = stir(g.state.tower.clone(), Rng(k))
        words = msg.format_map(fields)
        if wanted(words, emerged):
            g.state.rng = k
            return words, emerged
    raise AssertionError("no generator state gives that stir")


def run_event(g: RtdtGame, *events: str, dropper: int | None = None) -> None:
    """Jump the current turn to its event step with these events waiting."""
    s = g.state
    s.events = list(events)
    s.emerged = []
    s.dropper = s.turn.seat if dropper is None else dropper
    s.turn.phase = "events"
    resume(g)


def play_turns(g: RtdtGame, n: int) -> list[tuple[int, int]]:
    """Play n quiet turns (each just ends, nothing emerging); (month, seat) of each."""
    seen = []
    for _ in range(n):
        seen.append((g.state.month, g.state.turn.seat))
        quiet_drop(g)
        finish_turn(g)
    return seen


def index_of(log: list[str], text: str, start: int = 0) -> int:
    return next(i for i in range(start, len(log)) if text in log[i])


# --- RTDT-TURN ------------------------------------------------------------------------------


def test_RTDT_TURN_1_start_middle_and_end_steps_in_order() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    assert g.state.turn.seat == 0 and g.state.turn.phase == "start"
    play(g, "banner")  # start step
    assert g.state.turn.phase == "start"
    play(g, moves(g)[0])  # middle step
    assert g.state.turn.phase == "middle"
    illegal(g, "banner", "RTDT-TURN-3")  # no way back to the start step
    quiet_drop(g)
    supply = g.state.supply
    play(g, "end")  # end step: the skull drop, then the next turn
    assert g.state.supply == supply - 1
    assert g.state.turn.seat == 1 and g.state.turn.phase == "start"
    log = g.log
    i = index_of(log, "Orphaned Scion's turn")
    i = index_of(log, "banner action", i)
    i = index_of(log, "moves to", i)
    i = index_of(log, "ends the turn", i)
    i = index_of(log, "drops a skull", i)
    index_of(log, "Spymaster's turn", i)


def test_RTDT_TURN_2_the_banner_action_at_the_start_of_the_turn() -> None:
    g = scenario(["orphaned_scion"])
    assert "banner" in legal(g)
    give(g, 0, spirit=1)
    play(g, "banner")  # Orphaned Scion: take 1 spirit
    assert g.hero(0).spirit == 2
    g = scenario(["brutal_warlord"])
    play(g, "banner")  # Brutal Warlord: take 5 warriors
    assert g.hero(0).warriors == 12


def test_RTDT_TURN_3_the_banner_is_optional_and_cannot_be_saved() -> None:
    g = scenario(["orphaned_scion"])
    give(g, 0, spirit=1)
    quiet_drop(g)
    finish_turn(g)  # turn 1: no banner
    assert g.hero(0).spirit == 1
    # turn 2: one banner, not two
    assert "banner" in legal(g)
    play(g, "banner")
    assert g.hero(0).spirit == 2
    illegal(g, "banner", "RTDT-TURN-3")
    # and not later in the turn either
    g = scenario(["orphaned_scion"])
    play(g, moves(g)[0])
    illegal(g, "banner", "RTDT-TURN-3")
    g = scenario(["orphaned_scion"])
    at(g, 0, "egans_end")
    play(g, "reinforce free")
    illegal(g, "banner", "RTDT-TURN-3")


def infused_turn() -> RtdtGame:
    """The Orphaned Scion's second turn, with the Infused virtue (a start-of-turn effect)."""
    g = scenario(["orphaned_scion"])
    give(g, 0, spirit=1, virtues=["infused"])
    quiet_drop(g)
    finish_turn(g)
    skulls(g, egans_end=2)
    assert g.state.turn.start_pending == ["infused"]
    return g


def test_RTDT_TURN_4_start_of_turn_effects_and_the_banner_in_either_order() -> None:
    g = infused_turn()
    assert {"banner", "resolve infused"} <= legal(g)
    assert moves(g) == []
    illegal(g, "move green_bridge", "RTDT-TURN-4")
    illegal(g, "end", "RTDT-TURN-4")
    first = g.clone()
    # banner first, then Infused
    play(first, "banner", "resolve infused", "remove egans_end")
    # Infused first, then the banner
    second = g.clone()
    play(second, "resolve infused", "remove egans_end")
    assert "banner" in legal(second)
    play(second, "banner")
    for c in (first, second):
        assert c.hero(0).spirit == 2
        assert c.state.skulls["egans_end"] == 1
        assert c.state.turn.start_pending == []
        assert moves(c)  # the middle step is open
    assert first.state_hash() != g.state_hash()


def test_RTDT_TURN_5_move_one_heroic_action_and_one_reinforce_in_the_middle() -> None:
    g = scenario(["orphaned_scion"])
    at(g, 0, "green_bridge")
    skulls(g, upper_ice_fangs=2, egans_end=1)
    give(g, 0, spirit=0)
    play(g, "move upper_ice_fangs", "cleanse upper_ice_fangs", "remove egans_end", "reinforce free")
    play(g, "move green_bridge", "move upper_ice_fangs")
    h = g.hero(0)
    assert h.spirit == 2 + 1  # the Cleanse's 2, the sanctuary's 1
    assert g.state.skulls["upper_ice_fangs"] == 0
    assert not any(a.startswith(("cleanse", "reinforce")) for a in legal(g))
    assert moves(g) == []


def test_RTDT_TURN_6_the_middle_parts_are_optional_and_in_any_order() -> None:
    g = scenario(["orphaned_scion"])
    at(g, 0, "egans_end")
    skulls(g, egans_end=2, anza=1)
    assert "end" in legal(g)  # nothing is mandatory
    a = g.clone()
    play(a, "cleanse egans_end", "remove anza", "reinforce free", "move rimeweald")
    b = g.clone()
    play(
        b, "move rimeweald", "move egans_end", "reinforce free", "cleanse egans_end", "remove anza"
    )
    c = g.clone()
    play(
        c, "reinforce free", "move rimeweald", "move egans_end", "cleanse egans_end", "remove anza"
    )
    for x in (a, b, c):
        h = x.hero(0)
        assert (h.warriors, h.spirit) == (7 + 6, 1 + 2)
        assert x.state.skulls["egans_end"] == 0 and x.state.skulls["anza"] == 0


@rules("RTDT-TURN-7", "RTDT-MOVE-1", "RTDT-MOVE-6")
def test_RTDT_TURN_7_scion_example_move_two_act_then_move_one_more() -> None:
    """Rulebook example: the Orphaned Scion at Upper Ice Fangs moves two spaces to Inner
    Kinghills, stops to act, then uses the last movement to go back to Peaks of the Djinn.
    On our board the two steps go through Peaks of the Djinn (the river crossing)."""
    g = scenario(["orphaned_scion"])
    at(g, 0, "upper_ice_fangs")
    play(g, "move peaks_of_the_djinn", "move inner_kinghills")
    assert g.observe(0)["turn"]["moves_left"] == 1
    top = g.state.potion_deck[0]
    play(g, "reinforce free")  # the citadel at Inner Kinghills
    assert g.hero(0).potions == [top]
    play(g, "move peaks_of_the_djinn")
    assert g.hero(0).space == "peaks_of_the_djinn"
    assert moves(g) == []


def test_RTDT_TURN_8_ending_the_turn_drops_a_skull_from_the_supply() -> None:
    g = scenario(["orphaned_scion"])
    illegal(g, "end skip", "RTDT-TURN-8")  # no skipping the drop without an effect
    emerged, _ = rig_drop(g, lambda e, v: not e and not v)
    supply, inside = g.state.supply, g.state.tower.inside
    play(g, "end")
    assert g.state.supply == supply - 1
    assert g.state.tower.inside == inside + 1
    assert any("drops a skull into the Tower" in line for line in g.log)


def test_RTDT_TURN_9_a_drop_may_make_skulls_emerge_and_trigger_events() -> None:
    g = scenario(["orphaned_scion"])
    emerged, events = rig_drop(g, lambda e, v: len(e) == 1 and v == ["tower_stirs"])
    play(g, "end")
    assert g.pending is not None and g.pending.kind == "place_skull"
    assert g.pending.target == emerged[0]
    assert g.state.events == ["tower_stirs"]
    assert any("1 skull(s) fall from the Tower into the" in line for line in g.log)
    # a quiet drop: the skull stays inside and the next turn begins
    g = scenario(["orphaned_scion"])
    quiet_drop(g)
    play(g, "end")
    assert g.pending is None and g.state.turn_number == 2 and g.state.tower.inside == 1


def test_RTDT_TURN_10_the_active_player_decides_on_their_own_turn() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    at(g, 0, "dayside")
    give(g, 0, spirit=5)
    for action in ("banner", "double", "move fivepint", "move dayside", "reinforce free"):
        assert g.to_act == 0
        assert g.observe(1)["legal_actions"] == []
        play(g, action)
    assert g.pending is not None and g.pending.seat == 0  # the gear pile is the Scion's choice
    assert g.to_act == 0
    play(g, "take longswords")
    assert g.to_act == 0
    # another player decides only what they are asked: the partner answers a trade offer
    g = scenario(["orphaned_scion", "spymaster"])
    at(g, 1, g.hero(0).space)
    play(g, "trade 1", "give spirit 1", "offer")
    assert g.to_act == 1 and g.observe(0)["legal_actions"] == []
    assert set(g.observe(1)["legal_actions"]) == {"accept", "reject"}
    play(g, "accept")
    assert g.to_act == 0


def test_RTDT_TURN_11_after_the_events_the_next_players_turn_begins() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    run_event(g, "new_wares")
    assert g.pending is not None and g.pending.kind == "new_wares"
    assert g.state.turn.seat == 0 and g.state.turn_number == 1
    play(g, "done")
    assert g.state.turn.seat == 1 and g.state.turn.phase == "start"
    assert g.state.turn_number == 2


# --- RTDT-ORDER -----------------------------------------------------------------------------


def test_RTDT_ORDER_1_the_first_player_takes_the_first_turn() -> None:
    heroes = ("orphaned_scion", "spymaster", "relic_hunter")
    for first in range(3):
        g = new_game(make_config(players=3, heroes=heroes, seed=1, first_player=first))
        assert g.state.turn.seat == first and g.state.turn_number == 1
        assert g.to_act == first
        assert g.log[-1].endswith(f"{g.world.content.heroes[heroes[first]].name}'s turn.")


@rules("RTDT-ORDER-2", "RTDT-ORDER-3")
def test_RTDT_ORDER_2_ORDER_3_one_turn_each_in_month_one_then_left_of_the_last() -> None:
    heroes = ("orphaned_scion", "spymaster", "relic_hunter")
    g = new_game(make_config(players=3, heroes=heroes, seed=2, first_player=1))
    assert g.state.month_length == 3
    seen = play_turns(g, 4)
    assert seen == [(1, 1), (1, 2), (1, 0), (2, 1)]  # month 2 opens left of seat 0


def test_RTDT_ORDER_3_a_later_month_begins_left_of_its_last_player() -> None:
    g = scenario(["orphaned_scion", "spymaster", "relic_hunter"])
    s = g.state
    s.month, s.month_turn, s.month_length = 2, 0, 2  # month 2 ends after seats 0 and 1
    seen = play_turns(g, 3)
    assert seen == [(2, 0), (2, 1), (3, 2)]  # month 3 opens with seat 2, not the first player


def test_RTDT_ORDER_4_play_proceeds_clockwise() -> None:
    g = scenario(["orphaned_scion", "spymaster", "relic_hunter", "brutal_warlord"])
    homes = [h.kingdom for h in g.state.heroes]
    assert homes == list(KINGDOMS)  # seats sit clockwise around the board
    seen = play_turns(g, 7)
    seats = [seat for _, seat in seen]
    assert seats == [0, 1, 2, 3, 0, 1, 2]
    for a, b in zip(seats, seats[1:], strict=False):
        assert KINGDOMS.index(homes[b]) == (KINGDOMS.index(homes[a]) + 1) % 4


# --- RTDT-MONTH -----------------------------------------------------------------------------


def test_RTDT_MONTH_1_at_most_six_months() -> None:
    assert app.MONTHS == 6
    g = scenario(["orphaned_scion"])
    s = g.state
    s.month, s.month_turn, s.month_length = 5, 0, 1
    play_turns(g, 1)
    assert g.state.month == 6 and g.result is None
    s = g.state
    s.month_turn, s.month_length = 0, 1
    quiet_drop(g)
    play(g, "end")
    assert g.result is not None and g.result.outcome == "loss"
    assert g.result.cause == "the sixth month ended"
    assert g.state.month == 6


def test_RTDT_MONTH_2_average_turns_per_month_by_player_count() -> None:
    assert app.AVERAGE_TURNS == {1: 6, 2: 7, 3: 8, 4: 9}
    for players, average in app.AVERAGE_TURNS.items():
        r = Rng(players)
        lengths = [app.month_length(r, players, "heroic", 2) for _ in range(3000)]
        assert abs(sum(lengths) / len(lengths) - average) < 0.1
        assert min(lengths) >= average - app.PARAMS.month_spread
        assert max(lengths) <= average + app.PARAMS.month_spread
    g = scenario(["orphaned_scion", "spymaster"])
    assert g.observe(0)["average_turns_per_month"] == 7
    play_turns(g, 2)
    assert g.state.month == 2 and 6 <= g.state.month_length <= 8


def test_RTDT_MONTH_3_players_know_the_average_not_the_month_length() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    s = g.state
    s.month, s.month_turn, s.month_length = 2, 1, 6
    other = g.clone()
    other.state.month_length = 8
    for seat in (0, 1):
        seen = g.observe(seat)
        assert seen == other.observe(seat)  # nothing a player sees tells 6 from 8
        assert seen["average_turns_per_month"] == 7
    lengths = {app.month_length(Rng(k), 2, "heroic", 3) for k in range(30)}
    assert len(lengths) > 1  # the length is drawn, not fixed


def test_RTDT_MONTH_4_gritty_months_have_fewer_turns() -> None:
    for players in (1, 2, 3, 4):
        heroic = [app.month_length(Rng(k), players, "heroic", 2) for k in range(400)]
        gritty = [app.month_length(Rng(k), players, "gritty", 2) for k in range(400)]
        assert sum(gritty) < sum(heroic)
        assert all(x < y for x, y in zip(gritty, heroic, strict=True))
    # the first month is one turn each on either difficulty (RTDT-ORDER-2)
    g = scenario(["orphaned_scion", "spymaster"], difficulty="gritty")
    assert g.state.month_length == 2
    assert g.observe(0)["average_turns_per_month"] < app.AVERAGE_TURNS[2]


def test_RTDT_MONTH_5_the_app_announces_the_end_of_a_month() -> None:
    g = scenario(["orphaned_scion"])
    s = g.state
    s.month, s.month_turn, s.month_length = 2, 0, 2
    play_turns(g, 1)
    assert not any("Month 2 ends" in line for line in g.log)
    assert g.state.month == 2
    play_turns(g, 1)
    assert any("Month 2 ends" in line for line in g.log)
    assert any("Month 3 begins" in line for line in g.log)
    assert g.state.month == 3 and g.state.month_turn == 0


# --- RTDT-PLACE -----------------------------------------------------------------------------


def test_RTDT_PLACE_1_emerged_skulls_are_placed_before_events() -> None:
    g = scenario(["orphaned_scion"])
    emerged, events = rig_drop(g, lambda e, v: e == ["north"] and v == ["new_wares"])
    play(g, "end")
    assert g.pending is not None and g.pending.kind == "place_skull"
    assert g.state.events == ["new_wares"]  # waiting
    play(g, "place dayside")
    assert g.state.skulls["dayside"] == 1
    assert g.pending is not None and g.pending.kind == "new_wares"


def test_RTDT_PLACE_2_a_skull_goes_on_a_building_of_the_kingdom_where_it_emerged() -> None:
    g = scenario(["orphaned_scion"])
    emerged, _ = rig_drop(g, lambda e, v: e == ["east"] and not v)
    play(g, "end")
    east = g.world.board.kingdom_buildings["east"]
    assert legal(g) == {f"place {sp}" for sp in east}
    with pytest.raises(IllegalAction) as e:
        g.apply("place dayside")  # a northern building
    assert e.value.rule == "RTDT-PLACE-2"
    before = dict(g.state.skulls)
    play(g, "place three_rivers")
    assert g.state.skulls["three_rivers"] == before["three_rivers"] + 1
    # destroyed buildings are not offered
    g = scenario(["orphaned_scion"])
    del g.state.skulls["duwani"]
    g.state.destroyed.append("duwani")
    rig_drop(g, lambda e, v: e == ["east"] and not v)
    play(g, "end")
    assert "place duwani" not in legal(g) and len(legal(g)) == 3


@rules("RTDT-PLACE-3", "RTDT-PLACE-4")
def test_RTDT_PLACE_3_PLACE_4_home_players_place_in_their_kingdom_the_dropper_elsewhere() -> None:
    g = scenario(["orphaned_scion", "spymaster"])  # seat 0 north, seat 1 south
    s = g.state
    s.emerged = ["south", "east", "north", "west"]
    s.events = []
    s.dropper = 0
    s.turn.phase = "place"
    resume(g)
    asked = []
    while g.pending is not None and g.pending.kind == "place_skull":
        asked.append((g.pending.target, g.pending.seat))
        play(g, sorted(legal(g))[0])
    # south: its home player even on seat 0's turn; east and west are dormant: the dropper
    assert asked == [("south", 1), ("east", 0), ("north", 0), ("west", 0)]
    # on seat 1's turn the dormant kingdoms are seat 1's to decide
    g = scenario(["orphaned_scion", "spymaster"])
    quiet_drop(g)
    finish_turn(g)
    assert g.state.turn.seat == 1
    rig_drop(g, lambda e, v: e == ["east"] and not v)
    play(g, "end")
    assert g.pending is not None and g.pending.seat == 1 and g.pending.target == "east"


@rules("RTDT-PLACE-5", "RTDT-PLACE-3")
def test_RTDT_PLACE_5_spymaster_drop_destroys_a_full_eastern_sanctuary() -> None:
    """Rulebook example: the Spymaster drops a skull; it emerges in the east, the Relic
    Hunter's home, where every building already holds three skulls. The Relic Hunter
    places it on the sanctuary, which is destroyed, and gains a corruption."""
    g = scenario(["spymaster", "relic_hunter"], kingdoms=["north", "east"])
    east = g.world.board.kingdom_buildings["east"]
    skulls(g, **{sp: 3 for sp in east})
    rig_drop(g, lambda e, v: e == ["east"] and not v)
    removed = g.state.removed
    play(g, "end")
    assert g.pending is not None and g.pending.seat == 1  # the Relic Hunter decides
    assert legal(g) == {f"place {sp}" for sp in east}  # the skull must still go somewhere
    play(g, "place greater_tombstones")  # the east's sanctuary
    s = g.state
    assert g.world.board.building_of["greater_tombstones"] == "sanctuary"
    assert "greater_tombstones" not in s.skulls and s.destroyed == ["greater_tombstones"]
    assert s.removed == removed + 4
    assert len(g.hero(1).corruptions) == 1
    assert g.hero(0).corruptions == []
    assert g.state.turn.seat == 1  # then the Relic Hunter's turn


def test_RTDT_PLACE_6_skulls_from_a_stirring_tower_follow_the_same_rules() -> None:
    g = scenario(["orphaned_scion", "spymaster"])  # north and south
    g.state.tower.lodged = [2] * 12
    words, emerged = rig_stir(g, lambda w, e: "south" in e and len(set(e)) >= 2)
    run_event(g, "tower_stirs", dropper=0)
    asked = []
    while g.pending is not None and g.pending.kind == "place_skull":
        kingdom, seat = g.pending.target, g.pending.seat
        asked.append(kingdom)
        assert seat == (1 if kingdom == "south" else 0)
        assert legal(g) <= {f"place {sp}" for sp in g.world.board.kingdom_buildings[kingdom]}
        play(g, sorted(legal(g))[0])
    assert asked == emerged
    assert g.state.turn.seat == 1  # then the next turn


# --- RTDT-EVENT -----------------------------------------------------------------------------


def test_RTDT_EVENT_1_events_follow_the_skull_drop() -> None:
    g = scenario(["orphaned_scion"])
    rig_drop(g, lambda e, v: not e and v == ["tower_stirs"])
    play(g, "end")
    log = g.log
    i = index_of(log, "drops a skull")
    index_of(log, "Event - the Tower stirs", i)
    # no event drawn: none announced
    g = scenario(["orphaned_scion"])
    quiet_drop(g)
    play(g, "end")
    assert not any("Event" in line for line in g.log)


def test_RTDT_EVENT_2_the_player_who_dropped_the_skull_decides() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    quiet_drop(g)
    finish_turn(g)  # now the Spymaster's turn (seat 1)
    rig_drop(g, lambda e, v: not e and v == ["new_wares"])
    play(g, "end")
    assert g.pending is not None and g.pending.kind == "new_wares"
    assert g.pending.seat == 1 and g.to_act == 1
    assert g.state.dropper == 1


def test_RTDT_EVENT_3_several_events_resolve_one_after_another() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    tower = g.state.tower.clone()
    rig_stir(g, lambda w, e: not e)
    run_event(g, "new_wares", "tower_stirs")
    assert g.pending is not None and g.pending.kind == "new_wares"
    assert g.state.tower == tower  # the second event waits for the first
    assert g.state.events == ["tower_stirs"]
    play(g, "done")
    assert g.state.tower != tower
    assert any("Event - the Tower stirs" in line for line in g.log)
    assert g.state.turn.seat == 1


def test_RTDT_EVENT_3_skulls_of_one_event_are_placed_before_the_next() -> None:
    g = scenario(["orphaned_scion"])
    g.state.tower.lodged = [2] * 12
    rig_stir(g, lambda w, e: len(e) >= 1)
    run_event(g, "tower_stirs", "new_wares")
    assert g.pending is not None and g.pending.kind == "place_skull"
    while g.pending is not None and g.pending.kind == "place_skull":
        assert g.state.events == ["new_wares"]
        play(g, sorted(legal(g))[0])
    assert g.pending is not None and g.pending.kind == "new_wares"


def test_RTDT_EVENT_7_the_tower_stirs_rotates_a_drum_or_removes_a_seal() -> None:
    kinds = set()
    for k in range(60):
        g = scenario(["orphaned_scion"])
        g.state.rng = k
        before = g.state.tower.clone()
        run_event(g, "tower_stirs")
        after = g.state.tower
        seals_off = sum(before.seals) - sum(after.seals)
        turned = [i for i in range(3) if before.rotation[i] != after.rotation[i]]
        assert (seals_off, len(turned)) in ((1, 0), (0, 1)), k
        kinds.add("seal" if seals_off else "rotate")
        assert any("Event - the Tower stirs" in line for line in g.log)
    assert kinds == {"seal", "rotate"}


def test_RTDT_EVENT_8_the_removed_seal_is_the_one_the_tower_indicates() -> None:
    g = scenario(["orphaned_scion"])
    words, _ = rig_stir(g, lambda w, e: "seal" in w)
    before = g.state.tower.seals[:]
    run_event(g, "tower_stirs")
    off = [i for i in range(12) if before[i] and not g.state.tower.seals[i]]
    assert len(off) == 1
    assert any(SEAL_OFF.format_map(seal_words(off[0])) in line for line in g.log)


def test_RTDT_EVENT_11_new_wares_replaces_market_treasures() -> None:
    g = scenario(["orphaned_scion"])
    market = g.state.market[:]
    deck = g.state.treasure_deck[:]
    run_event(g, "new_wares")
    assert legal(g) == {f"replace {t}" for t in market} | {"done"}
    play(g, f"replace {market[1]}")
    assert g.state.market == [market[0], market[2], deck[0]]
    assert g.state.treasure_deck[-1] == market[1]  # to the bottom of the deck
    play(g, f"replace {market[0]}")
    assert len(g.state.market) == 3 and market[0] not in g.state.market
    play(g, "done")
    assert g.pending is None
    # the heroes may also keep the market as it is
    g = scenario(["orphaned_scion"])
    run_event(g, "new_wares")
    play(g, "done")
    assert g.state.market == market


@rules("RTDT-EVENT-7", "RTDT-EVENT-8", "RTDT-PLACE-6", "RTDT-PLACE-3")
def test_event_example_a_seal_comes_off_and_the_warlord_places_the_northern_skulls() -> None:
    """Rulebook example (its foe spawn is Part 2): the Relic Hunter drops a skull; an
    event removes the seal the Tower indicates; three skulls emerge in the north, the
    Brutal Warlord's home, and the Warlord decides where they go."""
    g = scenario(["relic_hunter", "brutal_warlord"], kingdoms=["east", "north"])
    t = g.state.tower
    for level in range(3):
        t.lodged[level * 4] = 3  # skulls lodged behind the three northern windows

    def wanted(k: int) -> bool:
        r = Rng(k)
        inside = t.clone()
        if drop_skull(inside, r) or _events(g, r) != ["tower_stirs"]:
            return False
        msg, fields, emerged = stir(inside, Rng(r.state))
        words = msg.format_map(fields)
        return "seal" in words and emerged == ["north"] * 3

    g.state.rng = next(k for k in range(1, 50000) if wanted(k))
    seals = t.seals[:]
    play(g, "end")
    off = [i for i in range(12) if seals[i] and not g.state.tower.seals[i]]
    assert len(off) == 1 and off[0] % 4 == 0  # a northern seal
    assert any(SEAL_OFF.format_map(seal_words(off[0])) in line for line in g.log)
    placed = []
    while g.pending is not None:
        assert g.pending.kind == "place_skull" and g.pending.target == "north"
        assert g.pending.seat == 1  # the Warlord, on the Relic Hunter's turn
        placed.append(sorted(legal(g))[0])
        play(g, placed[-1])
    assert len(placed) == 3
    assert g.state.turn.seat == 1
