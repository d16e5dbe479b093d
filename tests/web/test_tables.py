"""Tables: seats and tokens, one commit per action, stale and illegal actions refused."""

from __future__ import annotations

import pytest

from towerplay.core.errors import SaveError
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.store import Store
from towerplay.web.errors import Forbidden, Refused, Stale, TableError
from towerplay.web.tables import SNAPSHOT_EVERY, Tables, read_game

TWO_PEOPLE = [{"human": "Ana"}, {"human": "Bruno"}]


def two_seat_table(tables: Tables) -> tuple[str, str, str]:
    made = tables.create("rtdt", {"players": 2}, 7, TWO_PEOPLE)
    a, b = made.tokens
    assert a and b and a != b
    return made.id, a, b


def test_a_seat_sees_exactly_its_own_observation(tables: Tables) -> None:
    tid, a, b = two_seat_table(tables)
    game = new_rtdt(seed=7, players=2)
    va, vb = tables.view(tid, a), tables.view(tid, b)
    assert (va["seat"], vb["seat"]) == (0, 1)
    assert va["observe"] == game.observe(0) and vb["observe"] == game.observe(1)
    assert va["your_turn"] and va["legal_actions"] == [str(x) for x in game.legal_actions()]
    assert not vb["your_turn"] and vb["legal_actions"] == [] and vb["prompt"] == ""


def test_tokens_are_never_stored(tables: Tables, store: Store) -> None:
    tid, a, b = two_seat_table(tables)
    text = str(store.get(tid).document)
    assert a not in text and b not in text


def test_no_token_or_a_wrong_one_is_refused(tables: Tables) -> None:
    tid, a, _ = two_seat_table(tables)
    for token in (None, "", "not-a-seat", a + "x"):
        with pytest.raises(Forbidden):
            tables.view(tid, token)


def test_one_seat_cannot_act_for_another(tables: Tables, store: Store) -> None:
    tid, a, b = two_seat_table(tables)
    first = tables.view(tid, a)["legal_actions"][0]
    with pytest.raises(Forbidden, match="not your turn: seat 0"):
        tables.act(tid, b, first, 0)
    assert store.get(tid).version == 0


def test_an_action_is_one_commit_with_its_seat(tables: Tables, store: Store) -> None:
    tid, a, _ = two_seat_table(tables)
    first = tables.view(tid, a)["legal_actions"][0]
    after = tables.act(tid, a, first, 0)
    assert after["version"] == 1
    logged = store.actions(tid)
    assert [(x.version, x.action, x.actor) for x in logged] == [(1, first, "seat 0")]
    expected = new_rtdt(seed=7, players=2)
    rec = store.get(tid)  # only the action was written: the save is the snapshot at 0
    assert rec.document["at"] == 0
    assert RtdtGame.from_json(rec.document["save"]).state_hash() == expected.state_hash()
    expected.apply(first)
    assert read_game(rec, store.actions(tid)).state_hash() == expected.state_hash()


def test_an_action_on_an_old_version_is_not_applied_twice(tables: Tables, store: Store) -> None:
    tid, a, _ = two_seat_table(tables)
    first = tables.view(tid, a)["legal_actions"][0]
    tables.act(tid, a, first, 0)
    with pytest.raises(Stale, match="version 1, you acted on version 0"):
        tables.act(tid, a, first, 0)
    assert store.get(tid).version == 1 and len(store.actions(tid)) == 1


def test_two_processes_acting_in_turn_never_act_on_an_old_state(
    tables: Tables, store: Store
) -> None:
    """An action on the version a process keeps is committed without reading the store's
    version first; the commit still refuses a version another process has moved past."""
    made = tables.create("rtdt", {"players": 1}, 7, [{"human": "Ana"}])
    tid, token = made.id, made.tokens[0]
    other = Tables(store)  # a second server process
    tables.act(tid, token, tables.view(tid, token)["legal_actions"][0], 0)
    seen = other.view(tid, token)  # the other process reads version 1 and acts on it
    other.act(tid, token, seen["legal_actions"][0], 1)
    assert tables.kept_version(tid) == 1 and store.version(tid) == 2
    with pytest.raises(Stale, match="moved on to version 2"):  # a page still showing 1
        tables.act(tid, token, seen["legal_actions"][0], 1)
    now = other.view(tid, token)  # a page the other process showed version 2 acts here
    tables.act(tid, token, now["legal_actions"][0], 2)
    assert store.version(tid) == 3 and [a.version for a in store.actions(tid)] == [1, 2, 3]


def test_an_illegal_action_names_its_rule_and_changes_nothing(tables: Tables, store: Store) -> None:
    tid, a, _ = two_seat_table(tables)
    before = store.get(tid).document
    with pytest.raises(Refused) as e:
        tables.act(tid, a, "cleanse north", 0)
    assert e.value.rule and e.value.status == 422
    assert store.get(tid).document == before and store.get(tid).version == 0


def test_ai_seats_play_until_a_person_is_to_act(tables: Tables, store: Store) -> None:
    made = tables.create("rtdt", {"players": 2}, 3, [{"ai": "heuristic"}, {"human": "Ana"}])
    assert made.tokens[0] is None and made.tokens[1]
    while tables.ai_turn(made.id):
        pass
    view = tables.view(made.id, made.tokens[1])
    assert view["your_turn"] and view["version"] > 0
    assert all(x.actor == "ai heuristic (seat 0)" for x in store.actions(made.id))
    assert not tables.ai_turn(made.id)  # a person is to act: the AI waits


