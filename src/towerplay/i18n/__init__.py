"""Translations: the interface and the game's narration in English and Portuguese (pt-BR).

English is the source language: every message id is the English text (an event's template
is its id, `core/narration.py`). The Portuguese catalog is a gettext `.po` file in this
package, read with Babel when first needed. A message missing from a catalog falls back to
English at run time (a game never stops for a word); `tests/i18n` fails the build instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from towerplay.core.narration import Event

HERE = Path(__file__).parent
LANGUAGES = {"en": "English", "pt": "Português (Brasil)"}
CATALOG_FILES = {"pt": HERE / "pt_BR.po"}


@dataclass(frozen=True)
class Catalog:
    """The messages of one language: English text -> its translation."""

    lang: str
    messages: Mapping[str, str]

    def gettext(self, msgid: str) -> str:
        return self.messages.get(msgid) or msgid

    def format(self, msgid: str, **fields: Any) -> str:
        """The translated template with its fields filled in."""
        text = self.gettext(msgid)
        return text.format_map(fields) if fields else text

    def event(self, e: Event | Mapping[str, Any]) -> str:
        """An event's sentence in this language, from the Event or its `view()` dict."""
        if isinstance(e, Event):
            return self.format(e.msg, **dict(e.args)) if e.args else self.gettext(e.msg)
        args = e.get("args") or {}
        return self.format(str(e["msg"]), **args) if args else self.gettext(str(e["msg"]))


def language(lang: str | None) -> str:
    """The language code for a user's choice ("pt", "pt-BR", "pt_BR", "en"...); English by
    default. An unknown language is refused with the ones there are."""
    if not lang:
        return "en"
    code = lang.replace("_", "-").split("-")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
    return code


@cache
def catalog(lang: str | None = "en") -> Catalog:
    code = language(lang)
    if code == "en":
        return Catalog("en", {})
    return Catalog(code, read_catalog(CATALOG_FILES[code]))


def read_catalog(path: Path) -> dict[str, str]:
    """The translated messages of a `.po` file (fuzzy and empty entries left out)."""
    with path.open("rb") as f:
        po = read_po(f)
    out: dict[str, str] = {}
    for m in po:
        translated = isinstance(m.string, str) and bool(m.string) and not m.fuzzy
        if isinstance(m.id, str) and m.id and translated:
            out[m.id] = str(m.string)
    return out


def N_(msgid: str) -> str:
    """Marks a message for the catalog where it is defined; it is translated where shown."""
    return msgid
