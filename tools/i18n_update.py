"""Bring the Portuguese catalog up to date with the source: new message ids are added with an
empty translation (to be filled in), ids no longer used are dropped.

    .venv/bin/python tools/i18n_update.py
"""

from __future__ import annotations

from towerplay.i18n import CATALOG_FILES
from towerplay.i18n.extract import update


def main() -> None:
    for lang, path in CATALOG_FILES.items():
        ids, missing = update(path)
        print(f"{lang}: {path.name}: {ids} messages, {missing} untranslated")


if __name__ == "__main__":
    main()
