"""Seeded games pinned byte for byte: refactors of the rules must not change a single
action, log line or result (the digests were taken on main before the hook registry, issue
10; the four games whose main companion is Letha or Miras were repinned when their
turn-end warriors became the printed terrain ability, rtdt/abilities/companions.py).

The digest covers what a game did (its action history, its log and its result), not the
save format, so a change of how states are saved does not move it; random agents only,
so a better heuristic agent does not either. A digest that moves means the rules now play
differently: find out why before repinning.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from towerplay.agents.random import RandomAgent
from towerplay.rtdt.game import new_game

PINNED: list[tuple[int, dict[str, Any], int, int, str]] = [
    # players, options, seed, decisions, digest  (main companion)
    (1, {}, 11, 102, "5a2e7d7457e9038f"),  # Miras
    (4, {}, 12, 51, "c072229f483b6fc9"),  # Letha
    (1, {"expansion": "covenant"}, 13, 55, "ab1ddd1d74d38cb2"),
    (4, {"expansion": "covenant"}, 14, 91, "8e7c166c02c4901a"),
    (3, {"mode": "competitive"}, 15, 68, "69682b1955265138"),
    (2, {"treasures": "covenant", "new_corruptions": 6}, 16, 49, "5845740d11aa24ad"),  # Letha
    (
        3,
        {"heroes": ("relentless_warden", "reverent_astromancer", "undaunted_aegis")},
        17,
        59,
        "c3b438ec00fd123f",
    ),
    (
        2,
        {"expansion": "covenant", "heroes": ("devious_swindler", "relentless_warden")},
        18,
        85,
        "d629390806ef9221",  # Letha
    ),
]


def _play(players: int, options: dict[str, Any], seed: int) -> tuple[int, str]:
    g = new_game(players=players, seed=seed, **options)
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    n = 0
    while g.result is None and n < 2000:
        seat = g.to_act
        assert seat is not None
        g.apply(agents[seat].act(g))
        n += 1
    text = "\n".join(g.state.history.to_list() + g.log + [repr(g.result)])
    return n, hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize(("players", "options", "seed", "decisions", "digest"), PINNED)
def test_seeded_games_play_exactly_as_pinned(
    players: int, options: dict[str, Any], seed: int, decisions: int, digest: str
) -> None:
    assert _play(players, options, seed) == (decisions, digest)
