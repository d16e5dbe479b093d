"""From what the user typed (nothing, a path, a URL) to a SQLAlchemy engine.

SQLite is set up on every new connection: write-ahead log (readers do not block the
writer), foreign keys on, `synchronous=FULL` by default (a committed action survives a power
cut, not only a killed process; `NORMAL` skips the flush to disk at each commit: a killed
process still loses nothing committed, an OS crash or a power cut may lose the last commits)
and a busy timeout so two processes wait for each other instead of failing. SQLite's own implicit transactions are turned off and every transaction starts
with an explicit BEGIN; a writing one with BEGIN IMMEDIATE, which takes the write lock at
once, so a transaction never has to be abandoned halfway because another process wrote
since it began reading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from towerplay.store.errors import StoreError

DEFAULT_FILE = "towerplay.db"
BUSY_TIMEOUT = 30.0  # seconds a writer waits for another process's transaction
WRITE = "towerplay_write"  # the execution option that makes a transaction BEGIN IMMEDIATE
SYNCHRONOUS = ("FULL", "NORMAL")  # SQLite's settings a store may run with (FULL first)


def default_path() -> Path:
    """The store of this user: `towerplay.db` in the platform's data folder, made if
    missing."""
    folder = Path(platformdirs.user_data_dir("towerplay"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / DEFAULT_FILE


def resolve(url: str | None) -> tuple[URL, str]:
    """The SQLAlchemy URL for what the user gave, and the name errors use for it (the
    file, or the URL without its password)."""
    if url is None:
        path = default_path()
        return _sqlite_url(path), str(path)
    if "://" not in url:
        return _sqlite_url(Path(url)), url
    try:
        parsed = make_url(url)
    except ArgumentError as e:
        raise StoreError(f"{url}: not a database URL: {e}") from None
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")  # the driver towerplay installs
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:":
            _check_folder(Path(database), database)
        return parsed, database or url
    return parsed, parsed.render_as_string(hide_password=True)


def _sqlite_url(path: Path) -> URL:
    _check_folder(path, str(path))
    return URL.create("sqlite", database=str(path))


def _check_folder(path: Path, shown: str) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise StoreError(f"{shown}: cannot open the store: the folder {folder} does not exist")
    if path.is_dir():
        raise StoreError(f"{shown}: cannot open the store: it is a folder, not a file")


def make_engine(url: URL, synchronous: str = "FULL") -> Engine:
    """An engine for the URL; SQLite gets the settings this module's docstring gives, with
    `synchronous` one of SYNCHRONOUS (PostgreSQL keeps its own: every commit flushed)."""
    if synchronous not in SYNCHRONOUS:
        raise StoreError(f"synchronous: expected one of {', '.join(SYNCHRONOUS)}")
    if url.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT})

    def connect(dbapi_connection: Any, _record: Any) -> None:
        _sqlite_connect(dbapi_connection, synchronous)

    event.listen(engine, "connect", connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_connection: Any, synchronous: str) -> None:
    dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (_sqlite_begin)
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA synchronous={synchronous}")  # one of SYNCHRONOUS, checked
    finally:
        cursor.close()


def _sqlite_begin(conn: Any) -> None:
    if conn.get_execution_options().get(WRITE):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"
