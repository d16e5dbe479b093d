"""What both games' commands share: one-line option errors, the `--lang` option and reading
a save file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from towerplay.cli import lang as cli_lang
from towerplay.cli.quoted import quoted
from towerplay.core.errors import SaveError
from towerplay.i18n import N_, catalog

LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="The screen's language: en or pt (Brazilian Portuguese); "
        f"default ${cli_lang.ENV}, else en.",
    ),
]


ERROR = N_("error: {message}")


def fail(message: str, lang: str | None = None, **fields: Any) -> typer.Exit:
    """A bad option: one red line on stderr and exit code 2 (raise what this returns). The
    message is a template with its `fields`, worded in `lang` (a command checks its options
    before it speaks its language) or else the terminal's current one."""
    said = cli_lang.current() if lang is None else catalog(lang)
    text = said.format(message, **fields) if fields else said.gettext(message)
    typer.secho(said.format(ERROR, message=text), err=True, fg=typer.colors.RED)
    return typer.Exit(2)


def fail_on(exc: BaseException, lang: str | None = None) -> typer.Exit:
    """`fail` with an error a command caught (an engine's, the store's, a file's, or one of
    our `OptionError`s), worded in `lang` or the terminal's current language
    (`cli/quoted.py`)."""
    said = cli_lang.current() if lang is None else catalog(lang)
    typer.secho(said.format(ERROR, message=quoted(exc, said)), err=True, fg=typer.colors.RED)
    return typer.Exit(2)


def language_option(lang: str | None) -> str:
    """The language `--lang` chose (or the environment's, see `cli/lang.chosen`); an unknown
    one is refused with the languages there are."""
    try:
        return cli_lang.chosen(lang)
    except ValueError as exc:
        raise fail_on(exc) from None


def read_json(file: str) -> Any:
    """The JSON in `file`; raises SaveError naming the file for anything unreadable."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(file, "file", exc.strerror or str(exc)) from exc
    except UnicodeDecodeError as exc:
        raise SaveError(file, "file", "not a text file") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(file, f"line {exc.lineno}", f"not JSON: {exc.msg}") from exc
    except RecursionError as exc:  # arrays or objects nested thousands deep
        raise SaveError(file, "file", "nested too deeply to be a save") from exc
    except ValueError as exc:  # a number of more digits than int() reads (4,300)
        raise SaveError(file, "file", "a number too long to read") from exc
