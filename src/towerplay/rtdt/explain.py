"""Words for people: why an action is illegal and what is being asked (what a seat sees is
rtdt/observe.py)."""

from __future__ import annotations

from towerplay.core.errors import IllegalAction
from towerplay.core.narration import Event, event, plain, sample_verbs
from towerplay.core.notation import Action
from towerplay.rtdt import decisions, plugins
from towerplay.rtdt.action_words import action_words
from towerplay.rtdt.covenant import corruptions
from towerplay.rtdt.covenant import spells as cov_spells
from towerplay.rtdt.rules import actions, battle_moves, dungeons, items, trading
from towerplay.rtdt.rules.dungeons import delve_use_bar, rooms_of
from towerplay.rtdt.rules.verbs import Refusal
from towerplay.rtdt.state import Decision, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

# The rule each pending decision carries out, and what it asks in a few words, by kind:
# every kind registered (rtdt/decisions.py, Covenant's and the competitive mode's modules).
DECISION_RULES = plugins.decision_rules()


SHOWN_ANSWERS = 6  # a refusal names this many of the question's answers, then "…"
MORE_ACTIONS = N_("and more")


def _not_an_answer(w: World, s: State, a: Action, text: str, legal: list[Action]) -> IllegalAction:
    """A pending question is answered first; items wait for your own turn. An answer of the
    right kind that is not one of the answers is told which are, by their printed names."""
    d = s.pending[-1]
    if len(a) and a[0] == "use":
        if d.seat != s.turn.seat:  # RTDT-ITEM-9
            return IllegalAction("items are used only during your own turn", "RTDT-ITEM-9")
        if s.turn.phase not in ("start", "middle"):  # RTDT-ITEM-10
            return IllegalAction(
                "after dropping your skull you may use no more items this turn", "RTDT-ITEM-10"
            )
    what, rule = DECISION_RULES[d.kind]
    same = [b for b in legal if len(a) and len(b) > 1 and b.verb == a.verb]
    if same:
        names = [" ".join(w.name(token) for token in b[1:]) for b in same]
        more = "…" if len(names) > SHOWN_ANSWERS else ""
        return IllegalAction(
            "{action} does not answer the pending question: {what}; the answers are {answers}",
            rule,
            action=repr(text),
            what=what,
            answers=", ".join(names[:SHOWN_ANSWERS]) + more,
        )
    return IllegalAction(
        "{action} does not answer the pending question: {what}", rule, action=repr(text), what=what
    )


def _not_a_trade_move(w: World, s: State, a: Action, text: str) -> IllegalAction:
    why = trading.why_trade_move(w, s, s.heroes[s.turn.seat], a)  # its own moves' predicates
    if why is not None:
        return why.error()
    return IllegalAction(
        "{action} is not a trade move; give, take, offer or cancel",
        "RTDT-TRADE-2",
        action=repr(text),
    )


def _not_a_battle_move(w: World, s: State, a: Action, text: str) -> IllegalAction:
    h = s.heroes[s.turn.seat]
    verb = a[0] if len(a) else ""
    why = battle_moves.why_battle_move(w, s, h, a) if verb else None  # its own moves' predicates
    if why is None and verb == "use":
        why = items.why_use(w, s, h, a)
    if why is not None:
        return why.error()
    if verb == "bless":
        return IllegalAction(
            "spend a blessing only if you hold one, on a card you can improve", "COV-BLESS-2"
        )
    return IllegalAction(
        "{action}: in a battle, use advantages, items, or resolve the card",
        "RTDT-BATTLE-10",
        action=repr(text),
    )


def _use_in_dungeon(w: World, s: State, a: Action) -> Refusal | None:
    """A card's use in a dungeon room waits for a room face up that its advantage can
    improve (RTDT-DUNGEON-13)."""
    if len(a) < 2 or a[1] not in w.kind_of:
        return None
    bar = delve_use_bar(w, s, a[1])
    return Refusal(bar.msg, bar.rule, {"item": w.name(a[1])}) if bar is not None else None


