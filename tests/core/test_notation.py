"""Actions and typed action records (core/notation.py): the text is the wire format, a
record is the same tokens with named, typed slots."""

from __future__ import annotations

import copy
import pickle

from hypothesis import given
from hypothesis import strategies as st

from towerplay.core.notation import Action, Record, parse
from towerplay.rtdt.records import Battle, End, Give, Reinforce, Room, TradeWith, Use

WORD = st.from_regex(r"[a-z][a-z_]{0,12}", fullmatch=True)


def test_a_record_is_its_tokens() -> None:
    b = Battle("brigands", "the_grass_sea")
    assert str(b) == "battle brigands the_grass_sea"
    assert b == parse("battle brigands the_grass_sea") and hash(b) == hash(parse(str(b)))
    assert (b.foe, b.space) == ("brigands", "the_grass_sea")
    assert b in [parse("battle brigands the_grass_sea")]
    assert repr(b) == "Battle('battle brigands the_grass_sea')"


def test_slots_are_typed_and_optional_ones_come_last() -> None:
    assert TradeWith(2).seat == 2 and str(TradeWith(2)) == "trade 2"
    assert Room(3).number == 3
    assert Reinforce("free").source is None and str(Reinforce("free")) == "reinforce free"
    r = Reinforce("enhanced", source="citadel_x")
    assert (r.option, r.source, str(r)) == ("enhanced", "citadel_x", "reinforce enhanced citadel_x")
    assert str(Give("warriors", 3)) == "give warriors 3" and Give("warriors", 3).amount == 3
    assert Give("azkols_banner").amount is None
    assert (End().skip, End(skip=True).skip, str(End(skip=True))) == (False, True, "end skip")
    assert Use("grigor").arg is None and Use("zaida", "rusted_crown").arg == "rusted_crown"


def test_of_takes_tokens_that_fit_and_refuses_others() -> None:
    assert TradeWith.of(parse("trade 1")) == TradeWith(1)
    assert type(TradeWith.of(parse("trade 1"))) is TradeWith
    for wrong in ("trade", "trade x", "trade 1 2", "move 1"):
        assert TradeWith.of(parse(wrong)) is None, wrong
    assert End.of(parse("end skip")) == End(skip=True)
    assert End.of(parse("end now")) is None  # a flag is its own word
    assert Reinforce.of(parse("reinforce free a b")) is None
    assert Battle.of(parse("battle brigands")) is None


def test_copy_and_pickle_keep_the_type_and_the_tokens() -> None:
    for a in (Reinforce("free", "x"), End(skip=True), TradeWith(1), parse("move a_b")):
        for back in (copy.deepcopy(a), copy.copy(a), pickle.loads(pickle.dumps(a))):
            assert back == a and type(back) is type(a) and str(back) == str(a)


def test_a_plain_action_survives_a_deep_copy() -> None:
    # tuple's own copy protocol handed the tokens back as one argument: "('move', 'x')"
    assert str(copy.deepcopy(Action("move", "x"))) == "move x"


class Pair(Record, verb="pair"):
    __slots__ = ()
    left: str
    right: int | None = None


@given(WORD, st.none() | st.integers(0, 99))
def test_any_record_round_trips_through_its_text(left: str, right: int | None) -> None:
    a = Pair(left, right)
    back = Pair.of(parse(str(a)))
    assert back is not None and back == a and (back.left, back.right) == (left, right)
    assert Pair.__match_args__ == ("left", "right")
