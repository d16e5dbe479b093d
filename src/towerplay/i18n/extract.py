"""The message ids of the source, found by Babel's Python extractor, and the catalog's upkeep.

A message is marked by the function it is passed to: `_()`/`gettext()` and `N_()` for the
interface, and the narration builders for events (their template argument). `update()` adds
new ids to a `.po` file with an empty translation and marks the ones no longer used obsolete;
`tests/i18n` fails while any id is untranslated.
"""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from towerplay.core.files import write_atomic

PACKAGE = Path(__file__).resolve().parents[1]  # src/towerplay

# function name -> which positional argument is the message (1-based), Babel's spec
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "N_": None,
    "event": (2,),  # core.narration.event(kind, msg, ...)
}


def messages(root: Path = PACKAGE) -> Iterator[tuple[str, str, int]]:
    """(message id, file, line) of every marked message under `root`."""
    method_map = [("**.py", "python")]
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(root), method_map, keywords=KEYWORDS, strip_comment_tags=True
    ):
        if isinstance(message, str) and message:
            yield message, filename, lineno


def template(root: Path = PACKAGE) -> Catalog:
    """A fresh catalog of every message id, each with where it is used."""
    cat = Catalog(project="towerplay", domain="towerplay")
    for msgid, filename, lineno in messages(root):
        cat.add(msgid, locations=[(filename, lineno)])
    return cat


def update(po_path: Path, extra: list[str] | None = None) -> tuple[int, int]:
    """Brings a `.po` file up to date with the source (and `extra` ids, e.g. ones seen only
    at run time); returns (ids, untranslated)."""
    with po_path.open("rb") as f:
        po = read_po(f, locale=po_path.stem)
    tpl = template()
    for msgid in extra or []:
        if msgid not in tpl:
            tpl.add(msgid)
    po.update(tpl, no_fuzzy_matching=True)
    po.obsolete.clear()
    buf = BytesIO()
    write_po(buf, po, width=100, sort_output=True, omit_header=False)
    write_atomic(po_path, buf.getvalue().decode())
    missing = sum(1 for m in po if m.id and not m.string)
    return len([m for m in po if m.id]), missing
