"""The heuristic agent's answers to choices inside effects: "lose A or B" takes the option
that costs this hero least given what it holds; "you may pay X to gain Y" pays when the
gain is worth more than the price."""

from __future__ import annotations

import functools
import json
from types import SimpleNamespace
from typing import Any

from towerplay.agents.rtdt.assess import effects_cost
from towerplay.agents.rtdt.table import options_of
from towerplay.agents.rtdt.values import verb_of
from towerplay.agents.rtdt.view import View
from towerplay.core.notation import Action
from towerplay.rtdt.seat_view import DecisionView


@functools.lru_cache(maxsize=256)
def option_effects(text: str) -> tuple[Any, ...]:
    """A question's option (effects as JSON text with every field), read once into objects
    with the effect models' attributes (the agent imports nothing of the game's rules)."""
    return tuple(json.loads(text, object_hook=lambda d: SimpleNamespace(**d)))


def choose_option(v: View, d: DecisionView) -> Action | None:
    """The option with the smallest cost (a shortfall's corruption counted)."""
    costs = {str(i + 1): effects_cost(v, option_effects(o)) for i, o in enumerate(options_of(d))}
    options = [a for a in v.legal if verb_of(a) == "option" and len(a) > 1]
    return min(options, key=lambda a: (costs.get(a[1], 0.0), str(a)), default=None)


def pay_or_decline(v: View, d: DecisionView) -> Action | None:
    pay = next((a for a in v.legal if verb_of(a) == "pay"), None)
    decline = next((a for a in v.legal if verb_of(a) == "decline"), None)
    if pay is None:
        return decline
    price, gain = (option_effects(o) for o in options_of(d))
    return pay if effects_cost(v, [*price, *gain]) < 0 else decline
