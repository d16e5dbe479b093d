"""What the companion app decides: month lengths and the events after each turn.

The app's own tables are not public, so every number here is `designed`
(docs/content.md lists them). All draws come from the game's seeded RNG.
"""

from __future__ import annotations

from dataclasses import dataclass

from towerplay.core.rng import Rng

AVERAGE_TURNS = {1: 6, 2: 7, 3: 8, 4: 9}  # RTDT-MONTH-2 (rulebook table)
MONTHS = 6  # RTDT-MONTH-1


@dataclass(frozen=True, slots=True)
class AppParams:
    """Designed numbers of the app model."""

    month_spread: int = 1
    """A month (after the first) lasts the average number of turns plus or minus up
    to this many, evenly: the players know the average, not the count (RTDT-MONTH-3)."""

    gritty_fewer: int = 1
    """Gritty months average this many turns fewer than Heroic (RTDT-MONTH-4)."""

    tower_stirs: float = 0.3
    """Chance that "the Tower stirs" after a turn's skull drop (RTDT-EVENT-7)."""

    new_wares: float = 0.08
    """Chance of "New Wares" after a turn (RTDT-EVENT-11)."""


PARAMS = AppParams()


def month_length(rng: Rng, players: int, difficulty: str, month: int, p: AppParams = PARAMS) -> int:
    """Turns in `month`: exactly one per player in the first (RTDT-ORDER-2), else drawn
    around the average (RTDT-MONTH-2..4)."""
    if month == 1:
        return players
    avg = AVERAGE_TURNS[players] - (p.gritty_fewer if difficulty == "gritty" else 0)
    return max(1, avg + rng.randint(-p.month_spread, p.month_spread))


def draw_events(rng: Rng, p: AppParams = PARAMS) -> list[str]:
    """The events that follow one turn's skull drop (RTDT-EVENT-1), in order."""
    events = []
    if rng.random() < p.tower_stirs:
        events.append("tower_stirs")
    if rng.random() < p.new_wares:
        events.append("new_wares")
    return events
