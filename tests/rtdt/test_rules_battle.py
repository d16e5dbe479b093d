"""Rule tests for foes, the Battle action, advantages and the adversary battle
(RTDT-FOE-*, RTDT-BATTLE-*, RTDT-ADV-1..11, RTDT-ADVERSARY-4..8, RTDT-HEROIC-3,
RTDT-SKULL-8), plus the rulebook's brigands battle.

Positions are built by hand with tests/rtdt/scenario.py: foes are put on spaces with
`g.state.foes[:] = [...]`, statuses set in `g.state.foe_status`, and a battle's cards
are chosen by rigging the generator for the first card and replacing the rest.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import (
    ADVERSARIES,
    FOES,
    at,
    finish_turn,
    give,
    legal,
    play,
    resume,
    scenario,
    skulls,
)
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import Rng, seed_state
from towerplay.rtdt import app, gamecode
from towerplay.rtdt.game import RtdtGame, make_config, new_game
from towerplay.rtdt.models import STATUSES
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.battle import ADVERSARY_CARDS, deck_for
from towerplay.rtdt.tower import GLYPH_HOMES, N_SIDES, SIDES, drop_skull

# North kingdom spaces (the home of seat 0 in these scenarios).
CITADEL = "radiant_mountains"  # mountains: the Champion of the North gives 2 wild there
BAZAAR, VILLAGE, SANCTUARY = "dayside", "egans_end", "upper_ice_fangs"
GREEN_BRIDGE = "green_bridge"  # no building; next to the bazaar, the citadel and the sanctuary
FIVEPINT = "fivepint"  # no building; lake; next to the bazaar and the citadel


# --- helpers -------------------------------------------------------------------------------


def game(heroes: tuple[str, ...] | list[str] = ("orphaned_scion",), seed: int = 1) -> RtdtGame:
    """A scenario whose heroes hold no companion card, so that advantage counts are exact."""
    g = scenario(heroes, seed=seed)
    for h in g.state.heroes:
        h.companions.clear()
    g._legal = None
    return g


def illegal(g: RtdtGame, action: str, rule: str) -> None:
    """`action` is refused for `rule`, and the state is left exactly as it was."""
    before = g.state_hash()
    assert action not in legal(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, str(e.value)
    assert g.state_hash() == before


def board(g: RtdtGame, *tokens: tuple[str, str], **status: str) -> None:
    """Only these foe tokens on the board; statuses as given (others stay as they are)."""
    g.state.foes[:] = list(tokens)
    for foe, _ in tokens:
        g.state.foe_status.setdefault(foe, "ready")
    g.state.foe_status.update(status)
    g._legal = None


def with_adversary(g: RtdtGame, adversary: str) -> None:
    g.state.config = dataclasses.replace(g.state.config, adversary=adversary)
    g._legal = None


def rig_first_card(g: RtdtGame, foe: str, card: str) -> None:
    """Set the generator so that the next battle against `foe` draws `card` first."""
    deck = deck_for(g.world, foe)
    assert card in deck
    for k in range(1, 20000):
        d = deck[:]
        Rng(k).shuffle(d)
        if d[0] == card:
            g.state.rng = k
            return
    raise AssertionError(f"no generator state draws {card} first")


def fight(g: RtdtGame, foe: str, space: str, *cards: str) -> None:
    """Start a battle against `foe` on `space` with exactly these cards (in order)."""
    if cards:
        rig_first_card(g, foe, cards[0])
    play(g, f"battle {foe} {space}")
    b = g.state.battle
    assert b is not None
    if cards:
        assert len(cards) == len(b.cards), "give as many cards as the battle draws"
        assert b.cards[0] == cards[0]
        b.cards[:] = list(cards)
        g._legal = None


def card_text(g: RtdtGame) -> str:
    b = g.state.battle
    assert b is not None and b.revealed
    return g.world.content.battle_cards[b.cards[b.index]].rungs[b.rung].text


def answer_all(g: RtdtGame) -> None:
    """Answer every pending question with its first legal action."""
    while g.pending is not None and g.result is None:
        g.apply(g.legal_actions()[0])


def quiet_drop(g: RtdtGame) -> None:
    """The next skull drop makes nothing emerge and no event happen."""
    s = g.state
    on_board = list(dict.fromkeys(f for f, _ in s.foes))
    for k in range(1, 20000):
        r = Rng(k)
        if drop_skull(s.tower.clone(), r):
            continue
        if not app.draw_events(r, s.config.foes, on_board, s.config.players, s.config.difficulty):
            s.rng = k
            return
    raise AssertionError("no quiet drop")


def next_turn(g: RtdtGame) -> None:
    quiet_drop(g)
    finish_turn(g)


# --- RTDT-FOE ------------------------------------------------------------------------------


def test_RTDT_FOE_1_four_foe_types_one_each_of_levels_2_3_4_and_the_adversary() -> None:
    c = scenario().world.content
    assert set(FOES) == set(c.foes) and set(ADVERSARIES) == set(c.adversaries)
    for seed in range(25):
        config = make_config(seed=seed)
        assert [c.foes[f].level for f in config.foes] == [2, 3, 4]
        assert config.adversary in c.adversaries and config.adversary not in c.foes
        g = new_game(config)
        assert set(g.state.foe_status) == set(config.foes)  # the three foes take part
        assert {f for f, _ in g.state.foes} <= set(config.foes)
    assert set(gamecode.FOES_LEVEL_2) == {f for f in c.foes if c.foes[f].level == 2}
    assert set(gamecode.FOES_LEVEL_3) == {f for f in c.foes if c.foes[f].level == 3}
    assert set(gamecode.FOES_LEVEL_4) == {f for f in c.foes if c.foes[f].level == 4}


def test_RTDT_FOE_2_the_app_decides_when_and_where_foes_appear() -> None:
    # at setup: the same game code puts the same tokens on the same spaces
    a, b = scenario(seed=7), scenario(seed=7)
    assert a.state.foes == b.state.foes and a.state.foes
    # after a turn: a spawn event places tokens with no question to any player
    g = scenario(seed=7)
    board(g)
    foe = g.state.config.foes[0]
    g.state.events = [f"spawn:{foe}:2"]
    g.state.emerged = []
    g.state.turn.phase = "events"
    resume(g)
    assert len(g.state.foes) == 2 and all(f == foe for f, _ in g.state.foes)
    assert all(sp in g.world.board.spaces for _, sp in g.state.foes)
    assert g.pending is None  # nobody chose the spaces
    # the app's draws decide when: spawns come only from draw_events, seeded by the game
    r1, r2 = Rng(seed_state(3)), Rng(seed_state(3))
    draws1 = [
        app.draw_events(r1, ("brigands", "lemures", "dragons"), [], 1, "heroic") for _ in range(50)
    ]
    draws2 = [
        app.draw_events(r2, ("brigands", "lemures", "dragons"), [], 1, "heroic") for _ in range(50)
    ]
    assert draws1 == draws2
    assert any(e.startswith("spawn:") for d in draws1 for e in d)


@pytest.mark.parametrize("foe", FOES)
def test_RTDT_FOE_3_a_foes_level_is_the_number_of_battle_cards(foe: str) -> None:
    g = game(["brutal_warlord"])
    board(g, (foe, CITADEL))
    give(g, 0, warriors=60, spirit=5)
    play(g, f"battle {foe} {CITADEL}")
    b = g.state.battle
    assert b is not None
    level = g.world.content.foes[foe].level
    assert len(b.cards) == level == len(set(b.cards))
    resolved = 0
    while g.state.battle is not None:
        answer_all(g)
        if g.state.battle is None:
            break
        play(g, "resolve")
        resolved += 1
        answer_all(g)
    assert resolved == level
    assert (foe, CITADEL) not in g.state.foes


@pytest.mark.parametrize("foe", FOES)
def test_RTDT_FOE_4_attributes_choose_the_advantages_and_the_trait_cards(foe: str) -> None:
    g = game(["brutal_warlord"])
    w = g.world
    traits = set(w.content.foes[foe].traits)
    deck = deck_for(w, foe)
    cards = w.content.battle_cards
    trait_cards = {cards[c].trait for c in deck if cards[c].family == "trait"}
    assert trait_cards == traits  # every trait brings its cards, no other trait does
    board(g, (foe, CITADEL))
    fight(g, foe, CITADEL)
    g.state.battle.pool = {t: 1 for t in advantages.TYPES}  # one of every type
    g._legal = None
    usable = {a.split()[1] for a in legal(g) if a.startswith("advantage ")}
    assert usable == traits | {"wild"}


def test_RTDT_FOE_5_each_foe_strikes_about_once_a_month_only_while_on_the_board() -> None:
    foes = ("brigands", "lemures", "dragons")
    r = Rng(seed_state(11))
    n = 3000
    strikes = {f: 0 for f in foes}
    for _ in range(n):
        for e in app.draw_events(r, foes, ["brigands", "dragons"], 1, "heroic"):
            if e.startswith("strike:"):
                strikes[e.split(":")[1]] += 1
    assert strikes["lemures"] == 0  # none on the board: never strikes
    turns_per_month = app.AVERAGE_TURNS[1]
    for f in ("brigands", "dragons"):
        per_month = strikes[f] / n * turns_per_month
        assert 0.8 < per_month < 1.2, (f, per_month)
    # every foe has a strike event for each status
    c = scenario().world.content
    for foe in c.foes.values():
        assert set(foe.strikes) == set(STATUSES) and all(s.text for s in foe.strikes.values())


@pytest.mark.parametrize("status", STATUSES)
def test_RTDT_FOE_6_the_status_sets_how_threatening_the_cards_are(status: str) -> None:
    assert STATUSES == ("panicked", "unsteady", "ready", "savage", "lethal")
    start = scenario().world.content.battle.start_rung
    rungs = [start[s] for s in STATUSES]
    assert rungs == sorted(rungs, reverse=True)  # deadlier status, worse starting result
    assert start["lethal"] == 0 and start["panicked"] > start["unsteady"] > start["ready"]
    g = game(["brutal_warlord"])
    board(g, ("brigands", CITADEL), brigands=status)
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    assert g.state.battle.rung == start[status]
    expected = {
        0: "Lose 12 warriors.",
        1: "Lose 8 warriors.",
        2: "Lose 4 warriors.",
        3: "You come through unharmed.",
    }
    assert card_text(g) == expected[start[status]]


@rules("RTDT-FOE-7")
def test_foes_grow_deadlier_one_step_at_a_time_up_to_lethal() -> None:
    g = scenario()
    foe = g.state.config.foes[0]
    board(g, (foe, BAZAAR))
    g.state.foe_status[foe] = "panicked"
    g.state.month_length = 99  # no month ends while we watch
    seen = []
    for _ in range(6):
        g.state.events = [f"grow:{foe}"]
        g.state.turn.phase = "events"
        resume(g)
        assert g.result is None
        seen.append(g.state.foe_status[foe])
    assert seen == ["unsteady", "ready", "savage", "lethal", "lethal", "lethal"]
    # only foes on the board grow: the app never draws a grow for a foe that is not there
    r = Rng(seed_state(5))
    for _ in range(500):
        for e in app.draw_events(r, ("brigands", "lemures", "dragons"), ["lemures"], 2, "heroic"):
            assert not e.startswith("grow:") or e == "grow:lemures"


def test_RTDT_FOE_8_the_status_screen_shows_count_status_and_strike() -> None:
    g = scenario()
    foes = g.state.config.foes
    board(g, (foes[0], BAZAAR), (foes[0], VILLAGE), (foes[1], SANCTUARY))
    g.state.foe_status[foes[0]] = "savage"
    view = g.observe(0)["foes"]
    c = g.world.content
    assert set(view) == set(foes)
    assert sorted(view[foes[0]]["on_board"]) == sorted([BAZAAR, VILLAGE])
    assert view[foes[0]]["status"] == "savage"
    assert view[foes[0]]["strike"] == c.foes[foes[0]].strikes["savage"].text
    assert view[foes[1]]["on_board"] == [SANCTUARY]
    assert view[foes[2]]["on_board"] == []
    assert view[foes[2]]["strike"] == c.foes[foes[2]].strikes[g.state.foe_status[foes[2]]].text
    g.state.foe_status[foes[0]] = "lethal"  # the strike shown follows the status
    assert g.observe(0)["foes"][foes[0]]["strike"] == c.foes[foes[0]].strikes["lethal"].text


@rules("RTDT-FOE-9", "RTDT-FOE-10")
def test_removing_a_foe_by_an_effect_is_chosen_and_is_no_heroic_action() -> None:
    g = game(["relic_hunter"])
    board(g, ("brigands", CITADEL), ("oreks", CITADEL), ("brigands", BAZAAR))
    give(g, 0, spirit=3, treasures=["lamp_of_darkness"])
    play(g, "use lamp_of_darkness")
    assert g.pending is not None and g.pending.kind == "pick_foe"
    assert legal(g) == {f"foe brigands {CITADEL}", f"foe oreks {CITADEL}"}  # foes on your space
    play(g, f"foe oreks {CITADEL}")
    assert g.state.foes == [("brigands", CITADEL), ("brigands", BAZAAR)]
    h = g.hero(0)
    assert h.spirit == 3  # RTDT-FOE-10: no 2 spirit
    assert not g.state.turn.heroic_done  # not a heroic action: a Battle is still allowed
    assert f"battle brigands {CITADEL}" in legal(g)


@rules("RTDT-FOE-11")
def test_the_adversary_cannot_be_removed_by_an_effect() -> None:
    g = game(["relic_hunter"])
    board(g)
    g.state.adversary_space = CITADEL
    give(g, 0, treasures=["lamp_of_darkness"])
    illegal(g, "use lamp_of_darkness", "RTDT-FOE-9")  # the adversary alone is no target
    board(g, ("brigands", CITADEL))
    play(g, "use lamp_of_darkness")
    assert legal(g) == {f"foe brigands {CITADEL}"}
    adversary = g.state.config.adversary
    illegal(g, f"foe {adversary} {CITADEL}", "RTDT-FOE-9")
    play(g, f"foe brigands {CITADEL}")
    assert g.state.adversary_space == CITADEL
    assert f"battle {adversary} {CITADEL}" in legal(g)  # only a battle defeats it


# --- RTDT-BATTLE ---------------------------------------------------------------------------


def test_RTDT_BATTLE_1_battle_only_on_a_space_with_a_foe() -> None:
    g = game(["brutal_warlord"])
    board(g, ("brigands", FIVEPINT))  # next to the citadel, not on it
    assert not any(a.startswith("battle") for a in legal(g))
    illegal(g, f"battle brigands {FIVEPINT}", "RTDT-BATTLE-1")
    illegal(g, f"battle brigands {CITADEL}", "RTDT-BATTLE-1")
    at(g, 0, FIVEPINT)
    assert {a for a in legal(g) if a.startswith("battle")} == {f"battle brigands {FIVEPINT}"}
    give(g, 0, warriors=40)
    fight(g, "brigands", FIVEPINT, "generic_ambush", "generic_skirmish")
    play(g, "resolve", "resolve")
    assert g.state.foes == []  # fought and removed from the board


def reveal_battle_glyph(g: RtdtGame, facing: str) -> None:
    """Turn the Battle glyph's drum to face `facing` and take off the seal before it."""
    level, home = GLYPH_HOMES["battle"]
    side = SIDES.index(facing)
    g.state.tower.rotation[level] = (side - home) % N_SIDES
    g.state.tower.seals[level * N_SIDES + side] = False
    g._legal = None


