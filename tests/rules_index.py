"""Read the rule indexes in docs/rules/, and find which rule IDs the tests and the code cite.

Used by the rule-index tests and by tools/mutants.py (which mutates the cited lines).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "towerplay"
GAMES = ("rtdt", "competitive", "covenant", "tactics")
ROW = re.compile(
    r"^\| ((?:RTDT|COV|COMP|CMP|AT)-[A-Z]+-\d+) \| (.*) \| [^|]* \| *(\S+) *\| *([^|]*?) *\|\s*$"
)
NO_CODE = "—"  # the Code cell of a worked example or a statement-only row
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
    code: str  # where the rule is enforced: `path:function` under src/towerplay (or a file)

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
            out[m.group(1)] = Row(m.group(1), m.group(2), m.group(3), m.group(4))
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


def _remarks(text: str) -> list[tuple[int, str]]:
    """A Python file's comments and docstrings, each as (first line, its text): where code
    says which rule it enforces. The other strings (a refusal's words, the rule an error
    names) only word the rule, so a citation there alone does not count."""
    out = [
        (tok.start[0], tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tok.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(text)):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            for k, line in enumerate(node.value.value.splitlines()):
                out.append((node.lineno + k, line))
    return out


@cache
def code_sites() -> dict[str, tuple[tuple[str, int], ...]]:
    """Rule ID -> the (file under src/towerplay, line) places citing it in code or content
    data: in a comment or a docstring of Python code (`_remarks`), anywhere in a YAML file
    (its citations are comments beside the data); leaving out message-only code
    (MESSAGE_ONLY) and players and screens (NOT_RULES)."""
    found: dict[str, list[tuple[str, int]]] = {}
    paths = sorted([*SRC.rglob("*.py"), *SRC.rglob("*.yaml")])
    for path in paths:
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(NOT_RULES):
            continue
        text = path.read_text(encoding="utf-8")
        skip = _message_lines(rel, text)
        lines = _remarks(text) if path.suffix == ".py" else enumerate(text.splitlines(), 1)
        for n, line in sorted(lines):
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


def _scopes(text: str) -> list[tuple[int, int, str]]:
    """(first line, last line, dotted name) of each function, class and top-level assigned
    name of a Python file, outermost first."""
    out: list[tuple[int, int, str]] = []

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            end = node.end_lineno or node.lineno
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                out.append((start, end, prefix + node.name))
                walk(node.body, prefix + node.name + ".")
            elif not prefix and isinstance(node, ast.Assign | ast.AnnAssign):
                target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                if isinstance(target, ast.Name):
                    out.append((node.lineno, end, target.id))

    walk(ast.parse(text).body, "")
    return out


@cache
def _file_scopes(rel: str) -> list[tuple[int, int, str]]:
    path = SRC / rel
    return _scopes(path.read_text(encoding="utf-8")) if path.suffix == ".py" else []


def place(rel: str, line: int) -> str:
    """A code site as the Code column names it: `path:function` (the innermost function or
    class around the line, or the top-level name it assigns), or the path alone for a
    module's docstring or a content file."""
    scopes = _file_scopes(rel)
    inner = [name for start, end, name in scopes if start <= line <= end]
    if inner:
        return f"{rel}:{inner[-1]}"
    # a comment block just above a definition speaks of that definition
    after = [(start, name) for start, _, name in scopes if start > line]
    if after:
        start, name = min(after)
        between = _lines(rel)[line : start - 1]
        if all(t.strip().startswith("#") or not t.strip() for t in between):
            return f"{rel}:{name}"
    return rel


@cache
def _lines(rel: str) -> list[str]:
    return (SRC / rel).read_text(encoding="utf-8").splitlines()


def places(rid: str) -> list[str]:
    """Every place citing `rid` where code enforces it, in file order, once each."""
    return list(dict.fromkeys(place(f, n) for f, n in code_sites().get(rid, ())))
