"""The read-eval loop both games share, driven through each game's screen."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.cli.scripted import play
from towerplay.agents.random import RandomAgent
from towerplay.cli import completion
from towerplay.cli.rtdt import SCREEN as RTDT
from towerplay.cli.rtdt import build_game
from towerplay.cli.tactics import SCREEN as TACTICS
from towerplay.tactics import new_game


def fresh(name: str) -> tuple[Any, Any]:
    if name == "rtdt":
        return RTDT, build_game(2, [], "heroic", None, 3)
    return TACTICS, new_game({}, 2)


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_numbers_text_help_and_quit(name: str) -> None:
    screen, game = fresh(name)
    legal = len(game.legal_actions())
    g, out = play(screen, game, ["help", "99", "fly away", "1", "quit", "1"])
    assert "save FILE" in out and "load FILE" in out
    assert f"no action numbered 99; choose 1-{legal}" in out
    flat = " ".join(out.split())
    assert re.search(r"no action numbered 99.*?\[(RTDT|AT)-[A-Z]+-\d+\]", flat)  # its rule
    assert "Goodbye." in out
    _, once = fresh(name)  # the same game with its first action, and only that
    once.apply(once.legal_actions()[0])
    assert g.state_hash() == once.state_hash()


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_digits_that_are_no_number_are_refused_not_a_traceback(name: str) -> None:
    """Issue 33's defect: `²` passes str.isdigit and int() refuses it; a 5,000-digit number is
    past what int() reads. Each raised a bare ValueError out of the loop."""
    screen, game = fresh(name)
    huge = "9" * 5000
    lines = ["²", "undo ²", "log ³", huge, f"undo {huge}", f"log {huge}", "1", "undo 2", "quit"]
    g, out = play(screen, game, [*lines, "1"])
    assert "Traceback" not in out and "Goodbye." in out
    assert out.count("undo takes a number of decisions: undo [N]") == 2
    assert out.count("log takes a number of lines: log [N]") == 2
    assert g.state_hash() == fresh(name)[1].state_hash()  # one action made, then undone


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_tab_completes_each_games_actions_and_the_commands(name: str) -> None:
    _, game = fresh(name)
    comp = completion.Completer()
    comp.set(game)
    texts = [str(a) for a in game.legal_actions()]
    word = texts[0].split()[0]
    assert comp.matches(word[:2], word[:2]) == [t for t in texts if t.startswith(word[:2])] + [
        c for c in completion.COMMANDS if c.startswith(word[:2])
    ]
    assert comp.matches("lo", "lo") == ["log", "load "]


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_ai_seats_play_and_say_what_they_did(name: str) -> None:
    screen, game = fresh(name)
    _, out = play(screen, game, ["1"] * 400, ai={1: RandomAgent(1)}, clear_screen=False)
    hero = "rogue" if name == "tactics" else game.world.name(game.state.heroes[1].hero)
    assert f"AI seat 1 ({hero}): " in out


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_an_engine_error_leaves_the_game_as_it_was(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen, game = fresh(name)
    start = game.state_hash()
    real = type(game).apply

    def broken(self: Any, action: Any) -> None:
        real(self, action)  # the state moves, then the engine fails
        raise KeyError("bug")

    monkeypatch.setattr(type(game), "apply", broken)
    g, out = play(screen, game, ["1"])
    monkeypatch.undo()
    assert "internal error on '1' (KeyError: 'bug'); the game is as it was before it" in out
    assert g.state_hash() == start


def test_a_game_that_never_ends_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(TACTICS), "max_decisions", 5)
    _, game = fresh("tactics")
    ais = {s: RandomAgent(s) for s in range(3)}
    g, out = play(TACTICS, game, [], ai=ais)
    assert "no end after 5 decisions: an engine bug; stopping" in out
    assert g.result is None


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_undo_and_redo_step_over_the_ai_and_are_kept(name: str) -> None:
    screen, game = fresh(name)
    kept: list[tuple[str, str]] = []  # what a store would commit: the text, the game then
    lines = ["1", "1", "undo", "undo 5", "redo", "undo x", "quit"]
    g, out = play(
        screen,
        game,
        lines,
        ai={1: RandomAgent(1)},
        after=lambda g, text: kept.append((text, g.state_hash())),
    )
    flat = " ".join(out.split())
    assert "nothing can be undone [UNDO-1]" in flat  # `undo 5` undid what it could
    assert "undo: 0 can be undone" in flat and "undo takes a number of decisions" in flat
    steps = [i for i, (text, _) in enumerate(kept) if text.split()[0] in ("undo", "redo")]
    assert [kept[i][0] for i in steps] == ["undo 1", "undo 1", "redo 1"]
    assert kept[steps[-1]][1] == g.state_hash()  # each undo and redo is kept as it is
    assert g.to_act not in (None, 1) and g.redoable >= 1
    g.redo(g.redoable)
    assert g.state_hash() == kept[steps[0] - 1][1]  # all redone: as before the first undo


def test_actions_are_listed_and_typed_by_printed_name_and_ids_still_work() -> None:
    """Issue 33: the actions named spaces and cards by id ('move broken_lands', 'play
    basic_attack'); a player now reads and may type their printed names."""
    screen, game = fresh("rtdt")
    shown = [screen.shown(game, a) for a in game.legal_actions()]
    assert "move Broken Lands" in shown and not any("_" in t for t in shown)
    g, out = play(screen, game, ["MOVE   broken lands", "quit", "n"])
    assert g.observe(0)["heroes"][0]["space"] == "broken_lands"
    assert "seat 0 (Orphaned Scion): move Broken Lands" in out  # the journal by name too
    _, again = fresh("rtdt")
    g, _ = play(screen, again, ["move broken_lands", "quit", "n"])  # the notation as before
    assert g.observe(0)["heroes"][0]["space"] == "broken_lands"
    tactics, encounter = fresh("tactics")
    while not any(str(a).startswith("play ") for a in encounter.legal_actions()):
        encounter.apply(encounter.legal_actions()[0])
    listed = [tactics.shown(encounter, a) for a in encounter.legal_actions()]
    assert any(t.startswith("play ") and t[5].isupper() for t in listed)  # "play Basic Move"
    assert not any("_" in t for t in listed)


def test_a_refused_action_typed_with_printed_names_is_refused_for_what_it_is() -> None:
    """`move lower ice fangs` from Radiant Mountains: the names taken back to their ids
    (rtdt_screen.typed), the refusal says the space is not next to the hero's, not that
    the notation is `move SPACE`; nothing changes."""
    screen, game = fresh("rtdt")
    start = game.state_hash()
    g, out = play(screen, game, ["move lower ice fangs", "battle frost trolls egans end", "quit"])
    flat = " ".join(out.split())
    assert "Lower Ice Fangs is not adjacent to" in flat and "RTDT-MOVE-7" in flat
    assert "the notation is" not in flat
    assert g.state_hash() == start
