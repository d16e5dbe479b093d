"""Adventure Tactics' content texts in Portuguese where a screen shows them: a card's info,
an objective, a Campaign Guide page (its title, prose and choices) in the terminal, and
the words the browser's pages get (`/api/i18n/pt`). The game and `observe()` stay English."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from rich.console import Console, RenderableType

from towerplay.agents.heuristic_campaign import HeuristicCampaignAgent
from towerplay.cli import campaign_screen, lang, tactics_screen
from towerplay.i18n import catalog
from towerplay.store import open_store
from towerplay.tactics import new_game
from towerplay.tactics.campaign.game import CampaignGame
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.web.app import create_app

WHIRLWIND = "Attack every enemy adjacent to you: one red die +1."


def shown(thing: RenderableType) -> str:
    console = Console(width=120, file=io.StringIO(), record=True)
    console.print(thing)
    return " ".join(console.export_text().split())  # the words, however the panel wraps


def spaced(text: str) -> str:
    return " ".join(text.split())


def at_a_page(seed: int = 2) -> CampaignGame:
    """A campaign played by heuristic seats to its first Guide page with choices."""
    g = new_campaign({"heroes": 3, "players": 3}, seed)
    agents = [HeuristicCampaignAgent(seed * 10 + s) for s in range(3)]
    for _ in range(400):
        page = g.observe(0).get("page")
        if page and page["choices"]:
            return g
        g.apply(agents[g.to_act].act(g))
    raise AssertionError("no page with choices")


@pytest.fixture
def pt() -> Iterator[Any]:
    with lang.speaking("pt") as words:
        yield words


def test_a_cards_info_shows_its_text_in_portuguese(pt: Any) -> None:
    game = new_game({}, 1)
    text = shown(tactics_screen.info(game, "Whirlwind") or "")
    assert spaced(pt.gettext(WHIRLWIND)) in text
    assert "Ataque cada inimigo vizinho a você" in text and WHIRLWIND not in text
    assert game.describe("Whirlwind") is not None and WHIRLWIND in game.describe("Whirlwind")


def test_the_objectives_read_in_portuguese(pt: Any) -> None:
    game = new_game({}, 1)
    main = game.observe(0)["objectives"]["main"]  # English in the view
    text = shown(tactics_screen.head(game, game.observe(0)))
    assert pt.gettext(main) != main and spaced(pt.gettext(main)) in text


def test_a_guide_page_reads_in_portuguese_and_observe_stays_english(pt: Any) -> None:
    g = at_a_page()
    page = g.observe(0)["page"]
    text = shown(campaign_screen.page(g.observe(0)))
    heading = pt.event(page["heading"])
    assert heading.startswith("Capítulo ") and page["title"].startswith("Chapter ")
    assert spaced(heading) in text and page["title"] not in text
    assert spaced(pt.gettext(page["text"])) in text
    for choice in page["choices"]:
        worded = pt.gettext(choice["text"])
        assert worded != choice["text"] and spaced(worded) in text
    with lang.speaking("en"):
        assert spaced(page["text"]) in shown(campaign_screen.page(g.observe(0)))


def test_a_campaign_info_words_a_perk_in_portuguese(pt: Any) -> None:
    g = at_a_page()
    english = g.describe("Veteran's Heart") or ""
    assert english, "the perk is in the content"
    body = english.partition("\n")[2]
    text = shown(campaign_screen.CampaignScreen().info(g, "Veteran's Heart") or "")
    assert spaced(pt.gettext(body)) in text and body not in text


def test_the_browser_gets_the_guides_words_in_portuguese(tmp_path: Path) -> None:
    g = at_a_page()
    page = g.observe(0)["page"]
    with (
        open_store(str(tmp_path / "web.db")) as store,
        TestClient(create_app(store, pace=0.0, poll=0.05)) as client,
    ):
        words = client.get("/api/i18n/pt").json()
    pt = catalog("pt")
    assert words[page["text"]] == pt.gettext(page["text"]) != page["text"]
    assert all(words[c["text"]] != c["text"] for c in page["choices"])
    # the page words the heading itself from the event (static/campaign.js: Words.event)
    title = page["heading"]["args"]["title"]
    assert words[title] != title and words[page["heading"]["msg"]].startswith("Capítulo")