def explain(w: World, s: State, a: Action, legal: list[Action]) -> IllegalAction:
    """Why `a` is not legal now: a message and the rule ID it breaks."""
    text = str(a) or "(empty)"
    if s.result is not None:
        return IllegalAction(
            "the game is over ({cause}); no action is legal", "RTDT-END-1", cause=s.result.cause
        )
    if s.pending:
        return _not_an_answer(w, s, a, text, legal)
    if len(a) and a[0] == "cast":  # the Astromancer's spells (covenant/spells.py)
        return cov_spells.why_not(w, s, a)
    t = s.turn
    h = s.heroes[t.seat]
    verb = a[0] if len(a) else ""
    if s.trade is not None:
        return _not_a_trade_move(w, s, a, text)
    if s.battle is not None:
        return _not_a_battle_move(w, s, a, text)
    if s.delve is not None and verb:  # a delve's own moves, by their predicates
        why = dungeons.why_delve_move(w, s, h, a)
        if why is not None:
            return why.error()
    if (
        t.start_pending
        and verb not in ("banner", "resolve", "use")
        and not actions.declared(w, verb)
    ):
        return IllegalAction("resolve your start-of-turn effects first", "RTDT-TURN-4")
    card_says = corruptions.why_not(w, s, h, a)  # Covenant corruptions and wands
    if card_says is not None:
        return card_says
    if verb == "use":  # the card's own bar (rules/items.py), in a dungeon its room's first
        why = _use_in_dungeon(w, s, a) if s.delve is not None else None
        why = why or items.why_use(w, s, h, a)
        if why is not None:
            return why.error()
    why = actions.refused(w, s, a)  # the verb's own predicates (rules/verbs.py)
    if why is not None:
        return why.error()
    if verb == "bless":
        return IllegalAction("blessings are spent during a Battle or a dungeon room", "COV-BLESS-2")
    if verb == "pass_mark":  # Bane of Omens' Black Mark (abilities/adversaries.py)
        return IllegalAction(
            "only the holder of the adversary's mark passes it, paying its spirit, to another hero",
            "RTDT-ADVCARD-2",
        )
    if verb == "use":
        return IllegalAction(
            "{action}: you cannot use that item now", "RTDT-ITEM-9", action=repr(text)
        )
    if verb in ("give", "take", "offer", "cancel"):
        return IllegalAction("no trade is open; start one with trade SEAT", "RTDT-TRADE-1")
    return IllegalAction(
        "{action} is not an action now; the actions now: {legal}",
        "RTDT-TURN-1",
        action=repr(text),
        legal=worded(w, s, legal),
    )


def worded(w: World, s: State, legal: list[Action]) -> tuple[Event, ...]:
    """One legal action of each verb as a screen's button words it (the kinds of action
    there are, not every space a hero may move to), then "and more" if some were left out."""
    shown = sample_verbs(legal)
    out = tuple(action_words(w, s, a) for a in shown)
    return out + (event("text", MORE_ACTIONS),) if len(shown) < len(legal) else out


def describe(w: World, s: State, d: Decision) -> str:
    """The pending question, as the seat is asked it, in English."""
    return question(w, s, d).text


def question(w: World, s: State, d: Decision) -> Event:
    """The pending question as a template with fields (each kind words its own; a kind not
    worded so yet gives its English text)."""
    if d.kind in w.hooks.decisions:
        said = decisions.words(w, s, d)
        return said if isinstance(said, Event) else plain(said)
    hero = w.content.heroes[s.heroes[d.seat].hero].name
    return event("text", "{hero}: {decision}", hero=hero, decision=d.kind)


def prompt(w: World, s: State) -> str:
    return asked(w, s).text


def asked(w: World, s: State) -> Event:
    """What is being decided, as a template with fields (the catalog's message id), so a
    screen words it in its own language; `prompt` is its English."""
    if s.result is not None:
        if s.result.outcome == "win":
            return event("text", "The game is over: win ({cause}).", cause=s.result.cause)
        return event("text", "The game is over: loss ({cause}).", cause=s.result.cause)
    if s.pending:
        return question(w, s, s.pending[-1])
    t = s.turn
    who = w.content.heroes[s.heroes[t.seat].hero].name
    if s.trade is not None:
        return event("text", "{hero}: trading - give, take, then offer (or cancel).", hero=who)
    if s.delve is not None:
        return _in_the_dungeon(w, s, who)
    if s.battle is not None:
        b = s.battle
        if not b.revealed:
            return event(
                "text",
                "{hero}: {n} card(s) resolved against the {foe}; continue or retreat.",
                hero=who,
                n=b.resolved,
                foe=w.name(b.foe),
            )
        card = w.content.battle_cards[b.cards[b.index]]
        return event(
            "text",
            "{hero}: battle card {n} of {cards} against the {foe} - {rung} (use advantages, or resolve)",
            hero=who,
            n=b.index + 1,
            cards=len(b.cards),
            foe=w.name(b.foe),
            rung=card.rungs[b.rung].text,
        )
    if t.phase == "start":
        return event(
            "text",
            "{hero}, month {month}, start of turn: choose an action (end to drop your skull).",
            hero=who,
            month=s.month,
        )
    return event(
        "text",
        "{hero}, month {month}, middle of turn: choose an action (end to drop your skull).",
        hero=who,
        month=s.month,
    )


def _in_the_dungeon(w: World, s: State, who: str) -> Event:
    dv = s.delve
    assert dv is not None
    if dv.room < 0:
        return event("text", "{hero}: in the dungeon - choose a room to enter, or leave.", hero=who)
    d = s.dungeons[dv.space]
    room = next(r for r in rooms_of(w, d.kind) if r.id == d.rooms[dv.room])
    result = room.improved if dv.improved else room.initial
    return event(
        "text",
        "{hero}: {room} - {effect} (improve, or resolve)",
        hero=who,
        room=room.name,
        effect=result.text,
    )
