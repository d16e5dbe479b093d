from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from towerplay.store import Store, open_store
from towerplay.web.tables import Tables

from ..store.conftest import pg_url  # noqa: F401 - the PostgreSQL tests' database, shared


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(str(tmp_path / "web.db")) as s:
        yield s


@pytest.fixture
def tables(store: Store) -> Tables:
    return Tables(store)
