"""The store: JSON documents kept by id, each with the log of the actions that changed it.

The store knows nothing about any game. A game (or a campaign) hands it a document, a
summary and the text of each action; the store keeps them so that killing the process at
any moment loses at most the change being made: every change is one transaction holding
both the new document and its action row. Two processes on one database cannot both make
the same change: `commit` names the version it builds on, and a change on top of an old
version is refused (`StaleVersion`) instead of overwriting the other one.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, Row, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, SQLAlchemyError

from towerplay.store import transfer
from towerplay.store.connect import WRITE, is_sqlite, make_engine, resolve
from towerplay.store.errors import StaleVersion, StoreError, UnknownRecord
from towerplay.store.records import (
    MAX_ACTOR,
    MAX_KIND,
    MAX_NAME,
    Document,
    Entry,
    LoggedAction,
    Record,
    check_text,
    from_json,
    new_id,
    now,
    parse_time,
    to_json,
)
from towerplay.store.schema import actions, ensure_schema, records

ID_ATTEMPTS = 8  # fresh ids tried before giving up (a clash is one in 887 million)

# The statements every action runs, built once: building one costs more than running it.
_ENTRY_COLUMNS = [c for c in records.c if c.name != "document"]
_VERSION = select(records.c.version).where(records.c.id == bindparam("rid"))
_ENTRY = select(*_ENTRY_COLUMNS).where(records.c.id == bindparam("rid"))
_WHERE = (records.c.id == bindparam("rid"), records.c.version == bindparam("expected"))
_BUMP = (
    update(records)
    .where(*_WHERE)
    .values(version=bindparam("new"), summary=bindparam("summary"), updated=bindparam("at"))
)
_BUMP_AND_REPLACE = (
    update(records)
    .where(*_WHERE)
    .values(
        version=bindparam("new"),
        summary=bindparam("summary"),
        updated=bindparam("at"),
        document=bindparam("document"),
    )
)
_LOG = insert(actions).values(
    record_id=bindparam("rid"),
    version=bindparam("new"),
    action=bindparam("action"),
    actor=bindparam("actor"),
    at=bindparam("at"),
    snapshot=bindparam("snapshot"),
)


@dataclass(frozen=True, slots=True)
class Change:
    """One commit, checked and turned to text before any transaction starts."""

    record_id: str
    expected_version: int
    action: str
    document: str | None  # None: the document stays as it is (Store.append)
    summary: str
    actor: str | None
    snapshot: bool
    at: str  # when, as the table keeps it (ISO 8601, UTC)


def prepare(
    record_id: str,
    expected_version: int,
    action: str,
    document: Mapping[str, Any] | None,
    summary: Mapping[str, Any],
    actor: str | None = None,
    snapshot: bool = False,
) -> Change:
    """A commit's parts checked (StoreError naming the bad one) and its JSON written; a
    `document` of None keeps the record's document as it is."""
    check_text(action, "the action", 10_000)
    if actor is not None:
        check_text(actor, "the actor", MAX_ACTOR)
    text = None if document is None else to_json(document, "the document")
    return Change(
        record_id,
        expected_version,
        action,
        text,
        to_json(summary, "the summary"),
        actor,
        snapshot and text is not None,
        now(),
    )


def open_store(url: str | None = None, synchronous: str = "FULL") -> Store:
    """Open (and on first use create) a store. None: `towerplay.db` in the user's data
    folder; a plain path: a SQLite file there; a `sqlite:///...` or `postgresql://...`
    URL: that database. `synchronous` is SQLite's: FULL (a commit survives a power cut) or
    NORMAL (it survives a killed process; docs/store.md). Raises StoreError naming the file
    when it cannot be opened."""
    sa_url, location = resolve(url)
    try:
        engine = make_engine(sa_url, synchronous)
    except ArgumentError as e:
        raise StoreError(f"{location}: not a database towerplay can open: {e}") from None
    except ImportError as e:
        raise StoreError(
            f"{location}: its database driver is not installed ({e.name}); "
            "for PostgreSQL install towerplay[postgres]"
        ) from None
    return Store(engine, location)


