"""Translations: the interface and the game's narration in English and Portuguese (pt-BR).

English is the source language: every message id is the English text (an event's template
is its id, `core/narration.py`). A language's catalog is a folder of gettext `.po` files in
this package, one per area of the source (`AREAS`: the interface shared by the pages, the
terminal, each game's narration), read with Babel when first needed and merged. A message missing from a catalog falls back to
English at run time (a game never stops for a word); `tests/i18n` fails the build instead.
The cards' texts are messages too (their own areas, `CONTENT_AREAS`): the state and `observe()`
keep the English text, which the terminal and the page translate when they show it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from towerplay.core.errors import LIST_SEPARATOR, IllegalAction
from towerplay.core.narration import N_ as N_  # the pages mark their words with it
from towerplay.core.narration import Event

HERE = Path(__file__).parent
LANGUAGES = {"en": "English", "pt": "Português (Brasil)"}
CATALOG_DIRS = {"pt": HERE / "pt_BR"}

# area -> the source folders (under src/towerplay) whose messages its `.po` file holds;
# "common" holds every other folder's (core, i18n's glossary, web, sim...)
AREAS: dict[str, tuple[str, ...]] = {
    "rtdt": ("rtdt", "agents/rtdt"),
    "tactics": ("tactics",),
    "cli": ("cli",),
    "common": (),
    # the cards' texts: ids read from each game's content YAML (`extract.CONTENT_KEYS`), not
    # from Python calls; a card's name stays as printed (commands and actions take it)
    "rtdt_cards": (),
    "tactics_cards": (),
}
# a cards area -> the content folder (under src/towerplay) its ids come from
CONTENT_AREAS: dict[str, str] = {"rtdt_cards": "rtdt/content", "tactics_cards": "tactics/content"}


def catalog_files(lang: str) -> dict[str, Path]:
    """area -> its `.po` file for a language."""
    folder = CATALOG_DIRS[language(lang)]
    return {area: folder / f"{area}.po" for area in AREAS}


@dataclass(frozen=True)
class Catalog:
    """The messages of one language: English text -> its translation."""

    lang: str
    messages: Mapping[str, str]
    # the messages a field's text may be: every area's but the terminal's own (its short
    # labels, "move" -> "mov.", are not words an engine puts in an event)
    words: Mapping[str, str] = field(default_factory=dict)

    def gettext(self, msgid: str) -> str:
        return self.messages.get(msgid) or msgid

    def format(self, msgid: str, **fields: Any) -> str:
        """The translated template with its fields filled in. A field whose text is itself a
        message of the catalog outside the terminal's (a word marked with `N_` where it is
        defined: "warriors", a cause's own template without fields) is translated too;
        names are not messages and stay as they are."""
        text = self.gettext(msgid)
        if not fields:
            return text
        return text.format_map({k: self._field(v) for k, v in fields.items()})

    def _field(self, value: Any) -> Any:
        """A field's text: a marked word translated, a nested reason (an Event or its view,
        as a refusal's `why`) worded in this language, a list of them (the actions there
        are now) each worded, anything else as it is."""
        if isinstance(value, str):
            return self.words.get(value) or value
        if isinstance(value, tuple | list):
            return LIST_SEPARATOR.join(str(self._field(v)) for v in value)
        if isinstance(value, Event) or (isinstance(value, Mapping) and "msg" in value):
            return self.event(value)
        return value

    def event(self, e: Event | Mapping[str, Any]) -> str:
        """An event's sentence in this language, from the Event or its `view()` dict."""
        if isinstance(e, Event):
            return self.format(e.msg, **dict(e.args)) if e.args else self.gettext(e.msg)
        args = e.get("args") or {}
        return self.format(str(e["msg"]), **args) if args else self.gettext(str(e["msg"]))

    def refusal(self, e: IllegalAction | Mapping[str, Any]) -> str:
        """An IllegalAction's sentence in this language, its rule ID kept ("... [RULE]"),
        from the error or its `view()` dict."""
        if isinstance(e, IllegalAction):
            msg, args, rule = e.msg, e.fields, e.rule
        else:
            msg, args, rule = str(e["msg"]), e.get("args") or {}, str(e["rule"])
        return f"{self.format(msg, **args)} [{rule}]"


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
    messages: dict[str, str] = {}
    words: dict[str, str] = {}
    for area, path in catalog_files(code).items():
        if path.exists():
            for msgid, text in read_catalog(path).items():
                messages.setdefault(msgid, text)
                if area != "cli":
                    words.setdefault(msgid, text)
    return Catalog(code, messages, words)


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
