"""Content overlays that name what does not exist are refused at load, naming the
file and the field: quest places and needs, quest rewards, dungeon names."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from towerplay.core.errors import ContentError
from towerplay.rtdt.content import CONTENT_DIR, load_content


def quest(
    place: str = "{spaces: [outer_kinghills]}", needs: str = "{dungeon: true}", **more: str
) -> str:
    extra = "".join(f"    {k}: {v}\n" for k, v in more.items())
    return f"""
main_goals:
  - id: raise_an_outlaw_army
    source: designed
    name: Raise an Outlaw Army
    kind: main_goal
    text: Gather warriors.
{extra}    stages:
      - text: Win back the hideout.
        place: {place}
        needs: {needs}
companion_quests: []
adversary_quests: []
"""


def refused(folder: Path, name: str, text: str) -> ContentError:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content([folder])
    assert str(path) in err.value.file, "the overlay file is named"
    return err.value


def test_a_well_formed_quest_overlay_loads(tmp_path: Path) -> None:
    (tmp_path / "quests.yaml").write_text(
        quest("{spaces: [egans_end, duwani]}", "{warriors: 3, items: [amulet_of_hope]}"),
        encoding="utf-8",
    )
    c = load_content([tmp_path])
    stage = c.quests["raise_an_outlaw_army"].stages[0]
    assert stage.place.spaces == ["egans_end", "duwani"] and stage.needs.warriors == 3


def test_an_unknown_space_in_a_quest_place_is_refused(tmp_path: Path) -> None:
    err = refused(tmp_path, "quests.yaml", quest("{spaces: [egans_end, atlantis]}", "{gear: 1}"))
    assert err.field == "main_goals[0].stages[0].place.spaces[1]"
    assert "atlantis" in err.reason


def test_an_unknown_quest_item_in_needs_is_refused(tmp_path: Path) -> None:
    err = refused(tmp_path, "quests.yaml", quest(needs="{items: [holy_grail]}"))
    assert err.field == "main_goals[0].stages[0].needs.items[0]"
    assert "holy_grail" in err.reason
    err = refused(tmp_path, "quests.yaml", quest(needs="{carry: [amulet_of_hope, holy_grail]}"))
    assert err.field == "main_goals[0].stages[0].needs.carry[1]"


@pytest.mark.parametrize(
    "field", ["warriors", "spirit", "potions", "gear", "treasures", "advantages"]
)
def test_negative_needs_are_refused(tmp_path: Path, field: str) -> None:
    err = refused(tmp_path, "quests.yaml", quest(needs=f"{{{field}: -5}}"))
    assert err.field == f"main_goals[0].stages[0].needs.{field}"


def test_a_quests_companion_and_reward_item_must_exist(tmp_path: Path) -> None:
    err = refused(tmp_path, "quests.yaml", quest(companion="nobody"))
    assert err.field == "main_goals[0].companion" and "nobody" in err.reason
    err = refused(tmp_path, "quests.yaml", quest(quest_item="holy_grail"))
    assert err.field == "main_goals[0].quest_item" and "holy_grail" in err.reason


def test_a_dungeon_stage_needs_a_space_with_a_dungeon(tmp_path: Path) -> None:
    err = refused(tmp_path, "quests.yaml", quest("{spaces: [green_bridge]}", "{dungeon: true}"))
    assert err.field == "main_goals[0].stages[0].place.spaces"
    assert "dungeon" in err.reason


def test_a_dungeon_named_on_an_unknown_space_is_refused(tmp_path: Path) -> None:
    data = yaml.safe_load((CONTENT_DIR / "dungeons.yaml").read_text(encoding="utf-8"))
    data["dungeons"][0]["names"]["atlantis"] = "The Sunken Halls"
    err = refused(tmp_path, "dungeons.yaml", yaml.safe_dump(data))
    assert err.field == "dungeons[0].names.atlantis"
