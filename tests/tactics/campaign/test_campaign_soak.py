"""200 whole campaigns of the bundled Guide with heuristic heroes (`make soak`): no error,
the campaign invariants checked after every action (sim.campaign does it), and the endings
reached."""

from __future__ import annotations

import pytest

from towerplay.sim.campaign import simulate
from towerplay.tactics.campaign.content import default_campaign_content

# Every ending is reached: The Long Night too, since the Queen escapes after a Success (not a
# +Success) at chapter 54 unless the party stops her thrall, not only after a lost fight.
UNREACHED: set[str] = set()


@pytest.mark.soak
def test_200_heuristic_campaigns_end_without_error() -> None:
    c = default_campaign_content()
    endings = {ch.ending for ch in c.chapters.values() if ch.ending}
    reached: set[str] = set()
    for heroes, difficulty, seed in ((3, "hard", 1), (4, "normal", 1000), (5, "easy", 2000)):
        n = 67 if heroes < 5 else 66
        report = simulate(n, heroes, difficulty, "heuristic", seed, c)
        assert report["errors"] == [], report["errors"][:3]
        assert sum(report["endings"].values()) == n
        reached |= set(report["endings"])
    assert reached == endings - UNREACHED