def test_a_tactics_table(tables: Tables) -> None:
    made = tables.create(
        "tactics",
        {"encounter": "goblin_ambush"},
        1,
        [{"human": "A"}, {"ai": "random"}, {"ai": "heuristic"}],
    )
    view = tables.view(made.id, made.tokens[0])
    assert view["observe"]["encounter"] == "goblin_ambush" and len(view["seats"]) == 3


@pytest.mark.parametrize(
    ("game", "config", "seats", "message"),
    [
        ("chess", {}, [], "unknown game 'chess'"),
        ("rtdt", {"players": 9}, [], "config:"),
        ("rtdt", {"players": 2}, [{"human": "A"}], "this game has 2 seats"),
        ("rtdt", {"players": 1}, [{"ai": "oracle"}], r"seats\[0\]: unknown agent 'oracle'"),
        ("rtdt", {"players": 1}, ["Ana"], r"seats\[0\]: expected"),
    ],
)
def test_a_bad_table_is_refused_with_the_field(
    tables: Tables, store: Store, game: str, config: dict, seats: list, message: str
) -> None:
    with pytest.raises(TableError, match=message):
        tables.create(game, config, 1, seats)
    assert store.list() == []


def test_a_damaged_table_names_the_table_and_the_field(tables: Tables, store: Store) -> None:
    tid, _, _ = two_seat_table(tables)
    rec = store.get(tid)
    doc = {**rec.document, "save": {**rec.document["save"], "heroes": 5}, "at": 1}
    store.commit(tid, 0, "(damage)", doc, rec.summary)
    with pytest.raises(SaveError, match=f"table {tid}: heroes"):
        read_game(store.get(tid), [])


def play_solo(tables: Tables, tid: str, token: str, n: int) -> None:
    for _ in range(n):
        v = tables.view(tid, token)
        tables.act(tid, token, v["legal_actions"][len(v["legal_actions"]) // 2], v["version"])


def test_a_snapshot_every_few_actions_and_the_rest_replayed_on_load(
    tables: Tables, store: Store
) -> None:
    made = tables.create("rtdt", {"players": 1}, 8, [{"human": "Ana"}])
    play_solo(tables, made.id, made.tokens[0], SNAPSHOT_EVERY + 7)
    rec = store.get(made.id)
    assert (rec.version, rec.document["at"]) == (SNAPSHOT_EVERY + 7, SNAPSHOT_EVERY)
    assert len(store.actions(made.id, after=rec.document["at"])) == 7
    again = Tables(store)  # another process, or this one restarted: replays the seven
    assert again.view(made.id, made.tokens[0]) == tables.view(made.id, made.tokens[0])
    _, mine = tables.load(made.id)
    _, theirs = again.load(made.id)
    assert theirs.to_json() == mine.to_json()


def test_a_logged_action_the_rules_refuse_on_replay_names_the_table(
    tables: Tables, store: Store
) -> None:
    made = tables.create("rtdt", {"players": 1}, 8, [{"human": "Ana"}])
    play_solo(tables, made.id, made.tokens[0], 3)
    store.append(made.id, 3, "fly to the moon", store.get(made.id).summary)
    with pytest.raises(SaveError, match=f"table {made.id}: actions\\[4\\]"):
        Tables(store).view(made.id, made.tokens[0])
    rec = store.get(made.id)
    with pytest.raises(SaveError, match="expected the actions 1 to 4"):
        read_game(rec, store.actions(made.id)[1:])


def test_a_campaign_table_seats_its_players(tables: Tables) -> None:
    made = tables.create(
        "campaign",
        {"heroes": 3, "difficulty": "easy"},
        4,
        [{"human": "Sam"}, {"ai": "heuristic"}, {"ai": "heuristic"}],
    )
    view = tables.view(made.id, made.tokens[0])
    assert view["game"] == "campaign" and view["observe"]["party"]["heroes_count"] == 3
    steps = 0
    while steps < 400 and (
        tables.ai_turn(made.id) or tables.view(made.id, made.tokens[0])["your_turn"]
    ):
        v = tables.view(made.id, made.tokens[0])
        if v["your_turn"]:
            tables.act(made.id, made.tokens[0], v["legal_actions"][0], v["version"])
        steps += 1
    assert tables.view(made.id, made.tokens[0])["version"] >= 10


def test_a_spectator_sees_the_public_view_and_cannot_act(tables: Tables) -> None:
    from towerplay.core.protocol import SPECTATOR
    from towerplay.tactics import new_game as new_tactics

    made = tables.create(
        "tactics",
        {"encounter": "goblin_ambush"},
        5,
        [{"human": "A"}, {"ai": "heuristic"}, {"ai": "heuristic"}],
    )
    view = tables.view(made.id, made.spectator)
    assert view["seat"] == SPECTATOR and not view["your_turn"] and view["legal_actions"] == []
    assert view["observe"] == new_tactics({"encounter": "goblin_ambush"}, 5).observe(SPECTATOR)
    with pytest.raises(Forbidden, match="a spectator can watch, not act"):
        tables.act(made.id, made.spectator, "place a1", 0)
    with pytest.raises(Forbidden, match="a spectator can watch, not act"):
        tables.undo(made.id, made.spectator, 0)


def test_card_texts_for_anyone_at_the_table(tables: Tables) -> None:
    made = tables.create("rtdt", {"players": 1}, 2, [{"human": "Ana"}])
    virtue = tables.view(made.id, made.tokens[0])["observe"]["heroes"][0]["virtues"][0]
    text = tables.describe(made.id, made.spectator, virtue)
    assert text and len(text) > 10
    assert tables.describe(made.id, made.tokens[0], "no_such_card") is None
    with pytest.raises(Forbidden):
        tables.describe(made.id, "nope", virtue)
