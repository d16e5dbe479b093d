"""Digests of seeded heuristic Return to Dark Tower games, to prove that a change of the
agent's speed left every choice as it was.

Plays `--games` games spread over 1-4 players, the base game, Covenant and competitive
mode, Heroic and Gritty, each seat a HeuristicAgent, and prints one JSON line per game:
its key, the number of decisions and the sha256 (first 16 hex digits) of its action
history, its result and its save JSON. Run it on the old and on the new code and compare:

    .venv/bin/python tools/heuristic_digests.py --games 300 > new.jsonl
    PYTHONPATH=/tmp/old/src .venv/bin/python tools/heuristic_digests.py --games 300 > old.jsonl
    cmp old.jsonl new.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Iterator
from typing import Any

from towerplay.agents.heuristic import HeuristicAgent, play_game
from towerplay.rtdt.game import new_game

# (expansion, mode): competitive mode is played with the base game only
KINDS = (("", "cooperative"), ("covenant", "cooperative"), ("", "competitive"))


def configs(games: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """`games` seeded set-ups cycling over players, difficulty and kind of game."""
    for i in range(games):
        expansion, mode = KINDS[(i // 8) % len(KINDS)]
        players = 2 + i % 3 if mode == "competitive" else 1 + i % 4  # competitive: 2-4
        difficulty = ("heroic", "gritty")[(i // 4) % 2]
        options = {
            "players": players,
            "difficulty": difficulty,
            "expansion": expansion,
            "mode": mode,
            "seed": 1000 + i,
        }
        key = f"{players}-{difficulty}-{expansion or 'base'}-{mode}-{1000 + i}"
        yield key, options


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(options: dict[str, Any]) -> dict[str, Any]:
    g = new_game(**options)
    agents = [HeuristicAgent(options["seed"] * 7 + i) for i in range(options["players"])]
    n = play_game(g, agents)
    history = "\n".join(g.state.history.to_list())
    return {
        "decisions": n,
        "history": digest(history),
        "result": digest(repr(g.result)),
        "save": digest(json.dumps(g.to_json(), sort_keys=True)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    for key, options in configs(args.games):
        print(json.dumps({"game": key, **play(options)}), flush=True)


if __name__ == "__main__":
    main()
