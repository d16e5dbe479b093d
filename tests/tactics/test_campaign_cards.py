"""Campaign cards in an encounter: Marks of Death (AT-MARK-1)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.tactics.helpers import arena, content_with, texts, turn
from towerplay.core.errors import IllegalAction
from towerplay.tactics.content import Content, load_content

FIXTURE = Path(__file__).parent / "campaign" / "fixture"  # holds a Mark of Death card


def marked() -> Content:
    base = content_with()
    return dataclasses.replace(base, cards={**base.cards, **load_content([FIXTURE]).cards})


def test_AT_MARK_1_a_mark_of_death_is_dead_but_may_be_discarded_as_an_action() -> None:
    g = arena(content=marked())
    turn(g, "fighter", ["mark_of_death", "basic_move", "cleave", "charge"])
    offered = texts(g)
    assert "discard mark_of_death" in offered
    assert "play mark_of_death" not in offered
    hero = g.s.heroes[0]
    with pytest.raises(IllegalAction, match="AT-MARK-1"):
        g.apply("play mark_of_death")
    assert "mark_of_death" in hero.hand
    g.apply("discard mark_of_death")
    assert "mark_of_death" in hero.discard and "mark_of_death" not in hero.hand
    assert hero.actions == 1


def test_AT_TURN_3_any_card_a_mark_of_death_too_is_discarded_to_move() -> None:
    """The rulebook's dash discards "any card from your hand": a Mark of Death too."""
    g = arena(content=marked())
    turn(g, "fighter", ["mark_of_death", "basic_move", "cleave", "charge"])
    assert "dash mark_of_death" in texts(g)
    hero = g.s.heroes[0]
    g.apply("dash mark_of_death")
    assert "mark_of_death" in hero.discard and hero.actions == 1
    assert any(t.startswith("move ") for t in texts(g))  # half the basic movement
