"""The plain data the store hands out, and the checks on what it is handed.

An `Entry` is what a listing shows: the record without its document. A `Record` adds the
current document. A `LoggedAction` is one row of a record's action log: the change that
made one version out of the one before.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from towerplay.store.errors import StoreError

Document = dict[str, Any]

# Ids are short enough to type: six letters and digits without the look-alikes 0 o 1 l i.
ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
ID_LENGTH = 6
MAX_KIND = 64
MAX_NAME = 200
MAX_ACTOR = 64


@dataclass(frozen=True, slots=True)
class Entry:
    """A record as a listing shows it."""

    id: str
    kind: str
    name: str
    created: datetime
    updated: datetime
    version: int
    summary: Document


@dataclass(frozen=True, slots=True)
class Record(Entry):
    """A record with its current document."""

    document: Document


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One change of a record: `version` is the record's version it produced (1 for the
    first change), `action` the action's text, `actor` who made it (a seat, a player, an
    agent), `snapshot` the document after it when the change asked to keep one."""

    record_id: str
    version: int
    action: str
    actor: str | None
    at: datetime
    snapshot: Document | None


def new_id() -> str:
    """A fresh record id; uniqueness is checked by the database's key, not here."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def to_json(value: Mapping[str, Any], what: str) -> str:
    """A document or summary as compact JSON text; its key order is kept."""
    if not isinstance(value, Mapping):
        raise StoreError(f"{what} must be a JSON object, not {type(value).__name__}")
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as e:
        raise StoreError(f"{what} is not JSON: {e}") from None


def from_json(text: str) -> Document:
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


def check_text(value: object, what: str, limit: int) -> str:
    """A kind, name or actor: non-empty text of at most `limit` characters."""
    if not isinstance(value, str) or not value.strip():
        raise StoreError(f"{what} must be non-empty text, not {value!r}")
    if len(value) > limit:
        raise StoreError(f"{what} is {len(value)} characters long; at most {limit} fit")
    return value
