"""The campaign tells its rewards with their numbers (issue 12): gold gained and lost,
items, loot and perks waiting for a hero, who takes them, market buys and sells, level-ups,
random encounters; older saves' logs load as plain text."""

from __future__ import annotations

from towerplay.tactics.campaign.game import CampaignGame
from towerplay.tactics.campaign.guide import apply_reward, spend_items
from towerplay.tactics.campaign.hero import max_hp
from towerplay.tactics.campaign.models import Reward

from .guide_fixture import at, campaign, guide_content, play, resolve


def told(g: CampaignGame, kind: str) -> list[tuple[str, dict[str, int]]]:
    return [(e.text, dict(e.amounts)) for e in g.events if e.kind == kind]


def test_gold_and_items_are_told_with_the_amount_and_the_total() -> None:
    g = campaign()
    apply_reward(g.c, g.s, Reward(gold=3, items=("crypt_key",)))
    apply_reward(g.c, g.s, Reward(gold=-5, lose_items=("crypt_key",)))
    gains, losses = told(g, "gain"), told(g, "loss")
    assert ("the party gains 3 bags of gold (now 3)", {"gold": 3}) in gains
    assert any(text.endswith("joins Party > Items") and a == {"crypt_key": 1} for text, a in gains)
    assert ("the party loses 3 bags of gold (now 0)", {"gold": -3}) in losses  # only 3 to lose
    assert any(text.endswith("is lost") and a == {"crypt_key": -1} for text, a in losses)


def test_loot_is_told_when_found_and_when_taken() -> None:
    g = resolve(at(campaign(), "ambush"), "success")
    card = g.c.game.cards["goblin_cleaver"].name
    assert (f"loot: {card}, for the hero the group chooses", {}) in told(g, "gain")
    play(g, "give olette")
    assert g.events[-1].text == f"olette takes {card}" and g.events[-1].seats == (1,)


def test_market_buys_and_sells_are_told_with_the_price_and_the_gold_left() -> None:
    g = at(campaign(), "riverside")
    apply_reward(g.c, g.s, Reward(gold=2))
    play(g, "buy traveler_cloak roberta")
    cloak = g.c.game.cards["traveler_cloak"].name
    assert told(g, "cost")[-1] == (
        f"roberta buys {cloak} for 2 bags of gold (0 left)",
        {"gold": -2},
    )
    g.s.party[0].cards.append("goblin_cleaver")
    play(g, "sell goblin_cleaver roberta")
    cleaver = g.c.game.cards["goblin_cleaver"].name
    assert told(g, "gain")[-1] == (
        f"roberta sells {cleaver} for 1 bag of gold (now 1)",
        {"gold": 1},
    )


def test_a_level_up_is_told_with_the_new_level_class_and_hp() -> None:
    g = campaign()
    g.s.pending.clear()  # the level-ups are asked at once
    apply_reward(g.c, g.s, Reward(level_up=True))
    assert g.events[-1].text == "LEVEL UP: every hero takes a level-up card"
    action = next(str(a) for a in g.legal_actions() if str(a).startswith("level "))
    play(g, action)
    took = next(e for e in reversed(g.events) if e.msg.startswith("{hero} takes {card}: level"))
    h = g.s.party[0]
    assert took.seats == (0,) and dict(took.args)["hero"] == "roberta"
    assert dict(took.args)["level"] == str(len(h.level_ups)) == "2"
    assert dict(took.args)["hp"] == str(max_hp(g.c, h))


def test_a_version_1_save_loads_with_its_log_as_plain_text() -> None:
    g = campaign()
    data = g.to_json()
    data["version"] = 1
    data["state"]["log"] = list(g.log)
    back = CampaignGame.from_json(data, content=guide_content())
    assert back.log == g.log and {e.kind for e in back.events} == {"text"}
    view = back.observe(0)
    assert view["log"] == [e["text"] for e in view["events"]] == g.log[-20:]


def test_the_potions_drunk_and_the_items_spent_in_an_encounter_are_told() -> None:
    g = campaign()
    apply_reward(g.c, g.s, Reward(items=("crypt_key",)))
    spend_items(g.c, g.s, ["crypt_key"], 2)
    key = g.c.items["crypt_key"].name
    assert told(g, "cost")[-2:] == [
        ("the party drank 2 revive potions in the encounter", {"potions_drunk": 2}),
        (f"{key} is spent", {"crypt_key": -1}),
    ]
