"""Undo and redo, run against every game in tests/contract/games.py: random games under
hypothesis; docs/undo.md states the rules UNDO-1..6 these check."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.contract.games import GAMES, Entry
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import IllegalAction
from towerplay.core.undo import EVERY, consent, reveals
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.game import new_game as new_rtdt

BY_NAME = {e.name: e for e in GAMES}
PROPERTY = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**31 - 1)


@pytest.fixture(params=GAMES, ids=lambda e: e.name)
def entry(request: pytest.FixtureRequest) -> Entry:
    return request.param  # type: ignore[no-any-return]


def play(entry: Entry, seed: int, steps: int) -> tuple[Any, list[str], list[str]]:
    """A random game of up to `steps` actions: the game, its actions, the state hash
    before each action and at the end."""
    g = entry.new(seed)
    agent = RandomAgent(seed ^ 0x5A5A)
    played, hashes = [], [g.state_hash()]
    while g.result is None and len(played) < steps:
        a = str(agent.act(g))
        g.apply(a)
        played.append(a)
        hashes.append(g.state_hash())
    return g, played, hashes


def roundtrip(entry: Entry, g: Any) -> Any:
    return entry.load(json.loads(json.dumps(g.to_json())))


@pytest.mark.parametrize("case", GAMES, ids=lambda e: e.name)
@PROPERTY
@given(seed=SEEDS, steps=st.integers(1, 3 * EVERY), back=st.integers(1, 3 * EVERY))
def test_undo_k_then_redo_k_gives_the_same_game(
    case: Entry, seed: int, steps: int, back: int
) -> None:
    g, played, hashes = play(case, seed, steps)
    n = len(played)
    k = min(back, n)
    legal = [str(a) for a in g.legal_actions()]
    g.undo(k)
    assert g.state_hash() == hashes[n - k], "undo did not restore the earlier game exactly"
    assert (g.undoable, g.redoable) == (n - k, k)
    assert g.redo_actions == played[n - k :]
    g.redo(k)
    assert g.state_hash() == hashes[n]
    assert [str(a) for a in g.legal_actions()] == legal
    assert (g.undoable, g.redoable) == (n, 0)


@pytest.mark.parametrize("case", GAMES, ids=lambda e: e.name)
@PROPERTY
@given(seed=SEEDS, steps=st.integers(1, 2 * EVERY), back=st.integers(1, 2 * EVERY), pick=SEEDS)
def test_undo_then_another_action_is_as_if_it_was_chosen_first(
    case: Entry, seed: int, steps: int, back: int, pick: int
) -> None:
    g, played, _ = play(case, seed, steps)
    k = min(back, len(played))
    cut = len(played) - k
    g.undo(k)
    others = [str(a) for a in g.legal_actions() if str(a) != played[cut]]
    if not others:
        return  # a forced decision: there is no other action to choose
    chosen = others[pick % len(others)]
    g.apply(chosen)
    assert g.redoable == 0, "a new action after an undo drops the redo list"
    fresh = case.new(seed)
    for text in [*played[:cut], chosen]:
        fresh.apply(text)
    assert g.state_hash() == fresh.state_hash()
    assert [str(a) for a in g.legal_actions()] == [str(a) for a in fresh.legal_actions()]
    with pytest.raises(IllegalAction):
        g.redo(1)


@pytest.mark.parametrize("case", GAMES, ids=lambda e: e.name)
@PROPERTY
@given(seed=SEEDS, steps=st.integers(1, 3 * EVERY), back=st.integers(1, 3 * EVERY))
def test_a_loaded_game_undoes_to_its_start(case: Entry, seed: int, steps: int, back: int) -> None:
    g, played, hashes = play(case, seed, steps)
    n = len(played)
    loaded = roundtrip(case, g)
    assert loaded.undoable == n and loaded.redoable == 0
    k = min(back, n)
    loaded.undo(k)
    assert loaded.state_hash() == hashes[n - k]
    if n > k:
        loaded.undo(n - k)
    assert loaded.state_hash() == hashes[0]
    loaded.redo(n)
    assert loaded.state_hash() == hashes[n] == g.state_hash()


def test_nothing_to_undo_or_redo_is_refused_unchanged(entry: Entry) -> None:
    g = entry.new(3)
    before = g.state_hash()
    for bad in (lambda: g.undo(1), lambda: g.redo(1), lambda: g.undo(0)):
        with pytest.raises(IllegalAction) as err:
            bad()
        assert err.value.rule.startswith("UNDO-") and err.value.reason
        assert g.state_hash() == before
    g, played, hashes = play(entry, 3, 5)
    with pytest.raises(IllegalAction, match="only"):
        g.undo(len(played) + 1)
    assert g.state_hash() == hashes[-1] and g.undoable == len(played)


def test_a_clone_undoes_alone_and_a_determinized_copy_not_at_all(entry: Entry) -> None:
    g, played, hashes = play(entry, 4, 2 * EVERY + 5)
    n = len(played)
    c = g.clone()
    c.undo(n)
    assert c.state_hash() == hashes[0] and g.state_hash() == hashes[n]
    assert g.redoable == 0
    seat = g.to_act if g.to_act is not None else 0
    d = g.determinize(seat, 11)
    assert d.undoable == 0
    with pytest.raises(IllegalAction):
        d.undo(1)


def test_a_game_changed_behind_its_history_is_not_rebuilt() -> None:
    """A position built by hand (a scenario, a save edited by hand) keeps no past: the
    rebuild from setup and history does not reach it, so the undo is refused (UNDO-2)."""
    g, played, _ = play(BY_NAME["rtdt-1p"], 2, 10)
    edited = g.to_json()
    edited["heroes"][0]["warriors"] = (edited["heroes"][0]["warriors"] + 3) % 20
    loaded = RtdtGame.from_json(edited)
    before = loaded.state_hash()
    with pytest.raises(IllegalAction) as err:
        loaded.undo(1)
    assert err.value.rule == "UNDO-2" and loaded.state_hash() == before
    assert loaded.undoable == 0
    loaded.apply(loaded.legal_actions()[0])
    loaded.undo(1)  # what was played since the load can still be undone
    assert loaded.state_hash() == before


@pytest.mark.parametrize(
    ("entry", "version", "key"),
    [(BY_NAME["tactics"], 2, "history"), (BY_NAME["campaign"], 1, "actions")],
    ids=["tactics-v2", "campaign-v1"],
)
def test_an_older_save_loads_and_undoes_back_to_the_load(
    entry: Entry, version: int, key: str
) -> None:
    g, _, _ = play(entry, 5, 12)
    old = json.loads(json.dumps(g.to_json()))
    old["version"] = version
    del old["state"]["seed"], old["state"][key]
    if "encounter" in old and old["encounter"] is not None:
        old["encounter"]["version"] = 2
        del old["encounter"]["state"]["seed"], old["encounter"]["state"]["history"]
    loaded = entry.load(old)
    assert loaded.undoable == 0
    at_load = loaded.state_hash()
    agent = RandomAgent(9)
    for _ in range(3):
        if loaded.result is None:
            loaded.apply(agent.act(loaded))
    assert loaded.undoable == 3 or loaded.result is not None
    loaded.undo(loaded.undoable)
    assert loaded.state_hash() == at_load


# --- the online consent rule (UNDO-5, UNDO-6) -------------------------------------------


def ends_by_kind(entry: Entry, seed: int, steps: int) -> tuple[Any, Any]:
    """From a random game, two copies: one whose last action revealed hidden information
    to some seat, one whose last action revealed nothing to any seat (None if unseen)."""
    g = entry.new(seed)
    agent = RandomAgent(seed ^ 0x5A5A)
    seats = range(entry.seats(g))
    hidden = plain = None
    for _ in range(steps):
        if g.result is not None or (hidden is not None and plain is not None):
            break
        action = str(agent.act(g))
        told = any(reveals(g, action, q) for q in seats)
        g.apply(action)
        if told and hidden is None:
            hidden = g.clone()
        if not told and plain is None:
            plain = g.clone()
    return hidden, plain


def test_an_undo_of_hidden_information_needs_every_human_seat(entry: Entry) -> None:
    hidden, plain = ends_by_kind(entry, 6, 60)
    assert hidden is not None, "no action of 60 revealed anything hidden"
    assert plain is not None, "every action of 60 revealed something hidden"
    humans = list(range(entry.seats(hidden)))  # every seat played by a person online
    before = hidden.state_hash()
    refused = consent(hidden, 1, humans, agreed=humans[:-1])
    assert not refused.allowed and refused.missing == (humans[-1],)
    assert "revealed hidden information" in refused.reason
    assert consent(hidden, 1, humans, agreed=humans).allowed
    assert not consent(hidden, hidden.undoable + 1, humans, agreed=humans).allowed
    assert hidden.state_hash() == before and hidden.redoable == 0, "asking changed the game"
    quiet = consent(plain, 1, humans, agreed=())
    assert quiet.allowed and "no hidden information" in quiet.reason


def test_an_action_said_to_reveal_nothing_looks_the_same_on_other_redraws(entry: Entry) -> None:
    """Soundness of `reveals` beyond the seeds it tries: on other re-drawn games the
    action's outcome looks the same to every seat."""
    g, played, _ = play(entry, 7, 30)
    seats = range(entry.seats(g))
    past = g.clone()
    checked = 0
    for back in range(1, len(played) + 1):
        past.undo(1)
        action = played[-back]
        if any(reveals(past, action, q) for q in seats):
            continue
        checked += 1
        after = past.clone()
        after.apply(action)
        for q in seats:
            for seed in range(100, 104):
                other = past.determinize(q, seed)
                other.apply(action)
                assert other.observe(q) == after.observe(q), (action, q, seed)
    assert checked


