"""Fixtures for the store's tests: a fresh SQLite store per test, and a fresh PostgreSQL
database per test when TOWERPLAY_TEST_PG names a server (tests/store/pg_server.sh)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from towerplay.store import Store, open_store

PG_ENV = "TOWERPLAY_TEST_PG"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "test.db"


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    with open_store(str(db)) as s:
        yield s


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A URL of an empty database on the server TOWERPLAY_TEST_PG names, dropped after."""
    server = os.environ.get(PG_ENV)
    if not server:
        pytest.skip(f"no PostgreSQL server: set {PG_ENV} (tests/store/pg_server.sh start)")
    name = f"towerplay_test_{secrets.token_hex(4)}"
    admin_url = make_url(server).set(drivername="postgresql+psycopg")
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()  # no connection is open in this process when a test forks
        yield admin_url.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()
