"""A key that opens one record from outside the store: a keyed hash of the record's id with
a secret the store keeps for itself.

A campaign made in the terminal belongs to whoever holds the store; a server over the same
store opens it at a browser table only for someone who brings its key, which the terminal
prints to its owner (`towerplay campaign key ID`). The key cannot be guessed from the id, and
anyone who can read the secret can read the campaign itself anyway. The secret is a record
of its own kind, made the first time a key is asked for; if two processes make one at once,
both then use the one made first, so every key agrees.
"""

from __future__ import annotations

import hmac
import secrets

from towerplay.store.store import Store

SECRET_KIND = "store-secret"
KEY_LENGTH = 16  # hexadecimal digits: 64 bits


def store_secret(store: Store) -> str:
    """The store's secret, made the first time it is asked for."""
    found = _first(store)
    if found is None:
        store.create(SECRET_KIND, "the store's secret", {"secret": secrets.token_hex(32)}, {})
        found = _first(store)
    assert found is not None
    return found


def _first(store: Store) -> str | None:
    made = sorted(store.list(SECRET_KIND), key=lambda e: (e.created, e.id))
    return None if not made else str(store.get(made[0].id).document["secret"])


def record_key(store: Store, record_id: str) -> str:
    """The key that opens `record_id` from outside the store."""
    digest = hmac.new(store_secret(store).encode(), record_id.encode(), "sha256").hexdigest()
    return digest[:KEY_LENGTH]


def opens(store: Store, record_id: str, key: str) -> bool:
    """Whether `key` is `record_id`'s key (compared in constant time)."""
    given = key.strip().lower()[:64].encode()
    return hmac.compare_digest(record_key(store, record_id).encode(), given)
