"""Leveling up: which level-up card a hero may take next, and why not.

A hero levels up by taking the next card of one class deck: the first card of a
new basic class, the next card of a class it already has, or the first card of an
elite class whose prerequisites it meets. `level_up_options` lists every class
deck with the card it would give and, when it cannot be taken, the reason and the
rule; the level-up screen shows these, and `check_level_up` refuses with them.

After the card is taken come optional decisions, asked one at a time by the
campaign flow (`follow_ups` lists them): one removal per REPLACE card
(AT-LEVEL-6), then adding a Basic Move or Basic Attack and removing any one card
(AT-LEVEL-7). `removable` says which cards a removal may take (AT-LEVEL-8).
"""

from __future__ import annotations

from dataclasses import dataclass

from towerplay.core.errors import IllegalAction
from towerplay.core.narration import Event, event
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.hero import (
    BASIC_CLASSES,
    MAX_LEVEL,
    CampaignHero,
    class_levels,
    elite_owner,
    gain_level_up,
    level,
)
from towerplay.tactics.campaign.models import MAX_CLASS_LEVEL, LevelUpCard
from towerplay.tactics.models import EQUIPMENT_KINDS

BASICS = ("basic_move", "basic_attack")
# AT-LEVEL-5: at most two heroes at level 2 or higher in a basic class, at most one at 3+
BASIC_CLASS_LIMITS = ((2, 2), (3, 1))  # (class level, heroes allowed at or above it)


@dataclass(frozen=True, slots=True)
class LevelUpOption:
    """A class deck's next card for one hero; `why` and `rule` say why it is barred (an
    event, so that a catalog can word it; `reason` is its English text)."""

    class_id: str
    card: str | None  # the level-up card it would give (None: the deck is exhausted)
    why: Event | None = None
    rule: str = ""

    @property
    def ok(self) -> bool:
        return self.why is None

    @property
    def reason(self) -> str:
        return "" if self.why is None else self.why.text


def _next_card(c: CampaignContent, class_id: str, held: int) -> LevelUpCard | None:
    """The card for the next level in a deck: its first non-Starter card of that level."""
    want = held + 1
    cards = [card for card in c.deck(class_id) if card.level == want and not card.starter]
    return cards[0] if cards else None


def _copies_left(c: CampaignContent, party: list[CampaignHero], card: LevelUpCard) -> int:
    taken = sum(h.level_ups.count(card.id) for h in party)
    return card.copies - taken


def _barred(
    c: CampaignContent, party: list[CampaignHero], who: int, class_id: str, held: int
) -> tuple[Event | None, str]:
    """Why hero `who` may not take the next card of `class_id`: (reason, rule) or (None, "")."""
    h = party[who]
    cls = c.game.classes[class_id]
    if level(h) >= MAX_LEVEL:
        why = event(
            "text", "{hero} is already level {level}, the highest", hero=h.hero, level=MAX_LEVEL
        )
        return why, "AT-LEVEL-2"
    if held >= MAX_CLASS_LEVEL:
        why = event(
            "text",
            "{hero} already has {n} levels of {cls}",
            hero=h.hero,
            n=MAX_CLASS_LEVEL,
            cls=cls.name,
        )
        return why, "AT-LEVEL-2"
    if cls.elite:
        owner = elite_owner(c, party, class_id)
        if owner is not None and owner != who:
            why = event("text", "{hero} has unlocked {cls}", hero=party[owner].hero, cls=cls.name)
            return why, "AT-ELITE-3"
        have = class_levels(c, h)
        missing = [
            f"{c.game.classes[k].name} ({n})" for k, n in cls.prerequisites.items() if have[k] < n
        ]
        if held == 0 and missing:
            why = event("text", "{cls} needs {missing}", cls=cls.name, missing=", ".join(missing))
            return why, "AT-ELITE-1"
        return None, ""
    for at_least, allowed in BASIC_CLASS_LIMITS:
        if held + 1 == at_least:
            others = [
                o.hero
                for i, o in enumerate(party)
                if i != who and class_levels(c, o)[class_id] >= at_least
            ]
            if len(others) >= allowed:
                why = event(
                    "text",
                    "{heroes} already at {cls} {level} or higher (at most {allowed})",
                    heroes=", ".join(others),
                    cls=cls.name,
                    level=at_least,
                    allowed=allowed,
                )
                return why, "AT-LEVEL-5"
    return None, ""


