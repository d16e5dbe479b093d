"""The elite classes' basic-attack modifiers (AT-ELITE-4..7) in play."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tests.tactics.helpers import arena, content_with, texts, turn, unit
from towerplay.core.errors import SaveError
from towerplay.tactics.content import Content, load_content
from towerplay.tactics.game import TacticsGame

FIXTURE = Path(__file__).parent / "campaign" / "fixture"  # four test elite classes
MINIONS = (
    {"id": "GW", "enemy": "grutch", "at": "j8"},
    {"id": "GM1", "enemy": "goblin_minion", "at": "c3"},
    {"id": "GM2", "enemy": "goblin_minion", "at": "d3"},
)


def elite_content() -> Content:
    """Every die shows 1; the fixture's Demon Hunter, Paladin, Warlock and War Mage."""
    base = content_with(placements=MINIONS, dice=1)
    return dataclasses.replace(base, classes={**base.classes, **load_content([FIXTURE]).classes})


def play(cls: str, at: str = "c2") -> TacticsGame:
    g = arena(party=(cls, "rogue", "cleric"), at=(at, "a1", "e1"), content=elite_content())
    turn(g, cls, ["basic_attack", "basic_move", "basic_attack", "basic_move"])
    g.apply("play basic_attack")
    return g


def test_AT_ELITE_4_demon_hunter_rolls_an_extra_die_when_adjacent() -> None:
    g = play("demon_hunter")
    g.apply("target c3")  # adjacent: two blue dice of 1
    assert unit(g, "gm1").hp == 1
    g = play("demon_hunter", at="c1")
    g.apply("target c3")  # range 2: the class card's one die
    assert unit(g, "gm1").hp == 2


def test_AT_ELITE_5_paladin_heals_1_hp() -> None:
    g = arena(party=("paladin", "rogue", "cleric"), at=("c2", "a1", "e1"), content=elite_content())
    unit(g, "paladin").hp = 5
    turn(g, "paladin", ["basic_attack", "basic_move", "cleave", "smite"])
    g.apply("play basic_attack")
    g.apply("target c3")
    assert unit(g, "gm1").hp == 2 and unit(g, "paladin").hp == 6


def test_AT_ELITE_6_warlock_moves_the_target_one_square() -> None:
    g = play("warlock", at="c1")
    g.apply("target c3")
    assert 0 < unit(g, "gm1").hp < 3  # hit, still standing
    offered = texts(g)
    assert "push d3" not in offered  # the other minion stands there
    assert offered[-1] == "decline" and {"push b4", "push c4", "push d4", "push b2"} <= set(offered)
    saved = g.to_json()
    again = TacticsGame.from_json(json.loads(json.dumps(saved)), content=g.ctx.content)
    assert texts(again) == offered
    saved["state"]["pending"][-1]["data"]["choices"].insert(0, ["push", "d3"])
    with pytest.raises(SaveError, match="push"):
        TacticsGame.from_json(saved, content=g.ctx.content)
    g.apply("push c4")
    assert g.ctx.board.name(unit(g, "gm1").square) == "c4"
    assert g.s.pending[-1].kind == "turn"  # the card is done
    g = play("warlock", at="c1")
    g.apply("target c3")
    g.apply("decline")
    assert g.ctx.board.name(unit(g, "gm1").square) == "c3"


def test_AT_ELITE_7_war_mage_deals_1_damage_to_another_target() -> None:
    g = play("war_mage")
    g.apply("target c3")
    assert texts(g) == ["splash d3", "decline"]  # not the target hit; Grutch is too far
    g.apply("splash d3")
    assert unit(g, "gm1").hp == 2 and unit(g, "gm2").hp == 2
    assert g.s.pending[-1].kind == "turn"
