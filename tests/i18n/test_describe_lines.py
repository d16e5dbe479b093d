"""`info NAME` in Portuguese has no English words: the lines `describe` builds from a card's
steps ("attack: red red, range 1-2") and its labels ("banner:", "result 1:", "(enemy)") are
templates worded by the catalog, for every entry of both games. The English words looked for
are those of the describe modules' own templates; names and ids stay as printed (`info` and
the actions take them), so they are taken out of the text before it is looked at."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pytest

from towerplay.i18n import catalog
from towerplay.i18n.extract import messages
from towerplay.rtdt.describe import _entries as rtdt_entries
from towerplay.rtdt.describe import describe as rtdt_describe
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.tactics import new_game as new_tactics
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.tactics.describe import _entries as tactics_entries

WORD = re.compile(r"[^\W\d_]+")
FIELD = re.compile(r"\{\w*\}")  # a template's field: a name, not a word


def template_words(area: str, file: str) -> set[str]:
    """The English words (three letters or more) of the templates a describe module marks,
    but for those Portuguese has too (its translations use them: "for", "passive")."""
    pt = catalog("pt").gettext
    english: set[str] = set()
    portuguese: set[str] = set()
    for msgid, where, _line in messages(area):
        if where == file:
            english |= {w.lower() for w in WORD.findall(FIELD.sub(" ", msgid)) if len(w) >= 3}
            portuguese |= {w.lower() for w in WORD.findall(FIELD.sub(" ", pt(msgid)))}
    return english - portuguese - BOTH


BOTH = {"extra"}  # words Portuguese writes as English does ("um dado azul extra")


def without(text: str, names: Iterable[str]) -> str:
    """The text with every name and id taken out (the longest first: "Shield Wall" before
    "Wall")."""
    found = sorted({n for n in names if n}, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(n) for n in found))
    return pattern.sub(" ", text)


def english_left(text: str, words: set[str], names: Iterable[str]) -> set[str]:
    return {w.lower() for w in WORD.findall(without(text, names))} & words


def names_of(entries: Iterable[tuple[str, str, Any]]) -> set[str]:
    out: set[str] = set()
    for _kind, eid, e in entries:
        out |= {eid, getattr(e, "name", "")}
        out |= set(getattr(e, "starting_cards", ()))  # a class's cards, by id
        out |= {getattr(e, "passive", ""), getattr(e, "space", "")}
        out |= {getattr(s, "name", None) or "" for s in _steps(e)}  # a named attack's name
    # the texts call "Skrag, Warren Boss" "Skrag, the Warren Boss"
    return out | {n.replace(", ", ", the ") for n in out if ", " in n}


def test_the_words_looked_for_are_the_step_words() -> None:
    words = template_words("tactics", "tactics/describe.py")
    assert {"attack", "range", "heal", "yourself", "equipped", "response"} <= words
    assert {"banner", "result", "strike", "offering"} <= template_words("rtdt", "rtdt/describe.py")


def test_every_tactics_info_in_portuguese_has_no_english_step_word() -> None:
    pt = catalog("pt").gettext
    words = template_words("tactics", "tactics/describe.py")
    game = new_tactics({}, 1)
    content = game.ctx.content
    entries = list(tactics_entries(content))
    campaign = new_campaign({"heroes": 3, "players": 3}, 1)
    names = (
        names_of(entries) | {s.enemy for s in _spawns(content)} | {s.wall for s in _walls(content)}
    )
    more = [(k, eid, e) for k, t in _campaign_tables(campaign) for eid, e in t.items()]
    names |= names_of(more)
    told, bad = 0, []
    for _kind, eid, _e in [*entries, *more]:
        text = campaign.describe(eid, pt) or ""
        if _kind in ("enemy", "encounter"):  # in an encounter, with its scaling lines
            text += "\n" + (game.describe(eid, pt) or "")
        english = english_left(text, words, names)
        bad += [f"{eid}: English {sorted(english)} in\n{text}"] if english else []
        told += 1
    assert not bad, "\n\n".join(bad)
    assert told > 100


def test_every_rtdt_info_in_portuguese_has_no_english_label() -> None:
    pt = catalog("pt").gettext
    world = new_rtdt(seed=1, players=1).world
    words = template_words("rtdt", "rtdt/describe.py")
    entries = list(rtdt_entries(world))
    names = names_of(entries)
    bad = []
    for _kind, eid, _e in entries:
        text = rtdt_describe(world, eid, pt) or ""
        english = english_left(text, words, names)
        bad += [f"{eid}: English {sorted(english)} in\n{text}"] if english else []
    assert not bad, "\n\n".join(bad)


@pytest.mark.parametrize(
    ("game", "name", "english", "portuguese"),
    [
        ("tactics", "cleave", "attack: red red, range 1, area 1", "ataque: vermelho vermelho"),
        ("tactics", "Warlord's Charge", "boss: move +1", "chefe: move-se +1"),
        ("rtdt", "generic_ambush", "result 1: Lose 12 warriors.", "resultado 1:"),
        ("rtdt", "citadel", "Reinforce, free:", "Fortificar, grátis:"),
    ],
)
def test_a_step_line_in_each_language(game: str, name: str, english: str, portuguese: str) -> None:
    g: Any = new_tactics({}, 1) if game == "tactics" else new_rtdt(seed=1, players=1)
    assert english in (g.describe(name) or "")
    pt = g.describe(name, catalog("pt").gettext) or ""
    assert portuguese in pt and english not in pt


def _spawns(content: Any) -> list[Any]:
    return [s for _k, _i, e in tactics_entries(content) for s in _steps(e) if hasattr(s, "enemy")]


def _walls(content: Any) -> list[Any]:
    return [s for _k, _i, e in tactics_entries(content) for s in _steps(e) if hasattr(s, "wall")]


def _steps(e: Any) -> list[Any]:
    out = [s for option in getattr(e, "options", ()) for s in option]
    return out + [s for a in getattr(e, "activations", ()) for s in a.steps]


def _campaign_tables(g: Any) -> list[tuple[str, dict[str, Any]]]:
    return [("level-up card", g.c.level_ups), ("perk", g.c.perks), ("supply item", g.c.items)]
