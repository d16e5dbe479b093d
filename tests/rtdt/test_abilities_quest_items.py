"""Quest items played as printed through registered handlers (rtdt/abilities/quest_items.py).
Each test plays the card's text and fails if the old approximation came back (one foe per
Amulet, the Map in any battle, the Horn for foes only, the text-only cards doing nothing)."""

from __future__ import annotations

from tests.conftest import rules
from tests.rtdt.scenario import at, give, legal, play, scenario
from tests.rtdt.test_rules_quests import fortress, quest_at
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.hookspecs import CARD_EFFECTS
from towerplay.rtdt.models import Lose
from towerplay.rtdt.rules.advantages import automatic
from towerplay.rtdt.rules.battle import start_battle
from towerplay.rtdt.rules.foes import foe_event
from towerplay.rtdt.rules.reinforce import reinforce

HERE = "lower_ice_fangs"


def _holding(g: RtdtGame, *items: str) -> None:
    g.hero(0).quest_items[:] = list(items)
    g._legal = None


def _foes_around(g: RtdtGame, space: str) -> tuple[str, str]:
    """Foes on the space, on two spaces next to it and one further away; (next, far)."""
    board = g.world.board
    nxt = sorted(board.neighbours[space])
    far = next(sp for sp in board.spaces if board.distance(space, sp) == 2)
    foe = g.state.config.foes[0]
    g.state.foes[:] = [(foe, space), (foe, nxt[0]), (foe, nxt[1]), (foe, far)]
    g.state.foe_status.setdefault(foe, "ready")
    return nxt[0], far


@rules("RTDT-QITEM-1")
def test_the_amulet_of_annihilation_removes_every_foe_on_and_next_to_you() -> None:
    g = scenario()
    at(g, 0, HERE)
    _holding(g, "amulet_of_annihilation")
    assert "use amulet_of_annihilation" not in legal(g)  # no foe near: nothing to do
    _, far = _foes_around(g, HERE)
    g._legal = None
    play(g, "use amulet_of_annihilation")
    assert [sp for _, sp in g.state.foes] == [far]  # all three near, not one
    assert g.hero(0).quest_items == []  # spent: back to the box
    assert not g.state.turn.heroic_done  # RTDT-FOE-10: not a heroic action


@rules("RTDT-QITEM-2")
def test_tomass_map_gives_five_wilds_only_inside_a_dungeon() -> None:
    g = scenario(["spymaster"])
    _holding(g, "tomass_map")
    foe = g.state.config.foes[0]
    g.state.foes[:] = [(foe, g.hero(0).space)]
    g.state.foe_status.setdefault(foe, "ready")
    start_battle(g.world, g.state, g.hero(0), foe, g.hero(0).space)
    g._legal = None
    assert not any(a.startswith("use tomass_map") for a in legal(g))  # not in a Battle
    g = scenario(["spymaster"])
    _holding(g, "tomass_map")
    fortress(g)
    play(g, "explore lower_ice_fangs")
    assert "use tomass_map" not in legal(g)  # between rooms: no room to improve
    play(g, "room 0")
    wild = g.state.delve.pool.get("wild", 0) if g.state.delve else 0
    play(g, "use tomass_map")
    assert g.state.delve is not None and g.state.delve.pool["wild"] == wild + 5
    assert g.hero(0).quest_items == []
    assert "improve wild" in legal(g)


@rules("RTDT-QITEM-3")
def test_the_horn_moves_a_siege_tree_or_a_foe_once_a_turn() -> None:
    g = scenario()
    at(g, 0, HERE)
    _holding(g, "horn_of_the_elements")
    tree = "muted_forest"
    g.state.siege_trees[:] = [tree]
    foe = g.state.config.foes[0]
    g.state.foes[:] = [(foe, HERE)]
    g.state.foe_status.setdefault(foe, "ready")
    g._legal = None
    assert {"use horn_of_the_elements", f"use horn_of_the_elements {tree}"} <= legal(g)
    play(g, f"use horn_of_the_elements {tree}")
    dst = sorted(g.world.board.neighbours[tree])[0]
    play(g, f"tree {dst}")
    assert g.state.siege_trees == [dst]
    assert not any(a.startswith("use horn_of_the_elements") for a in legal(g))  # once a turn