def level_up_options(
    c: CampaignContent, party: list[CampaignHero], who: int
) -> list[LevelUpOption]:
    """Every class deck, basic first, with the card hero `who` would take from it."""
    have = class_levels(c, party[who])
    elites = sorted(k for k, cls in c.game.classes.items() if cls.elite)
    out = []
    for class_id in (*BASIC_CLASSES, *elites):
        if class_id not in c.game.classes:
            continue
        held = have[class_id]
        card = _next_card(c, class_id, held)
        why, rule = _barred(c, party, who, class_id, held)
        if why is None and card is None:
            why = event(
                "text", "the {deck} deck has no level {level} card", deck=class_id, level=held + 1
            )
            rule = "AT-LEVEL-4"
        elif why is None and card is not None and _copies_left(c, party, card) <= 0:
            why, rule = event("text", "every copy of {card} is taken", card=card.name), "AT-LEVEL-4"
        out.append(LevelUpOption(class_id, card.id if card else None, why, rule))
    return out


def check_level_up(c: CampaignContent, party: list[CampaignHero], who: int, card_id: str) -> None:
    """Refuse a level-up card the hero may not take, naming the rule (AT-LEVEL-4)."""
    if card_id not in c.level_ups:
        raise IllegalAction("no level-up card '{card}'", "AT-LEVEL-4", card=card_id)
    deck = c.level_ups[card_id].deck
    for opt in level_up_options(c, party, who):
        if opt.class_id != deck:
            continue
        if opt.why is not None:  # barred: its reason, already an event's template
            raise IllegalAction(opt.why.msg, opt.rule, **dict(opt.why.args))
        if opt.card != card_id:
            raise IllegalAction(
                "the next card of the {deck} deck for {hero} is {card}",
                "AT-LEVEL-4",
                deck=deck,
                hero=party[who].hero,
                card=opt.card,
            )
        return
    raise IllegalAction("no class deck '{deck}'", "AT-LEVEL-4", deck=deck)


def take_level_up(c: CampaignContent, party: list[CampaignHero], who: int, card_id: str) -> None:
    """Check, then take a level-up card with what it gives."""
    check_level_up(c, party, who, card_id)
    gain_level_up(c, party[who], card_id)


# --- after the card: REPLACE, and the basic card swap ---------------------------------


def follow_ups(c: CampaignContent, card_id: str) -> list[str]:
    """The optional decisions after taking level-up card `card_id`, in the order to ask
    them: one "replace" per REPLACE card (AT-LEVEL-6), then "add_basic" and "remove"
    (AT-LEVEL-7). Each may be declined."""
    return ["replace"] * len(c.level_ups[card_id].replace) + ["add_basic", "remove"]


def removable(c: CampaignContent, h: CampaignHero) -> list[str]:
    """The cards a removal may take from the hero's action deck, each id once (AT-LEVEL-8).

    Only action cards and basic cards: equipment and class features are not part of
    the action deck between encounters (they are sold at the market, or stored), and a
    Mark of Death is lifted only by the Campaign Guide. The deck keeps one Basic Move
    and one Basic Attack, so a hero can always move and attack.
    """
    out = set()
    for cid in h.cards:
        kind = c.game.cards[cid].kind
        if kind in EQUIPMENT_KINDS or kind in ("class_feature", "mark_of_death"):
            continue
        if kind in BASICS and h.cards.count(cid) <= 1:
            continue
        out.add(cid)
    return sorted(out)


def replace_removals(c: CampaignContent, h: CampaignHero, card_id: str) -> list[str]:
    """After taking level-up card `card_id`: the cards one of its REPLACE removals may
    take (AT-LEVEL-6); none when the card has no REPLACE cards."""
    return removable(c, h) if c.level_ups[card_id].replace else []


def remove_card(c: CampaignContent, h: CampaignHero, card_id: str, rule: str) -> None:
    """Remove one copy of `card_id` from the hero's deck (it returns to the box), or
    refuse naming AT-LEVEL-8. `rule` is the rule that allows the removal (AT-LEVEL-6,
    AT-LEVEL-7, or a perk's REPLACE), for the log and the refusal."""
    if card_id not in h.cards:
        raise IllegalAction(
            "{hero} has no '{card}' to remove ({allowed_by})",
            "AT-LEVEL-8",
            hero=h.hero,
            card=card_id,
            allowed_by=rule,
        )
    if card_id not in removable(c, h):
        name = c.game.cards[card_id].name
        raise IllegalAction(
            "{card} cannot be removed from {hero}'s deck", "AT-LEVEL-8", card=name, hero=h.hero
        )
    h.cards.remove(card_id)


def add_basic(h: CampaignHero, which: str) -> None:
    """Add a Basic Move or a Basic Attack to the hero's deck when leveling up (AT-LEVEL-7)."""
    if which not in BASICS:
        raise IllegalAction(
            "add basic_move or basic_attack, not '{card}'", "AT-LEVEL-7", card=which
        )
    h.cards.append(which)
