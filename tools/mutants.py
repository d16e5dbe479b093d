"""Mutation testing over rule sites: do the tests named for a rule fail when its code breaks?

A rule site is a line of src/towerplay that cites a rule ID in a comment (the sites the
rule-index test reads: tests/rules_index.py). For each sampled site the tool takes the
statement the comment belongs to (the line itself, or the next line of code), applies one
mutation (flip a comparison, negate a condition or a conditional expression, swap and/or,
+ and -, min and max, move a number by one, or delete the statement), and runs only the
tests named for the cited rule IDs (test_<ID>_... or @rules(ID)) plus the module's own test
file. A failing run (or one past the timeout) kills the mutant; a passing run means it
survived: its tests cannot fail when that rule breaks.

The work tree is never touched: src, tests and docs are copied to a temporary folder, the
mutants are written there (the original text is put back after each run), and pytest runs
in that folder with PYTHONPATH pointing at the copy.

    python tools/mutants.py --n 40 --seed 1        (make mutants N=40 SEED=1)
    python tools/mutants.py --site rtdt/rules/quests.py:225    (every mutation of one site)
"""

from __future__ import annotations

import argparse
import ast
import copy
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.rules_index import CITED, code_sites, norm, tests_by_rule  # noqa: E402

FLIP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}


@dataclass(frozen=True)
class Mutation:
    """One change to the statement at `line` of `file`: the `index`-th candidate node of the
    statement's mutable part, changed by `kind`."""

    file: str  # under src/towerplay
    line: int  # the statement's first line
    kind: str
    index: int
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Site:
    file: str
    line: int  # the line of code the citation belongs to
    rules: tuple[str, ...]


# --- finding sites ---------------------------------------------------------------------------


def comment_sites(file: str, text: str, counted: set[tuple[str, int]]) -> list[Site]:
    """Lines of code that a comment citing rule IDs belongs to: its own line if code stands
    before the comment, else the next line holding code. Docstring citations are left out:
    they describe a whole function, not one statement. Only comments on lines the rule index
    counts (`counted`: not message-only code) are sites."""
    lines = text.splitlines()
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type != tokenize.COMMENT:
            continue
        ids = tuple(dict.fromkeys(norm(c) for c in CITED.findall(tok.string)))
        if not ids:
            continue
        row, col = tok.start
        if (file, row) not in counted:
            continue
        if lines[row - 1][:col].strip():
            out.append(Site(file, row, ids))
            continue
        nxt = row
        while nxt < len(lines) and (not lines[nxt].strip() or lines[nxt].lstrip().startswith("#")):
            nxt += 1
        if nxt < len(lines):
            out.append(Site(file, nxt + 1, ids))
    return out


def statement_at(tree: ast.Module, line: int) -> ast.stmt | None:
    """The innermost statement whose lines hold `line` (one starting there, if any)."""
    found = None
    for node in ast.walk(tree):
        holds = isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or 0)
        if holds and (found is None or _inside(node, found)):
            found = node
    return found


def _inside(a: ast.stmt, b: ast.stmt) -> bool:
    return (a.lineno, a.col_offset) >= (b.lineno, b.col_offset) and (
        a.end_lineno or 0,
        a.end_col_offset or 0,
    ) <= (b.end_lineno or 0, b.end_col_offset or 0)


def mutable_part(stmt: ast.stmt) -> ast.AST | None:
    """What a mutation may change: a condition for if/while/assert, the iterable of a for,
    the whole of a simple statement; nothing for definitions, with, try, raise."""
    if isinstance(stmt, ast.If | ast.While | ast.Assert):
        return stmt.test
    if isinstance(stmt, ast.For):
        return stmt.iter
    if isinstance(stmt, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Return | ast.Expr):
        return stmt
    return None