@rules("RTDT-GLYPH-3")
def test_battle_with_the_glyph_facing_home_costs_a_spirit() -> None:
    g = game(["brutal_warlord"])
    board(g, ("brigands", CITADEL))
    reveal_battle_glyph(g, "north")
    give(g, 0, spirit=0, warriors=30)
    assert not any(a.startswith("battle") for a in legal(g))
    give(g, 0, spirit=1)
    play(g, f"battle brigands {CITADEL}")
    assert g.hero(0).spirit == 0 and g.state.battle is not None


@rules("RTDT-GLYPH-3")
def test_battle_refused_for_the_glyphs_spirit_says_so() -> None:
    g = game(["brutal_warlord"])
    board(g, ("brigands", CITADEL))
    reveal_battle_glyph(g, "north")
    give(g, 0, spirit=0)
    illegal(g, f"battle brigands {CITADEL}", "RTDT-GLYPH-3")


def test_RTDT_BATTLE_2_choose_which_foe_when_several_share_your_space() -> None:
    g = game(["brutal_warlord"])
    board(g, ("brigands", CITADEL), ("oreks", CITADEL), ("brigands", CITADEL), ("oreks", BAZAAR))
    assert {a for a in legal(g) if a.startswith("battle")} == {
        f"battle brigands {CITADEL}",
        f"battle oreks {CITADEL}",
    }
    give(g, 0, warriors=40)
    fight(g, "oreks", CITADEL, "generic_ambush", "generic_skirmish")
    assert g.state.battle.foe == "oreks"
    play(g, "resolve", "resolve")
    assert sorted(g.state.foes) == [("brigands", CITADEL), ("brigands", CITADEL), ("oreks", BAZAAR)]


