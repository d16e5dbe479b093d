"""The encounter tells every outcome with its numbers (issue 12): an attack's dice, bonus,
damage and HP left, a defeat, a spawn with an id of its own, a boss card, a revive potion;
what only one seat may see reaches only that seat; saves keep the events."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tactics.helpers import arena, boss_turn, content_with, turn, unit
from towerplay.core.errors import SaveError
from towerplay.core.narration import Event
from towerplay.tactics.decks import draw_up
from towerplay.tactics.effects import add_condition
from towerplay.tactics.encounter import advance
from towerplay.tactics.game import TacticsGame

GOBLINS = (
    {"id": "GW", "enemy": "grutch", "at": "j8"},
    {"id": "GM1", "enemy": "goblin_minion", "at": "c6"},
    {"id": "GA1", "enemy": "goblin_archer", "at": "h8"},
)


CUTTHROATS = (
    {"id": "GW", "enemy": "grutch", "at": "j8"},
    {"id": "WC1", "enemy": "warband_cutthroat", "at": "c6"},
    {"id": "GA1", "enemy": "goblin_archer", "at": "h8"},
)


def goblins(dice: int, placements: tuple[dict[str, str], ...] = GOBLINS) -> TacticsGame:
    """Fighter on c5 next to the goblin minion GM1 (3 HP), every die showing `dice`."""
    return arena(content=content_with(placements=placements, dice=dice), at=("c5", "a1", "b1"))


def cutthroats(dice: int) -> TacticsGame:
    """Fighter on c5 next to the warband cutthroat WC1 (4 HP), whom Grutch's Ambush calls."""
    return goblins(dice, CUTTHROATS)


def told(g: TacticsGame, kind: str, msg: str) -> list[dict[str, Any]]:
    """The fields of every event of this kind and template, with its amounts."""
    return [
        {**dict(e.args), **{f"+{k}": v for k, v in e.amounts}}
        for e in g.events
        if e.kind == kind and e.msg == msg
    ]


def after(g: TacticsGame, mark: int) -> list[Event]:
    return g.events[mark:]


def decline_all(g: TacticsGame) -> None:
    while g.s.pending and g.s.pending[-1].kind in ("response", "focus"):
        g.apply("decline" if g.s.pending[-1].kind == "response" else str(g.legal_actions()[0]))


def test_AT_SPAWN_3_an_attack_that_defeats_and_a_spawn_that_follows_are_told_in_numbers() -> None:
    g = cutthroats(dice=3)
    turn(g, "fighter", ["basic_attack", "basic_move", "cleave", "charge"])
    mark = len(g.events)
    g.apply("play basic_attack")
    g.apply("target c6")
    roll = told(g, "reveal", "{unit} rolls {dice} to attack, {bonus} bonus: {total}")
    assert roll == [
        {"unit": "fighter", "dice": "3", "bonus": "+1", "total": "4"}
        | {"+rolled": 3, "+bonus": 1, "+total": 4}
    ]
    (hit,) = told(
        g, "damage", "{attacker} {verb} {target}: {damage} damage; {target} has {hp} of {max_hp} HP"
    )
    assert hit == {
        "attacker": "fighter",
        "verb": "attacks",
        "target": "wc1",
        "total": "4",
        "blocked": "0",
        "damage": "4",
        "hp": "0",
        "max_hp": "4",
        "+hp": -4,
        "+blocked": 0,
    }
    kinds = [e.kind for e in after(g, mark)]
    assert kinds[-4:] == ["text", "reveal", "damage", "defeat"]  # played, rolled, hit, defeated
    assert g.events[-1].text == "wc1 is defeated"
    boss_turn(g, "Ambush")  # Grutch calls a cutthroat next to the closest hero
    decline_all(g)
    (spawned,) = told(g, "spawn", "{unit} ({enemy}, {hp} HP) spawns at {square}")
    assert spawned["unit"] == "wc2" and spawned["enemy"] == "Warband Cutthroat"
    assert spawned["hp"] == "4" and unit(g, "wc2").hp == 4
    assert g.ctx.board.name(unit(g, "wc2").square) == spawned["square"]
    assert "wc1" not in g.s.units  # wc1 was defeated: its id is not given again


def test_AT_SPAWN_3_a_version_2_save_gives_a_fresh_id_too() -> None:
    g = cutthroats(dice=3)
    del g.s.units["wc1"]  # defeated before the save; a version 2 save kept no trace of it
    turn(g, "fighter")
    data = g.to_json()
    data["version"] = 2
    data["state"]["log"] = [e.text for e in g.events]
    back = TacticsGame.from_json(data, content=g.ctx.content)
    assert back.log == g.log and {e.kind for e in back.events} == {"text"}
    boss_turn(back, "Ambush")
    decline_all(back)
    assert "wc2" in back.s.units and "wc1" not in back.s.units


