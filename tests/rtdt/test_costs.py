"""What an action costs, said before it is taken (`Game.costs`, each verb's `price`): the
spirit its effect then charges."""

from __future__ import annotations

import random

import pytest

from towerplay.rtdt.game import RtdtGame, new_game

MODES = {
    "base": dict(players=2),
    "covenant": dict(players=2, expansion="covenant"),
    "competitive": dict(players=3, mode="competitive"),
}
PRICED = ("double", "banner", "cleanse", "battle", "quest", "explore", "reinforce", "trial")


def spirit(g: RtdtGame) -> int:
    return g.state.heroes[g.state.turn.seat].spirit


@pytest.mark.parametrize("mode", list(MODES))
def test_a_priced_action_is_affordable_and_charges_its_price(mode: str) -> None:
    """Every legal action's price is spirit the hero holds; taking `double`, or a glyph verb
    whose glyph faces the hero, takes at least that much from them at once (an effect
    may give some back after: a Cleanse's 2 spirit, RTDT-HEROIC-4)."""
    seen: dict[str, int] = {}
    for seed in range(4):
        g = new_game(seed=seed, **MODES[mode])  # type: ignore[arg-type]
        pick = random.Random(seed)
        for _ in range(500):
            if g.result is not None:
                break
            legal = g.legal_actions()
            for a in legal:
                cost = g.costs(a)
                assert set(cost) <= {"spirit"} and all(n > 0 for n in cost.values()), a
                assert cost.get("spirit", 0) <= spirit(g), (a, cost, spirit(g))
                assert a.verb in PRICED or not cost, (a, cost)
                if cost and a.verb == "double":
                    c = g.clone()
                    before = spirit(c)
                    c.apply(a)
                    assert before - spirit(c) == cost["spirit"], a
                if cost:
                    seen[a.verb] = seen.get(a.verb, 0) + 1
            g.apply(pick.choice(legal))
    assert seen.get("double"), seen


def test_no_cost_outside_the_turns_plain_step_and_for_text_that_fits_no_verb() -> None:
    g = new_game(seed=1, players=1)
    assert g.costs("double") == {"spirit": 1}
    assert g.costs("double now") == {} and g.costs("") == {} and g.costs("fly away") == {}