@pytest.mark.soak
@pytest.mark.parametrize("case", GAMES, ids=lambda e: e.name)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, steps=st.integers(1, 8 * EVERY), back=st.integers(1, 8 * EVERY))
def test_soak_undo_redo_and_load(case: Entry, seed: int, steps: int, back: int) -> None:
    g, played, hashes = play(case, seed, steps)
    n = len(played)
    k = min(back, n)
    loaded = roundtrip(case, g)
    for game in (g, loaded):
        game.undo(k)
        assert game.state_hash() == hashes[n - k]
        game.redo(k)
        assert game.state_hash() == hashes[n]


def test_rtdt_a_move_reveals_nothing_a_die_and_the_tower_do() -> None:
    """The examples of the rule: the haggle die and the Tower's drop (`end`) reveal what
    no seat could know; a step to a neighbouring space does not."""
    g = new_rtdt(players=2, seed=1)
    legal = {a.verb: str(a) for a in g.legal_actions()}
    for seat in (0, 1):
        assert not reveals(g, legal["move"], seat)
        assert reveals(g, legal["haggle"], seat) and reveals(g, legal["end"], seat)
    humans = [0, 1]
    g.apply(legal["move"])
    assert consent(g, 1, humans, agreed=()).allowed
    g.apply("end")
    assert consent(g, 2, humans, agreed=[0]).missing == (1,)
    assert consent(g, 2, humans, agreed=[0, 1]).allowed
