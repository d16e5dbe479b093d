"""Saves and game codes: exact round trips, clear errors for bad input."""

from __future__ import annotations

import json

import pytest

from tests.conftest import rules
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import SaveError
from towerplay.rtdt import gamecode
from towerplay.rtdt.game import RtdtGame, make_config, new_game


def _midgame(seed: int = 4, steps: int = 30) -> RtdtGame:
    """A running game some way in (the first seed whose game lasts that long)."""
    for s in range(seed, seed + 50):
        g = new_game(players=3, seed=s)
        agent = RandomAgent(s)
        for _ in range(steps):
            if g.result is not None:
                break
            g.apply(agent.act(g))
        if g.result is None:
            return g
    raise AssertionError("no game lasted long enough")


def test_save_load_round_trip_in_the_middle_of_a_decision() -> None:
    for seed in range(20):
        g = new_game(players=2, seed=seed)
        agent = RandomAgent(seed)
        while g.result is None and not g.state.pending:
            g.apply(agent.act(g))
        if g.result is not None:
            continue
        loaded = RtdtGame.from_json(json.loads(json.dumps(g.to_json())))
        assert loaded.pending == g.pending and loaded.state_hash() == g.state_hash()
        return
    pytest.fail("no game reached a pending decision")


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["heroes", 0, "warriors"], "lots", "heroes[0].warriors"),
        (["heroes", 1, "hero"], "nobody", "heroes[1].hero"),
        (["turn", "phase"], "nap", "turn.phase"),
        (["tower", "seals"], [True], "tower.seals"),
        (["supply"], 99, "supply"),
        (["market"], ["no_such_treasure"], "market[0]"),
        (["format"], "other", "format"),
    ],
)
def test_malformed_saves_name_the_field(path: list, value: object, field: str) -> None:
    data = _midgame().to_json()
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(SaveError) as err:
        RtdtGame.from_json(data, "game.json")
    assert err.value.file == "game.json"
    assert err.value.field == field, str(err.value)


def test_missing_fields_and_wrong_shapes_are_save_errors() -> None:
    data = _midgame().to_json()
    del data["heroes"][0]["spirit"]
    with pytest.raises(SaveError, match=r"heroes\[0\]\.spirit: missing"):
        RtdtGame.from_json(data)
    with pytest.raises(SaveError):
        RtdtGame.from_json([1, 2, 3])
    good = _midgame().to_json()
    good["supply"] += 1  # skulls no longer add up to 24
    with pytest.raises(SaveError, match="24"):
        RtdtGame.from_json(good)


@rules("RTDT-CODE-1", "RTDT-CODE-2", "RTDT-CODE-3", "RTDT-SETUP-14")
def test_a_code_fixes_the_whole_game() -> None:
    first = new_game(players=2, seed=123)
    code = first.state.config.code
    assert len(code.replace("-", "")) == 12
    setup = gamecode.decode(code)
    assert setup.players == 2 and setup.seed == 123
    assert setup.foes == first.state.config.foes and setup.adversary == first.state.config.adversary
    again = new_game(make_config(code=code, heroes=first.state.config.heroes))
    assert again.state_hash() == first.state_hash()
    agent_a, agent_b = RandomAgent(9), RandomAgent(9)
    while first.result is None:
        first.apply(agent_a.act(first))
        again.apply(agent_b.act(again))
        assert first.state_hash() == again.state_hash()


def test_the_apps_published_code_decodes_as_documented() -> None:
    s = gamecode.decode("AA9A-AAGS-W634")
    assert s.foes == ("brigands", "frost_trolls", "dragons")
    assert (s.adversary, s.companion, s.difficulty, s.players, s.seed) == (
        "ashstrider",
        "zaida",
        "heroic",
        1,
        186022107,
    )
    assert gamecode.encode(s) == "aa9a-aags-w634"


