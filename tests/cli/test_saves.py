"""Saving and loading from the terminal, for both games: a save is written whole or not at
all (a kill or a full disk midway leaves the previous save loadable), and a save or load
that fails says why and keeps the game going."""

from __future__ import annotations

import errno
import io
import json
import os
import random
import select
import signal
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import towerplay.core.files as files
from tests.cli.scripted import play, says
from towerplay.agents.random import RandomAgent
from towerplay.cli import loop
from towerplay.cli.main import app
from towerplay.cli.rtdt import SCREEN as RTDT
from towerplay.cli.rtdt import build_game
from towerplay.cli.tactics import SCREEN as TACTICS
from towerplay.core.files import write_atomic
from towerplay.tactics import new_game as new_tactics

runner = CliRunner()


def rtdt_game() -> Any:
    """A four-hero Covenant game some way in (a save of about 17 kB)."""
    g = build_game(4, [], "heroic", None, 4, expansion="covenant")
    agent = RandomAgent(2)  # 1 loses within 30 actions to Bane of Omens' Black Mark
    for _ in range(30):
        g.apply(agent.act(g))
    return g


def tactics_game() -> Any:
    return new_tactics({"party": ["fighter", "rogue", "cleric", "wizard", "archer"]}, 4)


GAMES = {"rtdt": (RTDT, rtdt_game), "tactics": (TACTICS, tactics_game)}


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# --- killed mid-save ----------------------------------------------------------------------


def _save_until_killed(screen: Any, fresh: Callable[[], Any], file: Path, out: int) -> None:
    """The child: go on from the last save, then act and save through the loop's own save
    command, over and over; before and after each save, tell the parent which state."""
    session = loop.Session(screen, screen.load(str(file)), Console(file=io.StringIO()), False)
    agent = RandomAgent(os.getpid())
    while True:
        if session.game.to_act is None:
            session.game = fresh()
        session.act(str(agent.act(session.game)))
        h = session.game.state_hash()
        os.write(out, f"begin {h}\n".encode())
        session.save(str(file))
        os.write(out, f"done {h}\n".encode())


def _read_until(fd: int, buf: bytearray, done: Callable[[bytes], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not done(bytes(buf)):
        left = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(left, 0))
        if not ready:
            raise AssertionError("the saving process did not report in time")
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return
        buf.extend(chunk)


def kill_while_saving(
    screen: Any, fresh: Callable[[], Any], file: Path, tries: int, seed: int
) -> dict[str, int]:
    """Kill a saving process at random moments; after each kill the file must load, as the
    last save that finished ("old") or the one under way ("new")."""
    rng = random.Random(seed)
    write_atomic(file, screen.dump(fresh()))
    counts = {"kills": 0, "old": 0, "new": 0, "mid_write": 0}
    for _ in range(tries):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            os.close(r)
            try:
                _save_until_killed(screen, fresh, file, w)
            except BaseException:
                traceback.print_exc()
            os._exit(1)
        os.close(w)
        buf = bytearray()
        try:
            _read_until(r, buf, lambda b: b"done " in b, timeout=30)
            time.sleep(rng.uniform(0, 0.04))
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        _read_until(r, buf, lambda b: False, timeout=30)  # what it said before it died
        os.close(r)
        counts["kills"] += 1
        stale = temporaries(file.parent)  # killed inside write_atomic, before its rename
        counts["mid_write"] += bool(stale)
        for p in stale:
            p.unlink()
        done = [line[5:] for line in buf.decode().splitlines() if line.startswith("done ")]
        begun = [line[6:] for line in buf.decode().splitlines() if line.startswith("begin ")]
        h = screen.load(str(file)).state_hash()  # a SaveError here fails the test
        if h == done[-1]:
            counts["old"] += 1
        else:
            assert h == begun[-1], "the file is neither the last save nor the one under way"
            counts["new"] += 1
    return counts


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_killing_a_save_midway_leaves_a_loadable_file(name: str, tmp_path: Path) -> None:
    screen, fresh = GAMES[name]
    start = fresh()
    file = tmp_path / "game.json"
    counts = kill_while_saving(screen, start.clone, file, tries=20, seed=7)
    print(f"{name}: {counts}", file=sys.stderr)
    assert counts["kills"] == 20 and counts["old"] + counts["new"] == 20


# --- a full disk, a missing folder, a bad file --------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_full_disk_keeps_the_old_save_and_the_game(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen, fresh = GAMES[name]
    game = fresh()
    file = tmp_path / "game.json"
    g, _ = play(screen, game, [f"save {file}", "1"])
    old = file.read_bytes()
    moved = g.state_hash()
    real_write = os.write

    def half_then_full(fd: int, data: bytes | memoryview) -> int:
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "write", half_then_full)
    g, out = play(screen, g, [f"save {file}", "1"])
    monkeypatch.undo()
    assert says(out, f"could not save to {file}: No space left on device")
    assert says(out, "any earlier file there is unchanged, and the game goes on")
    assert file.read_bytes() == old and temporaries(tmp_path) == []
    assert g.state_hash() != moved  # the next action was played after the failed save
    assert screen.load(str(file)).state_hash() != moved


