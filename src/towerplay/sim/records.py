"""Per-game records on disk: CSV (one flat row a game), JSON lines (one record a line) or
Parquet (the CSV's columns, typed; streamed through a journal: sim/parquet.py).

A file grows one finished game at a time, flushed and fsynced, so a run that is stopped
(Ctrl-C, a kill, a power cut) loses only the games in flight; `read` drops a last line cut
short, and a resumed run plays only the games the file does not hold. A file that does not
match the run (another game, a bad line) is refused naming the file and the line.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

from towerplay.core.errors import SaveError
from towerplay.sim import parquet
from towerplay.sim.play import RTDT_SETUP, SEATS

BASE = (
    "index",
    "seed",
    "game",
    "outcome",
    "cause",
    "winners",
    "turns",
    "decisions",
    "seconds",
    "error",
)
SETUP = {
    "rtdt": RTDT_SETUP,
    "tactics": ("encounter", "party", "difficulty"),
}
SEAT = {
    "rtdt": ("hero", "warriors", "spirit", "corruptions", "eliminated", "items", "virtues"),
    "tactics": ("class", "hp", "max_hp", "knocked_out"),
}
FORMATS = (".csv", ".jsonl", ".parquet")


def columns(game: str) -> list[str]:
    cols = list(BASE) + [f"setup_{k}" for k in SETUP[game]]
    for i in range(SEATS[game]):
        cols += [f"seat{i}_{k}" for k in SEAT[game]]
    return cols


def check_path(path: Path) -> None:
    if path.suffix not in FORMATS:
        raise ValueError(f"{path}: records are written as {', '.join(FORMATS)}")
    if path.suffix == ".parquet":
        parquet.check_available()


def flat(record: dict[str, Any]) -> dict[str, Any]:
    """A record as one CSV row: lists joined by `;`, per-seat figures as seatN_ columns."""
    game = record["game"]
    row: dict[str, Any] = {k: record.get(k) for k in BASE}
    row["winners"] = ";".join(str(w) for w in record.get("winners") or [])
    for k in SETUP[game]:
        v = (record.get("setup") or {}).get(k)
        row[f"setup_{k}"] = ";".join(map(str, v)) if isinstance(v, list) else v
    for i, seat in enumerate(record.get("seats") or []):
        for k in SEAT[game]:
            v = seat.get(k)
            row[f"seat{i}_{k}"] = ";".join(v) if isinstance(v, list) else v
    return {k: "" if v is None else v for k, v in row.items()}


class Writer:
    """Appends records to a file (making it, with a CSV header, when new)."""

    def __init__(self, path: Path, game: str) -> None:
        check_path(path)
        self.path, self.game = path, game
        self.parquet = path.suffix == ".parquet"
        lines = parquet.journal(path) if self.parquet else path  # a Parquet run's journal
        fresh = not lines.exists() or lines.stat().st_size == 0
        self.file = lines.open("a", encoding="utf-8", newline="")
        self.csv = path.suffix == ".csv"
        if self.csv and fresh:
            self._write(",".join(columns(game)) + "\n")

    def add(self, record: dict[str, Any]) -> None:
        if self.csv:
            buf = io.StringIO()
            csv.DictWriter(buf, columns(self.game), lineterminator="\n").writerow(flat(record))
            self._write(buf.getvalue())
        else:
            self._write(json.dumps(record, sort_keys=True) + "\n")

    def _write(self, text: str) -> None:
        self.file.write(text)
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        """Closes the file; a Parquet run's games (old and new) are written into the Parquet
        file and the journal goes."""
        self.file.close()
        if self.parquet:
            games = read(self.path, self.game)
            rows = [flat(games[i]) for i in sorted(games)]
            parquet.write_rows(self.path, columns(self.game), rows)
            parquet.journal(self.path).unlink(missing_ok=True)


def game_of(path: Path) -> str:
    """Which game's run a records file holds, read from the file itself."""
    check_path(path)
    if path.suffix == ".parquet":
        names = parquet.column_names(path)
        if names is not None:
            return "tactics" if "setup_encounter" in names else "rtdt"
        path = parquet.journal(path)  # a run stopped before its Parquet file was written
    try:
        with path.open(encoding="utf-8") as f:
            first = f.readline()
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror or e}") from None
    if path.suffix == ".csv":
        return "tactics" if "setup_encounter" in first.split(",") else "rtdt"
    return "tactics" if '"game": "tactics"' in first else "rtdt"


