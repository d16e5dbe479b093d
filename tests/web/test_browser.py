"""The pages in a real browser (Debian's Chromium driven by Playwright): whole games played
by clicks, two seats that cannot see or act for each other, a reload mid-game, Portuguese,
a phone-sized screen. Screenshots go to test-artifacts/. `make browser` runs these."""

from __future__ import annotations

import os
import random
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .smtp_sink import Sink, smtp_sink

pytestmark = pytest.mark.browser

playwright = pytest.importorskip("playwright.sync_api")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM = os.environ.get("TOWERPLAY_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("web") / "browser.db")


@pytest.fixture(scope="module")
def mails() -> Iterator[Sink]:
    """The SMTP server the module's server sends its turn mails to (tests/web/smtp_sink.py)."""
    with smtp_sink() as sink:
        yield sink


@pytest.fixture(scope="module")
def base_url(browser_db: str, mails: Sink) -> Iterator[str]:
    import uvicorn

    from towerplay.store import open_store
    from towerplay.web.app import create_app
    from towerplay.web.guards import Limits
    from towerplay.web.mail import MailSettings

    store = open_store(browser_db)
    mail = MailSettings("127.0.0.1", mails.port, "towerplay@example.org")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            # every table of the module is made from this one address, in a minute or two
            create_app(
                store, pace=0.0, poll=0.2, limits=Limits(tables_per_minute=1_000), mail=mail
            ),
            port=port,
            log_level="warning",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    store.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: `make browser` installs Debian's chromium")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def table(page: Any, base_url: str, body: dict[str, Any]) -> dict[str, Any]:
    r = page.request.post(f"{base_url}/api/tables", data=body)
    assert r.status == 201, r.text()
    return dict(r.json())


def open_seat(chromium: Any, base_url: str, link: str, **context: Any) -> Any:
    page = chromium.new_context(**context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(base_url + link)
    page.wait_for_function("document.body.dataset.version !== undefined")
    return page


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def play_by_clicks(page: Any, rng: random.Random, limit: int) -> int:
    """Click a random action whenever it is this seat's turn, until the game is over."""
    clicks = 0
    while clicks < limit:
        if "Game over" in (page.text_content("#status") or ""):
            return clicks
        version = page.evaluate("document.body.dataset.version")
        count = page.locator("#actions button").count()
        if count:
            try:
                page.locator("#actions button").nth(rng.randrange(count)).click(timeout=2_000)
                clicks += 1
            except playwright.Error:  # a new view replaced the buttons: look again
                continue
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}' ||"
            " document.getElementById('status').textContent.includes('Game over')",
            timeout=30_000,
        )
    raise AssertionError(f"no end after {limit} clicks")


def test_a_whole_return_to_dark_tower_game_by_clicks(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "rtdt",
            "config": {"players": 2},
            "seed": 8,
            "seats": [{"human": "Ana"}, {"ai": "heuristic"}],
        },
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    seat.wait_for_selector("svg.map .space")
    assert seat.locator("svg.map .space").count() == 60
    assert seat.locator("svg.map .building").count() == 16
    shot(seat, "rtdt-start")
    clicks = play_by_clicks(seat, random.Random(3), 4000)
    shot(seat, "rtdt-end")
    assert clicks > 10 and not seat.errors
    assert "Game over" in seat.text_content("#status")


def test_a_tactics_encounter_by_clicks_on_the_board(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "tactics",
            "config": {"encounter": "goblin_ambush"},
            "seed": 4,
            "seats": [{"human": "A"}, {"ai": "heuristic"}, {"ai": "heuristic"}],
        },
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    seat.wait_for_selector("svg.grid .sq.legal")
    version = seat.evaluate("document.body.dataset.version")
    seat.click("svg.grid .sq.legal")  # placing the hero by its square
    seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert seat.locator("svg.grid .unit.hero").count() >= 1
    shot(seat, "tactics-placed")
    # the damage numbers: a figure whose HP changed since the last view shows the change
    seat.evaluate("""() => { window.damageShown = [];
        new MutationObserver(() => document.querySelectorAll('svg.grid .dmg')
            .forEach((d) => window.damageShown.push(d.textContent)))
          .observe(document.body, { childList: true, subtree: true }); }""")
    play_by_clicks(seat, random.Random(5), 2000)
    shot(seat, "tactics-end")
    shown = seat.evaluate("window.damageShown")
    assert shown and all(d.startswith(("-", "+")) for d in shown), shown
    assert not seat.errors


def seat_to_act(*pages: Any) -> Any:
    """The page that has actions to click, waiting while an AI seat moves (none has them then)."""
    for _ in range(100):
        for p in pages:
            if p.locator("#actions button").count():
                return p
        pages[0].wait_for_timeout(100)
    raise AssertionError("no seat was given actions within 10 s")


