"""The registry of games (docs/games.md): each game is found by name and its spec is whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from towerplay import games
from towerplay.core.errors import SaveError
from towerplay.sim.records import columns, game_of


def test_each_game_is_found_by_its_name_and_an_unknown_one_names_them() -> None:
    assert list(games.GAMES) == ["rtdt", "tactics", "campaign"]
    for name, spec in games.GAMES.items():
        assert games.get(name) is spec and spec.name == name
    with pytest.raises(ValueError, match="unknown game 'chess'; games: rtdt, tactics, campaign"):
        games.get("chess")


@pytest.mark.parametrize("name", list(games.GAMES))
def test_a_spec_deals_loads_and_seats_its_game(name: str) -> None:
    spec = games.get(name)
    config: dict[str, object] = {
        "rtdt": {"players": 2},
        "tactics": {"encounter": "goblin_ambush", "party": ["fighter", "rogue", "cleric"]},
        "campaign": {"heroes": 3},
    }[name]
    game = spec.new(config, 5)
    want = {"rtdt": 2, "tactics": 3, "campaign": 3}[name]
    assert spec.seats(game) == want <= spec.most_seats
    again = spec.load(json.loads(json.dumps(game.to_json())), "test")
    assert again.state_hash() == game.state_hash()
    agent = spec.agents.make("heuristic", 1)
    game.apply(agent.act(game))
    assert "search" in spec.agents.names


def test_the_learning_games_and_the_simulated_ones() -> None:
    assert [g.name for g in games.learnable()] == ["rtdt", "tactics"]
    assert [g.name for g in games.simulated()] == ["rtdt", "tactics"]
    for spec in games.learnable():
        assert spec.learning is not None
        config = spec.learning.config(spec.learning.params)
        assert spec.learning.players(config) >= 1
        size, features = spec.learning.encoding()
        assert len(features(spec.new(config, 0), 0)) == size


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_a_records_file_says_which_game_it_holds(tmp_path: Path, name: str) -> None:
    csv = tmp_path / "r.csv"
    csv.write_text(",".join(columns(name)) + "\n")
    assert game_of(csv) == name
    lines = tmp_path / "r.jsonl"
    lines.write_text(json.dumps({"game": name, "index": 0}) + "\n")
    assert game_of(lines) == name


def test_a_records_file_of_no_known_game_is_refused_by_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("x,y\n")
    with pytest.raises(SaveError, match="line 1: not the columns of a towerplay run"):
        game_of(bad)
    for text in ('{"game": "chess"}\n', '{"game": "campaign"}\n', "[1]\n"):
        odd = tmp_path / "odd.jsonl"
        odd.write_text(text)
        with pytest.raises(SaveError, match="line 1: not a towerplay run's record"):
            game_of(odd)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(ValueError, match="no records of a towerplay run"):
        game_of(empty)


def test_rtdt_options_are_one_value_read_from_json_and_refused_by_name() -> None:
    from towerplay.rtdt.options import RtdtOptions

    opts = RtdtOptions.of(
        {"players": 2, "heroes": ["spymaster", "relic_hunter"], "mode": "competitive"}
    )
    assert opts == RtdtOptions(players=2, heroes=("spymaster", "relic_hunter"), mode="competitive")
    assert RtdtOptions.of(opts) is opts
    assert opts.config(7).heroes == ("spymaster", "relic_hunter")
    for bad, words in [
        ({"wizard": 1}, "unknown option 'wizard'"),
        ({"code": 5}, "option code: expected str or null"),
        ({"players": True}, "option players: expected an integer"),
        ({"heroes": "spymaster"}, "option heroes: expected a list of names"),
        ({"only_new_corruptions": "yes"}, "option only_new_corruptions: expected true or false"),
        ({"mode": 3}, "option mode: expected text"),
    ]:
        with pytest.raises(ValueError, match=words):
            RtdtOptions.of(bad)
    with pytest.raises(ValueError, match="players must be 1-4"):
        games.RTDT.new({"players": 9}, 0)


SNAKE = __import__("re").compile(r"\b[a-z]+_[a-z0-9_]+\b")


@pytest.mark.parametrize(
    ("name", "config"),
    [
        ("rtdt", {"players": 2}),
        ("rtdt", {"players": 2, "expansion": "covenant"}),
        ("rtdt", {"players": 3, "mode": "competitive"}),
        ("tactics", {"encounter": "blob_king", "party": ["beast_trainer", "wizard", "bard"]}),
        ("campaign", {"heroes": 3}),
    ],
)
def test_every_action_is_worded_by_printed_names(name: str, config: dict[str, object]) -> None:
    """Game.words: a button's words for each legal action, never an engine id."""
    import random

    spec = games.get(name)
    worded = 0
    for seed in (1, 2):
        game = spec.new(config, seed)
        r = random.Random(seed)
        for _ in range(150):
            if game.result is not None:
                break
            for a in game.legal_actions():
                text = game.words(a).text
                assert text and not SNAKE.findall(text), (str(a), text)
                worded += 1
            game.apply(r.choice(game.legal_actions()))
    assert worded > 100
