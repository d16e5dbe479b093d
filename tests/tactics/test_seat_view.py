"""An encounter's typed view (tactics/seat_view.py): frozen, the same facts as `observe`,
another seat's hand and answers kept out, and what a seat cannot know re-drawn without
changing it."""

from __future__ import annotations

import random

import msgspec
import pytest

from towerplay.tactics import new_game
from towerplay.tactics.seat_view import EncounterView


def played(encounter: str, seed: int, steps: int):  # type: ignore[no-untyped-def]
    game = new_game({"encounter": encounter}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.result is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("encounter", ["goblin_ambush", "blob_king", "ember_witch"])
def test_the_view_is_observe_without_what_was_said(encounter: str) -> None:
    """`observe(seat)` is the view's JSON plus the log, the events and a turn's idle notes."""
    game = played(encounter, 3, 40)
    for seat in (0, 1, 2, -1):
        view = game.view(seat)
        assert isinstance(view, EncounterView)
        assert game.observe(seat, told=False) == view.to_json()
        said = game.observe(seat)
        assert set(said) - set(view.to_json()) == {"log", "events"}
        if said["pending"] is not None:
            said["pending"].pop("notes", None)
        assert {k: v for k, v in said.items() if k not in ("log", "events")} == view.to_json()


def test_a_seat_sees_its_own_hand_and_answers_only() -> None:
    game = played("goblin_ambush", 1, 12)
    asked = game.to_act
    for seat in (0, 1, 2):
        view = game.view(seat)
        for h in view.heroes:
            assert (h.hand is not None) == (h.seat == seat)
            assert ("hand" in game.observe(seat)["heroes"][h.seat]) == (h.seat == seat)
        assert view.pending is not None
        assert (view.pending.choices is not None) == (seat == asked)
    assert game.view(-1).pending.choices is None  # the spectator


def test_the_view_cannot_be_edited() -> None:
    view = new_game({}, 0).view(0)
    with pytest.raises(AttributeError):
        view.round = 9  # type: ignore[misc]
    assert msgspec.structs.asdict(view)["encounter"] == "goblin_ambush"


def test_a_redrawn_world_leaves_the_seats_view_as_it_was() -> None:
    game = played("pawl_chieftain", 5, 30)
    seat = game.to_act if game.to_act is not None else 0
    for n in range(3):
        assert game.determinize(seat, n).view(seat) == game.view(seat)
