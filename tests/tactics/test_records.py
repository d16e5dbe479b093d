"""Every action an encounter or a campaign offers is its verb's typed record
(tactics/records.py, tactics/campaign/records.py), and its text reads back to an equal
record of the same type: the handlers read named slots, never positions."""

from __future__ import annotations

import random

from towerplay.core.notation import Action, Record, parse
from towerplay.games import CAMPAIGN, TACTICS
from towerplay.tactics import records
from towerplay.tactics.campaign import records as campaign_records


def check(a: Action, table: dict[str, type[Record]]) -> None:
    assert isinstance(a, Record), repr(a)
    assert type(a) is table[a[0]], repr(a)
    again = type(a).of(parse(str(a)))
    assert again == a and type(again) is type(a)
    for name, _ in type(a).SLOTS:
        getattr(a, name)  # every slot reads (an int slot as a number)


def test_every_action_of_every_encounter_is_a_record() -> None:
    encounters = [e["id"] for e in TACTICS.choices()["encounter"]]
    classes = [c["id"] for c in TACTICS.choices()["class"]]
    verbs: set[str] = set()
    for i, enc in enumerate(encounters):
        rnd = random.Random(i)
        g = TACTICS.new({"encounter": enc, "party": rnd.sample(classes, 3)}, i)
        steps = 0
        while g.to_act is not None and steps < 400:
            legal = g.legal_actions()
            for a in legal:
                check(a, records.RECORDS)
                verbs.add(a[0])
            pick = rnd.choice(legal)
            g.apply(str(pick) if steps % 2 else pick)  # as text half the time
            steps += 1
    assert {"play", "dash", "move", "target", "end", "keep"} <= verbs


def test_every_answer_of_a_campaign_is_a_record() -> None:
    rnd = random.Random(5)
    g = CAMPAIGN.new({}, 5)
    verbs: set[str] = set()
    steps = 0
    while g.to_act is not None and steps < 3000:
        legal = g.legal_actions()
        # the campaign's own questions, or its encounter's (both have a `keep`)
        table = campaign_records.RECORDS if g.enc is None else records.RECORDS  # type: ignore[attr-defined]
        for a in legal:
            check(a, table)
            verbs.add(a[0])
        g.apply(rnd.choice(legal))
        steps += 1
    assert {"hero", "choose", "give", "level", "board", "ready"} <= verbs


def test_the_notation_of_a_turn_verb_is_its_records() -> None:
    from towerplay.tactics.turns import TURN_VERBS

    assert TURN_VERBS["play"].usage == "play CARD"
    assert TURN_VERBS["command"].usage == "command SUMMON"
    assert TURN_VERBS["end"].usage == "end"
    assert all(v.record is records.RECORDS[k] for k, v in TURN_VERBS.items())
