"""Each pending campaign decision: its legal answers, its words, how it applies, and
why an answer is refused (with the rule).

Kinds: `create` (a new hero), `players` (who controls which hero before an
encounter), `page` (a chapter's, a result section's or a random encounter's
choices; at a market also buy and sell), `give` (who takes a loot card, a perk, a
story ability or a Mark of Death), `level` (a hero's level-up card), `remove` (a
REPLACE removal) and `tune` (the optional Basic Move or Basic Attack and the
optional removal of a level-up).
"""

from __future__ import annotations

from dataclasses import replace

from towerplay.core.errors import IllegalAction
from towerplay.core.narration import Event, event, plain
from towerplay.core.notation import Action, Record
from towerplay.core.rng import draws
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.guide import (
    closed_by,
    create_hero,
    hero_index,
    page_choices,
    page_heading,
    take_choice,
    unmet,
)
from towerplay.tactics.campaign.hero import BASIC_CLASSES, current_class, level, max_hp
from towerplay.tactics.campaign.levels import (
    add_basic,
    check_level_up,
    level_up_options,
    removable,
    remove_card,
    take_level_up,
)
from towerplay.tactics.campaign.loadout import (
    check_loadout,
    edit_loadout,
    loadout_actions,
    trade,
    trade_actions,
    trade_refusal,
)
from towerplay.tactics.campaign.market import buy, check_buy, market_actions, market_of, sell
from towerplay.tactics.campaign.records import (
    LOADOUT,
    Add,
    Buy,
    Choose,
    Give,
    Hero,
    Keep,
    Level,
    Player,
    Ready,
    Remove,
    Roll,
    Sell,
    Trade,
    Unclaimed,
    of,
)
from towerplay.tactics.campaign.state import CampaignState, Pending, log
from towerplay.tactics.narrate import N_

RULES = {
    "create": "AT-HERO-1",
    "players": "AT-CAMP-2",
    "page": "AT-GUIDE-1",
    "loot": "AT-LOOT-1",
    "perk": "AT-PERK-1",
    "ability": "AT-PERK-1",
    "mark": "AT-GUIDE-5",
    "level": "AT-LEVEL-4",
    "remove": "AT-LEVEL-6",
    "tune": "AT-LEVEL-7",
    "setup": "AT-LOADOUT-5",
}
BASICS = ("basic_move", "basic_attack")


def _rule(p: Pending) -> str:
    return RULES[p.data["what"]] if p.kind == "give" else RULES[p.kind]


def _free_classes(c: CampaignContent, s: CampaignState) -> list[str]:
    taken = {c.level_ups[lu].deck for h in s.party for lu in h.level_ups if c.level_ups[lu].starter}
    return [k for k in BASIC_CLASSES if k in c.game.classes and k not in taken]


def _give_targets(s: CampaignState, p: Pending) -> list[int]:
    only = p.data.get("only")
    exclude = p.data.get("exclude", [])
    return [i for i in range(len(s.party)) if (only is None or i in only) and i not in exclude]


def actions(c: CampaignContent, s: CampaignState) -> list[str]:
    """The legal answers to the decision asked now, as action texts."""
    if not s.pending:
        return []
    p = s.pending[0]
    if p.kind == "create":
        used = {h.hero for h in s.party}
        return [
            f"hero {hid} {k}" for hid in c.heroes if hid not in used for k in _free_classes(c, s)
        ]
    if p.kind == "players":
        return [
            f"player {h.hero} {n}"
            for h in s.party
            for n in range(1, s.players + 1)
            if h.player != n - 1
        ] + ["ready"]
    if p.kind == "page":
        ref = p.data["page"]
        out = [
            f"choose {n}"
            for n, ch in enumerate(page_choices(c, ref), start=1)
            if not unmet(c, s, ch.requires)
        ]
        m = market_of(c, s)
        if m is not None and ref[0] == "chapter":
            out += market_actions(c, s, m)
        return out
    if p.kind == "give":
        out = [f"give {s.party[i].hero}" for i in _give_targets(s, p)]
        if p.data["what"] == "loot":
            out.append("unclaimed")
        # AT-PERK-2, AT-LOOT-5: a group that cannot agree rolls for it
        if p.data["what"] in ("perk", "loot") and "only" not in p.data:
            out.append("roll")
        return out
    h = s.party[p.seat]
    if p.kind == "setup":  # its loadout's changes, its equipment to give away, ready
        changes = loadout_actions(c, h, s.loadouts[p.seat])
        traded = trade_actions(c, s.party, s.loadouts[p.seat], p.seat)  # AT-LOOT-6
        return [*changes[:-1], *traded, changes[-1]]
    if p.kind == "level":
        return [f"level {o.card}" for o in level_up_options(c, s.party, p.seat) if o.ok]
    if p.kind == "remove":
        return [f"remove {cid}" for cid in sorted(removable(c, h))] + ["keep"]
    assert p.kind == "tune"
    out = [] if p.data.get("added") else [f"add {b}" for b in BASICS]
    if not p.data.get("removed"):
        out += [f"remove {cid}" for cid in sorted(removable(c, h))]
    return [*out, "done"]