def test_RTDT_BATTLE_3_automatic_advantages_are_counted_when_the_battle_starts() -> None:
    g = game(["brutal_warlord"])  # Champion of the North, Baleful (melee), Veteran (wild in battle)
    board(g, ("oreks", CITADEL))
    give(g, 0, gear=["longswords"], treasures=["lamp_of_hope"])
    h = g.hero(0)
    assert advantages.automatic(g.world, g.state, h, battling=False) == {
        "wild": 2,
        "melee": 2,
        "magic": 1,
    }
    fight(g, "oreks", CITADEL)
    # counted with the battle on: Veteran adds its wild
    assert g.state.battle.pool == {"wild": 3, "melee": 2, "magic": 1}
    assert g.state.battle.foe == "oreks" and g.state.battle.revealed


@pytest.mark.parametrize("foe", ["brigands", "lemures", "titans"])
def test_RTDT_BATTLE_4_cards_equal_to_the_level_revealed_one_at_a_time(foe: str) -> None:
    g = game(["brutal_warlord"])
    board(g, (foe, CITADEL))
    give(g, 0, warriors=60)
    level = g.world.content.foes[foe].level
    fight(
        g,
        foe,
        CITADEL,
        *(["generic_ambush", "generic_skirmish", "generic_raid", "generic_volley"][:level]),
    )
    for i in range(level):
        b = g.state.battle
        assert b.index == i and b.revealed and b.resolved == i
        view = g.observe(0)
        assert view["battle"]["card"] == i + 1 and view["battle"]["cards"] == level
        seen = json.dumps(view)
        assert all(c not in seen for c in b.cards[i + 1 :])  # later cards stay hidden
        play(g, "resolve")
    assert g.state.battle is None


