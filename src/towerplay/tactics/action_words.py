"""Each action of an encounter worded for people, as a screen's button says it: "Play
Charge", "Dash: discard Basic Attack to move 2", "Move to C4" — printed names, never the
notation's ids. An `Event` (template and fields), so each screen words it in its language;
the notation stays what is typed, saved and replayed. A verb with no wording of its own is
shown as its word and the names of what follows, so a new verb never shows an id either.
"""

from __future__ import annotations

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action, Record
from towerplay.tactics.narrate import N_
from towerplay.tactics.records import (
    Accept,
    Command,
    Dash,
    Decline,
    Discard,
    End,
    Equip,
    Focus,
    Hit,
    Item,
    Keep,
    Move,
    Mulligan,
    Option,
    Pass,
    Place,
    Play,
    Prepare,
    Push,
    Reshuffle,
    Respond,
    Revive,
    Skip,
    Spawn,
    Splash,
    Stay,
    Swap,
    Target,
    Use,
    of,
)
from towerplay.tactics.state import Ctx, State
from towerplay.tactics.stats import basic_movement

# each record's words, by its slots' names (tactics/records.py)
TEMPLATES: dict[type[Record], str] = {
    Play: N_("Play {card}"),
    Dash: N_("Dash: discard {card} to move {points}"),
    Equip: N_("Equip {card}"),
    Prepare: N_("Prepare {card}"),
    Use: N_("Use {card}"),
    Discard: N_("Discard {card}"),
    Respond: N_("Respond with {card}"),
    Command: N_("Command {summon}"),
    Item: N_("Use the party's {item}"),
    Move: N_("Move to {square}"),
    Place: N_("Place on {square}"),
    Target: N_("Target {target}"),
    Hit: N_("Hit {square}"),
    Focus: N_("Focus on {square}"),
    Spawn: N_("Spawn on {square}"),
    Push: N_("Push to {square}"),
    Splash: N_("Splash {square}"),
    Option: N_("Option {number}"),
    Pass: N_("Pass the turn"),
    End: N_("End the turn"),
    Revive: N_("Drink a revive potion"),
    Skip: N_("Skip the turn"),
    Decline: N_("Decline"),
    Stay: N_("Stay"),
    Keep: N_("Keep the hand"),
    Mulligan: N_("Mulligan"),
    Accept: N_("Accept"),
    Reshuffle: N_("Reshuffle"),
    Swap: N_("Swap"),
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
    a = of(Action(*tokens)) if tokens else None
    template = TEMPLATES.get(type(a)) if a is not None else None
    if a is None or template is None:
        verb, words = (tokens[0], tokens[1:]) if tokens else ("", ())
        what = ", ".join(name_of(s, ctx, w) for w in words)
        label = verb.replace("_", " ").capitalize()
        return event("text", MORE, verb=label, what=what) if words else event("text", label)
    named = {
        name: name_of(s, ctx, getattr(a, name)) if kind == "str" else str(getattr(a, name))
        for name, kind in type(a).SLOTS
    }
    if isinstance(a, Dash) and s.pending:  # half the basic movement (AT-TURN-3)
        hero = s.heroes[s.pending[-1].seat]
        named["points"] = str(basic_movement(ctx, hero) // 2)
    return Event("text", template, tuple(named.items()))
