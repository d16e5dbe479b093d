"""AT-CAMP-6 in the campaign: the encounter engine gets the party's level, and the
campaign's view says what it does to the chapter's encounter."""

from __future__ import annotations

from towerplay.games import make_agent
from towerplay.tactics import new_game as new_encounter
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.game import CampaignGame, new_game
from towerplay.tactics.campaign.hero import new_hero
from towerplay.tactics.campaign.levels import take_level_up
from towerplay.tactics.campaign.loadout import default_loadout, encounter_config
from towerplay.tactics.scaling import summary


def test_AT_CAMP_6_the_config_carries_the_party_level(cc: CampaignContent) -> None:
    party = [new_hero(cc, "roberta", "rogue"), new_hero(cc, "elwyn", "cleric")]
    party.append(new_hero(cc, "quill", "wizard"))
    take_level_up(cc, party, 0, "rogue_2")
    take_level_up(cc, party, 1, "fighter_1")
    take_level_up(cc, party, 0, "fighter_1")  # levels 3, 2, 1: mean 2
    config = encounter_config(
        cc, party, [default_loadout(cc, h) for h in party], "normal", "goblin_ambush"
    )
    assert config["party_level"] == 2
    g = new_encounter(config, 1, content=cc.game)
    boss = g.s.units["gw"]
    printed = cc.game.enemies["grutch"].stats[3].hp
    assert boss.max_hp > printed and g.observe(0)["scaling"]["party_level"] == 2


def _to_encounter(g: CampaignGame, agent_seed: int, skip: int) -> CampaignGame:
    """Play on (heuristic heroes) until the `skip`+1-th encounter has begun."""
    agents = [make_agent("campaign", "heuristic", agent_seed + i) for i in range(3)]
    seen = 0
    while g.result is None:
        fighting = g.enc is not None
        seat = g.to_act
        assert seat is not None
        g.apply(agents[seat].act(g))
        if g.enc is not None and not fighting:
            if seen == skip:
                return g
            seen += 1
    raise AssertionError("the campaign ended first")


def test_AT_CAMP_6_the_campaign_view_tells_the_scaling() -> None:
    g = _to_encounter(new_game({"heroes": 3, "difficulty": "hard"}, 7), 70, skip=1)
    assert g.enc is not None
    levels = [h["level"] for h in g.observe(0)["heroes"]]
    assert min(levels) >= 2  # one level-up after the first encounter
    shown = g.observe(0)["chapter"]["scaling"]
    # on Hard the enemies are scaled one level above the party's (AT-CAMP-7)
    assert shown == summary(g.enc.ctx.enc, sum(levels) // 3 + 1, 3) and shown["scaled"]
    assert g.enc.ctx.party_level == shown["party_level"]
    assert g.enc.observe(0)["scaling"] == shown
    boss = next(u for u in g.enc.s.units.values() if u.kind == "boss")
    assert f"party level {shown['party_level']}" in (g.describe(boss.type_id) or "")
    # a save taken mid-encounter plays the same scaled enemies
    again = CampaignGame.from_json(g.to_json())
    assert again.enc is not None and again.enc.ctx.party_level == shown["party_level"]
