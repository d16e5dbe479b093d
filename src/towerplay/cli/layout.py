"""Fitting a screen to the terminal: parts that shrink or go, a log that fills what is left,
and the prompt with the numbered actions always at the bottom.

A screen gives its parts from the most to the least needed, each as its variants from the
fullest to the most compact; `fit` takes the fullest that fit the height, shrinking the
least needed first, so a 120x40 terminal shows everything and 80x24 still shows the board
in short, the latest events, the prompt and the actions.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towerplay.cli.lang import N_, _
from towerplay.cli.narrate import Line

MIN_LOG = 2  # log lines kept however small the terminal
FULL_LOG = 8  # log lines when the height is unknown (output that is not a terminal)


def height_of(renderable: RenderableType, width: int) -> int:
    """The lines `renderable` takes at `width`."""
    measure = Console(width=width, file=io.StringIO(), color_system=None, highlight=False)
    return len(measure.render_lines(renderable, measure.options.update_width(width), pad=False))


@dataclass
class Part:
    """One part of a screen: its variants, fullest first (an empty list: nothing to show)."""

    variants: list[RenderableType]
    at: int = 0  # the variant in use; len(variants) when the part is left out

    @property
    def current(self) -> RenderableType | None:
        return self.variants[self.at] if self.at < len(self.variants) else None


def side_by_side(left: RenderableType, right: RenderableType, width: int) -> Table:
    """Two renderables in two columns of equal width."""
    grid = Table.grid(expand=True, padding=(0, 1))
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    grid.add_row(left, right)
    return grid


def log_panel(lines: Sequence[Line], rows: int | None, new: int | None = None) -> Panel:
    """The latest lines of the log that fit `rows` (None: FULL_LOG), fresh ones bright;
    the title counts the `new` lines (default: the fresh ones among `lines`)."""
    n = FULL_LOG if rows is None else max(MIN_LOG, rows)
    shown = list(lines)[-n:] if n > 0 else []
    body = Text("\n").join(x.styled() for x in shown) if shown else Text("—", style="dim")
    if new is None:
        new = sum(1 for x in lines if x.fresh)
    fresh_shown = sum(1 for x in shown if x.fresh)
    title = _("log · {n} new").format(n=new) if new else _("log")
    if new == 1:  # "1 nova", not "1 novas"
        title = _("log · 1 new")
    if new > fresh_shown:
        title += _(", {n} above: type log").format(n=new - fresh_shown)
    return Panel(
        body,
        title=title,
        title_align="left",
        box=box.SQUARE,
        padding=(0, 1),
        # no height: the lines were chosen to fit once wrapped, and a fixed one would cut them
    )


def fit(
    parts: Sequence[Part],
    shrink: Sequence[int],
    log: Sequence[Line],
    bottom: Sequence[RenderableType],
    width: int,
    height: int | None,
    soft: int = 0,
) -> Group:
    """The screen: `parts` (shrunk in the order of their indexes in `shrink`, each to its
    next variant, until all fits with MIN_LOG log lines; then up to `soft` more steps
    while the fresh lines do not fit), then the log filling what is left, then `bottom`.
    With no height (not a terminal) every part is shown in full with FULL_LOG lines."""
    foot = Group(*bottom)
    if height is None:
        shown = [p.current for p in parts if p.current is not None]
        return Group(*shown, log_panel(log, None), foot)
    heights = [[height_of(v, width) for v in p.variants] for p in parts]

    def used() -> int:
        return sum(heights[i][p.at] for i, p in enumerate(parts) if p.current is not None)

    room = height - height_of(foot, width) - 1  # the input line
    new = sum(1 for x in log if x.fresh)
    need = _rows_of([x for x in log if x.fresh], width - 4)
    taken = 0
    for i in shrink:  # shrink until the log has its few lines
        if used() + MIN_LOG + 2 <= room:
            break
        parts[i].at += 1
        taken += 1
    for i in shrink[taken:soft]:  # and a few steps more while the news do not fit
        if used() + need + 2 <= room:
            break
        parts[i].at += 1
    rows = max(MIN_LOG, room - used() - 2)
    shown = [p.current for p in parts if p.current is not None]
    if need > rows:  # the decisions first, in short, then as much of what they did as fits
        log = _condensed(log, width - 4, rows)
    return Group(*shown, log_panel(_wrapped(log, width - 4, rows), rows, new), foot)


def _condensed(lines: Sequence[Line], width: int, rows: int) -> list[Line]:
    """When the fresh lines do not fit: each run of decisions by one seat on a line
    ("AI seat 1 (Spymaster): banner; move archmont; end"), then the latest lines."""
    fresh = [x for x in lines if x.fresh]
    runs: list[tuple[str, list[str]]] = []
    for x in fresh:
        if x.kind != "action" and not x.head:
            continue
        who, _sep, what = (x.head or x.text).partition(": ")
        if runs and runs[-1][0] == who:
            runs[-1][1].append(what)
        else:
            runs.append((who, [what]))
    summary = [Line("action", f"{who}: {'; '.join(whats)}", fresh=True) for who, whats in runs]
    summary = _wrapped(summary, width, max(1, rows // 2))
    rest = _wrapped(fresh, width, rows - _rows_of(summary, width))
    return [*summary, *rest]


def _rows_of(lines: Sequence[Line], width: int) -> int:
    """The screen rows `lines` take once wrapped at `width`."""
    return sum(max(1, math.ceil(len(x.plain) / max(1, width))) for x in lines)


def _wrapped(lines: Sequence[Line], width: int, rows: int) -> list[Line]:
    """The last lines of `lines` that fill `rows` screen rows once wrapped at `width`."""
    out: list[Line] = []
    used = 0
    for x in reversed(lines):
        need = max(1, math.ceil(len(x.plain) / max(1, width)))
        if used + need > rows:
            break
        out.append(x)
        used += need
    if not out and lines:  # one long line: cut it to the rows there are, between words
        last = lines[-1]
        out.append(Line(last.kind, _cut(last.text, width * rows), last.amounts, last.fresh))
    return out[::-1]


def _cut(text: str, room: int) -> str:
    """`text` in `room` characters ending in "…": after its last whole item ("banner; move
    Anza; …") where it lists decisions, else after its last whole word."""
    if len(text) <= room:
        return text
    head = text[: room - 2]
    for sep in ("; ", " "):
        at = head.rfind(sep)
        if at > 0:
            return head[:at] + sep.rstrip() + " …"
    return head + "…"


# what an action costs, said after it in the list, by resource (`Game.costs`)
PRICES = {"spirit": N_("{action} ({n} spirit)")}


def priced(text: str, costs: dict[str, int]) -> str:
    """An action as the list shows it: as shown, then what taking it costs now ("double (1
    spirit)"); typed, the action is its text before the cost."""
    for resource, n in costs.items():
        template = PRICES.get(resource)
        if template is not None and n:
            text = _(template).format(action=text, n=n)
    return text


def action_grid(texts: Sequence[str], width: int, max_rows: int | None = None) -> RenderableType:
    """The numbered legal actions in as many columns as fit, filled column by column; with
    `max_rows`, those that do not fit are counted on a last line (the `actions` verb lists
    them all)."""
    items = [f"{i + 1:>2} {t}" for i, t in enumerate(texts)]
    cell = max((len(s) for s in items), default=1) + 2
    ncols = max(1, min(len(items), width // cell))
    nrows = math.ceil(len(items) / ncols) if items else 0
    hidden = 0
    if max_rows is not None and nrows > max_rows:
        nrows = max(1, max_rows - 1)
        hidden = len(items) - nrows * ncols
    grid = Table.grid(padding=(0, 2))
    for _col in range(ncols):
        grid.add_column(no_wrap=True)
    for r in range(nrows):
        row = []
        for c in range(ncols):
            i = c * nrows + r
            if i < len(items) and i < nrows * ncols:
                cell_text = Text(items[i][:3], style="bold yellow")
                cell_text.append(items[i][3:])
                row.append(cell_text)
            else:
                row.append(Text(""))
        grid.add_row(*row)
    if hidden > 0:
        more = Text(_("… {n} more: type actions to list them all").format(n=hidden), style="dim")
        return Group(grid, more)
    return grid
