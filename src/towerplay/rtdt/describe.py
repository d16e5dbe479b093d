"""Any card's or piece's text, for people (`RtdtGame.describe`): read from the static content
only, so it tells nothing about a game in progress (no deck order, nobody's hand). The texts
of the content are English; a screen passes `say` (its catalog's gettext) to word them
(pt_BR/rtdt_cards.po) and the lines' templates and words (pt_BR/rtdt.po) in its language.
Names stay as printed, since `info` and the actions take them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from towerplay.core.narration import N_
from towerplay.rtdt.world import World

# the kinds of card the World holds by id, as a player calls them
CARD_KINDS = {
    "virtue": N_("virtue"),
    "gear": N_("gear"),
    "potion": N_("potion"),
    "treasure": N_("treasure"),
    "corruption": N_("corruption"),
    "quest_item": N_("quest item"),
    "companion": N_("companion"),
    "spell": N_("spell"),
}
# the other kinds an entry may be, and the words its lines give as fields
KINDS = (
    *(N_("hero"), N_("foe"), N_("adversary"), N_("battle card"), N_("quest")),
    *(N_("heroic trial"), N_("monument"), N_("building")),
)
BATTLE_FAMILIES = {
    "critical": N_("critical battle card"),
    "mutation": N_("mutation battle card"),
    "trait": N_("trait battle card"),
    "generic": N_("generic battle card"),
}
QUEST_KINDS = {
    "main_goal": N_("main goal"),
    "adversary": N_("adversary"),
    "companion": N_("companion"),
}


Say = Callable[[str], str]


def _same(text: str) -> str:
    return text


def fill(say: Say, msgid: str, **fields: Any) -> str:
    """A template (its English text is its message id) in the screen's language, its fields
    filled in; a field that is a word is passed worded already."""
    return say(msgid).format(**fields)


def key(text: str) -> str:
    """An id or a name as typed, in one form: "Frost Trolls" and "frost_trolls" agree."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _entries(w: World) -> Iterator[tuple[str, str, Any]]:
    """Every entry a player may ask about: (kind, id, entry)."""
    c = w.content
    for cid, card in w.cards.items():
        yield CARD_KINDS.get(w.kind_of[cid], w.kind_of[cid]), cid, card
    for table, kind in (
        (c.heroes, "hero"),
        (c.foes, "foe"),
        (c.adversaries, "adversary"),
        (c.battle_cards, "battle card"),
        (c.quests, "quest"),
        (c.trials, "heroic trial"),
        (c.monuments, "monument"),
        (c.buildings, "building"),
    ):
        for eid, entry in table.items():
            yield kind, eid, entry


def _foe_lines(kind: str, e: Any, say: Say) -> list[str]:
    traits = ", ".join(say(t) for t in e.traits)
    if kind == "foe":
        traits = fill(say, N_("{traits} · level {level}"), traits=traits, level=e.level)
    out = [traits, say(e.text)]
    for status, strike in getattr(e, "strikes", {}).items():
        out.append(
            fill(say, N_("strike when {status}: {text}"), status=say(status), text=say(strike.text))
        )
    if kind == "adversary":
        out.append(fill(say, N_("in the Tower: {text}"), text=say(e.tower_acts.text)))
    return out


def _lines(kind: str, e: Any, say: Say) -> list[str]:
    """The entry's text, a line a part: templates worded by `say` (rtdt.po), the content's
    texts by the same `say` (rtdt_cards.po)."""
    if kind == "hero":
        virtues = ", ".join(v.name for v in e.starting_virtues)
        return [
            fill(say, N_("banner: {text}"), text=say(e.banner)),
            fill(say, N_("moves {n}"), n=e.base_move),
            fill(say, N_("starting virtues: {virtues}"), virtues=virtues),
        ]
    if kind in ("foe", "adversary"):
        return _foe_lines(kind, e, say)
    if kind == "battle card":
        head = say(BATTLE_FAMILIES.get(e.family, e.family))
        head += f" ({say(e.trait)})" if e.trait else ""
        return [head] + [
            fill(say, N_("result {n}: {text}"), n=i + 1, text=say(r.text))
            for i, r in enumerate(e.rungs)
        ]
    if kind == "building":
        return [
            fill(say, N_("Reinforce, free: {text}"), text=say(e.free.text)),
            fill(
                say,
                N_("Reinforce, enhanced ({spirit} spirit): {text}"),
                spirit=e.enhanced.spirit,
                text=say(e.enhanced.text),
            ),
        ]
    if kind == "monument":
        return [
            fill(say, N_("offering: {text}"), text=say(e.offering_text)),
            fill(say, N_("replaces the {building}"), building=say(e.replaces)),
        ]
    out = [say(e.text)] if getattr(e, "text", "") else []
    if kind == "companion":
        out.insert(0, say(e.title) + (f" · {say(e.kingdom)}" if e.kingdom else ""))
        if e.event is not None:
            out.append(fill(say, N_("event: {text}"), text=say(e.event.text)))
    if kind == "heroic trial":
        out.insert(0, f"{say(e.type)} @ {e.space}")
    if kind == "quest":
        out.insert(0, say(QUEST_KINDS.get(e.kind, e.kind)))
    return out


def describe(w: World, name: str, say: Say = _same) -> str | None:
    """The text of the card, foe, hero, quest… called `name` (its id or its name, any
    case), headed by its name and kind (every entry of that name: a card and a boss card may
    share one); None when nothing is called that."""
    want = key(name)
    found = [
        f"{entry.name} ({say(kind)})\n"
        + "\n".join(line for line in _lines(kind, entry, say) if line)
        for kind, eid, entry in _entries(w)
        if want in (key(eid), key(entry.name))
    ]
    return "\n\n".join(x.rstrip() for x in found) if found else None
