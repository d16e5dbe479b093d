"""Export and import: a record with its whole log as one JSON file, checked before writing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from towerplay.core.errors import SaveError
from towerplay.store import Store, UnknownRecord, open_store
from towerplay.store.transfer import FORMAT, FORMAT_VERSION


def _played(store: Store) -> str:
    made = store.create("tactics-campaign", "Domianne", {"chapter": 1}, {"chapter": 1})
    for v in range(3):
        store.commit(
            made.id,
            v,
            f"choose {v}",
            {"chapter": v + 2},
            {"chapter": v + 2},
            actor="party",
            snapshot=v == 1,
        )
    return made.id


def test_export_then_import_into_another_store_is_the_same_record(
    store: Store, tmp_path: Path
) -> None:
    rid = _played(store)
    data = json.loads(json.dumps(store.export_record(rid)))  # through a file's text
    assert data["format"] == FORMAT and data["format_version"] == FORMAT_VERSION
    with open_store(str(tmp_path / "other.db")) as other:
        imported = other.import_record(data)
        assert imported == store.get(rid)  # same id: it was free
        assert other.actions(rid) == store.actions(rid)
        assert other.export_record(rid) == data


def test_importing_where_the_id_is_taken_gives_a_fresh_id(store: Store) -> None:
    rid = _played(store)
    data = store.export_record(rid)
    copy_ = store.import_record(data)
    assert copy_.id != rid
    assert (copy_.document, copy_.version, copy_.name) == ({"chapter": 4}, 3, "Domianne")
    assert [a.action for a in store.actions(copy_.id)] == ["choose 0", "choose 1", "choose 2"]
    assert store.get(rid).version == 3  # the original is untouched
    assert len(store.list()) == 2


def test_the_games_check_sees_the_document_and_a_refusal_writes_nothing(store: Store) -> None:
    rid = _played(store)
    data = store.export_record(rid)
    store.delete(rid)
    seen: list[dict[str, Any]] = []

    def validate(document: dict[str, Any]) -> None:
        seen.append(document)
        raise SaveError("campaign.json", "chapter", "no such chapter")

    with pytest.raises(SaveError, match="campaign.json: chapter: no such chapter"):
        store.import_record(data, validate)
    assert seen == [{"chapter": 4}]
    assert store.list() == []
    with pytest.raises(UnknownRecord, match=rid):
        store.get(rid)


def test_an_import_of_another_kind_is_refused(store: Store) -> None:
    data = store.export_record(_played(store))
    with pytest.raises(SaveError, match="f.json: record.kind: expected 'rtdt-game'"):
        store.import_record(data, kind="rtdt-game", source="f.json")
    assert len(store.list()) == 1


def _broken(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    *parents, last = path.split(".")
    node: Any = out
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if value is KeyError:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return out


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("format", "something else", "format"),
        ("format_version", FORMAT_VERSION + 1, "format_version"),
        ("format_version", "1", "format_version"),
        ("record", [], "record"),
        ("record.id", "Has Spaces", "record.id"),
        ("record.id", KeyError, "record.id"),
        ("record.kind", "", "record.kind"),
        ("record.name", 7, "record.name"),
        ("record.created", "yesterday", "record.created"),
        ("record.updated", "2026-12-01T10:00:00", "record.updated"),
        ("record.version", 2, "actions"),
        ("record.version", -1, "record.version"),
        ("record.version", True, "record.version"),
        ("record.document", "{}", "record.document"),
        ("record.document", {"x": float("inf")}, "record.document"),
        ("record.summary", None, "record.summary"),
        ("actions", {}, "actions"),
        ("actions.1", "choose 1", "actions[1]"),
        ("actions.1.version", 3, "actions[1].version"),
        ("actions.2.action", "", "actions[2].action"),
        ("actions.0.actor", 5, "actions[0].actor"),
        ("actions.0.at", None, "actions[0].at"),
        ("actions.1.snapshot", [1], "actions[1].snapshot"),
    ],
)
def test_a_bad_file_names_the_field_and_writes_nothing(
    store: Store, path: str, value: Any, field: str
) -> None:
    rid = _played(store)
    data = store.export_record(rid)
    store.delete(rid)
    called: list[object] = []
    with pytest.raises(SaveError) as e:
        store.import_record(_broken(data, path, value), called.append, source="camp.json")
    assert e.value.file == "camp.json"
    assert e.value.field == field
    assert store.list() == []
    assert called == []  # the game's check runs only on a well-formed file


def test_times_from_a_file_are_kept_in_utc(store: Store) -> None:
    data = store.export_record(_played(store))
    data["record"]["updated"] = "2026-12-01T12:00:00+02:00"
    imported = store.import_record(data)
    assert imported.updated.isoformat() == "2026-12-01T10:00:00+00:00"
