"""Each action of an encounter worded for people, as a screen's button says it: "Play
Charge", "Dash: discard Basic Attack to move 2", "Move to C4" — printed names, never the
notation's ids. An `Event` (template and fields), so each screen words it in its language;
the notation stays what is typed, saved and replayed. A verb with no wording of its own is
shown as its word and the names of what follows, so a new verb never shows an id either.
"""

from __future__ import annotations

from towerplay.core.narration import Event, event
from towerplay.tactics.narrate import N_
from towerplay.tactics.state import Ctx, State
from towerplay.tactics.stats import basic_movement

TEMPLATES: dict[tuple[str, int], tuple[str, tuple[str, ...]]] = {
    ("play", 1): (N_("Play {card}"), ("card",)),
    ("dash", 1): (N_("Dash: discard {card} to move {points}"), ("card",)),
    ("equip", 1): (N_("Equip {card}"), ("card",)),
    ("prepare", 1): (N_("Prepare {card}"), ("card",)),
    ("use", 1): (N_("Use {card}"), ("card",)),
    ("discard", 1): (N_("Discard {card}"), ("card",)),
    ("respond", 1): (N_("Respond with {card}"), ("card",)),
    ("command", 1): (N_("Command {unit}"), ("unit",)),
    ("item", 1): (N_("Use the party's {item}"), ("item",)),
    ("move", 1): (N_("Move to {square}"), ("square",)),
    ("place", 1): (N_("Place on {square}"), ("square",)),
    ("target", 1): (N_("Target {target}"), ("target",)),
    ("hit", 1): (N_("Hit {square}"), ("square",)),
    ("focus", 1): (N_("Focus on {square}"), ("square",)),
    ("spawn", 1): (N_("Spawn on {square}"), ("square",)),
    ("push", 1): (N_("Push to {square}"), ("square",)),
    ("splash", 1): (N_("Splash {square}"), ("square",)),
    ("option", 1): (N_("Option {n}"), ("n",)),
    ("pass", 0): (N_("Pass the turn"), ()),
    ("end", 0): (N_("End the turn"), ()),
    ("revive", 0): (N_("Drink a revive potion"), ()),
    ("skip", 0): (N_("Skip the turn"), ()),
    ("decline", 0): (N_("Decline"), ()),
    ("stay", 0): (N_("Stay"), ()),
    ("keep", 0): (N_("Keep the hand"), ()),
    ("mulligan", 0): (N_("Mulligan"), ()),
    ("accept", 0): (N_("Accept"), ()),
    ("reshuffle", 0): (N_("Reshuffle"), ()),
    ("swap", 0): (N_("Swap"), ()),
}
MORE = N_("{verb} · {what}")
EVERY_CARD = N_("every card")


def unit_name(s: State, ctx: Ctx, uid: str) -> str:
    """A figure as people read it: its class's, summon's or enemy's printed name, with its
    number when there are several ("Goblin Minion 2")."""
    u = s.units.get(uid)
    if u is None:
        return uid
    c = ctx.content
    found = c.classes.get(u.type_id) or c.summons.get(u.type_id) or c.enemies.get(u.type_id)
    name = found.name if found is not None else u.type_id
    number = uid[len(uid.rstrip("0123456789")) :]
    return f"{name} {number}" if number else name


def name_of(s: State, ctx: Ctx, token: str) -> str:
    """A card, ability, item or figure by its printed name; a square as its label."""
    c = ctx.content
    card = c.cards.get(token) or c.abilities.get(token)
    if card is not None:
        return card.name
    if token in ctx.items:
        return ctx.items[token].name
    if token in s.units:
        return unit_name(s, ctx, token)
    if token == "all":
        return EVERY_CARD
    return token.upper() if ctx.board.square(token) is not None else token


def action_words(s: State, ctx: Ctx, tokens: tuple[str, ...]) -> Event:
    """`tokens` as a button says it (see the module's docstring)."""
    verb, words = tokens[0], tokens[1:]
    spec = TEMPLATES.get((verb, len(words)))
    if spec is None:
        what = ", ".join(name_of(s, ctx, w) for w in words)
        label = verb.replace("_", " ").capitalize()
        return event("text", MORE, verb=label, what=what) if words else event("text", label)
    template, fields = spec
    named = {f: name_of(s, ctx, w) if f != "n" else w for f, w in zip(fields, words, strict=True)}
    if verb == "dash" and s.pending:  # half the basic movement (AT-TURN-3)
        hero = s.heroes[s.pending[-1].seat]
        named["points"] = str(basic_movement(ctx, hero) // 2)
    return Event("text", template, tuple(named.items()))