def test_one_seat_neither_sees_nor_acts_for_another(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "tactics",
            "config": {"encounter": "goblin_ambush"},
            "seed": 2,
            "seats": [{"human": "A"}, {"human": "B"}, {"ai": "heuristic"}],
        },
    )
    a = open_seat(chromium, base_url, made["seats"][0]["link"])
    b = open_seat(chromium, base_url, made["seats"][1]["link"])
    for _ in range(30):  # place and keep hands until B, holding cards, is to act
        if b.locator("#actions button").count() and b.locator(".hand .chip").count():
            break
        mover = seat_to_act(a, b)
        version = mover.evaluate("document.body.dataset.version")
        mover.locator("#actions button").first.click()
        for p in (a, b):
            p.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert a.locator("#actions button").count() == 0  # not A's turn: nothing to click
    hand_of_b = b.locator(".hero-board.seat1 .hand .chip").all_text_contents()
    assert hand_of_b and a.locator(".hero-board.seat1 .hand").count() == 0
    watcher = open_seat(chromium, base_url, made["spectator"]["link"])
    assert "Spectator" in watcher.text_content("#title")
    assert watcher.locator(".hand").count() == 0 and watcher.locator("#actions button").count() == 0
    a.evaluate(
        "Play.socket.send(JSON.stringify({action: 'keep', version: Number(document.body.dataset.version)}))"
    )
    a.wait_for_function("document.getElementById('error').textContent.includes('not your turn')")
    shot(a, "seat-a-refused")


def test_a_reload_mid_game_shows_the_same_state(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {"game": "rtdt", "config": {"players": 1}, "seed": 3, "seats": [{"human": "Ana"}]},
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    for _ in range(5):
        version = seat.evaluate("document.body.dataset.version")
        seat.locator("#actions button").first.click()
        seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    before = (seat.evaluate("document.body.dataset.version"), seat.text_content("#prompt"))
    seat.reload()
    seat.wait_for_function("document.body.dataset.version !== undefined")
    assert (seat.evaluate("document.body.dataset.version"), seat.text_content("#prompt")) == before


def test_the_pages_in_portuguese(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {"game": "rtdt", "config": {"players": 1}, "seed": 1, "seats": [{"human": "Ana"}]},
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    seat.select_option("#lang", "pt")
    seat.wait_for_function("document.getElementById('status').textContent === 'Sua vez'")
    assert seat.text_content("#side h3") == "O que aconteceu"
    shot(seat, "rtdt-pt")
    lobby = seat.context.new_page()  # the same browser keeps the choice
    lobby.goto(base_url + "/")
    lobby.wait_for_function("document.querySelector('#new h2').textContent === 'Nova mesa'")
    assert lobby.input_value("#lang") == "pt"
    lobby.select_option("#lang", "en")
    lobby.wait_for_function("document.querySelector('#new h2').textContent === 'New table'")


def test_a_phone_sized_screen_keeps_board_and_actions(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "tactics",
            "config": {"encounter": "goblin_ambush"},
            "seed": 1,
            "seats": [{"human": "A"}, {"ai": "random"}, {"ai": "random"}],
        },
    )
    seat = open_seat(
        chromium, base_url, made["seats"][0]["link"], viewport={"width": 390, "height": 844}
    )
    seat.wait_for_selector("svg.grid")
    box = seat.locator("svg.grid").bounding_box()
    assert box["width"] <= 390
    assert seat.locator("#actions button").first.is_visible()
    shot(seat, "tactics-phone")


def test_the_lobby_makes_a_table_and_gives_its_links(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    page.goto(base_url + "/")
    page.wait_for_selector("#seats .seat")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=seat1]", "ai:heuristic")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#link-list a")
    link = page.locator("#link-list a").first.get_attribute("href")
    assert link.startswith("/play/") and "token=" in link
    assert page.locator("#link-list li").count() == 4  # two seats, the host key, the spectators
    assert "Host key" in page.text_content("#link-list")
    seat = open_seat(chromium, base_url, link)
    seat.wait_for_selector("svg.map")


def test_a_campaign_page_and_its_encounter(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "campaign",
            "config": {"heroes": 3},
            "seed": 2,
            "seats": [{"human": "Sam"}, {"ai": "heuristic"}, {"ai": "heuristic"}],
        },
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    # the first screen: the basic classes as cards, by name, each with its full text
    seat.wait_for_function("document.querySelectorAll('.cardface .cardtext').length >= 5"
                           " && ![...document.querySelectorAll('.cardtext')]"
                           ".some((p) => p.textContent === '…')")  # fmt: skip
    faces = seat.locator(".cardface").all_inner_texts()
    assert any(f.startswith("Fighter\n") and "starting cards: Cleave" in f for f in faces), faces
    assert not SNAKE.findall(" ".join(faces)), faces
    rng = random.Random(1)
    for _ in range(400):  # create the heroes, read the pages, until the first encounter
        if seat.locator("svg.grid").count():
            break
        version = seat.evaluate("document.body.dataset.version")
        choices = seat.locator(".guide .choices button:enabled")
        target = choices if choices.count() else seat.locator("#actions button")
        if target.count():  # else the AI seats are acting: wait for their moves
            try:
                target.nth(rng.randrange(target.count())).click(timeout=2_000)
            except playwright.Error:  # a new view replaced the buttons
                continue
        seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert seat.locator("svg.grid .sq").count() >= 40  # the encounter's grid
    assert seat.locator(".hero-sheet").count() == 3  # and the party's sheets beside it
    sheets = " ".join(seat.locator(".hero-sheet").all_inner_texts())
    assert "Basic Attack ×3" in sheets and not SNAKE.findall(sheets), sheets
    shot(seat, "campaign-encounter")
    assert not seat.errors


