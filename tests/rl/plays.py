"""Games played by sim's agents for the action-space checks: varied configs, every mode."""

from __future__ import annotations

import random
from collections.abc import Iterator

from towerplay.core.protocol import Game
from towerplay.games import make_agent
from towerplay.rtdt.game import make_config
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.rtdt.world import get_world
from towerplay.tactics import new_game as new_tactics
from towerplay.tactics.content import default_content

CLASSES = (
    "fighter",
    "rogue",
    "cleric",
    "wizard",
    "archer",
    "paladin",
    "necromancer",
    "warlock",
    "war_mage",
    "beast_trainer",
    "bard",
    "shaman",
)


def rtdt_game(seed: int) -> Game:
    """Game `seed`: 1-4 players; every third Covenant with any heroes, competitive, gritty."""
    players = 1 + seed % 4
    cfg: dict = {"players": players, "difficulty": "gritty" if seed % 5 == 0 else "heroic"}
    if seed % 3 == 1:
        heroes = list(get_world().content.heroes)
        cfg |= {"expansion": "covenant", "heroes": random.Random(seed).sample(heroes, players)}
    elif seed % 3 == 2 and players > 1:
        cfg["mode"] = "competitive"
    return new_rtdt(make_config(seed=seed, **cfg))


def tactics_game(seed: int) -> Game:
    """Game `seed`: each encounter in turn, with a party of 3-5 drawn classes."""
    encounters = list(default_content().encounters)
    party = random.Random(seed).sample(CLASSES, 3 + seed % 3)
    return new_tactics({"encounter": encounters[seed % len(encounters)], "party": party}, seed)


def decisions(game: str, seed: int, limit: int = 20_000) -> Iterator[Game]:
    """Each decision of game `seed` (before it is taken), half played by the heuristic."""
    g = rtdt_game(seed) if game == "rtdt" else tactics_game(seed)
    name = "heuristic" if seed % 2 else "random"
    agents = [make_agent(game, name, seed * 10 + s) for s in range(5)]
    n = 0
    while (seat := g.to_act) is not None and n < limit:
        yield g
        g.apply(agents[seat].act(g))
        n += 1
