"""`towerplay report RUN`: a run's records as win rates by every setup choice."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from towerplay.cli.common import LangOption, fail_on, language_option
from towerplay.cli.lang import _, speaking
from towerplay.core.errors import SaveError
from towerplay.i18n import Catalog
from towerplay.sim.report import COLUMNS, load, percent, tables


def report(
    run: Annotated[Path, typer.Argument(help="A records file written by `sim ... --out`.")],
    html: Annotated[
        Path | None,
        typer.Option("--html", help="Write a static page with the figures (PNGs beside it)."),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Win rates with 95% intervals by players and difficulty, hero, foe, adversary,
    companion, Covenant, encounter and class; the items and virtues that went with the result;
    how games ended; game lengths."""
    with speaking(language_option(lang)) as words:
        _report(run, html, words)


def _report(run: Path, html: Path | None, words: Catalog) -> None:
    try:
        game, records = load(run)
    except (ValueError, SaveError) as e:
        raise fail_on(e) from None
    console = Console(highlight=False)
    for table in tables(game, records):
        note = words.format(table.note, **table.note_args) if table.note else None
        out = RichTable(title=_(table.title), caption=note)
        for col in COLUMNS:
            out.add_column(_(col), justify="left" if col == COLUMNS[0] else "right")
        for r in table.rows:
            lo, hi = r.interval
            out.add_row(
                r.label,
                str(r.games),
                str(r.wins),
                percent(r.rate),
                f"{percent(lo)} – {percent(hi)}",
            )
        console.print(out)
    if html is not None:
        from towerplay.sim.plots import write_html

        try:
            files = write_html(game, records, html, str(run), words)
        except ValueError as e:
            raise fail_on(e) from None
        console.print(_("wrote {files}").format(files=", ".join(str(f) for f in files)))