def test_undo_and_redo_in_the_page(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {"game": "rtdt", "config": {"players": 1}, "seed": 6, "seats": [{"human": "Ana"}]},
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    assert seat.is_disabled("#undo") and seat.is_disabled("#redo")
    prompts = []
    for _ in range(3):
        prompts.append(seat.text_content("#prompt"))
        version = seat.evaluate("document.body.dataset.version")
        seat.locator("#actions button").first.click()
        seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    version = seat.evaluate("document.body.dataset.version")
    seat.click("#undo")
    seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert seat.text_content("#prompt") == prompts[-1] and seat.is_enabled("#redo")
    version = seat.evaluate("document.body.dataset.version")
    seat.keyboard.press("r")  # redo by its key
    seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert seat.is_disabled("#redo")
    shot(seat, "rtdt-undo-redo")


def test_card_texts_on_hover_and_on_a_tap(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {"game": "rtdt", "config": {"players": 1}, "seed": 4, "seats": [{"human": "Ana"}]},
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    seat.wait_for_selector("svg.map .space")  # the page is drawn whole
    chip = seat.locator(".cards.virtue .chip").first
    chip.hover()
    seat.wait_for_function("document.querySelector('.cards.virtue .chip').title.length > 10")
    chip.click()
    seat.wait_for_selector("#info:not([hidden])")
    assert len(seat.text_content("#info-text") or "") > 10
    shot(seat, "rtdt-card-text")


def test_the_log_speaks_the_catalog_language(chromium: Any, base_url: str) -> None:
    """An event's template comes out of the catalog with its fields filled in: the test
    gives the page a catalog that translates the first event the log shows."""
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {"game": "rtdt", "config": {"players": 1}, "seed": 3, "seats": [{"human": "Ana"}]},
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    seat.wait_for_selector("#log li.event")
    event = seat.evaluate(
        "Play.view.observe.events.find((e) => e.args && Object.keys(e.args).length)"
    )
    assert event, "a game's first events have fields"
    words = seat.request.get(f"{base_url}/api/i18n/pt").json()
    words[event["msg"]] = "PT " + event["msg"]
    seat.route("**/api/i18n/pt", lambda route: route.fulfill(json=words))
    seat.select_option("#lang", "pt")
    fields = {k: words.get(v) or v for k, v in event["args"].items()}  # a word: translated
    expected = "PT " + event["msg"].format(**fields)
    seat.wait_for_function(
        "(want) => [...document.querySelectorAll('#log li')].some((li) => li.textContent === want)",
        arg=expected,
    )
    seat.select_option("#lang", "en")


def test_the_lobby_opens_a_campaign_kept_by_the_terminal(
    chromium: Any, base_url: str, browser_db: str
) -> None:
    from towerplay.cli import campaign as cli_campaign
    from towerplay.store import open_store
    from towerplay.store.keys import record_key
    from towerplay.tactics.campaign.game import new_game

    game = new_game({"heroes": 3, "difficulty": "easy", "players": 1}, 6)
    with open_store(browser_db) as store:
        cid = store.create(
            cli_campaign.KIND, "Kept in the terminal", game.to_json(), cli_campaign.summary(game)
        ).id
        key = record_key(store, cid)
    page = chromium.new_page()
    page.goto(base_url + "/")
    assert page.locator("form.open-campaign").count() == 0  # nothing lists the campaigns
    find = page.locator("#find-campaign")
    find.locator("input[name=id]").fill(cid)
    find.locator("input[name=key]").fill("0" * 16)  # a wrong key: told, nothing shown
    find.locator("button[type=submit]").click()
    page.wait_for_function("document.querySelector('#campaign-error').textContent !== ''")
    assert "opens with that key" in (page.text_content("#campaign-error") or "")
    find.locator("input[name=key]").fill(key)
    find.locator("button[type=submit]").click()
    form = page.locator(f'form.open-campaign[data-id="{cid}"]')
    form.wait_for()
    assert form.locator("select").count() == 3
    form.locator("select").nth(1).select_option("ai:heuristic")
    form.locator("select").nth(2).select_option("ai:random")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#link-list a")
    assert page.locator("#link-list li").count() == 5  # three seats, host key, spectators
    link = page.locator("#link-list a").first.get_attribute("href")
    seat = open_seat(chromium, base_url, link)
    seat.wait_for_function("document.body.dataset.version !== undefined")
    shot(page, "lobby-campaign")
    # the table keeps the terminal's campaign: an action made here is in its record too
    assert f"Kept in campaign {cid}" in (seat.text_content("#campaign-link") or "")
    play_by_clicks_until(seat, 2)
    with open_store(browser_db) as store:
        assert store.get(cid).version >= 2
        assert {a.actor for a in store.actions(cid)} <= {
            f"table {link.split('/')[-1].split('?')[0]}"
        }
    assert seat.errors == []


def play_by_clicks_until(page: Any, clicks: int) -> None:
    """`clicks` of this seat's actions, each waited for until the page shows its result."""
    for _ in range(clicks):
        page.wait_for_selector("#actions button")
        version = page.evaluate("document.body.dataset.version")
        page.locator("#actions button").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def test_the_board_draws_rivers_of_fire_siege_trees_and_monuments(
    chromium: Any, base_url: str
) -> None:
    """Ashstrider's rivers of fire on their edges, Letha's siege trees on their spaces,
    Covenant's foundations, and the market, main companion and gear piles as cards whose
    text a hover shows."""
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "rtdt",
            "seed": 4,
            "seats": [{"human": "Ana"}],
            "config": {
                "players": 1,
                "adversary": "ashstrider",
                "companion": "letha",
                "expansion": "covenant",
            },
        },
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    seat.wait_for_selector("svg.map .space")
    assert seat.locator("svg.map line.fire-river").count() == 4
    assert seat.locator("svg.map .siege-tree").count() == 3
    assert seat.locator("svg.map .site.foundation").count() == 4
    assert seat.locator(".cards.market .chip").count() == 4
    assert seat.locator(".cards.companion .chip").first.get_attribute("data-id") == "letha"
    assert seat.locator(".cards.gear-piles .chip").count() > 0
    assert not seat.errors, seat.errors
    shot(seat, "rtdt-tokens-and-monuments")


def find_area_target(page: Any, base_url: str) -> tuple[dict[str, Any], int, dict[str, Any]]:
    """A Tactics table whose seats are all played through the API (Cleave played whenever
    it can be) until a seat chooses the target of a card with an area: (table, seat, the
    pending decision)."""
    rng = random.Random(2)
    for seed in range(4, 40):
        made = table(
            page,
            base_url,
            {
                "game": "tactics",
                "config": {"encounter": "goblin_ambush"},
                "seed": seed,
                "seats": [{"human": n} for n in "ABC"],
            },
        )
        tokens = [s["token"] for s in made["seats"]]
        for _ in range(300):
            views = [
                page.request.get(f"{base_url}/api/tables/{made['id']}?token={t}").json()
                for t in tokens
            ]
            seat = next((i for i, v in enumerate(views) if v["your_turn"]), None)
            if seat is None:  # the encounter is over
                break
            v = views[seat]
            pending = v["observe"]["pending"] or {}
            if pending.get("kind") == "target" and (pending.get("area") or {}).get("radius"):
                return made, seat, pending
            legal = v["legal_actions"]
            cleave = [a for a in legal if a == "play cleave"]
            r = page.request.post(
                f"{base_url}/api/tables/{made['id']}/actions",
                data={
                    "token": tokens[seat],
                    "action": (cleave or legal)[rng.randrange(len(cleave or legal))],
                    "version": v["version"],
                },
            )
            assert r.status == 200, r.text()
    raise AssertionError("no area target came up")


def test_a_tactics_area_is_previewed_on_its_target(chromium: Any, base_url: str) -> None:
    """While a card's target is chosen, hovering a target square lights the area it would
    reach (AT-AOE-1: the radius every way, diagonals included). The pointer goes to the
    square's middle as a player's would (`force`: a figure standing there may cover it, and
    hovering the figure previews the same area)."""
    page = chromium.new_page()
    made, seat, pending = find_area_target(page, base_url)
    shown = open_seat(chromium, base_url, made["seats"][seat]["link"])
    target = pending["choices"][0].split(" ")[1]
    shown.hover(f'svg.grid [data-square="{target}"]', force=True)
    lit = shown.locator("svg.grid .sq.in-area").count()
    squares = shown.locator("svg.grid .sq").count()
    assert 1 < lit <= (2 * pending["area"]["radius"] + 1) ** 2 < squares, lit
    assert shown.locator(f'svg.grid .sq.in-area[data-square="{target}"]').count() == 1
    shown.mouse.move(0, 0)
    assert shown.locator("svg.grid .sq.in-area").count() == 0
    shot(shown, "tactics-area-preview")
    assert not shown.errors


def ambush_seat(chromium: Any, base_url: str, seed: int) -> Any:
    """The one person's seat at a Goblin Ambush with two random AI seats, its grid drawn."""
    made = table(
        chromium.new_page(),
        base_url,
        {
            "game": "tactics",
            "config": {"encounter": "goblin_ambush"},
            "seed": seed,
            "seats": [{"human": "A"}, {"ai": "random"}, {"ai": "random"}],
        },
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    seat.wait_for_selector("svg.grid")
    return seat


SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")  # an engine id, never shown to a person


def _until_my_turn_after_the_ai(page: Any, limit: int = 60) -> None:
    """End turns (the AI then plays its own) until the seat's turn comes back after an AI
    turn: the log then holds what the AI did."""
    for _ in range(limit):
        version = page.evaluate("document.body.dataset.version")
        end = page.locator("#actions button", has_text="End your turn")
        button = end.first if end.count() else page.locator("#actions button").first
        button.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        page.wait_for_function("document.getElementById('status').textContent === 'Your turn'")
        if "Spymaster" in (page.text_content("#log") or "") or page.locator("#log li").count() > 25:
            return


def test_actions_and_cards_by_name_and_the_log_in_view(chromium: Any, base_url: str) -> None:
    """Issue 31: buttons say what an action does with printed names, the barred ones are
    shown greyed with why, no id is shown, and after an AI turn the newest line of the log
    is on screen at 1280x800."""
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "rtdt",
            "config": {"players": 2, "heroes": ["orphaned_scion", "spymaster"]},
            "seed": 3,
            "seats": [{"human": "Ana"}, {"ai": "heuristic"}],
        },
    )
    seat = open_seat(
        chromium, base_url, made["seats"][0]["link"], viewport={"width": 1280, "height": 800}
    )
    seat.wait_for_selector("svg.map .space")
    seat.wait_for_selector("#actions button")
    labels = seat.locator("#actions button").all_text_contents()
    assert any(t.startswith("Move to ") for t in labels), labels
    barred = seat.locator("#barred button")
    assert barred.count() >= 1
    barred.first.focus()  # a tap or the keyboard says why
    assert "[RTDT-" in (seat.text_content("#why") or "")
    _until_my_turn_after_the_ai(seat)
    shown = " ".join(
        seat.text_content(sel) or "" for sel in ("#actions", "#barred", "#panels", "#prompt")
    )
    assert not SNAKE.findall(shown), SNAKE.findall(shown)[:10]
    assert seat.locator("#log .waited-mark").count() == 1  # what happened since it acted
    assert seat.locator("#log .since").count() >= 1
    last = seat.locator("#log li").last.bounding_box()
    assert last is not None and last["y"] >= 0 and last["y"] + last["height"] <= 800
    shot(seat, "rtdt-names-1280")
    assert not seat.errors


