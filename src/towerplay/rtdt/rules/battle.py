"""The Battle heroic action and the adversary battle (RTDT-BATTLE-*, RTDT-ADVERSARY-*).

A battle draws as many battle cards as the foe's level (five for the adversary),
reveals them one at a time on the rung the foe's status gives, lets the hero
spend advantages of the foe's traits (or Wild) to climb each card's ladder, and
resolves it. After the last card the foe is defeated.
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.notation import Action, interned
from towerplay.core.protocol import Result
from towerplay.core.rng import draws
from towerplay.rtdt import records as rec
from towerplay.rtdt.hookspecs import (
    BATTLE_ADVANTAGES,
    BATTLE_ENDED,
    BATTLE_STARTED,
    CARD_EFFECTS,
    CARD_PREVENT,
    CARD_RESOLVED,
    DEFEATING_FOE,
    FOE_DEFEATED,
)
from towerplay.rtdt.models import Effect
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.common import (
    HEROIC_SPIRIT,
    ask,
    flag_cards,
    glyph_cost,
)
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.narrate import BATTLE_CARD, Cause, hero_name, spoken, tell
from towerplay.rtdt.rules.quests import on_foe_defeated
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.tokens import foes_at, remove_token
from towerplay.rtdt.rules.turn import fire
from towerplay.rtdt.rules.verbs import Refusal, Turn, Verb, glyph_price, heroic_bar, refusal
from towerplay.rtdt.state import Battle, Decision, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World

_battle = interned(rec.Battle)  # each Battle action made once (core/notation.interned)

TOP_RUNG = 4
ADVERSARY_CARDS = 5  # RTDT-ADVERSARY-4


def traits_of(w: World, foe: str) -> list[str]:
    if foe in w.content.foes:
        return list(w.content.foes[foe].traits)
    return list(w.content.adversaries[foe].traits)


def battle_targets(
    w: World, s: State, h: HeroState, prof: Profile | None = None
) -> list[tuple[str, str]]:
    """(foe, space) pairs this hero may Battle: a foe on their space (RTDT-BATTLE-1), or one
    space away with a `battle_adjacent` card; the adversary once it stands on the board."""
    spaces = [h.space]
    if "battle_adjacent" in (prof or w.hero_profile(h)).flags:
        spaces.extend(w.board.neighbours[h.space])
    out: list[tuple[str, str]] = []
    for sp in spaces:
        # RTDT-BATTLE-2, RTDT-TOKEN-4: each foe token here is a target; the player picks one
        for foe in dict.fromkeys(foes_at(s, sp)):
            if (foe, sp) not in out:
                out.append((foe, sp))
        # RTDT-ADVERSARY-3: the adversary is on the board only once the main goal is done
        if s.adversary_space == sp:
            out.append((s.config.adversary, sp))
    return out


# --- the Battle verb -------------------------------------------------------------------------


NO_FOE = refusal("Battle needs a foe on your space", "RTDT-BATTLE-1")


def offer_battle(c: Turn, out: list[Action]) -> None:
    s = c.s
    if (s.foes or s.adversary_space) and heroic_bar(c, "battle") is None:  # RTDT-BATTLE-1
        out.extend(_battle(foe, sp) for foe, sp in battle_targets(c.w, s, c.h, c.prof))


def why_battle(c: Turn, a: rec.Battle) -> Refusal | None:
    bad = heroic_bar(c, "battle")
    if bad is not None:
        return bad
    w, s = c.w, c.s
    foe, space = a.foe, a.space
    if (foe, space) in battle_targets(w, s, c.h, c.prof):
        return None
    if not foe:  # asked with no foe named (rules/actions.unavailable)
        return NO_FOE
    names = w.board.names
    if foe not in w.content.foes and foe not in w.content.adversaries:
        return refusal("{foe}: there is no such foe", "RTDT-BATTLE-1", foe=foe)
    if space not in names:
        return refusal("{space}: there is no such space", "RTDT-BATTLE-1", space=space)
    if foe in w.content.adversaries and foe == s.config.adversary:
        if not s.adversary_space:  # RTDT-ADVERSARY-3
            return refusal(
                "the {foe} is not on the board until the main goal is complete",
                "RTDT-ADVERSARY-3",
                foe=w.name(foe),
            )
        if s.adversary_space != space:
            return refusal(
                "the {foe} is at {there}, not at {space}",
                "RTDT-BATTLE-1",
                foe=w.name(foe),
                there=names[s.adversary_space],
                space=names[space],
            )
    elif foe not in foes_at(s, space):
        return refusal(
            "there is no {foe} at {space}", "RTDT-BATTLE-1", foe=w.name(foe), space=names[space]
        )
    return refusal(
        "Battle needs the foe on your space ({here}); it is at {space}",
        "RTDT-BATTLE-1",
        here=names[c.h.space],
        space=names[space],
    )


def apply_battle_verb(w: World, s: State, h: HeroState, a: rec.Battle) -> None:
    pay(w, s, h, "spirit", glyph_cost(w, s, h, "battle"), N_("the Battle glyph"))  # RTDT-GLYPH-3
    start_battle(w, s, h, a.foe, a.space)


BATTLE = Verb(
    rec.Battle,
    "battle FOE SPACE",
    "RTDT-BATTLE-1",
    offer_battle,
    why_battle,
    apply_battle_verb,
    price=glyph_price("battle"),
)


def deck_for(w: World, foe: str) -> list[str]:
    """Every generic card, the trait cards of the foe's traits and its critical hit."""
    traits = set(traits_of(w, foe))
    critical = (
        w.content.foes[foe].critical
        if foe in w.content.foes
        else w.content.adversaries[foe].critical
    )
    deck = [c.id for c in w.content.battle.cards if c.family == "generic"]
    # RTDT-FOE-4: the foe's attributes choose its trait cards
    deck += [c.id for c in w.content.battle.cards if c.family == "trait" and c.trait in traits]
    # RTDT-BATTLE-5: generic and trait cards, and the foe's own critical hit
    deck.append(critical)
    return deck


