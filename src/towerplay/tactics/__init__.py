"""Adventure Tactics: Domianne's Tower — the encounter engine.

`new_game({"encounter": ..., "party": [...], "difficulty": ...}, seed)` returns a
`TacticsGame` speaking the Game protocol: one seat per hero, enemies automated.

Modules, from the ground up:

- `grid`: squares, distance, corner-to-corner line of sight, movement costs, areas.
- `models`, `content`: the pydantic content models and the YAML under `content/`.
- `state`: the plain-data state (units, heroes, pending decisions) and its clone.
- `effects`: shared rules — sight and range, dice, damage, healing, knock-outs,
  the direction deck, objectives.
- `cards`: playing a card step by step (targets, areas, summons).
- `enemies`: boss turns and enemy behaviour.
- `encounter`: setup, the round, hero turns and the dispatch of every decision.
- `game`: the protocol wrapper, save and load.

Rule IDs (`AT-<AREA>-<n>`) are listed in docs/rules/tactics.md.
"""

from towerplay.tactics.game import TacticsGame, new_game

__all__ = ["TacticsGame", "new_game"]