def test_a_phone_reaches_every_action_without_an_inner_scroll(chromium: Any, base_url: str) -> None:
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {"game": "rtdt", "config": {"players": 1}, "seed": 5, "seats": [{"human": "Ana"}]},
    )
    seat = open_seat(
        chromium,
        base_url,
        made["seats"][0]["link"],
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    seat.wait_for_selector("#actions button")
    inner = seat.evaluate(
        "(() => { const a = document.getElementById('actions');"
        " return a.scrollHeight - a.clientHeight; })()"
    )
    assert inner <= 1, "the actions scroll inside their own box"
    end = seat.locator("#actions button", has_text="End your turn")
    end.scroll_into_view_if_needed()
    assert end.is_visible()
    # measured in one look: a view arriving between two looks redraws the buttons
    boxes = seat.evaluate(
        "[...document.querySelectorAll('#actions button')].map((b) => {"
        " const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert boxes and all(w >= 44 and h >= 44 for w, h in boxes), boxes
    shot(seat, "rtdt-phone")


def test_tactics_actions_by_name(chromium: Any, base_url: str) -> None:
    """Tactics actions by name, and a card's text on hover of the action that plays it."""
    seat = ambush_seat(chromium, base_url, 2)
    for _ in range(40):
        seat.wait_for_selector("#actions button")
        text = seat.text_content("#actions") or ""
        assert not SNAKE.findall(text), SNAKE.findall(text)[:10]
        play = seat.locator("#actions button", has_text="Play ")
        if play.count():
            play.first.hover()  # the card's text, before the notation
            seat.wait_for_function(
                "[...document.querySelectorAll('#actions button')]"
                ".some((b) => b.title.includes('\\n\\n'))"
            )
            assert not seat.errors
            return
        version = seat.evaluate("document.body.dataset.version")
        seat.locator("#actions button").first.click()
        seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    raise AssertionError("no card to play came up")


def test_the_lobby_offers_encounters_and_classes_by_name(chromium: Any, base_url: str) -> None:
    """Issue 31: the lobby offers choices, not ids: the encounter and each hero's class are
    picked by printed name, and the party's size makes the seats."""
    page = chromium.new_page()
    page.goto(base_url + "/")
    page.wait_for_selector("#seats .seat")
    page.select_option("select[name=game]", "tactics")
    options = page.locator("select[name=encounter] option").all_text_contents()
    assert "Goblin Ambush" in options and not any(SNAKE.findall(o) for o in options)
    page.select_option("select[name=encounter]", label="Court of the Blob King")
    page.select_option("select[name=party3]", label="Wizard")
    assert page.locator("#seats .seat").count() == 4
    for i in (1, 2, 3):
        page.select_option(f"select[name=seat{i}]", "ai:random")
    shot(page, "lobby-tactics")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#link-list a")
    seat = open_seat(chromium, base_url, page.locator("#link-list a").first.get_attribute("href"))
    seat.wait_for_selector("svg.grid")
    heroes = seat.locator(".hero-board h4").all_text_contents()
    assert len(heroes) == 4 and any("Wizard" in h for h in heroes), heroes


AXE = Path(__file__).resolve().parents[2] / "build/axe/node_modules/axe-core/axe.min.js"
WCAG = "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']"
SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def violations(page: Any) -> list[str]:
    """axe-core's WCAG 2.0/2.1 A and AA violations on the page as it stands."""
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: `make browser` installs it from npm")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {runOnly: {type: 'tag', values: "
        + WCAG
        + "}})).violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)"
    )
    return list(found)


@pytest.mark.parametrize(
    "size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}], ids=["desk", "phone"]
)
def test_every_page_has_no_wcag_a_or_aa_violation(
    chromium: Any, base_url: str, size: dict[str, int]
) -> None:
    """Issue 31: an accessibility check (axe-core) of the lobby and each game's page at both
    sizes; the screens are kept as pictures (docs/screens/ when TOWERPLAY_SCREENS is set)."""
    tag = "desk" if size["width"] > 800 else "phone"
    lobby = chromium.new_context(viewport=size).new_page()
    lobby.goto(base_url + "/")
    lobby.wait_for_selector("#seats .seat")
    pages = {"lobby": lobby}
    bodies = {
        "rtdt": {"game": "rtdt", "config": {"players": 2}, "seed": 3,
                 "seats": [{"human": "Ana"}, {"ai": "heuristic"}]},
        "tactics": {"game": "tactics", "config": {"encounter": "goblin_ambush"}, "seed": 2,
                    "seats": [{"human": "A"}, {"ai": "random"}, {"ai": "random"}]},
        "campaign": {"game": "campaign", "config": {"heroes": 3}, "seed": 2,
                     "seats": [{"human": "A"}, {"ai": "random"}, {"ai": "random"}]},
    }  # fmt: skip
    for name, body in bodies.items():
        made = table(lobby, base_url, body)
        page = open_seat(chromium, base_url, made["seats"][0]["link"], viewport=size)
        page.wait_for_selector("#actions button")
        pages[name] = page
    for name, page in pages.items():
        found = violations(page)
        assert not found, f"{name} at {tag}: {found}"
        shot(page, f"screen-{name}-{tag}")
        if os.environ.get("TOWERPLAY_SCREENS"):
            SCREENS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENS / f"{name}-{tag}.png"), full_page=tag == "phone")