def test_bad_codes_and_configs_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="alphabet"):
        make_config(code="oooo-oooo-oooo")
    with pytest.raises(ValueError, match="heroes"):
        make_config(players=2, heroes=["spymaster"])
    with pytest.raises(ValueError, match="different hero"):
        make_config(players=2, heroes=["spymaster", "spymaster"])
    with pytest.raises(ValueError, match="unknown hero"):
        new_game(make_config(players=1, heroes=["nobody"]))
    alliances = gamecode.encode(
        gamecode.Setup(("brigands", "lemures", "titans"), "gravemaw", "tomas", alliances=True)
    )
    with pytest.raises(ValueError, match="Alliances"):
        make_config(code=alliances)
    solo_race = gamecode.encode(
        gamecode.Setup(("brigands", "lemures", "titans"), "gravemaw", "tomas", mode="competitive")
    )
    with pytest.raises(ValueError, match="2 to 4 players"):
        make_config(code=solo_race)


def _covenant_midgame() -> RtdtGame:
    heroes = ["reverent_astromancer", "relentless_warden"]
    g = new_game(players=2, seed=11, heroes=heroes, expansion="covenant")
    agent = RandomAgent(11)
    for _ in range(30):
        if g.result is not None:
            break
        g.apply(agent.act(g))
    return g


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["covenant", "sites", 0, "monument"], "the_great_wall", "covenant.sites[0].monument"),
        (["covenant", "sites", 1, "offerings"], 4, "covenant.sites[1].offerings"),
        (["covenant", "sites", 2, "status"], "ruined", "covenant.sites[2].status"),
        (["covenant", "wastelands"], ["atlantis"], "covenant.wastelands[0]"),
        (["covenant", "blessings"], [0, 9], "covenant.blessings[1]"),
        (["covenant", "blessings"], [0], "covenant.blessings"),
        (["covenant", "blessings"], "two", "covenant.blessings"),
        (["covenant", "spells"], [["fireball"], []], "covenant.spells[0][0]"),
        (["covenant", "prepared"], [[]], "covenant.prepared"),
        (["covenant", "charges"], {"lamp_of_hope": 2}, "covenant.charges.lamp_of_hope"),
        (["covenant", "doom_supply"], 11, "covenant.doom_supply"),  # doom skulls: 11 of 12
        (["covenant", "stuck"], [5], "covenant.stuck[0]"),
        (["config", "expansion"], "alliances", "config.expansion"),
    ],
)
def test_malformed_covenant_saves_name_the_field(path: list, value: object, field: str) -> None:
    data = _covenant_midgame().to_json()
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(SaveError) as err:
        RtdtGame.from_json(data, "covenant.json")
    assert err.value.file == "covenant.json"
    assert err.value.field == field, str(err.value)


def test_a_covenant_save_round_trips() -> None:
    g = _covenant_midgame()
    again = RtdtGame.from_json(json.loads(json.dumps(g.to_json())))
    assert again.to_json() == g.to_json()


def test_reinforcing_at_a_siege_tree_saves_and_loads() -> None:
    """Regression (issue 10): turn.reinforce_space may be a siege tree's space, which has
    no building (RTDT-TOKEN-9); such a save was refused as an unknown value."""
    g = new_game(players=1, seed=0, companion="letha")
    s = g.state
    tree = next(t for t in s.siege_trees if t not in g.world.board.building_of)
    s.heroes[0].space, s.heroes[0].spirit = tree, 5
    g.apply("reinforce tree")
    assert g.state.turn.reinforce_space == tree and g.pending is not None
    loaded = RtdtGame.from_json(json.loads(json.dumps(g.to_json())), "tree.json")
    assert loaded.state_hash() == g.state_hash()
    agent_a, agent_b = RandomAgent(1), RandomAgent(1)
    for _ in range(30):
        if g.result is not None:
            break
        g.apply(agent_a.act(g))
        loaded.apply(agent_b.act(loaded))
        assert loaded.state_hash() == g.state_hash()


