"""The journal the screens show: every decision, then what it did, as the seat may see it."""

from __future__ import annotations

from typing import Any

from towerplay.cli.narrate import Journal, Line, history, mark, since
from towerplay.cli.rtdt import build_game
from towerplay.core.narration import Event, event, plain


class Told:
    """A game that tells structured events (what `game.events` gives once narrated)."""

    def __init__(self, events: list[Event]) -> None:
        self.events = events

    @property
    def log(self) -> list[str]:
        return [e.text for e in self.events]

    def observe(self, seat: int) -> dict[str, Any]:  # pragma: no cover - never needed
        raise AssertionError("a game with events is read through its events")


def test_events_are_shown_only_to_the_seats_that_may_see_them() -> None:
    secret = event("draw", "{hero} draws {card}", seats=[1], to=[1], hero="Spymaster", card="X")
    loss = event(
        "loss", "{hero} loses {n} warriors", seats=[0], amounts={"warriors": -4}, hero="Scion", n=4
    )
    g = Told([plain("Month 1 begins."), secret, loss])
    assert [x.text for x in since(g, 0, 0)] == ["Month 1 begins.", "Scion loses 4 warriors"]
    assert [x.text for x in since(g, 1, 1)] == ["Spymaster draws X", "Scion loses 4 warriors"]
    assert [x.text for x in history(g, None)] == ["Month 1 begins.", "Scion loses 4 warriors"]
    assert since(g, 0, 2)[0].amounts == (("warriors", -4),)


def test_gains_are_green_losses_red_and_seen_lines_dim() -> None:
    gain = Line("gain", "+2 spirit", fresh=True).styled()
    loss = Line("loss", "-4 warriors", fresh=True).styled()
    own = Line("mine", "a kind of the game's own", (("gold", -3),), fresh=True).styled()
    old = Line("gain", "+2 spirit").styled()
    assert "green" in str(gain.spans[0].style) and "red" in str(loss.spans[0].style)
    assert "red" in str(own.spans[0].style)
    assert "dim" in str(old.spans[0].style)


def test_each_decision_is_written_before_what_it_did() -> None:
    g = Told([plain("Setup.")])
    j = Journal.start(g, 0)
    assert [x.fresh for x in j.lines] == [False]
    j.before(g, "seat 0 (Scion): move a")
    g.events.append(plain("Scion moves to A."))
    j.before(g, "AI seat 1 (Spymaster): battle brigands")
    g.events += [event("loss", "Spymaster loses {n} warriors", n=3), plain("Brigands defeated.")]
    new = j.catch_up(g, 0)
    assert [x.plain for x in new] == [
        "seat 0 (Scion): move a → Scion moves to A.",  # one outcome: on the decision's line
        "AI seat 1 (Spymaster): battle brigands",
        "Spymaster loses 3 warriors",
        "Brigands defeated.",
    ]
    assert all(x.fresh for x in j.lines[1:]) and not j.lines[0].fresh
    assert j.catch_up(g, 0) == [] and not any(x.fresh for x in j.lines)


def test_a_text_only_log_is_read_through_observe() -> None:
    g = build_game(1, [], "heroic", None, 4)
    start = mark(g)
    j = Journal.start(g, 0)
    action = g.legal_actions()[0]
    j.before(g, f"seat 0: {action}")
    g.apply(action)
    new = j.catch_up(g, 0)
    told = g.log[start:]
    assert new[0].head == f"seat 0: {action}" or new[0].text == f"seat 0: {action}"
    assert [x.text for x in new if x.kind != "action"] == told
