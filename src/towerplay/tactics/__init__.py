"""Adventure Tactics: Domianne's Tower — the encounter engine.

`new_game({"encounter": ..., "party": [...], "difficulty": ...}, seed)` returns a
`TacticsGame` speaking the Game protocol: one seat per hero, enemies automated.

Modules, from the ground up:

- `records`: every action of an encounter as a typed record, its slots by name.
- `seat_view`: what one seat sees, typed (published: agents read it).
- `grid`: squares, distance, corner-to-corner line of sight, movement costs, areas.
- `models`, `content`: the pydantic content models and the YAML under `content/`.
- `scaling`: an encounter's enemies grown with the campaign party's level (AT-CAMP-6).
- `state`: the plain-data state (units, heroes, pending decisions) and its clone.
- `narrate`: every change told as a structured event (kind, template, fields, amounts).
- `ending`: the end of an encounter: the objectives checked and the outcome told.
- `positions`: who stands where, walls and obstacles, line of sight and range.
- `stats`: a hero's numbers: its board's modifiers, movement and hand size.
- `dice`: rolling the dice.
- `decks`: drawing action cards, shuffling, the direction deck read through the compass.
- `effects`: shared rules — asking a decision, damage, healing, knock-outs, conditions,
  moving a figure.
- `area`: who an area of effect reaches (every character, unless its card says whom).
- `basic_attacks`: the elite classes' basic-attack modifiers (extra die, heal,
  push, splash).
- `cards`: playing a card step by step (targets, areas, summons).
- `idle`: which turn actions would do nothing now, and why (told beside them).
- `enemy_moves`: whom an enemy goes for and where it moves.
- `enemy_attacks`: enemy attacks, the players' Responses, the Harpoon.
- `spawns`: minions and walls that appear during play; the enemy-unit builder.
- `enemies`: boss turns, dispatching each step to the three modules above.
- `setup`: the party, the enemies, the potions and the decks of a new encounter.
- `turns`: a hero's turn, its choices and the revive.
- `action_words`: each action worded for people, as a button says it (printed names).
- `explain`: why an action is refused, with its rule.
- `describe`: any card's or piece's text for people, from the static content (`info NAME`).
- `encounter`: the round's phases and the dispatch of every decision.
- `hidden`: what a seat cannot see, re-dealt consistently (for `determinize`).
- `look`: what a seat sees, built as its typed view (`observe` is its JSON).
- `save_checks`: the cross-checks a loaded save must pass (ids, squares, decisions).
- `save`: the save format, written and read through `core.serial`.
- `game`: the protocol wrapper.

Each module imports only those above it in this list: no cycle.

Rule IDs (`AT-<AREA>-<n>`) are listed in docs/rules/tactics.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from towerplay.tactics.game import TacticsGame, new_game

__all__ = ["TacticsGame", "new_game"]


def __getattr__(name: str) -> Any:
    """The engine is imported when asked for, not by every module of the package (a
    Return to Dark Tower game that reads the grid's column letters needs none of it)."""
    if name in __all__:
        from towerplay.tactics import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
