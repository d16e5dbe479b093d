"""The CLI in a real pseudo-terminal of 120x40 and 80x24: what a player sees is what the
terminal shows after the program drew it (the `terminal` fixture: tests/cli/conftest.py)."""

from __future__ import annotations

import os

import pytest

from tests.cli.conftest import SIZES


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_return_to_dark_tower_shows_the_board_and_the_prompt(
    terminal: object, cols: int, rows: int
) -> None:
    t = terminal(
        ["play", "rtdt", "--seed", "3", "--players", "2", "--ai", "1=heuristic"], cols, rows
    )  # type: ignore[operator]
    lines = t.until_prompt()
    text = "\n".join(lines)
    assert lines[0].startswith("Month 1")  # the top of the screen is the board's header
    assert "North" in text and "West" in text  # the board
    assert "choose an action" in text  # the prompt
    assert any(line.lstrip().startswith("1 banner") for line in lines)  # the actions
    assert t.cursor_line.startswith("seat 0>")
    lines = t.send("1")  # banner: what it did is on the screen
    text = "\n".join(lines)
    assert "seat 0 (Orphaned Scion): banner" in text  # the decision, then what it did
    assert "Orphaned Scion gains 1 spirit" in text
    assert lines[0].startswith("Month 1")
    lines = t.send("end")  # the AI plays its turn: what it did, in full, then the screen
    assert lines[0] == "WHILE YOU WAITED"
    lines, pages = t.through_pages(lines)
    assert "AI seat 1 (" in pages and "drops a skull into the Tower" in pages
    text = "\n".join(lines)
    assert "North" in text and t.cursor_line.startswith("seat 0>")
    t.send("quit")
    t.child.send("\r")  # no save
    t.child.expect("Goodbye")


def test_in_portuguese_the_panels_and_the_prompt_are_worded_in_it(terminal: object) -> None:
    t = terminal(
        ["play", "rtdt", "--lang", "pt", "--seed", "3", "--players", "2", "--ai", "1=heuristic"],
        120,
        40,
    )  # type: ignore[operator]
    lines = t.until_prompt()
    text = "\n".join(lines)
    assert lines[0].startswith("Mês 1 de 6")  # the board's header
    assert "Norte" in text and "Oeste" in text and "Caveiras" in text  # the board's panels
    assert "─ registro" in text  # the log's panel title
    assert t.cursor_line.startswith("lugar 0>")  # the prompt
    assert "mês 1, início do turno: escolha uma ação (end para soltar sua caveira)." in text
    lines = t.send("move nowhere")  # a refusal: worded by the catalog, its rule kept
    assert "nowhere: não existe esse espaço [RTDT-MOVE-7]" in "\n".join(lines)
    lines = t.send("1")
    assert "lugar 0 (Orphaned Scion): banner" in "\n".join(lines)  # the notation stays
    t.send("quit")
    t.child.send("\r")  # no save
    t.child.expect("Até logo".encode())


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_tactics_shows_the_map_and_the_prompt(terminal: object, cols: int, rows: int) -> None:
    t = terminal(["play", "tactics", "--encounter", "ember_witch"], cols, rows)  # type: ignore[operator]
    lines = t.until_prompt()
    text = "\n".join(lines)
    assert "The Ember Witch's Road" in lines[0]
    assert any(line.split()[:3] == ["a", "b", "c"] for line in lines if line.strip())  # the map
    assert "[seat 0]" in text and any(line.lstrip().startswith("1 ") for line in lines)
    lines = t.send("99")  # an error: said under the prompt, the board stays
    assert "no action numbered 99" in "\n".join(lines)
    assert "The Ember Witch's Road" in "\n".join(lines)


def test_the_campaign_page_and_its_choices_fit(terminal: object, tmp_path: object) -> None:
    db = os.path.join(str(tmp_path), "c.db")
    t = terminal(["campaign", "new", "--heroes", "3", "--db", db], 80, 24)  # type: ignore[operator]
    lines = t.until_prompt()
    assert any("choose a hero" in line for line in lines)
    assert any(line.lstrip().startswith("1 hero ") for line in lines)
    assert t.cursor_line.startswith("seat 0>")


def test_the_log_pages_in_colour_with_no_escape_code_shown_when_less_is_unset(
    terminal: object,
) -> None:
    """Issue 33's defect: `log 30` paged through a plain `less` (the system pager where
    $PAGER and $LESS are unset) showed ESC[2;32m... on every line."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "PAGER", "LESS")}
    env.update(TERM="xterm-256color")
    t = terminal(["play", "rtdt", "--seed", "3", "--players", "1"], 120, 40, env)  # type: ignore[operator]
    t.until_prompt()
    t.send("1")
    t.child.send("log 30\r")
    t.until_prompt("(END)")  # less waits for a key at the end of the text
    text = "\n".join(t.lines)
    assert "gains 1 spirit" in text and "ESC" not in text and "[0m" not in text
    t.child.send("q")
    lines = t.until_prompt()
    assert t.cursor_line.startswith("seat 0>") and "Month 1" in lines[0]
