"""Any card's or piece's text, for people (`RtdtGame.describe`): read from the static content
only, so it tells nothing about a game in progress (no deck order, nobody's hand). The texts
of the content are English; a screen passes `say` (its catalog's gettext, pt_BR/rtdt_cards.po)
to word them in its language. Names stay as printed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from towerplay.rtdt.world import World

# the kinds of card the World holds by id, as a player calls them
CARD_KINDS = {
    "virtue": "virtue",
    "gear": "gear",
    "potion": "potion",
    "treasure": "treasure",
    "corruption": "corruption",
    "quest_item": "quest item",
    "companion": "companion",
    "spell": "spell",
}


Say = Callable[[str], str]


def _same(text: str) -> str:
    return text


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


def _lines(kind: str, e: Any, say: Say) -> list[str]:
    """The entry's text, a line a part."""
    if kind == "hero":
        virtues = ", ".join(v.name for v in e.starting_virtues)
        return [f"banner: {say(e.banner)}", f"moves {e.base_move}", f"starting virtues: {virtues}"]
    if kind in ("foe", "adversary"):
        out = [f"{', '.join(e.traits)}" + (f" · level {e.level}" if kind == "foe" else "")]
        out.append(say(e.text))
        for status, strike in getattr(e, "strikes", {}).items():
            out.append(f"strike when {status}: {say(strike.text)}")
        if kind == "adversary":
            out.append(f"in the Tower: {say(e.tower_acts.text)}")
        return out
    if kind == "battle card":
        head = f"{e.family} battle card" + (f" ({e.trait})" if e.trait else "")
        return [head] + [f"result {i + 1}: {say(r.text)}" for i, r in enumerate(e.rungs)]
    if kind == "building":
        return [
            f"Reinforce, free: {say(e.free.text)}",
            f"Reinforce, enhanced ({e.enhanced.spirit} spirit): {say(e.enhanced.text)}",
        ]
    if kind == "monument":
        return [f"offering: {say(e.offering_text)}", f"replaces the {e.replaces}"]
    out = [say(e.text)] if getattr(e, "text", "") else []
    if kind == "companion":
        out.insert(0, f"{say(e.title)} · {e.kingdom}")
        if e.event is not None:
            out.append(f"event: {say(e.event.text)}")
    if kind == "heroic trial":
        out.insert(0, f"{e.type} @ {e.space}")
    if kind == "quest":
        out.insert(0, e.kind.replace("_", " "))
    return out


def describe(w: World, name: str, say: Say = _same) -> str | None:
    """The text of the card, foe, hero, quest… called `name` (its id or its name, any
    case), headed by its name and kind (every entry of that name: a card and a boss card may
    share one); None when nothing is called that."""
    want = key(name)
    found = [
        f"{entry.name} ({kind})\n" + "\n".join(line for line in _lines(kind, entry, say) if line)
        for kind, eid, entry in _entries(w)
        if want in (key(eid), key(entry.name))
    ]
    return "\n\n".join(x.rstrip() for x in found) if found else None