@rules("RTDT-QITEM-4")
def test_the_orb_of_pure_snow_takes_one_spirit_off_each_battle_card() -> None:
    g = scenario()
    h = g.hero(0)
    effects = [
        Lose(op="lose", resource="spirit", amount=2),
        Lose(op="lose", resource="warriors", amount=3),
    ]

    def filtered() -> list[Lose]:
        return list(CARD_EFFECTS.filter(g.world, g.state, h, "any_card", effects))

    assert filtered() == effects  # without the Orb
    _holding(g, "orb_of_pure_snow")
    got = filtered()
    assert got[0].resource == "spirit" and got[0].amount == 1
    assert got[1] == effects[1]  # warriors untouched
    assert "spirit loss(es)" in g.log[-1]


@rules("RTDT-QITEM-5")
def test_herbal_remedy_throws_the_spores_away_after_a_reinforce() -> None:
    g = scenario()
    w, s, h = g.world, g.state, g.hero(0)
    village = next(sp for sp, b in w.board.building_of.items() if b == "village" and sp in s.skulls)
    at(g, 0, village)
    give(g, 0, spirit=5)
    h.spores = 2
    reinforce(w, s, h, "free")
    assert h.spores == 2  # without the Remedy they stay
    _holding(g, "herbal_remedy")
    s.turn.reinforces = 0
    reinforce(w, s, h, "free")
    assert h.spores == 0


@rules("RTDT-QITEM-5")
def test_herbal_remedy_counts_a_siege_trees_reinforce() -> None:
    g = scenario()
    h = g.hero(0)
    tree = "muted_forest"
    g.state.siege_trees[:] = [tree]
    at(g, 0, tree)
    give(g, 0, spirit=5)
    h.spores = 1
    _holding(g, "herbal_remedy")
    play(g, "reinforce tree")
    assert h.spores == 0


@rules("RTDT-QITEM-6")
def test_tools_of_the_saboteur_give_three_wilds_against_a_caravan_only() -> None:
    g = scenario()
    w, s, h = g.world, g.state, g.hero(0)
    h.companions.clear()
    h.virtues.clear()
    _holding(g, "tools_of_the_saboteur")
    quest_at(g, "destroy_the_evil_relics", "egans_end")
    at(g, 0, "egans_end")
    assert automatic(w, s, h, battling=False).get("wild", 0) == 3
    assert automatic(w, s, h, battling=True).get("wild", 0) == 0  # a Battle is no caravan
    at(g, 0, HERE)
    assert automatic(w, s, h, battling=False).get("wild", 0) == 0  # no caravan here


def _empress_event(g: RtdtGame) -> None:
    """The Tower acts as an app event while the Empress of Shades is the adversary: every
    hero loses 3 warriors, then the active hero 3 more (foes.yaml)."""
    w, s = g.world, g.state
    s.events[:] = ["tower_acts"]
    while s.events and not s.pending:
        foe_event(w, s, s.events.pop(0))


@rules("RTDT-QITEM-7")
def test_the_bezoar_caps_an_empress_of_shades_event_at_five_warriors() -> None:
    g = scenario(["spymaster", "orphaned_scion"], adversary="empress_of_shades")
    for h in g.state.heroes:
        h.warriors = 20
    _empress_event(g)
    assert [h.warriors for h in g.state.heroes] == [14, 17]  # without the Bezoar: 6 and 3
    g = scenario(["spymaster", "orphaned_scion"], adversary="empress_of_shades")
    for h in g.state.heroes:
        h.warriors = 20
    _holding(g, "bezoar")
    _empress_event(g)
    assert [h.warriors for h in g.state.heroes] == [15, 17]  # the whole event: 5 at most
    assert "at 5 warriors" in "\n".join(g.log)


