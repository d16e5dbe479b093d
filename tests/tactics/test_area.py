"""An area of effect hits every character in it, the user's own side too (AT-AOE-3),
unless the card's text says whom (AT-CARD-3)."""

from __future__ import annotations

from tests.tactics.helpers import arena, boss_turn, content_with, texts, turn, unit
from towerplay.agents.heuristic_tactics import crowd
from towerplay.tactics.area import area_units
from towerplay.tactics.effects import reduction
from towerplay.tactics.seat_view import AreaView

MINIONS = (
    {"id": "GW", "enemy": "grutch", "at": "j8"},
    {"id": "GM1", "enemy": "goblin_minion", "at": "c3"},
    {"id": "GM2", "enemy": "goblin_minion", "at": "d3"},
)


def wizard_game(at: tuple[str, str, str]):  # type: ignore[no-untyped-def]
    g = arena(
        content=content_with(placements=MINIONS, dice=1),
        party=("wizard", "rogue", "cleric"),
        at=at,
    )
    turn(g, "wizard", ["fireball", "basic_move", "blink", "basic_attack"])
    return g


def finish_order(g) -> None:  # type: ignore[no-untyped-def]
    while g.s.pending and g.s.pending[-1].kind == "order":
        g.apply(texts(g)[0])


def test_AT_AOE_3_an_area_attack_hits_the_users_allies_in_it() -> None:
    g = wizard_game(("a1", "d2", "i1"))  # the rogue on d2 stands next to the minions
    rogue = unit(g, "rogue")
    before = rogue.hp
    g.apply("play fireball")
    assert g.s.pending[-1].data["area"] == [1, "all"]
    assert g.observe(0)["pending"]["area"] == {"radius": 1, "affects": "all"}
    g.apply("target c2")
    assert g.s.pending[-1].kind == "order"
    assert texts(g) == ["hit c3", "hit d2", "hit d3"]  # the rogue is one of those hit
    finish_order(g)
    # the one roll of two 1s, on the ally as on the foes, less the rogue's armor
    assert rogue.hp == before - (2 - reduction(g.s, g.ctx, rogue)) < before


def test_AT_AOE_3_the_user_standing_in_its_own_area_is_hit() -> None:
    g = wizard_game(("b2", "h1", "i1"))  # the wizard is next to c3
    wizard = unit(g, "wizard")
    before = wizard.hp
    g.apply("play fireball")
    g.apply("target c2")
    assert "hit b2" in texts(g)
    finish_order(g)
    assert wizard.hp == before - (2 - reduction(g.s, g.ctx, wizard)) < before


def test_AT_AOE_3_a_card_that_names_its_enemies_spares_allies() -> None:
    # Whirlwind: "Attack every enemy adjacent to you" (specific beats general, AT-CARD-3)
    g = arena(content=content_with(placements=MINIONS, dice=1), at=("c2", "b2", "i1"))
    rogue = unit(g, "rogue")
    before = rogue.hp
    turn(g, "fighter", ["whirlwind", "basic_move", "charge", "basic_attack"])
    g.apply("play whirlwind")
    finish_order(g)
    assert rogue.hp == before and unit(g, "fighter").hp == unit(g, "fighter").max_hp
    assert "gm1" not in g.s.units or unit(g, "gm1").hp < 3


def test_AT_AOE_3_a_boss_area_hits_its_own_minions_but_not_the_boss() -> None:
    c = content_with(
        placements=(
            {"id": "SC", "enemy": "stone_colossus", "at": "e5"},
            {"id": "GM1", "enemy": "goblin_minion", "at": "g5"},
        ),
        dice=1,
        boss_deck="colossus_deck",
        main={"kind": "defeat_boss", "enemy": "stone_colossus", "text": "Win."},
    )
    g = arena(content=c, at=("a1", "b1", "c1"))  # every hero far away
    boss, minion = unit(g, "sc"), unit(g, "gm1")
    boss_turn(g, "Stomp", boss="sc")
    assert minion.uid not in g.s.units or minion.hp < minion.max_hp
    assert boss.hp == boss.max_hp  # the Colossus is the area's origin, not in it


def test_AT_AOE_3_whom_an_area_affects() -> None:
    g = arena(content=content_with(placements=MINIONS), at=("c2", "b2", "i1"))
    s, ctx = g.s, g.ctx
    fighter = unit(g, "fighter")
    centre = (ctx.board.square("c3"),)
    assert {u.uid for u in area_units(s, ctx, fighter, centre, 1)} == {
        "fighter",
        "rogue",
        "gm1",
        "gm2",
    }
    assert {u.uid for u in area_units(s, ctx, fighter, centre, 1, "foes")} == {"gm1", "gm2"}
    assert {u.uid for u in area_units(s, ctx, fighter, centre, 1, "allies")} == {"fighter", "rogue"}
    own = (fighter.square,)  # an area around the user leaves the user out
    assert "fighter" not in {u.uid for u in area_units(s, ctx, fighter, own, 1)}
    unit(g, "rogue").knocked_out = True  # a knocked-out hero occupies no square (AT-KO-3)
    assert "rogue" not in {u.uid for u in area_units(s, ctx, fighter, centre, 1)}


def test_the_heuristic_agent_does_not_blast_its_own_side_needlessly() -> None:
    g = wizard_game(("a1", "d2", "i1"))
    g.apply("play fireball")
    view = g.view(0)
    me = next(u for u in view.units if u.id == "wizard")
    area = view.pending.area
    # c2 catches both minions and the rogue; e4 only gm2: the rogue costs more than gm1 gains
    assert crowd(view, me, "c2", area) > crowd(view, me, "e4", area)
    assert crowd(view, me, "c2", AreaView(1, "foes")) == -2


def test_AT_AOE_3_a_cards_description_says_whom_its_area_spares() -> None:
    g = arena()
    assert "area 1 (enemies only)" in (g.describe("whirlwind") or "")
    assert "area 1 (allies only)" in (g.describe("blessing") or "")
    fireball = g.describe("fireball") or ""
    assert "area 1" in fireball and "only" not in fireball
