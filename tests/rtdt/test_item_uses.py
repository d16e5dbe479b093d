"""A card's `use`, one predicate: what is offered (`rules/items.py use_actions`, in a turn,
a Battle or a dungeon room) is exactly what is not refused (`why_use`), and a refusal names
the card, the rule and the numbers instead of "you cannot use that item now".

Checked over random games of every mode with use cards handed out at the start, at every
step where cards may be used; and the refusals a player meets, one by one.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, give, legal, play, scenario
from tests.rtdt.test_verbs import MODES
from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action
from towerplay.rtdt.game import RtdtGame, make_config, new_game
from towerplay.rtdt.rules.items import usable_cards, use_owner, why_use

RULE_ID = re.compile(r"^(RTDT|COV|CMP)-[A-Z]+-\d+$")
GENERIC = "you cannot use that item now"
HANDED = ("grigor", "zaida", "aurel")  # companions with uses, limits and a treasure cost
MACE = "golden_mace_of_azkol"
CARPET = "kamarias_carpet"


def _hand_out(g: RtdtGame) -> None:
    """Every hero holds cards with uses: companions with limits, a carpet, the Mace."""
    s = g.state
    for h in s.heroes:
        h.companions[:] = [c for c in HANDED if c not in h.companions][: 1 + h.seat % 3]
    for card in (CARPET, MACE):
        if card in s.treasure_deck or card in s.market:
            give(g, 0, treasures=[card])


def candidates(g: RtdtGame) -> list[Action]:
    """`use` actions worth asking about: every card the hero holds (with each treasure as
    Zaida's price, each foe here and elsewhere for the Mace), cards they do not hold, and
    malformed ones."""
    w, s = g.world, g.state
    h = s.heroes[s.turn.seat]
    out = [Action("use"), Action("use", "no_such_card")]
    for card in usable_cards(h) + list(h.treasures):
        out.append(Action("use", card))
        out += [Action("use", card, t) for t in h.treasures]
        out += [Action("use", card, f) for f, _ in s.foes[:4]]
    others = [c for c in w.uses if w.uses[c] and c not in usable_cards(h)]
    out += [Action("use", c) for c in others[:6]]
    return list(dict.fromkeys(out))


def check(g: RtdtGame) -> tuple[int, int]:
    """Offer and refusal agree for every candidate; (offered, refused) counts."""
    w, s = g.world, g.state
    h = s.heroes[s.turn.seat]
    offered = refused = 0
    legal_now = g.legal_actions()
    for a in candidates(g):
        if a in legal_now:
            offered += 1
            assert why_use(w, s, h, a) is None, a
            continue
        if len(a) > 1 and use_owner(w, a) is not None:
            continue  # a wand's or a quest item's use: its own module's words
        before = g.state_hash()
        with pytest.raises(IllegalAction) as e:
            g.apply(a)
        assert g.state_hash() == before
        assert RULE_ID.match(e.value.rule), str(e.value)
        assert GENERIC not in str(e.value), f"{a}: {e.value}"
        refused += 1
    return offered, refused


@pytest.mark.parametrize("mode", [m for m, _ in MODES])
def test_a_use_is_offered_exactly_when_not_refused(mode: str) -> None:
    options = dict(MODES)[mode]
    offered = refused = steps = 0
    for seed in range(3):
        g = new_game(make_config(seed=seed, **options), seed=seed)  # type: ignore[arg-type]
        _hand_out(g)
        pick = random.Random(seed)
        for n in range(300):
            if g.result is not None:
                break
            s = g.state
            if not s.pending and s.trade is None and n % 2 == 0:
                o, r = check(g)
                offered, refused, steps = offered + o, refused + r, steps + 1
            g.apply(pick.choice(g.legal_actions()))
    assert steps > 30 and offered > 5 and refused > 300, (steps, offered, refused)


# --- the refusals a player meets --------------------------------------------------------------


def _refused(g: RtdtGame, action: str) -> IllegalAction:
    before = g.state_hash()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.state_hash() == before
    return e.value


def _carpet() -> RtdtGame:
    g = scenario(("orphaned_scion",))
    give(g, 0, spirit=3, treasures=[CARPET])
    return g


@rules("RTDT-ITEM-11")
def test_RTDT_ITEM_11_a_once_a_turn_use_is_refused_the_second_time() -> None:
    g = _carpet()
    assert "use kamarias_carpet" in legal(g)
    play(g, "use kamarias_carpet")
    play(g, g.legal_actions()[0])  # where to land
    assert "use kamarias_carpet" not in legal(g)
    e = _refused(g, "use kamarias_carpet")
    assert e.rule == "RTDT-ITEM-11"
    assert str(e) == "Kamaria's Carpet may be used once a turn [RTDT-ITEM-11]"


def test_a_use_short_of_spirit_says_its_price_and_what_you_have() -> None:
    g = _carpet()
    give(g, 0, spirit=0)
    e = _refused(g, "use kamarias_carpet")
    assert (e.rule, str(e)) == (
        "RTDT-EFFECT-3",
        "Kamaria's Carpet costs 1 spirit, you have 0 [RTDT-EFFECT-3]",
    )


def test_a_card_not_held_or_without_a_use_is_named() -> None:
    g = _carpet()
    e = _refused(g, "use grigor")
    assert (e.rule, str(e)) == ("RTDT-RES-2", "you do not hold Grigor [RTDT-RES-2]")
    give(g, 0, gear=["leather_armor"])
    e = _refused(g, "use leather_armor")
    assert "Leather Armor has no use to take" in str(e)
    assert "takes nothing more" in str(_refused(g, "use kamarias_carpet now"))


def test_an_advantage_outside_a_battle_waits_for_one() -> None:
    g = scenario(("brutal_warlord",))
    g.hero(0).companions[:] = ["grigor"]
    give(g, 0, spirit=5)
    e = _refused(g, "use grigor")
    assert e.rule == "RTDT-ADV-4" and str(e).startswith("Grigor gives an advantage")


def test_zaida_is_paid_with_a_treasure_named() -> None:
    g = scenario(("brutal_warlord",))
    g.hero(0).companions[:] = ["zaida"]
    g._legal = None
    e = _refused(g, "use zaida")
    assert e.rule == "RTDT-COMP-9" and "costs 1 treasure(s), you have 0" in str(e)


def test_the_golden_mace_says_the_foes_level_and_your_spirit() -> None:
    g = scenario(("brutal_warlord",))
    at(g, 0, "radiant_mountains")
    g.state.foes[:] = [("frost_trolls", "radiant_mountains")]
    give(g, 0, spirit=2, treasures=[MACE])
    e = _refused(g, f"use {MACE} frost_trolls")
    assert (e.rule, str(e)) == (
        "RTDT-FOE-9",
        "removing the Frost Trolls costs 3 spirit, its level; you have 2 [RTDT-FOE-9]",
    )
    assert "no Brigands token stands on your space" in str(_refused(g, f"use {MACE} brigands"))
    assert "use golden_mace_of_azkol FOE" in str(_refused(g, f"use {MACE}"))
