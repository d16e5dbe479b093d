"""The heuristic campaign agent grows its heroes by seed: the basic classes it creates
and the elite classes it works toward vary from seed to seed, the same seed makes the
same choices, and every level-up card it takes is one the rules allow."""

from __future__ import annotations

from towerplay.agents.heuristic_campaign import CLASS_ORDER, HeuristicCampaignAgent
from towerplay.tactics.campaign.content import default_campaign_content
from towerplay.tactics.campaign.game import CampaignGame, new_game
from towerplay.tactics.campaign.guide import apply_reward
from towerplay.tactics.campaign.hero import current_class
from towerplay.tactics.campaign.invariants import violations
from towerplay.tactics.campaign.models import Reward

LEVEL_UPS = 6  # what a party that wins every fight gets by an ending, at most 7


def grown_party(seed: int, heroes: int = 4) -> tuple[list[str], list[str]]:
    """Create a party with the agent, give it LEVEL_UPS level-ups answered by the agent
    (one agent per hero's seat, as `sim campaign` does); the classes created and the
    classes reached."""
    c = default_campaign_content()
    g = new_game({"heroes": heroes, "players": heroes}, seed, c)
    agents = [HeuristicCampaignAgent(seed * 10 + s) for s in range(heroes)]
    while g.s.pending[0].kind in ("create", "players"):
        g.apply(agents[g.to_act].act(g))
    created = [g.s.party[i].level_ups[0] for i in range(heroes)]
    for _ in range(LEVEL_UPS):
        _level_up(g, agents)
    return created, [current_class(c, h).id for h in g.s.party]


def _level_up(g: CampaignGame, agents: list[HeuristicCampaignAgent]) -> None:
    waiting = list(g.s.pending)
    g.s.pending.clear()
    apply_reward(g.c, g.s, Reward(level_up=True))
    g.s.pending += waiting
    while g.s.pending[0] is not waiting[0]:
        g.apply(agents[g.to_act].act(g))
        assert not violations(g.c, g.s)


def test_the_same_seed_grows_the_same_party() -> None:
    assert grown_party(3) == grown_party(3)


def test_seeds_vary_the_basic_and_the_elite_classes() -> None:
    created: set[str] = set()
    reached: set[str] = set()
    for seed in range(10):
        first, last = grown_party(seed)
        created |= set(first)
        reached |= set(last)
    assert len(created) == 5  # every basic Starter card
    elites = reached - set(CLASS_ORDER)
    assert len(elites) >= 10, sorted(reached)
    # a hero keeps to its goal, so even the elite classes of four and five prerequisites
    # are reached
    assert {"bard", "champion"} <= elites, sorted(reached)
