"""Every action the Return to Dark Tower engine offers is a typed record (rtdt/records.py),
its text round-trips to an equal record, and text is applied as the offered record."""

from __future__ import annotations

import random

import pytest

from towerplay.core.notation import Record, parse
from towerplay.rtdt.game import RtdtGame, new_game

MODES = {
    "base": dict(players=2),
    "base4": dict(players=4),
    "covenant": dict(players=2, expansion="covenant"),
    "covenant1": dict(players=1, expansion="covenant"),
    "competitive": dict(players=3, mode="competitive"),
}


def _check(g: RtdtGame, kinds: set[str]) -> None:
    for a in g.legal_actions():
        assert isinstance(a, Record), f"{a!r} is offered untyped"
        kinds.add(type(a).__name__)
        back = type(a).of(parse(str(a)))
        assert back == a and type(back) is type(a) and str(back) == str(a), a


@pytest.mark.parametrize("mode", list(MODES))
def test_every_offered_action_is_a_record_that_round_trips(mode: str) -> None:
    kinds: set[str] = set()
    steps = 0
    for seed in range(4):
        g = new_game(seed=seed, **MODES[mode])  # type: ignore[arg-type]
        pick = random.Random(seed)
        while g.result is None and steps < 1500:
            _check(g, kinds)
            a = pick.choice(g.legal_actions())
            if pick.random() < 0.5:  # as text, the way a screen or a replay sends it
                g.apply(str(a))
            else:
                g.apply(a)
            steps += 1
    # the games meet the turn's verbs, a Battle and the questions, not only moves
    assert {"Move", "End", "Battle"} <= kinds, kinds
    assert len(kinds) >= 10, kinds


def test_text_is_applied_as_the_offered_record() -> None:
    g = new_game(seed=3, players=2)
    before = g.legal_actions()
    text = str(next(a for a in before if a.verb == "move"))
    g2 = g.clone()
    g.apply(text)
    g2.apply(next(a for a in before if str(a) == text))
    assert g.state.history.to_list() == g2.state.history.to_list()
    assert g.observe(0) == g2.observe(0)
