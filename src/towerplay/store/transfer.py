"""A record and its action log as one JSON file: the export format, and its check on import.

    {"format": "towerplay.store.record", "format_version": 1,
     "record": {"id", "kind", "name", "created", "updated", "version", "summary", "document"},
     "actions": [{"version", "action", "actor", "at", "snapshot"}, ...]}

An import is checked whole before anything is written: every field, and that the log
holds exactly the actions 1..version. A bad field raises SaveError naming the file and the
field, as a bad save does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from towerplay.core.errors import SaveError
from towerplay.store.errors import StoreError
from towerplay.store.records import (
    MAX_ACTOR,
    MAX_KIND,
    MAX_NAME,
    LoggedAction,
    Record,
    to_json,
)

FORMAT = "towerplay.store.record"
FORMAT_VERSION = 1
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]{0,15}")


def export(record: Record, logged: list[LoggedAction]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "record": {
            "id": record.id,
            "kind": record.kind,
            "name": record.name,
            "created": record.created.isoformat(),
            "updated": record.updated.isoformat(),
            "version": record.version,
            "summary": record.summary,
            "document": record.document,
        },
        "actions": [
            {
                "version": a.version,
                "action": a.action,
                "actor": a.actor,
                "at": a.at.isoformat(),
                "snapshot": a.snapshot,
            }
            for a in logged
        ],
    }


def bad(source: str, field: str, message: str) -> SaveError:
    return SaveError(source, field, message)


def parse(data: Any, source: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The rows to insert: the record's (without its id's final choice) and its actions'."""
    top = _object(data, source, "(top)")
    if top.get("format") != FORMAT:
        raise bad(source, "format", f"expected {FORMAT!r}, got {top.get('format')!r}")
    version = _int(top.get("format_version"), source, "format_version")
    if version > FORMAT_VERSION:
        raise bad(
            source,
            "format_version",
            f"{version} is newer than this towerplay reads ({FORMAT_VERSION})",
        )
    rec = _object(top.get("record"), source, "record")
    rid = _text(rec.get("id"), source, "record.id", 16)
    if not ID_PATTERN.fullmatch(rid):
        raise bad(source, "record.id", f"{rid!r} is not a record id")
    head = {
        "id": rid,
        "kind": _text(rec.get("kind"), source, "record.kind", MAX_KIND),
        "name": _text(rec.get("name"), source, "record.name", MAX_NAME),
        "created": _time(rec.get("created"), source, "record.created"),
        "updated": _time(rec.get("updated"), source, "record.updated"),
        "version": _int(rec.get("version"), source, "record.version"),
        "summary": _json(rec.get("summary"), source, "record.summary"),
        "document": _json(rec.get("document"), source, "record.document"),
    }
    logged = top.get("actions")
    if not isinstance(logged, list):
        raise bad(source, "actions", f"expected a list, got {type(logged).__name__}")
    if len(logged) != head["version"]:
        raise bad(
            source,
            "actions",
            f"holds {len(logged)} actions, but the record is at version {head['version']}",
        )
    return head, [_action(a, i + 1, source) for i, a in enumerate(logged)]


def _action(data: Any, version: int, source: str) -> dict[str, Any]:
    where = f"actions[{version - 1}]"
    row = _object(data, source, where)
    if _int(row.get("version"), source, f"{where}.version") != version:
        raise bad(source, f"{where}.version", f"expected {version}, got {row.get('version')!r}")
    actor = row.get("actor")
    snapshot = row.get("snapshot")
    return {
        "version": version,
        "action": _text(row.get("action"), source, f"{where}.action", 10_000),
        "actor": None if actor is None else _text(actor, source, f"{where}.actor", MAX_ACTOR),
        "at": _time(row.get("at"), source, f"{where}.at"),
        "snapshot": None if snapshot is None else _json(snapshot, source, f"{where}.snapshot"),
    }


def _object(value: Any, source: str, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise bad(source, field, f"expected an object, got {type(value).__name__}")
    return value


def _json(value: Any, source: str, field: str) -> str:
    try:
        return to_json(_object(value, source, field), field)
    except StoreError as e:
        raise bad(source, field, str(e)) from None


def _int(value: Any, source: str, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise bad(source, field, f"expected a whole number >= 0, got {value!r}")
    return value


def _text(value: Any, source: str, field: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise bad(source, field, f"expected non-empty text of at most {limit} characters")
    return value


def _time(value: Any, source: str, field: str) -> str:
    """An ISO 8601 time with its UTC offset, stored in UTC as the store writes its own (so
    listings sort by it)."""
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise bad(source, field, f"expected an ISO 8601 time with a UTC offset, got {value!r}")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")
