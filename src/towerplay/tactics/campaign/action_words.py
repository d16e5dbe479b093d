"""Each answer of a campaign decision worded for people, as a screen's button says it:
"Roberta as Fighter", "Choice 2: Take the old road", "Level up: Cleave" — printed names and
the page's own words, never the notation's ids (the encounters word theirs:
tactics/action_words.py). A verb with no wording of its own is shown as its word and the
names of what follows.
"""

from __future__ import annotations

from typing import Any

from towerplay.core.narration import Event, event
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.guide import page_choices
from towerplay.tactics.campaign.state import CampaignState
from towerplay.tactics.narrate import N_

TEMPLATES: dict[tuple[str, int], tuple[str, tuple[str, ...]]] = {
    ("hero", 2): (N_("{hero} as {class}"), ("hero", "class")),
    ("player", 2): (N_("{hero}: played by player {n}"), ("hero", "n")),
    ("give", 1): (N_("Give it to {hero}"), ("hero",)),
    ("level", 1): (N_("Level up: {card}"), ("card",)),
    ("remove", 1): (N_("Remove {card}"), ("card",)),
    ("buy", 2): (N_("Buy {card} for {hero}"), ("card", "hero")),
    ("sell", 2): (N_("Sell {card} of {hero}"), ("card", "hero")),
    ("board", 1): (N_("On the board: {card}"), ("card",)),
    ("shuffle", 1): (N_("Into the deck: {card}"), ("card",)),
    ("store", 1): (N_("Store {card}"), ("card",)),
    ("ability", 1): (N_("Take the ability {card}"), ("card",)),
    ("drop", 1): (N_("Leave out {card}"), ("card",)),
}
WORDS = {
    "ready": N_("Ready"),
    "unclaimed": N_("Leave it unclaimed"),
    "roll": N_("Roll for it"),
    "done": N_("Done"),
}
CHOICE = N_("Choice {n}: {text}")
MORE = N_("{verb} · {what}")


def name_of(c: CampaignContent, token: str) -> str:
    """A hero, class, card, perk or supply item by its printed name."""
    for table in (c.heroes, c.level_ups, c.perks, c.items, c.game.classes, c.game.cards):
        found: Any = table.get(token)
        if found is not None and getattr(found, "name", None):
            return str(found.name)
    found = c.game.abilities.get(token)
    return str(found.name) if found is not None else token


def action_words(c: CampaignContent, s: CampaignState, tokens: tuple[str, ...]) -> Event:
    """`tokens` as a button says it (see the module's docstring)."""
    verb, words = tokens[0], tokens[1:]
    if verb == "choose" and len(words) == 1 and words[0].isdigit() and s.pending:
        p = s.pending[0]
        choices = page_choices(c, p.data["page"]) if p.kind == "page" else ()
        n = int(words[0])
        if 1 <= n <= len(choices):
            return event("text", CHOICE, n=words[0], text=choices[n - 1].text)
    spec = TEMPLATES.get((verb, len(words)))
    if spec is not None:
        template, fields = spec
        named = {f: w if f == "n" else name_of(c, w) for f, w in zip(fields, words, strict=True)}
        return Event("text", template, tuple(named.items()))
    if verb in WORDS and not words:
        return event("text", WORDS[verb])
    label = verb.replace("_", " ").capitalize()
    if not words:
        return event("text", label)
    return event("text", MORE, verb=label, what=", ".join(name_of(c, w) for w in words))
