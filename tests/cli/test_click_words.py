"""click's and typer's own words in Portuguese: every id in the cli catalog, an option error
worded in the language asked, `--help` without English frame words."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import typer

from towerplay.cli.click_words import CLICK_SENTENCES, click_texts, reword
from towerplay.i18n import catalog, catalog_files, read_catalog

# click's sentences built from parts: the parts in its source
COMPOSED = {
    **{
        f"Missing {kind} {{param}}.": ('f"Missing {param_type}{param_hint}."', f'"{kind}"')
        for kind in ("argument", "option", "parameter")
    },
    "Option {name} requires an argument.": ('requires {msg}"', '"an argument."'),
    "Option {name} requires {n} arguments.": ('requires {msg}"', 'f"{nargs} arguments."'),
}
FRAME = ("Usage", "Options", "Commands", "Show this message", "No such option", "Try '")


def test_every_click_word_is_translated_in_the_cli_catalog() -> None:
    own = read_catalog(catalog_files("pt")["cli"])
    texts = click_texts()
    assert "Options" in texts and "No such option: {name}" in texts
    missing = [t for t in texts if t not in own]
    assert not missing, "untranslated click words (run tools/i18n_update.py cli):\n" + "\n".join(
        missing
    )


def test_the_sentences_are_the_bundled_clicks() -> None:
    """A click that words its errors otherwise fails here, not silently in English."""
    source = "".join(p.read_text() for p in Path(typer.__file__).parent.rglob("*.py"))
    for template in CLICK_SENTENCES:
        if "{" not in template:
            continue  # a conversion's words, not click's
        if template in COMPOSED:  # click builds these from their parts
            assert all(part in source for part in COMPOSED[template]), template
            continue
        for literal in re.split(r"\{\w+\}", template):
            assert literal.strip(" .:") in source, (template, literal)


def test_reword() -> None:
    pt = catalog("pt")
    assert reword("Missing argument 'NAME'.", pt) == "Falta o argumento 'NAME'."
    nested = "Invalid value for '--mode': 'x' is not one of 'cooperative', 'competitive'."
    assert reword(nested, pt) == (
        "Valor inválido para '--mode': 'x' não é um destes: 'cooperative', 'competitive'."
    )
    assert reword("something else", pt) == "something else"
    assert reword("Missing argument 'NAME'.", catalog("en")) == "Missing argument 'NAME'."


def _run(args: list[str], lang_env: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TOWERPLAY_LANG"}
    env.update(TOWERPLAY_LANG=lang_env, COLUMNS="200", TERM="dumb")
    return subprocess.run(
        [sys.executable, "-m", "towerplay.cli.main", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def test_a_bad_option_is_refused_in_portuguese() -> None:
    done = _run(["play", "rtdt", "--bogus", "--lang", "pt"], "")
    assert done.returncode == 2
    assert "A opção --bogus não existe." in done.stderr and "Uso:" in done.stderr
    assert not [w for w in FRAME if w in done.stderr], done.stderr
    extra = _run(["sim", "rtdt", "surplus"], "pt")
    assert "Argumento(s) a mais inesperado(s) (surplus)" in extra.stderr


def test_help_has_no_english_frame_words() -> None:
    for args in (["campaign", "--help"], ["play", "tactics", "--help"]):
        done = _run(args, "pt")
        assert done.returncode == 0, done.stderr
        assert "Opções" in done.stdout and "Mostra esta mensagem e sai." in done.stdout
        assert not [w for w in FRAME if w in done.stdout], done.stdout


def test_english_is_untouched() -> None:
    done = _run(["play", "rtdt", "--bogus"], "")
    assert "No such option: --bogus" in done.stderr and "Usage:" in done.stderr


def test_our_own_option_checks_speak_the_chosen_language() -> None:
    """A value the command itself refuses (not click) is worded in `--lang` too."""
    done = _run(["sim", "rtdt", "--games", "0", "--lang", "pt"], "")
    assert done.returncode == 2
    assert "erro: --games deve ser 1 ou mais, não 0" in done.stderr
    done = _run(["sim", "rtdt", "--games", "0"], "")
    assert "error: --games must be 1 or more, not 0" in done.stderr
