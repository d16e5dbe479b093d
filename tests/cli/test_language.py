"""The terminal in Portuguese: `--lang pt` (or TOWERPLAY_LANG) words the screens, the help,
the errors and the questions, the game's events come through the catalog, and the
screens still fit 120x40 and 80x24 with the longer words."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.cli.scripted import play, says
from tests.cli.test_screens import SIZES, drawn, games
from towerplay.cli import lang
from towerplay.cli.main import app
from towerplay.cli.narrate import history
from towerplay.cli.rtdt import SCREEN as RTDT
from towerplay.cli.rtdt import build_game
from towerplay.cli.tactics import SCREEN as TACTICS
from towerplay.i18n import Catalog
from towerplay.tactics import new_game

runner = CliRunner()


@pytest.fixture
def pt() -> Any:
    with lang.speaking("pt") as words:
        yield words


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize(("name", "screen", "game"), games(), ids=lambda x: str(x)[:12])
def test_a_portuguese_screen_fits_with_the_prompt_and_the_actions_at_the_bottom(
    pt: Catalog, name: str, screen: Any, game: Any, width: int, height: int
) -> None:
    lines = drawn(screen, game, width, height)
    assert len(lines) <= height - 1  # and a line for the input
    assert max(len(x) for x in lines) <= width
    text = "\n".join(lines)
    assert re.search(r"^\s*\d+ \S|mais \d+: digite actions", lines[-1])  # the actions last
    assert "registro" in text  # the log's panel, by its Portuguese title
    if screen is RTDT:
        assert "Norte" in text and "Oeste" in text and lines[0].startswith("Mês ")


def test_the_rtdt_panels_are_titled_in_portuguese(pt: Catalog) -> None:
    g = build_game(2, [], "heroic", None, 3)
    text = "\n".join(drawn(RTDT, g, 120, 40))
    for word in ("Caveiras", "Mercado", "Inimigos", "Adversário", "lugar 0", "guerreiros"):
        assert word in text
    assert "cooperativo · heroica" in text  # the mode and the difficulty in the header


def test_help_legend_errors_and_the_save_question_are_in_portuguese(pt: Catalog) -> None:
    lines = ["help", "legend", "99", "info nada_disso", "save", "quit", "n"]
    _, out = play(RTDT, build_game(1, [], "heroic", None, 3), ["1", *lines])
    assert "a ação de Estandarte (só no início do turno)" in out  # a verb explained
    assert "battle INIMIGO ESPAÇO" in out  # the verb as typed, its placeholders in words
    assert "toda a história do jogo" in out  # the shared commands too
    assert "C cidadela" in out and "★ objetivo principal" in out  # the legend
    assert "nenhuma ação de número 99; escolha 1-" in out
    assert "nada chamado 'nada_disso' neste jogo" in out
    assert "save precisa de um nome de arquivo" in out
    assert "Salvar antes? s: sim" in out and "Até logo." in out
    _, out = play(TACTICS, new_game({}, 2), ["help", "legend", "quit"])
    assert "[bold]" not in out and "Um turno" in out and "Casas são a letra" in out
    assert "parede" in out and "rótulo" in out


def test_a_yes_in_portuguese_saves_first(pt: Catalog, tmp_path: Any) -> None:
    file = tmp_path / "jogo.json"
    _, out = play(RTDT, build_game(1, [], "heroic", None, 3), ["1", "quit", "s", str(file)])
    assert file.exists() and says(out, f"Salvo em {file}.")


def test_the_events_of_the_log_are_worded_by_the_catalog() -> None:
    g = build_game(1, [], "heroic", None, 3)
    g.apply(g.legal_actions()[0])
    told = g.events[-1]
    words = Catalog("pt", {told.msg: "«" + told.msg + "»"})
    with lang.speaking(words):
        assert history(g, 0)[-1].text == "«" + told.text + "»"
        text = "\n".join(drawn(RTDT, g, 120, 40))
    assert "«" + told.text[:40] in text
    assert history(g, 0)[-1].text == told.text  # English again outside the block


def test_the_game_over_line_is_in_portuguese(pt: Catalog) -> None:
    from towerplay.agents.random import RandomAgent

    g = build_game(1, [], "heroic", None, 3)
    agent = RandomAgent(2)
    while g.to_act is not None:
        g.apply(agent.act(g))
    _, out = play(RTDT, g, [])
    assert re.search(r"Fim de jogo: (vitória|derrota) — ", out)
    assert "Código do jogo: " in out


@pytest.mark.parametrize(
    "args",
    [["play", "rtdt"], ["play", "tactics"], ["campaign", "new", "--db", "sqlite://"]],
    ids=["rtdt", "tactics", "campaign"],
)
def test_an_unknown_language_is_refused_with_the_languages_there_are(args: list[str]) -> None:
    result = runner.invoke(app, [*args, "--lang", "xx"])
    assert result.exit_code == 2
    assert "unknown language 'xx': one of en, pt" in result.output


@pytest.mark.parametrize("env", [{}, {"TOWERPLAY_LANG": "pt_BR"}], ids=["option", "environment"])
def test_the_list_tables_are_headed_in_the_chosen_language(env: dict[str, str]) -> None:
    extra = [] if env else ["--lang", "pt"]
    result = runner.invoke(app, ["play", "rtdt", "--list", *extra], env=env)
    assert result.exit_code == 0, result.output
    assert "Ids de Return to Dark Tower" in result.output and "opção" in result.output
    result = runner.invoke(app, ["play", "tactics", "--list", *extra], env=env)
    assert result.exit_code == 0, result.output
    assert "capítulo" in result.output and "Classes de herói (--party)" in result.output
    assert lang.current().lang == "en"  # the command's choice ends with it


def test_english_is_the_default_and_lang_en_overrides_the_environment() -> None:
    result = runner.invoke(app, ["play", "rtdt", "--list"], env={"TOWERPLAY_LANG": ""})
    assert "Return to Dark Tower ids" in result.output
    result = runner.invoke(
        app, ["play", "rtdt", "--list", "--lang", "en"], env={"TOWERPLAY_LANG": "pt"}
    )
    assert "Return to Dark Tower ids" in result.output
