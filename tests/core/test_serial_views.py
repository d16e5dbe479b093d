"""core/serial's dump of read-only typed views (msgspec Structs): tuples become lists,
`tuple | int` unions are dumped as they are, and a `SHARED` part's JSON is made once."""

from __future__ import annotations

from typing import ClassVar

import pytest
from msgspec import Struct

from towerplay.core import serial


class Part(Struct, frozen=True):
    names: tuple[str, ...]
    pairs: tuple[tuple[str, int], ...]


class Whole(Struct, frozen=True):
    SHARED: ClassVar[frozenset[str]] = frozenset({"kept"})

    kept: Part
    fresh: Part
    hidden: tuple[str, ...] | int
    maybe: Part | None
    by_name: dict[str, Part]


def test_a_view_dumps_to_plain_json_in_field_order() -> None:
    p = Part(("a", "b"), (("x", 1),))
    w = Whole(p, p, ("c",), None, {"k": p})
    assert serial.dump(w) == {
        "kept": {"names": ["a", "b"], "pairs": [["x", 1]]},
        "fresh": {"names": ["a", "b"], "pairs": [["x", 1]]},
        "hidden": ["c"],
        "maybe": None,
        "by_name": {"k": {"names": ["a", "b"], "pairs": [["x", 1]]}},
    }
    assert list(serial.dump(w)) == list(Whole.__struct_fields__)
    assert serial.dump(Whole(p, p, 3, p, {}))["hidden"] == 3


def test_a_shared_part_is_dumped_once_while_it_is_the_same_object() -> None:
    p = Part(("a",), ())
    first, again = serial.dump(Whole(p, p, 0, None, {})), serial.dump(Whole(p, p, 0, None, {}))
    assert first["kept"] is again["kept"]  # made once
    assert first["fresh"] is not again["fresh"] and first["fresh"] == again["fresh"]
    other = serial.dump(Whole(Part(("a",), ()), p, 0, None, {}))
    assert other["kept"] is not first["kept"] and other["kept"] == first["kept"]


class Sparse(Struct, frozen=True):
    KEYS: ClassVar[dict[str, str]] = {"klass": "class"}
    OMITTED: ClassVar[frozenset[str]] = frozenset({"hand", "part"})

    seat: int
    klass: str
    hand: tuple[str, ...] | None = None
    part: Part | None = None
    last: int = 0


class Holder(Struct, frozen=True):
    inner: Sparse  # reached through a bound name: the omitted test must follow it


def test_an_omitted_field_has_no_key_while_none_and_a_key_may_be_renamed() -> None:
    assert serial.dump(Sparse(1, "rogue")) == {"seat": 1, "class": "rogue", "last": 0}
    full = serial.dump(Sparse(0, "cleric", ("heal",), Part((), ()), 2))
    assert full == {
        "seat": 0,
        "class": "cleric",
        "hand": ["heal"],
        "part": {"names": [], "pairs": []},
        "last": 2,
    }
    assert list(full) == ["seat", "class", "hand", "part", "last"]  # in field order
    assert serial.dump(Holder(Sparse(3, "fighter", ()))) == {
        "inner": {"seat": 3, "class": "fighter", "hand": [], "last": 0}  # () is not None
    }


def test_a_first_field_cannot_be_omitted() -> None:
    class Bad(Struct, frozen=True):
        OMITTED: ClassVar[frozenset[str]] = frozenset({"first"})

        first: int | None = None

    with pytest.raises(TypeError, match="first field"):
        serial.dump(Bad())
