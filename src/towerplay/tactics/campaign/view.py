"""What a seat sees of a campaign: everything a screen needs, nothing hidden.

The chapter's page with its choices (open or closed, and why), the party sheet
(gold, Party > Items, the random encounter deck's size but never its order, the
market deck), each hero's sheet (level, classes, HP, deck, equipment, abilities,
perks), the market's stock with prices at a market, the level-up options with
the reason each barred one is barred, the pending decision and the history.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from towerplay.tactics.campaign.action_words import name_of
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.decisions import actions, prompt
from towerplay.tactics.campaign.guide import choice_views, page_heading, page_words
from towerplay.tactics.campaign.hero import class_levels, current_class, level, max_hp, summons
from towerplay.tactics.campaign.levels import level_up_options
from towerplay.tactics.campaign.market import market_of, stock
from towerplay.tactics.campaign.state import CampaignState, gold, item_count
from towerplay.tactics.models import EQUIPMENT_KINDS
from towerplay.tactics.narrate import recent
from towerplay.tactics.scaling import party_level, scaling_level, summary


def hero_sheet(c: CampaignContent, s: CampaignState, i: int) -> dict[str, Any]:
    h = s.party[i]
    cls = current_class(c, h)
    cards = c.game.cards
    return {
        "seat": i,
        "hero": h.hero,
        "name": c.heroes[h.hero].name,
        "player": h.player + 1,
        "level": level(h),
        "class": cls.id,
        "class_name": cls.name,
        "classes": dict(sorted(class_levels(c, h).items())),
        "max_hp": max_hp(c, h),
        "movement": cls.movement,
        "attack": {"dice": list(cls.attack_dice), "range": list(cls.attack_range)},
        "deck": dict(sorted(Counter(h.cards).items())),
        "equipment": sorted(cid for cid in h.cards if cards[cid].kind in EQUIPMENT_KINDS),
        "class_features": sorted(cid for cid in h.cards if cards[cid].kind == "class_feature"),
        "abilities": list(h.abilities),
        "perks": list(h.perks),
        "level_ups": list(h.level_ups),
        "summons": summons(c, h),
    }


def party_sheet(c: CampaignContent, s: CampaignState) -> dict[str, Any]:
    return {
        "heroes_count": s.heroes_count,
        "players": s.players,
        "difficulty": s.difficulty,
        "gold": gold(c, s),
        "items": dict(sorted(Counter(s.items).items())),
        "revive_potions": item_count(c, s, "revive_potion"),
        "random_encounters": len(s.random_deck),
        "market_deck": sorted(s.market),
        "flags": list(s.flags),
    }


def _page(c: CampaignContent, s: CampaignState) -> dict[str, Any] | None:
    if not s.pending or s.pending[0].kind != "page":
        return None
    ref = s.pending[0].data["page"]
    title, text = page_words(c, ref)
    return {
        "ref": list(ref),
        "title": title,
        "heading": page_heading(c, ref).view(),  # the title, to be worded
        "text": text,
        "choices": choice_views(c, s, ref),
    }


def _market(c: CampaignContent, s: CampaignState) -> dict[str, Any] | None:
    m = market_of(c, s)
    if m is None or not s.pending or s.pending[0].kind != "page":
        return None
    offers = [
        {"card": o.card, "name": c.game.cards[o.card].name, "price": o.price, "source": o.source}
        for o in stock(c, s, m)
    ]
    return {"id": m.id, "name": m.name, "text": m.text, "stock": offers, "sell_price": 1}


def _level_up(c: CampaignContent, s: CampaignState) -> dict[str, Any] | None:
    if not s.pending or s.pending[0].kind != "level":
        return None
    who = s.pending[0].seat
    have = class_levels(c, s.party[who])
    return {
        "seat": who,
        "options": [
            {
                "class": o.class_id,
                "card": o.card,
                "ok": o.ok,
                "reason": o.reason,
                "why": None if o.why is None else o.why.view(),  # the reason, to be worded
                "rule": o.rule,
                "prerequisites": dict(sorted(c.game.classes[o.class_id].prerequisites.items())),
                # the prerequisites the hero still lacks (AT-ELITE-1)
                "needs": {
                    k: n - have[k]
                    for k, n in sorted(c.game.classes[o.class_id].prerequisites.items())
                    if have[k] < n
                },
            }
            for o in level_up_options(c, s.party, who)
        ],
    }


def _scaling(c: CampaignContent, s: CampaignState) -> dict[str, Any] | None:
    """An encounter chapter's scaling for this party: the party's level and what it adds
    to the enemies (AT-CAMP-6); None on a story chapter."""
    ch = c.chapters.get(s.chapter)
    if ch is None or ch.encounter is None:
        return None
    enc = c.game.encounters[ch.encounter]
    at = scaling_level(party_level([level(h) for h in s.party]), s.difficulty)  # AT-CAMP-7
    return summary(enc, at, len(s.party))


def observe(c: CampaignContent, s: CampaignState, seat: int) -> dict[str, Any]:
    ch = c.chapters.get(s.chapter)
    pending = None
    if s.pending:
        p = s.pending[0]
        pending = {"kind": p.kind, "seat": p.seat, "prompt": prompt(c, s)}
        if p.kind == "give":
            pending["gift"] = {"what": p.data["what"], "id": p.data["id"]}
        if p.kind == "remove":
            pending["replace"] = p.data["for"]
        if p.kind == "setup":
            lo = s.loadouts[p.seat]
            pending["loadout"] = {
                "board": lo.board(),
                "shuffled": list(lo.shuffled),
                "abilities": list(lo.abilities),
            }
        if p.seat == seat:
            pending["choices"] = actions(c, s)
    heroes = [hero_sheet(c, s, i) for i in range(len(s.party))]
    level_up = _level_up(c, s)
    return {
        "seat": seat,
        "chapter": None
        if ch is None
        else {
            "id": ch.id,
            "number": ch.number,
            "title": ch.title,
            "kind": ch.kind,
            "text": ch.text,
            "scaling": _scaling(c, s),
        },
        "page": _page(c, s),
        "party": party_sheet(c, s),
        "heroes": heroes,
        "market": _market(c, s),
        "level_up": level_up,
        "pending": pending,
        "history": [
            {
                "chapter": r.chapter,
                "encounter": c.chapters[r.chapter].encounter,
                "result": r.result,
                "choices": list(r.choices),
            }
            for r in s.history
        ],
        "ending": s.ending or None,
        "names": _names(c, heroes, level_up, pending),
        **recent(s.log, seat),
    }


def _names(
    c: CampaignContent,
    heroes: list[dict[str, Any]],
    level_up: dict[str, Any] | None,
    pending: dict[str, Any] | None,
) -> dict[str, str]:
    """The printed name of every hero, class, card, ability, perk and level-up card the view
    names by id (the sheets, the level-up options, the choices asked), for a screen to show
    names, not ids."""
    ids: list[str] = []
    for h in heroes:
        ids += [h["hero"], h["class"], *h["classes"], *h["deck"], *h["abilities"]]
        ids += [*h["perks"], *h["level_ups"]]
    for o in (level_up or {}).get("options", ()):
        ids += [o["class"], o["card"], *o["prerequisites"]]
    for choice in (pending or {}).get("choices", ()):
        ids += choice.split()[1:]
    return {i: name_of(c, i) for i in dict.fromkeys(ids) if name_of(c, i) != i}