def _first_battle() -> RtdtGame:
    for seed in range(200):
        g = new_game(players=2, seed=seed)
        agent = RandomAgent(seed)
        for _ in range(300):
            if g.result is not None:
                break
            if g.state.battle is not None:
                return g
            g.apply(agent.act(g))
    raise AssertionError("no game reached a battle")


def _pending_kind(kind: str) -> RtdtGame:
    for seed in range(300):
        g = new_game(players=2, seed=seed)
        agent = RandomAgent(seed)
        for _ in range(300):
            if g.result is not None:
                break
            if g.pending is not None and g.pending.kind == kind:
                return g
            g.apply(agent.act(g))
    raise AssertionError(f"no game reached a {kind} question")


def _set(data: dict, path: list, value: object) -> None:
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value


DELETE = object()


@pytest.mark.parametrize(
    ("make", "path", "value", "field"),
    [  # the corruptions issue 10 found accepted, each then crashing the game later
        (_covenant_midgame, ["covenant"], None, "covenant"),
        (_midgame, ["config", "foes", 0], "nonesuch", "config.foes[0]"),
        (_midgame, ["config", "foes", 0], "dragons", "config.foes[0]"),
        (_midgame, ["quests", 0, "stage"], 7, "quests[0].stage"),
        (_first_battle, ["battle", "index"], 9, "battle.index"),
        (lambda: _pending_kind("step_foe"), ["pending", -1, "target"], "cleanse", "pending"),
        (lambda: _pending_kind("place_skull"), ["pending", -1, "target"], "x", "pending"),
        (_midgame, ["foes", 0, 1], "inspiring", "foes[0][1]"),
        (_midgame, ["gear_piles", "nonesuch"], 1, "gear_piles.nonesuch"),
    ],
)
def test_corruptions_that_once_loaded_are_refused(make, path, value, field: str) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(json.dumps(make().to_json()))
    _set(data, path, value)
    with pytest.raises(SaveError) as err:
        RtdtGame.from_json(data, "bad.json")
    assert err.value.file == "bad.json"
    assert err.value.field.startswith(field), str(err.value)


def test_one_emerged_skull_is_placed_at_a_time() -> None:
    data = json.loads(json.dumps(_pending_kind("place_skull").to_json()))
    data["pending"].append(dict(data["pending"][-1]))
    with pytest.raises(SaveError) as err:
        RtdtGame.from_json(data, "bad.json")
    assert err.value.field.startswith("pending[")


def test_a_question_nobody_can_answer_is_refused() -> None:
    g = _pending_kind("place_skull")
    data = json.loads(json.dumps(g.to_json()))
    data["pending"][-1] |= {"kind": "take_gear", "target": ""}  # asks to take a gear
    data["gear_piles"] = dict.fromkeys(data["gear_piles"], 0)  # and every pile is empty
    with pytest.raises(SaveError) as err:
        RtdtGame.from_json(data, "bad.json")
    assert err.value.field == "pending"


def test_a_status_for_every_foe() -> None:
    data = _midgame().to_json()
    foe = data["config"]["foes"][1]
    del data["foe_status"][foe]
    with pytest.raises(SaveError) as err:
        RtdtGame.from_json(data, "bad.json")
    assert err.value.field == f"foe_status.{foe}"


def test_clone_is_equal_and_shares_nothing_mutable() -> None:
    g = _covenant_midgame()
    c = g.clone()
    assert c.state == g.state and c.state_hash() == g.state_hash()
    assert c.state.config is g.state.config and c.state.log is g.state.log  # immutable: shared
    c.state.heroes[0].potions.append("x")
    c.state.tower.lodged[0] += 1
    assert c.state.cov is not None and g.state.cov is not None
    c.state.cov.spells[0].append("x")
    c.state.skulls[next(iter(c.state.skulls))] += 1
    assert "x" not in g.state.heroes[0].potions and "x" not in g.state.cov.spells[0]
    assert c.state.tower.lodged != g.state.tower.lodged and c.state.skulls != g.state.skulls
