"""What the log says is worded for people (issue 33): no id, the right number, and names
with or without "the" as they are said."""

from __future__ import annotations

import re

import pytest

from towerplay.agents.random import RandomAgent
from towerplay.rtdt.game import new_game
from towerplay.rtdt.world import get_world

ADVERSARIES = sorted(get_world().content.adversaries)


def played_log(seed: int, **options: object) -> list[str]:
    g = new_game(players=2, seed=seed, **options)
    agents = [RandomAgent(seed * 10 + i) for i in range(2)]
    while g.result is None:
        seat = g.to_act
        assert seat is not None
        g.apply(agents[seat].act(g))
    return g.log


@pytest.mark.parametrize("adversary", ADVERSARIES)
def test_an_adversarys_name_is_said_as_it_is_said_and_nothing_is_an_id(adversary: str) -> None:
    w = get_world()
    adv = w.content.adversaries[adversary]
    lines = [line for seed in range(4) for line in played_log(seed, adversary=adversary)]
    text = "\n".join(lines)
    if adv.proper:  # "Isa the Exile strikes", "the strike of Gravemaw"
        assert f"The {adv.name}" not in text and f"the {adv.name}" not in text
    assert adv.name in text  # the Tower acted, by name
    assert not re.search(r"\b1 warriors\b", text)  # one warrior
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), re.findall(r"\b[a-z]+_[a-z_]+\b", text)
    for line in lines:
        if "comes off" in line:
            assert re.search(r"The seal of the (top|middle|bottom) drum facing \w+ comes off", line)


def test_the_foe_groups_move_and_strike_in_the_plural() -> None:
    text = "\n".join(
        line
        for seed in range(6)
        for line in played_log(seed, foes=("brigands", "frost_trolls", "titans"))
    )
    assert "The Titans" in text
    assert not re.search(r"The Titans[^.]* (moves|strikes|stays)\b", text)
