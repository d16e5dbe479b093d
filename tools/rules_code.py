"""Fill the Code column of the rule indexes (docs/rules/*.md): where each rule is enforced.

For each row, the Code cell names one place under src/towerplay whose comment or docstring
cites the rule (`tests/rules_index.py` `places`): `path:function`, or a content file. A cell
that still names such a place is kept (a person may have chosen the clearest of several);
otherwise the first place in file order is written. Worked examples and statement-only rows
get "—". `tests/test_rule_index.py` checks every cell, so run this after moving code:

    python tools/rules_code.py          (rewrite the indexes)
    python tools/rules_code.py --check  (exit 1 and list the rows it would change)
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.rules_index import GAMES, NO_CODE, STATEMENT_ONLY, places  # noqa: E402

ID = re.compile(r"^\| ((?:RTDT|COV|COMP|CMP|AT)-([A-Z]+)-\d+) \|")
HEADER = "| ID | Rule | Rulebook | Part |"
RULE = "|---|---|---|---|"


def code_cell(rid: str, area: str, text: str, current: str) -> str:
    if area == "EXAMPLE" or STATEMENT_ONLY.search(text):
        return NO_CODE
    found = places(rid)
    if current.strip("`") in found:
        return current
    best = min(found, key=lambda p: (rank(p), found.index(p)), default="")
    return f"`{best}`" if best else ""


# modules that show or word the game: a rule cited there is usually enforced elsewhere too
VIEWS = ("observe", "describe", "board_view", "kept", "narrat", "explain", "words", "view")


def rank(place: str) -> int:
    """Which of a rule's places to name first: a function of the rules over a view, and
    either over a whole module's docstring."""
    path, _, name = place.partition(":")
    view = any(v in path.rsplit("/", 1)[-1] for v in VIEWS)
    return 2 * view + (not name)


def rewrite(text: str) -> str:
    out = []
    for line in text.splitlines():
        if line.startswith(HEADER):
            line = HEADER + " Code |"
        elif line.startswith(RULE):
            line = RULE + "---|"
        else:
            m = ID.match(line)
            if m:
                cells = [c.strip() for c in line.rstrip().rstrip("|").split(" | ")]
                cells[0] = cells[0].removeprefix("| ")
                rid, area = m.group(1), m.group(2)
                current = cells[4].strip() if len(cells) > 4 else ""
                cell = code_cell(rid, area, cells[1], current)
                line = "| " + " | ".join([*cells[:4], cell]) + " |"
        out.append(line)
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args()
    stale = []
    for game in GAMES:
        path = ROOT / "docs" / "rules" / f"{game}.md"
        old = path.read_text(encoding="utf-8")
        new = rewrite(old)
        if new != old:
            stale.append(path.name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if stale:
        print(("stale: " if args.check else "rewrote: ") + ", ".join(stale))
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
