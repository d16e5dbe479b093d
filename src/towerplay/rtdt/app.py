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

    gritty_fewer: int = 2
    """Gritty months average this many turns fewer than Heroic (RTDT-MONTH-4)."""

    gritty_spawn: float = 0.45
    """On Gritty, the chance that foes spawn after a turn (Heroic: `spawn`)."""

    gritty_opening_status: str = "savage"
    """On Gritty, every foe's status at setup (Heroic: `opening_status`)."""

    tower_stirs: float = 0.3
    """Chance that "the Tower stirs" after a turn's skull drop (RTDT-EVENT-7)."""

    new_wares: float = 0.08
    """Chance of "New Wares" after a turn (RTDT-EVENT-11)."""

    spawn: float = 0.35
    """Chance that foes spawn after a turn (RTDT-EVENT-5)."""

    spawn_levels: tuple[int, ...] = (2, 2, 2, 3, 3, 4)
    """Which foe spawns, by level, evenly from this list (lower levels more often)."""

    spawn_count: tuple[int, int, int] = (2, 1, 1)
    """Tokens that spawn at once for a level 2, 3 and 4 foe (at most its token count)."""

    grow: float = 0.12
    """Chance that one foe type on the board grows in power after a turn (RTDT-EVENT-6)."""

    weaken: float = 0.03
    """Chance of the rare event that weakens one foe type on the board (RTDT-FOE-7)."""

    tower_acts: float = 0.08
    """Chance that the Tower acts (the adversary strikes) after a turn (RTDT-EVENT-9)."""

    companion: float = 0.08
    """Chance of a companion event after a turn (RTDT-EVENT-10)."""

    opening_foes: tuple[int, int, int] = (2, 1, 0)
    """Tokens of the level 2, 3 and 4 foes the app places at setup (RTDT-SETUP-19)."""

    fire_rivers: int = 4
    """Ashstrider's river of fire tokens, all placed on river crossings at setup."""

    siege_trees: int = 3
    """Letha's siege trees awake at setup on spaces of the west (8 tokens in the box)."""

    opening_status: str = "ready"
    """Every foe's status at setup."""

    wasteland: float = 0.25
    """Covenant: chance that the land withers after a turn (COV-WASTE-1)..."""

    wasteland_count: tuple[int, ...] = (1, 1, 2)
    """...and how many wasteland tokens it places, evenly from this list."""

    creeping_doom: float = 0.06
    """Covenant: chance of a Creeping Doom event after a turn (COV-DOOM-2)..."""

    creeping_doom_count: tuple[int, ...] = (1, 2, 2, 3)
    """...and how many doom skulls it drops, evenly from this list."""

    monument_event: float = 0.07
    """Covenant: chance, for each completed monument, that it brings its event after a turn
    (COV-MONUMENT-9)."""


PARAMS = AppParams()


def month_length(rng: Rng, players: int, difficulty: str, month: int, p: AppParams = PARAMS) -> int:
    """Turns in `month`: exactly one per player in the first (RTDT-ORDER-2), else drawn
    around the average (RTDT-MONTH-2..4)."""
    if month == 1:
        return players
    avg = AVERAGE_TURNS[players] - (p.gritty_fewer if difficulty == "gritty" else 0)
    return max(1, avg + rng.randint(-p.month_spread, p.month_spread))


def draw_events(
    rng: Rng,
    foes: tuple[str, ...],
    on_board: list[str],
    players: int,
    difficulty: str,
    p: AppParams = PARAMS,
) -> list[str]:
    """The events that follow one turn's skull drop (RTDT-EVENT-1), in order.

    Each foe type on the board strikes about once a month (RTDT-EVENT-4); foes spawn,
    grow in power, and the Tower stirs or acts now and then.
    """
    events = []
    month = AVERAGE_TURNS[players] - (p.gritty_fewer if difficulty == "gritty" else 0)
    if foes and rng.random() < (p.gritty_spawn if difficulty == "gritty" else p.spawn):
        level = rng.choice(p.spawn_levels)
        foe = foes[level - 2]
        events.append(f"spawn:{foe}:{p.spawn_count[level - 2]}")
    for foe in on_board:
        # RTDT-FOE-5: each foe on the board strikes about once a month
        if rng.random() < 1.0 / month:
            events.append(f"strike:{foe}")
    if on_board and rng.random() < p.grow:
        events.append(f"grow:{rng.choice(on_board)}")
    if on_board and rng.random() < p.weaken:
        events.append(f"weaken:{rng.choice(on_board)}")
    if rng.random() < p.tower_stirs:
        events.append("tower_stirs")
    if rng.random() < p.tower_acts:
        events.append("tower_acts")
    if rng.random() < p.companion:
        events.append("companion")
    if rng.random() < p.new_wares:
        events.append("new_wares")
    return events


def draw_covenant_events(rng: Rng, built: list[str], p: AppParams = PARAMS) -> list[str]:
    """Covenant's events after a turn's skull drop: wastelands spread (COV-WASTE-1), the
    Creeping Doom (COV-DOOM-2) and the completed monuments' blessings (COV-MONUMENT-9)."""
    events = []
    if rng.random() < p.wasteland:
        events.append(f"wasteland:{rng.choice(p.wasteland_count)}")
    if rng.random() < p.creeping_doom:
        events.append(f"creeping_doom:{rng.choice(p.creeping_doom_count)}")
    for monument in built:
        if rng.random() < p.monument_event:
            events.append(f"monument:{monument}")
    return events
