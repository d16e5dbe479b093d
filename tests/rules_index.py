"""Read the rule indexes in docs/rules/, and find which rule IDs the tests and the code cite.

Used by the rule-index tests and by tools/mutants.py (which mutates the cited lines).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "towerplay"
GAMES = ("rtdt", "competitive", "covenant", "tactics")
ROW = re.compile(r"^\| ((?:RTDT|COV|COMP|CMP|AT)-[A-Z]+-\d+) \| (.*) \| [^|]* \| *(\S+) *\|\s*$")
CITED = re.compile(r"(?<![A-Za-z])((?:RTDT|COV|COMP|CMP|AT)[-_][A-Z]+[-_]\d+)(?!\d)", re.IGNORECASE)
# in code a citation is written as the index writes it: upper case, with dashes
CITED_IN_CODE = re.compile(r"(?<![A-Za-z-])((?:RTDT|COV|COMP|CMP|AT)-[A-Z]+-\d+)(?!\d)")
# A row no code can enforce says why in its Rule cell: "... _Statement only: why._"
STATEMENT_ONLY = re.compile(r"_Statement only: ([^_]*\w[^_]*)_")

# Code that cites rule IDs without enforcing them: the words of refusals and questions
# (module -> the top-level names whose citations do not count), and whole packages that
# follow the rules as players and screens do.
MESSAGE_ONLY: dict[str, tuple[str, ...]] = {
    "rtdt/explain.py": ("DECISION_RULES", "explain", "describe", "prompt"),
}
NOT_RULES = ("agents/", "cli/")


@dataclass(frozen=True)
class Row:
    rule_id: str
    text: str
    part: str

    @property
    def statement_only(self) -> str | None:
        """Why no code enforces this rule, if its row says so."""
        m = STATEMENT_ONLY.search(self.text)
        return m.group(1).strip() if m else None

    @property
    def example(self) -> bool:
        """A worked example (`COV-EXAMPLE-*`): tested as a whole, no single place in code."""
        return self.rule_id.split("-")[1] == "EXAMPLE"


def rows(name: str) -> dict[str, Row]:
    """Rule ID -> its row, from docs/rules/<name>.md."""
    out = {}
    for line in (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            out[m.group(1)] = Row(m.group(1), m.group(2), m.group(3))
    return out


def index(name: str) -> dict[str, str]:
    """Rule ID -> its Part column, from docs/rules/<name>.md."""
    return {rid: row.part for rid, row in rows(name).items()}


def norm(cid: str) -> str:
    return cid.replace("_", "-").upper()


def id_order(rid: str) -> tuple[str, int]:
    area, n = rid.rsplit("-", 1)
    return area, int(n)


@cache
def tests_by_rule() -> dict[str, tuple[str, ...]]:
    """Rule ID -> the tests proving it ("tests/x.py::test_name"): named after the ID
    (test_RTDT_MOVE_2_...) or carrying it in a `@rules(...)` marker."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            ids = {norm(c) for c in CITED.findall(node.name)}
            for dec in node.decorator_list:
                if isinstance(dec, ast.Call) and getattr(dec.func, "id", "") == "rules":
                    ids.update(
                        norm(a.value)
                        for a in dec.args
                        if isinstance(a, ast.Constant) and isinstance(a.value, str)
                    )
            for rid in ids:
                found.setdefault(rid, []).append(f"{path.relative_to(ROOT)}::{node.name}")
    return {rid: tuple(sites) for rid, sites in found.items()}


def cited_in_tests() -> set[str]:
    """IDs named by a test function (test_RTDT_MOVE_2_...) or a `rules(...)` marker."""
    return set(tests_by_rule())


def _message_lines(rel: str, text: str) -> set[int]:
    """Line numbers of the message-only definitions of a module (MESSAGE_ONLY)."""
    names = MESSAGE_ONLY.get(rel)
    if not names:
        return set()
    lines: set[int] = set()
    seen = set()
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef | ast.Assign):
            name = (
                node.name
                if isinstance(node, ast.FunctionDef)
                else getattr(node.targets[0], "id", "")
            )
            if name in names:
                seen.add(name)
                lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    missing = set(names) - seen
    if missing:  # renamed or moved: keep MESSAGE_ONLY true rather than silently counting them
        raise LookupError(f"{rel} no longer defines {sorted(missing)}; update MESSAGE_ONLY")
    return lines


@cache
def code_sites() -> dict[str, tuple[tuple[str, int], ...]]:
    """Rule ID -> the (file under src/towerplay, line) places citing it in code or content
    data, leaving out message-only code (MESSAGE_ONLY) and players and screens (NOT_RULES)."""
    found: dict[str, list[tuple[str, int]]] = {}
    paths = sorted([*SRC.rglob("*.py"), *SRC.rglob("*.yaml")])
    for path in paths:
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(NOT_RULES):
            continue
        text = path.read_text(encoding="utf-8")
        skip = _message_lines(rel, text)
        for n, line in enumerate(text.splitlines(), 1):
            if n in skip:
                continue
            for c in CITED_IN_CODE.findall(line):
                found.setdefault(norm(c), []).append((rel, n))
    return {rid: tuple(sites) for rid, sites in found.items()}


def cited_in_code(package: str | None = None) -> set[str]:
    """IDs cited in code (see code_sites), anywhere or under one package of src/towerplay."""
    if package is None:
        return set(code_sites())
    prefix = package.rstrip("/") + "/"
    return {
        rid for rid, sites in code_sites().items() if any(f.startswith(prefix) for f, _ in sites)
    }