def test_a_whole_tactics_round_by_keyboard_alone(chromium: Any, base_url: str) -> None:
    """Issue 31: every action is reachable from the keyboard: a hero plays a whole round of
    an encounter with the number keys only (1 is the first action), never the mouse."""
    seat = ambush_seat(chromium, base_url, 4)
    for _ in range(120):
        if seat.evaluate("Play.view.observe.round") >= 2:
            break
        seat.wait_for_function(
            "Play.view.your_turn || Play.view.result || Play.view.observe.round >= 2"
        )
        if seat.evaluate("Play.view.observe.round >= 2 || !!Play.view.result"):
            break
        version = seat.evaluate("document.body.dataset.version")
        seat.keyboard.press("1")
        seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert seat.evaluate("Play.view.observe.round") >= 2 or seat.evaluate("!!Play.view.result")
    assert not seat.errors


def test_the_pages_ask_nothing_of_any_host_but_the_server(chromium: Any, base_url: str) -> None:
    """Issue 31: the lobby and each game's page (played for a few clicks, an AI seat acting)
    load every script, style, font, picture and socket from the server itself: nothing from
    a CDN, a font service or an analytics host, so the pages work offline at a real table."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url))
    lobby = context.new_page()
    lobby.on("websocket", lambda ws: seen.append(ws.url))
    lobby.goto(base_url + "/")
    lobby.wait_for_selector("#seats .seat")
    bodies = [
        {"game": "rtdt", "config": {"players": 2, "expansion": "covenant"}, "seed": 5,
         "seats": [{"human": "Ana"}, {"ai": "heuristic"}]},
        {"game": "tactics", "config": {"encounter": "goblin_ambush"}, "seed": 2,
         "seats": [{"human": "A"}, {"ai": "random"}, {"ai": "random"}]},
        {"game": "campaign", "config": {"heroes": 3}, "seed": 2,
         "seats": [{"human": "A"}, {"ai": "random"}, {"ai": "random"}]},
    ]  # fmt: skip
    rng = random.Random(4)
    for body in bodies:
        made = table(lobby, base_url, body)
        page = context.new_page()
        page.on("websocket", lambda ws: seen.append(ws.url))
        page.goto(base_url + made["seats"][0]["link"])
        page.wait_for_selector("#actions button")
        for _ in range(6):  # a few actions: the page's later requests count too
            version = page.evaluate("document.body.dataset.version")
            buttons = page.locator("#actions button:not([aria-disabled='true'])")
            if not buttons.count():
                break
            try:  # a click that opens a choice on the board changes no version
                buttons.nth(rng.randrange(buttons.count())).click(timeout=2_000)
                page.wait_for_function(
                    f"document.body.dataset.version !== '{version}'", timeout=3_000
                )
            except playwright.Error:
                continue
    origin = base_url.split("://", 1)[1]
    assert len(seen) > 10, seen
    foreign = [u for u in seen if u.split("://", 1)[1].split("/", 1)[0] != origin]
    assert not foreign, foreign
    context.close()


def test_two_people_chat_at_a_table_and_a_whisper_stays_between_two(
    chromium: Any, base_url: str
) -> None:
    """Three people at one table, each in a browser of their own: what Ana says to all
    reaches the others at once; her whisper to Caio reaches Caio, never Bruno; a spectator
    reads what is said to all and has nothing to write with."""
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "rtdt",
            "config": {"players": 3},
            "seats": [{"human": "Ana"}, {"human": "Bruno"}, {"human": "Caio"}],
        },
    )
    ana, bruno, caio = (open_seat(chromium, base_url, s["link"]) for s in made["seats"])
    ana.fill("#chat-text", "hello, both of you")
    ana.press("#chat-text", "Enter")
    for p in (ana, bruno, caio):
        p.wait_for_function("document.getElementById('chat-lines').textContent.includes('hello')")
    assert "Ana: hello, both of you" in bruno.text_content("#chat-lines")
    ana.select_option("#chat-to", label="Caio")
    ana.fill("#chat-text", "take the north road")
    ana.click("#chat-send")
    caio.wait_for_function(
        "document.getElementById('chat-lines').textContent.includes('north road')"
    )
    assert "Ana to Caio (whisper): take the north road" in caio.text_content("#chat-lines")
    ana.fill("#chat-text", "2")  # a digit typed in the chat plays no action
    assert ana.evaluate("document.body.dataset.version") == "0"
    time.sleep(0.5)
    assert "north road" not in bruno.text_content("#chat-lines")
    watcher = open_seat(chromium, base_url, made["spectator"]["link"])
    watcher.wait_for_function("document.getElementById('chat-lines').textContent.includes('hello')")
    assert "north road" not in watcher.text_content("#chat-lines")
    assert watcher.locator("#chat-form").is_hidden()
    shot(caio, "chat-whisper")
    phone = open_seat(
        chromium, base_url, made["seats"][1]["link"], viewport={"width": 390, "height": 844}
    )
    phone.wait_for_function("document.getElementById('chat-lines').textContent.includes('hello')")
    phone.locator("#chat-text").scroll_into_view_if_needed()
    shot(phone, "chat-phone")
    for p in (ana, bruno, caio, watcher, phone):
        assert not p.errors, p.errors


def test_a_person_joins_from_the_lobby_by_name(chromium: Any, base_url: str) -> None:
    """Ana makes a table with a seat open to anyone; Bruno, in a browser of his own, gives
    his name once, finds the table in the lobby and joins it: he is at his seat, by name,
    and Ana's page says who sits there now."""
    ana_lobby = chromium.new_context().new_page()
    ana_lobby.goto(base_url + "/")
    ana_lobby.fill("#my-name", "Ana")
    ana_lobby.press("#my-name", "Tab")
    ana_lobby.select_option("select[name=seat1]", "open")
    ana_lobby.fill("#new-table input[name=seed]", "")
    ana_lobby.click("#new-table button[type=submit]")
    ana_lobby.wait_for_selector("#link-list a")
    assert "open, joined from the lobby" in ana_lobby.text_content("#link-list")
    ana = open_seat(
        chromium, base_url, ana_lobby.locator("#link-list a").first.get_attribute("href")
    )
    assert "Seat 1" in ana.text_content("#title")
    bruno = chromium.new_context().new_page()
    bruno.goto(base_url + "/")
    row = bruno.locator("#table-list li", has=bruno.locator("button.join")).first
    row.wait_for()
    assert "(open)" in row.text_content()
    shot(bruno, "lobby-open-seat")
    row.locator("button.join").click()
    assert "Give the name you go by first." in bruno.text_content("#join-error")
    bruno.fill("#my-name", "Bruno")
    bruno.press("#my-name", "Tab")
    row.locator("button.join").click()
    bruno.wait_for_url(re.compile(r"/play/\w+\?token="))
    bruno.wait_for_function("document.body.dataset.version !== undefined")
    assert "Seat 2" in bruno.text_content("#title")
    ana.wait_for_function("Play.view && Play.view.seats[1].name === 'Bruno'")
    shot(bruno, "lobby-joined")