def test_the_bezoar_does_nothing_against_another_adversary() -> None:
    g = scenario(["spymaster"], adversary="gravemaw")
    h = g.hero(0)
    h.warriors = 30
    foe = g.state.config.foes[0]
    g.state.foes[:] = [(foe, h.space), (foe, h.space)]
    g.state.foe_status.setdefault(foe, "ready")
    _holding(g, "bezoar")
    _empress_event(g)
    assert h.warriors == 19  # Gravemaw's 5 and 3 per foe here: 11, the Bezoar is no help


def _battle_over(g: RtdtGame) -> None:
    """A Battle against a foe ends (here without a defeat): its heroic action is over."""
    from towerplay.rtdt.rules.battle import end_battle

    foe = g.state.config.foes[0]
    h = g.hero(0)
    g.state.foes[:] = [(foe, h.space)]
    g.state.foe_status.setdefault(foe, "ready")
    start_battle(g.world, g.state, h, foe, h.space)
    end_battle(g.world, g.state, h, defeated=False)
    g._legal = None


@rules("RTDT-QITEM-8")
def test_the_amulet_of_hope_swaps_the_battles_spirit_for_a_market_treasure() -> None:
    g = scenario()
    h = g.hero(0)
    spirit = h.spirit
    _battle_over(g)
    assert h.spirit == spirit + 2 and g.pending is None  # without the Amulet
    g = scenario()
    h = g.hero(0)
    _holding(g, "amulet_of_hope")
    spirit = h.spirit
    market = list(g.state.market)
    _battle_over(g)
    assert g.pending is not None and g.pending.kind == "hope"
    assert legal(g) == {f"take {t}" for t in market} | {"spirit"}
    assert h.spirit == spirit  # nothing yet: one or the other
    play(g, f"take {market[0]}")
    assert market[0] in h.treasures and h.spirit == spirit  # the treasure instead of the spirit
    g = scenario()
    h = g.hero(0)
    _holding(g, "amulet_of_hope")
    spirit = h.spirit
    _battle_over(g)
    play(g, "spirit")
    assert h.spirit == spirit + 2


@rules("RTDT-QITEM-9")
def test_smugglers_coin_cycles_chosen_market_treasures_after_a_bazaar_reinforce() -> None:
    g = scenario()
    w, s, h = g.world, g.state, g.hero(0)
    bazaar = next(sp for sp, b in w.board.building_of.items() if b == "bazaar" and sp in s.skulls)
    at(g, 0, bazaar)
    give(g, 0, spirit=5)
    reinforce(w, s, h, "free")
    assert not any(d.kind == "smuggle" for d in s.pending)  # without the Coin
    g = scenario()
    w, s, h = g.world, g.state, g.hero(0)
    at(g, 0, bazaar)
    give(g, 0, spirit=5)
    _holding(g, "smugglers_coin")
    reinforce(w, s, h, "free")
    while s.pending and s.pending[-1].kind != "smuggle":  # the bazaar's own choices first
        g.apply(g.legal_actions()[0])
    market = list(s.market)
    top = s.treasure_deck[:2]
    play(g, f"send {market[0]}")
    assert f"send {market[0]}" not in legal(g) and "done" in legal(g)
    play(g, f"send {market[1]}", "done")
    assert s.market == [market[2], *top]  # refilled from the deck's top
    assert s.treasure_deck[-2:] == market[:2]  # the sent ones under the deck


# The Black Mark is the Bane of Omens' own rules (the adversaries' mechanics), not a card
# ability; every other quest item is played as printed.
NOT_AN_ITEM_ABILITY = {"the_black_mark"}
SHAPED_ELSEWHERE = {"dragon_scales", "fulminating_silver"}  # companion-ability conditions


def test_no_quest_item_is_approximated_or_text_only() -> None:
    items = scenario().world.content.quest_items
    for qid, item in items.items():
        if qid in NOT_AN_ITEM_ABILITY:
            continue
        assert item.abilities, f"{qid} is text only"
        if qid in SHAPED_ELSEWHERE:
            continue
        assert "(Approximated" not in item.text and "Not modelled" not in item.text, qid