@rules("RTDT-BATTLE-4")
def test_unrevealed_battle_cards_are_redrawn_by_determinize() -> None:
    g = game(["brutal_warlord"])
    board(g, ("dragons", CITADEL))
    give(g, 0, warriors=60)
    fight(g, "dragons", CITADEL)
    b = g.state.battle
    assert b is not None
    seen = set()
    for seed in range(5):
        d = g.determinize(0, seed).state.battle
        assert d is not None and d.cards[0] == b.cards[0] and d.rung == b.rung  # the revealed card
        seen.add(tuple(d.cards[1:]))
    assert len(seen) > 1


def test_RTDT_BATTLE_5_warrior_losses_trait_cards_and_one_critical_hit_per_foe() -> None:
    w = scenario().world
    cards = w.content.battle_cards
    criticals = []
    for foe in FOES:
        deck = deck_for(w, foe)
        crit = [c for c in deck if cards[c].family == "critical"]
        assert crit == [w.content.foes[foe].critical]
        criticals += crit
        special = [c for c in deck if cards[c].family == "trait"]
        assert special and all(cards[c].trait in w.content.foes[foe].traits for c in special)
        losing = [
            c
            for c in deck
            if any(e.op == "lose" and e.resource == "warriors" for e in cards[c].rungs[0].effects)
        ]
        assert len(losing) > len(deck) / 2  # many cards make you lose warriors
    assert len(set(criticals)) == len(criticals)  # each critical hit is the foe's own
    # what each trait's cards threaten, at their worst result
    threat = {
        "melee": lambda e: e.op == "lose_item" and e.kind == "gear",
        "magic": lambda e: e.op in ("tower_acts", "tower_stirs"),
        "stealth": lambda e: e.op == "lose_item" and e.kind == "potion",
        "beast": lambda e: e.op == "lose" and e.resource == "warriors",
        "humanoid": lambda e: e.op == "add_skulls",
        "undead": lambda e: e.op == "lose" and e.resource == "spirit",
    }
    for card in cards.values():
        if card.family == "trait":
            assert card.trait is not None
            assert any(threat[card.trait](e) for e in card.rungs[0].effects), card.id
    for adv in ADVERSARIES:
        assert [c for c in deck_for(w, adv) if cards[c].family == "critical"] == [
            w.content.adversaries[adv].critical
        ]


def test_RTDT_BATTLE_6_an_advantage_moves_the_card_to_a_better_result() -> None:
    g = game(["spymaster"])  # 2 wild (Champion of the North), 1 stealth (Alert)
    board(g, ("brigands", CITADEL), brigands="unsteady")
    give(g, 0, warriors=10, spirit=0)
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    assert g.state.battle.rung == 2 and card_text(g) == "Lose 4 warriors."
    play(g, "advantage stealth")
    assert g.state.battle.rung == 3 and card_text(g) == "You come through unharmed."
    play(g, "advantage wild")
    assert card_text(g) == "Gain 1 spirit."  # up to a positive effect
    play(g, "resolve")
    assert g.hero(0).spirit == 1 and g.hero(0).warriors == 10


def test_RTDT_BATTLE_7_advantages_spread_freely_over_the_cards() -> None:
    g = game(["spymaster"])
    board(g, ("lemures", CITADEL), lemures="lethal")  # magic, undead: only the 2 wild apply
    give(g, 0, warriors=40, treasures=["lamp_of_hope"])  # + 1 magic
    fight(g, "lemures", CITADEL, "generic_ambush", "generic_skirmish", "generic_raid")
    play(g, "advantage wild", "advantage magic")  # two on the first card
    assert card_text(g) == "Lose 4 warriors."
    play(g, "resolve")
    assert card_text(g) == "Lose 10 warriors."
    play(g, "resolve")  # none on the second
    play(g, "advantage wild")  # the one saved for the last card
    assert card_text(g) == "Lose 5 warriors, plus 1 per skull on or next to your space."
    assert g.state.battle.pool == {"wild": 0, "magic": 0, "stealth": 1}
    skulls(g, radiant_mountains=0)
    play(g, "resolve")
    assert g.hero(0).warriors == 40 - 4 - 10 - 5