def test_your_turn_is_told_by_the_title_a_sound_and_a_notification(
    chromium: Any, base_url: str
) -> None:
    """Bruno's page, out of sight: when Ana ends her turn, his tab's title says it is his,
    a sound rings and a notification is shown (the browser's own, recorded here); the bell
    in the header turns the sound off, kept in the browser."""
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {"game": "rtdt", "config": {"players": 2}, "seats": [{"human": "Ana"}, {"human": "Bruno"}]},
    )
    ana = open_seat(chromium, base_url, made["seats"][0]["link"])
    context = chromium.new_context()
    context.add_init_script(
        """
        window.shown = [];
        window.Notification = class { constructor(title, o) { window.shown.push(o.body); } };
        window.Notification.permission = "granted";
        Object.defineProperty(document, "hidden", { get: () => true });
        """
    )
    bruno = context.new_page()
    bruno.goto(base_url + made["seats"][1]["link"])
    bruno.wait_for_function("document.body.dataset.version !== undefined")
    assert bruno.title() == "towerplay" and ana.title().startswith("● Your turn")
    for _ in range(40):  # Ana plays to the end of her turn
        if not ana.evaluate("Play.view.your_turn"):
            break
        version = ana.evaluate("document.body.dataset.version")
        has_end = ana.evaluate("Play.view.legal_actions.includes('end')")
        ana.evaluate("(e) => Play.send(e ? 'end' : Play.view.legal_actions[0])", has_end)
        ana.wait_for_function(f"document.body.dataset.version !== '{version}'")
    bruno.wait_for_function("Play.view && Play.view.your_turn")
    assert bruno.title().startswith("● Your turn")
    assert bruno.evaluate("Play.chimes") == 1
    assert bruno.evaluate("window.shown")[0].startswith("Your turn")
    bruno.click("#bell")
    assert bruno.get_attribute("#bell", "aria-pressed") == "false"
    assert bruno.text_content("#bell") == "Sound on your turn: off"
    assert bruno.evaluate("localStorage.getItem('towerplay-sound')") == "off"


