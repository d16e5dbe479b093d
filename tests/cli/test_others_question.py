"""A question only its seat may see in full (the Astromancer's Bounty of the Gods, COV-SPELL-3)
is shown to another seat in the screen's language, without the cards."""

from __future__ import annotations

import io

from rich.console import Console

from tests.rtdt.scenario import play
from tests.rtdt.test_covenant_spells import ASTRO, game, ready
from towerplay.cli import rtdt_screen
from towerplay.cli.lang import speaking
from towerplay.rtdt.game import RtdtGame


def _screen(g: RtdtGame, seat: int) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(rtdt_screen.render(g, seat))
    return console.export_text()


def test_another_seats_question_in_portuguese() -> None:
    g = game(heroes=(ASTRO, "spymaster"))
    ready(g, "bounty_of_the_gods")
    play(g, "cast bounty_of_the_gods")
    assert g.pending is not None and g.pending.kind == "bounty"
    with speaking("pt"):
        other = _screen(g, 1)
    assert "fique com um dos itens de missão que você olhou" in other
    assert "keep one of the quest items" not in other
    assert not any(g.world.name(q) in other for q in g.pending.options)
    with speaking("en"):
        assert "keep one of the quest items you looked at" in _screen(g, 1)
