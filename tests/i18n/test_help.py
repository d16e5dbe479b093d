"""`--help` in Portuguese: every command's and option's help text is in the cli catalog, and
`--lang pt` (or TOWERPLAY_LANG=pt) words the help of the real command."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from towerplay.cli.help import asked_language, command_help
from towerplay.i18n import catalog_files, read_catalog


def test_every_help_text_is_translated_in_the_cli_catalog() -> None:
    own = read_catalog(catalog_files("pt")["cli"])
    texts = command_help()
    assert "Play a game in the terminal." in texts  # a group's help
    assert "Games to play." in texts  # an option's
    missing = [t for t in texts if t not in own]
    assert not missing, "untranslated --help texts (run tools/i18n_update.py cli):\n" + "\n".join(
        missing[:20]
    )


def test_the_language_is_read_before_click_parses() -> None:
    assert asked_language(["play", "rtdt", "--help", "--lang", "pt"]) == "pt"
    assert asked_language(["--lang=pt_BR", "sim"]) == "pt"
    assert asked_language(["--lang", "xx"]) == "en"  # the command itself refuses it


def _help(args: list[str], lang_env: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "TOWERPLAY_LANG"}
    env.update(TOWERPLAY_LANG=lang_env, COLUMNS="200", TERM="dumb")
    done = subprocess.run(
        [sys.executable, "-m", "towerplay.cli.main", *args, "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    ("args", "env"), [(["--lang", "pt"], ""), ([], "pt")], ids=["option", "environment"]
)
def test_help_in_portuguese(args: list[str], env: str) -> None:
    out = _help(["sim", "rtdt", *args], env)
    assert "Joga muitas partidas de Return to Dark Tower" in out
    assert "Partidas a jogar." in out and "O idioma da tela" in out
    assert "Games to play." not in out


def test_help_in_english_by_default() -> None:
    out = _help(["play"], "")
    assert "Play a game in the terminal." in out


@pytest.mark.parametrize("env", ["", "pt"])
def test_help_is_shown_as_written(env: str) -> None:
    # typer reads help as rich markup: "[ray]" in "needs towerplay[ray]" was taken for a tag
    out = " ".join(_help(["sim", "rtdt"], env).split())
    assert "towerplay[ray]" in out and "towerplay[report]" in out
