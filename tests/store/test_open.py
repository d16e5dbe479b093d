"""Opening a store: where it lives, how SQLite is set up, and the files it refuses."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import platformdirs
import pytest

from towerplay.store import StoreError, open_store
from towerplay.store.schema import SCHEMA_VERSION


def test_no_url_means_towerplay_db_in_the_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data" / "towerplay"
    asked: list[str] = []

    def user_data_dir(app: str) -> str:
        asked.append(app)
        return str(folder)

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    with open_store() as store:
        made = store.create("k", "n", {"a": 1}, {})
        assert store.location == str(folder / "towerplay.db")
    assert asked and set(asked) == {"towerplay"}
    assert (folder / "towerplay.db").is_file()
    with open_store(str(folder / "towerplay.db")) as again:
        assert again.get(made.id).document == {"a": 1}


def test_a_sqlite_url_and_a_plain_path_open_the_same_file(db: Path) -> None:
    with open_store(f"sqlite:///{db}") as store:
        made = store.create("k", "n", {"a": 1}, {})
    with open_store(str(db)) as store:
        assert store.get(made.id).document == {"a": 1}


def test_sqlite_runs_with_wal_foreign_keys_and_a_schema_version(db: Path) -> None:
    with open_store(str(db)) as store:
        made = store.create("k", "n", {}, {})
        store.commit(made.id, 0, "a", {}, {})
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert con.execute("SELECT name, version FROM schema_version").fetchall() == [
            ("towerplay.store", SCHEMA_VERSION)
        ]
        # the action log's key on its record is declared, and enforced on connections
        # that turn foreign keys on, as the store's do
        con.execute("PRAGMA foreign_keys=ON")
        with pytest.raises(sqlite3.IntegrityError):
            con.execute(
                "INSERT INTO actions (record_id, version, action, at) VALUES ('zz', 1, 'a', 't')"
            )
    finally:
        con.close()


def test_the_store_turns_foreign_keys_on(db: Path) -> None:
    with open_store(str(db)) as store, store._engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_a_newer_schema_version_is_refused(db: Path) -> None:
    open_store(str(db)).close()
    con = sqlite3.connect(db)
    con.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    con.commit()
    con.close()
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 1}, newer") as e:
        open_store(str(db))
    assert str(db) in str(e.value)


def test_a_file_that_is_not_a_database_is_named(db: Path) -> None:
    db.write_bytes(b"this is a campaign export, not a database\n" * 200)
    with pytest.raises(StoreError, match="cannot open the store: file is not a database") as e:
        open_store(str(db))
    assert str(db) in str(e.value)


def test_a_damaged_database_is_named(db: Path) -> None:
    with open_store(str(db)) as store:
        for i in range(50):
            store.create("k", f"n{i}", {"pad": "x" * 2000}, {})
    data = bytearray(db.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the first page's header and table list
    db.write_bytes(bytes(data))
    with pytest.raises(StoreError) as e, open_store(str(db)) as store:
        store.list()
    assert str(db) in str(e.value)


def test_another_programs_sqlite_file_is_not_taken_over(db: Path) -> None:
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="not a towerplay store.*photos") as e:
        open_store(str(db))
    assert str(db) in str(e.value)
    con = sqlite3.connect(db)
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    con.close()
    assert tables == {"photos"}


def test_a_missing_folder_or_a_folder_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "t.db"
    with pytest.raises(StoreError, match="does not exist") as e:
        open_store(str(missing))
    assert str(missing) in str(e.value)
    with pytest.raises(StoreError, match="is a folder"):
        open_store(str(tmp_path))
    with pytest.raises(StoreError, match="does not exist"):
        open_store(f"sqlite:///{missing}")


def test_a_bad_url_is_named() -> None:
    with pytest.raises(StoreError, match="not a database URL"):
        open_store("nosuchdb+:://")


def test_an_unknown_database_kind_is_named() -> None:
    with pytest.raises(StoreError, match="not a database towerplay can open") as e:
        open_store("nosuchkind://host/db")
    assert "nosuchkind://host/db" in str(e.value)
