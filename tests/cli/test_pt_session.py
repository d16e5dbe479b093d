"""Scripted sessions in Portuguese, one per game (base, Covenant, competitive, a Tactics
encounter, a campaign): every line the terminal prints is looked at for English words.
Names (cards, foes, heroes, spaces, chapters...) stay as printed and what the player types
(`move`, `battle`, `choose 1`) is the protocol's notation, so the words looked for are
sentence words that are neither: articles, pronouns, verbs, plurals of the game's nouns."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.cli.scripted import play
from towerplay.cli import lang
from towerplay.cli.campaign import SCREEN as CAMPAIGN
from towerplay.cli.rtdt import SCREEN as RTDT
from towerplay.cli.rtdt import build_game
from towerplay.cli.tactics import SCREEN as TACTICS
from towerplay.rtdt.describe import _entries as rtdt_entries
from towerplay.tactics import new_game
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.tactics.describe import _entries as tactics_entries

# English sentence words that are no notation, no Portuguese word and in no name printed
# ("the" and "of" are left out: a name wrapped at the end of a line is no longer whole)
ENGLISH = frozenset(
    [
        "you",
        "your",
        "each",
        "every",
        "lose",
        "loses",
        "gain",
        "gains",
        "gets",
        "next",
        "then",
        "when",
        "this",
        "that",
        "are",
        "has",
        "have",
        "their",
        "which",
        "who",
        "month",
        "skulls",
        "foes",
        "heroes",
        "cards",
        "enemies",
        "damage",
        "round",
        "rounds",
        "players",
        "must",
        "cannot",
        "already",
        "only",
        "there",
    ]
)
WORD = re.compile(r"[^\W\d_]+")
TYPED = ["help", "legend", "log", "actions", "xyz", "99"]


def names() -> re.Pattern[str]:
    """Every name and id the terminal prints as the content gives it, longest first."""
    game = build_game(1, [], "heroic", None, 1)
    world = game.world
    found = {n for _k, eid, e in rtdt_entries(world) for n in (eid, getattr(e, "name", ""))}
    for table in (world.content.spaces, world.content.dungeons, world.content.kingdoms):
        items = table.items() if hasattr(table, "items") else enumerate(table)
        found |= {n for key, e in items for n in (str(key), getattr(e, "name", "") or "")}
    content = new_game({}, 1).ctx.content
    found |= {n for _k, eid, e in tactics_entries(content) for n in (eid, getattr(e, "name", ""))}
    c = new_campaign({"heroes": 3}, 1).c
    for table in (c.level_ups, c.perks, c.items, c.heroes, c.chapters, c.random_encounters):
        found |= {n for eid, e in table.items() for n in (eid, getattr(e, "name", "") or "")}
        found |= {getattr(e, "title", "") or "" for e in table.values()}
    found |= {"Return to Dark Tower", "Adventure Tactics"}
    kept = sorted((n for n in found if len(n) > 2), key=len, reverse=True)
    return re.compile("|".join(re.escape(n) for n in kept))


def english_lines(text: str, named: re.Pattern[str]) -> list[str]:
    out = []
    for line in text.splitlines():
        words = {w.lower() for w in WORD.findall(named.sub(" ", line))}
        if words & ENGLISH:
            out.append(f"{sorted(words & ENGLISH)}: {line.strip()}")
    return out


def session(seed: int, steps: int, most: int, first: list[str]) -> list[str]:
    rng = random.Random(seed)
    return [*first, *TYPED, *(str(rng.randint(1, most)) for _ in range(steps)), "quit", "n"]


def games() -> list[tuple[str, Any, Any, list[str]]]:
    return [
        ("base", RTDT, build_game(1, [], "heroic", None, 7), session(7, 60, 3, ["info zaida"])),
        (
            "covenant",
            RTDT,
            build_game(1, [], "heroic", None, 8, expansion="covenant"),
            session(8, 60, 3, ["info citadel"]),
        ),
        (
            "competitive",
            RTDT,
            build_game(2, [], "heroic", None, 9, mode="competitive"),
            session(9, 60, 3, []),
        ),
        ("tactics", TACTICS, new_game({}, 4), session(4, 80, 3, ["info cleave", "info gm1"])),
        ("campaign", CAMPAIGN, new_campaign({"heroes": 3}, 1), session(1, 120, 2, [])),
    ]


@pytest.mark.parametrize(("name", "screen", "game", "lines"), games(), ids=lambda x: str(x)[:12])
def test_a_portuguese_session_prints_no_english_sentence(
    name: str, screen: Any, game: Any, lines: list[str]
) -> None:
    with lang.speaking("pt"):
        _game, out = play(screen, game, lines)
    bad = english_lines(out, names())
    assert not bad, "\n".join(bad[:40])
    assert len(out.splitlines()) > 100  # the session played
