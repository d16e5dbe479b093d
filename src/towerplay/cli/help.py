"""`--help` in the language asked: the command tree's help strings through the catalog.

Typer keeps a command's help (its docstring) and each option's `help=` on the click objects it
builds, so they are not calls Babel can find: their message ids are read from that tree
(`help_texts`, which `tools/i18n_update.py` adds to the cli area's `.po` file) and a command
about to run has them replaced by their translations (`translate`). The language comes from
the command line before click parses it (`--help` is acted on as soon as it is read, perhaps
before `--lang`), else TOWERPLAY_LANG.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

from rich.markup import escape

from towerplay.cli.lang import ENV
from towerplay.i18n import Catalog, language

# a click command as typer builds it (typer bundles its own click, so its types are typer's)
Command = Any


def _commands(command: Command) -> Iterator[Command]:
    yield command
    subcommands = getattr(command, "commands", None) or {}  # a group's
    for name in sorted(subcommands):
        yield from _commands(subcommands[name])


def help_texts(command: Command) -> list[str]:
    """Every help string of a command and its subcommands and options, in order, once each."""
    seen: dict[str, None] = {}
    for cmd in _commands(command):
        for text in (cmd.help, cmd.short_help):
            if text:
                seen.setdefault(text, None)
        for param in cmd.params:
            text = getattr(param, "help", None)
            if text:
                seen.setdefault(text, None)
    return list(seen)


def command_help() -> list[str]:
    """The help texts of the `towerplay` command (the cli area's ids seen only at run time):
    its whole tree imported, and the lines its groups list commands by before that."""
    import typer

    from towerplay.cli.lazy import LazyGroup, load_all
    from towerplay.cli.main import app  # the tree is built there, above this module

    tree = load_all(typer.main.get_command(app))
    lines = [
        lazy.line
        for cmd in _commands(tree)
        if isinstance(cmd, LazyGroup)
        for lazy in cmd.LAZY.values()
    ]
    return list(dict.fromkeys([*help_texts(tree), *lines]))


def translate(command: Command, words: Catalog) -> None:
    """Replaces the tree's help strings with their translations (in place), escaped: typer
    reads help as rich markup, which took "[ray]" out of "needs towerplay[ray]"; a help
    text is shown as written."""

    def shown(text: str) -> str:
        return escape(words.gettext(text))

    for cmd in _commands(command):
        if cmd.help:
            cmd.help = shown(cmd.help)
        if cmd.short_help:
            cmd.short_help = shown(cmd.short_help)
        for param in cmd.params:
            text = getattr(param, "help", None)
            if text:
                param.help = shown(text)


def asked_language(argv: Sequence[str]) -> str:
    """The language of `--lang X` / `--lang=X` on the command line, else TOWERPLAY_LANG, else
    English; an unknown one gives English here (the command itself then refuses it)."""
    lang: str | None = os.environ.get(ENV) or None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
    try:
        return language(lang)
    except ValueError:
        return "en"
