"""Rule tests for wastelands (COV-WASTE-1..6), the protection token's ward against them
(COV-SPELL-6, the wasteland half) and the rulebook's Swindler-in-the-Muted-Forest example
(COV-EXAMPLE-2).

The app's wasteland event is run by queueing it (`s.events = ["wasteland:N"]`, phase
"events") and resuming the game; wasteland tokens are put on spaces by hand with
`s.cov.wastelands`.
"""

from __future__ import annotations

import pytest

from tests.conftest import rules
from tests.rtdt.covenant_scenario import app_events, complete, cov
from tests.rtdt.invariants import check
from tests.rtdt.scenario import at, give, legal, play, scenario
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import IllegalAction
from towerplay.rtdt.covenant import wastelands
from towerplay.rtdt.game import RtdtGame, new_game
from towerplay.rtdt.rules import advantages

LODESTONE = "lodestone_mountains"  # north, mountains, no building
MUTED_FOREST = "muted_forest"  # north, forest, no building
CLOUDHOLD, ASH_HILLS = "cloudhold", "ash_hills"  # west mountains; hills between the two


def game(heroes: tuple[str, ...] = ("devious_swindler",), seed: int = 1, **kw: object) -> RtdtGame:
    """A Covenant game, companions set aside so that advantage counts are exact."""
    g = scenario(heroes, seed=seed, expansion="covenant", **kw)  # type: ignore[arg-type]
    for h in g.state.heroes:
        h.companions.clear()
    g._legal = None
    return g


def waste(g: RtdtGame, *spaces: str) -> None:
    cov(g).wastelands.extend(spaces)
    g._legal = None


def wild(g: RtdtGame, seat: int = 0) -> int:
    return advantages.automatic(g.world, g.state, g.hero(seat), battling=True).get("wild", 0)


# --- COV-WASTE-1: the app places them --------------------------------------------------


@rules("COV-WASTE-1")
def test_COV_WASTE_1_the_apps_event_places_tokens_on_the_spaces_it_names() -> None:
    chosen = set()
    for k in range(1, 15):
        g = game()
        app_events(g, "wasteland:2", rng=k)
        placed = cov(g).wastelands
        assert len(placed) == 2 and len(set(placed)) == 2
        assert all(sp in g.world.board.spaces for sp in placed)
        names = [g.world.board.names[sp] for sp in placed]
        assert any(f"wastelands at {', '.join(names)}" in line for line in g.log)
        chosen.update(placed)
        check(g)
    assert len(chosen) > 6  # spread over the board, not a fixed list


@rules("COV-WASTE-1", "COV-COMP-1")
def test_COV_WASTE_1_never_twice_on_a_space_and_no_more_than_32_tokens() -> None:
    g = game()
    spaces = list(g.world.board.spaces)
    waste(g, *spaces[:31])
    app_events(g, "wasteland:2", rng=3)
    assert len(cov(g).wastelands) == 32 == len(set(cov(g).wastelands))
    app_events(g, "wasteland:2", rng=4)
    assert len(cov(g).wastelands) == 32  # the box is empty
    check(g)


@rules("COV-WASTE-1")
def test_COV_WASTE_1_the_events_come_with_the_skull_drop() -> None:
    wastes = 0
    for seed in range(1, 12):
        g = game(seed=seed)
        for _ in range(6):
            number = g.state.turn_number
            g.apply("end")
            while g.result is None and (g.pending or g.state.turn_number == number):
                g.apply(g.legal_actions()[0])
            if g.result is not None:
                break
        wastes += len(cov(g).wastelands)
    assert wastes > 0


# --- COV-WASTE-2, COV-WASTE-3: no terrain ---------------------------------------------------


@rules("COV-WASTE-2")
def test_COV_WASTE_2_a_wasteland_has_no_terrain() -> None:
    g = game(kingdoms=("north",))
    w, s = g.world, g.state
    assert wastelands.terrain(w, s, LODESTONE) == "mountains"
    at(g, 0, LODESTONE)
    assert wild(g) == 2  # Champion of the North: two Wild in the mountains
    waste(g, LODESTONE)
    assert wastelands.terrain(w, s, LODESTONE) == ""
    assert wastelands.is_wasteland(s, LODESTONE)
    assert wild(g) == 0
    at(g, 0, "peaks_of_the_djinn")  # another mountain, not a wasteland
    assert wild(g) == 2


@rules("COV-WASTE-3")
def test_COV_WASTE_3_a_siege_tree_gives_a_wasteland_no_forest() -> None:
    g = game(kingdoms=("west",))
    s = g.state
    assert g.world.board.terrain_of[CLOUDHOLD] == "mountains"
    at(g, 0, CLOUDHOLD)
    assert wild(g) == 0
    s.siege_trees[:] = [CLOUDHOLD]  # a siege tree makes the space a forest
    assert wild(g) == 2  # Champion of the West: two Wild in forests
    waste(g, CLOUDHOLD)
    assert wild(g) == 0
    assert wastelands.terrain(g.world, s, CLOUDHOLD) == ""


# --- COV-WASTE-4: stuck for the rest of the turn -------------------------------------------


