"""The Iron Wall against a Magic battle card's Tower act: the losses it holds back are the
card's, kept or ignored, before the card ends (COV-CARD-4)."""

from __future__ import annotations

import dataclasses
import json

from tests.conftest import rules
from tests.rtdt.covenant_scenario import covenant_game, monument, put_foes
from tests.rtdt.scenario import at, give, legal, play
from towerplay.rtdt.game import RtdtGame


def _tremor() -> RtdtGame:
    """The Orphaned Scion, with The Iron Wall, Battles one of two Brigands tokens beside a
    Colossus foundation, Gravemaw the adversary. The card face up is the Magic Tremor at its
    worst: the Tower acts (Gravemaw: 5 warriors, plus 3 per foe token here: 11), lose 4."""
    g = covenant_game(["orphaned_scion"], north="village")
    g.state.config = dataclasses.replace(g.state.config, adversary="gravemaw")
    monument(g, "colossus_of_bjorn")
    put_foes(g, ("brigands", "muted_forest"), ("brigands", "muted_forest"))
    at(g, 0, "muted_forest")
    give(g, 0, warriors=30, treasures=["the_iron_wall"])
    play(g, "battle brigands muted_forest")
    b = g.state.battle
    assert b is not None
    b.cards[0] = "magic_tremor"
    b.rung = 0
    g._legal = None
    return g


def _offerings(g: RtdtGame) -> int:
    assert g.state.cov is not None
    return next(x for x in g.state.cov.sites if x.monument == "colossus_of_bjorn").offerings


@rules("COV-CARD-4")
def test_the_kept_losses_of_a_battle_cards_tower_act_are_that_cards_loss() -> None:
    g = _tremor()
    play(g, "resolve")
    assert g.pending is not None and g.pending.kind == "iron_wall"
    assert legal(g) == {"raise", "stop"}
    assert g.hero(0).warriors == 26 and _offerings(g) == 0  # the card's own 4; 11 held back
    b = g.state.battle
    assert b is not None and b.resolved == 0  # the card waits for the answer
    kept = RtdtGame.from_json(json.loads(json.dumps(g.to_json())))  # a save, mid-question
    play(kept, "stop")
    assert kept.hero(0).warriors == 15  # 4 + 11 lost to one battle card:
    assert _offerings(kept) == 1  # the Colossus's offering (8 or more, COV-CLARIFY-9)
    assert kept.state.battle is None or kept.state.battle.resolved == 1
    play(g, "raise")  # raised: the 11 ignored, the card took only 4
    assert g.hero(0).warriors == 26 and _offerings(g) == 0 and g.hero(0).treasures == []


def test_a_save_from_before_the_held_card_field_loads() -> None:
    g = _tremor()
    data = json.loads(json.dumps(g.to_json()))
    battle = data.get("battle") or {}
    assert "held_before" in battle
    del battle["held_before"]
    again = RtdtGame.from_json(data)
    assert again.state.battle is not None and again.state.battle.held_before == -1
