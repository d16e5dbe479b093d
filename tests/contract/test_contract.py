"""The Game protocol contract, run against every game in tests/contract/games.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.contract.games import GAMES, Entry
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action, parse

SEEDS = range(6)
MAX_STEPS = 3000


def playthrough(entry: Entry, seed: int, steps: int = MAX_STEPS) -> tuple[Any, list[str]]:
    g = entry.new(seed)
    agent = RandomAgent(seed + 1000)
    played: list[str] = []
    while g.result is None and len(played) < steps:
        a = agent.act(g)
        played.append(str(a))
        g.apply(a)
    return g, played


@pytest.fixture(params=GAMES, ids=lambda e: e.name)
def entry(request: pytest.FixtureRequest) -> Entry:
    return request.param  # type: ignore[no-any-return]


def test_notation_round_trips_and_is_unique(entry: Entry) -> None:
    for seed in SEEDS:
        g = entry.new(seed)
        agent = RandomAgent(seed)
        steps = 0
        while g.result is None and steps < MAX_STEPS:
            legal = g.legal_actions()
            assert legal, "legal_actions() is empty while the game runs"
            texts = [str(a) for a in legal]
            assert len(set(texts)) == len(texts), f"two legal actions share a text: {texts}"
            for a in legal:
                assert parse(str(a)) == a
            assert g.to_act is not None
            g.apply(agent.act(g))
            steps += 1
        assert g.result is not None, "the game did not end"
        assert g.legal_actions() == [] and g.to_act is None


def test_illegal_actions_leave_the_state_unchanged(entry: Entry) -> None:
    for seed in SEEDS:
        g, _ = playthrough(entry, seed, steps=25)
        if g.result is not None:
            continue
        before = g.state_hash()
        log_len = len(g.log)
        for bad in ("fly to the moon", "", Action("move", "nowhere"), "end end end"):
            with pytest.raises(IllegalAction) as err:
                g.apply(bad)
            assert err.value.rule, "an illegal action must name a rule"
            assert g.state_hash() == before
            assert len(g.log) == log_len


def test_same_seed_and_actions_give_the_same_game(entry: Entry) -> None:
    for seed in SEEDS:
        g1, played = playthrough(entry, seed)
        g2 = entry.new(seed)
        for text in played:
            g2.apply(text)
        assert g1.state_hash() == g2.state_hash()
        assert json.dumps(g1.to_json(), sort_keys=True) == json.dumps(g2.to_json(), sort_keys=True)


def test_save_and_load_mid_decision_continue_identically(entry: Entry) -> None:
    for seed in SEEDS:
        g, played = playthrough(entry, seed)
        cut = len(played) // 2
        original = entry.new(seed)
        for text in played[:cut]:
            original.apply(text)
        saved = json.loads(json.dumps(original.to_json()))
        loaded = entry.load(saved)
        assert loaded.state_hash() == original.state_hash()
        assert [str(a) for a in loaded.legal_actions()] == [
            str(a) for a in original.legal_actions()
        ]
        assert loaded.prompt == original.prompt and loaded.to_act == original.to_act
        for text in played[cut:]:
            original.apply(text)
            loaded.apply(text)
        assert loaded.state_hash() == original.state_hash() == g.state_hash()


def test_clone_is_exact_and_independent(entry: Entry) -> None:
    for seed in SEEDS:
        g, _ = playthrough(entry, seed, steps=30)
        if g.result is not None:
            continue
        before = g.state_hash()
        c = g.clone()
        assert c.state_hash() == before
        agent = RandomAgent(seed)
        for _ in range(40):
            if c.result is not None:
                break
            c.apply(agent.act(c))
        assert g.state_hash() == before, "playing a clone changed its original"


def test_determinize_keeps_what_the_seat_knows(entry: Entry) -> None:
    changed = 0
    for seed in SEEDS:
        g, _ = playthrough(entry, seed, steps=30)
        if g.result is not None:
            continue
        seat = g.to_act
        before = g.state_hash()
        d = g.determinize(seat, seed + 77)
        assert g.state_hash() == before, "determinize changed the original"
        assert d.observe(seat) == g.observe(seat)
        assert [str(a) for a in d.legal_actions()] == [str(a) for a in g.legal_actions()]
        if d.state_hash() != g.state_hash():
            changed += 1
        # a determinized game plays on to the end
        agent = RandomAgent(seed)
        for _ in range(MAX_STEPS):
            if d.result is not None:
                break
            d.apply(agent.act(d))
        assert d.result is not None
    assert changed, "determinize never re-drew anything hidden"


def test_determinize_never_changes_what_any_seat_sees(entry: Entry) -> None:
    """At many points of a game and for every seat: the seat's view is the same, its
    legal actions too when it is to act, and every legal action of the re-drawn game
    applies (whoever is to act there)."""
    for seed in SEEDS[:4]:
        g = entry.new(seed)
        agent = RandomAgent(seed + 500)
        for step in range(240):
            if g.result is not None:
                break
            if step % 12 == 0:
                for seat in range(entry.seats(g)):
                    d = g.determinize(seat, seed * 1000 + step)
                    assert d.observe(seat) == g.observe(seat), f"seat {seat}, step {step}"
                    if g.to_act == seat:
                        assert [str(a) for a in d.legal_actions()] == [
                            str(a) for a in g.legal_actions()
                        ]
                    else:
                        for a in d.legal_actions():
                            d.clone().apply(a)
            g.apply(agent.act(g))


def test_observe_is_json(entry: Entry) -> None:
    g, _ = playthrough(entry, 1, steps=20)
    for seat in range(4):
        try:
            view = g.observe(seat)
        except IndexError:
            break
        json.dumps(view)


def test_a_spectator_sees_only_what_every_seat_sees(entry: Entry) -> None:
    """observe(SPECTATOR) holds no seat's secret: re-drawing everything any one seat cannot
    see never changes it. And it is no seat's view when a seat has a secret."""
    from towerplay.core.protocol import SPECTATOR

    for seed in SEEDS[:3]:
        g = entry.new(seed)
        agent = RandomAgent(seed + 900)
        for step in range(200):
            if g.result is not None:
                break
            if step % 20 == 0:
                public = g.observe(SPECTATOR)
                json.dumps(public)
                assert public["seat"] == SPECTATOR
                for seat in range(entry.seats(g)):
                    d = g.determinize(seat, seed * 100 + step)
                    assert d.observe(SPECTATOR) == public, f"seat {seat}, step {step}"
            g.apply(agent.act(g))
