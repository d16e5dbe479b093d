"""core/undo.py on a small game whose answers are known: two seats, a public counter
(`step` adds 1: reveals nothing) and a hidden shuffled deck of coins (`draw` shows the top
coin to everyone: reveals)."""

from __future__ import annotations

from typing import Any

import pytest

from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action, parse
from towerplay.core.replay import EMPTY, Chain, state_hash
from towerplay.core.rng import Rng, seed_state
from towerplay.core.undo import EVERY, Timeline, Undoable, applied, consent, reveals, sealed, start


class Coins(Undoable):
    __slots__ = ("seed", "deck", "shown", "count", "history", "_tl")

    def __init__(self, seed: int) -> None:
        if seed < 0:
            raise ValueError("a seed is 0 or more")
        self.seed = seed
        self.deck = ["heads"] * 5 + ["tails"] * 5
        Rng(seed_state(seed)).shuffle(self.deck)
        self.shown: list[str] = []
        self.count = 0
        self.history: Chain[str] = EMPTY
        self._tl = Timeline()

    @property
    def to_act(self) -> int:
        return len(self.history) % 2

    def legal_actions(self) -> list[Action]:
        return [Action("step")] + ([Action("draw")] if self.deck else [])

    def apply(self, action: Action | str) -> None:
        self._step(action)
        applied(self, self._tl)

    def _step(self, action: Action | str) -> None:
        a = parse(action) if isinstance(action, str) else action
        if a not in self.legal_actions():
            raise IllegalAction(f"{a} is not legal", "TEST-1")
        if a.verb == "draw":
            self.shown.append(self.deck.pop())
        else:
            self.count += 1
        self.history = self.history.add(str(a))

    def observe(self, seat: int) -> dict[str, Any]:
        return {"shown": list(self.shown), "count": self.count, "left": len(self.deck)}

    def clone(self) -> Coins:
        c = Coins.__new__(Coins)
        c.seed, c.deck, c.shown, c.count = self.seed, list(self.deck), list(self.shown), self.count
        c.history, c._tl = self.history, self._tl.shared()
        return c

    def determinize(self, seat: int, seed: int) -> Coins:
        c = self.clone()
        c._tl = sealed()
        Rng(seed_state(seed)).shuffle(c.deck)
        return c

    def state_hash(self) -> str:
        return state_hash([self.deck, self.shown, self.count, list(self.history)])

    def _position(self) -> int:
        return len(self.history)

    def _played(self, start: int) -> list[str]:
        return self.history.last(len(self.history) - start)

    def _origin(self) -> Coins:
        return Coins(self.seed)

    def _snapshot(self) -> Coins:
        return self.clone()

    def _adopt(self, other: Coins) -> None:
        self.deck, self.shown, self.count, self.history = (
            other.deck,
            other.shown,
            other.count,
            other.history,
        )


def new(seed: int = 1) -> Coins:
    g = Coins(seed)
    g._tl = start(g)
    return g


def played(g: Coins, actions: str) -> list[str]:
    hashes = [g.state_hash()]
    for a in actions.split(","):
        g.apply(a)
        hashes.append(g.state_hash())
    return hashes


def test_a_checkpoint_every_EVERY_actions_and_an_undo_drops_those_past_it() -> None:
    g = new()
    played(g, ",".join(["step"] * (3 * EVERY + 5)))
    assert [pos for pos, _ in g._tl.marks] == [0, EVERY, 2 * EVERY, 3 * EVERY]
    g.undo(EVERY + 10)
    assert [pos for pos, _ in g._tl.marks] == [0, EVERY]  # at 2 * EVERY - 5 now
    assert g.count == 2 * EVERY - 5 and g.redoable == EVERY + 10


def test_a_game_that_skips_checkpoints_takes_none_and_still_undoes() -> None:
    g, kept = new(), new()
    g.skip_checkpoints()
    actions = ",".join((["step"] * 5 + ["draw"]) * 6)  # 36 actions, 6 coins shown
    hashes = played(g, actions)
    assert played(kept, actions) == hashes
    assert g._tl.marks == ()
    g.undo(EVERY + 3)  # rebuilt from the setup and the history (UNDO-2)
    kept.undo(EVERY + 3)
    assert g.state_hash() == kept.state_hash() == hashes[36 - EVERY - 3]
    g.redo(EVERY + 3)
    assert g.state_hash() == hashes[-1]


def test_undo_restores_the_deck_and_redo_the_draws() -> None:
    g = new()
    hashes = played(g, "draw,step,draw,draw")
    g.undo(3)
    assert g.state_hash() == hashes[1] and len(g.deck) == 9
    assert g.redo_actions == ["step", "draw", "draw"]
    g.redo(2)
    assert g.state_hash() == hashes[3]
    with pytest.raises(IllegalAction, match="only 1 step"):
        g.redo(2)
    assert g.state_hash() == hashes[3]


def test_a_new_action_after_an_undo_drops_the_redo_list() -> None:
    g = new()
    played(g, "draw,draw")
    g.undo(1)
    g.apply("step")
    assert g.redoable == 0 and g.redo_actions == []


def test_a_rebuild_that_does_not_reach_the_kept_game_is_refused() -> None:
    g = new()
    played(g, "draw,step")
    loaded = g.clone()
    loaded._tl = start(loaded)  # as if loaded from a save: one checkpoint, the game itself
    loaded.undo(2)
    assert loaded.count == 0 and len(loaded.deck) == 10
    edited = g.clone()
    edited.count = 7  # changed behind its history
    edited._tl = start(edited)
    with pytest.raises(IllegalAction) as err:
        edited.undo(1)
    assert err.value.rule == "UNDO-2" and edited.count == 7 and edited.undoable == 0


def test_reveals_knows_a_draw_from_a_step() -> None:
    g = new()
    assert reveals(g, "draw", 0) and reveals(g, "draw", 1)
    assert not reveals(g, "step", 0) and not reveals(g, "step", 1)


def test_consent_asks_every_human_seat_only_after_a_draw() -> None:
    g = new()
    played(g, "step,draw,step")
    assert consent(g, 1, [0, 1], agreed=()).allowed  # the last step revealed nothing
    two = consent(g, 2, [0, 1], agreed=[1])
    assert not two.allowed and two.missing == (0,) and "2 steps back (draw)" in two.reason
    assert consent(g, 2, [0, 1], agreed=[0, 1]).allowed
    assert consent(g, 2, [1], agreed=[1]).allowed  # one person online: they asked
    assert not consent(g, 9, [0, 1], agreed=[0, 1]).allowed
    assert g.undoable == 3 and g.redoable == 0


def test_a_setup_that_cannot_be_made_again_keeps_no_past() -> None:
    g = new()
    played(g, "step,step")
    broken = g.clone()
    broken.seed = -1  # its setup is refused now
    broken._tl = start(broken)
    with pytest.raises(IllegalAction, match="cannot be rebuilt"):
        broken.undo(1)
    assert broken.count == 2 and broken.undoable == 0
