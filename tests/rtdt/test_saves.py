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
        (["tower", "seals"], [True], "tower"),
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
