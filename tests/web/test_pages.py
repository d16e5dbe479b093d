"""The pages and what they fetch: served from the package, every word in the catalog."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from towerplay.store import Store
from towerplay.web.app import STATIC, create_app
from towerplay.web.words import PAGE_WORDS

WORD = re.compile(r'Words\.t\("((?:[^"\\]|\\.)*)"[,)]|data-t="([^"]*)"')


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, pace=0.0)) as c:
        yield c


def test_every_word_a_page_uses_is_marked_for_the_catalog() -> None:
    used = set()
    for f in STATIC.iterdir():
        if f.suffix in (".js", ".html"):
            used |= {a or b for a, b in WORD.findall(f.read_text())}
    assert used and not used - set(PAGE_WORDS)


def test_the_pages_and_their_assets_come_from_the_package(client: TestClient) -> None:
    assert "New table" in client.get("/").text
    page = client.get("/play/abc234?token=x").text
    for asset in re.findall(r'src="(/static/[^"]+)"', page) + ["/static/style.css"]:
        r = client.get(asset)
        assert r.status_code == 200 and r.text, asset
    assert "http" not in re.sub(r"http://www\.w3\.org/2000/svg", "", page)  # no CDN


def test_the_board_and_the_words(client: TestClient) -> None:
    board = client.get("/api/boards/rtdt").json()
    assert len(board["spaces"]) == 60 and len(board["edges"]) > 60
    assert all(0 < s["x"] < board["size"] and 0 < s["y"] < board["size"] for s in board["spaces"])
    assert client.get("/api/i18n/pt").json()["Your turn"] == "Sua vez"
    assert client.get("/api/i18n/en").json() == {}
    assert client.get("/api/i18n/fr").status_code == 400


def test_the_layout_keeps_spaces_apart_and_in_their_kingdom() -> None:
    import math

    from towerplay.rtdt.board_view import ANGLE, GAP, board_view

    b = board_view()
    pts = [(s["x"], s["y"]) for s in b["spaces"]]
    assert min(math.dist(p, q) for i, p in enumerate(pts) for q in pts[i + 1 :]) >= GAP - 1
    for s in b["spaces"]:
        a = math.degrees(math.atan2(s["y"] - 500, s["x"] - 500))
        assert abs((a - ANGLE[s["kingdom"]] + 180) % 360 - 180) <= 45, s["id"]


def test_the_log_colours_every_event_kind() -> None:
    from towerplay.core.narration import KINDS

    css = (STATIC / "style.css").read_text()
    missing = [k for k in KINDS if not re.search(rf"#log \.{k} \{{[^}}]*\S", css)]
    assert not missing, f"no style for the event kinds {missing}"
