"""The hook registry (rtdt/hooks.py): one table per set of features, no Covenant or
competitive handler in a base game, every event emitted somewhere in the base rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from towerplay.rtdt import hooks, plugins
from towerplay.rtdt.game import new_game

RULES = Path(plugins.__file__).parent / "rules"


def test_a_base_game_has_no_covenant_or_competitive_handler() -> None:
    g = new_game(players=2, seed=1)
    hk = g.world.hooks
    assert hk.features == {"base"}
    assert hk.after_cleanse == () and hk.would_lose == () and hk.any_moment_actions == ()
    assert hk.free_verbs == {} and hk.app_events == {}
    assert "seal" not in hk.decisions and "effigy" not in hk.decisions
    assert "place_skull" in hk.decisions  # the base game's own kinds are in the table


def test_each_feature_brings_its_handlers_and_clones_keep_the_table() -> None:
    cov = new_game(players=2, seed=1, expansion="covenant")
    race = new_game(players=2, seed=1, mode="competitive")
    assert cov.world.hooks.features == {"base", "covenant"} and cov.world.hooks.after_cleanse
    assert "cast" in cov.world.hooks.free_verbs and "effigy" in cov.world.hooks.decisions
    assert race.world.hooks.features == {"base", "competitive"} and race.world.hooks.would_lose
    assert "trial" in race.world.hooks.turn_verbs and "seal" in race.world.hooks.decisions
    assert cov.clone().world is cov.world  # resolved once, shared by clones
    assert cov.world.content is race.world.content  # one content, one set of caches


def test_registering_an_unknown_event_or_feature_or_a_kind_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event"):
        hooks.on("after_clense", "covenant", lambda w, s, h: None)
    with pytest.raises(ValueError, match="unknown feature"):
        hooks.on("after_cleanse", "alliances", lambda w, s, h: None)
    with pytest.raises(ValueError, match="twice"):
        hooks.decision("place_skull", "base", hooks.decision_kinds()["place_skull"])


def test_every_event_is_emitted_by_the_rules_or_the_decisions() -> None:
    text = "".join(p.read_text() for p in RULES.glob("*.py"))
    emitted = set(re.findall(r"(?:hooks|hk)\.(\w+)", text))
    assert set(hooks.EVENTS) - emitted <= {"decisions"}


def test_every_decision_kind_has_its_own_answers_apply_and_words() -> None:
    """One place per kind: no function answers, applies or words two kinds (a shared one
    would be a dispatcher branching on `d.kind`)."""
    kinds = hooks.decision_kinds()
    for part in ("answers", "apply", "words"):
        handlers = [getattr(dk, part) for dk in kinds.values()]
        assert len(set(handlers)) == len(handlers), part
    assert {"effigy", "quarry", "prepare", "oak_item", "seal", "steal_potion"} <= set(kinds)
    assert all(dk.rule and dk.what for dk in kinds.values())