@rules("COV-WASTE-4")
def test_COV_WASTE_4_a_hero_who_enters_a_wasteland_moves_no_further() -> None:
    g = game(kingdoms=("west",))
    s = g.state
    at(g, 0, CLOUDHOLD)
    waste(g, ASH_HILLS)
    play(g, f"move {ASH_HILLS}")
    assert s.turn.moves_left == 2  # movement left, but no step may be taken
    assert not [a for a in legal(g) if a.startswith("move")]
    before = g.state_hash()
    with pytest.raises(IllegalAction) as e:
        g.apply(f"move {CLOUDHOLD}")
    assert e.value.rule == "COV-WASTE-4", str(e.value)
    assert g.state_hash() == before
    assert wastelands.stuck(s, g.hero(0))
    check(g)


@rules("COV-WASTE-4")
def test_COV_WASTE_4_moving_through_ordinary_spaces_is_not_stopped() -> None:
    g = game(kingdoms=("west",))
    at(g, 0, CLOUDHOLD)
    waste(g, MUTED_FOREST)  # a wasteland elsewhere does nothing
    play(g, f"move {ASH_HILLS}")
    assert [a for a in legal(g) if a.startswith("move")]
    assert not wastelands.stuck(g.state, g.hero(0))


@rules("COV-WASTE-4")
def test_COV_WASTE_4_no_effect_takes_a_stuck_hero_away() -> None:
    g = game(kingdoms=("west",))
    at(g, 0, CLOUDHOLD)
    give(g, 0, spirit=5, treasures=["kamarias_carpet"], potions=["potion_of_one_thousand_strides"])
    waste(g, ASH_HILLS)
    play(g, f"move {ASH_HILLS}")
    # Kamaria's Carpet would put the hero on any space: only this one is offered
    play(g, "use kamarias_carpet")
    assert g.pending is not None and g.pending.kind == "place_hero"
    assert legal(g) == {f"go {ASH_HILLS}"}
    play(g, f"go {ASH_HILLS}")
    assert g.hero(0).space == ASH_HILLS
    # a Potion of One Thousand Strides (the rulebook's example) moves nothing either
    play(g, "use potion_of_one_thousand_strides")
    assert g.pending is not None and g.pending.kind == "pick_hero"
    play(g, "hero devious_swindler")
    assert legal(g) == {"stop"}
    play(g, "stop")
    assert g.hero(0).space == ASH_HILLS
    check(g)


@rules("COV-WASTE-4")
def test_COV_WASTE_4_an_effect_that_puts_a_hero_on_a_wasteland_strands_them() -> None:
    g = game(kingdoms=("west",))
    at(g, 0, CLOUDHOLD)
    give(g, 0, spirit=5, treasures=["kamarias_carpet"])
    waste(g, MUTED_FOREST)
    play(g, "use kamarias_carpet", f"go {MUTED_FOREST}")
    assert g.hero(0).space == MUTED_FOREST
    assert not [a for a in legal(g) if a.startswith("move")]


@rules("COV-WASTE-4")
def test_COV_WASTE_4_a_potion_moving_another_hero_stops_at_the_wasteland() -> None:
    g = game(("devious_swindler", "spymaster"), kingdoms=("west", "north"))
    at(g, 0, CLOUDHOLD)
    at(g, 1, CLOUDHOLD)
    give(g, 0, potions=["potion_of_one_thousand_strides"])
    waste(g, ASH_HILLS)
    play(g, "use potion_of_one_thousand_strides", "hero spymaster", f"step {ASH_HILLS}")
    assert g.hero(1).space == ASH_HILLS
    assert g.pending is None  # the two steps left are lost
    assert wastelands.stuck(g.state, g.hero(1))
    check(g)


@rules("COV-WASTE-4")
def test_COV_WASTE_4_the_next_turn_the_hero_may_leave() -> None:
    g = game(kingdoms=("west",))
    at(g, 0, CLOUDHOLD)
    waste(g, ASH_HILLS)
    play(g, f"move {ASH_HILLS}")
    number = g.state.turn_number
    g.apply("end")
    while g.result is None and (g.pending or g.state.turn_number == number):
        g.apply(g.legal_actions()[0])
    assert g.result is None and g.hero(0).space == ASH_HILLS
    assert [a for a in legal(g) if a.startswith("move")]  # starting there is not entering


# --- COV-WASTE-5: only an effect that says so removes one ---------------------------------


@rules("COV-WASTE-5")
def test_COV_WASTE_5_wasteland_tokens_stay_through_whole_games() -> None:
    for seed in range(8):
        g = new_game(players=1 + seed % 4, seed=seed, expansion="covenant")
        agent = RandomAgent(seed)
        seen: list[str] = []
        while g.result is None:
            g.apply(agent.act(g))
            now = cov(g).wastelands
            assert now[: len(seen)] == seen  # none ever removed or moved
            seen = now[:]


