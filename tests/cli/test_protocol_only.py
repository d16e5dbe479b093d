"""The terminal screen reads a game only through its public face (docs/observe.md):
`observe(seat)`, `legal_actions()`, `prompt`, `to_act`, `result`, `log` and the printed
content in `game.world`. The browser will have nothing else, so the screen must not either."""

from __future__ import annotations

import ast
from pathlib import Path

import towerplay.cli

CLI = Path(towerplay.cli.__file__).parent
INTERNALS = (
    "towerplay.rtdt.rules",
    "towerplay.rtdt.covenant",
    "towerplay.rtdt.competitive",
    "towerplay.rtdt.state",
)


def _internal(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in INTERNALS)


def _breaches(tree: ast.AST) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(_internal(n) for n in names):
                out.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            out += [f"line {node.lineno}: import {a.name}" for a in node.names if _internal(a.name)]
        elif isinstance(node, ast.Attribute) and node.attr == "state":
            out.append(f"line {node.lineno}: .state")
    return out


def test_the_cli_imports_no_rtdt_internals_and_reads_no_state() -> None:
    found = {
        path.name: breaches
        for path in sorted(CLI.glob("*.py"))
        if (breaches := _breaches(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_check_catches_a_state_read_and_an_internal_import() -> None:
    code = (
        "from towerplay.rtdt.rules.actions import move_value\n"
        "from towerplay.rtdt import covenant\n"
        "import towerplay.rtdt.state\n"
        "x = game.state.turn\n"
    )
    assert len(_breaches(ast.parse(code))) == 4
    assert _breaches(ast.parse("from towerplay.rtdt.game import RtdtGame\nv = g.observe(0)")) == []