def test_RTDT_BATTLE_8_a_card_improves_only_up_to_its_best_result() -> None:
    g = game(["spymaster"])
    board(g, ("brigands", CITADEL), brigands="panicked")
    give(g, 0, warriors=10)
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    play(g, "advantage wild")
    assert g.state.battle.rung == 4
    assert not any(a.startswith("advantage") for a in legal(g))
    illegal(g, "advantage wild", "RTDT-BATTLE-8")
    illegal(g, "advantage stealth", "RTDT-BATTLE-8")
    assert g.state.battle.pool == {"wild": 1, "stealth": 1}  # nothing wasted


def test_RTDT_BATTLE_9_used_advantages_cannot_be_taken_back() -> None:
    g = game(["spymaster"])
    board(g, ("brigands", CITADEL), brigands="lethal")
    give(g, 0, warriors=30)
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    play(g, "advantage wild", "advantage wild", "advantage stealth")
    b = g.state.battle
    assert b.pool == {"wild": 0, "stealth": 0} and b.used == 3 and b.rung == 3
    for a in legal(g):  # nothing lowers the card or gives the advantages back
        c = g.clone()
        c.apply(a)
        if c.state.battle is not None and c.state.battle.index == 0:
            assert c.state.battle.rung >= 3 and c.state.battle.used >= 3
    play(g, "resolve")  # the next card: the spent advantages are gone
    assert g.state.battle.pool == {"wild": 0, "stealth": 0}
    assert not any(a.startswith("advantage") for a in legal(g))


def test_RTDT_BATTLE_10_resolve_then_see_the_next_card() -> None:
    g = game(["spymaster"])
    board(g, ("brigands", CITADEL), brigands="ready")
    give(g, 0, warriors=30)
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    assert legal(g) == {"advantage wild", "advantage stealth", "resolve"}
    illegal(g, "end", "RTDT-BATTLE-10")  # nothing else until the card is resolved
    illegal(g, "move fivepint", "RTDT-BATTLE-10")
    assert g.state.battle.index == 0 and g.hero(0).warriors == 30
    play(g, "resolve")
    assert g.hero(0).warriors == 22  # the first card's result, then the next card
    assert g.state.battle.index == 1 and card_text(g) == "Lose 7 warriors."


def test_RTDT_BATTLE_11_an_unpaid_card_gives_one_corruption() -> None:
    g = game(["spymaster"])
    board(g, ("brigands", CITADEL), brigands="lethal")
    skulls(g, radiant_mountains=0)
    give(g, 0, warriors=3)
    # the critical hit asks for 6 warriors, a potion and a skull: two losses unpaid
    fight(g, "brigands", CITADEL, "critical_brigands", "generic_skirmish")
    play(g, "resolve")
    answer_all(g)  # the skull goes on a building near
    h = g.hero(0)
    assert h.warriors == 0 and len(h.corruptions) == 1  # pay what you can, one corruption
    play(g, "resolve")  # 10 more, none left: a second card, a second corruption
    assert h.warriors == 0 and len(h.corruptions) == 2
    assert g.state.battle is None and g.state.foes == []
    # a third corruption mid-battle loses the game at once; the battle stops there
    g = game(["spymaster"])
    board(g, ("brigands", CITADEL), brigands="lethal")
    give(g, 0, warriors=3, corruptions=g.state.corruption_deck[:2])
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    play(g, "resolve")
    assert g.result is not None and g.result.outcome == "loss" and "corruption" in g.result.cause
    assert g.state.battle is None and g.legal_actions() == []


def test_RTDT_BATTLE_12_after_the_last_card_the_foe_is_defeated_and_removed() -> None:
    g = game(["spymaster"])
    board(g, ("brigands", CITADEL), ("brigands", BAZAAR), brigands="panicked")
    give(g, 0, warriors=10, spirit=1)
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    play(g, "resolve")
    assert (("brigands", CITADEL)) in g.state.foes  # not before the last card
    play(g, "resolve")
    assert g.state.battle is None
    assert g.state.foes == [("brigands", BAZAAR)]  # only the token fought
    assert any("defeats the Brigands" in line for line in g.log)
    assert g.hero(0).spirit == 1 + 2  # RTDT-HEROIC-4
    assert g.state.turn.heroic_done


def test_brigands_battle_example_from_the_rulebook() -> None:
    """Lethal brigands, four advantages: the first card's 12 lost warriors climb three
    rungs to nothing; the last advantage makes the second card's 10 into 7; the brigands
    are defeated, their token leaves the board, and the hero gains 2 spirit."""
    g = game(["spymaster"])
    board(g, ("brigands", CITADEL), brigands="lethal")
    give(g, 0, warriors=10, spirit=1, gear=["dusky_cloaks"])
    spirit = g.hero(0).spirit
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    b = g.state.battle
    assert len(b.cards) == 2  # level 2
    assert sum(b.pool.values()) == 4 and b.pool == {"wild": 2, "stealth": 2}
    assert card_text(g) == "Lose 12 warriors."
    play(g, "advantage wild", "advantage wild", "advantage stealth")
    assert card_text(g) == "You come through unharmed."
    play(g, "resolve")
    assert g.hero(0).warriors == 10
    assert card_text(g) == "Lose 10 warriors."
    play(g, "advantage stealth")
    assert card_text(g) == "Lose 7 warriors."
    play(g, "resolve")
    h = g.hero(0)
    assert h.warriors == 3 and h.corruptions == []
    assert g.state.battle is None and g.state.foes == []
    assert h.spirit == spirit + 2
    assert h.gear == ["dusky_cloaks"]  # RTDT-ADV-10: the cloaks are kept


# --- RTDT-HEROIC-3, RTDT-SKULL-8 -------------------------------------------------------------