def deletable(stmt: ast.stmt) -> bool:
    """Statements whose deletion changes what the rules do rather than only crash: a call,
    an update, or setting a field of the state (`b.rung += 1`, `h.space = a[1]`). Deleting
    `x = ...` would only leave `x` undefined."""
    if isinstance(stmt, ast.Expr):
        return isinstance(stmt.value, ast.Call)
    if isinstance(stmt, ast.AugAssign):
        return True
    if isinstance(stmt, ast.Assign):
        return all(isinstance(t, ast.Attribute | ast.Subscript) for t in stmt.targets)
    return False


def candidates(stmt: ast.stmt, line: int) -> list[tuple[str, int]]:
    """(kind, node index in ast.walk order of the mutable part) for every mutation of the
    statement; when `line` is a later line of a longer statement, only what stands there."""
    part = mutable_part(stmt)
    if part is None:
        return []
    whole = stmt.lineno == line
    out: list[tuple[str, int]] = []
    if whole and isinstance(stmt, ast.If | ast.While | ast.Assert):
        out.append(("negate", 0))
    if whole and deletable(stmt):
        out.append(("delete", 0))
    indexes = {id(n.slice) for n in ast.walk(part) if isinstance(n, ast.Subscript)}
    for i, node in enumerate(ast.walk(part)):
        if not whole and getattr(node, "lineno", None) != line:
            continue
        if id(node) in indexes:  # a[1] -> a[2] only crashes: no test of the rule
            continue
        if isinstance(node, ast.Compare):
            out.extend(("flip", i) for op in node.ops if type(op) in FLIP)
        elif isinstance(node, ast.BoolOp):
            out.append(("and/or", i))
        elif isinstance(node, ast.IfExp):
            out.append(("not if", i))
        elif isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Add | ast.Sub):
            out.append(("+/-", i))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("min", "max"):
            out.append(("min/max", i))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, int)
            and not isinstance(node.value, bool)
        ):
            out.append(("+1", i))
    return list(dict.fromkeys(out))


# --- applying a mutation ------------------------------------------------------------------------


def _mutate_node(node: ast.AST, kind: str) -> None:
    if kind == "flip":
        assert isinstance(node, ast.Compare)
        i = next(k for k, op in enumerate(node.ops) if type(op) in FLIP)
        node.ops[i] = FLIP[type(node.ops[i])]()
    elif kind == "not if":  # a if c else b -> a if not c else b
        assert isinstance(node, ast.IfExp)
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
    elif kind == "and/or":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "+/-":
        assert isinstance(node, ast.BinOp | ast.AugAssign)
        node.op = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
    elif kind == "min/max":
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        node.func.id = "max" if node.func.id == "min" else "min"
    elif kind == "+1":
        assert isinstance(node, ast.Constant)
        node.value = node.value + 1
    else:
        raise ValueError(kind)


def mutate(text: str, line: int, kind: str, index: int) -> tuple[str, str, str]:
    """The mutated source, and the changed code before and after (one line each)."""
    tree = ast.parse(text)
    stmt = statement_at(tree, line)
    assert stmt is not None
    part = mutable_part(stmt)
    assert part is not None
    if kind in ("negate", "delete"):
        target: ast.AST = part if kind == "negate" else stmt
        new = "pass" if kind == "delete" else f"not ({ast.unparse(part)})"
    else:
        target = part
        changed = copy.deepcopy(part)
        node = list(ast.walk(changed))[index]
        _mutate_node(node, kind)
        new = ast.unparse(changed)
    before = ast.unparse(target)
    raw = text.encode()
    starts = [0]
    for chunk in raw.splitlines(keepends=True):
        starts.append(starts[-1] + len(chunk))
    a = starts[target.lineno - 1] + target.col_offset  # type: ignore[attr-defined]
    b = starts[target.end_lineno - 1] + target.end_col_offset  # type: ignore[attr-defined]
    out = (raw[:a] + new.encode() + raw[b:]).decode()
    compile(out, "<mutant>", "exec")
    return out, before, new


# --- which tests --------------------------------------------------------------------------------


