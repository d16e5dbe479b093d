"""Bring the Portuguese catalog up to date with the source: new message ids are added with an
empty translation (to be filled in), ids no longer used are dropped. One `.po` file per area.
The cli area also holds the commands' `--help` texts, read from the command tree
(`cli/help.py`: they are typer's docstrings and `help=` strings, not calls Babel finds), and
click's and typer's own words (`cli/click_words.py`); the rtdt area also holds what every
decision kind asks (`DecisionKind.what`, read from the registered kinds).

    .venv/bin/python tools/i18n_update.py [AREA...]
"""

from __future__ import annotations

import sys

from towerplay.cli.click_words import click_texts
from towerplay.cli.help import command_help
from towerplay.i18n import AREAS, CATALOG_DIRS, catalog_files
from towerplay.i18n.extract import update
from towerplay.rtdt.plugins import decision_rules  # every plugin's kinds registered


def decision_texts() -> list[str]:
    """What every Return to Dark Tower decision kind asks (`DecisionKind.what`, which a
    refusal quotes): Babel misses the ones whose question before it is a call (`says(...)`)."""
    return [what for what, _rule in decision_rules().values()]


# an area's ids that Babel does not find in its source
EXTRA = {"cli": lambda: [*command_help(), *click_texts()], "rtdt": decision_texts}


def main(areas: list[str]) -> None:
    for lang in CATALOG_DIRS:
        for area, path in catalog_files(lang).items():
            if areas and area not in areas:
                continue
            ids, missing = update(path, area, EXTRA[area]() if area in EXTRA else None)
            print(f"{lang}: {path.parent.name}/{path.name}: {ids} messages, {missing} untranslated")


if __name__ == "__main__":
    unknown = [a for a in sys.argv[1:] if a not in AREAS]
    if unknown:
        sys.exit(f"unknown area {unknown[0]!r}: one of {', '.join(AREAS)}")
    main(sys.argv[1:])
