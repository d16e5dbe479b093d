"""Every sentence Adventure Tactics and its campaign tell reads in Portuguese: played
encounters (random and heuristic seats) and campaigns, every event of their logs worded by
the catalog, with no field left unfilled and no English word but the content's names."""

from __future__ import annotations

import re
from functools import cache
from typing import get_args

import pytest

from towerplay.agents.heuristic_campaign import HeuristicCampaignAgent
from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.agents.random import RandomAgent
from towerplay.core.narration import Event, event
from towerplay.i18n import Catalog, catalog
from towerplay.tactics import TacticsGame, new_game
from towerplay.tactics.campaign.content import default_campaign_content
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.tactics.campaign.market import SOURCES, stock
from towerplay.tactics.content import default_content
from towerplay.tactics.enemies import WHO
from towerplay.tactics.idle import ALL_ALREADY, ALREADY
from towerplay.tactics.models import Condition, EAttack, ERandomAttack
from towerplay.tactics.narrate import CONDITIONS, OUTCOMES, VERBS, note_event

PARTIES = (["fighter", "rogue", "cleric"], ["wizard", "archer", "cleric", "fighter"])
# fields whose values are names, identifiers, squares or the content's texts (not translated)
NAMES = {
    "hero", "heroes", "unit", "attacker", "target", "summon", "name", "enemy", "card", "cards",
    "old", "item", "wall", "attack", "encounter", "title", "text", "choice", "result",
    "objective", "main", "bonus", "ending", "perk", "ability", "cls", "line", "square",
    "squares", "src", "dst", "player", "board", "flags", "missing", "deck",
}  # fmt: skip
NUMBERS = re.compile(r"[+-]?\d+(, \d+)*")  # amounts, a bonus, the dice rolled
# English words that no Portuguese sentence of the catalog should keep
ENGLISH = re.compile(
    r"\b(the|is|are|and|of|with|for|from|to|by|into|damage|HP|turn|round|card|cards|gold|"
    r"bag|bags|hero|heroes|left|boss|minions|attack|attacks|deck|party|level|potion|"
    r"stunned|weakened|slowed|invisible|success|failure|nobody|easy|hard|dice)\b"
)


@cache
def content_words() -> frozenset[str]:
    """The content's names and texts that may stand in a field named otherwise: enemies
    in who a boss card activates, an objective as an encounter's cause, cards on a board."""
    game = default_content()
    out = {e.name for e in game.enemies.values()} | {c.name for c in game.cards.values()}
    for enc in game.encounters.values():
        out |= {enc.main.text, enc.bonus.text}
    return frozenset(out)


def unworded(e: Event, pt: Catalog) -> str:
    """What keeps an event from reading in Portuguese, or ""."""
    if e.msg not in pt.messages:
        return "no translation"
    values: dict[str, str] = {}
    for k, v in e.args:
        if v in content_words():
            values[k] = "X"  # a name, or an objective (its text is tactics_cards.po's)
        elif v in pt.messages:
            values[k] = pt.messages[v]  # a word marked for the catalog, worded
        elif k in NAMES or all(part in content_words() for part in v.split(", ")):
            values[k] = "X"  # a name stays as the content names it
        elif NUMBERS.fullmatch(v):
            values[k] = v
        else:
            return f"the field {k}={v!r} is no message of the catalog"
    text = pt.messages[e.msg].format_map(values)
    found = ENGLISH.search(text)
    if "{" in text or found:
        return f"reads {text!r}"
    pt.event(e)  # and the catalog words it without fail
    return ""


def problems(events: list[Event], pt: Catalog) -> list[str]:
    out = {f"{e.msg!r} {dict(e.args)}: {why}" for e in events if (why := unworded(e, pt))}
    return sorted(out)


def encounter_events(seed: int, heuristic: bool) -> list[Event]:
    """An encounter's events, and the AT-CARD-4 notes its turns showed (as events)."""
    encounters = list(default_content().encounters)
    g = new_game(
        {
            "encounter": encounters[seed % len(encounters)],
            "party": PARTIES[seed % 2],
            "difficulty": ("easy", "normal", "hard")[seed % 3],
        },
        seed,
    )
    agent = HeuristicTacticsAgent(seed) if heuristic else RandomAgent(seed)
    notes: set[str] = set()
    for _ in range(3000):
        if g.result is not None:
            break
        notes |= set(g.observe(g.to_act)["pending"].get("notes", {}).values())
        g.apply(agent.act(g))
    told = [note_event(n) for n in sorted(notes)]
    assert [e.text for e in told] == sorted(notes)  # the event's text is the note
    return g.s.log.to_list() + told


