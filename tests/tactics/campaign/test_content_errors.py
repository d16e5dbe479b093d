"""Bad campaign content is refused naming the file and the field; a kind split over a
folder refuses an id defined twice, naming both files."""

from __future__ import annotations

from pathlib import Path

import pytest

from towerplay.core.content import load_bundle
from towerplay.core.errors import ContentError
from towerplay.tactics.campaign.content import load_campaign_content
from towerplay.tactics.campaign.models import HeroesFile
from towerplay.tactics.content import default_content


def overlay(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / "campaign").mkdir(exist_ok=True)
    (tmp_path / "campaign" / name).write_text(text)
    return tmp_path


def test_a_chapter_leading_to_a_missing_chapter_names_the_field(tmp_path: Path) -> None:
    folder = overlay(
        tmp_path,
        "chapters.yaml",
        "chapters:\n  - {id: ch01, number: 1, source: designed, title: T, kind: story,"
        " text: x, choices: [{text: go, goto: nowhere}]}\n",
    )
    with pytest.raises(ContentError) as err:
        load_campaign_content([folder], game=default_content())
    assert err.value.file == "chapters" and err.value.field == "chapters.ch01.choices[0].goto"
    assert "nowhere" in err.value.reason


def test_a_bad_field_names_the_file(tmp_path: Path) -> None:
    folder = overlay(
        tmp_path,
        "level_ups.yaml",
        "level_ups:\n  - {id: x, source: designed, name: X, deck: fighter, level: 9, hearts: 1}\n",
    )
    with pytest.raises(ContentError) as err:
        load_campaign_content([folder], game=default_content())
    assert "level_ups.yaml" in err.value.file and err.value.field == "level_ups[0].level"


def test_replace_must_be_true_or_false(tmp_path: Path) -> None:
    folder = overlay(tmp_path, "perks.yaml", "replace: yes please\nperks: []\n")
    with pytest.raises(ContentError) as err:
        load_campaign_content([folder], game=default_content())
    assert err.value.field == "replace"


def test_an_id_in_two_files_of_a_bundle_names_both(tmp_path: Path) -> None:
    (tmp_path / "heroes.yaml").write_text("heroes:\n  - {id: ann, source: designed, name: A}\n")
    (tmp_path / "heroes").mkdir()
    (tmp_path / "heroes" / "more.yaml").write_text(
        "heroes:\n  - {id: ann, source: designed, name: B}\n"
    )
    with pytest.raises(ContentError) as err:
        load_bundle("heroes", [tmp_path], HeroesFile)
    assert "more.yaml" in err.value.file and "heroes.yaml" in err.value.reason
    (tmp_path / "heroes" / "more.yaml").write_text(
        "heroes:\n  - {id: bo, source: designed, name: B}\n"
    )
    assert [h.id for h in load_bundle("heroes", [tmp_path], HeroesFile).heroes] == ["ann", "bo"]
