"""Balance reports from a run's records: win rates by every setup choice, with intervals.

`breakdowns(game, records)` gives the tables (plain data, one per question a designer asks:
by player count and difficulty, by hero, foe, adversary, companion, Covenant, by encounter
and class), `held` the items and virtues that went with winning or losing, `causes` how
games ended; `tables` all of them. `towerplay report RUN` prints them, and with `--html` writes a static page with
the figures embedded (and the PNGs beside it; `sim/plots.py`, matplotlib).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from towerplay.core.narration import N_
from towerplay.sim.records import game_of, kept, read

Z95 = 1.959964


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate (95% by default); (0, 1) for no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@dataclass(frozen=True)
class Row:
    """One group of games: its label, games, wins, the rate and its 95% interval."""

    label: str
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class Table:
    """One table of the report. Its title and note are English message ids (the note a
    template whose fields are `note_args`), so a screen words them in its own language."""

    title: str
    key: str  # a file-name-safe id, for the figure
    rows: tuple[Row, ...]
    note: str = ""  # how to read it, when the title is not enough
    note_args: dict[str, Any] = field(default_factory=dict)

    @property
    def note_text(self) -> str:
        """The note in English."""
        return self.note.format_map(self.note_args) if self.note_args else self.note


# the columns of every table, in order (message ids: a screen words them)
COLUMNS = (N_("group"), N_("games"), N_("wins"), N_("win rate"), N_("95% interval"))


def won(record: dict[str, Any], seat: int | None = None) -> bool:
    """Whether the record's game was won (for a competitive seat: by that seat), as its
    game's records say."""
    return kept(record["game"])[1].won(record, seat)


def group(
    records: Iterable[dict[str, Any]],
    labels: Callable[[dict[str, Any]], Iterable[tuple[str, bool]]],
) -> tuple[Row, ...]:
    """Rows from the (label, won) pairs each record gives, biggest group first."""
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    for r in records:
        for label, w in labels(r):
            games[label] = games.get(label, 0) + 1
            wins[label] = wins.get(label, 0) + int(w)
    order = sorted(games, key=lambda k: (-games[k], k))
    return tuple(Row(k, games[k], wins[k]) for k in order)


def breakdowns(game: str, records: list[dict[str, Any]]) -> list[Table]:
    """Every table of the report, for the games that finished (errors left out)."""
    done = [r for r in records if not r.get("error")]
    overall = Table(N_("All games"), "all", group(done, lambda r: [("all", won(r))]))
    return [overall] + [
        Table(b.title, b.key, group(done, b.labels)) for b in kept(game)[1].breakdowns
    ]


HELD_MIN_GAMES = 20  # fewer seats holding a card tell nothing either way


def held(records: list[dict[str, Any]]) -> Table | None:
    """The items and virtues a seat held when its game ended whose win rate's 95% interval
    leaves out the rate of every seat of the run: what went with winning or losing, where
    the data says so. None for runs whose records hold no cards (Tactics)."""
    done = [r for r in records if not r.get("error")]
    if not any("items" in s for r in done for s in r["seats"]):
        return None

    def labels(r: dict[str, Any]) -> list[tuple[str, bool]]:
        return [
            (f"{kind[:-1]}: {card}", won(r, i))
            for i, seat in enumerate(r["seats"])
            for kind in ("items", "virtues")
            for card in seat.get(kind) or []
        ]

    seats = group(done, lambda r: [("all", won(r, i)) for i in range(len(r["seats"]))])
    base = seats[0].rate if seats else 0.0
    rows = group(done, labels)
    telling = tuple(
        r for r in rows if r.games >= HELD_MIN_GAMES and not r.interval[0] <= base <= r.interval[1]
    )
    note = N_(
        "{telling} of {cards} items and virtues held at the end by at least {least} seats "
        "have a win rate whose 95% interval leaves out the run's {rate} a seat. Held at the "
        "end goes with the result; it does not prove the card decided it."
    )
    args = {
        "telling": len(telling),
        "cards": len(rows),
        "least": HELD_MIN_GAMES,
        "rate": percent(base),
    }
    return Table(
        N_("Held at the end: items and virtues that went with the result"),
        "held",
        tuple(sorted(telling, key=lambda r: -r.rate)),
        note,
        args,
    )


def tables(game: str, records: list[dict[str, Any]]) -> list[Table]:
    """Every table of a report, in the order it shows them."""
    extra = held(records)
    return breakdowns(game, records) + ([extra] if extra else []) + [causes(records)]


def causes(records: list[dict[str, Any]]) -> Table:
    """How games ended, by outcome and cause (wins counted as the row's wins)."""
    rows = group(
        (r for r in records if not r.get("error")),
        lambda r: [(f"{r['outcome']}: {r['cause']}", won(r))],
    )
    return Table(N_("How games ended"), "causes", rows)


def lengths(records: list[dict[str, Any]]) -> list[int]:
    return [r["turns"] for r in records if not r.get("error") and r["turns"] is not None]


def load(path: Path) -> tuple[str, list[dict[str, Any]]]:
    """A records file's game (read from the file itself) and its records, in game order."""
    game = game_of(path)
    found = read(path, game)
    if not found:
        raise ValueError(f"{path}: no records of a towerplay run")
    return game, [found[i] for i in sorted(found)]


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"
