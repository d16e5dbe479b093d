"""The typed seat view (rtdt/seat_view.py): `observe` is exactly its JSON, a kept view is
the one made from scratch, and it cannot be edited."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tests.rtdt.test_observe import GAMES, positions
from towerplay.rtdt.game import new_game
from towerplay.rtdt.observe import seat_view
from towerplay.rtdt.seat_view import SeatView


@pytest.mark.parametrize("options", GAMES, ids=lambda o: "-".join(map(str, o.values())))
def test_observe_is_the_view_as_json(options: dict[str, Any]) -> None:
    """Every key of `observe` is the view's field of that name, in the view's order, with
    the same value; the log and the events are all it adds."""
    seen = 0
    for g in positions(options, every=5):
        for seat in (-1, *range(options["players"])):
            view = g.view(seat)
            assert isinstance(view, SeatView)
            told = g.observe(seat)
            assert list(told) == [*SeatView.__struct_fields__, "log", "events"]
            assert view.to_json() == {k: v for k, v in told.items() if k not in ("log", "events")}
            assert g.observe(seat, told=False) == view.to_json()
            legal = g.legal_actions() if g.to_act == seat else []
            assert view == seat_view(g.world, g.state, seat, legal)  # kept = from scratch
            seen += 1
    assert seen > 50


def test_the_view_cannot_be_edited() -> None:
    g = new_game(players=2, seed=3, expansion="covenant")
    view = g.view(0)
    with pytest.raises(AttributeError):
        view.heroes[0].warriors = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.turn = view.turn  # type: ignore[misc]
    assert isinstance(view.heroes[0].potions, tuple)
    assert view.covenant is not None and isinstance(view.covenant.sites, tuple)


def test_a_part_that_did_not_change_is_the_same_object() -> None:
    """The agent reads a part again only when it is another object (agents/rtdt/table.py
    `reread`): a view of the same state hands back the same parts, and a change shows."""
    g = new_game(players=2, seed=3)
    a, b = g.view(0), g.view(0)
    for name in ("config", "buildings", "kingdoms", "heroes", "tower", "foes", "quests"):
        assert getattr(a, name) is getattr(b, name), name
    g.state.heroes[1].warriors = 2
    c = g.view(0)
    assert c.heroes is not a.heroes and c.heroes[0] is a.heroes[0]
    assert c.heroes[1].warriors == 2


def test_another_seats_secrets_are_counts_in_the_view_too() -> None:
    g = new_game(players=3, seed=4, mode="competitive")
    mine, theirs = g.view(0).heroes[0], g.view(1).heroes[0]
    assert isinstance(mine.trials, tuple) and mine.trials
    assert theirs.trials == len(mine.trials)
    assert msgspec.to_builtins(theirs)["trials"] == len(mine.trials)
