"""Batch simulation: many games played by agents, summed up in one plain report.

`towerplay sim rtdt|tactics` prints what `simulate_rtdt` and `simulate_tactics` return;
scripts and notebooks call them directly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from towerplay.sim.rtdt import simulate as simulate_rtdt
    from towerplay.sim.tactics import simulate as simulate_tactics

__all__ = ["simulate_rtdt", "simulate_tactics"]


def __getattr__(name: str) -> Any:
    """Each game's simulation is imported when asked for: a command that needs the
    package's records or runner loads neither engine."""
    if name in __all__:
        return importlib.import_module(f"towerplay.sim.{name.removeprefix('simulate_')}").simulate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
