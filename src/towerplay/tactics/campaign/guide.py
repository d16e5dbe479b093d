"""The Campaign Guide: chapters, their choices and requirements, rewards, travel.

Reading the Guide is a small loop: enter a chapter (a page of choices, an
encounter, a market or an ending), answer what it asks, apply the reward of the
choice or of the encounter's result section, and go on to the next chapter, maybe
drawing a random encounter on the way. Rewards that need the group to decide
(who takes the loot, a perk, a story ability, a Mark of Death; every hero's
level-up) are queued as pending decisions; `goto`, `travel` and `page` say what
happens once the queue is empty. campaign/decisions.py answers the decisions.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from towerplay.core.narration import Event, event
from towerplay.core.rng import draws
from towerplay.tactics.campaign import loadout
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.hero import current_class, new_hero
from towerplay.tactics.campaign.models import Chapter, Choice, Requirement, Reward
from towerplay.tactics.campaign.state import (
    POTIONS,
    CampaignState,
    ChapterRecord,
    Pending,
    cards_in_play,
    gold,
    item_count,
    log,
    supply_left,
)
from towerplay.tactics.narrate import ENDS, N_

GROUP = 0  # the seat that speaks for the party on group decisions
SECTIONS = {"success": "success", "+success": "plus_success", "failure": "failure"}


def shuffle(s: CampaignState, deck: list[str]) -> None:
    with draws(s) as r:
        r.shuffle(deck)


def next_seed(s: CampaignState) -> int:
    """A seed for the next encounter, drawn from the campaign's own generator."""
    with draws(s) as r:
        seed = r.next_u64()
    return seed


def hero_index(s: CampaignState, hero: str) -> int | None:
    for i, h in enumerate(s.party):
        if h.hero == hero:
            return i
    return None


# --- starting a campaign ---------------------------------------------------------------


def start(c: CampaignContent, s: CampaignState, party: list[dict[str, str]] | None) -> None:
    """Party > Items and Party > Random Encounters as the campaign begins, then the
    heroes (given, or asked as the first decisions)."""
    potions = POTIONS[s.difficulty] - (1 if s.heroes_count == 3 else 0)  # AT-CAMP-3
    copies = [
        i
        for i, it in sorted(c.items.items())
        if it.kind == "revive_potion"
        for _ in range(it.copies)
    ]
    if len(copies) < potions:
        raise ValueError(f"the content has {len(copies)} revive potion cards, not {potions}")
    s.items += copies[:potions]
    s.random_deck = sorted(r.id for r in c.random_encounters.values() if r.in_party)
    shuffle(s, s.random_deck)  # AT-RANDOM-1: the deck's order is hidden
    log(
        s,
        "text",
        "a {difficulty} campaign for {heroes} heroes, {potions} revive potions",
        difficulty=s.difficulty,
        heroes=s.heroes_count,
        potions=potions,
    )
    if party is None:
        s.pending.append(Pending("create", 0))
        return
    if len(party) != s.heroes_count:
        raise ValueError(f"the party lists {len(party)} heroes, not {s.heroes_count}")
    for i, entry in enumerate(party):
        create_hero(c, s, entry.get("hero", ""), entry.get("class", ""), i % s.players)
    s.goto = c.first_chapter().id


def create_hero(c: CampaignContent, s: CampaignState, hero: str, cls: str, player: int) -> None:
    """A new hero of a basic class (AT-HERO-1); each hero and each Starter card once
    (AT-CAMP-1)."""
    if any(h.hero == hero for h in s.party):
        raise ValueError(f"{hero} is already in the party (AT-CAMP-1)")
    if any(
        c.level_ups[lu].starter and c.level_ups[lu].deck == cls
        for h in s.party
        for lu in h.level_ups
    ):
        raise ValueError(f"the {cls} Starter card is taken (AT-CAMP-1)")
    h = new_hero(c, hero, cls, player)
    s.party.append(h)
    cls = current_class(c, h).name
    log(
        s,
        "gain",
        "{hero} joins the party as a {cls}",
        seats=(len(s.party) - 1,),
        hero=hero,
        cls=cls,
    )