def module_tests(file: str) -> list[str]:
    """The module's own test file, by the naming the tests follow: rtdt/rules/battle.py ->
    tests/rtdt/test_rules_battle.py, rtdt/covenant/doom.py -> tests/rtdt/test_covenant_doom.py,
    rtdt/tower.py -> tests/rtdt/test_tower.py, tactics/grid.py -> tests/tactics/test_grid.py."""
    parts = Path(file).with_suffix("").parts
    name = "test_" + "_".join(parts[1:])
    path = ROOT / "tests" / parts[0] / f"{name}.py"
    return [str(path.relative_to(ROOT))] if path.exists() else []


def tests_for(site: Site) -> list[str]:
    by_rule = tests_by_rule()
    named = [t for rid in site.rules for t in by_rule.get(rid, ())]
    return list(dict.fromkeys(named + module_tests(site.file)))


# --- running ------------------------------------------------------------------------------------


def all_sites() -> tuple[list[Site], dict[str, str]]:
    """Every comment-cited rule site in Python code that has at least one mutation."""
    texts: dict[str, str] = {}
    unique: dict[tuple[str, int], Site] = {}
    counted = {place for places in code_sites().values() for place in places}
    files = sorted({f for f, _ in counted if f.endswith(".py")})
    for file in files:
        text = texts[file] = (ROOT / "src" / "towerplay" / file).read_text(encoding="utf-8")
        tree = ast.parse(text)
        for site in comment_sites(file, text, counted):
            stmt = statement_at(tree, site.line)
            if stmt is None or not candidates(stmt, site.line):
                continue
            old = unique.get((file, site.line))  # two comments on one line: one site
            rules = site.rules if old is None else tuple(dict.fromkeys(old.rules + site.rules))
            unique[(file, site.line)] = Site(file, site.line, rules)
    return list(unique.values()), texts


def sample(n: int, seed: int) -> tuple[list[Mutation], int]:
    sites, texts = all_sites()
    rng = random.Random(seed)
    chosen = rng.sample(sites, min(n, len(sites)))
    out = []
    for site in sorted(chosen, key=lambda x: (x.file, x.line)):
        stmt = statement_at(ast.parse(texts[site.file]), site.line)
        assert stmt is not None
        kind, index = rng.choice(candidates(stmt, site.line))
        out.append(Mutation(site.file, site.line, kind, index, site.rules))
    return out, len(sites)


def at_sites(places: list[str]) -> list[Mutation]:
    """Every mutation of the sites named `FILE:LINE` (FILE under src/towerplay)."""
    sites, texts = all_sites()
    by_place = {(s.file, s.line): s for s in sites}
    out = []
    for place in places:
        file, _, line = place.removeprefix("src/towerplay/").rpartition(":")
        site = by_place.get((file, int(line))) if line.isdigit() else None
        if site is None:
            raise SystemExit(f"{place}: not a mutable rule site (see --list)")
        stmt = statement_at(ast.parse(texts[file]), site.line)
        assert stmt is not None
        out += [Mutation(file, site.line, k, i, site.rules) for k, i in candidates(stmt, site.line)]
    return out


