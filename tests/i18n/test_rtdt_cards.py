"""Return to Dark Tower's card texts in Portuguese where they are shown: `info NAME` in the
terminal and the page's describe answer (pt_BR/rtdt_cards.po); the names stay as printed and
the game's own data (`describe` without a language, `observe()`) stays English."""

from __future__ import annotations

from rich.console import Console

from towerplay.cli import lang
from towerplay.cli.rtdt import SCREEN as RTDT
from towerplay.i18n import catalog
from towerplay.rtdt.game import new_game

BANNER_EN = "Take 5 warriors from the supply."
BANNER_PT = "Pegue 5 guerreiros da reserva."


def shown(renderable: object) -> str:
    console = Console(width=120, record=True)
    console.print(renderable)
    return console.export_text()


def test_the_catalog_holds_the_card_texts() -> None:
    assert catalog("pt").gettext(BANNER_EN) == BANNER_PT
    assert catalog("en").gettext(BANNER_EN) == BANNER_EN


def test_info_of_a_card_shows_its_portuguese_text() -> None:
    game = new_game(seed=3, players=1)
    with lang.speaking("pt"):
        text = shown(RTDT.info(game, "Brutal Warlord"))
    assert "Brutal Warlord" in text  # the name as printed
    assert BANNER_PT in text and BANNER_EN not in text
    with lang.speaking("en"):
        assert BANNER_EN in shown(RTDT.info(game, "brutal_warlord"))
    assert BANNER_EN in (game.describe("Brutal Warlord") or "")  # the game's own, English