# --- requirements and pages -------------------------------------------------------------


def unmet(c: CampaignContent, s: CampaignState, req: Requirement) -> str:
    """Why a choice's requirements are not met, or "" (AT-GUIDE-1)."""
    why = closed_by(c, s, req)
    return "" if why is None else why.text


def closed_by(c: CampaignContent, s: CampaignState, req: Requirement) -> Event | None:
    """`unmet`'s reason as an event a catalog can word, or None."""
    missing = [f for f in req.flags if f not in s.flags]
    if missing:
        return event("text", "needs {flags}", flags=", ".join(missing))
    barring = [f for f in req.not_flags if f in s.flags]
    if barring:
        return event("text", "closed by {flags}", flags=", ".join(barring))
    items = Counter(s.items)
    for item, n in Counter(req.items).items():
        if items[item] < n:
            return event("text", "needs {item}", item=c.items[item].name)
    if gold(c, s) < req.gold:
        return event("text", "needs {gold} bags of gold", gold=req.gold)
    if req.heroes and s.heroes_count not in req.heroes:
        if len(req.heroes) == 1:
            return event("text", "only for {heroes} heroes", heroes=req.heroes[0])
        first, last = ", ".join(map(str, req.heroes[:-1])), req.heroes[-1]
        return event("text", "only for {heroes} or {last} heroes", heroes=first, last=last)
    return None


def page_choices(c: CampaignContent, ref: list[str]) -> tuple[Choice, ...]:
    """The choices of a page: a chapter's, a result section's or a random encounter's."""
    if ref[0] == "random":
        return c.random_encounters[ref[1]].choices
    ch = c.chapters[ref[1]]
    if ref[0] == "section":
        out = getattr(ch, ref[2])
        assert out is not None
        return tuple(out.choices)
    return ch.choices


# a chapter's result section as its heading names it
SECTION_WORDS = {"success": N_("success"), "plus_success": N_("+success"), "failure": N_("failure")}


def page_heading(c: CampaignContent, ref: list[str]) -> Event:
    """A page's title as an event, so that a screen words it in its language (the chapter's
    title is a content text, translated in tactics_cards.po)."""
    if ref[0] == "random":
        return event("text", "Random encounter: {name}", name=c.random_encounters[ref[1]].name)
    ch = c.chapters[ref[1]]
    if ref[0] == "section":
        return event(
            "text",
            "Chapter {number}: {title} ({section})",
            number=ch.number,
            title=ch.title,
            section=SECTION_WORDS[ref[2]],
        )
    return event("text", "Chapter {number}: {title}", number=ch.number, title=ch.title)


def page_words(c: CampaignContent, ref: list[str]) -> tuple[str, str]:
    """A page's title (in English) and text."""
    title = page_heading(c, ref).text
    if ref[0] == "random":
        return title, c.random_encounters[ref[1]].text
    ch = c.chapters[ref[1]]
    return title, (getattr(ch, ref[2]).text if ref[0] == "section" else ch.text)


def choice_views(c: CampaignContent, s: CampaignState, ref: list[str]) -> list[dict[str, Any]]:
    """Every choice of a page with its action text, or the reason it is closed."""
    out = []
    for n, ch in enumerate(page_choices(c, ref), start=1):
        why = closed_by(c, s, ch.requires)
        view: dict[str, Any] = {"action": f"choose {n}", "text": ch.text, "open": why is None}
        if why is not None:
            view["reason"] = why.text
            view["why"] = why.view()  # the reason, to be worded
        if ch.random_encounter:
            view["travel"] = True
        out.append(view)
    return out


# --- moving through the Guide -------------------------------------------------------------


def chapter(c: CampaignContent, s: CampaignState) -> Chapter:
    return c.chapters[s.chapter]


