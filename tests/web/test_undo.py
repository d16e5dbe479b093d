"""Undo and redo at a table: back over the AI's moves to a person's last decision; online,
an undo that would take back revealed information waits for every person to agree."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.store import Store
from towerplay.web.errors import Refused, Stale
from towerplay.web.tables import Tables


def play(tables: Tables, tid: str, token: str, n: int) -> None:
    for _ in range(n):
        v = tables.view(tid, token)
        assert v["your_turn"]
        tables.act(tid, token, v["legal_actions"][0], v["version"])


def test_undo_then_redo_at_a_table_of_one(tables: Tables, store: Store) -> None:
    made = tables.create("rtdt", {"players": 1}, 9, [{"human": "Ana"}])
    tok = made.tokens[0]
    assert tok
    play(tables, made.id, tok, 4)
    before = tables.view(made.id, tok)
    after = tables.undo(made.id, tok, before["version"])
    assert after["undo"]["redoable"] == 1 and after["undo"]["undoable"] == 3
    expected = new_rtdt(seed=9, players=1)
    for a in store.actions(made.id)[:3]:
        expected.apply(a.action)
    assert after["observe"] == expected.observe(0)
    redone = tables.redo(made.id, tok, after["version"])
    assert redone["observe"] == before["observe"] and redone["undo"]["redoable"] == 0
    assert [a.action for a in store.actions(made.id)][-2:] == ["undo 1", "redo 1"]


def test_undo_steps_over_the_ai_to_the_persons_last_decision(tables: Tables) -> None:
    made = tables.create("rtdt", {"players": 2}, 3, [{"human": "Ana"}, {"ai": "heuristic"}])
    tok = made.tokens[0]
    assert tok
    while tables.ai_turn(made.id):
        pass
    v = tables.view(made.id, tok)
    turn_start = v["prompt"]
    while v["your_turn"] and "end" not in v["legal_actions"]:
        tables.act(made.id, tok, v["legal_actions"][0], v["version"])
        v = tables.view(made.id, tok)
    tables.act(made.id, tok, "end", v["version"])  # the turn passes to the AI
    while tables.ai_turn(made.id):
        pass
    v = tables.view(made.id, tok)
    back = tables.undo(made.id, tok, v["version"])
    assert back["your_turn"] and "end" in back["legal_actions"]  # before the person's "end"
    assert back["undo"]["redoable"] > 1  # the AI's moves after it went too
    del turn_start


def test_an_undo_needs_every_person_when_it_takes_back_a_secret(tables: Tables) -> None:
    made = tables.create(
        "tactics",
        {"encounter": "goblin_ambush"},
        2,
        [{"human": "A"}, {"human": "B"}, {"ai": "heuristic"}],
    )
    a, b, _ = made.tokens
    assert a and b
    # the heroes are placed and the hands dealt; A takes a mulligan: new cards, seen by A
    for _ in range(20):
        if tables.ai_turn(made.id):
            continue
        va, vb = tables.view(made.id, a), tables.view(made.id, b)
        mover, v = (a, va) if va["your_turn"] else (b, vb)
        choice = "mulligan" if "mulligan" in v["legal_actions"] else v["legal_actions"][0]
        tables.act(made.id, mover, choice, v["version"])
        if "keep" in tables.view(made.id, b)["legal_actions"]:
            break
    vb = tables.view(made.id, b)
    assert "keep" in vb["legal_actions"]
    asked = tables.undo(made.id, b, vb["version"])
    request = asked["undo"]["request"]
    assert (
        request
        and request["missing"] == [0]
        and "revealed hidden information" in (request["reason"])
    )
    assert asked["version"] == vb["version"] + 1 and asked["undo"]["redoable"] == 0
    with pytest.raises(Stale):
        tables.undo(made.id, a, vb["version"])
    done = tables.undo(made.id, a, asked["version"])  # A agrees: the undo happens
    assert done["undo"]["request"] is None and done["undo"]["redoable"] >= 1


def test_nothing_to_undo_or_redo_is_refused(tables: Tables) -> None:
    made = tables.create("rtdt", {"players": 1}, 1, [{"human": "Ana"}])
    tok = made.tokens[0]
    assert tok
    with pytest.raises(Refused, match="no decision of a person to undo"):
        tables.undo(made.id, tok, 0)
    with pytest.raises(Refused, match="nothing to redo"):
        tables.redo(made.id, tok, 0)


def test_two_redo_requests_at_once_advance_the_table_once(tables: Tables, store: Store) -> None:
    """Issue 32: two redo requests made on the same version at the same moment (both read
    the table before either commits) redo one step, not two: each works on its own branch
    of the game and the store takes the first; the second is told the game moved on. What
    the process keeps is what the store holds."""
    made = tables.create("rtdt", {"players": 1}, 9, [{"human": "Ana"}])
    tok = made.tokens[0]
    assert tok
    play(tables, made.id, tok, 3)
    v = tables.view(made.id, tok)
    for _ in range(2):
        v = tables.undo(made.id, tok, v["version"])
    both_read = threading.Barrier(2)
    commit = tables._store

    def after_both_read(*args: Any, **kwargs: Any) -> Any:
        both_read.wait(timeout=10)
        return commit(*args, **kwargs)

    tables._store = after_both_read  # type: ignore[method-assign]
    results: list[Any] = []

    def ask() -> None:
        try:
            results.append(tables.redo(made.id, tok, v["version"]))
        except Stale as e:
            results.append(e)

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    tables._store = commit  # type: ignore[method-assign]
    assert sorted(type(r).__name__ for r in results) == ["Stale", "dict"], results
    kept = tables.view(made.id, tok)
    assert kept["version"] == v["version"] + 1 and kept["undo"]["redoable"] == 1
    assert Tables(store).view(made.id, tok)["observe"] == kept["observe"]


def test_a_seat_still_open_is_no_one_to_wait_for(tables: Tables) -> None:
    """An undo that takes back a secret waits for the people at the table, and a seat left
    open for the lobby (web/lobby.py) has no one yet: Ana's undo happens at once."""
    made = tables.create("rtdt", {"players": 2}, 9, [{"human": "Ana"}, {"open": True}])
    ana = made.tokens[0]
    assert ana and made.tokens[1] is None
    for _ in range(40):  # Ana plays her turn to its end: her skull drops into the Tower
        v = tables.view(made.id, ana)
        if not v["your_turn"]:
            break
        choice = "end" if "end" in v["legal_actions"] else v["legal_actions"][0]
        tables.act(made.id, ana, choice, v["version"])
    v = tables.view(made.id, ana)
    assert not v["your_turn"] and v["to_act"] == 1
    done = tables.undo(made.id, ana, v["version"])
    assert done["undo"]["request"] is None and done["undo"]["redoable"] >= 1
