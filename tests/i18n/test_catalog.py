"""The Portuguese catalog is complete and its translations keep every template's fields."""

from __future__ import annotations

import string

import pytest

from towerplay.core.narration import event
from towerplay.i18n import AREAS, CONTENT_AREAS, catalog, catalog_files, language, read_catalog
from towerplay.i18n.extract import CONTENT_KEYS, messages
from towerplay.i18n.terms import TERMS


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(scope="module")
def pt_areas() -> dict[str, dict[str, str]]:
    return {
        area: read_catalog(path) if path.exists() else {}
        for area, path in catalog_files("pt").items()
    }


@pytest.fixture(scope="module")
def pt() -> dict[str, str]:
    return dict(catalog("pt").messages)


@pytest.mark.parametrize("area", list(AREAS))
def test_every_marked_message_is_translated_in_its_area(
    area: str, pt_areas: dict[str, dict[str, str]]
) -> None:
    own = pt_areas[area]
    missing = sorted(
        {f"{file}:{line}: {msgid!r}" for msgid, file, line in messages(area) if msgid not in own}
    )
    assert not missing, (
        f"untranslated in pt_BR/{area}.po (run tools/i18n_update.py, then translate):\n"
        + "\n".join(missing[:40])
    )


def test_the_cards_ids_are_the_content_texts_a_player_reads() -> None:
    found = {(msgid, file) for msgid, file, _ in messages("rtdt_cards")}
    # a hero's ability and banner, a dungeon room's result, a covenant's offering
    assert ("Each time you Reinforce, take 6 more warriors.", "rtdt/content/heroes.yaml") in found
    assert ("Take 5 warriors from the supply.", "rtdt/content/heroes.yaml") in found
    assert ("Lose 6 warriors; lose 1 spirit.", "rtdt/content/dungeons.yaml") in found
    assert any(file == "rtdt/content/covenant.yaml" for _, file in found)
    ids = {msgid for msgid, _ in found}
    # names stay as printed: a companion's name, a board space, a dungeon's entrance room
    assert not {"Gleb", "Big Sister", "Cave Mouth"} & ids
    assert {file.split("/")[0] for _, file, _ in messages("tactics_cards")} == {"tactics"}
    assert set(CONTENT_AREAS) <= set(AREAS) and "text" in CONTENT_KEYS


def test_a_message_in_two_areas_is_translated_alike(pt_areas: dict[str, dict[str, str]]) -> None:
    seen: dict[str, tuple[str, str]] = {}
    differ = []
    for area, texts in pt_areas.items():
        for msgid, text in texts.items():
            if msgid in seen and seen[msgid][1] != text:
                differ.append((msgid, seen[msgid], (area, text)))
            seen.setdefault(msgid, (area, text))
    assert not differ


def test_translations_keep_the_template_fields(pt_areas: dict[str, dict[str, str]]) -> None:
    wrong = [
        (area, k, v)
        for area, texts in pt_areas.items()
        for k, v in texts.items()
        if fields(k) != fields(v)
    ]
    assert not wrong


def test_the_glossary_words_of_the_portuguese_rulebook() -> None:
    words = catalog("pt")
    assert words.gettext(TERMS["banner_action"]) == "Estandarte"
    assert words.gettext(TERMS["cleanse"]) == "Limpar"
    assert words.gettext(TERMS["reinforce"]) == "Fortificar"
    assert words.gettext(TERMS["skulls"]) == "caveiras"
    assert words.gettext(TERMS["gritty"]) == "Desafiadora"


def test_an_event_is_worded_in_the_chosen_language() -> None:
    e = event("loss", "{hero} loses {n} " + "warriors", hero="x", n=3)
    assert catalog("en").event(e) == "x loses 3 warriors"
    assert catalog("en").event(e.view()) == "x loses 3 warriors"
    # a message the catalog lacks falls back to English rather than stopping a game
    assert catalog("pt").event(e) == "x loses 3 warriors"


def test_a_field_that_is_a_message_is_translated_too() -> None:
    pt = catalog("pt")
    template = "{n} {what} " + "fall"  # a template the catalog lacks: English words around
    assert pt.format(template, n=2, what=TERMS["skulls"]) == "2 caveiras fall"
    assert pt.format(template, n=2, what="Brutal Warlords") == "2 Brutal Warlords fall"
    # the terminal's own labels are not words of an event
    assert pt.gettext("move") != "move" and "move" not in pt.words
    assert pt.format(template, n=2, what="move") == "2 move fall"


def test_language_choices() -> None:
    assert language("pt-BR") == language("pt_BR") == language("PT") == "pt"
    assert language(None) == "en"
    with pytest.raises(ValueError, match="one of en, pt"):
        language("fr")