def enter(c: CampaignContent, s: CampaignState, cid: str) -> None:
    """Read a chapter: an ending ends the campaign, an encounter waits for the party to
    fight it (after the players divide the heroes), any other page asks its choice."""
    ch = c.chapters[cid]
    s.chapter, s.goto = cid, ""
    s.history.append(ChapterRecord(cid))
    log(s, "turn", "Chapter {number}: {title}", number=ch.number, title=ch.title)
    if ch.kind == "ending":
        assert ch.ending is not None
        s.ending = ch.ending  # AT-GUIDE-4
        log(s, "result", "the campaign ends: {ending}", ending=ch.ending)
        return
    if ch.kind == "encounter":
        if s.players > 1:
            # the heroes are divided anew among the players at each encounter (AT-CAMP-2, AT-SETUP-7)
            s.pending.append(Pending("players", GROUP))
        # AT-LOADOUT-5: each hero's player sets up its board, starting from the automatic one
        s.loadouts = [loadout.default_loadout(c, h) for h in s.party]
        s.pending += [Pending("setup", i) for i in range(len(s.party))]
        s.fight = True  # AT-GUIDE-2: CampaignGame starts the encounter
        return
    s.pending.append(Pending("page", GROUP, {"page": ["chapter", cid]}))


def step(c: CampaignContent, s: CampaignState) -> None:
    """Go on when nothing is asked: travel (a random encounter on the way), show the
    page waiting to be read again, or enter the next chapter."""
    if s.travel:
        s.travel = False
        travel(c, s)
    elif s.page:
        s.pending.append(Pending("page", GROUP, {"page": s.page}))
        s.page = []
    elif s.goto:
        enter(c, s, s.goto)
    else:
        raise RuntimeError(f"the Campaign Guide leads nowhere from {s.chapter!r}")


def travel(c: CampaignContent, s: CampaignState) -> None:
    """Draw the top card of Party > Random Encounters and play it before going on
    (AT-RANDOM-1); an empty deck means an uneventful journey."""
    if not s.random_deck:
        log(s, "text", "the road is quiet: Party > Random Encounters is empty")
        return
    rid = s.random_deck.pop(0)
    log(s, "reveal", "random encounter: {card}", card=c.random_encounters[rid].name)
    s.pending.append(Pending("page", GROUP, {"page": ["random", rid], "goto": s.goto}))
    s.goto = ""


def take_choice(c: CampaignContent, s: CampaignState, p: Pending, n: int) -> None:
    """Apply page choice `n` (1-based): its words, its reward, where it leads."""
    ref: list[str] = p.data["page"]
    choice = page_choices(c, ref)[n - 1]
    if choice.result:
        log(s, "text", "chosen: {choice} — {result}", choice=choice.text, result=choice.result)
    else:
        log(s, "text", "chosen: {choice}", choice=choice.text)
    apply_reward(c, s, choice.reward)
    if ref[0] == "random":
        card = c.random_encounters[ref[1]]
        # AT-RANDOM-2: removed cards go back to the Supply: a card that says so, or a choice
        # that removes its own card (the Wraith Hunt's lantern)
        if card.remove or card.id in choice.reward.remove_random_encounters:
            log(s, "text", "{card} leaves the random encounter deck", card=card.name)
        else:
            s.random_deck.append(card.id)
            shuffle(s, s.random_deck)
            log(s, "text", "{card} is shuffled back into the random encounter deck", card=card.name)
        s.goto = choice.goto or str(p.data.get("goto", ""))
    elif choice.goto is not None:
        s.goto = choice.goto
    else:  # a choice that leads nowhere leaves the party on the same page
        s.page = list(ref)
    s.travel = choice.random_encounter


# the encounter's end told again by the campaign: its template (narrate.ENDS) -> the campaign's
ENDED = {
    ENDS["cause"]: N_("{encounter}: {cause}"),
    ENDS["round"]: N_("{encounter}: round {round} ended"),
    ENDS["both"]: N_("{encounter}: {main} and {bonus}"),
}