def campaign_events(seed: int, encounters: int = 3) -> list[Event]:
    """A campaign's events and those of its first encounters, heuristic seats, and the
    reasons its views gave for a barred level-up card or a closed choice (as events)."""
    g = new_campaign({"heroes": 3, "players": 3}, seed, default_campaign_content())
    agents = [HeuristicCampaignAgent(seed * 10 + s) for s in range(3)]
    played: list[TacticsGame] = []
    reasons: dict[str, Event] = {}
    for _ in range(5000):
        enc = g.encounter
        if enc is not None and (not played or played[-1] is not enc):
            played.append(enc)
        if g.result is not None or (len(played) > encounters and enc is None):
            break
        if enc is None:
            view = g.observe(g.to_act)
            level_up, page = view["level_up"] or {}, view["page"] or {}
            shown = [*level_up.get("options", []), *page.get("choices", [])]
            for o in shown:
                if o.get("why"):
                    why = event("text", o["why"]["msg"], **o["why"]["args"])
                    assert why.text == o["reason"]  # the event's text is the reason shown
                    reasons[why.text] = why
        g.apply(agents[g.to_act].act(g))
    assert len(played) > encounters or g.result is not None
    told = [e for enc in played for e in enc.s.log.to_list()]
    return g.s.log.to_list() + told + list(reasons.values())


@pytest.fixture(scope="module")
def pt() -> Catalog:
    return catalog("pt")


def test_random_encounters_read_in_portuguese(pt: Catalog) -> None:
    events = [e for seed in range(30) for e in encounter_events(seed, heuristic=False)]
    assert len({e.msg for e in events}) > 40
    assert any(e.msg.startswith("does nothing now") for e in events)
    assert not problems(events, pt)


def test_heuristic_encounters_read_in_portuguese(pt: Catalog) -> None:
    events = [e for seed in range(10) for e in encounter_events(seed, heuristic=True)]
    assert not problems(events, pt)


def test_campaigns_read_in_portuguese(pt: Catalog) -> None:
    events = campaign_events(1) + campaign_events(2)
    kinds = {e.msg for e in events}
    assert "Chapter {number}: {title}" in kinds and "{outcome}: {text}" in kinds
    assert "{cls} needs {missing}" in kinds  # a level-up card barred, and why
    assert not problems(events, pt)


def test_the_check_bites(pt: Catalog) -> None:
    defeated = event("defeat", "{unit} is defeated", unit="gm1")
    assert not problems([defeated], pt)
    without = Catalog("pt", {k: v for k, v in pt.messages.items() if k != defeated.msg})
    assert problems([defeated], without) == [f"{defeated.msg!r} {{'unit': 'gm1'}}: no translation"]
    english = Catalog("pt", {**pt.messages, defeated.msg: defeated.msg})
    assert "reads 'X is defeated'" in problems([defeated], english)[0]
    # a word the engine gives as a field without marking it for the catalog
    frozen = event("condition", "{unit} is {condition}", unit="gm1", condition="stunned")
    assert not problems([frozen], pt)
    unmarked = Catalog("pt", {k: v for k, v in pt.messages.items() if k != "stunned"})
    assert "stunned" in problems([frozen], unmarked)[0]
    # a note whose reason is no message of the catalog
    assert not problems([note_event("does nothing now: no enemy in reach; already stunned")], pt)
    assert problems([note_event("does nothing now: no foe near")], pt)


def test_the_portuguese_reads_as_expected(pt: Catalog) -> None:
    hit = event(
        "damage",
        "{attacker} {verb} {target}: {damage} damage; {target} has {hp} of {max_hp} HP",
        attacker="gm1", verb="attacks", target="rogue", damage=2, hp=3, max_hp=5,
    )  # fmt: skip
    assert pt.event(hit) == "gm1 ataca rogue: 2 de dano; rogue fica com 3 de 5 PV"
    over = event("result", "encounter over: {outcome} ({cause})", outcome="failure",
                 cause="all heroes knocked out")  # fmt: skip
    assert pt.event(over) == "fim do encontro: fracasso (todos os heróis em nocaute)"


def test_every_condition_and_every_attack_verb_is_a_word_of_the_catalog(pt: Catalog) -> None:
    assert set(CONDITIONS) == set(ALREADY) == set(ALL_ALREADY) == set(get_args(Condition))
    assert all(word in pt.messages for word in (*CONDITIONS, *VERBS, *OUTCOMES, *WHO))
    # an attack named by a verb ("flails at") is told as one: lowercase names are verbs
    game = default_content()
    steps = [
        st
        for deck in game.boss_decks.values()
        for card in deck.cards
        for a in card.activations
        for st in a.steps
    ]
    named = {st.name for st in steps if isinstance(st, EAttack | ERandomAttack) and st.name}
    assert {n for n in named if n.islower()} <= set(VERBS)


def test_a_note_reads_in_portuguese(pt: Catalog) -> None:
    note = note_event("does nothing now: no square to move to; no enemy in reach")
    assert note.text == "does nothing now: no square to move to; no enemy in reach"
    assert (
        pt.event(note)
        == "não faz nada agora: nenhuma casa para onde mover; nenhum inimigo ao alcance"
    )


def test_where_a_market_offer_comes_from_is_a_word_of_the_catalog(pt: Catalog) -> None:
    c = default_campaign_content()
    g = new_campaign({"heroes": 3, "players": 1}, 1, c)
    g.s.market = ["grutchs_cleaver"]  # a loot card gone to the market deck
    sources = {o.source for m in c.markets.values() for o in stock(c, g.s, m)}
    assert sources == set(SOURCES)
    assert all(word in pt.messages for word in SOURCES)