def test_a_seat_gives_its_address_and_is_mailed_when_its_move_comes(
    chromium: Any, base_url: str, mails: Sink
) -> None:
    """Bruno gives his address on his page (on a phone), in Portuguese, and closes it; when
    Ana ends her turn, one mail tells him it is his move, in Portuguese."""
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {
            "game": "rtdt",
            "config": {"players": 2},
            "seats": [{"human": "Ana"}, {"human": "Bruno"}],
            "name": "Mail night",
        },
    )
    ana = open_seat(chromium, base_url, made["seats"][0]["link"])
    phone = {"viewport": {"width": 390, "height": 844}, "locale": "pt-BR"}
    bruno = open_seat(chromium, base_url, made["seats"][1]["link"], **phone)
    bruno.wait_for_selector("#mail:not([hidden])")
    assert bruno.text_content("#mail-title") == "Sua vez, por e-mail"
    bruno.fill("#mail-address", "bruno@example.org")
    bruno.click("#mail-save")
    bruno.wait_for_function("Play.view.mail === 'bruno@example.org'")
    assert "bruno@example.org" in (bruno.text_content("#mail-said") or "")
    bruno.locator("#mail").scroll_into_view_if_needed()
    shot(bruno, "mail-phone")
    assert ana.evaluate("Play.view.mail") == ""  # Ana's view says nothing of Bruno's
    bruno.close()
    before = len(mails.to("bruno@example.org"))
    for _ in range(40):  # Ana plays to the end of her turn
        if not ana.evaluate("Play.view.your_turn"):
            break
        version = ana.evaluate("document.body.dataset.version")
        has_end = ana.evaluate("Play.view.legal_actions.includes('end')")
        ana.evaluate("(e) => Play.send(e ? 'end' : Play.view.legal_actions[0])", has_end)
        ana.wait_for_function(f"document.body.dataset.version !== '{version}'")
    mails.wait_for(len(mails.got) + 1)
    got = mails.to("bruno@example.org")
    assert len(got) == before + 1
    assert got[-1]["Subject"] == "Sua vez: Mail night"
    assert ana.errors == []


