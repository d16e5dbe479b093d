"""The Campaign Guide's content: it loads, its counts match the rulebook's component list,
every card is distinct, and its chapters form one campaign from chapter 1 to an ending
for every party size (tools/guide_paths.py walks it)."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

from towerplay.tactics.campaign.content import CampaignContent, default_campaign_content
from towerplay.tactics.campaign.models import Choice, Requirement, Reward
from towerplay.tactics.models import EQUIPMENT_KINDS

ROOT = Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("guide_paths", ROOT / "tools" / "guide_paths.py")
assert _spec is not None and _spec.loader is not None
guide_paths = importlib.util.module_from_spec(_spec)
sys.modules["guide_paths"] = guide_paths
_spec.loader.exec_module(guide_paths)

GUIDE_ACTIONS = {"ashen_hand_rally", "marchland_spear_lunge", "lantern_flare", "earthshaker_stomp"}
GUIDE_FEATURES = {
    "ward_of_the_unbowed",
    "scouts_foresight",
    "survivors_breath",
    "veil_of_the_hidden_road",
}


@pytest.fixture(scope="module")
def c() -> CampaignContent:
    return default_campaign_content()


@pytest.fixture(scope="module")
def figures(c: CampaignContent) -> dict[str, object]:
    return guide_paths.figures(c)


def all_choices(c: CampaignContent) -> list[Choice]:
    out = [ch for chap in c.chapters.values() for ch in chap.choices]
    for chap in c.chapters.values():
        for res in (chap.success, chap.plus_success, chap.failure):
            if res is not None:
                out.extend(res.choices)
    out.extend(ch for rc in c.random_encounters.values() for ch in rc.choices)
    return out


def all_rewards(c: CampaignContent) -> list[Reward]:
    out = [ch.reward for ch in all_choices(c)]
    for chap in c.chapters.values():
        out.extend(r.reward for r in (chap.success, chap.plus_success, chap.failure) if r)
    return out


# --- counts (rulebook: Components) -------------------------------------------------


def test_the_supply_items_are_37_plus_4_revive_potions(c: CampaignContent) -> None:
    kinds = Counter[str]()
    for item in c.items.values():
        kinds[item.kind] += item.copies
    assert kinds["revive_potion"] == 4
    assert kinds["bag_of_gold"] + kinds["consumable"] + kinds["story"] == 37
    assert kinds["bag_of_gold"] and kinds["consumable"] and kinds["story"]


def test_perks_random_encounters_markets_and_marks(c: CampaignContent) -> None:
    assert sum(p.copies for p in c.perks.values()) == 15
    assert len(c.random_encounters) == 17
    assert len(c.markets) == 3
    marks = [card for card in c.game.cards.values() if card.kind == "mark_of_death"]
    assert sum(m.copies for m in marks) == 10


def test_49_new_equipment_cards_loot_or_market(c: CampaignContent) -> None:
    new = [
        card
        for card in c.game.cards.values()
        if card.kind in EQUIPMENT_KINDS and (card.loot is not None or card.banner == "market")
    ]
    assert len(new) == 49
    assert sum(card.copies for card in new) == 49
    assert {card.kind for card in new} == set(EQUIPMENT_KINDS)


def test_the_guides_action_cards_class_features_and_story_abilities(c: CampaignContent) -> None:
    cards = c.game.cards
    assert {cid for cid in GUIDE_ACTIONS if cards[cid].kind == "action"} == GUIDE_ACTIONS
    assert {cid for cid in GUIDE_FEATURES if cards[cid].kind == "class_feature"} == GUIDE_FEATURES
    story = [a for a in c.game.abilities.values() if a.story]
    assert Counter(a.kind for a in story) == {"passive": 10, "dice": 4}


# --- every card distinct and used ---------------------------------------------------


def test_every_new_equipment_card_does_something_different(c: CampaignContent) -> None:
    shapes = [
        (card.kind, card.equipped, card.options, card.response)
        for card in c.game.cards.values()
        if card.kind in EQUIPMENT_KINDS
    ]
    assert len(shapes) == len(set(shapes))


def test_perks_and_story_abilities_are_distinct(c: CampaignContent) -> None:
    perks = [(p.add, p.replace, p.abilities, p.max_hp) for p in c.perks.values()]
    assert len(perks) == len(set(perks))
    mods = [a.modifiers for a in c.game.abilities.values() if a.story]
    assert len(mods) == len(set(mods))


def test_each_perk_is_named_by_one_encounter_and_each_story_ability_given_once(
    c: CampaignContent,
) -> None:
    named = Counter[str]()  # a perk is named by a +Success, or a Success that levels up
    for chap in c.chapters.values():
        here: set[str] = set()
        for res in (chap.success, chap.plus_success, chap.failure):
            if res is not None:
                assert not res.reward.perks or res is chap.plus_success or res.reward.level_up
                here.update(res.reward.perks)
        named.update(here)
    assert named == dict.fromkeys(c.perks, 1)
    assert all(not ch.reward.perks for ch in all_choices(c))  # never a story choice
    given = Counter[str]()  # by one chapter (its Success and +Success may offer the same
    for chap in c.chapters.values():  # choices), one random encounter card or one perk
        sections = [r for r in (chap.success, chap.plus_success, chap.failure) if r]
        choices = [*chap.choices, *(ch for r in sections for ch in r.choices)]
        rewards_here = [*(r.reward for r in sections), *(ch.reward for ch in choices)]
        given.update({a for r in rewards_here for a in r.abilities})
    given.update(
        a for rc in c.random_encounters.values() for ch in rc.choices for a in ch.reward.abilities
    )
    given.update(a for p in c.perks.values() for a in p.abilities)
    story = [a.id for a in c.game.abilities.values() if a.story]
    assert given == dict.fromkeys(story, 1)
    in_perks = {cid for p in c.perks.values() for cid in (*p.add, *p.replace)}
    assert in_perks >= GUIDE_ACTIONS | GUIDE_FEATURES


def test_loot_is_found_in_its_own_encounter_and_every_card_can_be_won(
    c: CampaignContent,
) -> None:
    won: set[str] = set()
    for chap in c.chapters.values():
        for res in (chap.success, chap.plus_success, chap.failure):
            if res is None:
                continue
            r = res.reward
            for cid in (*r.loot, *(x for ids in r.loot_by_heroes.values() for x in ids)):
                assert c.game.cards[cid].loot == chap.encounter, (chap.id, cid)
                won.add(cid)
    loot = {cid for cid, card in c.game.cards.items() if card.loot is not None}
    assert won == loot
    assert all(c.game.cards[cid].loot in c.game.encounters for cid in loot)
    by_heroes = [
        res
        for chap in c.chapters.values()
        for res in (chap.success, chap.plus_success)
        if res is not None and res.reward.loot_by_heroes
    ]
    assert len(by_heroes) >= 10  # loot varies by hero count


def test_the_guide_plays_every_encounter_and_each_has_its_own_loot(c: CampaignContent) -> None:
    played = Counter(chap.encounter for chap in c.chapters.values() if chap.encounter)
    assert played == dict.fromkeys(c.game.encounters, 1)  # all twenty, one chapter each
    loot = Counter(card.loot for card in c.game.cards.values() if card.loot is not None)
    assert set(loot) == set(c.game.encounters)


def test_each_market_card_is_sold_by_one_market_and_one_market_has_rare_items(
    c: CampaignContent,
) -> None:
    sold = Counter(cid for m in c.markets.values() for cid in (*m.items, *m.rare))
    stock = {cid for cid, card in c.game.cards.items() if card.banner == "market"}
    assert sold == dict.fromkeys(stock, 1)
    rare = [m for m in c.markets.values() if m.rare]
    assert rare and all(set(m.rare) <= set(m.prices) for m in rare)
    visited = {chap.market for chap in c.chapters.values() if chap.kind == "market"}
    assert visited == set(c.markets)


def test_random_encounters_start_in_the_party_or_are_added_by_the_guide(
    c: CampaignContent,
) -> None:
    cards = c.random_encounters.values()
    added = {rid for r in all_rewards(c) for rid in r.random_encounters}
    start = {rc.id for rc in cards if rc.in_party}
    assert start and any(rc.remove for rc in cards)
    assert added | start == set(c.random_encounters)
    for rc in cards:  # a card is drawn whatever the party holds: one choice is always open
        assert any(ch.requires == Requirement() for ch in rc.choices), rc.id
        assert all(ch.goto is None for ch in rc.choices), rc.id
    travels = [ch for ch in all_choices(c) if ch.random_encounter]
    assert len(travels) >= 10


# --- requirements can be met ------------------------------------------------------


def test_every_flag_and_item_a_choice_asks_for_is_given_somewhere(c: CampaignContent) -> None:
    rewards = all_rewards(c)
    flags = {f for r in rewards for f in r.flags}
    items = {i for r in rewards for i in r.items}
    for ch in all_choices(c):
        assert set(ch.requires.flags) | set(ch.requires.not_flags) <= flags, ch.text
        assert set(ch.requires.items) <= items, ch.text
    story = {i.id for i in c.items.values() if i.kind == "story"}
    asked = {i for ch in all_choices(c) for i in ch.requires.items}
    assert story <= items and len(story & asked) >= 8


def test_a_choice_that_costs_gold_asks_for_it(c: CampaignContent) -> None:
    for ch in all_choices(c):
        if ch.reward.gold < 0:
            assert ch.requires.gold >= -ch.reward.gold, ch.text


# --- the graph -----------------------------------------------------------------------


def test_every_chapter_is_reachable_from_chapter_1_and_can_reach_an_ending(
    c: CampaignContent,
) -> None:
    table = {cid: [e.target for e in guide_paths.edges(ch)] for cid, ch in c.chapters.items()}
    first = c.first_chapter()
    assert first.number == 1
    seen, todo = {first.id}, [first.id]
    while todo:
        for nxt in table[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(c.chapters)
    endings = {cid for cid, ch in c.chapters.items() if ch.kind == "ending"}
    done = set(endings)
    changed = True
    while changed:
        changed = False
        for cid, targets in table.items():
            if cid not in done and any(t in done for t in targets):
                done.add(cid)
                changed = True
    assert done == set(c.chapters)
    assert len(c.chapters) >= 50 and len(endings) >= 3


@pytest.mark.parametrize("heroes", [3, 4, 5])
def test_every_party_reaches_every_ending_with_no_dead_end_or_loop(
    c: CampaignContent, heroes: int
) -> None:
    ways = guide_paths.walk(c, heroes)  # raises DeadEnd on a page with no open way on
    endings = {cid for cid, ch in c.chapters.items() if ch.kind == "ending"}
    assert set(ways) == endings


def test_a_hero_reaches_level_6_to_8_by_an_ending(c: CampaignContent, figures: dict) -> None:
    for cid, w in figures.items():
        assert w.won is None or (w.won[0] >= 5 and w.won[1] <= 7), cid  # every fight won
        assert w.min_ups >= 4 and w.max_ups <= 9, cid  # any results; level 10 at most
        assert len(w.shortest) >= 15, cid


def test_the_paths_script_prints_a_line_per_ending(
    c: CampaignContent, capsys: pytest.CaptureFixture[str]
) -> None:
    assert guide_paths.main() == 0
    out = capsys.readouterr().out
    for ch in c.chapters.values():
        if ch.kind == "ending":
            assert ch.title in out


# --- the new cards play in the encounter engine --------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_with_every_new_card_and_story_ability_end_cleanly(
    c: CampaignContent, seed: int
) -> None:
    from tests.tactics.helpers import check_invariants
    from towerplay.agents.random import RandomAgent
    from towerplay.tactics import new_game

    cards = sorted(
        cid
        for cid, card in c.game.cards.items()
        if (card.kind in EQUIPMENT_KINDS and (card.loot or card.banner == "market"))
        or cid in GUIDE_ACTIONS | GUIDE_FEATURES
    )
    passives = sorted(a.id for a in c.game.abilities.values() if a.story and a.kind == "passive")
    dice = sorted(a.id for a in c.game.abilities.values() if a.story and a.kind == "dice")
    party = ["fighter", "rogue", "cleric", "wizard", "archer"]
    g = new_game(
        {
            "encounter": ("pawl_chieftain", "ember_witch")[seed % 2],
            "party": party,
            "extra_cards": {seat: cards[seat::5] for seat in range(5)},
            "abilities": {
                seat: [*passives[2 * seat : 2 * seat + 2], dice[seat % 4]] for seat in range(5)
            },
        },
        seed,
    )
    totals = {h.uid: h.card_count() for h in g.s.heroes}
    agent = RandomAgent(seed)
    used: set[str] = set()
    for _ in range(6000):
        if g.result is not None:
            break
        g.apply(agent.act(g))
        check_invariants(g, totals)
        for h in g.s.heroes:
            used.update(h.discard, h.set_aside, (x for x in h.board.values() if x))
    assert g.result is not None
    assert len(used & set(cards)) >= 10  # many of them were played or equipped


def test_the_guides_doc_shows_the_scripts_table(capsys: pytest.CaptureFixture[str]) -> None:
    guide_paths.main()
    printed = [
        line.rstrip() for line in capsys.readouterr().out.splitlines() if "shortest:" not in line
    ]
    doc = (ROOT / "docs" / "campaign-guide.md").read_text(encoding="utf-8")
    assert "```\n" + "\n".join(printed) + "\n```" in doc


def live_random_choices(c: CampaignContent, heroes: int) -> set[tuple[str, int]]:
    """The (card, choice number) of the Random Encounters deck that some party of `heroes`
    can take: walking every way through the Guide with the cards in its deck, a choice is
    live when a journey draws from a deck holding its card while its requirement is met."""
    carded = {
        rid: r for rid, r in c.random_encounters.items() if any(ch.requires for ch in r.choices)
    }
    start = frozenset(rid for rid, r in c.random_encounters.items() if r.in_party)
    live: set[tuple[str, int]] = set()
    travels: dict[str, list[bool]] = {}
    for cid, chap in c.chapters.items():  # the edges in guide_paths' order, travelling or not
        flags = [ch.random_encounter for ch in chap.choices if ch.goto]
        for res in (chap.success, chap.plus_success, chap.failure):
            if res is not None:
                flags += [False] if res.goto is not None else []
                flags += [ch.random_encounter for ch in res.choices if ch.goto is not None]
        travels[cid] = flags
    # only what a requirement from here on, or a card's, asks about tells states apart
    table = {cid: guide_paths.edges(ch) for cid, ch in c.chapters.items()}
    relevant = guide_paths._downstream(c, table)
    asked = [ch.requires for r in carded.values() for ch in r.choices]
    card_flags = {f for q in asked for f in (*q.flags, *q.not_flags)}
    card_items = {i for q in asked for i in q.items}
    card_gold = max((q.gold for q in asked), default=0)
    seen: set[tuple[str, object, frozenset[str]]] = set()
    todo = [(c.first_chapter().id, guide_paths.State(), start)]
    while todo:
        cid, state, deck = todo.pop()
        flags, items, gold = relevant[cid]
        state = guide_paths.State(
            state.flags & (flags | card_flags),
            state.items & (items | card_items),
            min(state.gold, max(gold, card_gold)),
        )
        if (cid, state, deck) in seen:
            continue
        seen.add((cid, state, deck))
        for e, travel in zip(table[cid], travels[cid], strict=True):
            if not guide_paths.is_open(e.requires, state, heroes):
                continue
            after = guide_paths.apply(state, e.rewards)
            cards = set(deck)
            for r in e.rewards:
                cards |= set(r.random_encounters)
                cards -= set(r.remove_random_encounters)
            if travel:
                for rid in cards & set(carded):
                    for n, ch in enumerate(carded[rid].choices, 1):
                        if guide_paths.is_open(ch.requires, after, heroes):
                            live.add((rid, n))
            todo.append((e.target, after, frozenset(cards)))
    return live


def test_every_random_encounter_choice_can_be_taken(c: CampaignContent) -> None:
    """No dead content: each choice of each card can be met on some way through the Guide
    (the Wraith Hunt's lantern was won only by the Success that never sends the Hunt)."""
    live = set().union(*(live_random_choices(c, n) for n in guide_paths.PARTY_SIZES))
    wanted = {
        (rid, n)
        for rid, r in c.random_encounters.items()
        for n, ch in enumerate(r.choices, 1)
        if ch.requires
    }
    assert wanted - live == set()