def pytest(work: Path, tests: list[str], timeout: float) -> str:
    """'passed', 'failed' or 'timeout' for these tests run against the copy in `work`."""
    env = dict(os.environ, PYTHONPATH=f"{work / 'src'}{os.pathsep}{work}")
    env["PYTHONPYCACHEPREFIX"] = str(work / ".pycache")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o", "addopts="]
    try:
        done = subprocess.run(
            cmd + ["-m", "not soak", *tests],
            cwd=work,
            env=env,
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    return "passed" if done.returncode == 0 else "failed"


_STAMP = [int(time.time()) + 10]


def write(path: Path, text: str) -> None:
    """Write a source file with a modification time of its own: Python's bytecode cache
    checks only whole seconds and the size, and a flipped `==` has the size of `!=`."""
    path.write_text(text, encoding="utf-8")
    _STAMP[0] += 2
    os.utime(path, (_STAMP[0], _STAMP[0]))


def copy_tree(work: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for part in ("src", "tests", "docs"):
        shutil.copytree(ROOT / part, work / part, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")


def run(n: int, seed: int, timeout: float, places: list[str]) -> int:
    if places:
        mutations = at_sites(places)
        print(f"{len(mutations)} mutations of {len(places)} rule site(s)")
    else:
        mutations, total = sample(n, seed)
        print(f"{len(mutations)} rule sites sampled (seed {seed}) of {total} mutable ones")
    with tempfile.TemporaryDirectory(prefix="towerplay-mutants-") as tmp:
        work = Path(tmp)
        copy_tree(work)
        plan = {m: tests_for(Site(m.file, m.line, m.rules)) for m in mutations}
        union = sorted({t for tests in plan.values() for t in tests})
        t0 = time.monotonic()
        if pytest(work, union, timeout * 4) != "passed":
            print("the selected tests fail before any mutation: fix them first", file=sys.stderr)
            return 2
        print(f"baseline: {len(union)} selected tests pass ({time.monotonic() - t0:.0f} s)")
        killed, survivors = 0, []
        for m in mutations:
            path = work / "src" / "towerplay" / m.file
            original = path.read_text(encoding="utf-8")
            mutant, before, after = mutate(original, m.line, m.kind, m.index)
            try:
                write(path, mutant)
                outcome = pytest(work, plan[m], timeout)
            finally:
                write(path, original)
            where = f"src/towerplay/{m.file}:{m.line}"
            what = f"{m.kind}: {change(before, after)}"
            verdict = "survived" if outcome == "passed" else f"killed ({outcome})"
            print(f"{verdict:16} {where}  [{', '.join(m.rules)}]  {what}", flush=True)
            if outcome == "passed":
                survivors.append(f"{where}  [{', '.join(m.rules)}]  {what}")
            else:
                killed += 1
    rate = 100.0 * killed / len(mutations) if mutations else 0.0
    how = "the named sites" if places else f"seed {seed}"
    print(f"\nkill rate: {killed}/{len(mutations)} = {rate:.1f}% ({how})")
    for line in survivors:
        print(f"  survivor: {line}")
    return 0


def short(code: str, width: int = 70) -> str:
    code = " ".join(code.split())
    return code if len(code) <= width else code[: width - 3] + "..."


def change(before: str, after: str, width: int = 60) -> str:
    """`before -> after`, both cut to the part around the first difference."""
    before, after = " ".join(before.split()), " ".join(after.split())
    if len(before) <= width and len(after) <= width:
        return f"{before} -> {after}"
    i = next((k for k, (x, y) in enumerate(zip(before, after, strict=False)) if x != y), 0)
    start = max(0, i - 25)

    def cut(s: str) -> str:
        return ("..." if start else "") + short(s[start:], width)

    return f"{cut(before)} -> {cut(after)}"


def iter_mutants(n: int, seed: int) -> Iterator[tuple[Mutation, str, str]]:
    """The sampled mutations with their code before and after (for inspection and tests)."""
    mutations, _ = sample(n, seed)
    for m in mutations:
        text = (ROOT / "src" / "towerplay" / m.file).read_text(encoding="utf-8")
        _, before, after = mutate(text, m.line, m.kind, m.index)
        yield m, before, after


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=40, help="rule sites to sample (default 40)")
    ap.add_argument("--seed", type=int, default=1, help="chooses the sample and the mutations")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per mutant's test run")
    ap.add_argument("--list", action="store_true", help="print the mutations, run nothing")
    ap.add_argument(
        "--site",
        action="append",
        default=[],
        metavar="FILE:LINE",
        help="run every mutation of this site instead of a sample (repeatable)",
    )
    args = ap.parse_args()
    if args.n < 1:
        ap.error("--n must be at least 1")
    if args.list:
        for m, before, after in iter_mutants(args.n, args.seed):
            rules = ", ".join(m.rules)
            print(f"src/towerplay/{m.file}:{m.line} [{rules}] {m.kind}: {change(before, after)}")
        return 0
    return run(args.n, args.seed, args.timeout, args.site)


if __name__ == "__main__":
    sys.exit(main())
