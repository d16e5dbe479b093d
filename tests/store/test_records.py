"""The store's records: made, read, listed, changed, renamed and deleted, on SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from towerplay.store import StaleVersion, Store, StoreError, UnknownRecord, open_store
from towerplay.store.records import ID_ALPHABET, ID_LENGTH

DOC = {"party": ["Roberta", "Quill"], "gold": 3, "nested": {"é": [1.5, None, True]}}


def test_create_then_get_round_trips_the_document_and_summary(store: Store) -> None:
    made = store.create("tactics-campaign", "First campaign", DOC, {"chapter": 1})
    got = store.get(made.id)
    assert got == made
    assert got.document == DOC
    assert list(got.document) == list(DOC)  # key order kept
    assert got.summary == {"chapter": 1}
    assert got.version == 0
    assert got.created == got.updated
    assert got.created.tzinfo is not None
    assert store.actions(made.id) == []


def test_ids_are_short_readable_and_distinct(store: Store) -> None:
    ids = {store.create("k", f"n{i}", {}, {}).id for i in range(40)}
    assert len(ids) == 40
    for rid in ids:
        assert len(rid) == ID_LENGTH
        assert set(rid) <= set(ID_ALPHABET)
        assert not set(rid) & set("01oli")


def test_commit_logs_the_action_and_replaces_the_document(store: Store) -> None:
    made = store.create("rtdt-game", "g", {"turn": 0}, {"turn": 0})
    first = store.commit(made.id, 0, "move 3", {"turn": 1}, {"turn": 1}, actor="seat 0")
    second = store.commit(
        made.id, 1, "battle", {"turn": 2}, {"turn": 2}, actor="seat 1", snapshot=True
    )
    assert (first.version, second.version) == (1, 2)
    assert store.get(made.id) == second
    assert second.document == {"turn": 2}
    assert second.updated >= first.updated >= made.created
    log = store.actions(made.id)
    assert [(a.version, a.action, a.actor) for a in log] == [
        (1, "move 3", "seat 0"),
        (2, "battle", "seat 1"),
    ]
    assert log[0].snapshot is None
    assert log[1].snapshot == {"turn": 2}
    assert all(a.record_id == made.id for a in log)


def test_a_stale_commit_is_refused_and_writes_nothing(store: Store) -> None:
    made = store.create("k", "n", {"v": 0}, {})
    now = store.commit(made.id, 0, "a", {"v": 1}, {"s": 1})
    for expected in (0, 2, 7):
        with pytest.raises(StaleVersion) as refused:
            store.commit(made.id, expected, "late", {"v": 99}, {"s": 99})
        assert refused.value.current == 1
        assert refused.value.expected == expected
        assert made.id in str(refused.value)
    assert store.get(made.id) == now
    assert [a.action for a in store.actions(made.id)] == ["a"]


def test_versions_of_several_records_in_one_look(store: Store) -> None:
    one = store.create("k", "one", {}, {})
    two = store.create("k", "two", {}, {})
    store.append(two.id, 0, "go", {})
    assert store.versions([one.id, two.id, "nosuch"]) == {one.id: 0, two.id: 1}
    assert store.versions([]) == {}


def test_unknown_ids_are_named(store: Store) -> None:
    store.create("k", "n", {}, {})
    calls = [
        lambda: store.get("nope42"),
        lambda: store.actions("nope42"),
        lambda: store.commit("nope42", 0, "a", {}, {}),
        lambda: store.rename("nope42", "x"),
        lambda: store.delete("nope42"),
        lambda: store.export_record("nope42"),
    ]
    for call in calls:
        with pytest.raises(UnknownRecord, match="nope42"):
            call()


def test_list_shows_entries_newest_first_and_filters_by_kind(store: Store) -> None:
    a = store.create("tactics-campaign", "a", {"big": "x" * 1000}, {"ch": 1})
    b = store.create("rtdt-game", "b", {}, {"round": 1})
    c = store.create("tactics-campaign", "c", {}, {"ch": 2})
    store.commit(a.id, 0, "go", {}, {"ch": 3})
    assert [e.id for e in store.list()] == [a.id, c.id, b.id]
    campaigns = store.list("tactics-campaign")
    assert [e.id for e in campaigns] == [a.id, c.id]
    assert campaigns[0].summary == {"ch": 3}
    assert not hasattr(campaigns[0], "document")
    assert store.list("nothing") == []


def test_list_takes_a_page_of_the_kinds_with_a_prefix_and_counts_them(store: Store) -> None:
    made = [store.create(kind, str(i), {}, {}) for i, kind in enumerate(
        ["table-rtdt", "table-tactics", "tactics-campaign", "table-rtdt", "table_x"]
    )]  # fmt: skip
    newest_first = [made[3].id, made[1].id, made[0].id]
    assert [e.id for e in store.list(prefix="table-")] == newest_first
    assert [e.id for e in store.list(prefix="table-", offset=1, limit=1)] == newest_first[1:2]
    assert store.list(prefix="table-", offset=3) == []
    assert store.count("table-") == 3  # "table_x": the prefix is literal, "_" no wildcard
    assert store.count("nothing") == 0


def test_rename_keeps_version_and_log(store: Store) -> None:
    made = store.create("k", "old", {}, {})
    store.commit(made.id, 0, "a", {"x": 1}, {})
    renamed = store.rename(made.id, "new name")
    assert renamed.name == "new name"
    assert renamed.version == 1
    assert renamed.document == {"x": 1}
    assert store.get(made.id).name == "new name"
    assert len(store.actions(made.id)) == 1


def test_delete_removes_the_record_and_its_log(store: Store) -> None:
    gone = store.create("k", "gone", {}, {})
    kept = store.create("k", "kept", {}, {})
    store.commit(gone.id, 0, "a", {}, {})
    store.commit(kept.id, 0, "b", {}, {})
    store.delete(gone.id)
    assert [e.id for e in store.list()] == [kept.id]
    with pytest.raises(UnknownRecord):
        store.get(gone.id)
    assert [a.action for a in store.actions(kept.id)] == ["b"]


@pytest.mark.parametrize(
    ("kind", "name", "document", "summary", "match"),
    [
        ("", "n", {}, {}, "kind"),
        ("k", "  ", {}, {}, "name"),
        ("k", "n" * 201, {}, {}, "name"),
        ("k", "n", [1, 2], {}, "document must be a JSON object"),
        ("k", "n", {"x": float("nan")}, {}, "document is not JSON"),
        ("k", "n", {"x": object()}, {}, "document is not JSON"),
        ("k", "n", {}, "s", "summary must be a JSON object"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(
    store: Store, kind: Any, name: Any, document: Any, summary: Any, match: str
) -> None:
    with pytest.raises(StoreError, match=match):
        store.create(kind, name, document, summary)
    assert store.list() == []


def test_a_bad_commit_writes_nothing(store: Store) -> None:
    made = store.create("k", "n", {"v": 0}, {})
    with pytest.raises(StoreError, match="document is not JSON"):
        store.commit(made.id, 0, "a", {"v": {1, 2}}, {})
    with pytest.raises(StoreError, match="action"):
        store.commit(made.id, 0, "", {"v": 1}, {})
    assert store.get(made.id) == made
    assert store.actions(made.id) == []


def test_commit_many_makes_each_change_or_returns_why_not(store: Store) -> None:
    from towerplay.store.store import prepare

    a = store.create("k", "a", {"n": 0}, {})
    b = store.create("k", "b", {"n": 0}, {})
    out = store.commit_many(
        [
            prepare(a.id, 0, "one", {"n": 1}, {}),
            prepare(b.id, 5, "stale", {"n": 9}, {}),  # b is at 0: refused alone
            prepare(a.id, 1, "two", {"n": 2}, {}),
        ]
    )
    assert [type(x).__name__ for x in out] == ["Entry", "StaleVersion", "Entry"]
    assert store.get(a.id).document == {"n": 2} and store.get(b.id).version == 0
    assert [x.action for x in store.actions(a.id)] == ["one", "two"]
    assert store.actions(b.id) == []


def test_commit_together_makes_every_change_or_none(store: Store) -> None:
    from towerplay.store.store import prepare

    a = store.create("k", "a", {"n": 0}, {})
    b = store.create("k", "b", {"n": 0}, {})
    with pytest.raises(StaleVersion) as stale:
        store.commit_together(
            [
                prepare(a.id, 0, "one", {"n": 1}, {}),
                prepare(b.id, 5, "stale", {"n": 9}, {}),  # b is at 0: nothing at all is made
            ]
        )
    assert stale.value.record_id == b.id
    assert store.get(a.id).version == 0 and store.actions(a.id) == []
    with pytest.raises(UnknownRecord):
        store.commit_together(
            [prepare(a.id, 0, "one", {"n": 1}, {}), prepare("nope22", 0, "gone", {}, {})]
        )
    assert store.get(a.id).version == 0
    made = store.commit_together(
        [
            prepare(a.id, 0, "one", {"n": 1}, {}),
            prepare(b.id, 0, "uno", {"n": 1}, {}),
        ]
    )
    assert [e.version for e in made] == [1, 1]
    assert store.get(b.id).document == {"n": 1}
    assert [x.action for x in store.actions(a.id)] == ["one"]


def test_group_commits_from_many_threads_land_once_each(store: Store) -> None:
    import threading

    from towerplay.store import StaleVersion
    from towerplay.store.group import GroupCommitter

    group = GroupCommitter(store)
    recs = [store.create("k", f"r{i}", {"n": 0}, {}) for i in range(6)]
    stale: list[str] = []

    def worker(rid: str) -> None:
        for v in range(15):
            group.append(rid, v, f"step {v + 1}", {}, {"n": v + 1})
        try:
            group.append(rid, 3, "late", {}, {"n": -1})
        except StaleVersion:
            stale.append(rid)

    threads = [threading.Thread(target=worker, args=(r.id,)) for r in recs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    group.close()
    for r in recs:
        assert store.get(r.id).document == {"n": 15}
        assert [x.version for x in store.actions(r.id)] == list(range(1, 16))
    assert sorted(stale) == sorted(r.id for r in recs)


def test_append_logs_the_action_and_keeps_the_document_unless_given(store: Store) -> None:
    made = store.create("k", "a", {"n": 0, "at": 0}, {})
    one = store.append(made.id, 0, "one", {"s": 1}, actor="seat 0")
    assert (one.version, one.summary) == (1, {"s": 1}) and not hasattr(one, "document")
    assert store.get(made.id).document == {"n": 0, "at": 0}  # kept: a snapshot at 0
    store.append(made.id, 1, "two", {"s": 2}, document={"n": 2, "at": 2})
    assert store.get(made.id).document == {"n": 2, "at": 2}
    assert store.version(made.id) == 2
    assert [(a.version, a.action) for a in store.actions(made.id, after=1)] == [(2, "two")]
    with pytest.raises(StaleVersion):
        store.append(made.id, 1, "late", {})
    assert [a.action for a in store.actions(made.id)] == ["one", "two"]
    with pytest.raises(UnknownRecord):
        store.version("nope22")


@pytest.mark.parametrize("synchronous", ["FULL", "NORMAL"])
def test_sqlite_runs_with_the_synchronous_setting_asked(db: Path, synchronous: str) -> None:
    from sqlalchemy import text

    with (
        open_store(str(db), synchronous=synchronous) as store,
        store._engine.connect() as conn,  # the setting is the point
    ):
        level = conn.execute(text("PRAGMA synchronous")).scalar()
        mode = conn.execute(text("PRAGMA journal_mode")).scalar()
    assert (level, mode) == ({"FULL": 2, "NORMAL": 1}[synchronous], "wal")
    with pytest.raises(StoreError, match="synchronous"):
        open_store(str(db), synchronous="OFF")
