"""The rule-of-thumb Return to Dark Tower player: one decision, dispatched.

It reads only `game.view(seat)` (the typed seat view, rtdt/seat_view.py: `observe`
without the log), `game.legal_actions()`, `game.to_act` and the printed content
(`game.world`, docs/observe.md); the modules beside it hold its habits.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import closing
from typing import Any

from towerplay.agents.rtdt.battle import battle_move, delve_move
from towerplay.agents.rtdt.competitive import tower_delve_move
from towerplay.agents.rtdt.decisions import answer
from towerplay.agents.rtdt.ranked import alternatives
from towerplay.agents.rtdt.turn import trade_move, turn_move
from towerplay.agents.rtdt.values import TOWER, verb_of
from towerplay.agents.rtdt.view import View
from towerplay.core.notation import Action
from towerplay.core.rng import Rng, seed_state


class HeuristicAgent:
    """Rule-based Return to Dark Tower player; deterministic for a seed."""

    threat_weight = 0.25
    strict = False  # tests set this to see the agent's own errors instead of the fallback

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed_state(seed))
        self._memo: dict[Any, Any] = {}  # battle estimates, keyed by what they depend on
        self._decks: dict[Any, Any] = {}  # costs over battle decks
        self._comp_choice: dict[int, str] = {}  # the trial each seat is going for
        self._read: dict[Any, tuple[Any, Any]] = {}  # observed parts as read (view.reread)
        # the ranking's own memory (ranked.py), so that asking it never changes a choice
        self._rank_memory: tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]] = ({}, {}, {})

    def act(self, game: Any) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        try:
            memory = (self._memo, self._decks, self._comp_choice, self._read)
            v = self._view(game, legal, memory)
            with closing(v.once):  # the facts and the view refer to each other: let both go
                choice = decide(v)
            if choice is not None and choice in legal:
                return choice
        except Exception:  # an engine change must not stop the agent: fall back below
            if self.strict:
                raise
        return self._fallback(legal)

    def ranked(self, game: Any, seed: int, k: int) -> list[Action] | None:
        """Up to `k` actions worth comparing at this decision, the most promising first, for a
        search to try (agents/search_rollout.py, agents/rtdt/ranked.py); None where the agent
        has no ranking of its own. `seed` is unused: the ranking draws nothing. It works on its
        own memory and a copy of the agent's trial choices, so the agent's choices stay what
        they were."""
        del seed
        legal = game.legal_actions()
        memo, decks, read = self._rank_memory
        try:
            v = self._view(game, legal, (memo, decks, dict(self._comp_choice), read))
            with closing(v.once):
                out = alternatives(v)
        except Exception:  # as in act: a ranking that fails leaves the search its default
            if self.strict:
                raise
            return None
        return None if out is None else [a for a in out if a in legal][:k]

    def _view(self, game: Any, legal: list[Action], memory: tuple[Any, Any, Any, Any]) -> View:
        """The view one decision reads (never the log), with `memory`: the battle estimates,
        the deck costs, the trial choices and the parts as read."""
        seat = game.to_act
        memo, decks, comp_choice, read = memory
        obs = game.view(seat)
        return View(
            game.world, obs, seat, legal, memo, decks, comp_choice, self.threat_weight, read
        )

    def _fallback(self, legal: list[Action]) -> Action:
        """A safe default: end, stop or done when offered; never open a trade."""
        for verb in ("end", "stop", "done", "resolve", "reject", "cancel", "leave", "continue"):
            for a in legal:
                if len(a) == 1 and a[0] == verb:
                    return a
        calm = [a for a in legal if verb_of(a) not in ("trade", "give", "take", "double", "banner")]
        pool = calm or legal
        return pool[self.rng.below(len(pool))]


def decide(v: View) -> Action | None:
    """The question being asked decides which part of the agent answers."""
    s = v.s
    if s.pending:
        return answer(v, s.pending[-1])
    if s.trade is not None:
        return trade_move(v)
    if s.battle is not None:
        return battle_move(v)
    if s.delve is not None:
        if s.delve.space == TOWER:
            return tower_delve_move(v)
        return delve_move(v)
    return turn_move(v)


def play_game(game: Any, agents: Iterable[Any], limit: int = 200_000) -> int:
    """Play `game` to the end with one agent per seat; returns the number of decisions."""
    seats = list(agents)
    n = 0
    while game.to_act is not None and n < limit:
        game.apply(seats[game.to_act].act(game))
        n += 1
    return n