def read(path: Path, game: str) -> dict[int, dict[str, Any]]:
    """The records a file holds, by index (for resuming and for the summary). A last line
    cut short by a stop is dropped from the file."""
    check_path(path)
    if path.suffix == ".parquet":
        out = _rows(parquet.read_rows(path), path, game, first_line=1)
        return out | _read_text(parquet.journal(path), game)
    return _read_text(path, game)


def _read_text(path: Path, game: str) -> dict[int, dict[str, Any]]:
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):  # a write stopped halfway: keep the whole lines
        text = text[: text.rfind("\n") + 1]
        path.write_text(text, encoding="utf-8")
    out: dict[int, dict[str, Any]] = {}
    if path.suffix == ".jsonl":  # a run's records, or a Parquet run's journal
        for n, line in enumerate(text.splitlines(), 1):
            try:
                rec = json.loads(line)
                if rec["game"] != game:
                    raise ValueError(f"a {rec['game']} record, not {game}")
                out[int(rec["index"])] = rec
            except (ValueError, KeyError, TypeError) as e:
                raise SaveError(str(path), f"line {n}", str(e)) from None
        return out
    return _rows(list(csv.DictReader(io.StringIO(text))), path, game, first_line=2)


def _rows(
    rows: list[dict[str, str]], path: Path, game: str, first_line: int
) -> dict[int, dict[str, Any]]:
    """Flat rows (a CSV's or a Parquet file's) back as records, by index."""
    if rows and list(rows[0]) != columns(game):
        where = "line 1" if path.suffix == ".csv" else "columns"
        raise SaveError(str(path), where, f"not the columns of a {game} run")
    out: dict[int, dict[str, Any]] = {}
    for n, row in enumerate(rows, first_line):
        try:
            out[int(row["index"])] = unflat(row, game)
        except (ValueError, KeyError) as e:
            where = f"line {n}" if path.suffix == ".csv" else f"row {n}"
            raise SaveError(str(path), where, str(e)) from None
    return out


def unflat(row: dict[str, str], game: str) -> dict[str, Any]:
    """A CSV row back as a record (lists split again, numbers and flags read)."""
    if row["game"] != game:
        raise ValueError(f"a {row['game']} record, not {game}")
    setup: dict[str, Any] = {}
    for k in SETUP[game]:
        v = row[f"setup_{k}"]
        setup[k] = v.split(";") if k in LISTS and v else ([] if k in LISTS else _value(v))
    seats = []
    for i in range(SEATS[game]):
        seat = {k: _seat_value(k, row[f"seat{i}_{k}"]) for k in SEAT[game]}
        if any(v not in ("", None, []) for v in seat.values()):
            seats.append(seat)
    return {
        "index": int(row["index"]),
        "seed": int(row["seed"]),
        "game": game,
        "setup": setup,
        "outcome": row["outcome"] or None,
        "cause": row["cause"] or None,
        "winners": [int(w) for w in row["winners"].split(";") if w],
        "turns": int(row["turns"]) if row["turns"] else None,
        "decisions": int(row["decisions"]),
        "seconds": float(row["seconds"]),
        "seats": seats,
        "error": row["error"] or None,
    }


LISTS = ("heroes", "foes", "party")
SEAT_LISTS = ("items", "virtues")


def _seat_value(key: str, text: str) -> Any:
    return [v for v in text.split(";") if v] if key in SEAT_LISTS else _value(text)


def _value(text: str) -> Any:
    """A CSV cell as the number or flag it was written from."""
    if text in ("True", "False"):
        return text == "True"
    try:
        return int(text)
    except ValueError:
        return text
