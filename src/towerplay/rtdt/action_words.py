"""Each action worded for people, as a screen's button says it: what it does, with printed
names — "Move to Tower Scar Desert", "Battle the Brigands at The Grass Sea" — never the
notation's ids. An `Event` (template and fields), so each screen words it in its language;
the notation stays what is typed, saved and replayed.

A verb with no wording of its own here is shown as its word and the names of what follows
("Keep · Potion of Healing"), so a new verb never shows an id either.
"""

from __future__ import annotations

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action
from towerplay.rtdt.rules.actions import plain_turn
from towerplay.rtdt.rules.movement import move_value
from towerplay.rtdt.state import State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

# (verb, words after it) -> (template, the field name of each word after the verb)
TEMPLATES: dict[tuple[str, int], tuple[str, tuple[str, ...]]] = {
    ("move", 1): (N_("Move to {space}"), ("space",)),
    ("double", 0): (N_("Double your move"), ()),
    ("banner", 0): (N_("Take the banner action"), ()),
    ("banner", 1): (N_("Take the banner action of {hero}"), ("hero",)),
    ("resolve", 1): (N_("Resolve {card}"), ("card",)),
    ("cleanse", 1): (N_("Cleanse {space}"), ("space",)),
    ("battle", 2): (N_("Battle {foe} at {space}"), ("foe", "space")),
    ("quest", 1): (N_("Quest: {quest}"), ("quest",)),
    ("explore", 1): (N_("Explore the dungeon at {space}"), ("space",)),
    ("haggle", 0): (N_("Roll the haggle die"), ()),
    ("reinforce", 1): (N_("Reinforce: {option}"), ("option",)),
    ("reinforce", 2): (N_("Reinforce: {option}, from {source}"), ("option", "source")),
    ("trade", 1): (N_("Trade with {hero}"), ("hero",)),
    ("end", 0): (N_("End your turn"), ()),
    ("end", 1): (N_("End your turn without dropping a skull"), ("how",)),
    ("use", 1): (N_("Use {card}"), ("card",)),
    ("use", 2): (N_("Use {card} on {target}"), ("card", "target")),
    ("skull", 1): (N_("Place the skull on {space}"), ("space",)),
    ("place", 1): (N_("Place it on {space}"), ("space",)),
    ("remove", 1): (N_("Remove a skull from {space}"), ("space",)),
    ("advantage", 1): (N_("Spend an advantage: {advantage}"), ("advantage",)),
    ("improve", 1): (N_("Improve the card with an advantage: {advantage}"), ("advantage",)),
    ("option", 1): (N_("Option {n}"), ("n",)),
    ("give", 1): (N_("Give {card}"), ("card",)),
    ("take", 1): (N_("Take {card}"), ("card",)),
    ("give", 2): (N_("Give {n} {what}"), ("what", "n")),
    ("take", 2): (N_("Take {n} {what}"), ("what", "n")),
    ("keep", 1): (N_("Keep {card}"), ("card",)),
    ("discard", 1): (N_("Discard {card}"), ("card",)),
    ("lose", 1): (N_("Lose {card}"), ("card",)),
    ("spend", 1): (N_("Spend {card}"), ("card",)),
    ("flip", 1): (N_("Flip {card}"), ("card",)),
    ("drop", 1): (N_("Drop {card}"), ("card",)),
    ("replace", 1): (N_("Replace {card}"), ("card",)),
    ("return", 1): (N_("Return {card}"), ("card",)),
    ("room", 1): (N_("Room {n}"), ("n",)),
    ("trial", 1): (N_("Trial: {trial}"), ("trial",)),
    ("cast", 1): (N_("Cast {spell}"), ("spell",)),
    ("prepare", 1): (N_("Prepare {spell}"), ("spell",)),
    ("bless", 1): (N_("Bless {hero}"), ("hero",)),
}
# a verb's own word, for the actions worded as "Verb · names" (and the one-word answers)
VERBS = {
    "offer": N_("Offer"),
    "cancel": N_("Cancel"),
    "stop": N_("Stop"),
    "accept": N_("Accept"),
    "reject": N_("Reject"),
    "spend": N_("Spend"),
    "done": N_("Done"),
    "continue": N_("Continue"),
    "retreat": N_("Retreat"),
    "blessed": N_("Blessed"),
    "leave": N_("Leave"),
    "none": N_("None"),
    "bless": N_("Bless"),
    "build": N_("Build"),
    "pass": N_("Pass"),
    "take": N_("Take"),
    "keep": N_("Keep"),
    "reroll": N_("Reroll"),
    "dodge": N_("Dodge"),
    "pay": N_("Pay"),
    "decline": N_("Decline"),
    "spirit": N_("Spirit"),
    "seal": N_("Seal"),
    "steal": N_("Steal"),
    "hit": N_("Hit"),
    "go": N_("Go"),
    "step": N_("Step"),
    "to": N_("To"),
    "tree": N_("Siege tree"),
    "forgo": N_("Forgo"),
    "pass_mark": N_("Pass the mark"),
    "quarry": N_("Quarry"),
    "foe": N_("Foe"),
}
MORE = N_("{verb} · {what}")
MOVE_LEFT = N_("Move to {space} · {n} move(s) left")  # a step on the turn, and what is left
OPTIONS = {"tree": N_("the siege tree")}  # a Reinforce's option that is not a building's


def name_of(w: World, s: State, token: str) -> str:
    """A word of an action as people read it: a seat as its hero, an id as its printed
    name (spaces, cards, heroes, foes, quests, trials, spells, buildings), anything else
    (an advantage's kind, a number, an option's word) as it is."""
    if token.isdigit() and int(token) < len(s.heroes) and len(token) == 1:
        return w.name(s.heroes[int(token)].hero)
    c = w.content
    for table in (c.quests, c.trials, c.spells, c.buildings):
        found = table.get(token)
        if found is not None:
            return str(found.name)
    return w.name(token)


def action_words(w: World, s: State, a: Action) -> Event:
    """`a` as a button says it (see the module's docstring)."""
    verb, words = a[0], a[1:]
    if verb == "move" and len(words) == 1 and plain_turn(s):
        h = s.heroes[s.turn.seat]
        if words[0] in w.board.neighbours[h.space]:  # a step: one move of those left
            left = move_value(w, s, h) - 1
            return Event("text", MOVE_LEFT, (("space", name_of(w, s, words[0])), ("n", str(left))))
    spec = TEMPLATES.get((verb, len(words)))
    if spec is not None:
        template, fields = spec
        named = {f: _field(w, s, f, x) for f, x in zip(fields, words, strict=True)}
        return Event("text", template, tuple(named.items()))
    label = VERBS.get(verb, verb.replace("_", " ").capitalize())
    if not words:
        return event("text", label)
    return event("text", MORE, verb=label, what=", ".join(name_of(w, s, x) for x in words))


def _field(w: World, s: State, field: str, token: str) -> str:
    if field == "option":
        return OPTIONS.get(token, token)
    if field in ("n", "advantage", "what"):  # a number, or a word of the catalog
        return token
    if field == "how":
        return ""
    return name_of(w, s, token)
