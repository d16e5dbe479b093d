"""What can go wrong with the store, each named for the record or the file it concerns.

A file that is not a store, a record that is not there, a change made on top of an old
version: the user can cause each one and read from the message what to do. A bad import
file is a `SaveError` (core/errors.py), like a bad save: it names the file and the field.
"""

from __future__ import annotations

from towerplay.core.errors import TowerplayError


class StoreError(TowerplayError):
    """The store cannot do what was asked: a file that will not open, an unknown record,
    a name that is not allowed. Nothing was written."""


class UnknownRecord(StoreError):
    """No record has this id (never made, or deleted)."""

    def __init__(self, location: str, record_id: str) -> None:
        super().__init__(f"{location}: no record has the id {record_id!r}")
        self.location = location
        self.record_id = record_id


class StaleVersion(StoreError):
    """A change was made on top of a version that is no longer the current one: another
    process (or another screen) changed the record first. Nothing was written; read the
    record again and decide anew."""

    def __init__(self, record_id: str, expected: int, current: int) -> None:
        super().__init__(
            f"record {record_id!r} is at version {current}, not {expected}: "
            "it was changed elsewhere; nothing was written, read it again"
        )
        self.record_id = record_id
        self.expected = expected
        self.current = current
