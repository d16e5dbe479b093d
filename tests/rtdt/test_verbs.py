"""One verb, one place: a turn verb's offer and its refusal ask the same predicates
(rules/verbs.py), so an action is offered exactly when its verb does not refuse it, and
every refusal names its rule.

Checked at every turn step of random games of every mode, over each verb's candidate
instances (every space, every foe token, every quest, every seat, ...), not only those the
engine offers. Also: the refusals players met with the wrong rule or no reason at all.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, give, legal, scenario
from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action, parse
from towerplay.rtdt.game import RtdtGame, make_config, new_game
from towerplay.rtdt.rules import actions
from towerplay.rtdt.rules.advantages import automatic
from towerplay.rtdt.rules.verbs import ADDED_VERBS, Turn
from towerplay.rtdt.state import ActiveQuest

RULE_ID = re.compile(r"^(RTDT|COV|CMP)-[A-Z]+-\d+$")
MODES = [
    ("base", dict(players=2)),
    ("base4", dict(players=4, difficulty="gritty")),
    ("covenant", dict(players=2, expansion="covenant")),
    ("covenant1", dict(players=1, expansion="covenant")),
    ("competitive", dict(players=3, mode="competitive")),
]


def candidates(g: RtdtGame, c: Turn) -> list[Action]:
    """Instances of every declared verb worth asking about now, offered or not."""
    w, s, h = c.w, c.s, c.h
    spaces = list(w.board.neighbours)
    out = [parse(t) for t in ("banner", "double", "haggle", "end", "end skip", "resolve x")]
    out += [parse(f"banner {o.hero}") for o in s.heroes]
    out += [parse(f"resolve {cid}") for cid in c.t.start_pending]
    out += [parse(f"move {sp}") for sp in spaces]
    out += [parse(f"cleanse {sp}") for sp in spaces]
    tokens = {(f, sp) for f, sp in s.foes} | {(f, h.space) for f, _ in s.foes}
    tokens.add((s.config.adversary, s.adversary_space or h.space))
    out += [parse(f"battle {f} {sp}") for f, sp in sorted(tokens)]
    out += [parse(f"quest {q}") for q in dict.fromkeys(aq.quest for aq in s.quests)]
    out += [parse(f"quest {q}") for q in list(w.content.quests)[:3]]
    out += [parse(f"explore {sp}") for sp in {*s.dungeons, h.space}]
    out += [parse(f"reinforce {o}") for o in ("free", "enhanced", "tree", "best")]
    out += [parse(f"trade {o.seat}") for o in s.heroes] + [parse("trade 9")]
    if "build" in ADDED_VERBS.of(w.hooks):  # Covenant's Build (COV-BUILD-1)
        out += [parse("build"), parse("build here")]
    if "trial" in ADDED_VERBS.of(w.hooks):  # the competitive mode's trials (CMP-TRIAL-1)
        others = [x for x in list(w.content.trials)[:3] if x not in h.trials]
        out += [parse(f"trial {x}") for x in [*h.trials, *h.trials_done, *others]]
        out += [parse("trial"), parse("trial nothing_such")]
    return out


def check_turn(g: RtdtGame) -> int:
    """Offer and refusal agree for every candidate of every verb; returns how many were
    asked."""
    w, s = g.world, g.state
    c = actions.turn(w, s)
    legal_now = g.legal_actions()
    asked = 0
    for a in candidates(g, c):
        verb = actions.declared(w, a[0])
        assert verb is not None, a
        offered: list[Action] = []
        verb.offer(c, offered)
        why = verb.refuse(c, a)
        asked += 1
        if a in offered:
            assert why is None, f"{a} is offered but refused: {why}"
            continue
        assert why is not None, f"{a} is neither offered nor refused"
        assert RULE_ID.match(why.rule), why
        assert why.rule != "RTDT-TURN-1", f"{a}: {why}"  # a reason of its own, not "not now"
        assert a not in legal_now or a[0] == "explore", a  # the Tower's dungeon: a hook's
    # the engine offers a declared verb's action only if its verb does (hooks may narrow)
    for a in legal_now:
        unit = actions.declared(w, a[0])
        if unit is not None and not (a[0] == "explore" and a[1] == "tower"):
            offered = []
            unit.offer(c, offered)
            assert a in offered, a
        if unit is not None:  # every legal action of a verb is its typed record
            assert type(a) is unit.record, (a, type(a))
    return asked


@pytest.mark.parametrize("mode", [m for m, _ in MODES])
def test_offered_exactly_when_not_refused(mode: str) -> None:
    options = dict(MODES)[mode]
    asked = steps = 0
    for seed in range(3):
        g = new_game(make_config(seed=seed, **options), seed=seed)  # type: ignore[arg-type]
        pick = random.Random(seed)
        for _ in range(400):
            if g.result is not None:
                break
            s = g.state
            if not (s.pending or s.trade or s.battle or s.delve):
                asked += check_turn(g)
                steps += 1
                if steps % 7 == 0:  # the engine's refusal is the verb's, state unchanged
                    _engine_refuses(g, pick)
            g.apply(pick.choice(g.legal_actions()))
    assert steps > 30 and asked > 3000, (steps, asked)


def _engine_refuses(g: RtdtGame, pick: random.Random) -> None:
    c = actions.turn(g.world, g.state)
    barred = [a for a in candidates(g, c) if a not in g.legal_actions()]
    for a in pick.sample(barred, min(5, len(barred))):
        before = g.state_hash()
        with pytest.raises(IllegalAction) as e:
            g.apply(a)
        assert e.value.rule != "RTDT-TURN-1", str(e.value)
        assert g.state_hash() == before


# --- the refusals players met -----------------------------------------------------------------


@rules("COV-WASTE-4")
def test_COV_WASTE_4_a_hero_held_by_a_wasteland_is_refused_double_for_it() -> None:
    g = scenario(("devious_swindler",), expansion="covenant")
    give(g, 0, spirit=5)
    g.state.cov.stuck.append(0)  # type: ignore[union-attr]
    g._legal = None
    assert "double" not in legal(g)
    before = g.state_hash()
    with pytest.raises(IllegalAction) as e:
        g.apply("double")
    assert e.value.rule == "COV-WASTE-4", str(e.value)
    assert g.state_hash() == before
    assert ("double", "COV-WASTE-4") in [(v, r.rule) for v, r in g.unavailable()]


@rules("RTDT-QUEST-3")
def test_RTDT_QUEST_3_a_quest_short_of_advantages_says_how_many() -> None:
    g = scenario(("orphaned_scion",))
    s = g.state
    s.quests.append(ActiveQuest("a_heroic_beginning", 1, "greater_tombstones", "main_goal"))
    at(g, 0, "greater_tombstones")  # the eastern trial: 4 advantages of any type
    have = sum(automatic(g.world, s, g.hero(0), battling=False).values())
    assert have < 4
    assert "quest a_heroic_beginning" not in legal(g)
    with pytest.raises(IllegalAction) as e:
        g.apply("quest a_heroic_beginning")
    assert e.value.rule == "RTDT-QUEST-3", str(e.value)
    assert f"this quest needs 4 advantages, you have {have}" in str(e.value)
    assert ("quest a_heroic_beginning", "RTDT-QUEST-3") in [(v, r.rule) for v, r in g.unavailable()]


def test_unavailable_lists_barred_verbs_with_reasons_and_numbers() -> None:
    g = scenario(("orphaned_scion",))
    give(g, 0, spirit=0)
    g._legal = None
    barred = dict(g.unavailable())
    assert "doubling your move costs 1 spirit, you have 0" in str(barred["double"])
    assert all(RULE_ID.match(r.rule) for r in barred.values())
    offered = {a[0] for a in g.legal_actions()}
    assert not offered & set(barred)  # a verb with a legal instance is not listed
    if not any(sp == g.hero(0).space for _, sp in g.state.foes):
        assert str(barred["battle"]) == "Battle needs a foe on your space [RTDT-BATTLE-1]"


@rules("COV-BUILD-1")
def test_COV_BUILD_1_build_is_a_verb_of_its_own_greyed_with_its_reason() -> None:
    """Covenant's Build is declared once (covenant/turn.py), added to the turn's verbs by
    the game's hook table: not a verb at all in a base game, greyed with its reason in a
    Covenant one, and refused with that reason, not a generic "not an action now"."""
    base = scenario(("orphaned_scion",))
    assert actions.declared(base.world, "build") is None
    assert "build" not in dict(base.unavailable())
    g = scenario(("orphaned_scion",), expansion="covenant")
    barred = dict(g.unavailable())
    assert str(barred["build"]) == (
        "Build needs a foundation with three offerings on your space [COV-BUILD-1]"
    )
    with pytest.raises(IllegalAction) as e:
        g.apply("build here")
    assert e.value.rule == "COV-BUILD-1" and "the notation is build" in str(e.value)


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        ("double 3", "RTDT-MOVE-2"),
        ("move", "RTDT-MOVE-7"),
        ("move a b", "RTDT-MOVE-7"),
        ("cleanse", "RTDT-CLEANSE-1"),
        ("battle brigands", "RTDT-BATTLE-1"),
        ("quest", "RTDT-QUEST-1"),
        ("reinforce", "RTDT-REINF-2"),
        ("reinforce tree now", "RTDT-TOKEN-9"),
        ("trade", "RTDT-TRADE-1"),
        ("end now", "RTDT-TURN-8"),
        ("haggle twice", "RTDT-HAGGLE-1"),
    ],
)
def test_a_verb_written_wrong_is_refused_with_its_notation_and_nothing_changes(
    action: str, rule: str
) -> None:
    g = scenario(("orphaned_scion", "spymaster"))
    before = g.state_hash()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, str(e.value)
    assert "the notation is" in str(e.value)
    assert g.state_hash() == before


@rules("CMP-TRIAL-2")
def test_CMP_TRIAL_2_a_trial_short_of_what_it_asks_says_what_is_missing() -> None:
    """The competitive trial is a verb of its own (competitive.py TRIAL): greyed with what it
    lacks, refused with its numbers, offered once met, among the Quest actions."""
    g = new_game(make_config(seed=2, players=3, mode="competitive"), seed=2)
    w, h = g.world, g.hero(0)
    trial = next(x for x, c in w.content.trials.items() if c.needs.carry_treasures == 3)
    h.trials[0] = trial  # "hold 3 treasures" (Impress the Winter Fey)
    at(g, 0, w.content.trials[trial].space)
    h.treasures.clear()
    g._legal = None
    barred = dict(g.unavailable())
    assert "this trial needs 3 treasures, you have 0" in str(barred[f"trial {trial}"])
    before = g.state_hash()
    with pytest.raises(IllegalAction) as e:
        g.apply(f"trial {trial}")
    assert e.value.rule == "CMP-TRIAL-2" and g.state_hash() == before
    give(g, 0, treasures=list(g.state.treasure_deck[:3]), spirit=5, warriors=30)
    assert f"trial {trial}" in legal(g)
    other = next(x for x in w.content.trials if x not in h.trials)
    with pytest.raises(IllegalAction) as e:
        g.apply(f"trial {other}")
    assert e.value.rule == "CMP-TRIAL-3" and "is not one of your trials" in str(e.value)
