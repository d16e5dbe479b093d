"""The heuristic agent speaks only the protocol: it plays through a stand-in that offers
nothing but `observe`, `legal_actions`, `to_act`, `prompt` and the printed content, it
imports nothing from the rules, and it plays exactly as the agent it was split from."""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path
from typing import Any

import pytest

from towerplay.agents.heuristic import HeuristicAgent
from towerplay.core.notation import Action
from towerplay.rtdt.game import RtdtGame, new_game

AGENT = Path(__file__).parents[2] / "src" / "towerplay" / "agents"

# The agent before the split (one class reading game.state), recorded on these seeds: the
# number of decisions and the first 16 hex digits of the sha256 of the actions, one a line.
# Each seat's agent is HeuristicAgent(seed * 7 + seat).
RECORDED = [
    ("1-heroic-base-cooperative", 1, 113, "64d07a3cd458a996"),
    ("1-heroic-covenant-cooperative", 1, 314, "cf001060f5dca5f4"),
    ("1-gritty-base-cooperative", 1, 95, "fb150925d201b281"),
    ("1-gritty-covenant-cooperative", 1, 215, "2eb7aaac8e0b983d"),
    ("2-heroic-base-cooperative", 1, 441, "ac2f1c814c749bc6"),
    ("2-heroic-covenant-cooperative", 1, 396, "c93d566a0fe2682f"),
    ("2-heroic-base-competitive", 1, 173, "a5ab0afa6958f767"),
    ("2-gritty-base-cooperative", 1, 235, "b9804009c4c20679"),
    ("2-gritty-covenant-cooperative", 1, 217, "e6b9c87ee29a811c"),
    ("2-gritty-base-competitive", 1, 115, "b67e11cc5c4a0201"),
    ("4-heroic-base-cooperative", 1, 373, "2477a3f6bb3bc701"),
    ("4-heroic-covenant-cooperative", 1, 560, "77239f282492a87c"),
    ("4-heroic-base-competitive", 1, 369, "d665df04c96b686c"),
    ("4-gritty-base-cooperative", 1, 500, "3247544113943d0c"),
    ("4-gritty-covenant-cooperative", 1, 231, "678564a8e7da3787"),
    ("4-gritty-base-competitive", 1, 392, "0afed088169eeeba"),
]


class Seat:
    """All an agent may reach of a game: the protocol and the printed content."""

    __slots__ = ("_game",)

    def __init__(self, game: RtdtGame) -> None:
        self._game = game

    @property
    def to_act(self) -> int | None:
        return self._game.to_act

    @property
    def prompt(self) -> str:
        return self._game.prompt

    @property
    def world(self) -> Any:
        return self._game.world

    def legal_actions(self) -> list[Action]:
        return self._game.legal_actions()

    def observe(self, seat: int) -> dict[str, Any]:
        return self._game.observe(seat)


@pytest.mark.parametrize(("key", "seed", "decisions", "digest"), RECORDED)
def test_plays_as_recorded_through_the_protocol_only(
    key: str, seed: int, decisions: int, digest: str
) -> None:
    players, difficulty, expansion, mode = key.split("-")
    g = new_game(
        players=int(players),
        difficulty=difficulty,
        seed=seed,
        expansion="" if expansion == "base" else expansion,
        mode=mode,
    )
    agents = [HeuristicAgent(seed * 7 + i) for i in range(int(players))]
    HeuristicAgent.strict = True  # an error of its own must fail here, not fall back
    try:
        played = []
        while g.to_act is not None:
            a = agents[g.to_act].act(Seat(g))
            played.append(str(a))
            g.apply(a)
    finally:
        HeuristicAgent.strict = False
    assert len(played) == decisions
    assert hashlib.sha256("\n".join(played).encode()).hexdigest()[:16] == digest


def test_imports_nothing_from_the_rules() -> None:
    banned = ("towerplay.rtdt.rules", "towerplay.rtdt.covenant", "towerplay.rtdt.competitive")
    files = [*sorted((AGENT / "rtdt").glob("*.py")), AGENT / "heuristic.py"]
    assert len(files) > 5
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                names = []
            for name in names:
                assert name.startswith("towerplay.agents") or not name.startswith(
                    "towerplay.rtdt"
                ), f"{path.name} imports {name}"
                assert not name.startswith(banned), f"{path.name} imports {name}"
            if isinstance(node, ast.Attribute):
                assert node.attr != "state", f"{path.name}:{node.lineno} reads .state"


def test_module_and_function_sizes() -> None:
    for path in sorted((AGENT / "rtdt").glob("*.py")):
        text = path.read_text()
        assert len(text.splitlines()) <= 600, path.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                assert size <= 100, f"{path.name}: {node.name} has {size} lines"
