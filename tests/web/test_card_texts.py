"""The page's describe answer words a Return to Dark Tower card in the page's language
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
