"""Boss turns, enemy behaviour, spawning, large bosses and the end of the encounter."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tactics.helpers import arena, boss_turn, content_with, put, remove, texts, turn, unit
from towerplay.tactics.decks import draw_direction
from towerplay.tactics.effects import damage
from towerplay.tactics.enemies import costs_from, placements, start_boss_turn
from towerplay.tactics.positions import can_see

GOBLINS = (
    {"id": "GW", "enemy": "grutch", "at": "j8"},
    {"id": "GM1", "enemy": "goblin_minion", "at": "c6"},
    {"id": "GA1", "enemy": "goblin_archer", "at": "h8"},
)


def goblins(dice: int = 1, rows: tuple[str, ...] | None = None, placements=GOBLINS, **kw):  # type: ignore[no-untyped-def]
    if rows is None:
        return content_with(placements=placements, dice=dice, **kw)
    return content_with(rows, placements, dice=dice, **kw)


def answer_all(g, verb: str = "decline") -> None:  # type: ignore[no-untyped-def]
    while g.s.pending and g.s.pending[-1].kind in ("response", "focus"):
        g.apply(verb if g.s.pending[-1].kind == "response" else texts(g)[0])


def test_AT_BOSS_1_only_the_named_characters_act() -> None:
    g = arena(content=goblins(), at=("a1", "b1", "c1"))
    boss_before = unit(g, "gw").square
    boss_turn(g, "Rally")
    answer_all(g)
    assert unit(g, "gw").square == boss_before  # Rally names the minions only
    assert unit(g, "gm1").square != g.ctx.board.square("c6")


def test_AT_BOSS_1_an_empty_boss_deck_reshuffles_its_discard() -> None:
    g = arena(content=goblins())
    n = len(g.s.boss_deck) + len(g.s.boss_discard)
    g.s.boss_discard = g.s.boss_deck + g.s.boss_discard
    g.s.boss_deck = []
    start_boss_turn(g.s, g.ctx)
    assert len(g.s.boss_deck) == n - 1 and len(g.s.boss_discard) == 1


def test_AT_BOSS_2_wraiths_pass_through_and_are_bound_to_serve() -> None:
    placements = (
        {"id": "GW", "enemy": "grutch", "at": "j8"},
        {"id": "WR1", "enemy": "wraith", "at": "b3"},
    )
    g = arena(content=goblins(placements=placements), at=("a1", "b2", "c1"))
    put(g, "fighter", "a2")
    put(g, "cleric", "c2")
    costs = costs_from(g.s, g.ctx, unit(g, "wr1"), 4)
    assert g.ctx.board.square("b1") in costs  # Shapeless Void: through the rogue on b2
    wr = unit(g, "wr1")
    put(g, "wr1", "f5")
    damage(g.s, g.ctx, wr, 99)
    assert "wr1" in g.s.units and wr.hp == wr.max_hp and g.ctx.board.name(wr.square) == "b3"


def test_AT_BOSS_3_enemies_close_in_stop_in_range_and_attack() -> None:
    g = arena(content=goblins(dice=2), at=("a1", "e1", "j1"))
    remove(g, "ga1")
    put(g, "gm1", "a5")
    boss_turn(g, "Rally")
    answer_all(g)
    # the minion walked 3 squares toward the fighter and is now adjacent... or as near as it gets
    assert g.ctx.board.name(unit(g, "gm1").square) == "a2"
    assert unit(g, "fighter").hp == unit(g, "fighter").max_hp - 1  # blue 2 less Chain Mail


def test_AT_BOSS_3_ties_are_the_players_decision() -> None:
    g = arena(content=goblins(), at=("b1", "d1", "j1"))
    remove(g, "ga1")
    put(g, "gm1", "c5")
    g.s.heroes[1].board["armor"] = None
    boss_turn(g, "Rally")
    d = g.s.pending[-1]
    assert d.kind == "focus" and texts(g) == ["focus b1", "focus d1"]
    g.apply("focus d1")
    answer_all(g)
    assert g.ctx.board.name(unit(g, "gm1").square) in ("d2", "c2")


def test_AT_BOSS_3_preferred_targets_first() -> None:
    placements = (
        {"id": "GW", "enemy": "grutch", "at": "j8"},
        {"id": "GA1", "enemy": "goblin_archer", "at": "a6"},
    )
    g = arena(
        content=goblins(placements=placements),
        party=("fighter", "rogue", "wizard"),
        at=("a3", "b3", "d4"),
    )
    boss_turn(g, "Volley")
    answer_all(g)
    attacked = [line for line in g.log if line.startswith("ga1 attacks")]
    assert attacked and "wizard" in attacked[0]  # the archer goes for the wizard


def test_AT_BOSS_4_random_moves_use_the_direction_deck_and_compass() -> None:
    placements = ({"id": "BK", "enemy": "blob_king", "at": "e5"},)
    c = goblins(
        placements=placements,
        boss_deck="blob_deck",
        main={"kind": "defeat_boss", "enemy": "blob_king", "text": "Win."},
    )
    g = arena(content=c, at=("a1", "b1", "c1"))
    g.s.direction_deck = ["n", "n", "n", "n", "n", "n", "n", "e"]  # the top card is last
    g.s.compass = 0
    boss_turn(g, "Wobble", boss="bk")
    answer_all(g)
    assert g.ctx.board.name(unit(g, "bk").square) == "g5"  # two squares east
    assert len(g.s.direction_deck) == 8 and not g.s.direction_used  # reshuffled after the turn


def test_AT_BOSS_5_harpoon_pulls_the_target_next_to_pawl() -> None:
    placements = ({"id": "PAWL", "enemy": "pawl", "at": "e8"},)
    c = goblins(
        placements=placements,
        boss_deck="pawl_deck",
        main={"kind": "defeat_boss", "enemy": "pawl", "text": "Win."},
    )
    g = arena(content=c, at=("e4", "a1", "j1"))
    boss_turn(g, "Harpoon", boss="pawl")
    answer_all(g)
    assert g.ctx.board.name(unit(g, "fighter").square) == "e7"
    assert any(line.startswith("pawl attacks fighter") for line in g.log)


def test_AT_MOVE_5_a_large_boss_shrinks_moves_and_must_fit() -> None:
    rows = (
        "..........",
        "..........",
        "..........",
        "..#.......",
        "..........",
        "..........",
        "..........",
        "SSSSS.....",
    )
    placements = ({"id": "SC", "enemy": "stone_colossus", "at": "e6"},)
    c = content_with(
        rows,
        placements,
        boss_deck="colossus_deck",
        main={"kind": "defeat_boss", "enemy": "stone_colossus", "text": "Win."},
    )
    g = arena(content=c)
    sc = unit(g, "sc")
    options = placements_of(g, sc, 3)
    assert "c5" not in options and "b5" not in options  # the 2x2 base would cover the wall on c5
    assert "d6" in options and "e3" in options
    for anchor in options:
        q = g.ctx.board.square(anchor)
        assert q is not None and q % g.ctx.board.width < g.ctx.board.width - 1


def test_AT_COND_1_slowed_enemies_move_one_point() -> None:
    # the minion of test_AT_BOSS_3 would walk a5 -> a2; slowed, it gets one step
    g = arena(content=goblins(dice=2), at=("a1", "e1", "j1"))
    remove(g, "ga1")
    put(g, "gm1", "a5")
    unit(g, "gm1").conditions.append("slowed")
    boss_turn(g, "Rally")
    answer_all(g)
    assert g.ctx.board.name(unit(g, "gm1").square) == "a4"
    # a large boss, whose moves are planned over its whole base, likewise
    placements = ({"id": "SC", "enemy": "stone_colossus", "at": "e6"},)
    c = content_with(
        placements=placements,
        boss_deck="colossus_deck",
        main={"kind": "defeat_boss", "enemy": "stone_colossus", "text": "Win."},
    )
    g = arena(content=c)
    sc = unit(g, "sc")
    one, two = placements_of(g, sc, 1), placements_of(g, sc, 2)
    assert "e3" in placements_of(g, sc, 3) and one < two
    sc.conditions.append("slowed")
    assert placements_of(g, sc, 3) == one


def placements_of(g, u, points: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {g.ctx.board.name(q) for q in placements(g.s, g.ctx, u, points)}


def test_AT_MOVE_3_a_large_boss_pays_for_obstacles_only_moving_through() -> None:
    rows = (
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "....oo....",
        "..........",
        "SSSSS.....",
    )
    placements = ({"id": "SC", "enemy": "stone_colossus", "at": "e5"},)
    c = content_with(
        rows,
        placements,
        boss_deck="colossus_deck",
        main={"kind": "defeat_boss", "enemy": "stone_colossus", "text": "Win."},
    )
    g = arena(content=c)
    # one step down puts the base on the obstacles e3/f3 for 1 point
    assert "e4" in placements_of(g, unit(g, "sc"), 1)


def test_AT_SPAWN_1_walls_spawn_beside_the_boss_and_the_oldest_goes() -> None:
    placements = ({"id": "YS", "enemy": "ember_witch", "at": "e5"},)
    c = goblins(
        placements=placements,
        boss_deck="ember_deck",
        walls=["fire_wall"],
        main={"kind": "defeat_boss", "enemy": "ember_witch", "text": "Win."},
    )
    g = arena(content=c, at=("e1", "a1", "j1"))
    for _ in range(3):
        boss_turn(g, "Wall of Fire", boss="ys")
        answer_all(g)
    fire = [sq for t, sq in g.s.walls if t == "fire_wall"]
    assert len(fire) == 2  # at most two fire walls: the oldest was removed
    names = {g.ctx.board.name(q) for q in fire[-1]}
    assert names == {"d4", "e4", "f4"}  # touching the witch's side, running left-right
    # an obstacle wall costs 2 to enter
    put(g, "fighter", "e2")
    turn(g, "fighter", ["basic_move", "cleave", "charge", "basic_attack"])
    g.apply("play basic_move")
    assert "move e4" in texts(g) and "move d4" not in texts(g)


def test_AT_SPAWN_2_minions_spawn_within_limits_and_players_pick_crowded_squares() -> None:
    rows = (
        "...*......",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "SSSSS.....",
    )
    placements = (
        {"id": "YS", "enemy": "ember_witch", "at": "h5"},
        {"id": "FI1", "enemy": "fire_imp", "at": "d8"},
    )
    c = content_with(
        rows,
        placements,
        boss_deck="ember_deck",
        minion_limits={"fire_imp": 2},
        main={"kind": "defeat_boss", "enemy": "ember_witch", "text": "Win."},
    )
    g = arena(content=c)
    boss_turn(g, "Kindle", boss="ys")
    assert g.s.pending[-1].kind == "spawn"  # the spawn square d8 is taken
    assert set(texts(g)) == {"spawn c8", "spawn e8", "spawn c7", "spawn d7", "spawn e7"}
    g.apply("spawn e8")
    answer_all(g)
    assert sum(1 for u in g.s.units.values() if u.type_id == "fire_imp") == 2
    boss_turn(g, "Kindle", boss="ys")
    answer_all(g)
    assert sum(1 for u in g.s.units.values() if u.type_id == "fire_imp") == 2  # the limit holds


def test_AT_LOS_3_enemies_block_heroes_sight_but_allies_do_not() -> None:
    placements = (
        {"id": "GW", "enemy": "grutch", "at": "j8"},
        {"id": "GM1", "enemy": "goblin_minion", "at": "a3"},
        {"id": "GM2", "enemy": "goblin_minion", "at": "a5"},
        {"id": "GA1", "enemy": "goblin_archer", "at": "c5"},
    )
    g = arena(
        content=goblins(placements=placements),
        party=("wizard", "rogue", "cleric"),
        at=("a1", "c3", "j1"),
    )
    turn(g, "wizard", ["frost_bolt", "basic_move", "fireball", "blink"])
    g.apply("play frost_bolt")
    t = {x.split()[1] for x in texts(g)}
    assert "a3" in t and "a5" not in t  # the minion on a3 hides the one on a5
    assert "c5" in t  # the rogue on c3 does not hide the archer


def test_AT_END_1_the_main_objective_ends_the_encounter_at_once() -> None:
    g = arena(content=goblins(dice=3), at=("i7", "a1", "b1"))
    unit(g, "gw").hp = 1
    g.s.knockouts = 1
    turn(g, "fighter", ["basic_attack", "cleave", "charge", "basic_move"])
    g.apply("play basic_attack")
    g.apply("target j8")
    assert g.s.outcome == "success" and g.result is not None and g.result.outcome == "win"
    assert g.to_act is None and g.legal_actions() == []


def test_AT_END_2_the_bonus_objective_gives_plus_success() -> None:
    g = arena(content=goblins(dice=3), at=("i7", "a1", "b1"))
    unit(g, "gw").hp = 1
    turn(g, "fighter", ["basic_attack", "cleave", "charge", "basic_move"])
    g.apply("play basic_attack")
    g.apply("target j8")
    assert g.s.outcome == "+success"


def test_AT_END_3_failure_with_no_potion_left_or_everyone_down() -> None:
    g = arena()
    g.s.potions = 0
    damage(g.s, g.ctx, unit(g, "rogue"), 99)
    assert g.s.outcome == "failure" and "no revive potion" in g.s.cause
    g2 = arena()
    for uid in ("fighter", "rogue", "cleric"):
        damage(g2.s, g2.ctx, unit(g2, uid), 99)
    assert g2.s.outcome == "failure" and g2.s.cause == "all heroes knocked out"


def test_AT_END_4_encounter_specific_failure_round_limit() -> None:
    g = arena(content=content_with(round_limit=1))
    for h in g.s.heroes:
        h.hand = []
    g.s.phase, g.s.cursor = "cleanup", 0
    from towerplay.tactics.encounter import advance

    advance(g.s, g.ctx)
    assert g.s.outcome == "failure" and "round 1" in g.s.cause


def test_AT_END_1_reach_objective_at_the_end_of_a_turn() -> None:
    c = content_with(
        main={"kind": "reach", "squares": ["b2"], "text": "Reach b2."},
        bonus={"kind": "no_potions", "text": "x"},
    )
    g = arena(content=c, at=("a1", "c1", "d1"))
    turn(g, "fighter", ["basic_move", "cleave", "charge", "basic_attack"])
    g.apply("play basic_move")
    g.apply("move b2")
    assert g.s.outcome == ""  # not yet: the turn is not over
    g.apply("end")
    assert g.s.outcome == "+success"


def test_AT_SETUP_2_the_compass_turns_a_drawn_direction() -> None:
    g = arena()
    g.s.direction_deck, g.s.compass = ["e"], 2
    assert draw_direction(g.s, g.ctx) == (-1, 0)


def blob_arena(**kw):  # type: ignore[no-untyped-def]
    placements = (
        {"id": "BK", "enemy": "blob_king", "at": "e5"},
        {"id": "BL1", "enemy": "blob", "at": "a8"},
    )
    return content_with(
        placements=placements,
        boss_deck="blob_deck",
        main={"kind": "defeat_boss", "enemy": "blob_king", "text": "Win."},
        **kw,
    )


def test_AT_BOSS_4_random_attacks_hit_the_first_hero_in_the_drawn_direction() -> None:
    g = arena(content=blob_arena(dice=1), at=("e3", "c5", "a1"))
    g.s.direction_deck, g.s.compass = ["n", "s"], 0  # the top card is "s"
    boss_turn(g, "Wild Swing", boss="bk")
    answer_all(g)
    assert any(line.startswith("bk flails at fighter") for line in g.log)  # e3 is two squares south
    g.s.direction_deck = ["s", "n"]
    boss_turn(g, "Wild Swing", boss="bk")
    answer_all(g)
    assert g.log[-1] == "bk flails at empty air"


def test_AT_SPAWN_2_a_spawn_at_the_limit_may_replace_the_oldest() -> None:
    g = arena(content=blob_arena(minion_limits={"blob": 1}), at=("a1", "b1", "c1"))
    boss_turn(g, "Bud", boss="bk")
    answer_all(g)
    blobs = [u.uid for u in g.s.units.values() if u.type_id == "blob"]
    assert len(blobs) == 1 and "bl1" not in blobs  # the oldest blob made way, twice


def test_AT_SPAWN_2_an_ambush_spawns_next_to_the_closest_hero() -> None:
    g = arena(content=goblins(), at=("e4", "a1", "b1"))
    boss_turn(g, "Ambush")
    answer_all(g)
    spawned = [u for u in g.s.units.values() if u.type_id == "warband_cutthroat"]
    assert len(spawned) == 1
    fighter = unit(g, "fighter")
    assert (
        max(
            abs(spawned[0].square % 10 - fighter.square % 10),
            abs(spawned[0].square // 10 - fighter.square // 10),
        )
        == 1
    )


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 79), min_size=6, max_size=6, unique=True))
def test_AT_LOS_3_allies_never_block_and_enemies_do(spots: list[int]) -> None:
    placements = (
        {"id": "GW", "enemy": "grutch", "at": "j8"},
        {"id": "GM1", "enemy": "goblin_minion", "at": "e5"},
        {"id": "GM2", "enemy": "goblin_minion", "at": "f5"},
    )
    g = arena(content=content_with(placements=placements))
    names = [g.ctx.board.name(q) for q in spots]
    for uid, sq in zip(("fighter", "rogue", "cleric", "gm1", "gm2", "gw"), names, strict=True):
        put(g, uid, sq)
    fighter, gm1 = unit(g, "fighter"), unit(g, "gm1")
    for target in ("gm2", "gw"):
        fp = (unit(g, target).square,)
        with_allies = can_see(g.s, g.ctx, fighter, fp)
        saved = {u: unit(g, u).square for u in ("rogue", "cleric")}
        for u in saved:
            unit(g, u).knocked_out = True  # take the allies off the board
        assert can_see(g.s, g.ctx, fighter, fp) == with_allies
        for u in saved:
            unit(g, u).knocked_out = False
    # the enemies' own view: other enemies never block it either
    target = (unit(g, "rogue").square,)
    seen = can_see(g.s, g.ctx, gm1, target)
    unit(g, "gm2").knocked_out = True
    assert can_see(g.s, g.ctx, gm1, target) == seen


@pytest.mark.parametrize(
    ("hero_at", "wall"),
    [("j4", {"f4", "f5"}), ("d1", {"d3", "e3"}), ("a4", {"c4", "c5"}), ("d9", {"d6", "e6"})],
)
def test_AT_SPAWN_1_a_large_bosss_wall_touches_its_base_never_inside(
    hero_at: str, wall: set[str]
) -> None:
    """The Quarry Golem (2x2 on d4-e5) raises its Rubble along the side of its base that
    faces the nearest hero; stepping from its anchor square put the wall inside the base
    (a one-square wall at e3 with the hero east)."""
    from towerplay.tactics import new_game
    from towerplay.tactics.positions import footprint
    from towerplay.tactics.spawns import spawn_wall

    g = new_game({"encounter": "great_quarry", "party": ["fighter", "rogue", "cleric"]}, 1)
    s, ctx, b = g.s, g.ctx, g.ctx.board
    golem = next(u for u in s.units.values() if u.type_id == "quarry_golem")
    golem.square = b.square("d4")
    for u in s.units.values():
        if u.side == "hero":
            u.square = b.square(hero_at if u.uid == "fighter" else "o1")
    s.walls.clear()
    spawn_wall(s, ctx, golem, "rubble_wall")
    (raised,) = [squares for _, squares in s.walls]
    assert {b.name(q) for q in raised} == wall
    assert not set(raised) & set(footprint(ctx, golem))
