"""The log tells every outcome with its numbers (issue 12): a sample of effects, each
checked for the event's kind, the seats it concerns and the amounts it changed; private
events reach only the seats that may see them; every event's template has its fields.
"""

from __future__ import annotations

import json
import string

from tests.rtdt.scenario import at, give, legal, play, scenario, skulls
from tests.rtdt.test_rules_actions import reveal
from tests.rtdt.test_rules_battle import GREEN_BRIDGE, board, fight, game
from tests.rtdt.test_rules_turn import rig_drop, run_event
from towerplay.agents.random import RandomAgent
from towerplay.core.narration import KINDS, Event
from towerplay.rtdt.game import RtdtGame, new_game

RTDT_KINDS = (*KINDS, "corruption")  # RtDT's own kind: a corruption gained or lost


def since(g: RtdtGame, mark: int) -> list[Event]:
    """The events logged after the first `mark` ones."""
    return g.events[mark:]


def one(events: list[Event], kind: str, text: str) -> Event:
    """The single event of `kind` whose text holds `text`."""
    found = [e for e in events if e.kind == kind and text in e.text]
    assert len(found) == 1, [(e.kind, e.text) for e in events]
    return found[0]


def test_a_battle_cards_loss_is_told_with_the_number_actually_lost() -> None:
    """ "Lose 4 warriors, plus 2 per skull on or next to your space" with 3 skulls near:
    the log says 10, for the hero who lost them, and names the card as the cause."""
    g = game(["spymaster"])
    board(g, ("brigands", GREEN_BRIDGE), brigands="lethal")
    at(g, 0, GREEN_BRIDGE)
    skulls(g, dayside=1, radiant_mountains=2, upper_ice_fangs=0, egans_end=0)
    give(g, 0, warriors=50)
    fight(g, "brigands", GREEN_BRIDGE, "generic_volley", "generic_skirmish")
    mark = len(g.events)
    play(g, "resolve")
    card = g.world.content.battle_cards["generic_volley"].name
    e = one(since(g, mark), "loss", "loses 10 warriors")
    assert e.seats == (0,) and dict(e.amounts) == {"warriors": -10}
    assert card in e.text and dict(e.args)["of"] == card  # the card's name, its own field
    assert g.hero(0).warriors == 40


def test_a_loss_that_cannot_be_paid_in_full_says_what_was_lost_of_what() -> None:
    g = game(["spymaster"])
    board(g, ("brigands", GREEN_BRIDGE), brigands="lethal")
    at(g, 0, GREEN_BRIDGE)
    skulls(g, dayside=1, radiant_mountains=2, upper_ice_fangs=0, egans_end=0)
    give(g, 0, warriors=7)
    fight(g, "brigands", GREEN_BRIDGE, "generic_volley", "generic_skirmish")
    mark = len(g.events)
    play(g, "resolve")
    e = one(since(g, mark), "loss", "loses 7 warriors, all they have, of 10")
    assert dict(e.amounts) == {"warriors": -7}


def test_a_glyphs_spirit_cost_is_told_as_a_cost() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    skulls(g, southern_wastes=2)
    reveal(g, "cleanse", "north")  # faces the Scion's home: the Cleanse costs 1 spirit
    at(g, 0, "southern_wastes")
    give(g, 0, spirit=1)
    mark = len(g.events)
    play(g, "cleanse southern_wastes")
    told = since(g, mark)
    cost = one(told, "cost", "pays 1 spirit for the Cleanse glyph")
    assert cost.seats == (0,) and dict(cost.amounts) == {"spirit": -1}
    cleansed = one(told, "skulls", "cleanses")
    assert dict(cleansed.amounts) == {"skulls": -2}
    heroic = one(told, "gain", "gains 2 spirit")
    assert dict(heroic.amounts) == {"spirit": 2}
    assert g.hero(0).spirit == 2


def test_no_glyph_cost_no_cost_event() -> None:
    g = scenario(["orphaned_scion", "spymaster"])
    skulls(g, southern_wastes=2)
    at(g, 0, "southern_wastes")
    mark = len(g.events)
    play(g, "cleanse southern_wastes")
    assert not [e for e in since(g, mark) if e.kind == "cost"]


def test_a_prepared_discount_is_told_as_the_discounted_cost() -> None:
    """Prepared: the bazaar's enhanced Reinforce (2 spirit) costs the Relic Hunter 1."""
    g = scenario(["relic_hunter"])
    assert "prepared" in g.hero(0).virtues
    at(g, 0, "dayside")  # a bazaar
    give(g, 0, spirit=5)
    mark = len(g.events)
    play(g, "reinforce enhanced")
    e = one(since(g, mark), "cost", "pays 1 spirit for Reinforcing")
    assert e.seats == (0,) and dict(e.amounts) == {"spirit": -1}
    args = dict(e.args)
    assert (args["full"], args["saved"]) == ("2", "1")
    assert g.hero(0).spirit == 4


def test_a_foe_strike_tells_whom_it_strikes_and_what_they_lose() -> None:
    """The Clan of Neuri (a singular name) strike: 2 warriors from the hero next to it."""
    g = game(["spymaster"])
    board(g, ("clan_of_neuri", GREEN_BRIDGE), clan_of_neuri="panicked")
    at(g, 0, GREEN_BRIDGE)
    give(g, 0, warriors=9)
    mark = len(g.events)
    run_event(g, "strike:clan_of_neuri")
    told = since(g, mark)
    one(told, "text", "Event - the Clan of Neuri strikes (panicked)")
    one(told, "text", "The Clan of Neuri strikes the Spymaster.")
    e = one(told, "loss", "loses 2 warriors")
    assert e.seats == (0,) and dict(e.amounts) == {"warriors": -2}
    assert e.text.endswith("(the strike of the Clan of Neuri).")
    assert dict(e.args)["of"] == "Clan of Neuri"  # the name, its own field for a translation


