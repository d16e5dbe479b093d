"""The page's describe answer words a card of either game in the page's language
(pt_BR/rtdt_cards.po), its name as printed; without a language it is English."""

from __future__ import annotations

from towerplay.store import Store
from towerplay.web.tables import Tables

BANNER_EN = "Take 5 warriors from the supply."
BANNER_PT = "Pegue 5 guerreiros da reserva."


def test_the_describe_answer_is_in_the_pages_language(store: Store) -> None:
    tables = Tables(store)
    made = tables.create("rtdt", {"players": 1}, 2, [{"human": "Ana"}])
    pt = tables.describe(made.id, made.tokens[0], "Brutal Warlord", "pt") or ""
    en = tables.describe(made.id, made.tokens[0], "Brutal Warlord") or ""
    assert pt.startswith("Brutal Warlord") and BANNER_PT in pt and BANNER_EN not in pt
    assert BANNER_EN in en


def test_a_tactics_card_is_described_in_the_pages_language(store: Store) -> None:
    """The same for an Adventure Tactics table (pt_BR/tactics_cards.po)."""
    tables = Tables(store)
    made = tables.create(
        "tactics",
        {"encounter": "goblin_ambush"},
        5,
        [{"human": "A"}, {"ai": "heuristic"}, {"ai": "heuristic"}],
    )
    en_text = "Attack an adjacent enemy and every enemy around it with two red dice."
    pt_text = (
        "Ataque um inimigo vizinho e todos os inimigos ao redor dele com dois dados vermelhos."
    )
    pt = tables.describe(made.id, made.tokens[0], "cleave", "pt") or ""
    en = tables.describe(made.id, made.tokens[0], "cleave") or ""
    assert pt_text in pt and en_text not in pt
    assert en_text in en
