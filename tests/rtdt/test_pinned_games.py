"""Seeded games pinned byte for byte: refactors of the rules must not change a single
action, log line or result (the digests were taken before the hook registry, issue 10).

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
    # players, options, seed, decisions, digest
    (1, {}, 11, 102, "70505aedbb5dc674"),
    (4, {}, 12, 51, "3b9909c4690d97e9"),
    (1, {"expansion": "covenant"}, 13, 55, "ab1ddd1d74d38cb2"),
    (4, {"expansion": "covenant"}, 14, 91, "8e7c166c02c4901a"),
    (3, {"mode": "competitive"}, 15, 68, "69682b1955265138"),
    (2, {"treasures": "covenant", "new_corruptions": 6}, 16, 60, "ba49417248b3f888"),
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
        "0897ff3698922346",
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
