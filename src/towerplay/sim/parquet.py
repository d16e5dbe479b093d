"""Per-game records as a Parquet file (`--out run.parquet`), for pandas, polars or DuckDB.

A Parquet file cannot grow a row at a time, so a run streams its games to a journal beside
it (`run.parquet.part.jsonl`, one fsynced JSON line a game, as `--out run.jsonl` does) and
writes the Parquet file when it ends, atomically, with every game of the file and of the
journal; then the journal goes. A run that is stopped leaves the journal, and the next run
with the same `--out` reads both and plays only the games they lack. The columns are the
CSV's (records.columns), typed: numbers as integers or floats, flags as booleans, empty
cells as nulls. pyarrow is an optional install (`towerplay[report]`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from towerplay.core.errors import SaveError
from towerplay.core.files import write_atomic

NEEDS = "Parquet records need pyarrow: pip install 'towerplay[report]'"


def journal(path: Path) -> Path:
    return path.with_name(path.name + ".part.jsonl")


def _pyarrow() -> Any:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - the extra is installed in CI
        raise SystemExit(NEEDS) from None
    return pa, pq


def check_available() -> None:
    """Refuses a Parquet `--out` before any game is played when pyarrow is missing."""
    _pyarrow()


def read_rows(path: Path) -> list[dict[str, str]]:
    """The Parquet file's rows as CSV cells (text), so that one reader unflattens both."""
    if not path.exists():
        return []
    _pa, pq = _pyarrow()
    try:
        rows = pq.read_table(path).to_pylist()
    except Exception as e:  # pyarrow raises its own errors for a damaged file
        raise SaveError(str(path), "file", f"not a Parquet file ({e})") from None
    return [{k: _cell(v) for k, v in row.items()} for row in rows]


def column_names(path: Path) -> list[str] | None:
    """The file's column names (None when there is no file yet)."""
    if not path.exists():
        return None
    _pa, pq = _pyarrow()
    try:
        return list(pq.read_schema(path).names)
    except Exception as e:  # pyarrow raises its own errors for a damaged file
        raise SaveError(str(path), "file", f"not a Parquet file ({e})") from None


def write_rows(path: Path, columns: list[str], rows: list[dict[str, Any]]) -> None:
    """The flat rows (records.flat) written whole, atomically, in index order."""
    pa, pq = _pyarrow()
    cells = {c: [_typed(row.get(c)) for row in rows] for c in columns}
    types = {c: _type(pa, values) for c, values in cells.items()}
    arrays = [pa.array(_as(types[c], pa, cells[c]), type=types[c]) for c in columns]
    table = pa.Table.from_arrays(arrays, names=columns)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink)
    write_atomic(path, sink.getvalue().to_pybytes())


def _typed(v: Any) -> Any:
    """A flat cell ("" for nothing, numbers, flags, text) as the value Parquet keeps."""
    return None if v == "" else v


def _type(pa: Any, values: list[Any]) -> Any:
    """One column's type: the same for every row (a figure missing in a row is null)."""
    kinds = {type(v) for v in values if v is not None}
    if kinds == {bool}:
        return pa.bool_()
    if kinds <= {int}:
        return pa.int64()
    if kinds <= {int, float}:
        return pa.float64()
    return pa.string()


def _as(kind: Any, pa: Any, values: list[Any]) -> list[Any]:
    if kind == pa.string():
        return [None if v is None else str(v) for v in values]
    if kind == pa.float64():
        return [None if v is None else float(v) for v in values]
    return values


def _cell(v: Any) -> str:
    return "" if v is None else str(v)
