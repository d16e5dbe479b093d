"""Rule tests for doom skulls and the Creeping Doom (COV-DOOM-1..7), with save/load of a
Covenant game mid-decision and seeded random Covenant games that keep every invariant.

A doom skull is put on a building by hand with `doom_skulls(g, space, n)` (from the doom supply,
counted among the building's skulls). A Creeping Doom is run by queueing the app's event
(`s.events = ["creeping_doom:N"]`, phase "events") and resuming the game; the generator
state decides where the skulls tumble out, so tests pick one that gives what they need.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.conftest import rules
from tests.rtdt.covenant_scenario import app_events, complete, cov, doom_skulls
from tests.rtdt.invariants import DOOM_SKULLS, check, play_checked
from tests.rtdt.scenario import at, give, legal, play, resume, scenario, skulls
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import IllegalAction
from towerplay.rtdt import app
from towerplay.rtdt.game import RtdtGame, new_game
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.battle import deck_for
from towerplay.rtdt.rules.skulls import add_skull
from towerplay.rtdt.state import Site

# North kingdom spaces (seat 0's home in these scenarios)
NORTH = {"citadel": "radiant_mountains", "bazaar": "dayside", "village": "egans_end"}
NORTH["sanctuary"] = "upper_ice_fangs"
GREEN_BRIDGE = "green_bridge"  # no building; next to the north bazaar, citadel and sanctuary


# --- helpers -------------------------------------------------------------------------------


def game(heroes: tuple[str, ...] = ("orphaned_scion",), seed: int = 1) -> RtdtGame:
    """A Covenant game, companions set aside so that advantage counts are exact."""
    g = scenario(heroes, seed=seed, expansion="covenant")
    for h in g.state.heroes:
        h.companions.clear()
    g._legal = None
    return g


def site(g: RtdtGame, kingdom: str) -> Site:
    return next(x for x in cov(g).sites if x.kingdom == kingdom)


def covenant_with(
    kingdom: str, btype: str, heroes: tuple[str, ...] = ("orphaned_scion",)
) -> RtdtGame:
    """The first seed whose monument in `kingdom` replaces a `btype`."""
    for seed in range(1, 300):
        g = game(heroes, seed=seed)
        if g.world.content.monuments[site(g, kingdom).monument].replaces == btype:
            return g
    raise AssertionError(f"no seed puts a {btype} monument in the {kingdom}")


def answer_all(g: RtdtGame) -> None:
    """Answer every pending question with its first legal action, checking invariants."""
    while g.pending is not None and g.result is None:
        g.apply(g.legal_actions()[0])
        check(g)


def rng_for(emerged: list[str], count: int = 1, **build: str) -> tuple[RtdtGame, int]:
    """A fresh game (with these kingdoms' monuments completed) and a generator state for
    which a `creeping_doom:count` into the empty Tower sends out exactly `emerged`."""
    for k in range(1, 5000):
        g = game()
        for kingdom in build:
            complete(g, kingdom, build[kingdom])
        app_events(g, f"creeping_doom:{count}", rng=k)
        if g.state.emerged == emerged:
            g = game()
            for kingdom in build:
                complete(g, kingdom, build[kingdom])
            return g, k
    raise AssertionError(f"no generator state sends out {emerged}")


def total_doom(g: RtdtGame) -> int:
    c = cov(g)
    emerged = sum(1 for k in g.state.emerged if k.startswith("doom:"))
    return c.doom_supply + c.doom_tower + sum(c.doom.values()) + c.doom_removed + emerged


# --- COV-DOOM-1, COV-DOOM-2: the Creeping Doom --------------------------------------------


@rules("COV-DOOM-1", "COV-DOOM-2")
def test_COV_DOOM_1_2_creeping_doom_drops_doom_skulls_beside_the_regular_ones() -> None:
    dropped = Counter[int]()
    for k in range(1, 30):
        g = game()
        s = g.state
        supply, on_board = s.supply, sum(s.skulls.values())
        app_events(g, "creeping_doom:3", rng=k)
        # three black skulls left their own supply; the regular supply is untouched
        assert cov(g).doom_supply == DOOM_SKULLS - 3
        assert s.supply == supply
        assert cov(g).doom_tower + sum(1 for e in s.emerged if e.startswith("doom:")) == 3
        assert s.tower.inside >= cov(g).doom_tower
        assert all(e.startswith("doom:") for e in s.emerged)  # the Tower held nothing else
        assert any("Creeping Doom: 3 doom skull(s)" in line for line in g.log)
        answer_all(g)
        # doom skulls are played alongside the regular ones: the 24 are all still in play
        assert s.supply + sum(s.skulls.values()) - sum(cov(g).doom.values()) == supply + on_board
        dropped[sum(cov(g).doom.values())] += 1
        check(g)
    assert max(dropped) > 0  # some did tumble out onto buildings


@rules("COV-DOOM-2")
def test_COV_DOOM_2_the_doom_supply_limits_the_drop() -> None:
    g = game()
    cov(g).doom_supply = 1
    cov(g).doom_removed = DOOM_SKULLS - 1  # the others are out of the game
    app_events(g, "creeping_doom:3", rng=7)
    assert cov(g).doom_supply == 0
    assert total_doom(g) == DOOM_SKULLS
    assert any("the doom supply held only 1" in line for line in g.log)
    answer_all(g)
    check(g)
    app_events(g, "creeping_doom:2", rng=8)  # an empty supply drops nothing
    assert cov(g).doom_supply == 0 and total_doom(g) == DOOM_SKULLS
    check(g)


@rules("COV-DOOM-1", "COV-DOOM-6")
def test_COV_DOOM_1_doom_skulls_are_conserved_through_creeping_dooms() -> None:
    """Many Creeping Dooms in a row, each dropping several: every doom skull stays in the
    supply, the Tower, a hand, a building or out of the game, and regular skulls too."""
    placed_on_board = 0
    for k in range(1, 40):
        g = game()
        s = g.state
        skulls(g, egans_end=2, dayside=3, southern_wastes=2)
        supply = s.supply
        app_events(g, *["creeping_doom:3"] * 5, rng=k)  # 15 asked, 12 exist
        while g.pending is not None or s.turn.phase not in ("start", "middle"):
            assert total_doom(g) == DOOM_SKULLS
            check(g)
            if g.pending is None:
                break
            g.apply(g.legal_actions()[-1])
            if g.result is not None:
                break
        assert total_doom(g) == DOOM_SKULLS
        assert s.supply == supply  # no regular skull was taken from the supply
        assert cov(g).doom_supply == 0
        placed_on_board += sum(cov(g).doom.values()) + cov(g).doom_removed
        check(g)
    assert placed_on_board > 0


@rules("COV-DOOM-7")
def test_COV_DOOM_7_the_creeping_doom_advances_no_turn_and_triggers_no_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g, k = rng_for(["doom:north", "doom:north"], count=3)
    s = g.state
    s.month_length = 10
    s.month_turn = 4
    number = s.turn_number
    drawn: list[str] = []

    def no_events(*args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append("events")
        return []

    monkeypatch.setattr(app, "draw_events", no_events)
    monkeypatch.setattr(app, "draw_covenant_events", no_events)
    app_events(g, "creeping_doom:3", "new_wares", rng=k)
    # three skulls dropped, two out: the sensor is off, nothing is counted or triggered
    assert g.pending is not None and g.pending.kind == "place_skull"
    assert s.emerged == ["doom:north", "doom:north"]
    assert s.month_turn == 4 and s.turn_number == number
    assert s.events == ["new_wares"]  # only what the app had already announced
    assert drawn == []
    play(g, f"place {NORTH['village']}", f"place {NORTH['village']}")
    check(g)
    # then the turn closes as usual: counted once, not once per doom skull
    while g.pending is not None:
        g.apply(g.legal_actions()[-1])
    assert s.month_turn == 5
    assert s.turn_number == number + 1
    assert drawn == []
    check(g)


@rules("COV-DOOM-7")
def test_COV_DOOM_7_an_ordinary_drop_does_count_the_turn_and_draw_events(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The control for the test above: the same position with a regular drop."""
    drawn: list[str] = []
    real = app.draw_events

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append("events")
        return real(*args, **kwargs)

    monkeypatch.setattr(app, "draw_events", spy)
    g = game()
    g.state.month_length = 10
    g.apply("end")
    assert drawn == ["events"]


# --- COV-DOOM-3: placed as usual --------------------------------------------------------


@rules("COV-DOOM-3", "COV-MONUMENT-3")
def test_COV_DOOM_3_a_doom_skull_goes_on_a_building_of_its_kingdom_a_monument_included() -> None:
    g, k = rng_for(["doom:north"], north="")
    monument = site(g, "north")
    app_events(g, "creeping_doom:1", rng=k)
    s = g.state
    assert g.pending is not None and g.pending.kind == "place_skull"
    assert g.pending.seat == 0  # the home player places it, as usual
    standing = {sp for sp in g.world.board.kingdom_buildings["north"] if sp in s.skulls}
    assert legal(g) == {f"place {sp}" for sp in standing}
    assert monument.space in standing  # the completed monument is a building
    play(g, f"place {monument.space}")
    assert s.skulls[monument.space] == 1
    assert cov(g).doom == {monument.space: 1}
    assert cov(g).doom_tower == 0 and cov(g).doom_supply == DOOM_SKULLS - 1
    check(g)


@rules("COV-DOOM-3")
def test_COV_DOOM_3_only_the_kingdom_where_it_tumbled_out() -> None:
    g, k = rng_for(["doom:east"])
    app_events(g, "creeping_doom:1", rng=k)
    s, w = g.state, g.world
    assert g.pending is not None and g.pending.target == "east"
    assert g.pending.seat == 0  # a dormant kingdom: the dropping player places it
    east = {sp for sp in w.board.kingdom_buildings["east"] if sp in s.skulls}
    assert legal(g) == {f"place {sp}" for sp in east}
    assert site(g, "east").space not in east  # an unbuilt foundation takes no skull
    target = sorted(east)[0]
    before = s.skulls[target]
    play(g, f"place {target}")
    assert s.skulls[target] == before + 1 and cov(g).doom[target] == 1
    check(g)


@rules("COV-DOOM-3", "COV-DOOM-5", "COV-DOOM-6")
def test_COV_DOOM_3_a_doom_skull_as_the_fourth_destroys_the_building() -> None:
    g = game()
    s = g.state
    skulls(g, **{NORTH["village"]: 3})
    removed = s.removed
    s.emerged = ["doom:north"]
    cov(g).doom_supply -= 1
    resume(g)
    play(g, f"place {NORTH['village']}")
    assert NORTH["village"] in s.destroyed
    assert s.removed == removed + 3  # the three regular skulls
    assert cov(g).doom_removed == 1  # and the doom skull leave the game
    assert g.hero(0).corruptions  # the home player's building
    check(g)


# --- COV-DOOM-4: never removed ------------------------------------------------------------


@rules("COV-DOOM-4")
def test_COV_DOOM_4_a_cleanse_takes_only_the_regular_skulls() -> None:
    g = game()
    s = g.state
    at(g, 0, NORTH["bazaar"])
    give(g, 0, spirit=3)
    skulls(g, **{NORTH["bazaar"]: 2})
    doom_skulls(g, NORTH["bazaar"])
    supply = s.supply
    play(g, f"cleanse {NORTH['bazaar']}")
    assert s.skulls[NORTH["bazaar"]] == 1 and cov(g).doom[NORTH["bazaar"]] == 1
    assert s.supply == supply + 2
    assert g.hero(0).spirit == 3 + 2
    check(g)


@rules("COV-DOOM-4")
def test_COV_DOOM_4_a_building_with_only_doom_skulls_cannot_be_cleansed() -> None:
    g = game()
    at(g, 0, NORTH["bazaar"])
    give(g, 0, spirit=3)
    skulls(g, **{NORTH["bazaar"]: 0})
    doom_skulls(g, NORTH["bazaar"], 2)
    before = g.state_hash()
    assert f"cleanse {NORTH['bazaar']}" not in legal(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(f"cleanse {NORTH['bazaar']}")
    assert e.value.rule == "COV-DOOM-4", str(e.value)
    assert g.state_hash() == before


@rules("COV-DOOM-4")
def test_COV_DOOM_4_a_potion_of_purifying_breath_leaves_doom_skulls() -> None:
    g = game()
    s = g.state
    give(g, 0, potions=["potion_of_purifying_breath"])
    skulls(g, **{NORTH["village"]: 0, NORTH["sanctuary"]: 1, "greater_tombstones": 0})
    doom_skulls(g, NORTH["village"], 2)  # only doom skulls
    doom_skulls(g, NORTH["sanctuary"], 1)  # one regular, one doom
    supply = s.supply
    play(g, "use potion_of_purifying_breath")
    options = legal(g)
    assert f"remove {NORTH['village']}" not in options
    assert f"remove {NORTH['sanctuary']}" in options
    play(g, f"remove {NORTH['sanctuary']}")
    assert g.pending is None  # nothing more it may take there
    assert s.skulls[NORTH["sanctuary"]] == 1 and cov(g).doom[NORTH["sanctuary"]] == 1
    assert s.skulls[NORTH["village"]] == 2 and cov(g).doom[NORTH["village"]] == 2
    assert s.supply == supply + 1
    check(g)


@rules("COV-DOOM-4", "COV-CLARIFY-15")
def test_COV_DOOM_4_the_necropolis_returns_only_its_regular_skulls() -> None:
    g = covenant_with("north", "village")
    s = g.state
    x = complete(g, "north", "endless_necropolis")
    skulls(g, **{x.space: 3})
    doom_skulls(g, x.space, 2)  # five skulls: the Necropolis holds any number
    at(g, 0, x.space)
    give(g, 0, spirit=5)
    supply = s.supply
    play(g, "reinforce enhanced")
    while g.pending is not None and g.pending.kind == "remove_skull":
        assert all(a in (f"remove {x.space}", "stop") for a in legal(g))
        if f"remove {x.space}" not in legal(g):
            play(g, "stop")
            break
        play(g, f"remove {x.space}")
    assert s.skulls[x.space] == 2 and cov(g).doom[x.space] == 2
    assert s.supply == supply + 3
    check(g)


@rules("COV-DOOM-4")
def test_COV_DOOM_4_remove_skull_effects_find_no_doom_skull_to_take() -> None:
    from towerplay.rtdt.rules.skulls import remove_skulls, skull_targets

    g = game()
    s, w = g.state, g.world
    for sp in list(s.skulls):
        skulls(g, **{sp: 0})
    doom_skulls(g, NORTH["village"], 3)
    h = g.hero(0)
    for scope in ("anywhere", "home_kingdom", "current_kingdom", "one_building_anywhere"):
        assert skull_targets(w, s, h, scope) == []
    assert remove_skulls(w, s, NORTH["village"], 3) == 0
    assert s.skulls[NORTH["village"]] == 3
    check(g)


# --- COV-DOOM-5: a skull for every other effect -------------------------------------------


def _rig(g: RtdtGame, foe: str, card: str) -> None:
    from towerplay.core.rng import Rng

    deck = deck_for(g.world, foe)
    for k in range(1, 20000):
        d = deck[:]
        Rng(k).shuffle(d)
        if d[0] == card:
            g.state.rng = k
            return
    raise AssertionError(card)


@rules("COV-DOOM-5")
def test_COV_DOOM_5_doom_skulls_count_for_a_battle_cards_losses() -> None:
    def loss(doom_on: dict[str, int], regular_on: dict[str, int]) -> int:
        g = game(("spymaster",))
        g.state.foes[:] = [("brigands", GREEN_BRIDGE)]
        g.state.foe_status["brigands"] = "lethal"
        at(g, 0, GREEN_BRIDGE)
        for sp in g.world.board.near(GREEN_BRIDGE):
            if sp in g.state.skulls:
                skulls(g, **{sp: 0})
        skulls(g, **regular_on)
        for sp, n in doom_on.items():
            doom_skulls(g, sp, n)
        give(g, 0, warriors=50)
        _rig(g, "brigands", "generic_volley")
        play(g, f"battle brigands {GREEN_BRIDGE}")
        b = g.state.battle
        assert b is not None
        b.cards[:] = ["generic_volley"] + ["generic_skirmish"] * (len(b.cards) - 1)
        card = g.world.content.battle_cards["generic_volley"]
        assert (
            card.rungs[b.rung].text == "Lose 4 warriors, plus 2 per skull on or next to your space."
        )
        play(g, "resolve")
        return 50 - g.hero(0).warriors

    g = game(("spymaster",))
    a, b = [sp for sp in g.world.board.near(GREEN_BRIDGE) if sp in g.state.skulls][:2]
    assert loss({}, {}) == 4
    assert loss({a: 2}, {}) == 4 + 2 * 2
    assert loss({a: 1}, {b: 1}) == 4 + 2 * 2
    assert loss({a: 1, b: 2}, {a: 1}) == 4 + 2 * 4


@rules("COV-DOOM-5")
def test_COV_DOOM_5_a_building_with_a_doom_skull_is_not_clean() -> None:
    g = game(("orphaned_scion",))
    s, w = g.state, g.world
    h = g.hero(0)
    h.virtues[:] = ["anointed"]  # one Wild per clean building on or next to your space
    at(g, 0, GREEN_BRIDGE)
    near = [sp for sp in w.board.near(GREEN_BRIDGE) if sp in s.skulls]
    for sp in near:
        skulls(g, **{sp: 0})
    assert advantages.automatic(w, s, h, battling=True).get("wild", 0) == len(near)
    doom_skulls(g, near[0])
    assert advantages.automatic(w, s, h, battling=True).get("wild", 0) == len(near) - 1


@rules("COV-DOOM-5", "COV-DOOM-6")
def test_COV_DOOM_5_doom_skulls_fill_a_buildings_three_places() -> None:
    g = game()
    s, w = g.state, g.world
    skulls(g, **{NORTH["bazaar"]: 1})
    doom_skulls(g, NORTH["bazaar"], 2)
    removed = s.removed
    s.supply -= 1
    add_skull(w, s, NORTH["bazaar"], g.hero(0))  # a regular fourth skull
    assert NORTH["bazaar"] in s.destroyed and NORTH["bazaar"] not in cov(g).doom
    assert s.removed == removed + 2  # the regular one there and the incoming one
    assert cov(g).doom_removed == 2  # the doom skulls leave with their building
    check(g)


# --- COV-DOOM-6: out of the game only with the building ---------------------------------


@rules("COV-DOOM-6", "COV-MONUMENT-6")
def test_COV_DOOM_6_a_destroyed_monument_takes_its_doom_skulls_out_of_the_game() -> None:
    g = game()
    s, w = g.state, g.world
    x = complete(g, "north")
    cap = w.content.monuments[x.monument].skull_capacity
    assert cap == 3  # not the Necropolis (its citadel/sanctuary/bazaar rivals hold three)
    skulls(g, **{x.space: 1})
    doom_skulls(g, x.space, 2)
    supply = s.supply
    s.emerged = ["north"]
    s.supply -= 1
    resume(g)
    play(g, f"place {x.space}")
    assert x.status == "destroyed" and x.space in s.destroyed
    assert cov(g).doom_removed == 2 and x.space not in cov(g).doom
    assert s.supply == supply - 1
    assert total_doom(g) == DOOM_SKULLS
    check(g)


@rules("COV-DOOM-6")
def test_COV_DOOM_6_a_doom_skull_with_no_building_to_stand_on_leaves_the_game() -> None:
    g = game()
    s = g.state
    north = [sp for sp in g.world.board.kingdom_buildings["north"] if sp in s.skulls]
    for sp in north:  # every northern building destroyed
        s.removed += s.skulls.pop(sp)
        s.destroyed.append(sp)
    s.emerged = ["doom:north"]
    cov(g).doom_supply -= 1
    resume(g)
    assert s.emerged == [] and cov(g).doom_removed == 1
    assert total_doom(g) == DOOM_SKULLS
    check(g)


@rules("COV-DOOM-6")
def test_COV_DOOM_6_doom_skulls_stay_turn_after_turn() -> None:
    g = game(("orphaned_scion", "spymaster"))
    s = g.state
    doom_skulls(g, NORTH["village"], 2)
    for _ in range(4):
        number = s.turn_number
        g.apply("end")
        while g.result is None and (g.pending is not None or s.turn_number == number):
            g.apply(g.legal_actions()[0])
        if g.result is not None or NORTH["village"] in s.destroyed:
            break
        assert cov(g).doom.get(NORTH["village"], 0) >= 2
        check(g)


# --- save and load ---------------------------------------------------------------------


@rules("COV-DOOM-3")
def test_a_covenant_game_saves_and_loads_while_a_doom_skull_waits() -> None:
    g, k = rng_for(["doom:north"], north="")
    s = g.state
    x = site(g, "north")
    cov(g).wastelands[:] = ["muted_forest"]
    cov(g).blessings[0] = 2
    doom_skulls(g, NORTH["bazaar"])
    app_events(g, "creeping_doom:1", "wasteland:1", rng=k)
    assert g.pending is not None and s.emerged == ["doom:north"]
    data = json.loads(json.dumps(g.to_json()))
    g2 = RtdtGame.from_json(data)
    assert g2.state_hash() == g.state_hash()
    assert g2.legal_actions() == g.legal_actions()
    assert g2.state.emerged == ["doom:north"] and g2.state.cov is not None
    assert g2.state.cov.doom == {NORTH["bazaar"]: 1}
    assert g2.state.cov.sites[0].status == s.cov.sites[0].status  # type: ignore[union-attr]
    for game_ in (g, g2):
        game_.apply(f"place {x.space}")
        check(game_)
    assert g2.state_hash() == g.state_hash()
    assert g2.state.cov.doom[x.space] == 1  # type: ignore[union-attr]


# --- seeded random games ------------------------------------------------------------------


def test_seeded_random_covenant_games_keep_every_invariant() -> None:
    used = 0
    wastes = 0
    for seed in range(30):
        g = new_game(players=1 + seed % 4, seed=seed, expansion="covenant")
        play_checked(g, RandomAgent(seed))
        assert g.result is not None
        assert total_doom(g) == DOOM_SKULLS
        used += DOOM_SKULLS - cov(g).doom_supply
        wastes += len(cov(g).wastelands)
    assert used > 0 and wastes > 0  # the games did meet Creeping Doom and wastelands
