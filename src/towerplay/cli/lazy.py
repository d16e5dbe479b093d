"""Commands imported when they run: `towerplay --help` lists them without loading the games.

Each command lives in its own module (cli/rtdt.py, cli/campaign.py, ...), which imports a
game's engine, its content or the store: together about a second here. A group made by
`lazy_group` names its commands with the module and attribute that define them and the line
its listing shows; `get_command` imports one only when it is asked for (to run, or for its
own `--help`), so `towerplay play rtdt` loads Return to Dark Tower and nothing of Adventure
Tactics, the campaigns or the store. While a group prints its `--help`, a command not yet
imported is listed by that line (`tests/cli/test_lazy.py` checks each line against the
command's own help, and that the listing is the same whether the commands are imported or
not).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup

from towerplay.i18n import Catalog

# the catalog a command is worded in when it is imported (cli/main.py sets it, then
# translates the tree as built so far: cli/help.py)
WORDS: list[Catalog] = []


@dataclass(frozen=True)
class Lazy:
    """Where a command is defined (`module`, `attr`: a function or a `typer.Typer`) and the
    line its group's listing shows before it is imported (its help's first line)."""

    module: str
    attr: str
    line: str


class LazyGroup(TyperGroup):
    """A typer group whose `LAZY` commands are imported on first use."""

    LAZY: ClassVar[dict[str, Lazy]] = {}
    _listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        names = list(super().list_commands(ctx))
        return names + [n for n in self.LAZY if n not in names]

    def get_command(self, ctx: Any, name: str) -> Any:
        found = super().get_command(ctx, name)
        if found is not None or name not in self.LAZY:
            return found
        lazy = self.LAZY[name]
        if self._listing:  # this group's --help: the line, not the module
            return TyperCommand(name=name, help=_worded(lazy.line), short_help=_worded(lazy.line))
        command = load(name, lazy)
        self.add_command(command, name)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def lazy_group(commands: dict[str, Lazy]) -> type[LazyGroup]:
    """A group class whose commands are these."""
    return type("LazyCommands", (LazyGroup,), {"LAZY": dict(commands)})


def load(name: str, lazy: Lazy) -> Any:
    """Import the command and build its click object (typer's), worded in the language asked."""
    from towerplay.cli.help import translate

    obj = getattr(importlib.import_module(lazy.module), lazy.attr)
    if isinstance(obj, typer.Typer):
        command = typer.main.get_command(obj)
    else:
        single = typer.Typer()
        single.command(name=name)(obj)
        command = typer.main.get_command(single)
    command.name = name
    if WORDS:
        translate(command, WORDS[-1])
    return command


def load_all(command: Any) -> Any:
    """The whole tree imported (the catalog's help texts, `cli/help.command_help`)."""
    for name in list(getattr(command, "commands", {})):
        load_all(command.commands[name])
    if isinstance(command, LazyGroup):
        for name, lazy in command.LAZY.items():
            if name not in command.commands:
                command.add_command(load_all(load(name, lazy)), name)
    return command


def _worded(line: str) -> str:
    if not WORDS:
        return line
    from rich.markup import escape

    return escape(WORDS[-1].gettext(line))
