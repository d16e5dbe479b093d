"""What must hold in every campaign state, after every action.

`violations` lists every broken invariant in words (empty when all hold). The
tests and the campaign simulator call it after each action; loading a save
refuses a state that breaks one.
"""

from __future__ import annotations

from collections import Counter

from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.hero import MAX_LEVEL, class_levels, level
from towerplay.tactics.campaign.levels import BASIC_CLASS_LIMITS
from towerplay.tactics.campaign.models import MAX_CLASS_LEVEL
from towerplay.tactics.campaign.state import CampaignState, gold
from towerplay.tactics.models import EQUIPMENT_KINDS

TRACKED_KINDS = (*EQUIPMENT_KINDS, "mark_of_death")  # cards that move between the decks


def _heroes(c: CampaignContent, s: CampaignState) -> list[str]:
    out = []
    if len(s.party) > s.heroes_count:
        out.append(f"{len(s.party)} heroes in a party of {s.heroes_count} (AT-CAMP-1)")
    if len({h.hero for h in s.party}) != len(s.party):
        out.append("a hero is in the party twice (AT-CAMP-1)")
    elites: Counter[str] = Counter()
    at_least: Counter[tuple[str, int]] = Counter()
    for h in s.party:
        if level(h) > MAX_LEVEL:
            out.append(f"{h.hero} is level {level(h)} (AT-LEVEL-2)")
        if not 0 <= h.player < s.players:
            out.append(f"{h.hero} belongs to player {h.player + 1} of {s.players} (AT-CAMP-2)")
        for cls, n in class_levels(c, h).items():
            if n > MAX_CLASS_LEVEL:
                out.append(f"{h.hero} has {n} levels of {cls} (AT-LEVEL-2)")
            if c.game.classes[cls].elite:
                elites[cls] += 1
            for lo, _ in BASIC_CLASS_LIMITS:
                if not c.game.classes[cls].elite and n >= lo:
                    at_least[(cls, lo)] += 1
    for cls, n in elites.items():
        if n > 1:
            out.append(f"{n} heroes have the elite class {cls} (AT-ELITE-3)")
    limits = dict(BASIC_CLASS_LIMITS)
    for (cls, lo), n in at_least.items():
        if n > limits[lo]:
            out.append(f"{n} heroes at {cls} {lo} or higher (AT-LEVEL-5)")
    return out


def _copies(c: CampaignContent, s: CampaignState) -> list[str]:
    """Every copy in one place: owned, Party > Items or the market deck, never more
    copies than the box holds (AT-CAMP-5)."""
    out = []
    cards: Counter[str] = Counter(s.market)
    taken: Counter[str] = Counter()
    perks: Counter[str] = Counter()
    abilities: Counter[str] = Counter()
    for h in s.party:
        cards.update(cid for cid in h.cards if c.game.cards[cid].kind in TRACKED_KINDS)
        taken.update(h.level_ups)
        perks.update(h.perks)
        abilities.update(a for a in h.abilities if c.game.abilities[a].story)
    for what, counts, copies in (
        ("card", cards, lambda k: c.game.cards[k].copies),
        ("level-up card", taken, lambda k: c.level_ups[k].copies),
        ("perk", perks, lambda k: c.perks[k].copies),
        ("story ability", abilities, lambda k: c.game.abilities[k].copies),
        ("supply item", Counter(s.items), lambda k: c.items[k].copies),
        ("random encounter", Counter(s.random_deck), lambda k: 1),
    ):
        for k, n in counts.items():
            if n > copies(k):
                out.append(f"{n} copies of the {what} {k} in play; the box has {copies(k)}")
    return out


def violations(c: CampaignContent, s: CampaignState) -> list[str]:
    """Every invariant the state breaks, in words."""
    out = _heroes(c, s) + _copies(c, s)
    if gold(c, s) < 0:
        out.append("negative gold (AT-MARKET-4)")
    if s.ending and (s.pending or s.fight):
        out.append("the campaign has ended but still asks a decision")
    if not s.ending and not s.pending and not s.fight:
        out.append("the campaign waits for nothing")
    return out
