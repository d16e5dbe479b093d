"""Each answer of a campaign decision worded for people, as a screen's button says it:
"Roberta as Fighter", "Choice 2: Take the old road", "Level up: Cleave" — printed names and
the page's own words, never the notation's ids (the encounters word theirs:
tactics/action_words.py). A verb with no wording of its own is shown as its word and the
names of what follows.
"""

from __future__ import annotations

from typing import Any

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action, Record
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.guide import page_choices
from towerplay.tactics.campaign.records import (
    Ability,
    Board,
    Buy,
    Choose,
    Done,
    Drop,
    Give,
    Hero,
    Level,
    Player,
    Ready,
    Remove,
    Roll,
    Sell,
    Shuffle,
    Store,
    Trade,
    Unclaimed,
    of,
)
from towerplay.tactics.campaign.state import CampaignState
from towerplay.tactics.narrate import N_

# each record's words: its template and the template's field for each slot, in order
TEMPLATES: dict[type[Record], tuple[str, tuple[str, ...]]] = {
    Hero: (N_("{hero} as {class}"), ("hero", "class")),
    Player: (N_("{hero}: played by player {n}"), ("hero", "n")),
    Give: (N_("Give it to {hero}"), ("hero",)),
    Level: (N_("Level up: {card}"), ("card",)),
    Remove: (N_("Remove {card}"), ("card",)),
    Buy: (N_("Buy {card} for {hero}"), ("card", "hero")),
    Sell: (N_("Sell {card} of {hero}"), ("card", "hero")),
    Board: (N_("On the board: {card}"), ("card",)),
    Shuffle: (N_("Into the deck: {card}"), ("card",)),
    Store: (N_("Store {card}"), ("card",)),
    Ability: (N_("Take the ability {card}"), ("card",)),
    Drop: (N_("Leave out {card}"), ("card",)),
    Trade: (N_("Give {card} to {hero}"), ("card", "hero")),
    Ready: (N_("Ready"), ()),
    Unclaimed: (N_("Leave it unclaimed"), ()),
    Roll: (N_("Roll for it"), ()),
    Done: (N_("Done"), ()),
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
    a = of(Action(*tokens)) if tokens else None
    if isinstance(a, Choose) and s.pending:
        p = s.pending[0]
        choices = page_choices(c, p.data["page"]) if p.kind == "page" else ()
        if 1 <= a.number <= len(choices):
            return event("text", CHOICE, n=str(a.number), text=choices[a.number - 1].text)
    spec = TEMPLATES.get(type(a)) if a is not None else None
    if a is not None and spec is not None:
        template, fields = spec
        named = {
            f: str(getattr(a, name)) if kind == "int" else name_of(c, getattr(a, name))
            for f, (name, kind) in zip(fields, type(a).SLOTS, strict=True)
        }
        return Event("text", template, tuple(named.items()))
    verb, words = (tokens[0], tokens[1:]) if tokens else ("", ())
    label = verb.replace("_", " ").capitalize()
    if not words:
        return event("text", label)
    return event("text", MORE, verb=label, what=", ".join(name_of(c, w) for w in words))