def test_RTDT_HEROIC_3_advantages_are_calculated_before_the_battle() -> None:
    g = game(["relic_hunter"])  # Champion of the North, Precise (humanoid)
    board(g, ("brigands", FIVEPINT))
    at(g, 0, FIVEPINT)  # a lake: the Champion of the North gives nothing here
    give(g, 0, gear=["dusky_cloaks"], potions=["potion_of_fortunes_favor"])
    fight(g, "brigands", FIVEPINT)
    # automatic ones only; the potion's conditional wild is not counted until paid
    assert g.state.battle.pool == {"humanoid": 1, "stealth": 1}
    play(g, "use potion_of_fortunes_favor")
    assert g.state.battle.pool == {"humanoid": 1, "stealth": 1, "wild": 1}


@rules("RTDT-SKULL-8")
def test_a_battle_cards_loss_grows_with_skulls_near_your_space() -> None:
    def loss(**on: int) -> int:
        g = game(["spymaster"])
        board(g, ("brigands", GREEN_BRIDGE), brigands="lethal")
        at(g, 0, GREEN_BRIDGE)  # next to the bazaar, the citadel and the sanctuary
        skulls(g, dayside=0, radiant_mountains=0, upper_ice_fangs=0, egans_end=0)
        skulls(g, **on)
        give(g, 0, warriors=50)
        fight(g, "brigands", GREEN_BRIDGE, "generic_volley", "generic_skirmish")
        assert card_text(g) == "Lose 4 warriors, plus 2 per skull on or next to your space."
        play(g, "resolve")
        return 50 - g.hero(0).warriors

    assert loss() == 4
    assert loss(dayside=1, radiant_mountains=2) == 4 + 2 * 3
    assert loss(egans_end=3) == 4  # far away: no effect


# --- RTDT-ADV -----------------------------------------------------------------------------


def test_RTDT_ADV_1_six_advantage_types_one_per_attribute() -> None:
    assert set(advantages.TYPES) == {
        "beast",
        "magic",
        "humanoid",
        "melee",
        "undead",
        "stealth",
        "wild",
    }
    c = scenario().world.content
    attributes = {t for f in c.foes.values() for t in f.traits}
    attributes |= {t for a in c.adversaries.values() for t in a.traits}
    assert attributes == set(advantages.TYPES) - {"wild"}


def test_RTDT_ADV_2_wild_advantages_count_as_any_type() -> None:
    for foe in FOES:
        g = game(["brutal_warlord"])
        board(g, (foe, CITADEL), **{foe: "lethal"})
        give(g, 0, warriors=60)
        fight(g, foe, CITADEL)
        g.state.battle.pool = {"wild": 1}
        g._legal = None
        assert "advantage wild" in legal(g)
        play(g, "advantage wild")
        assert g.state.battle.rung == 1


def test_RTDT_ADV_3_an_advantage_works_only_against_a_matching_attribute() -> None:
    g = game(["brutal_warlord"])  # Baleful gives melee
    board(g, ("brigands", CITADEL))  # stealth, humanoid
    give(g, 0, warriors=30, treasures=["lamp_of_hope"])  # magic
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    assert g.state.battle.pool["melee"] == 1 and g.state.battle.pool["magic"] == 1
    illegal(g, "advantage melee", "RTDT-ADV-3")
    illegal(g, "advantage magic", "RTDT-ADV-3")
    illegal(g, "advantage stealth", "RTDT-ADV-3")  # the right type, but none to spend
    assert "advantage wild" in legal(g)


def test_RTDT_ADV_4_advantages_improve_battle_card_results() -> None:
    g = game(["brutal_warlord"])
    board(g, ("oreks", CITADEL), oreks="lethal")
    give(g, 0, warriors=30)
    fight(g, "oreks", CITADEL, "generic_ambush", "generic_skirmish")
    ladder = [r.text for r in g.world.content.battle_cards["generic_ambush"].rungs]
    seen = [card_text(g)]
    for _ in range(4):
        play(g, "advantage wild" if "advantage wild" in legal(g) else "advantage melee")
        seen.append(card_text(g))
    assert seen == ladder


def test_RTDT_ADV_5_automatic_advantages_counted_at_the_start() -> None:
    g = game(["brutal_warlord"])
    board(g, ("oreks", CITADEL))
    give(g, 0, warriors=30, gear=["longswords"])
    fight(g, "oreks", CITADEL, "melee_disarm", "generic_ambush")
    # Champion of the North (2 wild on mountains), Veteran (1 wild in battle), Baleful, Longswords
    assert g.state.battle.pool == {"wild": 3, "melee": 2}
    # a count of what holds where the battle starts: off the mountains, no Champion
    g = game(["brutal_warlord"])
    board(g, ("oreks", FIVEPINT))
    at(g, 0, FIVEPINT)
    give(g, 0, warriors=30, gear=["longswords"])
    fight(g, "oreks", FIVEPINT)
    assert g.state.battle.pool == {"wild": 1, "melee": 2}


def test_RTDT_ADV_6_conditional_advantages_are_paid_for_mid_battle() -> None:
    g = game(["relic_hunter"])
    board(g, ("brigands", FIVEPINT), brigands="lethal")
    at(g, 0, FIVEPINT)
    give(
        g,
        0,
        warriors=30,
        potions=["potion_of_fortunes_favor"],
        treasures=["scroll_of_twilight_shadow"],
    )
    assert "use potion_of_fortunes_favor" not in legal(g)  # nothing to gain outside a battle
    fight(g, "brigands", FIVEPINT, "generic_ambush", "generic_skirmish")
    assert g.state.battle.pool == {"humanoid": 1}
    play(g, "resolve")  # gained only when needed: on the second card
    play(g, "use scroll_of_twilight_shadow", "use potion_of_fortunes_favor")
    h = g.hero(0)
    assert h.potions == [] and h.treasures == []  # the cost is paid
    assert g.state.battle.pool == {"humanoid": 1, "stealth": 4, "wild": 1}
    play(g, "advantage stealth", "advantage stealth", "advantage wild")  # usable at once
    assert card_text(g) == "You come through unharmed."


