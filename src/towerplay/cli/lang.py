"""The language the terminal speaks, kept in this one place.

A command chooses it once (`--lang`, else the TOWERPLAY_LANG environment variable, else
English) with `speaking(lang)`; every screen then words its strings with `_()` and the
game's events with `event()`, which read the current choice when called (a `_` bound to one
catalog at import would miss a language chosen at run time). The choice is the interface's
only: the games, their saves and their notation are the same in every language.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from towerplay.core.errors import IllegalAction
from towerplay.core.narration import Event
from towerplay.i18n import N_, Catalog, catalog, language

ENV = "TOWERPLAY_LANG"
_current: list[Catalog] = [catalog("en")]  # a stack: the innermost `speaking` on top

__all__ = ["ENV", "N_", "_", "asked", "chosen", "current", "event", "refusal", "speaking"]


def chosen(lang: str | None) -> str:
    """The language code for `--lang` (None: TOWERPLAY_LANG, else English); raises
    ValueError naming the languages there are."""
    return language(lang if lang is not None else os.environ.get(ENV) or None)


@contextmanager
def speaking(lang: str | Catalog | None) -> Iterator[Catalog]:
    """The terminal speaks `lang` (a code as `chosen` reads it, or a Catalog) inside the
    block."""
    _current.append(lang if isinstance(lang, Catalog) else catalog(chosen(lang)))
    try:
        yield _current[-1]
    finally:
        _current.pop()


def current() -> Catalog:
    return _current[-1]


def _(msgid: str) -> str:
    """An interface string in the current language (English when it lacks one)."""
    return _current[-1].gettext(msgid)


def event(e: Event | Mapping[str, Any]) -> str:
    """A game event's sentence in the current language."""
    return _current[-1].event(e)


def asked(game: Any) -> str:
    """What the game asks now, in the current language (a game's `asked` event; its English
    `prompt` for a game without one)."""
    said = getattr(game, "asked", None)
    return _current[-1].event(said) if isinstance(said, Event) else str(game.prompt)


def refusal(e: IllegalAction) -> str:
    """An illegal action's refusal in the current language, its rule ID kept."""
    return _current[-1].refusal(e)
