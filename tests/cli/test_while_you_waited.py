""" "While you waited" (cli/loop.py): when others played since your last prompt and what they
did is longer than a third of the screen, it is shown in full, a page at a time, before your
screen: every AI decision and everything it did, never cut, each page within the terminal."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.console import Console

from tests.cli.conftest import SIZES
from tests.cli.scripted import says
from towerplay.cli import loop
from towerplay.cli.narrate import history
from towerplay.cli.rtdt import SCREEN, build_game, parse_ai


def _recording(console: Console, answers: list[str]) -> tuple[Callable[[str], str], list[str]]:
    """A `read` that answers with `answers` and keeps, for each prompt, what the console
    showed since the previous one and the prompt itself."""
    shown: list[str] = []
    it = iter(answers)

    def read(prompt: str) -> str:
        shown.append(console.export_text(clear=True) + prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read, shown


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_every_ai_decision_and_what_it_did_is_shown_in_full_pages(cols: int, rows: int) -> None:
    game = build_game(3, [], "heroic", None, 5, mode="competitive")
    ai = parse_ai(["1=heuristic", "2=heuristic"], 3, 5)
    console = Console(record=True, width=cols, height=rows, color_system=None)
    read, shown = _recording(console, ["end"] + [""] * 30 + ["quit", ""])
    g = loop.play_loop(SCREEN, game, console, read, ai=ai, clear_screen=True)
    pages = [p for p in shown if p.endswith(("Enter: more ", "Enter: your turn "))]
    assert len(pages) >= 2 and pages[-1].endswith("Enter: your turn ")
    assert pages[0].startswith("WHILE YOU WAITED")
    for page in pages:
        assert len(page.splitlines()) <= rows, page  # each page within the terminal
    block = "\n".join(pages)
    # everything seat 0 saw happen after its own `end`, each line whole, in order
    told = [x.text for x in history(g, 0)]
    first = next(i for i, t in enumerate(told) if "ends the turn" in t)
    for text in told[first:]:
        assert says(block, text), text
    assert "…" not in block
    ai_turns = [s.seat for s in g.state.heroes if s.seat in ai]
    for seat in ai_turns:
        assert f"AI seat {seat} (" in block
    # then the screen, whose log no longer holds a line cut in the middle of a word
    screen = next(p for p in shown if p.endswith("seat 0> "))
    assert "WHILE YOU WAITED" not in screen


def test_short_news_stay_in_the_log_without_a_block() -> None:
    """Your own decision with a short outcome is read in the log, as before."""
    game = build_game(2, [], "heroic", None, 5)
    console = Console(record=True, width=120, height=40, color_system=None)
    read, shown = _recording(console, ["banner", "quit", ""])
    loop.play_loop(SCREEN, game, console, read, clear_screen=True)
    assert not any("WHILE YOU WAITED" in p for p in shown)