def prompt(c: CampaignContent, s: CampaignState) -> str:
    return question(c, s).text


# a Guide page's question, one per kind of title (guide.page_heading), with the title's fields
CHOOSE_ON = {
    "Chapter {number}: {title}": N_("Chapter {number}: {title}: choose"),
    "Chapter {number}: {title} ({section})": N_("Chapter {number}: {title} ({section}): choose"),
    "Random encounter: {name}": N_("Random encounter: {name}: choose"),
}


def question(c: CampaignContent, s: CampaignState) -> Event:
    """The pending decision's question as a template with fields, for a catalog to word."""
    if not s.pending:
        return plain("")
    p = s.pending[0]
    if p.kind == "create":
        return event(
            "text",
            "hero {n} of {heroes}: choose a hero and a basic class",
            n=len(s.party) + 1,
            heroes=s.heroes_count,
        )
    if p.kind == "players":
        return event("text", "divide the heroes among the players, then ready")
    if p.kind == "page":
        head = page_heading(c, p.data["page"])  # its title worded as its own fields are
        return replace(head, msg=CHOOSE_ON[head.msg])
    if p.kind == "give":
        cid = p.data["id"]
        if p.data["what"] == "perk":
            return event("text", "who takes {name} (perk)?", name=c.perks[cid].name)
        if p.data["what"] == "ability":
            return event("text", "who takes {name} (ability)?", name=c.game.abilities[cid].name)
        name = c.game.cards[cid].name
        if p.data["what"] == "mark":
            return event("text", "who takes {name} (mark)?", name=name)
        return event("text", "who takes {name} (loot)?", name=name)
    hero = s.party[p.seat].hero
    if p.kind == "setup":
        return event(
            "text",
            "{hero}: player setup — change the board, deck or abilities, or ready",
            hero=hero,
        )
    if p.kind == "level":
        return event("text", "{hero}: choose a level-up card", hero=hero)
    if p.kind == "remove":
        return event(
            "text",
            "{hero}: REPLACE ({card}) — remove a card from the deck, or keep",
            hero=hero,
            card=p.data["for"],
        )
    return event(
        "text", "{hero}: add a Basic Move or Basic Attack, remove a card, or done", hero=hero
    )


def settle(c: CampaignContent, s: CampaignState) -> None:
    """Drop decisions nobody can answer: a hero with no level-up card it may take. A page
    with no open choice is a hole in the Guide, reported as such."""
    while s.pending and s.pending[0].kind == "level" and not actions(c, s):
        p = s.pending.pop(0)
        log(
            s,
            "text",
            "{hero} can take no level-up card",
            seats=(p.seat,),
            hero=s.party[p.seat].hero,
        )
    if s.pending and s.pending[0].kind == "page" and not actions(c, s):
        raise RuntimeError(
            f"the Campaign Guide page {s.pending[0].data['page']} has no open choice"
        )


def explain(c: CampaignContent, s: CampaignState, tokens: tuple[str, ...]) -> IllegalAction:
    """Why an action is not legal now, with the rule that forbids it."""
    text = " ".join(tokens)
    if not s.pending:
        return IllegalAction("the campaign is waiting for no decision", "AT-GUIDE-4")
    p = s.pending[0]
    a = of(Action(*tokens)) if tokens else None
    try:
        if p.kind == "page" and isinstance(a, Choose):
            choices = page_choices(c, p.data["page"])
            n = a.number
            why = closed_by(c, s, choices[n - 1].requires) if 1 <= n <= len(choices) else None
            if why is not None:
                return IllegalAction("choice {n} {why}", "AT-GUIDE-1", n=n, why=why)
        m = market_of(c, s)
        if p.kind == "page" and m is not None and isinstance(a, Buy):
            check_buy(c, s, m, a.card)
        if p.kind == "page" and m is not None and isinstance(a, Sell):
            who = hero_index(s, a.hero)
            if who is not None:
                sell(c, s.clone(), a.card, who)  # on a copy: only the refusal matters
        if p.kind == "level" and isinstance(a, Level):
            check_level_up(c, s.party, p.seat, a.card)
        if p.kind == "setup" and isinstance(a, Trade):
            refused = trade_refusal(c, s.party, s.loadouts[p.seat], p.seat, a)
            if refused is not None:
                return refused
    except IllegalAction as exc:
        return exc
    return IllegalAction(
        "{action} is not a choice now ({prompt})",
        _rule(p),
        action=repr(text),
        prompt=question(c, s),
    )