def test_the_host_hands_a_seat_to_the_ai_and_it_is_taken_back(chromium: Any, base_url: str) -> None:
    """Ana makes a table in the lobby (her browser keeps its host key); Bruno is slow to
    come: from her seat's page she hands his seat to the AI; Bruno's page then offers to take
    it back, and does."""
    context = chromium.new_context()
    lobby = context.new_page()
    lobby.goto(base_url + "/")
    lobby.fill("#my-name", "Ana")
    lobby.press("#my-name", "Tab")
    lobby.click("#new-table button[type=submit]")
    lobby.wait_for_selector("#link-list a")
    assert "Host key" in lobby.text_content("#link-list")
    links = [a.get_attribute("href") for a in lobby.locator("#link-list a").all()]
    ana = context.new_page()
    ana.goto(base_url + links[0])
    ana.wait_for_selector("#seat-rows button")
    bruno = open_seat(chromium, base_url, links[1])
    ana.locator("#seat-rows li", has_text="Seat 2").get_by_role(
        "button", name="Hand to the AI"
    ).click()
    bruno.wait_for_function("Play.view.seats[1].away")
    assert "Seat 2: Player 2, away: the AI plays" in bruno.text_content("#seat-rows")
    shot(bruno, "seat-away")
    bruno.get_by_role("button", name="Take my seat back").click()
    bruno.wait_for_function("!Play.view.seats[1].away")
    assert bruno.locator("#seat-list").is_hidden()
    assert not bruno.errors, bruno.errors


def test_a_table_replayed_step_by_step_and_back(chromium: Any, base_url: str) -> None:
    """The Replay bar steps through the table's versions as this seat saw them (the board
    and the log of each), says what led to each, and goes back to the live table."""
    page = chromium.new_page()
    made = table(
        page,
        base_url,
        {"game": "rtdt", "config": {"players": 1}, "seed": 6, "seats": [{"human": "Ana"}]},
    )
    seat = open_seat(chromium, base_url, made["seats"][0]["link"])
    played = []
    for _ in range(3):
        version = seat.evaluate("document.body.dataset.version")
        button = seat.locator("#actions button").first
        played.append(button.text_content() or "")  # the action in words, as its button said
        button.click()
        seat.wait_for_function(f"document.body.dataset.version !== '{version}'")
    seat.click("#replay")
    seat.wait_for_function("document.body.dataset.version === '2'")
    assert seat.is_hidden("#turn") and seat.is_visible("#replay-bar")
    assert (seat.text_content("#replay-led") or "").startswith("Ana: ")  # by name, in words
    seat.click("#replay-first")
    seat.wait_for_function("document.body.dataset.version === '0'")
    assert "as it was dealt" in seat.text_content("#replay-led")
    assert seat.is_disabled("#replay-back")
    seat.keyboard.press("ArrowRight")
    seat.wait_for_function("document.body.dataset.version === '1'")
    assert seat.text_content("#replay-led") == f"Ana: {played[0]}"  # who, and what in words
    assert "Step 1 of 3" in seat.text_content("#replay-at")
    shot(seat, "rtdt-replay")
    seat.click("#replay-close")
    seat.wait_for_function("document.body.dataset.version === '3'")
    assert seat.is_visible("#turn") and seat.is_hidden("#replay-bar")
    seat.set_viewport_size({"width": 390, "height": 844})
    seat.click("#replay")
    seat.wait_for_function("document.body.dataset.version === '2'")
    box = seat.locator("#replay-bar").bounding_box()
    assert box is not None and box["width"] <= 390
    shot(seat, "rtdt-replay-phone")


def test_the_lobby_shows_the_tables_waiting_on_you_first(chromium: Any, base_url: str) -> None:
    """Cleo sits at two tables: the one whose seat to act is hers is listed first and
    marked "Your move", though it was made first; a table waiting on someone else is not."""
    page = chromium.new_context().new_page()
    page.goto(base_url + "/")
    page.fill("#my-name", "Cleo")
    page.press("#my-name", "Tab")
    cfg = {"players": 2, "mode": "cooperative"}
    mine = {"name": "Cleo plays first"}
    theirs = {"name": "Dan plays first"}
    for made, seats in ((mine, ["Cleo", "Dan"]), (theirs, ["Dan", "Cleo"])):
        body = {"game": "rtdt", "config": cfg, "seed": 21, "name": made["name"]}
        table(page, base_url, {**body, "seats": [{"human": who} for who in seats]})
    page.fill("#my-name", "")  # the list follows the name as it is given
    page.press("#my-name", "Tab")
    page.fill("#my-name", "Cleo")
    page.press("#my-name", "Tab")
    rows = page.locator("#table-list li")
    page.wait_for_function("document.querySelector('#table-list li.your-move') !== null")
    names = [rows.nth(i).text_content() or "" for i in range(rows.count())]
    ours = [n for n in names if mine["name"] in n or theirs["name"] in n]
    assert mine["name"] in ours[0] and ours[0].startswith("Your move")
    assert not any(n.startswith("Your move") and theirs["name"] in n for n in names)
    assert page.locator("#table-list li.your-move").count() >= 1
    shot(page, "lobby-your-move")
