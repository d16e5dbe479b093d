"""Persistence for every game and campaign: JSON documents with their action logs.

SQLite by default (one file in the user's data folder), PostgreSQL by URL, both through
SQLAlchemy Core. The store imports no game: a game hands it documents and action texts and
checks a document on import through a callback. docs/store.md describes the records, the
transactions and the export format.
"""

from towerplay.store.errors import StaleVersion, StoreError, UnknownRecord
from towerplay.store.records import Document, Entry, LoggedAction, Record
from towerplay.store.store import Store, open_store

__all__ = [
    "Document",
    "Entry",
    "LoggedAction",
    "Record",
    "StaleVersion",
    "Store",
    "StoreError",
    "UnknownRecord",
    "open_store",
]
