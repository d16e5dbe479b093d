"""The options every `sim` command shares: where the games run and where their records go."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from towerplay.cli.common import fail
from towerplay.cli.lang import N_
from towerplay.i18n import catalog
from towerplay.sim.records import check_path
from towerplay.sim.runner import default_workers

WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", help="Processes to play in (default: every core)."),
]
RayOption = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help="Play on a Ray cluster at this address ('local' starts one here); needs "
        "towerplay[ray].",
    ),
]
OutOption = Annotated[
    Path | None,
    typer.Option(
        "--out",
        help="Per-game records, .csv, .jsonl or .parquet (needs towerplay[report]); an "
        "existing file is resumed (its games are not played again).",
    ),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar on stderr.")]


def workers_of(workers: int | None) -> int:
    if workers is None:
        return default_workers()
    if workers < 1:
        raise fail("--workers must be 1 or more, not {workers}", workers=workers)
    return workers


def out_of(out: Path | None) -> Path | None:
    if out is not None:
        try:
            check_path(out)
        except ValueError as e:
            raise fail("--out {reason}", reason=str(e)) from None
    return out


def progress_of(quiet: bool, as_json: bool, lang: str = "en") -> str | bool:
    """A bar on long runs when stderr is a terminal, unless asked not to: its label in the
    screen's language, or False."""
    if quiet or as_json or not sys.stderr.isatty():
        return False
    return catalog(lang).gettext(N_("games"))
