"""The Colossus of Björn's offering: a hero may forgo one source of prevention (Leather Armor,
say) and keep another, or forgo them all (COV-CLARIFY-21)."""

from __future__ import annotations

import json

from tests.conftest import rules
from tests.rtdt.covenant_scenario import covenant_game, monument, put_foes
from tests.rtdt.scenario import at, give, legal, play
from towerplay.rtdt.game import RtdtGame


def _battle(warriors: int, gear: list[str], quest_items: list[str], rung: int) -> RtdtGame:
    """The Orphaned Scion fights lethal Brigands beside a Colossus foundation with no offering;
    the card face up: lose 12 warriors (rung 0) or 8 (rung 1)."""
    g = covenant_game(["orphaned_scion"], north="village")
    monument(g, "colossus_of_bjorn")
    put_foes(g, ("brigands", "muted_forest"))
    g.state.foe_status["brigands"] = "lethal"
    at(g, 0, "muted_forest")
    give(g, 0, warriors=warriors, gear=gear)
    g.hero(0).quest_items.extend(quest_items)
    play(g, "battle brigands muted_forest")
    b = g.state.battle
    assert b is not None
    b.cards[0] = "generic_ambush"
    b.rung = rung
    g._legal = None
    return g


def _offerings(g: RtdtGame) -> int:
    assert g.state.cov is not None
    return next(x for x in g.state.cov.sites if x.monument == "colossus_of_bjorn").offerings


def _forgoes(g: RtdtGame) -> list[str]:
    return sorted(a for a in legal(g) if a.startswith("resolve forgo"))


@rules("COV-CLARIFY-21")
def test_forgo_one_source_and_keep_the_other() -> None:
    # Leather Armor (2) and the Golden Wolf Pelt (6) make the 12 a 4: forgoing the pelt alone
    # brings it to 10, an offering; forgoing the armor alone (6) would not, so it is not offered
    g = _battle(30, ["leather_armor"], ["golden_wolf_pelt"], rung=0)
    assert _forgoes(g) == ["resolve forgo", "resolve forgo golden_wolf_pelt"]
    play(g, "resolve forgo golden_wolf_pelt")
    assert g.hero(0).warriors == 20 and _offerings(g) == 1  # the armor still took 2 off
    assert "forgoes Golden Wolf Pelt against this card's warrior losses" in " ".join(g.log)
    g = _battle(30, ["leather_armor"], ["golden_wolf_pelt"], rung=0)
    play(g, "resolve forgo")  # every source: all 12 lost
    assert g.hero(0).warriors == 18 and _offerings(g) == 1


@rules("COV-CLARIFY-21")
def test_two_armors_one_forgone_is_not_enough_so_only_all_is_offered() -> None:
    g = _battle(30, ["leather_armor", "leather_armor"], [], rung=1)  # 8 - 4 = 4
    assert _forgoes(g) == ["resolve forgo"]  # one armor forgone leaves 6: no offering
    g = _battle(30, ["leather_armor", "leather_armor"], [], rung=0)  # 12 - 4 = 8 counts anyway
    assert _forgoes(g) == []


def test_a_save_taken_at_the_choice_loads_with_the_older_action_still_meaning_all() -> None:
    g = _battle(30, ["leather_armor"], ["golden_wolf_pelt"], rung=0)
    again = RtdtGame.from_json(json.loads(json.dumps(g.to_json())))
    assert _forgoes(again) == _forgoes(g)
    play(again, "resolve forgo")  # the action older saves and logs know: forgo every source
    assert again.hero(0).warriors == 18 and _offerings(again) == 1


def test_the_heuristic_agent_forgoes_the_cheapest_single_source() -> None:
    from towerplay.agents.heuristic import HeuristicAgent

    g = _battle(30, ["leather_armor"], ["golden_wolf_pelt"], rung=0)
    b = g.state.battle
    assert b is not None
    b.pool.clear()  # nothing left to improve the card with
    g._legal = None
    assert str(HeuristicAgent().act(g)) == "resolve forgo golden_wolf_pelt"  # keeps the armor


def test_the_rl_space_appends_one_source_forgone_after_every_earlier_action() -> None:
    from towerplay.games.rtdt_space import rtdt_space

    space = rtdt_space()
    last_older = space.index("take spirit 99")  # the block added last before this one
    assert last_older is not None
    forgone = space.index("resolve forgo leather_armor")
    assert forgone is not None and forgone > last_older
    assert space.index("resolve forgo") is not None and space.index("resolve forgo") < last_older