def test_plural_foes_and_adversaries_are_worded_right() -> None:
    """ "the Widowmade Spiders strike", never "Spiders strikes"; "the Lingering Rot strikes"."""
    g = game(["spymaster"])
    board(g, ("widowmade_spiders", GREEN_BRIDGE))
    at(g, 0, GREEN_BRIDGE)
    give(g, 0, warriors=20, spirit=5)
    run_event(g, "strike:widowmade_spiders")
    assert not any("Spiders strikes" in t for t in g.log)
    assert any("The Widowmade Spiders strike the Spymaster." in t for t in g.log)
    assert any("(the strike of the Widowmade Spiders)" in t for t in g.log)
    g = scenario(["spymaster"], adversary="lingering_rot")
    give(g, 0, warriors=20, spirit=5)
    run_event(g, "tower_acts")
    assert any("The Lingering Rot strikes the Spymaster." in t for t in g.log)
    assert not any("Rot strike the" in t for t in g.log)


def test_a_tower_drop_tells_the_skulls_that_fall_and_where_they_land() -> None:
    g = scenario(["orphaned_scion"])
    emerged, _ = rig_drop(g, lambda e, v: len(e) == 1 and not v)
    mark = len(g.events)
    play(g, "end")
    told = since(g, mark)
    one(told, "skulls", "drops a skull into the Tower")
    fell = one(told, "skulls", "fall from the Tower")
    assert dict(fell.amounts) == {"emerged": 1} and dict(fell.args)["kingdom"] == emerged[0]
    assert g.pending is not None and g.pending.kind == "place_skull"
    where = sorted(legal(g))[0]
    mark = len(g.events)
    play(g, where)
    placed = one(since(g, mark), "skulls", "places a skull on the")
    assert g.world.board.names[where.split()[1]] in placed.text


def test_a_quiet_drop_says_nothing_fell() -> None:
    g = scenario(["orphaned_scion"])
    rig_drop(g, lambda e, v: not e and not v)
    mark = len(g.events)
    play(g, "end")
    one(since(g, mark), "reveal", "No skull falls from the Tower.")


def test_a_private_draw_is_seen_only_by_its_seat() -> None:
    """Competitive trials are dealt face down: each hero's are named to that seat alone,
    in `events` (a god's view) and in that seat's observe, never in another's."""
    g = new_game(players=2, seed=5, mode="competitive")
    names = [[g.world.content.trials[t].name for t in h.trials] for h in g.state.heroes]
    for seat in (0, 1):
        dealt = [e for e in g.events if e.kind == "draw" and e.to == (seat,)]
        assert len(dealt) == 1 and dealt[0].seats == (seat,)
        assert all(n in dealt[0].text for n in names[seat])
    for seat, other in ((0, 1), (1, 0)):
        view = g.observe(seat)
        mine = " ".join(view["log"])
        assert all(n in mine for n in names[seat])
        seen = json.dumps(view)
        assert not any(n in seen for n in names[other] if n not in names[seat])
        assert [v["text"] for v in view["events"]] == view["log"]


def test_observe_keeps_its_events_incrementally_and_per_seat() -> None:
    """The kept log part answers from where it was; the answer equals a fresh build."""
    g = new_game(players=2, seed=5, mode="competitive")
    agent = RandomAgent(2)
    for _ in range(60):
        if g.result is not None:
            break
        for seat in (0, 1):
            kept = g.observe(seat)
            fresh = g.clone().observe(seat)  # a new game object: nothing kept
            assert kept["events"] == fresh["events"] and kept["log"] == fresh["log"]
            want = [e.text for e in g.events if e.seen_by(seat)][-30:]
            assert kept["log"] == want
        g.apply(agent.act(g))


def test_an_older_saves_log_lines_load_as_plain_events() -> None:
    g = scenario(["orphaned_scion"])
    data = json.loads(json.dumps(g.to_json()))
    old = {**data, "format": "towerplay-rtdt-2", "log": g.log}
    loaded = RtdtGame.from_json(old)
    assert loaded.log == g.log
    assert all(e.kind == "text" and not e.args for e in loaded.events)


def test_every_event_in_random_games_is_well_formed() -> None:
    """Every template's fields are given; kinds are known; seats and `to` name seats."""
    for seed, options in enumerate(
        [{}, {"expansion": "covenant"}, {"mode": "competitive"}, {"expansion": "covenant"}]
    ):
        players = 2 + seed % 3
        g = new_game(players=players, seed=seed, **options)
        agent = RandomAgent(seed)
        while g.result is None and len(g.state.history) < 400:
            g.apply(agent.act(g))
        for e in g.events:
            fields = {f for _, f, _, _ in string.Formatter().parse(e.msg) if f}
            assert fields <= dict(e.args).keys(), e
            assert e.kind in RTDT_KINDS, e
            assert all(0 <= x < players for x in e.seats), e
            assert e.to is None or all(0 <= x < players for x in e.to), e
            assert e.text  # formats


def test_the_adversary_waits_for_the_main_goal_only_where_there_is_one() -> None:
    """Competitive mode has no main goal: its adversary is not said to wait for one."""
    assert scenario(["spymaster"]).observe(0)["adversary"]["waits_for"] == "main_goal"
    g = new_game(players=2, seed=5, mode="competitive")
    assert g.observe(0)["adversary"]["waits_for"] is None
