"""Pending decisions: every kind in one place (`board`, `items` for the base game) with its
answers, how an answer applies, its words for the player asked, and the rule it carries out.

Covenant's and the competitive mode's kinds register into the same table from their own
modules (`hooks.decision`); `answers`, `apply` and `words` below serve every kind through
the game's hook table. Notation of the answers: place SPACE | discard ITEM | take
GEAR/TREASURE | flip VIRTUE | remove SPACE | stop | go SPACE | hero HERO | step SPACE |
accept | reject | replace TREASURE | done | lose ITEM/VIRTUE | spend ITEM | skull SPACE |
skull none | foe FOE SPACE | to SPACE | tree SPACE | hit SPACE | spirit | option N | pay |
decline.
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt.decisions import board, choices, items
from towerplay.rtdt.hooks import DecisionKind
from towerplay.rtdt.state import Decision, State
from towerplay.rtdt.world import World

BASE_KINDS = {**board.KINDS, **items.KINDS, **choices.KINDS}


def kind_of(w: World, d: Decision) -> DecisionKind:
    found = w.hooks.decisions.get(d.kind)
    if found is None:
        raise ValueError(f"unknown decision {d.kind!r}")
    return found


def answers(w: World, s: State, d: Decision) -> list[Action]:
    """The legal answers to `d` (a kind the game's table has: saves are checked on load)."""
    out: list[Action] = w.hooks.decisions[d.kind].answers(w, s, d)
    return out


def apply(w: World, s: State, d: Decision, a: Action) -> None:
    """Answer the decision `d` (already popped from the queue)."""
    w.hooks.decisions[d.kind].apply(w, s, d, a)


def words(w: World, s: State, d: Decision) -> str:
    """The question, as the seat is asked it."""
    text: str = kind_of(w, d).words(w, s, d)
    return text
