"""The build: pure Python unless TOWERPLAY_COMPILE=1, which compiles the modules listed under
[tool.towerplay] in pyproject.toml with mypyc (docs/compiled.md). The metadata is all in
pyproject.toml; this file only adds the compiled extensions."""

from __future__ import annotations

import fnmatch
import os
import tomllib
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent


def compiled_modules() -> list[str]:
    """The source files to compile (src/towerplay/...), in a stable order."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["towerplay"]
    src = ROOT / "src"
    found = {str(p.relative_to(src)) for g in table["compiled"] for p in src.glob(g)}
    skip = table["compiled_exclude"]
    return sorted(f"src/{f}" for f in found if not any(fnmatch.fnmatch(f, x) for x in skip))


def main() -> None:
    if os.environ.get("TOWERPLAY_COMPILE") != "1":
        setup()
        return
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(["--config-file", "pyproject.toml", *compiled_modules()]))


if __name__ == "__main__":  # as setuptools runs it; tests/test_compiled.py imports the list
    main()