def resolve_encounter(
    c: CampaignContent, s: CampaignState, outcome: str, cause: str = "", told: Event | None = None
) -> None:
    """The encounter is over: read its Success, +Success or Failure section (AT-GUIDE-2).
    `told` is the encounter's event telling its end, whose fields word the cause."""
    ch = chapter(c, s)
    if told is not None and told.msg in ENDED:
        fields: dict[str, Any] = {k: v for k, v in told.args if k != "outcome"}
        log(s, "result", ENDED[told.msg], encounter=ch.encounter, **fields)
    elif cause:
        log(s, "result", "{encounter}: {cause}", encounter=ch.encounter, cause=cause)
    name = SECTIONS[outcome]
    section = getattr(ch, name)
    assert section is not None
    s.fight = False
    s.loadouts = []
    s.history[-1].result = outcome
    log(s, "result", "{outcome}: {text}", outcome=outcome, text=section.text)
    # AT-CAMP-4: used revive potions are flipped back; Party > Items keeps every one
    potions = item_count(c, s, "revive_potion")
    log(s, "text", "{n} revive potions refreshed", n=potions)
    apply_reward(c, s, section.reward)
    if section.goto is not None:
        s.goto = section.goto
    else:
        s.page = ["section", ch.id, name]


# --- rewards ------------------------------------------------------------------------------


def gain_gold(c: CampaignContent, s: CampaignState, n: int) -> None:
    """Bags of gold move from Supply > Items to Party > Items (or back, when lost);
    the party never has fewer than none (AT-MARKET-4)."""
    bags = sorted(i for i, it in c.items.items() if it.kind == "bag_of_gold")
    moved = 0
    for _ in range(abs(n)):
        if n > 0:
            bag = next((b for b in bags if supply_left(c, s, b) > 0), None)
            if bag is None:
                break
            s.items.append(bag)
        else:
            bag = next((b for b in bags if b in s.items), None)
            if bag is None:
                break
            s.items.remove(bag)
        moved += 1
    if moved:
        if n > 0:
            msg = N_("the party gains {n} bags of gold (now {gold})")
            if moved == 1:
                msg = N_("the party gains a bag of gold (now {gold})")
        elif moved == 1:
            msg = N_("the party loses a bag of gold (now {gold})")
        else:
            msg = N_("the party loses {n} bags of gold (now {gold})")
        log(
            s,
            "gain" if n > 0 else "loss",
            msg,
            amounts={"gold": moved if n > 0 else -moved},
            n=moved,
            gold=gold(c, s),
        )


def _loot_left(c: CampaignContent, s: CampaignState, card: str, queued: Counter[str]) -> bool:
    """Whether a copy of the card is still in the Supply (every copy in one place)."""
    return cards_in_play(s)[card] + queued[card] < c.game.cards[card].copies


def apply_reward(c: CampaignContent, s: CampaignState, r: Reward) -> None:
    """What a choice or a section gives or takes; what needs a choice is queued."""
    gain_gold(c, s, r.gold)
    for item in r.items:  # AT-LOOT-4
        if supply_left(c, s, item) > 0:
            s.items.append(item)
            log(s, "gain", "{item} joins Party > Items", amounts={item: 1}, item=c.items[item].name)
    for item in r.lose_items:
        if item in s.items:
            s.items.remove(item)
            log(s, "loss", "{item} is lost", amounts={item: -1}, item=c.items[item].name)
    for rid in r.random_encounters:  # AT-RANDOM-3
        if rid not in s.random_deck:
            s.random_deck.append(rid)
            shuffle(s, s.random_deck)
            name = c.random_encounters[rid].name
            log(s, "text", "{card} joins the random encounter deck", card=name)
    for rid in r.remove_random_encounters:
        if rid in s.random_deck:
            s.random_deck.remove(rid)
            name = c.random_encounters[rid].name
            log(s, "text", "{card} leaves the random encounter deck", card=name)
    queued: Counter[str] = Counter()
    for card in r.market:  # AT-LOOT-2
        if _loot_left(c, s, card, queued):
            s.market.append(card)
            log(s, "gain", "{card} goes to the market deck", card=c.game.cards[card].name)
    for f in r.flags:
        if f not in s.flags:
            s.flags.append(f)
    s.flags = sorted(f for f in s.flags if f not in r.clear_flags)
    _queue_gifts(c, s, r, queued)