@pytest.mark.parametrize("card", ["grigor", "fulminating_silver"])
@rules("RTDT-ADV-6")
def test_conditional_advantages_of_companions_and_quest_items_can_be_bought(card: str) -> None:
    g = game(["brutal_warlord"])
    board(g, ("oreks", CITADEL), oreks="lethal")
    give(g, 0, warriors=30, spirit=3)
    h = g.hero(0)
    (h.companions if card == "grigor" else h.quest_items).append(card)
    g._legal = None
    fight(g, "oreks", CITADEL)
    wild = g.state.battle.pool.get("wild", 0)
    play(g, f"use {card}")
    assert g.state.battle.pool["wild"] == wild + 1 and h.spirit == 2


def test_RTDT_ADV_7_an_item_gained_mid_battle_gives_its_advantages_at_once() -> None:
    g = game(["relic_hunter"])
    board(g, ("brigands", FIVEPINT), brigands="lethal")
    at(g, 0, FIVEPINT)
    give(g, 0, warriors=30, virtues=["lucky"], treasures=["scroll_of_burning_sands"])
    # Lucky: after spending a treasure, draw one from the deck: make it the Cloak of Stars
    deck = g.state.treasure_deck
    deck.remove("cloak_of_stars")
    deck.insert(0, "cloak_of_stars")
    fight(g, "brigands", FIVEPINT, "generic_ambush", "generic_skirmish")
    assert g.state.battle.pool == {"humanoid": 1}
    play(g, "use scroll_of_burning_sands")  # 4 magic (useless here); Lucky draws the cloak
    assert "cloak_of_stars" in g.hero(0).treasures
    assert g.state.battle.pool.get("stealth", 0) == 1
    play(g, "advantage stealth")


def test_RTDT_ADV_8_an_item_lost_mid_battle_leaves_its_advantages() -> None:
    g = game(["brutal_warlord"])
    board(g, ("oreks", CITADEL), oreks="ready")
    give(g, 0, warriors=30, gear=["longswords"])
    fight(g, "oreks", CITADEL, "melee_disarm", "generic_ambush")
    assert card_text(g) == "Lose a gear card."
    play(g, "resolve")
    answer_all(g)
    assert g.hero(0).gear == []  # the Longswords are lost
    assert g.state.battle.pool["melee"] == 2  # Baleful's and the Longswords' still there
    play(g, "advantage melee", "advantage melee")
    assert g.state.battle.rung == 3


def test_RTDT_ADV_9_at_most_ten_advantages_in_one_heroic_action() -> None:
    g = game(["brutal_warlord"])
    board(g, ("dragons", CITADEL), dragons="lethal")
    give(g, 0, warriors=60)
    fight(g, "dragons", CITADEL, "generic_ambush", "generic_skirmish", "generic_raid", "beast_maul")
    g.state.battle.pool = {"wild": 12}
    g._legal = None
    play(g, *["advantage wild"] * 4, "resolve", *["advantage wild"] * 4, "resolve")
    play(g, "advantage wild", "advantage wild")
    b = g.state.battle
    assert b.used == 10 and b.pool == {"wild": 2} and b.rung == 2
    illegal(g, "advantage wild", "RTDT-ADV-9")
    play(g, "resolve")
    assert not any(a.startswith("advantage") for a in legal(g))


def test_cursed_allows_no_more_than_four_advantages_a_turn() -> None:
    g = game(["brutal_warlord"])
    board(g, ("oreks", CITADEL), oreks="lethal")
    give(
        g, 0, warriors=60, corruptions=["cursed"], gear=["longswords"], treasures=["azkols_banner"]
    )
    fight(g, "oreks", CITADEL, "generic_ambush", "generic_skirmish")
    assert g.state.battle.pool == {"wild": 3, "melee": 3}
    play(g, "advantage wild", "advantage wild", "advantage wild", "advantage melee", "resolve")
    assert g.state.battle.pool["melee"] == 2
    assert legal(g) == {"resolve"}  # advantages left, but the turn's four are spent


def test_cursed_cap_is_explained_as_the_corruptions_effect() -> None:
    g = game(["brutal_warlord"])
    board(g, ("oreks", CITADEL), oreks="lethal")
    give(
        g, 0, warriors=60, corruptions=["cursed"], gear=["longswords"], treasures=["azkols_banner"]
    )
    fight(g, "oreks", CITADEL, "generic_ambush", "generic_skirmish")
    play(g, "advantage wild", "advantage wild", "advantage wild", "advantage melee", "resolve")
    illegal(g, "advantage melee", "RTDT-CORR-7")


def test_RTDT_ADV_10_using_an_advantage_keeps_the_item() -> None:
    g = game(["brutal_warlord"])
    board(g, ("oreks", CITADEL), oreks="lethal")
    give(g, 0, warriors=30, gear=["longswords"], treasures=["azkols_banner"])
    fight(g, "oreks", CITADEL, "generic_ambush", "generic_skirmish")
    play(g, "advantage melee", "advantage melee", "advantage melee")
    h = g.hero(0)
    assert h.gear == ["longswords"] and h.treasures == ["azkols_banner"]
    assert g.state.gear_piles["longswords"] == g.world.content.gear["longswords"].copies - 1