def start_battle(w: World, s: State, h: HeroState, foe: str, space: str) -> None:
    adversary = foe == s.config.adversary and foe not in w.content.foes
    # RTDT-FOE-3: a foe's level is the number of battle cards
    level = ADVERSARY_CARDS if adversary else w.content.foes[foe].level
    with draws(s) as rng:
        # RTDT-ADVCARD-5: cards the adversary's mutations added join the foe's deck
        deck = deck_for(w, foe) + s.mutations.get(foe, [])
        rng.shuffle(deck)
    cards = deck[:level]  # RTDT-BATTLE-4: as many cards as the foe's level
    # RTDT-HEROIC-3, RTDT-BATTLE-3: automatic advantages are counted as the battle starts
    s.battle = Battle(
        foe=foe,
        space=space,
        adversary=adversary,
        cards=cards,
        index=0,
        rung=0,
        pool={},
        used=0,
        lost_warriors=0,
        resolved=0,
        revealed=False,
    )
    # RTDT-ADV-5; counted once the Battle is set, so an advantage can ask what it is against
    pool = s.battle.pool = advantages.automatic(w, s, h, battling=True)
    BATTLE_ADVANTAGES.merge(pool, w, s, h, foe, space, adversary)  # the quarry's Wild, ...
    BATTLE_STARTED.notify(w, s, h)  # wands recharge (COV-WAND-3)
    # RTDT-HEROIC-1: Battle is a heroic action
    s.turn.heroic_done = True
    name = w.name(foe)
    tell(
        s,
        "text",
        "{hero} battles the {foe} ({n} battle cards).",
        seats=(h.seat,),
        hero=hero_name(w, h),
        foe=name,
        n=len(cards),
    )
    reveal_card(w, s)