def _queue_gifts(c: CampaignContent, s: CampaignState, r: Reward, queued: Counter[str]) -> None:
    """Loot, perks, story abilities and Marks of Death wait for the group's choice of hero;
    LEVEL UP asks every hero for a level-up card."""
    for card in (*r.loot, *r.loot_by_heroes.get(s.heroes_count, ())):  # AT-LOOT-3
        if _loot_left(c, s, card, queued):
            queued[card] += 1
            s.pending.append(Pending("give", GROUP, {"what": "loot", "id": card}))
            log(
                s,
                "gain",
                "loot: {card}, for the hero the group chooses",
                card=c.game.cards[card].name,
            )
        else:
            log(s, "text", "no copy of {card} is left to find", card=c.game.cards[card].name)
    owned = Counter(p for h in s.party for p in h.perks)
    for perk in r.perks:  # AT-PERK-1
        if owned[perk] < c.perks[perk].copies:
            owned[perk] += 1
            s.pending.append(Pending("give", GROUP, {"what": "perk", "id": perk}))
            log(s, "gain", "perk: {perk}, for the hero the group chooses", perk=c.perks[perk].name)
    held = Counter(a for h in s.party for a in h.abilities)
    for ability in r.abilities:
        if held[ability] < c.game.abilities[ability].copies:
            held[ability] += 1
            s.pending.append(Pending("give", GROUP, {"what": "ability", "id": ability}))
            name = c.game.abilities[ability].name
            log(s, "gain", "ability: {ability}, for the hero the group chooses", ability=name)
    marks = sorted(k for k, card in c.game.cards.items() if card.kind == "mark_of_death")
    for _ in range(min(r.marks_of_death, len(s.party))):  # AT-GUIDE-5
        mark = next((m for m in marks if _loot_left(c, s, m, queued)), None)
        if mark is None:
            log(s, "text", "no Mark of Death is left in the box")
            break
        queued[mark] += 1
        s.pending.append(Pending("give", GROUP, {"what": "mark", "id": mark}))
        log(s, "loss", "a Mark of Death, for a hero the group chooses")
    if r.level_up:  # AT-GUIDE-3: LEVEL UP — all heroes
        log(s, "gain", "LEVEL UP: every hero takes a level-up card")
        for i in range(len(s.party)):
            s.pending.append(Pending("level", i))


# --- the encounter -----------------------------------------------------------------------


def encounter_config(c: CampaignContent, s: CampaignState) -> dict[str, Any]:
    """The encounter engine's config for the chapter's encounter and this party: every
    hero with its own deck, board, abilities and maximum HP (player setup, AT-LOADOUT-*,
    as its player set it up), the revive potions and consumables Party > Items holds
    (AT-CAMP-4, AT-ITEM-1)."""
    ch = chapter(c, s)
    assert ch.encounter is not None
    potions = item_count(c, s, "revive_potion")
    consumables = [i for i in s.items if c.items[i].kind == "consumable"]
    chosen = s.loadouts or [loadout.default_loadout(c, h) for h in s.party]
    return loadout.encounter_config(
        c,
        s.party,
        chosen,
        s.difficulty,
        ch.encounter,
        potions=potions,
        items=consumables,
    )


def spend_items(c: CampaignContent, s: CampaignState, spent: list[str], potions: int = 0) -> None:
    """The consumables the encounter used leave Party > Items for the Supply (AT-ITEM-2);
    the revive potions drunk are told (they are flipped back, AT-CAMP-4)."""
    if potions:
        msg = N_("the party drank {n} revive potions in the encounter")
        if potions == 1:
            msg = N_("the party drank a revive potion in the encounter")
        log(s, "cost", msg, amounts={"potions_drunk": potions}, n=potions)
    for iid in spent:
        s.items.remove(iid)
        log(s, "cost", "{item} is spent", amounts={iid: -1}, item=c.items[iid].name)
