"""The report's figures (matplotlib, the optional extra towerplay[report]) and its page.

Each table becomes a horizontal bar chart of win rates with their 95% intervals; game
lengths a histogram. The page is one static HTML file with every figure embedded (base64
PNG), readable offline, and the PNGs are written beside it. Its words are in the language
of the catalog given (English by default); the records' own labels are data and stay as
they are.
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from towerplay.core.narration import N_
from towerplay.i18n import Catalog, catalog
from towerplay.sim.report import COLUMNS, Table, lengths, percent, tables

MAX_ROWS = 30  # the largest groups of a table drawn; the page's table lists them all


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--html needs matplotlib: pip install 'towerplay[report]'") from None
    return plt


def bar_chart(table: Table, words: Catalog) -> bytes:
    plt = _pyplot()
    rows = table.rows[:MAX_ROWS]
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.2))
    rates = [r.rate for r in rows]
    lo = [max(0.0, r.rate - r.interval[0]) for r in rows]  # rounding can put an end a hair
    hi = [max(0.0, r.interval[1] - r.rate) for r in rows]  # past the rate itself
    ax.barh(range(len(rows)), rates, xerr=[lo, hi], color="#7a3b2e", ecolor="#222", capsize=3)
    ax.set_yticks(range(len(rows)), [f"{r.label} ({r.games})" for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(words.gettext(N_("win rate (95% Wilson interval)")))
    ax.set_title(words.gettext(table.title))
    fig.tight_layout()
    return _png(plt, fig)


def histogram(values: list[int], title: str, words: Catalog) -> bytes:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.hist(values, bins=min(30, max(5, len(set(values)))), color="#4e463c")
    ax.set_xlabel(words.gettext(N_("turns (Return to Dark Tower) or rounds (Tactics)")))
    ax.set_ylabel(words.gettext(N_("games")))
    ax.set_title(title)
    fig.tight_layout()
    return _png(plt, fig)


def _png(plt: Any, fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110)
    plt.close(fig)
    return buf.getvalue()


def write_html(
    game: str, records: list[dict[str, Any]], out: Path, source: str, words: Catalog | None = None
) -> list[Path]:
    """The report page and its PNGs (named after the page); the files written."""
    say = words or catalog("en")
    shown = tables(game, records)
    written: list[Path] = []
    lang = "pt-BR" if say.lang == "pt" else say.lang
    errors = sum(1 for r in records if r.get("error"))
    page = say.gettext(N_("towerplay report"))
    heading = say.format(N_("towerplay report: {game}"), game=game)
    parts = [
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
        f"<title>{html.escape(page)}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:60em;margin:auto;padding:1em}"
        "table{border-collapse:collapse}td,th{padding:.2em .6em;border-bottom:1px solid #ddd;"
        "text-align:right}td:first-child,th:first-child{text-align:left}</style></head><body>",
        f"<h1>{html.escape(heading)}</h1>",
        "<p>"
        + html.escape(
            say.format(
                N_("{games} games from {source}; {errors} errors."),
                games=len(records),
                source=source,
                errors=errors,
            )
        )
        + "</p>",
    ]
    for table in shown:
        title = say.gettext(table.title)
        parts.append(f"<h2>{html.escape(title)}</h2>")
        if table.note:
            parts.append(f"<p>{html.escape(say.format(table.note, **table.note_args))}</p>")
        if not table.rows:
            continue
        png = bar_chart(table, say)
        path = out.with_name(f"{out.stem}-{table.key}.png")
        path.write_bytes(png)
        written.append(path)
        parts.append(
            f"<img alt='{html.escape(title)}' src='data:image/png;base64,"
            f"{base64.b64encode(png).decode()}'>"
        )
        parts.append(_table_html(table, say))
    turns = lengths(records)
    if turns:
        lengths_title = say.gettext(N_("Game lengths"))
        png = histogram(turns, lengths_title, say)
        path = out.with_name(f"{out.stem}-lengths.png")
        path.write_bytes(png)
        written.append(path)
        parts.append(f"<h2>{html.escape(lengths_title)}</h2>")
        parts.append(
            f"<img alt='{html.escape(lengths_title)}' src='data:image/png;base64,"
            f"{base64.b64encode(png).decode()}'>"
        )
    parts.append("</body></html>")
    out.write_text("\n".join(parts), encoding="utf-8")
    return [out, *written]


def _table_html(table: Table, say: Catalog) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(r.label)}</td><td>{r.games}</td><td>{r.wins}</td>"
        f"<td>{percent(r.rate)}</td><td>{percent(r.interval[0])} – {percent(r.interval[1])}"
        "</td></tr>"
        for r in table.rows
    )
    heads = "".join(f"<th>{html.escape(say.gettext(c))}</th>" for c in COLUMNS)
    return f"<table><tr>{heads}</tr>{rows}</table>"