def test_a_boss_card_is_revealed_by_name_with_who_it_activates() -> None:
    g = goblins(dice=1)
    boss_turn(g, "Ambush")
    (card,) = told(g, "reveal", "boss card: {card} ({who}, {who2})")
    assert card == {"card": "Ambush", "who": "boss", "who2": "Goblin Archer"}


def test_a_revive_potion_is_told_with_what_is_left_the_penalty_and_the_healing() -> None:
    g = goblins(dice=3)
    rogue = unit(g, "rogue")
    rogue.hp, rogue.knocked_out = 0, True
    potions = g.s.potions
    turn(g, "rogue")
    assert g.s.pending[-1].kind == "knocked_out"
    g.apply("revive")
    msg = (
        "{hero} drinks a revive potion ({potions} left); penalty die {penalty}, "
        "cards set aside: {n}"
    )
    (drink,) = told(g, "cost", msg)
    assert drink["potions"] == str(potions - 1) and drink["+potions"] == -1
    assert drink["penalty"] == "3" and drink["n"] == "3" and drink["+deck"] == -3
    (healed,) = told(g, "gain", "{unit} heals {healed} of {amount}; {unit} has {hp} of {max_hp} HP")
    assert healed["unit"] == "rogue" and healed["hp"] == str(rogue.hp) == healed["healed"]
    assert healed["+hp"] == rogue.hp == rogue.max_hp // 2


def test_cards_drawn_are_named_only_to_their_seat() -> None:
    g = goblins(dice=1)
    hero = g.s.heroes[1]
    hero.hand = []
    draw_up(g.s, g.ctx, hero)
    names = ", ".join(g.ctx.content.cards[c].name for c in hero.hand)
    private = [e for e in g.events if e.to is not None]
    assert private[-1].text == f"rogue draws {names}" and private[-1].to == (1,)
    mine = [e["text"] for e in g.observe(1)["events"]]
    theirs = [e["text"] for e in g.observe(0)["events"]]
    assert f"rogue draws {names}" in mine and f"rogue draws {names}" not in theirs
    assert "rogue draws 4 cards" in theirs and "rogue draws 4 cards" in g.observe(0)["log"]
    assert all(names not in line for line in g.observe(0)["log"])


def test_events_survive_a_save_and_observe_gives_their_views() -> None:
    g = goblins(dice=2)
    turn(g, "fighter", ["basic_attack", "basic_move", "cleave", "charge"])
    g.apply("play basic_attack")
    g.apply("target c6")
    back = TacticsGame.from_json(g.to_json(), content=g.ctx.content)
    assert back.events == g.events and back.state_hash() == g.state_hash()
    view = g.observe(0)
    assert view["log"] == [e["text"] for e in view["events"]]
    assert view["events"][-1]["kind"] in ("defeat", "turn", "damage")
    assert {"kind", "text", "msg", "args", "seats", "amounts"} == set(view["events"][-1])


def test_a_save_whose_event_template_lacks_a_field_is_refused_naming_it() -> None:
    g = goblins(dice=2)
    turn(g, "fighter")
    data = g.to_json()
    data["state"]["log"][0]["msg"] = "{nobody} arrives"
    with pytest.raises(SaveError, match=r"state\.log\[0\]\.msg: a field of the template"):
        TacticsGame.from_json(data, content=g.ctx.content)


def test_conditions_given_and_ending_at_cleanup_are_told() -> None:
    g = goblins(dice=1)
    add_condition(g.s, unit(g, "gm1"), "slowed")
    add_condition(g.s, unit(g, "rogue"), "invisible")
    for h in g.s.heroes:
        h.hand = []  # nobody is asked to discard
    g.s.phase, g.s.cursor = "cleanup", 0
    advance(g.s, g.ctx)
    given = [e.text for e in g.events if e.msg == "{unit} is {condition}"]
    ended = [e for e in g.events if e.msg == "{unit} is no longer {condition}"]
    assert given == ["gm1 is slowed", "rogue is invisible"]
    assert [e.text for e in ended] == ["rogue is no longer invisible", "gm1 is no longer slowed"]
    assert ended[0].seats == (1,) and ended[1].seats == ()
    assert not unit(g, "gm1").conditions
