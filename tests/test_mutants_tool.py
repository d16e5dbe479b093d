"""tools/mutants.py: its sites, its mutations and its choice of tests (the runs themselves
are `make mutants`, minutes long)."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("mutants", ROOT / "tools" / "mutants.py")
assert _spec is not None and _spec.loader is not None
mutants = importlib.util.module_from_spec(_spec)
sys.modules["mutants"] = mutants
_spec.loader.exec_module(mutants)

CODE = """def f(s, h):
    # RTDT-MOVE-2: a comment above its statement
    if h.spirit >= 1 and not s.done:
        h.spirit -= 1  # RTDT-MOVE-3
    x = min(h.moves, 3)
    s.moves = x + 1
    return x if s.done else 0
"""


def test_a_comment_belongs_to_its_own_line_or_the_next_line_of_code() -> None:
    counted = {("m.py", 2), ("m.py", 4)}
    sites = mutants.comment_sites("m.py", CODE, counted)
    assert [(s.line, s.rules) for s in sites] == [(3, ("RTDT-MOVE-2",)), (4, ("RTDT-MOVE-3",))]
    assert mutants.comment_sites("m.py", CODE, {("m.py", 2)})[0].line == 3  # only counted lines


@pytest.mark.parametrize(
    ("line", "kind", "expected"),
    [
        (3, "negate", "if not (h.spirit >= 1 and (not s.done)):"),
        (3, "and/or", "if h.spirit >= 1 or not s.done:"),
        (3, "flip", "if h.spirit < 1 and (not s.done):"),
        (3, "+1", "if h.spirit >= 2 and (not s.done):"),
        (4, "+/-", "h.spirit += 1"),
        (4, "delete", "pass  # RTDT-MOVE-3"),
        (5, "min/max", "x = max(h.moves, 3)"),
        (6, "delete", "    pass\n"),
        (7, "not if", "return x if not s.done else 0"),
    ],
)
def test_each_mutation_changes_only_its_statement(line: int, kind: str, expected: str) -> None:
    tree = ast.parse(CODE)
    stmt = mutants.statement_at(tree, line)
    found = [c for c in mutants.candidates(stmt, line) if c[0] == kind]
    assert found, (kind, mutants.candidates(stmt, line))
    out, before, after = mutants.mutate(CODE, line, *found[0])
    assert expected in out and out != CODE and before != after
    untouched = [n for n in range(1, 8) if n != line]
    old, new = CODE.splitlines(), out.splitlines()
    assert [old[n - 1] for n in untouched] == [new[n - 1] for n in untouched]


def test_assignments_to_locals_are_not_deleted_and_indexes_not_shifted() -> None:
    code = "def f(a):\n    x = a[1]\n    return x\n"
    stmt = mutants.statement_at(ast.parse(code), 2)
    assert mutants.candidates(stmt, 2) == []  # deleting x or reading a[2] would only crash


def test_the_sample_is_seeded_and_every_mutant_compiles_and_differs() -> None:
    first = list(mutants.iter_mutants(12, seed=5))
    assert [m for m, _, _ in first] == [m for m, _, _ in mutants.iter_mutants(12, seed=5)]
    assert [m for m, _, _ in first] != [m for m, _, _ in mutants.iter_mutants(12, seed=6)]
    for m, before, after in first:
        assert before != after
        assert not m.file.startswith(("agents/", "cli/")) and m.file != "rtdt/explain.py"
        assert mutants.tests_for(mutants.Site(m.file, m.line, m.rules)), m


def test_a_rules_tests_and_its_modules_tests_are_run() -> None:
    site = mutants.Site("rtdt/rules/battle.py", 1, ("RTDT-BATTLE-8",))
    tests = mutants.tests_for(site)
    assert "tests/rtdt/test_rules_battle.py" in tests
    assert any("test_RTDT_BATTLE_8" in t for t in tests)
    assert mutants.module_tests("tactics/grid.py") == ["tests/tactics/test_grid.py"]
    assert mutants.module_tests("rtdt/covenant/doom.py") == ["tests/rtdt/test_covenant_doom.py"]
