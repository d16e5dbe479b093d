"""What a seat sees (docs/observe.md): plain JSON with a schema version, every public fact
the agent and the screen need, and nothing a player at that seat could not know."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from towerplay.agents.heuristic import HeuristicAgent
from towerplay.rtdt.game import RtdtGame, new_game
from towerplay.rtdt.observe import SCHEMA, observe
from towerplay.rtdt.state import Decision

GAMES = [
    {"players": 4, "seed": 5},
    {"players": 2, "seed": 8, "difficulty": "gritty"},
    {"players": 3, "seed": 3, "expansion": "covenant"},
    {
        "players": 2,
        "seed": 6,
        "expansion": "covenant",
        "heroes": ["reverent_astromancer", "relentless_warden"],
    },
    {"players": 3, "seed": 4, "mode": "competitive"},
]


def positions(options: dict[str, Any], every: int = 7) -> Iterator[RtdtGame]:
    """Every `every`-th decision of a heuristic game, battles and dungeons included."""
    g = new_game(**options)
    agents = [HeuristicAgent(i) for i in range(options["players"])]
    n = 0
    while g.to_act is not None:
        if n % every == 0 or g.state.battle is not None or g.state.delve is not None:
            yield g
        g.apply(agents[g.to_act].act(g))
        n += 1
    yield g


@pytest.mark.parametrize("options", GAMES, ids=lambda o: "-".join(map(str, o.values())))
def test_observe_is_versioned_json(options: dict[str, Any]) -> None:
    for g in positions(options, every=13):
        for seat in range(options["players"]):
            view = g.observe(seat)
            assert view["schema"] == SCHEMA
            assert json.loads(json.dumps(view)) == view
            assert view["legal_actions"] == (
                [str(a) for a in g.legal_actions()] if g.to_act == seat else []
            )


@pytest.mark.parametrize("options", GAMES, ids=lambda o: "-".join(map(str, o.values())))
def test_determinizing_what_is_hidden_changes_nothing_a_seat_sees(
    options: dict[str, Any],
) -> None:
    """`determinize(seat)` re-draws exactly what `seat` cannot know (deck orders, the
    Tower's lodged skulls, the month's length, others' trials, unrevealed battle cards,
    unentered rooms and the target room): the observation must not change."""
    seen = 0
    for g in positions(options):
        for seat in range(options["players"]):
            view = g.observe(seat)
            for seed in (11, 12):
                assert g.determinize(seat, seed).observe(seat) == view
            seen += 1
    assert seen > 20


def test_another_heros_trials_are_only_a_count() -> None:
    g = new_game(players=3, seed=4, mode="competitive")
    mine = g.observe(0)["heroes"]
    assert mine[0]["trials"] == g.state.heroes[0].trials
    assert mine[1]["trials"] == len(g.state.heroes[1].trials) > 0
    before = g.observe(0)
    g.state.heroes[1].trials.reverse()
    other = g.state.heroes[2]
    other.trials[:] = [t for t in g.world.content.trials if t not in other.trials][
        : len(other.trials)
    ]
    assert g.observe(0) == before


def test_the_astromancers_hand_is_hers_alone() -> None:
    g = new_game(
        players=2, seed=6, expansion="covenant", heroes=["reverent_astromancer", "orphaned_scion"]
    )
    hand = g.state.cov.spells[0]  # type: ignore[union-attr]
    assert hand
    assert g.observe(0)["covenant"]["spells_in_hand"][0] == hand
    assert g.observe(1)["covenant"]["spells_in_hand"][0] == len(hand)


def test_bounty_shows_its_quest_items_to_the_caster_only() -> None:
    g = new_game(
        players=2, seed=6, expansion="covenant", heroes=["reverent_astromancer", "orphaned_scion"]
    )
    seen = tuple(list(g.world.content.quest_items)[:3])
    g.state.pending.append(Decision("bounty", 0, options=seen))  # COV-SPELL-3
    g._legal = None
    mine, theirs = g.observe(0), g.observe(1)
    assert mine["pending"]["options"] == list(seen)
    assert theirs["pending"]["options"] == 3
    text = json.dumps(theirs)
    assert not any(q in text or g.world.name(q) in text for q in seen)


def test_battle_cards_show_only_once_revealed() -> None:
    for g in positions({"players": 2, "seed": 3}, every=1):
        b = g.state.battle
        if b is None or not b.revealed:
            continue
        view = g.observe(0)["battle"]
        assert view["card_id"] == b.cards[b.index]
        assert view["cards"] == len(b.cards)
        assert "index" in view and not any(
            isinstance(x, list) and x == b.cards for x in view.values()
        )
        return
    pytest.fail("no battle in this game")


def test_derived_facts_come_from_the_rules() -> None:
    from towerplay.rtdt.rules.corruption import corruption_limit
    from towerplay.rtdt.rules.movement import move_value
    from towerplay.rtdt.rules.skulls import cleansable, skull_capacity

    for g in positions({"players": 3, "seed": 3, "expansion": "covenant"}, every=29):
        w, s = g.world, g.state
        view = g.observe(0)
        for sp, b in view["buildings"].items():
            assert b["standing"] == (sp in s.skulls)
            assert b["capacity"] == skull_capacity(w, s, sp)
            assert b["cleansable"] == (sp in s.skulls and cleansable(w, s, sp))
        assert [h["corruption_limit"] for h in view["heroes"]] == [
            corruption_limit(w, h) for h in s.heroes
        ]
        assert view["turn"]["moves_left"] == move_value(w, s, s.heroes[s.turn.seat])
        assert view["foe_tokens"] == [list(t) for t in s.foes]


@pytest.mark.parametrize("options", GAMES, ids=lambda o: "-".join(map(str, o.values())))
def test_a_kept_observation_is_the_one_made_from_scratch(options: dict[str, Any]) -> None:
    """observe() reuses the parts whose facts did not change since its last call and the
    whole view within one state version; what it returns, after the heuristic agent read
    the last one, is always what a build from scratch gives. So the reuse misses no change
    and the agent never edits what it was shown (docs/observe.md: read-only)."""
    g = new_game(**options)
    agents = [HeuristicAgent(i) for i in range(options["players"])]
    decisions = 0
    while g.to_act is not None:
        seat = g.to_act
        action = agents[seat].act(g)  # it observes the state and reads the view
        for who in range(options["players"]):
            mine = g.legal_actions() if who == seat else []
            assert g.observe(who) == observe(g.world, g.state, who, mine), (decisions, who)
        g.apply(action)
        decisions += 1
    assert decisions > 100


def test_observe_without_told_is_the_view_less_what_was_said() -> None:
    """told=False (agents, sim records) leaves out the log and the events, nothing else;
    the seat's log is still whole when it is next asked for."""
    g = new_game(players=3, seed=8)
    agents = [HeuristicAgent(i) for i in range(3)]
    for _ in range(60):
        seat = g.to_act
        assert seat is not None
        quiet = g.observe(seat, told=False)
        full = observe(g.world, g.state, seat, g.legal_actions())
        assert "log" not in quiet and "events" not in quiet
        assert quiet == {k: v for k, v in full.items() if k not in ("log", "events")}
        g.apply(agents[seat].act(g))
    assert g.observe(0) == observe(g.world, g.state, 0, [] if g.to_act != 0 else g.legal_actions())


def test_each_call_returns_a_new_top_level_dict() -> None:
    g = new_game(players=2, seed=3)
    first = g.observe(0)
    first["heroes"] = []
    first.pop("buildings")
    again = g.observe(0)
    assert again is not first
    assert len(again["heroes"]) == 2 and again["buildings"]


def test_a_state_edited_by_hand_is_seen_at_once() -> None:
    """Kept parts are keyed by the facts they show, not by a version that only apply()
    moves: tools and tests that edit the state directly see the edit in the next call."""
    g = new_game(players=2, seed=3, expansion="covenant")
    assert g.observe(0)["heroes"][1]["warriors"] == 7
    g.state.heroes[1].warriors = 2
    sp = next(iter(g.state.skulls))
    g.state.skulls[sp] = 0
    g.state.cov.protections.append(sp)  # type: ignore[union-attr]
    view = g.observe(0)
    assert view["heroes"][1]["warriors"] == 2
    assert view["buildings"][sp]["skulls"] == 0 and view["buildings"][sp]["protected"]
    assert view == observe(g.world, g.state, 0, g.legal_actions())
