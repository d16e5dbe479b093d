"""The compiled build (docs/compiled.md): what it compiles is what mypy watches for stale
narrowing, and, run by `make test-fast` on the build, every listed module is compiled and
the build plays the very games the pure source plays."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
ON_BUILD = os.environ.get("TOWERPLAY_EXPECT_COMPILED") == "1"


def setup_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("towerplay_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # defines compiled_modules(); builds only as __main__
    return module


def compiled_names() -> list[str]:
    files = setup_script().compiled_modules()
    return [f.removeprefix("src/").removesuffix(".py").replace("/", ".") for f in files]


def test_the_build_compiles_the_hot_path_and_skips_what_it_cannot() -> None:
    names = compiled_names()
    for hot in (
        "towerplay.rtdt.game",
        "towerplay.rtdt.rules.actions",
        "towerplay.agents.rtdt.turn",
    ):
        assert hot in names
    for kept in ("towerplay.rtdt.state", "towerplay.rtdt.rules.narrate", "towerplay.core.serial"):
        assert kept not in names
    assert not [n for n in names if n.endswith("__init__")]


def test_mypy_warns_of_unreachable_code_in_every_compiled_module() -> None:
    """A compiled module trusts mypy's narrowed types; a narrowing a call made stale shows
    as unreachable code (rules/turn.ended), so warn_unreachable must hold for every module,
    and no override may turn it off for one that is compiled."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config.get("warn_unreachable") is True
    off = [
        pattern
        for o in config.get("overrides", [])
        if o.get("warn_unreachable") is False
        for pattern in ([o["module"]] if isinstance(o["module"], str) else o["module"])
    ]
    loose = [n for n in compiled_names() if any(fnmatch(n, p) for p in off)]
    assert not loose, f"compiled but not under warn_unreachable: {loose}"


@pytest.mark.skipif(not ON_BUILD, reason="runs on the compiled build (make test-fast)")
def test_every_listed_module_is_compiled() -> None:
    pure = [n for n in compiled_names() if not importlib.import_module(n).__file__.endswith(".so")]
    assert not pure, f"not compiled: {pure}"


def digests(env: dict[str, str], games: int) -> list[dict[str, object]]:
    """tools/heuristic_digests.py's lines (every kind of game, heuristic seats) and a random
    playout's state hashes, as one interpreter with `env` plays them."""
    code = (
        "import json, runpy, sys\n"
        "from towerplay.agents.random import RandomAgent\n"
        "from towerplay.rtdt.game import new_game\n"
        "for exp in ('', 'covenant'):\n"
        "    for players in (1, 4):\n"
        "        for seed in range(6):\n"
        "            g = new_game(players=players, seed=seed, expansion=exp); r = RandomAgent(seed)\n"
        "            while g.result is None: g.apply(r.act(g))\n"
        "            print(json.dumps({'random': [exp, players, seed], 'hash': g.state_hash()}))\n"
        f"sys.argv = ['heuristic_digests', '--games', '{games}']\n"
        "runpy.run_path('tools/heuristic_digests.py', run_name='__main__')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.skipif(not ON_BUILD, reason="runs on the compiled build (make test-fast)")
def test_the_build_plays_the_games_the_source_plays() -> None:
    built = digests(dict(os.environ), 24)
    source = digests({**os.environ, "PYTHONPATH": str(ROOT / "src")}, 24)
    assert len(built) == 24 + 24
    assert built == source
