"""AT-CAMP-6: an encounter played in the campaign is scaled to the party's level; a
level-1 party (every standalone game) meets the printed numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from towerplay.core.errors import ContentError, SaveError
from towerplay.tactics import TacticsGame, new_game
from towerplay.tactics.content import default_content, load_content
from towerplay.tactics.models import EnemyStats, Scaling
from towerplay.tactics.scaling import (
    attack_plus,
    config_level,
    for_heroes,
    party_level,
    scaled_hp,
    summary,
)
from towerplay.tactics.spawns import place_minion

PARTY = {"party": ["fighter", "rogue", "cleric", "wizard"]}


def enemies(g: TacticsGame) -> dict[str, tuple[int, int, int]]:
    return {
        uid: (u.hp, u.max_hp, u.attack_bonus) for uid, u in g.s.units.items() if u.side == "enemy"
    }


def printed(g: TacticsGame) -> dict[str, tuple[int, int, int]]:
    c, n = g.ctx.content, g.s.heroes_count
    out = {}
    for uid, u in g.s.units.items():
        if u.side == "enemy":
            st = c.enemies[u.type_id].stats[n]
            out[uid] = (st.hp, st.hp, st.attack_bonus)
    return out


@pytest.mark.parametrize("enc", sorted(default_content().encounters))
def test_AT_CAMP_6_a_level_1_party_meets_the_printed_numbers(enc: str) -> None:
    plain = new_game({**PARTY, "encounter": enc}, 3)
    level_1 = new_game({**PARTY, "encounter": enc, "party_level": 1}, 3)
    assert enemies(plain) == printed(plain)
    # the same game byte for byte: the standalone table stays true
    assert level_1.state_hash() == plain.state_hash()
    assert plain.observe(0)["scaling"]["scaled"] is False


def test_AT_CAMP_6_every_encounter_grows_with_the_party() -> None:
    # the content names an amount for every encounter, so no leveled party meets printed numbers
    for enc in default_content().encounters.values():
        sc = enc.scaling
        assert sc.boss_hp > 0 and sc.attack_every > 0, enc.id
        assert all(summary(enc, 5, n)["scaled"] for n in (3, 4, 5))


def test_AT_CAMP_6_the_boss_and_minions_grow_by_the_encounters_amounts() -> None:
    g = new_game({**PARTY, "encounter": "goblin_ambush", "party_level": 5}, 3)
    sc = g.ctx.enc.scaling
    c = g.ctx.content
    for uid, u in g.s.units.items():
        if u.side != "enemy":
            continue
        e = c.enemies[u.type_id]
        st = e.stats[4]
        pct = (sc.boss_hp if e.role == "boss" else sc.minion_hp) * 4
        assert u.hp == u.max_hp == st.hp + (st.hp * pct + 50) // 100, uid
        assert u.attack_bonus == st.attack_bonus + 4 // sc.attack_every, uid
    boss = next(u for u in g.s.units.values() if u.kind == "boss")
    assert boss.hp > c.enemies[boss.type_id].stats[4].hp
    # the numbers are what observe shows and what describe says
    view = g.observe(0)
    shown = {u["id"]: (u["hp"], u["max_hp"], u["attack_bonus"]) for u in view["units"]}
    assert all(shown[uid] == stats for uid, stats in enemies(g).items())
    assert view["scaling"] == summary(g.ctx.enc, 5, 4) and view["scaling"]["scaled"]
    text = g.describe(boss.type_id) or ""
    assert f"here, party level 5, 4 heroes: HP {boss.max_hp}" in text
    assert f"+{boss.attack_bonus}" in text.splitlines()[-1]
    assert f"boss HP +{sc.boss_hp * 4}%" in (g.describe("goblin_ambush") or "")
    # a minion spawned later grows alike, and a save keeps the party's level
    before = set(g.s.units)
    place_minion(g.s, g.ctx, "goblin_minion", 0)
    (new,) = set(g.s.units) - before
    spawned = g.s.units[new]
    st = c.enemies["goblin_minion"].stats[4]
    assert spawned.max_hp == scaled_hp(st, "minion", sc, 5) > st.hp
    again = TacticsGame.from_json(g.to_json())
    assert again.ctx.party_level == 5 and again.state_hash() == g.state_hash()


def test_AT_CAMP_6_rounding_and_attack_steps() -> None:
    st = EnemyStats(hp=10, movement=2, attack_dice=("red",), attack_range=(1, 1))
    sc = Scaling(boss_hp=15, minion_hp=5, attack_every=3)
    assert scaled_hp(st, "boss", sc, 1) == 10 and scaled_hp(st, "minion", sc, 1) == 10
    assert scaled_hp(st, "boss", sc, 2) == 12  # 11.5 rounds up
    assert scaled_hp(st, "minion", sc, 4) == 12  # +15% of 10 = 1.5, rounded half up
    assert [attack_plus(sc, lv) for lv in range(1, 9)] == [0, 0, 0, 1, 1, 1, 2, 2]
    assert attack_plus(Scaling(), 9) == 0
    assert party_level([1, 2, 2]) == 1 and party_level([3, 4, 4, 5]) == 4


def test_AT_CAMP_6_a_bad_party_level_is_refused_by_name() -> None:
    for bad in (0, 11, "3", True, 2.5):
        with pytest.raises(ValueError, match="party_level"):
            new_game({**PARTY, "party_level": bad}, 1)
    data = new_game({**PARTY, "party_level": 3}, 1).to_json()
    data["config"]["party_level"] = "high"
    with pytest.raises(SaveError) as err:
        TacticsGame.from_json(data, "x.json")
    assert err.value.field == "config.party_level"


def test_AT_CAMP_6_a_bad_scaling_names_file_and_field(tmp_path: Path) -> None:
    enc = default_content().encounters["blob_king"].model_dump(mode="json", exclude_defaults=True)
    enc["scaling"] = {"boss_hp": -5, "minion_hp": 10, "attack_every": 2}
    (tmp_path / "encounters.yaml").write_text(yaml.safe_dump({"encounters": [enc]}))
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert err.value.file == str(tmp_path / "encounters.yaml")
    assert err.value.field == "encounters[0].scaling.boss_hp"


def test_AT_CAMP_6_a_hero_count_may_name_amounts_of_its_own(tmp_path: Path) -> None:
    sc = Scaling(boss_hp=40, minion_hp=20, attack_every=2, heroes={3: {"boss_hp": 100}})
    assert for_heroes(sc, 3) == Scaling(boss_hp=100, minion_hp=20, attack_every=2)
    assert for_heroes(sc, 4) is sc and for_heroes(sc, 5) is sc
    # in the content, the engine and the views alike
    enc = default_content().encounters["blob_king"].model_dump(mode="json", exclude_defaults=True)
    enc["scaling"] = {"boss_hp": 40, "minion_hp": 20, "attack_every": 2}
    enc["scaling"]["heroes"] = {3: {"boss_hp": 200, "attack_every": 1}}
    (tmp_path / "encounters.yaml").write_text(yaml.safe_dump({"encounters": [enc]}))
    c = load_content([tmp_path])
    party = {3: PARTY["party"][:3], 4: PARTY["party"]}
    for n, boss_pct, plus in ((3, 200 * 2, 2), (4, 40 * 2, 1)):
        g = new_game({"encounter": "blob_king", "party": party[n], "party_level": 3}, 1, c)
        boss = next(u for u in g.s.units.values() if u.kind == "boss")
        st = c.enemies[boss.type_id].stats[n]
        assert boss.max_hp == st.hp + (st.hp * boss_pct + 50) // 100
        assert boss.attack_bonus == st.attack_bonus + plus
        assert g.observe(0)["scaling"]["boss_hp_percent"] == boss_pct
    enc["scaling"]["heroes"] = {6: {"boss_hp": 10}}
    (tmp_path / "encounters.yaml").write_text(yaml.safe_dump({"encounters": [enc]}))
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert err.value.field.startswith("encounters[0].scaling")
    assert "3 to 5 heroes, not 6" in str(err.value)


def test_AT_CAMP_7_the_difficulty_moves_the_scaling_level() -> None:
    at = {d: config_level({"party_level": 3, "difficulty": d}) for d in ("easy", "normal", "hard")}
    assert at == {"easy": 2, "normal": 3, "hard": 4}
    assert config_level({"party_level": 1, "difficulty": "easy"}) == 1  # never below 1
    assert config_level({"party_level": 10, "difficulty": "hard"}) == 10
    # a level-1 party on Hard meets the enemies of level 2
    hard = new_game(
        {**PARTY, "encounter": "ember_witch", "party_level": 1, "difficulty": "hard"}, 3
    )
    assert hard.ctx.party_level == 2 and hard.observe(0)["scaling"]["scaled"]
    # standalone play is never scaled, whatever the difficulty
    for d in ("easy", "hard"):
        g = new_game({**PARTY, "encounter": "ember_witch", "difficulty": d}, 3)
        assert g.ctx.party_level == 1 and enemies(g) == printed(g)