def _start_rung(w: World, s: State, card: str) -> int:
    b = s.battle
    assert b is not None
    status = "ready" if b.adversary else s.foe_status[b.foe]
    # RTDT-FOE-6: the foe's status sets the rung every card starts on
    rung = w.content.battle.start_rung[status]  # type: ignore[index]
    if b.adversary:  # RTDT-ADVERSARY-6: improvements from earlier battles stay
        rung += s.adversary_rungs.get(card, 0)
    return min(rung, TOP_RUNG)


def reveal_card(w: World, s: State) -> None:
    b = s.battle
    assert b is not None
    card = w.content.battle_cards[b.cards[b.index]]
    b.rung = _start_rung(w, s, card.id)
    b.revealed = True
    b.shield = 0
    b.card_used = 0
    tell(
        s,
        "reveal",
        "Battle card {i}: {card} - {rung}",
        i=b.index + 1,
        card=card.name,
        rung=card.rungs[b.rung].text,
    )


BLESSED = "spirit_blocks_warrior_losses"  # the Blessed virtue's flag


FORGO_ALL = "*"  # `resolve forgo` with no source: every prevention (the older action)


def preventions(w: World, s: State, h: HeroState) -> list[tuple[str, int]]:
    """What would prevent the face-up card's warrior losses, one (source, warriors) entry per
    source in a fixed order: the Blessed shield (named by the virtue that gave it), each card
    that blocks losses, then the hooks' (Guarded). A source is forgone on its own for the
    Colossus of Björn (COV-CLARIFY-21)."""
    b = s.battle
    assert b is not None
    out = []
    if b.shield:
        blessed = flag_cards(w, h, BLESSED)
        out.append((blessed[0] if blessed else "blessed", b.shield))
    out.extend(
        (cid, f.amount)
        for cid in h.cards()
        for f in w.flags.get(cid, ())
        if f.flag == "block_warrior_losses"
    )
    out += CARD_PREVENT.collect(w, s, h)  # Guarded against the quarry
    return out


def kept_prevention(sources: list[tuple[str, int]], forgo: str) -> int:
    """The warriors still prevented when `forgo` is forgone: one source of that name, every
    source (FORGO_ALL) or none ("") (COV-CLARIFY-21)."""
    if forgo == FORGO_ALL:
        return 0
    total = sum(n for _, n in sources)
    return total - next((n for src, n in sources if src == forgo), 0)


def resolve_card(w: World, s: State, h: HeroState, forgo: str = "") -> None:
    """Resolve the card face up; `forgo`: a source of prevention the hero does not use, or
    FORGO_ALL for none of them (COV-CLARIFY-21, for the Colossus of Björn's offering)."""
    b = s.battle
    assert b is not None
    card = w.content.battle_cards[b.cards[b.index]]
    rung = card.rungs[b.rung]
    before = h.warriors
    prevent = kept_prevention(preventions(w, s, h), forgo)
    effects: Sequence[Effect] = rung.effects
    if forgo == FORGO_ALL:
        tell(
            s,
            "text",
            "{hero} forgoes what would prevent this card's warrior losses.",
            seats=(h.seat,),
            hero=hero_name(w, h),
        )
    elif forgo:
        tell(
            s,
            "text",
            "{hero} forgoes {source} against this card's warrior losses.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            source=w.name(forgo),
        )
    effects = CARD_EFFECTS.filter(w, s, h, card.id, effects)  # Calculating; The Iron Wall
    tell(
        s,
        "text",
        "{hero} resolves {card}: {rung}",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=card.name,
        rung=rung.text,
    )
    run(w, s, h, effects, Cause(BATTLE_CARD, card.name), prevent_warriors=prevent)  # RTDT-BATTLE-11
    if s.battle is b and any(d.kind == "iron_wall" and d.seat == h.seat for d in s.pending):
        b.held_before = before  # COV-CARD-4: the held-back losses are this card's, when kept
        return
    _card_over(w, s, h, b, before)