@rules("COV-WASTE-5")
def test_COV_WASTE_5_the_removing_effect_is_the_only_way_out() -> None:
    g = game(kingdoms=("north",))
    at(g, 0, LODESTONE)
    waste(g, LODESTONE, MUTED_FOREST)
    wastelands.remove(g.world, g.state, LODESTONE)
    assert cov(g).wastelands == [MUTED_FOREST]
    assert wild(g) == 2  # the mountains are back


# --- COV-WASTE-6: none in a kingdom whose monument is completed ----------------------------


@rules("COV-WASTE-6")
def test_COV_WASTE_6_no_wasteland_in_a_kingdom_with_a_completed_monument() -> None:
    w = game().world
    for k in range(1, 25):
        g = game()
        complete(g, "north")
        complete(g, "south")
        app_events(g, "wasteland:2", "wasteland:2", "wasteland:2", rng=k)
        placed = cov(g).wastelands
        assert len(placed) == 6
        assert all(w.board.kingdom_of[sp] in ("east", "west") for sp in placed), placed
        check(g)
    g = game()
    for kingdom in ("north", "east", "south", "west"):
        complete(g, kingdom)
    app_events(g, "wasteland:2", rng=5)
    assert cov(g).wastelands == []
    assert any("no wasteland takes hold" in line for line in g.log)


@rules("COV-WASTE-6")
def test_COV_WASTE_6_a_monument_completed_then_destroyed_still_keeps_them_away() -> None:
    w = game().world
    for k in range(1, 10):
        g = game()
        for kingdom in ("north", "east", "south"):
            complete(g, kingdom, status="destroyed")
        app_events(g, "wasteland:2", rng=k)
        assert all(w.board.kingdom_of[sp] == "west" for sp in cov(g).wastelands)
    # an unbuilt foundation does not protect its kingdom
    g = game()
    assert all(wastelands.open_kingdom(g.state, k) for k in ("north", "east", "south", "west"))


# --- a protection token wards off the next wasteland (COV-SPELL-6) --------------------------


@rules("COV-SPELL-6", "COV-WASTE-1")
def test_a_protection_token_stops_a_wasteland_and_returns() -> None:
    g = game()
    w = g.world
    for kingdom in ("east", "south", "west"):
        complete(g, kingdom)
    north = list(w.board.kingdom_spaces["north"])
    guarded = north[0]
    waste(g, *north[1:])  # the only space left for a wasteland is the guarded one
    cov(g).protections[:] = [guarded]
    app_events(g, "wasteland:1", rng=2)
    assert guarded not in cov(g).wastelands
    assert cov(g).protections == []  # the token went back to the supply
    assert any("wards off the wasteland" in line for line in g.log)
    check(g)
    app_events(g, "wasteland:1", rng=3)  # the next one takes hold
    assert guarded in cov(g).wastelands


# --- COV-EXAMPLE-2 ------------------------------------------------------------------------


def _example(wasteland: bool) -> RtdtGame:
    g = game(kingdoms=("west",))
    s = g.state
    at(g, 0, CLOUDHOLD)
    give(g, 0, warriors=60)
    s.foes[:] = [("widowmade_spiders", MUTED_FOREST)]
    s.foe_status["widowmade_spiders"] = "ready"
    if wasteland:
        waste(g, MUTED_FOREST)
    play(g, f"move {ASH_HILLS}", f"move {MUTED_FOREST}")
    play(g, f"battle widowmade_spiders {MUTED_FOREST}")
    return g


@rules("COV-EXAMPLE-2", "COV-WASTE-2", "COV-WASTE-4")
def test_COV_EXAMPLE_2_the_swindler_in_the_muted_forest() -> None:
    control = _example(wasteland=False)
    g = _example(wasteland=True)
    assert "champion_of_the_west" in g.hero(0).virtues
    assert g.world.board.terrain_of[MUTED_FOREST] == "forest"
    b, c = g.state.battle, control.state.battle
    assert b is not None and c is not None
    # Champion of the West (+2 Wild in forests) gives nothing on the wasteland
    assert c.pool.get("wild", 0) - b.pool.get("wild", 0) == 2
    assert "advantage wild" in legal(control)
    for x in (g, control):
        while x.state.battle is not None:
            play(x, "resolve")
    assert ("widowmade_spiders", MUTED_FOREST) not in g.state.foes  # the spider is beaten
    # after the Battle, one step of movement is left, but the wasteland holds the Swindler
    assert g.state.turn.moves_left == 1 == control.state.turn.moves_left
    assert not [a for a in legal(g) if a.startswith("move")]
    assert [a for a in legal(control) if a.startswith("move")]
    assert g.hero(0).space == MUTED_FOREST
    check(g)


@rules("COV-WASTE-4")
def test_COV_WASTE_4_the_wand_of_celerity_cannot_carry_a_stuck_hero_off() -> None:
    g = game(kingdoms=("west",))
    at(g, 0, CLOUDHOLD)
    give(g, 0, treasures=["wand_of_celerity"])
    assert any(a.startswith("use wand_of_celerity ") for a in legal(g))  # charged: it may
    waste(g, ASH_HILLS)
    play(g, f"move {ASH_HILLS}")
    assert not any(a.startswith("use wand_of_celerity") for a in legal(g))
