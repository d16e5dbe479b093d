"""The Adventure Tactics action space: every action text, built from the content.

Squares are those of the largest map in the content (`a1`...), cards every action and
ability card, units the heroes' figures (a class, or a class and a number when a party has
two) and the summons (`imp1`...); items are the config's party consumables. docs/rl.md
lists the templates.
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.games.space import ActionSpace, Template
from towerplay.tactics.content import Content, default_content
from towerplay.tactics.grid import square_name

MAX_PARTY = 5  # heroes at the table
MAX_SUMMONED = 30  # a summon's figures are numbered 1, 2... over an encounter (imp7)


def squares(c: Content) -> list[str]:
    height = max(len(e.map) for e in c.encounters.values())
    width = max(len(e.map[0]) for e in c.encounters.values())
    return [square_name(y * width + x, width) for y in range(height) for x in range(width)]


def units(c: Content) -> list[str]:
    heroes = [f"{k}{n}" for k in c.classes for n in range(1, MAX_PARTY + 1)]
    summons = [f"{k}{n}" for k in c.summons for n in range(1, MAX_SUMMONED + 1)]
    return [*c.classes, *heroes, *summons]


def templates(c: Content, items: Sequence[str]) -> list[Template]:
    cards = [*c.cards, *(a for a in c.abilities if a not in c.cards)]
    options = max((len(card.options) for card in c.cards.values()), default=1)
    words = (
        "stay",
        "keep",
        "mulligan",
        "accept",
        "reshuffle",
        "swap",
        "decline",
        "pass",
        "end",
        "revive",
        "skip",
    )
    return [
        *((w,) for w in words),
        (("place", "move", "target", "hit", "focus", "spawn", "push", "splash"), squares(c)),
        (("target", "command"), units(c)),
        (("play", "dash", "equip", "prepare", "use", "respond", "discard"), cards),
        ("discard", "all"),
        ("option", [str(i) for i in range(1, options + 1)]),
        ("item", list(dict.fromkeys(items))),
    ]


def tactics_space(content: Content | None = None, items: Sequence[str] = ()) -> ActionSpace:
    """The action space of the content (the bundled one by default) and a party's items."""
    return ActionSpace("tactics", templates(content or default_content(), items))