@pytest.mark.parametrize("game", ["rtdt", "tactics"])
def test_saving_into_a_missing_folder_says_why_and_plays_on(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # short paths: the terminal is 80 columns
    script = "save nonexistent/x.json\n1\nsave ok.json\n"
    result = runner.invoke(app, ["play", game, "--seed", "1"], input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert says(out, "could not save to nonexistent/x.json: No such file or directory")
    assert says(out, "Saved to ok.json.")  # the game went on
    saved = GAMES[game][0].load("ok.json")
    assert saved.to_act is not None


@pytest.mark.parametrize(
    ("name", "content", "field"),
    [
        ("rtdt", "{not json", "line 1: not JSON"),
        ("rtdt", "[1, 2, 3]", "(top level): expected an object"),
        ("rtdt", '{"format": "something else"}', "format: expected 'towerplay-rtdt-3'"),
        ("rtdt", '{"format": "towerplay-rtdt-1"}', "config: missing"),
        ("tactics", "{not json", "line 1: not JSON"),
        ("tactics", "[1, 2, 3]", "(top level)"),
        ("tactics", '{"game": "rtdt", "version": 1}', "game: not a tactics save"),
        ("tactics", '{"game": "tactics", "version": 0}', "version"),
        # issue 33's defects: a RecursionError and a ValueError escaped as tracebacks
        ("rtdt", "[" * 5000 + "]" * 5000, "file: nested too deeply to be a save"),
        ("tactics", '{"game": "tactics", "seed": ' + "9" * 5000 + "}", "file: a number too long"),
    ],
)
def test_loading_a_bad_file_names_the_file_and_field_and_keeps_the_game(
    tmp_path: Path, name: str, content: str, field: str
) -> None:
    screen, fresh = GAMES[name]
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    game = fresh()
    before = game.state_hash()
    g, out = play(screen, game, [f"load {bad}", f"load {tmp_path / 'missing.json'}"])
    assert says(out, f"could not load: {bad}: {field}")
    assert says(out, f"could not load: {tmp_path / 'missing.json'}: file: No such file")
    assert says(out, "the current game goes on")
    assert g is game and g.state_hash() == before
    g, _ = play(screen, game, [f"load {bad}", "1"])  # and play goes on
    assert g.state_hash() != before


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("x" * 100_000, "config.code: not a game code"),
        ("zzzz-zzzz-zzzz", "config.code: not a game code"),
        (None, "config.code: config.seed is not the code's"),  # another game's code
    ],
)
def test_a_save_whose_game_code_is_not_its_own_is_refused_by_field(
    tmp_path: Path, code: str | None, said: str
) -> None:
    """Issue 33's defect: a bad config.code loaded, then failed with a ValueError that named
    neither the file nor the field and printed the whole code (5 MB for a 5 MB code)."""
    game = build_game(2, [], "heroic", None, 3)
    data = game.to_json()
    other = build_game(2, [], "heroic", None, 4).to_json()["config"]["code"]
    data["config"]["code"] = other if code is None else code
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "rtdt", "--load", str(file)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert says(result.output, f"{file}: {said}")
    assert len(result.output) < 2_000  # never the code echoed whole


def test_a_campaign_file_nested_thousands_deep_is_refused_in_a_line(tmp_path: Path) -> None:
    file = tmp_path / "deep.json"
    file.write_text("{" + '"a": {' * 5000 + "}" * 5001)
    result = runner.invoke(app, ["campaign", "import", str(file), "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert says(result.output, "nested too deeply to be a save")
