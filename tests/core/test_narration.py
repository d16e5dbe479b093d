"""Events: their text, who sees them, and their round trip through the serializer."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from towerplay.core import serial
from towerplay.core.errors import SaveError
from towerplay.core.narration import Event, Told, event, plain
from towerplay.core.replay import Chain


@dataclass(slots=True)
class Holder:
    log: Chain[Event] = field(default_factory=Chain)


def test_event_text_fills_the_template_and_keeps_the_amounts() -> None:
    e = event(
        "loss",
        "{hero} loses {n} warriors",
        seats=(1,),
        amounts={"warriors": -4},
        hero="The Spymaster",
        n=4,
    )
    assert e.text == "The Spymaster loses 4 warriors"
    assert e.view()["amounts"] == {"warriors": -4}
    assert e.view()["args"] == {"hero": "The Spymaster", "n": "4"}


def test_a_plain_line_is_literal() -> None:
    assert plain("a {brace} stays").text == "a {brace} stays"


def test_private_events_are_seen_only_by_their_seats() -> None:
    e = event("draw", "You draw {card}", to=(2,), card="Ironroot")
    assert e.seen_by(2) and not e.seen_by(0) and not e.seen_by(None)
    assert event("text", "public").seen_by(None)


def test_a_log_of_events_saves_loads_and_clones() -> None:
    h = Holder()
    h.log = h.log.add(
        event("cost", "{hero} pays {n} spirit", amounts={"spirit": -2}, hero="x", n=2)
    ).add(plain("hello"))
    raw = serial.dump(h)
    back = serial.Loader("save.json", {}).load(Holder, raw)
    assert back.log.to_list() == h.log.to_list()
    assert serial.clone(h).log is h.log


def test_a_told_node_reads_as_the_event_its_parts_make() -> None:
    log = Told(
        "loss",
        "{hero} loses {n} warriors",
        {"hero": "x", "n": 4},
        (1,),
        (("warriors", -4),),
        None,
        Chain(),
    )
    log = Told("draw", "You draw {card}", {"card": "Rune"}, (1,), (), (1,), log).add(plain("hi"))
    first = log.rest.head  # type: ignore[union-attr]
    assert first == event("draw", "You draw {card}", seats=(1,), to=(1,), card="Rune")
    assert log.rest.head is first  # type: ignore[union-attr]  # made once, then the same
    assert [e.text for e in log.to_list()] == ["x loses 4 warriors", "You draw Rune", "hi"]
    assert log.to_list()[0].args == (("hero", "x"), ("n", "4"))  # numbers become text
    h = Holder(log)
    back = serial.Loader("save.json", {}).load(Holder, serial.dump(h))
    assert back.log.to_list() == h.log.to_list() and len(back.log) == 3


def test_a_bad_event_names_its_field() -> None:
    with pytest.raises(SaveError, match=r"log\[0\]\.msg: missing"):
        serial.Loader("save.json", {}).load(Holder, {"log": [{"kind": "text"}]})