def card_question_answered(w: World, s: State, b: Battle | None) -> None:
    """The Iron Wall's question raised by a card of Battle `b` (as it was when the question
    was answered: the kept losses may end it) is answered: the card's losses, the kept ones
    included, are counted and the card ends (COV-CARD-4)."""
    if b is None or b.held_before < 0:
        return
    before, b.held_before = b.held_before, -1
    _card_over(w, s, s.heroes[s.turn.seat], b, before)


def _card_over(w: World, s: State, h: HeroState, b: Battle, before: int) -> None:
    """The card face up of Battle `b` has resolved, `before` the warriors the hero had: count
    its losses, then the next card or the Battle's end (the Battle may be over already: a
    hero eliminated)."""
    b.lost_warriors += max(0, before - h.warriors)
    CARD_RESOLVED.notify(
        w, s, h, before - h.warriors, b.card_used == 0
    )  # COV-CLARIFY-9: warriors lost to this card
    b.resolved += 1
    b.index += 1
    if s.result is not None or s.battle is None:  # lost, or the hero eliminated, mid-battle
        s.battle = None
        return
    # RTDT-BATTLE-10: the card is resolved, then the next is seen
    if b.index < len(b.cards):
        if b.adversary:
            b.revealed = False  # RTDT-ADVERSARY-5: continue or retreat before the next card
        else:
            reveal_card(w, s)
        return
    end_battle(w, s, h, defeated=True)


def end_battle(w: World, s: State, h: HeroState, defeated: bool) -> None:
    b = s.battle
    assert b is not None
    # RTDT-ADV-11: unused advantages vanish with the battle's pool
    s.battle = None
    BATTLE_ENDED.notify(w, s, h, b, defeated)  # the monuments' offerings (COV-CLARIFY-5, -19)
    one = b.lost_warriors == 1
    if defeated and b.adversary:  # RTDT-ADVERSARY-4, RTDT-END-5
        said = spoken(
            w,
            b.foe,
            N_("{hero} defeats the {foe}, losing {n} warrior in the battle! The heroes win.")
            if one
            else N_("{hero} defeats the {foe}, losing {n} warriors in the battle! The heroes win."),
            N_("{hero} defeats {foe}, losing {n} warrior in the battle! The heroes win.")
            if one
            else N_("{hero} defeats {foe}, losing {n} warriors in the battle! The heroes win."),
        )
        tell(
            s,
            "defeat",
            said,
            seats=(h.seat,),
            hero=hero_name(w, h),
            foe=w.name(b.foe),
            n=b.lost_warriors,
        )
        s.adversary_space = ""
        # RTDT-END-1: all heroes win together
        s.result = Result("win", N_("the adversary was defeated"), tuple(x.seat for x in s.heroes))
        return
    if defeated:
        DEFEATING_FOE.notify(w, s, h, b.foe, b.space)  # Inspiring: before the quarry token leaves
        remove_token(w, s, b.foe, b.space)  # RTDT-BATTLE-12
        said = (
            N_("{hero} defeats the {foe}, losing {n} warrior in the battle.")
            if one
            else N_("{hero} defeats the {foe}, losing {n} warriors in the battle.")
        )
        tell(
            s,
            "defeat",
            said,
            seats=(h.seat,),
            hero=hero_name(w, h),
            foe=w.name(b.foe),
            n=b.lost_warriors,
        )
        fire(w, s, h, "defeat_foe", traits=frozenset(traits_of(w, b.foe)))
        FOE_DEFEATED.notify(w, s, h, b.foe, b.space)  # Azkol's Chakram
        on_foe_defeated(w, s, h, b.space)
        if b.lost_warriors >= 10 and flag_cards(w, h, "callous") and s.market:
            ask(s, Decision("take_treasure", h.seat))
    fire(w, s, h, "after_battle")
    if s.market and flag_cards(w, h, "battle_treasure_for_spirit"):  # RTDT-QITEM-8
        ask(s, Decision("hope", h.seat))  # Amulet of Hope: a market treasure instead
        return
    gain(w, s, h, "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # RTDT-HEROIC-4