def answer(c: CampaignContent, s: CampaignState, tokens: tuple[str, ...]) -> None:
    """Apply a legal answer (the caller checked it is one of `actions`)."""
    a = of(Action(*tokens))
    assert a is not None, tokens  # every offered answer has its record
    p = s.pending.pop(0)
    if s.history and p.kind != "create":
        s.history[-1].choices.append(str(a))
    if p.kind == "create":
        assert isinstance(a, Hero)
        create_hero(c, s, a.hero, a.klass, len(s.party) % s.players)
        if len(s.party) < s.heroes_count:
            s.pending.insert(0, Pending("create", len(s.party)))
        else:
            s.goto = c.first_chapter().id
    elif p.kind == "players":
        _players(c, s, p, a)
    elif p.kind == "page":
        _page(c, s, p, a)
    elif p.kind == "give":
        _give(c, s, p, a)
    elif p.kind == "level":
        assert isinstance(a, Level)
        _level(c, s, p.seat, a.card)
    elif p.kind == "setup":
        _setup(c, s, p, a)
    elif isinstance(a, Keep):
        pass
    elif isinstance(a, Remove):
        remove_card(c, s.party[p.seat], a.card, RULES[p.kind])  # back to the box
        card = c.game.cards[a.card].name
        hero = s.party[p.seat].hero
        log(s, "loss", "{hero} removes {card} from the deck", seats=(p.seat,), hero=hero, card=card)
        if p.kind == "tune":
            s.pending.insert(0, Pending("tune", p.seat, {**p.data, "removed": True}))
    elif isinstance(a, Add):
        add_basic(s.party[p.seat], a.card)
        card = c.game.cards[a.card].name
        log(
            s, "gain", "{hero} adds a {card}", seats=(p.seat,), hero=s.party[p.seat].hero, card=card
        )
        s.pending.insert(0, Pending("tune", p.seat, {**p.data, "added": True}))


def _setup(c: CampaignContent, s: CampaignState, p: Pending, a: Record) -> None:
    """One change to a hero's loadout before the encounter, or `ready` (AT-LOADOUT-5)."""
    h, lo = s.party[p.seat], s.loadouts[p.seat]
    if isinstance(a, Ready):
        check_loadout(c, h, lo)  # AT-LOADOUT-1..3 hold by construction; a last check
        board = ", ".join(v for v in lo.board().values() if v) or N_("no board")
        log(s, "text", "{hero} is ready: {board}", seats=(p.seat,), hero=h.hero, board=board)
        return
    if isinstance(a, Trade):  # AT-LOOT-6
        taker = trade(c, s.party, s.loadouts, p.seat, a)
        log(
            s,
            "text",
            "{hero} gives {card} to {other}",
            seats=(p.seat, taker),
            hero=h.hero,
            card=c.game.cards[a.card].name,
            other=s.party[taker].hero,
        )
        s.pending.insert(0, p)
        return
    assert isinstance(a, LOADOUT)
    edit_loadout(c, lo, a)
    s.pending.insert(0, p)


def _players(c: CampaignContent, s: CampaignState, p: Pending, a: Record) -> None:
    """Divide the heroes among the players before an encounter (AT-CAMP-2)."""
    if isinstance(a, Ready):
        return
    assert isinstance(a, Player)
    who = hero_index(s, a.hero)
    assert who is not None
    s.party[who].player = a.number - 1
    log(s, "text", "player {player} takes {hero}", seats=(who,), player=str(a.number), hero=a.hero)
    s.pending.insert(0, p)


def _page(c: CampaignContent, s: CampaignState, p: Pending, a: Record) -> None:
    if isinstance(a, Choose):
        take_choice(c, s, p, a.number)
        return
    assert isinstance(a, (Buy, Sell))
    m = market_of(c, s)
    assert m is not None
    who = hero_index(s, a.hero)
    assert who is not None
    if isinstance(a, Buy):
        buy(c, s, m, a.card, who)
    else:
        sell(c, s, a.card, who)
    s.pending.insert(0, p)  # still at the market


