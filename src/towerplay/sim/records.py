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
from towerplay.games import GameSpec, get, simulated
from towerplay.games.spec import Records
from towerplay.sim import parquet

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
FORMATS = (".csv", ".jsonl", ".parquet")


def kept(game: str) -> tuple[GameSpec, Records]:
    """The game called `game` and what its records keep; ValueError for a game that is
    not simulated one record a game."""
    spec = get(game)
    if spec.records is None:
        raise ValueError(f"{game} runs keep no per-game records")
    return spec, spec.records


def columns(game: str) -> list[str]:
    spec, rec = kept(game)
    cols = list(BASE) + [f"setup_{k}" for k in rec.setup]
    for i in range(spec.most_seats):
        cols += [f"seat{i}_{k}" for k in rec.seat]
    return cols


def check_path(path: Path) -> None:
    if path.suffix not in FORMATS:
        raise ValueError(f"{path}: records are written as {', '.join(FORMATS)}")
    if path.suffix == ".parquet":
        parquet.check_available()


def flat(record: dict[str, Any]) -> dict[str, Any]:
    """A record as one CSV row: lists joined by `;`, per-seat figures as seatN_ columns."""
    rec = kept(record["game"])[1]
    row: dict[str, Any] = {k: record.get(k) for k in BASE}
    row["winners"] = ";".join(str(w) for w in record.get("winners") or [])
    for k in rec.setup:
        v = (record.get("setup") or {}).get(k)
        row[f"setup_{k}"] = ";".join(map(str, v)) if isinstance(v, list) else v
    for i, seat in enumerate(record.get("seats") or []):
        for k in rec.seat:
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
            return _game_of_columns(path, list(names))
        path = parquet.journal(path)  # a run stopped before its Parquet file was written
    try:
        with path.open(encoding="utf-8") as f:
            first = f.readline()
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror or e}") from None
    if not first.strip():
        raise ValueError(f"{path}: no records of a towerplay run")
    if path.suffix == ".csv":
        return _game_of_columns(path, first.rstrip("\r\n").split(","))
    try:
        game = str(json.loads(first)["game"])
    except (ValueError, KeyError, TypeError):
        raise SaveError(str(path), "line 1", "not a towerplay run's record") from None
    if game not in {g.name for g in simulated()}:
        raise SaveError(str(path), "line 1", f"not a towerplay run's record (game {game!r})")
    return game


def _game_of_columns(path: Path, names: list[str]) -> str:
    for spec in simulated():
        if names == columns(spec.name):
            return spec.name
    where = "line 1" if path.suffix == ".csv" else "columns"
    raise SaveError(str(path), where, "not the columns of a towerplay run")


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
    spec, rec = kept(game)
    setup: dict[str, Any] = {}
    for k in rec.setup:
        v = row[f"setup_{k}"]
        lists = k in rec.lists
        setup[k] = v.split(";") if lists and v else ([] if lists else _value(v))
    seats = []
    for i in range(spec.most_seats):
        seat = {k: _seat_value(k, row[f"seat{i}_{k}"]) for k in rec.seat}
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
