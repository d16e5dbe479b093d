"""A campaign made in the terminal, kept in the store, opened in the browser with seats."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from towerplay.cli import campaign as cli_campaign
from towerplay.store import Store
from towerplay.store.keys import record_key
from towerplay.tactics.campaign.game import CampaignGame, new_game
from towerplay.web.app import create_app
from towerplay.web.campaigns import CAMPAIGN_KIND, found, open_campaign
from towerplay.web.errors import TableError, UnknownTable
from towerplay.web.seats import Created
from towerplay.web.tables import Tables


def terminal_campaign(store: Store, steps: int = 6) -> tuple[str, CampaignGame]:
    """A campaign as `towerplay campaign new` keeps it, played a few decisions on."""
    game = new_game({"heroes": 3, "difficulty": "easy", "players": 1}, 3)
    rec = store.create(cli_campaign.KIND, "Domianne", game.to_json(), cli_campaign.summary(game))
    for _ in range(steps):
        action = str(game.legal_actions()[0])
        game.apply(action)
        rec = store.commit(rec.id, rec.version, action, game.to_json(), cli_campaign.summary(game))
    return rec.id, game


def test_the_kind_is_the_one_the_terminal_stores() -> None:
    assert CAMPAIGN_KIND == cli_campaign.KIND


def opened(tables: Tables, cid: str, seats: list[dict[str, str]]) -> Created:
    """A table of the stored campaign, opened with its key as its owner gives it."""
    return open_campaign(tables, cid, record_key(tables.store, cid), seats)


def test_a_stored_campaign_is_found_by_its_key_and_opened_where_it_stands(
    store: Store, tables: Tables
) -> None:
    cid, game = terminal_campaign(store)
    entry = found(store, cid, record_key(store, cid))
    assert (entry["id"], entry["name"], entry["version"], entry["seats"]) == (cid, "Domianne", 6, 3)
    assert entry["heroes"] == cli_campaign.summary(game)["heroes"]
    made = opened(tables, cid, [{"human": "Sam"}, {"ai": "heuristic"}, {"ai": "random"}])
    view = tables.view(made.id, made.tokens[0])
    assert view["game"] == "campaign" and view["version"] == 0
    assert view["observe"] == game.observe(0)
    doc = store.get(made.id).document
    assert doc["campaign"] == {"id": cid, "version": 6}
    assert store.get(cid).version == 6  # the terminal's record is left as it was


def test_bad_openings_are_refused(store: Store, tables: Tables) -> None:
    cid, _ = terminal_campaign(store, 0)
    table = tables.create("rtdt", {"players": 1}, 1, [{"human": "A"}])
    for where in ("nope22", table.id):
        with pytest.raises(UnknownTable, match="no campaign"):
            open_campaign(tables, where, record_key(store, where), [{"human": "A"}] * 3)
    with pytest.raises(UnknownTable, match="no campaign"):  # its id without its key
        open_campaign(tables, cid, record_key(store, table.id), [{"human": "A"}] * 3)
    with pytest.raises(TableError, match="3 seats"):
        opened(tables, cid, [{"human": "A"}])
    assert store.count("table-") == 1 and len(store.list(CAMPAIGN_KIND)) == 1


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, pace=0.0, poll=0.05)) as c:
        yield c


def test_the_lobby_opens_a_stored_campaign_with_its_key(client: TestClient, store: Store) -> None:
    cid, game = terminal_campaign(store)
    key = record_key(store, cid)
    shown = client.get(f"/api/campaigns/{cid}", params={"key": key}).json()
    assert (shown["id"], shown["seats"]) == (cid, 3)
    r = client.post(
        f"/api/campaigns/{cid}/tables",
        json={"key": key, "seats": [{"human": "Sam"}, {"human": "Ivo"}, {"ai": "heuristic"}]},
    )
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["seats"][2] is None
    view = client.get(made["seats"][0]["link"].replace("/play/", "/api/tables/")).json()
    assert view["observe"] == game.observe(0)
    gone = client.post("/api/campaigns/nope22/tables", json={"key": key, "seats": []})
    assert gone.status_code == 404
    bad = client.post(
        f"/api/campaigns/{cid}/tables", json={"key": key, "seats": [{"ai": "nobody"}] * 3}
    )
    assert bad.status_code == 400 and "seats[0]" in bad.json()["error"]


def test_a_stored_campaign_is_neither_listed_nor_opened_without_its_key(
    client: TestClient, store: Store
) -> None:
    """Issue 32's defect: any visitor could list the store's campaigns and open one at a
    new table, which then wrote the campaign the terminal continues."""
    cid, _ = terminal_campaign(store)
    assert client.get("/api/campaigns").status_code in (404, 405)
    seats = [{"human": "Sam"}] * 3
    for key in ("", "0" * 16, record_key(store, "nope22"), "é" * 64):
        shown = client.get(f"/api/campaigns/{cid}", params={"key": key})
        assert shown.status_code == 404 and "opens with that key" in shown.json()["error"]
        r = client.post(f"/api/campaigns/{cid}/tables", json={"key": key, "seats": seats})
        assert r.status_code == 404
    unknown = client.get("/api/campaigns/nope22", params={"key": "0" * 16}).json()["error"]
    assert unknown == shown.json()["error"].replace(cid, "nope22")  # ids cannot be probed
    assert store.count("table-") == 0 and store.get(cid).version == 6


def play_table(tables: Tables, table_id: str, tokens: list[str | None], steps: int) -> None:
    """`steps` decisions made at the table, each by the seat that is to act."""
    for _ in range(steps):
        view = tables.view(table_id, tokens[0])
        seat = view["to_act"]
        mine = tables.view(table_id, tokens[seat])
        tables.act(table_id, tokens[seat], mine["legal_actions"][0], mine["version"])


PEOPLE = [{"human": "Sam"}, {"human": "Ivo"}, {"human": "Ana"}]


def test_a_campaign_played_at_a_table_is_kept_in_the_campaign(store: Store, tables: Tables) -> None:
    cid, _ = terminal_campaign(store)
    made = opened(tables, cid, PEOPLE)
    play_table(tables, made.id, made.tokens, 5)
    _, table_game = tables.load(made.id)
    rec = store.get(cid)
    assert rec.version == 11 and rec.summary == cli_campaign.summary(table_game)
    assert [a.actor for a in store.actions(cid, after=6)] == [f"table {made.id}"] * 5
    # the terminal's `campaign continue` goes on from where the table is
    game, version = cli_campaign.load_record(store, cid)
    assert version == 11 and game.state_hash() == table_game.state_hash()
    view = tables.view(made.id, made.tokens[0])
    assert view["campaign"] == {"id": cid, "version": 11, "kept": True}
    # a restarted server (new Tables on the same store) keeps it up to date as well
    again = Tables(store)
    play_table(again, made.id, made.tokens, 1)
    assert store.get(cid).version == 12


def test_undo_at_the_table_is_kept_in_the_campaign(store: Store, tables: Tables) -> None:
    cid, _ = terminal_campaign(store)
    made = opened(tables, cid, PEOPLE)
    play_table(tables, made.id, made.tokens, 2)
    view = tables.view(made.id, made.tokens[0])
    seat = view["to_act"]
    tables.undo(made.id, made.tokens[seat], view["version"])
    _, table_game = tables.load(made.id)
    game, version = cli_campaign.load_record(store, cid)
    assert version == 9 and game.state_hash() == table_game.state_hash()


def test_a_campaign_played_elsewhere_since_is_never_overwritten(
    store: Store, tables: Tables
) -> None:
    cid, game = terminal_campaign(store)
    made = opened(tables, cid, PEOPLE)
    play_table(tables, made.id, made.tokens, 1)
    # meanwhile the terminal plays the campaign on from its own copy
    action = str(game.legal_actions()[-1])
    game.apply(action)
    store.commit(cid, 7, action, game.to_json(), cli_campaign.summary(game))
    play_table(tables, made.id, made.tokens, 2)
    assert store.get(cid).version == 8
    assert CampaignGame.from_json(store.get(cid).document).state_hash() == game.state_hash()
    view = tables.view(made.id, made.tokens[0])
    assert view["version"] == 3 and view["campaign"] == {"id": cid, "version": 7, "kept": False}
    play_table(tables, made.id, made.tokens, 1)  # a copy from now on, even after a restart
    play_table(Tables(store), made.id, made.tokens, 1)
    assert store.get(cid).version == 8


def test_a_deleted_campaign_leaves_the_table_a_copy(store: Store, tables: Tables) -> None:
    cid, _ = terminal_campaign(store)
    made = opened(tables, cid, PEOPLE)
    store.delete(cid)
    play_table(tables, made.id, made.tokens, 1)
    assert tables.view(made.id, made.tokens[0])["campaign"]["kept"] is False


def test_a_stale_table_writes_nothing_to_its_campaign(store: Store, tables: Tables) -> None:
    cid, _ = terminal_campaign(store)
    made = opened(tables, cid, PEOPLE)
    other = Tables(store)  # a second server process on the same store, one request
    rec, game = other.load(made.id)  # in flight: it read version 0 just before
    view = tables.view(made.id, made.tokens[0])
    seat = view["to_act"]
    mine = tables.view(made.id, made.tokens[seat])
    tables.act(made.id, made.tokens[seat], mine["legal_actions"][0], 0)
    with pytest.raises(TableError, match="moved on to version 1"):
        other._commit(rec, game, mine["legal_actions"][-1], f"seat {seat}")
    assert store.get(cid).version == 7 and store.get(made.id).version == 1
    assert tables.view(made.id, made.tokens[0])["campaign"]["kept"] is True
