"""The Tactics engine is a straight stack of modules: each imports only modules
listed above it in the package docstring, at the top of the file, so there is no
import cycle and no import hidden in a function to dodge one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import towerplay.tactics as tactics

PACKAGE = Path(tactics.__file__).parent


def stack() -> list[str]:
    """The modules in the order the package docstring lists them, bottom first."""
    assert tactics.__doc__ is not None
    return [
        name
        for line in tactics.__doc__.splitlines()
        if line.startswith("- `")
        for name in re.findall(r"`(\w+)`", line.split(":")[0])
    ]


def imports(tree: ast.Module) -> list[tuple[str, bool]]:
    """(module inside towerplay.tactics, imported at top level?) for each import."""
    top = {id(node) for node in tree.body}
    out = []
    for node in ast.walk(tree):
        module = node.module if isinstance(node, ast.ImportFrom) else None
        if module and module.startswith("towerplay.tactics."):
            out.append((module.split(".")[2], id(node) in top))
    return out


def test_every_module_is_listed_once() -> None:
    listed = stack()
    assert len(listed) == len(set(listed))
    files = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert files == set(listed)


def test_each_module_imports_only_those_below_it_at_the_top() -> None:
    order = {name: i for i, name in enumerate(stack())}
    for name, rank in order.items():
        tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
        for used, at_top in imports(tree):
            assert at_top, f"{name} imports {used} inside a function"
            assert order[used] < rank, f"{name} imports {used}, listed above it"
