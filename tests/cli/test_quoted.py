"""The errors a command quotes (an engine's, the store's, a file's) in the chosen language:
each sentence `cli/quoted.py` rewords is still the one its engine builds (this fails when an
engine words it otherwise), and a bad option at the command line reads in Portuguese."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from towerplay.cli.common import read_json
from towerplay.cli.main import app
from towerplay.cli.quoted import OptionError, quoted
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import code_values
from towerplay.games import RTDT
from towerplay.i18n import catalog
from towerplay.rtdt.game import make_config
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.store import open_store
from towerplay.tactics import new_game as new_tactics

runner = CliRunner()


def raised(make: Callable[[], Any]) -> BaseException:
    try:
        make()
    except Exception as exc:  # noqa: BLE001 - the error is what is tested
        return exc
    raise AssertionError("nothing was raised")


def _missing_file() -> Any:
    return read_json("/nonexistent/save.json")


def _not_json(tmp: Path) -> Any:
    (tmp / "bad.json").write_text("{", encoding="utf-8")
    return read_json(str(tmp / "bad.json"))


CASES: list[tuple[str, Callable[[Path], Any], str]] = [
    ("hero", lambda _t: new_rtdt(make_config(players=1, heroes=["nobody"])), "herói desconhecido"),
    ("agent", lambda _t: RTDT.agents.check("nobody"), "agente desconhecido 'nobody'"),
    ("encounter", lambda _t: new_tactics({"encounter": "nowhere"}, 1), "nenhum encontro 'nowhere'"),
    (
        "class",
        lambda _t: new_tactics({"party": ["nobody", "fighter", "rogue"]}, 1),
        "nenhuma classe",
    ),
    ("party", lambda _t: new_tactics({"party": ["fighter"]}, 1), "um grupo tem de 3 a 5 heróis"),
    ("code", lambda _t: code_values("zzzz"), "um código de jogo tem 12 caracteres, este tem 4"),
    ("record", lambda _t: open_store("sqlite://").get("nope"), "nenhum registro tem o id 'nope'"),
    ("missing", lambda _t: _missing_file(), "arquivo: Arquivo ou pasta inexistente"),
    ("json", _not_json, "linha 1: não é JSON: esperava um nome de propriedade"),
]


@pytest.mark.parametrize(("name", "make", "portuguese"), CASES, ids=[c[0] for c in CASES])
def test_an_engines_sentence_is_reworded(
    name: str, make: Callable[[Path], Any], portuguese: str, tmp_path: Path
) -> None:
    exc = raised(lambda: make(tmp_path))
    assert quoted(exc, catalog("en")) == str(exc) or name in ("missing", "json")
    assert portuguese in quoted(exc, catalog("pt")), str(exc)


def test_our_option_errors_and_refusals_are_templates() -> None:
    exc = OptionError("--seed must be 0 or more, not {seed}", seed=-1)
    assert str(exc) == "--seed must be 0 or more, not -1"
    assert quoted(exc, catalog("pt")) == "--seed deve ser 0 ou mais, não -1"
    refusal = IllegalAction("a party has 3 to 5 heroes", "AT-SETUP-1")
    assert quoted(refusal, catalog("pt")).endswith("[AT-SETUP-1]")


@pytest.mark.parametrize(
    ("args", "portuguese"),
    [
        (["play", "rtdt", "--heroes", "nobody"], "erro: herói desconhecido 'nobody'"),
        (["play", "rtdt", "--ai", "9=random"], "os lugares deste jogo são 0"),
        (["play", "rtdt", "--difficulty", "easy"], "--difficulty deve ser heroic ou gritty"),
        (["play", "tactics", "--encounter", "nowhere"], "erro: nenhum encontro 'nowhere'"),
        (["play", "tactics", "--load", "/nonexistent.json"], "Arquivo ou pasta inexistente"),
        (["sim", "tactics", "--agent", "nobody"], "erro: agente desconhecido"),
        (
            ["campaign", "new", "--db", "sqlite://", "--ai", "5=random"],
            "lugares desta campanha são 0, 1, 2, 3",
        ),
    ],
    ids=["hero", "seat", "difficulty", "encounter", "load", "agent", "campaign-seat"],
)
def test_a_bad_option_reads_in_portuguese(args: list[str], portuguese: str) -> None:
    result = runner.invoke(app, [*args, "--lang", "pt"])
    assert result.exit_code == 2
    assert portuguese in " ".join(result.output.split()), result.output


def _bad_save(tmp: Path, game: Any, spoil: Callable[[dict[str, Any]], None]) -> str:
    data = game.to_json()
    spoil(data)
    file = tmp / "bad_save.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    return str(file)


def _wrong_turn(data: dict[str, Any]) -> None:
    data["turn_number"] = "soon"


def _no_month(data: dict[str, Any]) -> None:
    del data["month"]


def _other_game(data: dict[str, Any]) -> None:
    data["game"] = "chess"


@pytest.mark.parametrize(
    ("kind", "spoil", "portuguese"),
    [
        ("rtdt", _wrong_turn, "turn_number: esperava um número inteiro, veio 'soon'"),
        ("rtdt", _no_month, "month: falta"),
        ("tactics", _other_game, "game: não é um jogo salvo de tactics"),
    ],
    ids=["rtdt-type", "rtdt-missing", "tactics-game"],
)
def test_a_bad_save_reads_in_portuguese(
    kind: str, spoil: Callable[[dict[str, Any]], None], portuguese: str, tmp_path: Path
) -> None:
    """A save's field that does not validate (core/serial.py, the games' save modules) is
    worded by `--lang pt`, file and field named; English is unchanged."""
    if kind == "rtdt":
        game: Any = new_rtdt(make_config(players=1), 3)
        file = _bad_save(tmp_path, game, spoil)
        exc = raised(lambda: type(game).from_json(read_json(file), file))
    else:
        game = new_tactics({"encounter": "goblin_ambush"}, 3)
        file = _bad_save(tmp_path, game, spoil)
        exc = raised(lambda: type(game).from_json(read_json(file), file))
    assert quoted(exc, catalog("en")) == str(exc)
    assert portuguese in quoted(exc, catalog("pt")), str(exc)


def _two_winners_off_the_table(data: dict[str, Any]) -> None:
    data["result"] = {"outcome": "win", "cause": "", "winners": [7]}


def _no_status(data: dict[str, Any]) -> None:
    data["foe_status"].pop(data["foes"][0][0])


@pytest.mark.parametrize(
    ("spoil", "portuguese"),
    [
        (_two_winners_off_the_table, "result.winners: um vencedor não é um lugar"),
        (_no_status, "falta: cada inimigo do jogo tem um estado"),
    ],
    ids=["winner", "status"],
)
def test_a_save_that_does_not_hang_together_reads_in_portuguese(
    spoil: Callable[[dict[str, Any]], None], portuguese: str, tmp_path: Path
) -> None:
    """rtdt/save_checks.py's reasons (a save whose fields validate but contradict each other)
    are quoted templates too."""
    game: Any = new_rtdt(make_config(players=1), 3)
    file = _bad_save(tmp_path, game, spoil)
    exc = raised(lambda: type(game).from_json(read_json(file), file))
    assert quoted(exc, catalog("en")) == str(exc)
    assert portuguese in quoted(exc, catalog("pt")), str(exc)


def test_every_quoted_sentence_is_still_built_somewhere() -> None:
    """Each listed sentence's literal words still stand in the source that builds it (an
    f-string or a template), so a reworded engine message is not left unmatched unnoticed."""
    from towerplay.cli import quoted as module

    root = Path(module.__file__).parents[1]
    sources = "\n".join(
        p.read_text(encoding="utf-8") for p in root.rglob("*.py") if p.name != "quoted.py"
    )
    system = {"No such file or directory", "Permission denied", "Is a directory"}
    json_words = {"Expecting", "Unterminated", "Extra data", "Invalid"}
    for template in module.ENGINE_SENTENCES:
        if template in system or any(template.startswith(w) for w in json_words):
            continue  # the operating system's and the json module's own sentences
        for piece in re.split(r"\{\w+\}", template):
            piece = piece.strip(" ;:,()'")
            assert len(piece) < 3 or piece in sources, (template, piece)
