"""`towerplay campaign`: new, list, continue, export, import, and a kill at any moment."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from tests.cli.scripted import play, says
from towerplay.cli.campaign import SCREEN
from towerplay.cli.main import app
from towerplay.store import open_store
from towerplay.store.keys import record_key
from towerplay.tactics.campaign.game import CampaignGame, new_game

runner = CliRunner()


def run(*args: str, input: str = "") -> str:
    result = runner.invoke(app, ["campaign", *args], input=input)
    assert result.exit_code == 0, result.output
    return result.output


def only_id(db: Path) -> str:
    (entry,) = open_store(str(db)).list("tactics-campaign")
    return entry.id


def test_new_keeps_every_action_and_continue_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    run("new", "--heroes", "3", "--db", str(db), input="1\n1\n1\nquit\n")
    rid = only_id(db)
    rec = open_store(str(db)).get(rid)
    assert rec.version == 3  # three heroes created, one commit each
    assert [a.action for a in open_store(str(db)).actions(rid)][0].startswith("hero ")
    game = CampaignGame.from_json(rec.document)
    assert len(game.observe(0)["heroes"]) == 3 and game.observe(0)["chapter"]["number"] == 1
    out = run("list", "--db", str(db))
    assert rid in out and "3 heroes" in out
    out = run("continue", rid, "--db", str(db), input="1\nquit\n")
    assert "Chapter 1" in out
    assert open_store(str(db)).get(rid).version == 4


def test_quit_and_key_tell_the_id_and_the_key_that_opens_it_in_a_browser(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    out = run("new", "--heroes", "3", "--db", str(db), input="1\nquit\n")
    rid = only_id(db)
    key = record_key(open_store(str(db)), rid)
    assert says(out, f"Campaign {rid} is kept") and says(out, f"the key {key}")
    assert says(run("key", rid, "--db", str(db)), f"the key {key}")
    assert says(run("key", rid, "--db", str(db), "--lang", "pt"), f"a chave {key}")
    result = runner.invoke(app, ["campaign", "key", "zzzzzz", "--db", str(db)])
    assert result.exit_code != 0 and "zzzzzz" in result.output


def test_export_and_import_round_trip_and_a_bad_file_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    run("new", "--heroes", "4", "--db", str(db), input="1\n1\n1\n1\n1\nquit\n")
    rid = only_id(db)
    file = tmp_path / "camp.json"
    run("export", rid, str(file), "--db", str(db))
    data = json.loads(file.read_text())
    out = run("import", str(file), "--db", str(tmp_path / "other.db"))
    assert rid in out  # a free id is kept
    copy = open_store(str(tmp_path / "other.db")).get(rid)
    assert copy.document == open_store(str(db)).get(rid).document and copy.version == 5
    data["record"]["document"]["state"]["party"][0]["level_ups"] = ["no_such_card"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["campaign", "import", str(bad), "--db", str(db)])
    assert result.exit_code == 2 and "bad.json" in result.output
    assert "level_ups" in result.output
    assert len(open_store(str(db)).list("tactics-campaign")) == 1  # nothing written


def test_unknown_campaign_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["campaign", "continue", "zzzzzz", "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 2 and "zzzzzz" in result.output


def test_the_screen_shows_the_page_the_party_and_the_level_up_reasons() -> None:
    party = [{"hero": "roberta", "class": "fighter"}, {"hero": "olette", "class": "cleric"}]
    party.append({"hero": "elwyn", "class": "wizard"})
    game = new_game({"heroes": 3, "party": party}, 1)
    _, text = play(SCREEN, game, ["quit"])
    assert "Chapter 1: The Bell of Brackenford" in text and "Roberta" in text
    assert "revive potions 2" in text and "choose 1" in text


def test_killing_a_playing_campaign_loses_nothing_that_was_kept(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    run("new", "--heroes", "3", "--db", str(db), input="1\n1\n1\nquit\n")
    rid = only_id(db)
    ai = [a for seat in range(3) for a in ("--ai", f"{seat}=heuristic")]
    cmd = [sys.executable, "-m", "towerplay.cli.main", "campaign", "continue", rid, "--db", str(db)]
    versions = [open_store(str(db)).get(rid).version]
    for extra in (0.05, 0.2, 0.35):
        proc = subprocess.Popen(
            [*cmd, *ai], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ
        )
        # wait until the AI has played on (however slow the machine), then kill mid-stream
        deadline = time.monotonic() + 120
        while open_store(str(db)).get(rid).version < versions[-1] + 2:
            assert time.monotonic() < deadline and proc.poll() is None, "the campaign stalled"
            time.sleep(0.05)
        time.sleep(extra)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        store = open_store(str(db))
        rec = store.get(rid)
        assert rec.version == len(store.actions(rid))
        game = CampaignGame.from_json(rec.document)  # loads, mid-decision or mid-encounter
        assert game.to_act is not None or game.result is not None
        versions.append(rec.version)
    assert versions[-1] >= versions[0] + 6  # the AI played on between kills, each kept it
    assert versions == sorted(versions)


def test_a_hero_exported_and_imported_back_and_a_bad_hero_refused(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    run("new", "--heroes", "3", "--db", str(db), input="1\n1\n1\nquit\n")
    rid = only_id(db)
    hero_id = CampaignGame.from_json(open_store(str(db)).get(rid).document).observe(0)
    name = hero_id["heroes"][0]["hero"]
    file = tmp_path / "hero.json"
    run("export-hero", rid, name, str(file), "--db", str(db))
    data = json.loads(file.read_text())
    assert data["format"] == "towerplay-tactics-hero" and data["hero"]["hero"] == name
    data["hero"]["abilities"].append("lucky")  # a story reward kept in a backup
    file.write_text(json.dumps(data))
    run("import-hero", rid, str(file), "--db", str(db))
    rec = open_store(str(db)).get(rid)
    assert rec.version == 4 and "lucky" in rec.document["state"]["party"][0]["abilities"]
    data["hero"]["level_ups"] = ["no_such_card"]
    file.write_text(json.dumps(data))
    result = runner.invoke(app, ["campaign", "import-hero", rid, str(file), "--db", str(db)])
    assert result.exit_code == 2 and "hero.json" in result.output and "level_ups" in result.output
    assert open_store(str(db)).get(rid).version == 4  # nothing written


def test_an_undo_is_kept_as_a_new_version_and_reaches_back_past_continue(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    run("new", "--heroes", "3", "--db", str(db), input="1\n1\nundo\n2\nquit\n")
    rid = only_id(db)
    store = open_store(str(db))
    logged = [a.action for a in store.actions(rid)]
    assert len(logged) == 4 and logged[2] == "undo 1"  # nothing lost: the undone one too
    game = CampaignGame.from_json(store.get(rid).document)
    assert list(game.s.actions) == [logged[0], logged[3]]
    run("continue", rid, "--db", str(db), input="undo 2\nquit\n")
    rec = store.get(rid)
    assert rec.version == 5 and store.actions(rid)[-1].action == "undo 2"
    again = CampaignGame.from_json(rec.document)
    assert len(again.s.actions) == 0 and again.redoable == 0  # back to the first decision


def test_a_campaign_started_in_portuguese_is_named_in_portuguese(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    run("new", "--heroes", "3", "--difficulty", "hard", "--db", str(db), "--lang", "pt",
        input="1\n1\n1\nquit\n")  # fmt: skip
    assert open_store(str(db)).get(only_id(db)).name == "3 heróis, difícil"
    run("new", "--db", str(db), input="quit\n")
    names = {e.name for e in open_store(str(db)).list("tactics-campaign")}
    assert names == {"3 heróis, difícil", "4 heroes, normal"}  # kept as started


def test_list_export_and_import_speak_portuguese(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    run("new", "--heroes", "3", "--db", str(db), input="1\n1\n1\nquit\n")
    rid = only_id(db)
    out = run("list", "--db", str(db), "--lang", "pt")
    assert "Campanhas" in out and "capítulo" in out and "Campaigns" not in out
    file = tmp_path / "camp.json"
    out = run("export", rid, str(file), "--db", str(db), "--lang", "pt")
    assert says(out, f"Campanha {rid} exportada") and "Exported" not in out
    out = run("import", str(file), "--db", str(tmp_path / "other.db"), "--lang", "pt")
    assert says(out, f"importado como a campanha {rid}") and "Imported" not in out
    assert says(run("export", rid, str(file), "--db", str(db)), "Exported campaign")


def test_two_new_campaigns_are_not_the_same_game_unless_a_seed_is_given(tmp_path: Path) -> None:
    """Issue 33: --seed defaulted to 0, so every new campaign played the same."""
    store = {}
    for name, extra in (("a", []), ("b", []), ("c", ["--seed", "7"]), ("d", ["--seed", "7"])):
        db = tmp_path / f"{name}.db"
        run("new", "--heroes", "3", "--db", str(db), *extra, input="quit\n")
        (entry,) = open_store(str(db)).list("tactics-campaign")
        store[name] = open_store(str(db)).get(entry.id).document
    assert store["a"] != store["b"]
    assert store["c"] == store["d"]


def test_info_describes_a_hero_with_the_classes_it_may_begin_in() -> None:
    """Issue 33: `info roberta` showed an empty box."""
    from towerplay.cli.lang import speaking

    game = new_game({"heroes": 3, "difficulty": "easy", "players": 1}, 3)
    _, out = play(SCREEN, game, ["info roberta", "quit"])
    assert says(out, "Roberta (hero)") and says(out, "Any hero may take any class")
    assert says(out, "Fighter, Rogue, Cleric, Wizard, Archer")
    with speaking("pt"):
        _, out = play(SCREEN, game, ["info roberta", "quit"])
    assert says(out, "Qualquer herói pode ter qualquer classe")
