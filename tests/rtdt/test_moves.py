"""The moves inside a Battle and a dungeon are offered exactly when their own predicates do
not refuse them (rules/battle.py `why_battle_move`, rules/dungeons.py `why_delve_move`),
and the engine refuses the others with that reason and rule, leaving the state unchanged."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from towerplay.agents.random import RandomAgent
from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action, parse
from towerplay.rtdt import explain
from towerplay.rtdt.game import RtdtGame, new_game
from towerplay.rtdt.rules import advantages, battle_moves, dungeons, trading
from towerplay.rtdt.rules.verbs import Refusal
from towerplay.rtdt.world import get_world

MODES = {
    "base": dict(players=2),
    "base4": dict(players=4, difficulty="gritty"),
    "covenant": dict(players=2, expansion="covenant"),
    "competitive": dict(players=3, mode="competitive"),
}
TRAITS = [*advantages.TYPES, "nothing_such"]


def battle_candidates() -> list[Action]:
    words = ["continue", "retreat", "blessed", "resolve", "advantage", "blessed now"]
    return [parse(t) for t in words] + [parse(f"advantage {t}") for t in TRAITS]


def delve_candidates() -> list[Action]:
    words = ["leave", "blessed", "resolve", "improve", "room", "room x"]
    out = [parse(t) for t in words] + [parse(f"room {n}") for n in range(13)]
    return out + [parse(f"improve {t}") for t in TRAITS]


def check(g: RtdtGame) -> tuple[int, int]:
    """Offer and refusal agree for every candidate move of this step; returns how many were
    offered and refused."""
    w, s = g.world, g.state
    h = s.heroes[s.turn.seat]
    if s.battle is not None:
        return agree(g, battle_candidates(), lambda a: battle_moves.why_battle_move(w, s, h, a))
    return agree(g, delve_candidates(), lambda a: dungeons.why_delve_move(w, s, h, a))


def agree(
    g: RtdtGame,
    candidates: list[Action],
    why: Callable[[Action], Refusal | None],
    also: Callable[[Action, Refusal], None] | None = None,
) -> tuple[int, int]:
    """Each candidate is offered exactly when `why` does not refuse it, and the engine
    refuses the others under the same rule, the state unchanged; `also` checks a refusal
    more. Returns how many were offered and refused."""
    legal = g.legal_actions()
    offered = refused = 0
    for a in candidates:
        bar = why(a)
        if a in legal:
            assert bar is None, f"{a} is offered but refused: {bar}"
            offered += 1
            continue
        assert bar is not None, f"{a} is neither offered nor refused"
        if also is not None:
            also(a, bar)
        before = g.state_hash()
        with pytest.raises(IllegalAction) as e:
            g.apply(a)
        assert e.value.rule == bar.rule and g.state_hash() == before, (a, str(e.value))
        refused += 1
    return offered, refused


@pytest.mark.parametrize("mode", list(MODES))
def test_battle_and_dungeon_moves_are_offered_exactly_when_not_refused(mode: str) -> None:
    offered = refused = steps = 0
    for seed in range(6):
        g = new_game(seed=seed, **MODES[mode])  # type: ignore[arg-type]
        pick = random.Random(seed)
        for _ in range(700):
            if g.result is not None:
                break
            s = g.state
            if not s.pending and s.trade is None and (s.battle or s.delve):
                o, r = check(g)
                offered, refused, steps = offered + o, refused + r, steps + 1
            legal = g.legal_actions()
            heroic = [a for a in legal if a.verb in ("battle", "explore")]
            g.apply(pick.choice(heroic if heroic and pick.random() < 0.6 else legal))
    assert steps >= 10 and offered and refused, (steps, offered, refused)


def trade_candidates(g: RtdtGame) -> list[Action]:
    """Every give and take worth asking: each amount of warriors and spirit from 0 to one
    more than held, every card of both heroes (virtues and corruptions too), the main
    companion, nonsense; then offer and cancel."""
    s = g.state
    assert s.trade is not None
    me, other = s.heroes[s.turn.seat], s.heroes[s.trade.partner]
    out = [parse(t) for t in ("offer", "cancel", "offer now", "give", "give warriors")]
    for verb, giver in (("give", me), ("take", other)):
        for what, have in (("warriors", giver.warriors), ("spirit", giver.spirit)):
            out += [parse(f"{verb} {what} {n}") for n in (0, 1, have, have + 1)]
        cards = [*giver.cards(), *giver.companions, s.config.companion, "nothing_such"]
        out += [parse(f"{verb} {c}") for c in dict.fromkeys(cards)]
        out += [parse(f"{verb} {c} 2") for c in giver.cards()[:1]]
    return out


def check_trade(g: RtdtGame) -> tuple[int, int]:
    w, s = g.world, g.state
    h = s.heroes[s.turn.seat]
    trade = s.trade
    assert trade is not None

    def forbidden(a: Action, bar: Refusal) -> None:
        if bar.msg == trading.FORBIDDEN.msg:  # only what a card's hook took out of the offers
            assert a in trading.open_moves(w, s, h, trade), a

    return agree(g, trade_candidates(g), lambda a: trading.why_trade_move(w, s, h, a), forbidden)


@pytest.mark.parametrize("mode", ["base4", "covenant", "competitive"])
def test_trade_moves_are_offered_exactly_when_not_refused(mode: str) -> None:
    offered = refused = steps = 0
    for seed in range(8):
        g = new_game(seed=seed, **MODES[mode])  # type: ignore[arg-type]
        for o in g.state.heroes:  # all on one space, so that trades open
            o.space = g.state.heroes[0].space
        g._legal = None
        pick = random.Random(seed)
        for _ in range(500):
            if g.result is not None:
                break
            s = g.state
            if s.trade is not None and not s.pending:
                o, r = check_trade(g)
                offered, refused, steps = offered + o, refused + r, steps + 1
            legal = g.legal_actions()
            trades = [a for a in legal if a.verb in ("trade", "give", "take")]
            g.apply(pick.choice(trades if trades and pick.random() < 0.7 else legal))
    assert steps >= 3 and offered and refused, (steps, offered, refused)


def test_a_wrong_answer_to_a_question_is_told_the_answers_by_name() -> None:
    """An answer of the right kind that is not one of the question's is refused under the
    question's rule with the answers named as printed (a few, then "…"), state unchanged."""
    w = get_world()
    told = 0
    for seed in range(6):
        g = new_game(players=2, seed=seed)
        agent = RandomAgent(seed)
        while g.to_act is not None and told < 8:
            d = g.pending
            legal = g.legal_actions()
            if d is not None and all(len(a) == 2 for a in legal):
                before = json.dumps(g.to_json(), sort_keys=True)
                with pytest.raises(IllegalAction) as e:
                    g.apply(f"{legal[0].verb} nowhere_at_all")
                said = str(e.value)
                assert e.value.rule == explain.DECISION_RULES[d.kind][1]
                assert all(w.name(a[1]) in said for a in legal[: explain.SHOWN_ANSWERS]), said
                assert ("…" in said) == (len(legal) > explain.SHOWN_ANSWERS)
                assert json.dumps(g.to_json(), sort_keys=True) == before
                told += 1
            g.apply(agent.act(g))
    assert told >= 8


def test_a_covenant_reinforce_refusal_says_the_price_or_the_reinforces_there_are() -> None:
    """In Covenant (far sources, monuments) a Reinforce not offered is refused with its
    price and the spirit held, or with the Reinforces that can be taken; never bare."""
    told = 0
    for seed in range(20):
        g = new_game(players=2, seed=seed, expansion="covenant")
        agent = RandomAgent(seed)
        while g.to_act is not None and told < 6:
            legal = [str(a) for a in g.legal_actions()]
            offered = [a for a in legal if a.startswith("reinforce")]
            for option in ("free", "enhanced"):
                if offered and f"reinforce {option}" not in legal:
                    with pytest.raises(IllegalAction) as e:
                        g.apply(f"reinforce {option}")
                    said = str(e.value)
                    priced = "spirit, you have" in said
                    assert priced or all(a in said for a in offered), said
                    told += 1
            g.apply(agent.act(g))
    assert told >= 6
