"""The store's three tables, and the check made on every open.

`schema_version` holds one row: the layout version of the other two. A store written by a
newer towerplay is refused rather than misread; an older one would be migrated here (there
is none yet: version 1 is the first).
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Connection,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    inspect,
    select,
)

from towerplay.store.errors import StoreError

SCHEMA_VERSION = 1
STORE_NAME = "towerplay.store"

metadata = MetaData()

schema_version = Table(
    "schema_version",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("version", Integer, nullable=False),
)

records = Table(
    "records",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("kind", String(64), nullable=False, index=True),
    Column("name", String(200), nullable=False),
    Column("created", String(40), nullable=False),  # ISO 8601, UTC
    Column("updated", String(40), nullable=False),
    Column("version", Integer, nullable=False),  # the number of actions logged
    Column("document", Text, nullable=False),  # JSON object
    Column("summary", Text, nullable=False),  # JSON object, small: what a listing shows
)

actions = Table(
    "actions",
    metadata,
    Column(
        "record_id",
        String(16),
        ForeignKey("records.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    # The record's version this action produced; the key makes a doubled action impossible.
    Column("version", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("actor", String(64), nullable=True),
    Column("at", String(40), nullable=False),
    Column("snapshot", Text, nullable=True),  # the document after this action, when kept
)

OUR_TABLES = frozenset(t.name for t in metadata.sorted_tables)


def ensure_schema(conn: Connection, location: str, sqlite: bool) -> None:
    """Create the tables in an empty database, or check that an existing one is a store
    this code can read. Runs inside the caller's write transaction, so two processes
    opening a new file at once do not both create it."""
    names = set(inspect(conn).get_table_names())
    if "schema_version" not in names:
        # A SQLite file is the store's alone; a PostgreSQL database may hold other tables.
        foreign = names if sqlite else names & OUR_TABLES
        if foreign:
            raise StoreError(
                f"{location}: not a towerplay store (it has the tables "
                f"{', '.join(sorted(foreign))} but no schema version)"
            )
        metadata.create_all(conn)
        conn.execute(schema_version.insert().values(name=STORE_NAME, version=SCHEMA_VERSION))
        return
    found = conn.execute(
        select(schema_version.c.version).where(schema_version.c.name == STORE_NAME)
    ).scalar_one_or_none()
    if found is None:
        raise StoreError(f"{location}: not a towerplay store (its schema version is missing)")
    if found > SCHEMA_VERSION:
        raise StoreError(
            f"{location}: the store has schema version {found}, newer than this towerplay "
            f"reads ({SCHEMA_VERSION}); open it with a newer towerplay"
        )
    if found < 1:
        raise StoreError(f"{location}: the store's schema version {found} is not valid")
