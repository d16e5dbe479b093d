"""A record's key: what opens a stored campaign from outside the store (store/keys.py)."""

from __future__ import annotations

from pathlib import Path

from towerplay.store import Store, open_store
from towerplay.store.keys import KEY_LENGTH, SECRET_KIND, opens, record_key


def test_a_key_opens_its_own_record_only_and_is_not_the_id(store: Store) -> None:
    a = store.create("tactics-campaign", "a", {}, {}).id
    b = store.create("tactics-campaign", "b", {}, {}).id
    ka, kb = record_key(store, a), record_key(store, b)
    assert len(ka) == KEY_LENGTH and ka != kb and a not in ka
    assert opens(store, a, ka) and opens(store, a, f" {ka.upper()} ")
    assert not opens(store, a, kb) and not opens(store, a, "") and not opens(store, a, "é" * 9)
    assert record_key(store, a) == ka  # the same secret every time


def test_every_process_on_a_store_gives_the_same_key(tmp_path: Path) -> None:
    db = str(tmp_path / "keys.db")
    with open_store(db) as one, open_store(db) as two:
        rid = one.create("tactics-campaign", "c", {}, {}).id
        assert record_key(one, rid) == record_key(two, rid)
        # two secrets made at once (two processes asking first): the first made wins
        two.create(SECRET_KIND, "a second secret", {"secret": "0" * 64}, {})
        assert record_key(one, rid) == record_key(two, rid)
        assert len(one.list(SECRET_KIND)) == 2


def test_two_stores_give_different_keys(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "a.db")) as a, open_store(str(tmp_path / "b.db")) as b:
        assert record_key(a, "same22") != record_key(b, "same22")