def test_RTDT_ADV_11_unused_advantages_vanish_when_the_action_ends() -> None:
    g = game(["brutal_warlord"])
    board(g, ("oreks", CITADEL), ("oreks", CITADEL), oreks="panicked")
    give(g, 0, warriors=30, spirit=3, potions=["potion_of_fortunes_favor"])
    fight(g, "oreks", CITADEL, "generic_ambush", "generic_skirmish")
    play(g, "use potion_of_fortunes_favor")
    assert g.state.battle.pool == {"wild": 4, "melee": 1}
    play(g, "resolve", "resolve")  # none used
    assert g.state.battle is None
    next_turn(g)
    fight(g, "oreks", CITADEL, "generic_ambush", "generic_skirmish")
    b = g.state.battle
    assert b is not None
    assert b.pool == {"wild": 3, "melee": 1} and b.used == 0  # the potion's wild is gone


# --- RTDT-ADVERSARY --------------------------------------------------------------------------

ADV_CARDS = (
    "generic_ambush",
    "generic_skirmish",
    "generic_raid",
    "generic_horde",
    "generic_flanking",
)


def adversary_game(adversary: str = "lingering_rot") -> RtdtGame:
    g = game(["brutal_warlord"])
    board(g)
    with_adversary(g, adversary)
    g.state.adversary_space = CITADEL
    skulls(g, radiant_mountains=0)
    give(g, 0, warriors=200, spirit=3)
    return g


@rules("RTDT-ADVERSARY-4")
def test_the_adversary_falls_after_five_cards_in_one_battle() -> None:
    g = adversary_game()
    assert ADVERSARY_CARDS == 5
    fight(g, "lingering_rot", CITADEL, *ADV_CARDS)
    assert len(g.state.battle.cards) == 5 and g.state.battle.adversary
    for _ in range(4):
        play(g, "resolve")
        assert g.result is None
        play(g, "continue")
    play(g, "resolve")
    assert g.result is not None and g.result.outcome == "win"
    assert "adversary" in g.result.cause
    assert g.state.adversary_space == ""


@rules("RTDT-ADVERSARY-5")
def test_retreat_from_the_adversary_only_after_a_card() -> None:
    g = adversary_game()
    fight(g, "lingering_rot", CITADEL, *ADV_CARDS)
    illegal(g, "retreat", "RTDT-ADVERSARY-5")  # at least one card first
    play(g, "resolve")
    assert legal(g) == {"continue", "retreat"}  # then a choice after each card
    illegal(g, "resolve", "RTDT-ADVERSARY-5")  # continue or retreat first
    play(g, "continue")
    assert g.state.battle.index == 1 and g.state.battle.revealed
    play(g, "resolve", "retreat")
    assert g.state.battle is None and g.result is None
    assert g.state.adversary_space == CITADEL  # it stays on the board
    # retreat is only from the adversary
    g = game(["brutal_warlord"])
    board(g, ("dragons", CITADEL))
    give(g, 0, warriors=60)
    fight(g, "dragons", CITADEL)
    play(g, "resolve")
    illegal(g, "retreat", "RTDT-ADVERSARY-5")


@rules("RTDT-ADVERSARY-6", "RTDT-ADVERSARY-7")
def test_adversary_cards_keep_their_improvements_into_later_battles() -> None:
    g = adversary_game()
    fight(g, "lingering_rot", CITADEL, *ADV_CARDS)
    start = g.world.content.battle.start_rung["ready"]
    assert g.state.battle.rung == start
    play(g, "advantage wild", "advantage wild")  # the Ambush: two rungs better
    assert card_text(g) == "You come through unharmed."
    play(g, "resolve", "retreat")
    assert g.state.adversary_rungs == {"generic_ambush": 2}
    next_turn(g)
    # a second battle: the improved Ambush comes back with its improvements applied
    rig_first_card(g, "lingering_rot", "generic_ambush")
    play(g, f"battle lingering_rot {CITADEL}")
    b = g.state.battle
    assert b.cards[0] == "generic_ambush" and b.rung == start + 2
    assert card_text(g) == "You come through unharmed."
    b.cards[1:] = list(ADV_CARDS[1:])
    g._legal = None
    play(g, "resolve", "continue")
    assert g.state.battle.rung == start  # unimproved cards start as usual
    # RTDT-ADVERSARY-7: five cards in this battle (the first battle's card does not count)
    for _ in range(3):
        play(g, "resolve")
        assert g.result is None
        play(g, "continue")
    play(g, "resolve")
    assert g.result is not None and g.result.outcome == "win"


@rules("RTDT-ADVERSARY-7")
def test_cards_resolved_over_several_battles_do_not_add_up() -> None:
    g = adversary_game()
    for _ in range(3):  # two cards a battle, six in all, never five in one battle
        fight(g, "lingering_rot", CITADEL, *ADV_CARDS)
        play(g, "resolve", "continue", "resolve", "retreat")
        assert g.result is None and g.state.adversary_space == CITADEL
        next_turn(g)


@pytest.mark.parametrize("adversary", ADVERSARIES)
@rules("RTDT-ADVERSARY-8")
def test_the_tower_acts_is_the_adversary_striking_from_the_tower(adversary: str) -> None:
    g = game(["brutal_warlord", "spymaster"])
    board(g)
    with_adversary(g, adversary)
    assert g.state.adversary_space == ""  # still inside the Tower
    for seat in (0, 1):
        give(g, seat, warriors=20, spirit=5)
    give(g, 0, gear=["longswords"], potions=["potion_of_fortunes_favor"])
    skulls(g, **{h.space: 1 for h in g.state.heroes})  # skulls near each hero (Ashstrider)
    before = [h.to_json() for h in g.state.heroes]
    g.state.events = ["tower_acts"]
    g.state.emerged = []
    g.state.dropper = 0
    g.state.turn.phase = "events"
    resume(g)
    answer_all(g)
    name = g.world.content.adversaries[adversary].name
    assert any(f"the Tower acts: {name}" in line for line in g.log)
    after = [h.to_json() for h in g.state.heroes]
    assert after[0] != before[0] and after[1] != before[1]  # it reaches every hero
