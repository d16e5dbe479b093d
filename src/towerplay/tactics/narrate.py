"""Telling what happens in an encounter: every change as a structured event (core/narration.py).

Templates are English with named fields, the message ids a translation looks up; the
numbers a screen may want (damage, HP, dice) are in `amounts` as well.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from towerplay.core import serial
from towerplay.core.errors import SaveError
from towerplay.core.narration import N_, Event, plain
from towerplay.core.replay import Chain
from towerplay.tactics.state import State, Unit


def log(
    s: State,
    kind: str,
    msg: str,
    *,
    seats: tuple[int, ...] = (),
    amounts: dict[str, int] | None = None,
    to: tuple[int, ...] | None = None,
    **fields: Any,
) -> None:
    """Tell what happened: an event of `kind` whose English template `msg` has `fields`
    (core/narration.py); `to` the seats that may see it when it is private."""
    # core.narration.event(), built inline: an encounter tells a dozen events a decision
    args = tuple([(k, str(v)) for k, v in fields.items()])
    s.log = s.log.add(Event(kind, msg, args, seats, tuple(amounts.items()) if amounts else (), to))


# the conditions' words (models.Condition): an event gives one as its `condition` field and
# the catalog words it where the event is shown
CONDITIONS = (N_("slowed"), N_("weakened"), N_("stunned"), N_("invisible"))


# an attack's verb when it has no name of its own (effects.hit's `what`, enemy attacks), or
# a content's attack named by a verb (the Starter deck's Wild Swing "flails at"); an attack
# with a name (Divine Flames) is told by a sentence of its own: a name is no verb
VERBS = (N_("attacks"), N_("swings at"), N_("flails at"))
HITS = {
    "immune": (
        N_("{attacker} {verb} {target}: {target} cannot be damaged"),
        N_("{attacker} uses {attack} on {target}: {target} cannot be damaged"),
    ),
    "ignored": (
        N_("{attacker} {verb} {target} for {total}: the attack is ignored, no damage"),
        N_("{attacker} uses {attack} on {target} for {total}: the attack is ignored, no damage"),
    ),
    "blocked": (
        N_(
            "{attacker} {verb} {target} for {total}, {blocked} blocked: {damage} damage; "
            "{target} has {hp} of {max_hp} HP"
        ),
        N_(
            "{attacker} uses {attack} on {target} for {total}, {blocked} blocked: "
            "{damage} damage; {target} has {hp} of {max_hp} HP"
        ),
    ),
    "damage": (
        N_("{attacker} {verb} {target}: {damage} damage; {target} has {hp} of {max_hp} HP"),
        N_(
            "{attacker} uses {attack} on {target}: {damage} damage; "
            "{target} has {hp} of {max_hp} HP"
        ),
    ),
    "missed": (N_("{unit} {verb} empty air"), N_("{unit} uses {attack} on empty air")),
}


def attack_words(what: str, case: str) -> tuple[str, dict[str, Any]]:
    """The template of an attack's sentence (`HITS[case]`) and the field naming the attack:
    its verb ("attacks") or its name ("Divine Flames")."""
    verb, named = HITS[case]
    return (verb, {"verb": what}) if what in VERBS else (named, {"attack": what})


# the end of an encounter (ending.end), by what ended it: a cause given as a message or an
# objective's text, the round limit, or the main and the bonus objectives both met
ENDS = {
    "cause": N_("encounter over: {outcome} ({cause})"),
    "round": N_("encounter over: {outcome} (round {round} ended)"),
    "both": N_("encounter over: {outcome} ({main} and {bonus})"),
}
OUTCOMES = (N_("success"), N_("+success"), N_("failure"))


# the notes of tactics/idle.py on a turn action that would do nothing now (AT-CARD-4), by
# how many reasons they give, each reason a message of the catalog
NOTES = (
    N_("does nothing now: {why}"),
    N_("does nothing now: {why}; {why2}"),
    N_("does nothing now: {why}; {why2}; {why3}"),
)


def note_event(note: str) -> Event:
    """A note of observe's `pending["notes"]` as an event a catalog can word (its text is
    the note): each reason is a field. More reasons than NOTES has keep their tail in the
    last field (no card of the content gives more than three)."""
    reasons = note.removeprefix("does nothing now: ").split("; ")
    if len(reasons) > len(NOTES):
        reasons = [*reasons[: len(NOTES) - 1], "; ".join(reasons[len(NOTES) - 1 :])]
    fields = tuple(zip(("why", "why2", "why3"), reasons, strict=False))
    return Event("text", NOTES[len(reasons) - 1], fields)


def told_end(log: Chain[Event]) -> Event | None:
    """The event that told how the encounter ended (the campaign tells it again)."""
    ends = set(ENDS.values())
    node: Chain[Event] | None = log
    while node is not None and node.size:
        if node.head is not None and node.head.msg in ends:
            return node.head
        node = node.rest
    return None


def seats_of(*units: Unit) -> tuple[int, ...]:
    """The seats an event concerns: the owners of the hero-side figures in it."""
    out: list[int] = []
    for u in units:
        if u.side == "hero" and u.owner >= 0 and u.owner not in out:
            out.append(u.owner)
    return tuple(out)


def dice_text(rolled: Sequence[int]) -> str:
    return ", ".join(str(v) for v in rolled) if rolled else N_("no dice")


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def log_roll(s: State, u: Unit, rolled: Sequence[int], bonus: int, total: int, heal: bool) -> None:
    """The dice `u` rolled to attack (or to heal), the bonus and the total they make."""
    fields: dict[str, Any] = {"unit": u.uid, "dice": dice_text(rolled), "total": total}
    amounts = {"rolled": sum(rolled), "bonus": bonus, "total": total}
    if heal:
        msg = N_("{unit} rolls {dice} to heal, {bonus} bonus: {total}")
    elif "weakened" in u.conditions:
        msg = N_("{unit} rolls {dice} to attack, {bonus} bonus, halved for weakened: {total}")
    else:
        msg = N_("{unit} rolls {dice} to attack, {bonus} bonus: {total}")
    log(s, "reveal", msg, seats=seats_of(u), amounts=amounts, bonus=signed(bonus), **fields)


# observe is called at every decision, and by agents on every clone they look ahead on, while
# the log changes only when something happens: the answers are kept by the log node and seat
# (a log only grows, so the same node means the same events) and each event's view once.
_RECENT: dict[tuple[int, int | None], tuple[Chain[Event], dict[str, Any]]] = {}
_VIEWS: dict[int, tuple[Event, dict[str, Any]]] = {}
KEEP = 4096


def recent(log: Chain[Event], seat: int | None, n: int = 20) -> dict[str, Any]:
    """`observe`'s part of the log: the last `n` events `seat` may see, as texts ("log")
    and as `Event.view()` dicts ("events"); read-only, shared by the calls that ask the
    same."""
    key = (id(log), seat)
    hit = _RECENT.get(key)
    if hit is not None and hit[0] is log:
        return hit[1]
    views: list[dict[str, Any]] = []
    node: Chain[Event] | None = log
    while node is not None and node.size and len(views) < n:
        e = node.head
        if e is not None and (e.to is None or (seat is not None and seat in e.to)):
            views.append(_view(e))  # the test of Event.seen_by, inline: observe is hot
        node = node.rest
    views.reverse()
    out = {"log": [v["text"] for v in views], "events": views}
    if len(_RECENT) > KEEP:
        _RECENT.clear()
    _RECENT[key] = (log, out)
    return out


def _view(e: Event) -> dict[str, Any]:
    hit = _VIEWS.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    if len(_VIEWS) > KEEP * 4:
        _VIEWS.clear()
    view = e.view()
    _VIEWS[id(e)] = (e, view)
    return view


def check_log(log: Chain[Event], fail: Callable[[str, str], SaveError], path: str) -> None:
    """Every loaded event's template is filled by its own fields (else its text would fail
    where it is shown, far from the save)."""
    for i, e in enumerate(log.to_list()):
        try:
            e.text  # noqa: B018 - formatting is the check
        except (KeyError, IndexError, ValueError, AttributeError):
            raise fail(f"{path}[{i}].msg", "a field of the template is not in args") from None


def upgrade_log(raw: Any) -> Any:
    """An older save's log (a list of texts) as events: each line a `plain()` one."""
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        return raw  # the loader names what is wrong
    return [serial.dump(plain(text)) for text in raw]
