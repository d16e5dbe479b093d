"""Batch simulation: many games played by agents, summed up in one plain report.

`towerplay sim rtdt|tactics` prints what `simulate_rtdt` and `simulate_tactics` return;
scripts and notebooks call them directly.
"""

from towerplay.sim.rtdt import simulate as simulate_rtdt
from towerplay.sim.tactics import simulate as simulate_tactics

__all__ = ["simulate_rtdt", "simulate_tactics"]
