"""Read the rule indexes in docs/rules/ and find which rule IDs the tests cite."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| ((?:RTDT|COV|COMP|CMP|AT)-[A-Z]+-\d+) \|.*\| *(\S+) *\|\s*$")
CITED = re.compile(r"(?<![A-Za-z])((?:RTDT|COV|COMP|CMP|AT)[-_][A-Z]+[-_]\d+)(?!\d)", re.IGNORECASE)


def index(name: str) -> dict[str, str]:
    """Rule ID -> its Part column, from docs/rules/<name>.md."""
    rows = {}
    for line in (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def cited_in_tests() -> set[str]:
    """IDs named by a test function (test_RTDT_MOVE_2_...) or a `rules(...)` marker."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"def (test_\w+)|@rules\(([^)]*)\)", text):
            for cid in CITED.findall(m.group(0)):
                found.add(cid.replace("_", "-").upper())
    return found


def cited_in_code(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "src" / "towerplay" / package).rglob("*.py"):
        found.update(
            c.replace("_", "-").upper() for c in CITED.findall(path.read_text(encoding="utf-8"))
        )
    return found
