"""The message ids of the source, found by Babel's Python extractor, and the catalog's upkeep.

A message is marked by the function it is passed to: `_()`/`gettext()` and `N_()` for the
interface, and the narration builders for events (their template argument; an area's own
builders are listed in `AREA_KEYWORDS`). The cards' areas (`CONTENT_AREAS`) take their ids from
the games' content YAML instead: the string of every key in `CONTENT_KEYS`, the text a player
reads. Each area's ids go to its own `.po` file. `update()` adds
new ids to a `.po` file with an empty translation and marks the ones no longer used obsolete;
`tests/i18n` fails while any id is untranslated.
"""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po, write_po
from yaml import MappingNode, Node, SafeLoader, ScalarNode, SequenceNode, compose

from towerplay.core.files import write_atomic
from towerplay.i18n import AREAS, CONTENT_AREAS

PACKAGE = Path(__file__).resolve().parents[1]  # src/towerplay

# function name -> which positional argument is the message (1-based), Babel's spec
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "N_": None,
    "event": (2,),  # core.narration.event(kind, msg, ...)
    "IllegalAction": (1,),  # core.errors.IllegalAction(msg, rule, **fields): a refusal
}
# an area's own narration builders, marked only inside that area (a `log` elsewhere is not one)
AREA_KEYWORDS: dict[str, dict[str, Any]] = {area: {} for area in AREAS}
AREA_KEYWORDS["rtdt"] = {
    "tell": (3,),  # rtdt/rules/narrate.py tell(s, kind, msg, ...)
    "decision_kind": (4,),  # rtdt/hookspecs.py: what a decision asks, told when nothing is left
    "says": (1,),  # rtdt/decisions/common.py: a question the same for every instance
    "_words": (1,),  # rtdt/covenant/treasure_choices.py: a treasure's question
    "refusal": (1,),  # rtdt/rules/verbs.py refusal(msg, rule, ...): a turn verb's refusal
}
# tactics/narrate.py's and tactics/campaign/state.py's log(state, kind, msg, ...)
AREA_KEYWORDS["tactics"] = {"log": (3,), "ask": (4,)}  # and effects.py's ask(s, kind, seat, prompt)
# cli/common.py fail(message, lang, **fields) and cli/quoted.py OptionError(msg, **fields): a bad
# option
AREA_KEYWORDS["cli"] = {"fail": (1,), "OptionError": (1,)}

# the content keys whose strings a player reads, in both games' YAML: a card's or room's `text`
# (RtDT: hero abilities, companions, buildings, quests, foes, corruptions, items, dungeon rooms,
# covenant and competitive cards; Tactics: cards, abilities, encounters, the Guide's prose and
# its choices' labels), a companion's or chapter's `title`, a hero's `banner` action, a
# covenant's `offering_text` and a building's `special` rule, the Tower's `relic_room_text`,
# a choice's `result` and a test's `success` / `plus_success` / `failure`, a campaign `ending`.
# Names (`name`, a dungeon's `entrance` room, the board's spaces) stay as printed: `info NAME`
# and the actions take them.
CONTENT_KEYS = frozenset(
    {
        "text",
        "title",
        "banner",
        "offering_text",
        "special",
        "relic_room_text",
        "result",
        "success",
        "plus_success",
        "failure",
        "ending",
    }
)
_STR = "tag:yaml.org,2002:str"


def content_strings(node: Node | None, key: str = "") -> Iterator[tuple[str, int]]:
    """(text, 1-based line) of every `CONTENT_KEYS` string under a composed YAML node."""
    if isinstance(node, ScalarNode):
        if key in CONTENT_KEYS and node.tag == _STR and node.value.strip():
            yield node.value, node.start_mark.line + 1
    elif isinstance(node, SequenceNode):
        for item in node.value:
            yield from content_strings(item, key)
    elif isinstance(node, MappingNode):
        for k, v in node.value:
            yield from content_strings(v, str(k.value) if isinstance(k, ScalarNode) else "")


def content_messages(area: str, root: Path = PACKAGE) -> Iterator[tuple[str, str, int]]:
    """(message id, file, line) of every card text of a cards area's content YAML."""
    for path in sorted((root / CONTENT_AREAS[area]).rglob("*.yaml")):
        node = compose(path.read_text(encoding="utf-8"), Loader=SafeLoader)
        for text, line in content_strings(node):
            yield text, path.relative_to(root).as_posix(), line


def area_of(path: Path, root: Path = PACKAGE) -> str:
    """The area whose catalog file holds a source file's messages."""
    rel = path.relative_to(root).as_posix()
    for area, folders in AREAS.items():
        if any(rel.startswith(folder + "/") for folder in folders):
            return area
    return "common"


def messages(area: str | None = None, root: Path = PACKAGE) -> Iterator[tuple[str, str, int]]:
    """(message id, file, line) of every marked message under `root` (of one area, or all):
    the cards areas' from the content YAML, the others' from the Python source."""
    for cards in CONTENT_AREAS:
        if area in (None, cards):
            yield from content_messages(cards, root)
    if area in CONTENT_AREAS:
        return
    for path in sorted(root.rglob("*.py")):
        where = area_of(path, root)
        if area is not None and where != area:
            continue
        keywords = {**KEYWORDS, **AREA_KEYWORDS[where]}
        found = extract_from_file("python", str(path), keywords=keywords, strip_comment_tags=True)
        for lineno, message, _comments, _context in found:
            if isinstance(message, str) and message:
                yield message, path.relative_to(root).as_posix(), lineno


def template(area: str | None = None, root: Path = PACKAGE) -> Catalog:
    """A fresh catalog of every message id (of one area), each with where it is used."""
    cat = Catalog(project="towerplay", domain="towerplay")
    for msgid, filename, lineno in messages(area, root):
        cat.add(msgid, locations=[(filename, lineno)])
    return cat


def update(po_path: Path, area: str, extra: list[str] | None = None) -> tuple[int, int]:
    """Brings an area's `.po` file up to date with the source (and `extra` ids, e.g. ones seen
    only at run time); returns (ids, untranslated)."""
    if po_path.exists():
        with po_path.open("rb") as f:
            po = read_po(f, locale=po_path.parent.name)
    else:
        po = Catalog(locale=po_path.parent.name, project="towerplay", domain="towerplay")
    tpl = template(area)
    for msgid in extra or []:
        if msgid not in tpl:
            tpl.add(msgid)
    created = po.creation_date  # kept: a header rewritten on every run is noise in every diff
    po.update(tpl, no_fuzzy_matching=True)
    po.creation_date = created
    po.obsolete.clear()
    buf = BytesIO()
    write_po(buf, po, width=100, sort_output=True, omit_header=False)
    write_atomic(po_path, buf.getvalue().decode())
    missing = sum(1 for m in po if m.id and not m.string)
    return len([m for m in po if m.id]), missing