class Store:
    """One open store. Every method is one transaction; a Store may be shared by threads."""

    def __init__(self, engine: Engine, location: str) -> None:
        self.location = location
        self._engine = engine
        try:
            with self._write(doing="cannot open the store") as conn:
                ensure_schema(conn, location, is_sqlite(engine))
        except BaseException:
            engine.dispose()
            raise

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- reading --------------------------------------------------------------------

    def get(self, record_id: str) -> Record:
        with self._read() as conn:
            return self._read_record(conn, record_id)

    def version(self, record_id: str) -> int:
        """The record's version alone: a cheap look at whether it changed."""
        with self._read() as conn:
            return self._version(conn, record_id)

    def versions(self, record_ids: Sequence[str]) -> dict[str, int]:
        """The versions of several records in one query (a record that does not exist is
        left out): how a server looks at once at every table its pages are open on."""
        if not record_ids:
            return {}
        query = select(records.c.id, records.c.version).where(records.c.id.in_(record_ids))
        with self._read() as conn:
            return {str(rid): int(v) for rid, v in conn.execute(query).all()}

    def list(
        self,
        kind: str | None = None,
        *,
        prefix: str | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> builtins.list[Entry]:
        """Every record (or every one of a kind, or of the kinds starting with `prefix`),
        the most recently changed first; `offset` and `limit` take one page of them."""
        query = select(*[c for c in records.c if c.name != "document"])
        if kind is not None:
            query = query.where(records.c.kind == kind)
        if prefix is not None:
            query = query.where(records.c.kind.startswith(prefix, autoescape=True))
        query = query.order_by(records.c.updated.desc(), records.c.id).offset(offset)
        if limit is not None:
            query = query.limit(limit)
        with self._read() as conn:
            rows = conn.execute(query).all()
        return [_entry(row) for row in rows]

    def count(self, prefix: str) -> int:
        """How many records there are of the kinds starting with `prefix`."""
        query = select(func.count()).where(records.c.kind.startswith(prefix, autoescape=True))
        with self._read() as conn:
            return int(conn.execute(query).scalar_one())

    def actions(self, record_id: str, after: int = 0) -> builtins.list[LoggedAction]:
        """The record's action log, oldest first; only the versions above `after` when
        given (what to replay on a document kept at version `after`)."""
        with self._read() as conn:
            self._version(conn, record_id)
            rows = conn.execute(
                select(actions)
                .where(actions.c.record_id == record_id, actions.c.version > after)
                .order_by(actions.c.version)
            ).all()
        return [_logged(row) for row in rows]

    # -- changing -------------------------------------------------------------------

    def create(
        self, kind: str, name: str, document: Mapping[str, Any], summary: Mapping[str, Any]
    ) -> Record:
        """A new record at version 0, with an empty action log."""
        row = {
            "kind": check_text(kind, "the kind", MAX_KIND),
            "name": check_text(name, "the name", MAX_NAME),
            "document": to_json(document, "the document"),
            "summary": to_json(summary, "the summary"),
            "version": 0,
        }
        stamp = now()
        row |= {"created": stamp, "updated": stamp}
        return self._insert_fresh(
            lambda conn, rid: conn.execute(insert(records).values({**row, "id": rid}))
        )

    def commit(
        self,
        record_id: str,
        expected_version: int,
        action: str,
        document: Mapping[str, Any],
        summary: Mapping[str, Any],
        actor: str | None = None,
        snapshot: bool = False,
    ) -> Record:
        """Replace the document by the one `action` made of version `expected_version`,
        and log the action, in one transaction. Raises StaleVersion, writing nothing, when
        the record is no longer at `expected_version`. `snapshot` keeps a copy of the new
        document in the action row (for a history that can be looked at without replay)."""
        change = prepare(record_id, expected_version, action, document, summary, actor, snapshot)
        with self._write() as conn:
            self._change(conn, change)
            return self._read_record(conn, record_id)

    def append(
        self,
        record_id: str,
        expected_version: int,
        action: str,
        summary: Mapping[str, Any],
        document: Mapping[str, Any] | None = None,
        actor: str | None = None,
        snapshot: bool = False,
    ) -> Entry:
        """Log `action` as the next version, as `commit` does, but replace the document only
        when one is given: else the document stays the last one given, a snapshot on which
        its owner replays the actions logged after it (docs/store.md). `snapshot` keeps a
        copy of a given document in the action row too (a history to replay from). Returns
        the entry; the document is not read back."""
        change = prepare(record_id, expected_version, action, document, summary, actor, snapshot)
        with self._write() as conn:
            return self._change(conn, change)

    def commit_many(self, changes: Sequence[Change]) -> builtins.list[Entry | StaleVersion]:
        """Several changes (made by `prepare`) in one transaction, so one flush to disk for
        them all: a group commit (docs/store.md). Each change is made whole or not at all in
        a savepoint of its own; one on top of an old version comes back as its StaleVersion,
        written nothing, and the others are made. A database failure fails them all."""
        out: builtins.list[Entry | StaleVersion] = []
        with self._write() as conn:
            for change in changes:
                point = conn.begin_nested()
                try:
                    out.append(self._change(conn, change))
                    point.commit()
                except StaleVersion as e:
                    point.rollback()
                    out.append(e)
        return out

    def commit_together(self, changes: Sequence[Change]) -> builtins.list[Entry]:
        """Several changes to different records made all or none, in one transaction: a
        campaign table's action and the campaign it keeps (docs/store.md). One on top of an
        old version raises its StaleVersion and nothing at all is written."""
        with self._write() as conn:
            return [self._change(conn, change) for change in changes]

    def _change(self, conn: Connection, c: Change) -> Entry:
        values = {
            "rid": c.record_id,
            "expected": c.expected_version,
            "new": c.expected_version + 1,
            "summary": c.summary,
            "at": c.at,
        }
        if c.document is None:
            done = conn.execute(_BUMP, values)
        else:
            done = conn.execute(_BUMP_AND_REPLACE, values | {"document": c.document})
        if done.rowcount != 1:
            raise StaleVersion(c.record_id, c.expected_version, self._version(conn, c.record_id))
        conn.execute(
            _LOG,
            values
            | {
                "action": c.action,
                "actor": c.actor,
                "snapshot": c.document if c.snapshot else None,
            },
        )
        return _entry(conn.execute(_ENTRY, {"rid": c.record_id}).one())

    def rename(self, record_id: str, name: str) -> Record:
        """A new name; the document, its version and the action log stay as they are."""
        check_text(name, "the name", MAX_NAME)
        with self._write() as conn:
            self._version(conn, record_id)
            conn.execute(
                update(records).where(records.c.id == record_id).values(name=name, updated=now())
            )
            return self._read_record(conn, record_id)

    def delete(self, record_id: str) -> None:
        """The record and its action log, gone."""
        with self._write() as conn:
            self._version(conn, record_id)
            conn.execute(delete(actions).where(actions.c.record_id == record_id))
            conn.execute(delete(records).where(records.c.id == record_id))

    # -- export and import ----------------------------------------------------------

    def export_record(self, record_id: str) -> dict[str, Any]:
        """The record and its whole action log as one JSON-ready dict (transfer.py)."""
        with self._read() as conn:
            row = conn.execute(select(records).where(records.c.id == record_id)).first()
            if row is None:
                raise UnknownRecord(self.location, record_id)
            # Read after the record, so a change committed in between is left out whole.
            logged = conn.execute(
                select(actions)
                .where(actions.c.record_id == record_id, actions.c.version <= row.version)
                .order_by(actions.c.version)
            ).all()
        return transfer.export(_record(row), [_logged(a) for a in logged])

    def import_record(
        self,
        data: Mapping[str, Any],
        validate: Callable[[Document], None] | None = None,
        kind: str | None = None,
        source: str = "<import>",
    ) -> Record:
        """A record from `export_record`'s dict, under its own id when that is free, else
        under a fresh one (an import never replaces a record). `validate` is the game's
        check of the document; `kind`, when given, is the only kind accepted. A file that
        fails any check raises (SaveError naming `source` and the field, or whatever
        `validate` raises) and nothing is written."""
        head, logged = transfer.parse(data, source)
        if kind is not None and head["kind"] != kind:
            raise transfer.bad(source, "record.kind", f"expected {kind!r}, got {head['kind']!r}")
        if validate is not None:
            validate(from_json(head["document"]))

        def put(conn: Connection, rid: str) -> None:
            conn.execute(insert(records).values(head | {"id": rid}))
            if logged:
                conn.execute(insert(actions), [row | {"record_id": rid} for row in logged])

        return self._insert_fresh(put, prefer=head["id"])

    # -- transactions ---------------------------------------------------------------

    def _insert_fresh(
        self, put: Callable[[Connection, str], object], prefer: str | None = None
    ) -> Record:
        """Run `put` with an id no record has, in one write transaction: `prefer` if free,
        else fresh ones. A clash with another process's insert of the same id moves on to
        the next id."""
        candidates = ([prefer] if prefer else []) + [new_id() for _ in range(ID_ATTEMPTS)]
        for rid in candidates:
            try:
                with self._write() as conn:
                    taken = conn.execute(select(records.c.id).where(records.c.id == rid)).first()
                    if taken is None:
                        put(conn, rid)
                        return self._read_record(conn, rid)
            except StoreError as e:
                if not isinstance(e.__cause__, IntegrityError):
                    raise
        raise StoreError(f"{self.location}: no free record id found in {len(candidates)} tries")

    def _read_record(self, conn: Connection, record_id: str) -> Record:
        row = conn.execute(select(records).where(records.c.id == record_id)).first()
        if row is None:
            raise UnknownRecord(self.location, record_id)
        return _record(row)

    def _version(self, conn: Connection, record_id: str) -> int:
        version = conn.execute(_VERSION, {"rid": record_id}).scalar_one_or_none()
        if version is None:
            raise UnknownRecord(self.location, record_id)
        return int(version)

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._guard(), self._engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self, doing: str = "cannot use the store") -> Iterator[Connection]:
        with (
            self._guard(doing),
            self._engine.connect() as conn,
            conn.execution_options(**{WRITE: True}).begin(),
        ):
            yield conn

    @contextmanager
    def _guard(self, doing: str = "cannot use the store") -> Iterator[None]:
        """A database failure (a corrupt or locked file, a lost server) as a StoreError
        naming the store; the transaction it happened in was rolled back."""
        try:
            yield
        except IntegrityError as e:
            raise StoreError(f"{self.location}: refused by the database: {e.orig}") from e
        except DBAPIError as e:
            raise StoreError(f"{self.location}: {doing}: {e.orig}") from e
        except SQLAlchemyError as e:
            raise StoreError(f"{self.location}: {doing}: {e}") from e


def _entry(row: Row[Any]) -> Entry:
    return Entry(
        id=row.id,
        kind=row.kind,
        name=row.name,
        created=parse_time(row.created),
        updated=parse_time(row.updated),
        version=row.version,
        summary=from_json(row.summary),
    )


def _record(row: Row[Any]) -> Record:
    entry = _entry(row)
    return Record(
        id=entry.id,
        kind=entry.kind,
        name=entry.name,
        created=entry.created,
        updated=entry.updated,
        version=entry.version,
        summary=entry.summary,
        document=from_json(row.document),
    )


def _logged(row: Row[Any]) -> LoggedAction:
    return LoggedAction(
        record_id=row.record_id,
        version=row.version,
        action=row.action,
        actor=row.actor,
        at=parse_time(row.at),
        snapshot=None if row.snapshot is None else from_json(row.snapshot),
    )
