"""The rule-based player in the effect vocabulary's questions: "lose A or B" takes the
cheapest option given what the hero holds; a paid trade is paid when it is worth it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.rtdt.scenario import give, scenario
from tests.rtdt.test_dungeon_rooms import delve
from towerplay.agents.heuristic import HeuristicAgent
from towerplay.core.notation import Action
from towerplay.rtdt.models import Gain, Lose, MayPay
from towerplay.rtdt.rules.effects import run


@pytest.fixture(autouse=True)
def strict() -> Iterator[None]:
    HeuristicAgent.strict = True
    try:
        yield
    finally:
        HeuristicAgent.strict = False


def test_lose_a_or_b_takes_what_the_hero_can_best_spare() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=3, gear=["longswords", "dusky_cloaks"])
    delve(g, "cave", "cave_jaryx_lair")  # lose 9 warriors or 2 gear
    assert HeuristicAgent(1).act(g) == Action("option", "2")  # 9 warriors it does not have
    g = scenario(["spymaster"])
    give(g, 0, warriors=30)
    g.hero(0).gear.clear()
    delve(g, "cave", "cave_jaryx_lair")
    assert HeuristicAgent(1).act(g) == Action("option", "1")  # no gear: a corruption


def test_a_paid_trade_is_paid_when_worth_it() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=0, potions=g.state.potion_deck[:1])
    delve(g, "ruins", "ruins_mysterious_pool", improve=True)  # 1 potion for 4 spirit
    assert HeuristicAgent(1).act(g) == Action("pay")
    g = scenario(["spymaster"])
    give(g, 0, warriors=12)
    bad = MayPay(
        op="may_pay",
        pay=[Lose(op="lose", resource="warriors", amount=10)],
        gain=[Gain(op="gain", resource="warriors", amount=1)],
    )
    run(g.world, g.state, g.hero(0), [bad], "a bad bargain")
    g._legal = None
    assert HeuristicAgent(1).act(g) == Action("decline")
