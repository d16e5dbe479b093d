"""What happened, for the screen: the lines of the log a seat may see, through the protocol.

A game that tells structured events (`game.events`, `core/narration.Event`) gives lines with
their kind and amounts, so gains show green and losses red; a game that only has text
(`game.log`, `observe(seat)["log"]`) gives plain lines. The loop keeps a `Journal`: each
decision (yours or the AI's) as a header line, then what it did, so the screen can show the
outcome of every action since the previous prompt. Events are worded in the terminal's
language (`cli/lang.event`); a text-only log is shown as the game wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rich.text import Text

from towerplay.cli.lang import _, event
from towerplay.core.protocol import Game

# How each kind of event is coloured (kinds from core/narration.KINDS; "action" is a decision)
STYLES = {
    "action": "bold cyan",
    "gain": "green",
    "loss": "red",
    "cost": "yellow",
    "draw": "cyan",
    "reveal": "magenta",
    "move": "",
    "spawn": "magenta",
    "damage": "red",
    "defeat": "bold red",
    "skulls": "red",
    "turn": "bold",
    "result": "bold yellow",
    "text": "",
}
KEEP = 400  # journal lines kept for the screen's log panel (the `log` verb shows them all)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the log as the screen shows it."""

    kind: str
    text: str
    amounts: tuple[tuple[str, int], ...] = ()
    fresh: bool = False  # new since the previous prompt
    head: str = ""  # the decision this line is the whole outcome of, said first

    @property
    def plain(self) -> str:
        return f"{self.head} → {self.text}" if self.head else self.text

    def styled(self) -> Text:
        """The line in its colour: bright when fresh, dim once seen."""
        style = STYLES.get(self.kind, "")
        if not style and self.amounts:  # a kind of the game's own: the sign says
            total = sum(n for _, n in self.amounts)
            style = "green" if total > 0 else "red" if total < 0 else ""
        dim = "" if self.fresh else " dim"
        out = Text()
        if self.head:
            out.append(self.head, style=STYLES["action"] + dim)
            out.append(" → ", style="dim")
        out.append(self.text, style=(style + dim).strip())
        return out


def _events(game: Game) -> Sequence[Any] | None:
    """The game's structured events (protocol `game.events`), or None for a text-only log."""
    events = getattr(game, "events", None)
    return None if events is None else list(events)


def mark(game: Game) -> int:
    """Where the log ends now (a position for `since`)."""
    events = _events(game)
    return len(events) if events is not None else len(game.log)


def from_event(e: Any) -> Line:
    return Line(e.kind, event(e), tuple(e.amounts))


def since(game: Game, seat: int | None, start: int, end: int | None = None) -> list[Line]:
    """The lines `seat` may see between two marks (end: now)."""
    events = _events(game)
    if events is not None:
        return [from_event(e) for e in events[start:end] if e.seen_by(seat)]
    total = len(game.log)
    stop = total if end is None else end
    if stop <= start:
        return []
    seen: list[str] = game.observe(0 if seat is None else seat)["log"]
    # observe keeps the last lines only: the ones from `start` to `stop`, as far as it reaches
    first = len(seen) - (total - start)
    last = len(seen) - (total - stop)
    lines = [Line("text", t) for t in seen[max(0, first) : max(0, last)]]
    if first < 0:
        missed = min(-first, stop - start)
        lines.insert(
            0, Line("text", _("… {n} earlier line(s): type log to read them").format(n=missed))
        )
    return lines


def history(game: Game, seat: int | None) -> list[Line]:
    """Every line `seat` may see, from the start (the `log` verb)."""
    events = _events(game)
    if events is not None:
        return [from_event(e) for e in events if e.seen_by(seat)]
    return [Line("text", t) for t in game.log]  # a text-only log holds public lines only


@dataclass
class Journal:
    """The log as this sitting shows it: what happened, each decision made at the table
    written before its outcome; `fresh` lines are those since the previous prompt."""

    lines: list[Line] = field(default_factory=list)
    at: int = 0  # the mark up to which the game's log is in `lines`
    steps: list[tuple[str, int]] = field(default_factory=list)  # (header, mark before it)

    @staticmethod
    def start(game: Game, seat: int | None) -> Journal:
        """A journal that begins with the game's log so far (seen, not fresh)."""
        return Journal(history(game, seat)[-KEEP:], mark(game))

    def before(self, game: Game, header: str) -> None:
        """A decision is about to be applied: `header` says who chose what."""
        self.steps.append((header, mark(game)))

    def catch_up(self, game: Game, seat: int | None) -> list[Line]:
        """Take in what happened since the last call, as seen by `seat` (the seat about to
        be asked); returns the new lines, which are now the fresh ones."""
        new: list[Line] = []
        pos = self.at
        now = mark(game)
        bounds = [at for _, at in self.steps[1:]] + [now] if self.steps else []
        if self.steps and self.steps[0][1] > pos:  # what happened before the first decision
            new.extend(since(game, seat, pos, self.steps[0][1]))
        for (header, at), end in zip(self.steps, bounds, strict=True):
            outcome = since(game, seat, at, end) if end > at else []
            if len(outcome) == 1:  # a decision and its one outcome, on one line
                new.append(replace(outcome[0], head=header))
            else:
                new.append(Line("action", header))
                new.extend(outcome)
            pos = max(pos, end)
        if pos < now:
            new.extend(since(game, seat, pos, now))
        self.steps.clear()
        self.at = now
        self.lines = [replace(x, fresh=False) for x in self.lines] + [
            replace(x, fresh=True) for x in new
        ]
        del self.lines[:-KEEP]
        return new
