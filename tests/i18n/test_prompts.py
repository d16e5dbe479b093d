"""The questions a seat is asked read in Portuguese: each game's `asked` is a template with
fields (Tactics keeps it in the save as the message id and `prompt_args`), every one met in
random games is in the catalog, and a save older than the fields still loads and asks."""

from __future__ import annotations

from typing import Any

import pytest

from tests.i18n.test_rtdt_narration import CONFIGS, untranslated
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import SaveError
from towerplay.core.narration import Event
from towerplay.i18n import catalog
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.tactics import TacticsGame, new_game
from towerplay.tactics.content import default_content


def _asked(game: Any, seed: int, steps: int = 5000) -> list[Event]:
    """Every question of a random game, from the first to the last."""
    agent = RandomAgent(seed)
    seen = [game.asked]
    for _ in range(steps):
        if game.result is not None:
            break
        game.apply(agent.act(game))
        seen.append(game.asked)
    return seen


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_every_question_of_random_rtdt_games_reads_in_portuguese(config: int) -> None:
    pt = catalog("pt")
    options = CONFIGS[config]
    wrong: list[str] = []
    for seed in range(4):
        players = 2 + seed % 3 if options.get("mode") == "competitive" else 1 + seed % 4
        g = new_rtdt(players=players, seed=seed, **options)
        asked = _asked(g, seed)
        assert asked[-1].text == g.prompt  # `prompt` is the English of `asked`
        wrong += untranslated(pt, asked)
    assert not wrong, "\n".join(sorted(set(wrong))[:30])


@pytest.mark.parametrize("encounter", sorted(default_content().encounters)[:12])
def test_every_question_of_a_random_tactics_encounter_is_translated(encounter: str) -> None:
    pt = catalog("pt")
    g = new_game({"encounter": encounter}, 3)
    asked = _asked(g, 3, 3000)
    missing = sorted({a.msg for a in asked if a.msg and a.msg not in pt.messages})
    assert not missing
    assert any(pt.event(a) != a.text for a in asked)


def test_a_tactics_question_is_kept_as_its_template_and_fields() -> None:
    g = new_game({}, 2)
    d = g.to_json()["state"]["pending"][0]["data"]
    assert d["prompt"] == "place {hero} in the highlighted area"
    assert d["prompt_args"] == {"hero": "fighter"}
    assert g.prompt == "place fighter in the highlighted area"
    assert catalog("pt").event(g.asked) == "posicione fighter na área destacada"


def test_a_tactics_save_from_before_the_fields_loads_and_asks_in_english() -> None:
    g = new_game({}, 2)
    data = g.to_json()
    decision = data["state"]["pending"][0]["data"]
    decision["prompt"] = g.prompt  # how older saves kept it: the English sentence
    del decision["prompt_args"]
    old = TacticsGame.from_json(data)
    assert old.prompt == g.prompt and old.legal_actions() == g.legal_actions()
    assert catalog("pt").event(old.asked) == g.prompt  # no template: shown as it was saved
    old.apply(old.legal_actions()[0])  # and play goes on
    assert old.to_act is not None


def test_the_rtdt_turn_question_in_portuguese() -> None:
    g = new_rtdt(players=1, seed=3)
    assert g.prompt.endswith("start of turn: choose an action (end to drop your skull).")
    worded = catalog("pt").event(g.asked)
    assert ", mês 1, início do turno: escolha uma ação" in worded


def test_every_question_of_a_random_campaign_is_translated() -> None:
    from towerplay.tactics.campaign.game import new_game as new_campaign

    pt = catalog("pt")
    g = new_campaign({"heroes": 3}, 4)
    asked = _asked(g, 4, 400)
    missing = sorted({a.msg for a in asked if a.msg and a.msg not in pt.messages})
    assert not missing
    assert pt.event(asked[0]) == "herói 1 de 3: escolha um herói e uma classe básica"


def test_a_save_with_bad_prompt_fields_is_refused_by_field() -> None:
    data = new_game({}, 2).to_json()
    data["state"]["pending"][0]["data"]["prompt_args"] = ["fighter"]
    with pytest.raises(SaveError) as err:
        TacticsGame.from_json(data, "old.json")
    assert err.value.field.endswith("data.prompt_args") and err.value.file == "old.json"