def _give(c: CampaignContent, s: CampaignState, p: Pending, a: Record) -> None:
    what, cid = p.data["what"], p.data["id"]
    if isinstance(a, Unclaimed):  # AT-LOOT-2
        s.market.append(cid)
        name = c.game.cards[cid].name
        log(s, "text", "{card} is left unclaimed: it goes to the market deck", card=name)
        return
    if isinstance(a, Roll):
        _roll_for(c, s, p)
        return
    assert isinstance(a, Give)
    who = hero_index(s, a.hero)
    assert who is not None
    h = s.party[who]
    if what in ("loot", "mark"):  # AT-LOOT-1: straight into the hero's deck
        h.cards.append(cid)
        msg = N_("{hero} takes {card}")
        if what == "mark":
            msg = N_("{hero} takes {card} (a Mark of Death)")
        log(s, "gain", msg, seats=(who,), hero=h.hero, card=c.game.cards[cid].name)
        if what == "mark":
            for q in s.pending:
                if q.kind == "give" and q.data["what"] == "mark":
                    q.data["exclude"] = [*q.data.get("exclude", []), who]
    elif what == "ability":
        h.abilities.append(cid)
        ability = c.game.abilities[cid].name
        log(
            s,
            "gain",
            "{hero} gains the ability {ability}",
            seats=(who,),
            hero=h.hero,
            ability=ability,
        )
    else:
        give_perk(c, s, who, cid)


def give_perk(c: CampaignContent, s: CampaignState, who: int, perk_id: str) -> None:
    """A perk and what it gives: ADD cards, REPLACE cards with a removal each (AT-PERK-3)."""
    perk = c.perks[perk_id]
    h = s.party[who]
    h.perks.append(perk_id)
    h.cards += [*perk.add, *perk.replace]
    h.abilities += perk.abilities
    log(s, "gain", "{hero} gains the perk {perk}", seats=(who,), hero=h.hero, perk=perk.name)
    for i, card in enumerate(perk.replace):
        s.pending.insert(i, Pending("remove", who, {"for": card}))


def _roll_for(c: CampaignContent, s: CampaignState, p: Pending) -> None:
    """The group cannot agree: each player rolls 2 red dice, the highest total decides;
    a tie rolls again (AT-PERK-2; loot the same, AT-LOOT-5: its roll is not said, a perk's is)."""
    faces = c.game.dice["red"].faces
    with draws(s) as r:
        players = sorted({h.player for h in s.party})
        while True:
            rolls = {pl: faces[r.below(6)] + faces[r.below(6)] for pl in players}
            best = max(rolls.values())
            for pl, n in rolls.items():
                log(s, "reveal", "player {player} rolls {n} on 2 red dice", player=pl + 1, n=n)
            players = [pl for pl, n in rolls.items() if n == best]
            if len(players) == 1:
                break
    winner = players[0]
    heroes = [i for i, h in enumerate(s.party) if h.player == winner]
    log(s, "text", "player {player} decides", player=winner + 1)
    if len(heroes) == 1:  # the player decides alone: the one hero takes it
        _give(c, s, p, Give(s.party[heroes[0]].hero))
    else:
        s.pending.insert(0, Pending("give", p.seat, {**p.data, "only": heroes}))


def _level(c: CampaignContent, s: CampaignState, who: int, card_id: str) -> None:
    """Take the level-up card; its REPLACE removals and the optional tune-up follow."""
    take_level_up(c, s.party, who, card_id)
    card = c.level_ups[card_id]
    h = s.party[who]
    log(
        s,
        "gain",
        "{hero} takes {card}: level {level}, a {cls} with {hp} HP",
        seats=(who,),
        hero=h.hero,
        card=card.name,
        level=level(h),
        cls=current_class(c, h).name,
        hp=max_hp(c, h),
    )
    follow = [Pending("remove", who, {"for": cid}) for cid in card.replace]
    follow.append(Pending("tune", who, {}))
    s.pending[0:0] = follow
    if card.perk is not None:  # a level-up card may name a perk (AT-PERK-1) ...
        owned = sum(h.perks.count(card.perk) for h in s.party)
        if owned < c.perks[card.perk].copies:
            give_perk(c, s, who, card.perk)
        else:  # ... while a copy is left in the Supply (AT-CAMP-5)
            log(s, "text", "every {perk} perk card is taken", perk=c.perks[card.perk].name)
