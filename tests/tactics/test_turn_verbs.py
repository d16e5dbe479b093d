"""The player actions as units (tactics/turns.py): each verb's bar says why it cannot be
taken, the turn decision offers exactly what no bar refuses, and a refused action is told
that same reason under its rule, with nothing changed."""

from __future__ import annotations

import random

import pytest

from tests.conftest import rules
from towerplay.core.errors import IllegalAction
from towerplay.tactics import new_game
from towerplay.tactics.game import TacticsGame
from towerplay.tactics.turns import TURN_VERBS

PARTIES = [
    ("goblin_ambush", ["fighter", "rogue", "cleric"]),
    ("blob_king", ["beast_trainer", "wizard", "bard"]),
    ("wraith_crypt", ["necromancer", "paladin", "ranger", "monk"]),
    ("ember_witch", ["warlock", "barbarian", "bishop"]),
]


def _candidates(g: TacticsGame, seat: int) -> list[tuple[str, ...]]:
    """Every action worth trying for each verb: the hero's cards, the board's, some cards of
    the content it does not hold, its summons and everyone's, the party's items, nonsense."""
    hero = g.s.heroes[seat]
    cards = sorted(set(hero.hand) | {c for c in hero.board.values() if c} | {"mark_of_death"})
    cards += sorted(g.ctx.content.cards)[:6] + ["nothing"]
    units = sorted(g.s.units) + ["nobody"]
    items = sorted(set(g.s.items)) + ["potion_of_nothing"]
    out: list[tuple[str, ...]] = [("pass",), ("end",), ("end", "now"), ("play",)]
    for verb in ("play", "discard", "dash", "equip", "prepare", "use"):
        out += [(verb, c) for c in cards]
    out += [("command", u) for u in units] + [("item", i) for i in items]
    return out


def _turn_decisions(seed: int, encounter: str, party: list[str]) -> list[TacticsGame]:
    """Copies of a random game at each of its heroes' turn decisions."""
    g = new_game({"encounter": encounter, "party": party}, seed)
    g.skip_checkpoints()
    r = random.Random(seed)
    seen = []
    for _ in range(400):
        if g.result is not None:
            break
        if g.s.pending and g.s.pending[-1].kind == "turn":
            seen.append(g.clone())
        g.apply(r.choice(g.legal_actions()))
    return seen


@rules("AT-TURN-1", "AT-TURN-2", "AT-TURN-3", "AT-TURN-4", "AT-KEY-2", "AT-MARK-1", "AT-ITEM-1")
@pytest.mark.parametrize(("encounter", "party"), PARTIES)
def test_a_turn_offers_exactly_what_no_bar_refuses(encounter: str, party: list[str]) -> None:
    from towerplay.tactics.turns import turn_refusal

    checked = 0
    for seed in (1, 2):
        for g in _turn_decisions(seed, encounter, party):
            d = g.s.pending[-1]
            hero = g.s.heroes[d.seat]
            legal = {tuple(a) for a in g.legal_actions()}
            for tokens in _candidates(g, d.seat):
                why = turn_refusal(g.s, g.ctx, hero, tokens)
                assert (why is None) == (tokens in legal), (tokens, why, sorted(legal))
                if why is not None:
                    assert why.rule.startswith("AT-"), tokens
                checked += 1
    assert checked > 500


def test_a_refused_action_names_its_reason_and_changes_nothing() -> None:
    for g in _turn_decisions(3, "goblin_ambush", ["fighter", "rogue", "cleric"])[:12]:
        d = g.s.pending[-1]
        legal = {tuple(a) for a in g.legal_actions()}
        for tokens in _candidates(g, d.seat)[:40]:
            if tokens in legal:
                continue
            before = g.state_hash()
            with pytest.raises(IllegalAction) as refused:
                g.apply(" ".join(tokens))
            assert g.state_hash() == before
            assert "is not an action now" not in str(refused.value), tokens  # a real reason
            break


def _first_turn(party: list[str]) -> TacticsGame:
    g = new_game({"encounter": "goblin_ambush", "party": party}, 5)
    while not (g.s.pending and g.s.pending[-1].kind == "turn"):
        g.apply(g.legal_actions()[0])
    return g


def test_AT_TURN_4_a_second_class_feature_is_refused_while_the_slot_is_taken() -> None:
    g = _first_turn(["fighter", "rogue", "cleric"])
    d = g.s.pending[-1]
    hero = g.s.heroes[d.seat]
    features = [c for c, card in g.ctx.content.cards.items() if card.kind == "class_feature"]
    hero.board["class_feature"] = features[0]
    hero.hand.append(features[1])
    d.data["choices"] = [list(a) for a in _choices(g)]
    with pytest.raises(IllegalAction, match=r"the class feature slot is taken \[AT-TURN-4\]"):
        g.apply(f"prepare {features[1]}")
    barred = dict(g.unavailable())
    assert f"prepare {features[1]}" in barred
    assert barred[f"prepare {features[1]}"].rule == "AT-TURN-4"


def test_AT_TURN_1_no_actions_left_and_pass_only_before_acting() -> None:
    g = _first_turn(["fighter", "rogue", "cleric"])
    d = g.s.pending[-1]
    hero = g.s.heroes[d.seat]
    hero.actions = 2
    d.data["choices"] = [list(a) for a in _choices(g)]
    card = next(c for c in sorted(hero.hand) if not g.ctx.content.cards[c].free)
    with pytest.raises(
        IllegalAction, match=r"no actions left this turn \(two per turn\) \[AT-TURN-1\]"
    ):
        g.apply(f"dash {card}")
    barred = dict(g.unavailable())
    assert barred["pass"].rule == "AT-KEY-2"
    assert f"dash {card}" in barred


def test_a_verb_with_the_wrong_number_of_words_gets_its_notation() -> None:
    g = _first_turn(["fighter", "rogue", "cleric"])
    before = g.state_hash()
    with pytest.raises(IllegalAction, match=r"write it as: equip CARD \[AT-TURN-4\]"):
        g.apply("equip")
    assert g.state_hash() == before
    assert set(TURN_VERBS) >= {"play", "dash", "equip", "prepare", "use", "pass", "end"}


def _choices(g: TacticsGame) -> list[list[str]]:
    from towerplay.tactics.turns import turn_choices

    d = g.s.pending[-1]
    return turn_choices(g.s, g.ctx, g.s.heroes[d.seat])
