"""The campaign encounters (content/encounters/campaign_*.yaml): they load, they play to an
end for 3, 4 and 5 heroes, and the boss decks reach the component count (150 boss cards)."""

from __future__ import annotations

from pathlib import Path

import pytest

from towerplay.agents.random import RandomAgent
from towerplay.core.content import read_yaml
from towerplay.tactics import new_game
from towerplay.tactics.content import CONTENT_DIR, PASSABLE, default_content
from towerplay.tactics.grid import parse_square

PARTIES = {
    3: ["fighter", "rogue", "cleric"],
    4: ["fighter", "rogue", "cleric", "wizard"],
    5: ["fighter", "rogue", "cleric", "wizard", "archer"],
}


def campaign_ids(kind: str) -> list[str]:
    """The ids defined in the campaign files of one content kind (`encounters`, ...)."""
    ids: list[str] = []
    for path in sorted(Path(CONTENT_DIR, kind).glob("campaign*.yaml")):
        ids += [e["id"] for e in read_yaml(path)[kind]]
    return ids


NEW = campaign_ids("encounters")


def test_fourteen_campaign_encounters_make_twenty() -> None:
    c = default_content()
    assert len(NEW) == 14 and len(set(NEW)) == 14
    assert all(e in c.encounters for e in NEW)
    assert len(c.encounters) == 20


def test_the_boss_decks_hold_the_components_150_boss_cards() -> None:
    c = default_content()
    assert sum(len(d.cards) for d in c.boss_decks.values()) == 150


def test_each_campaign_encounter_has_its_own_boss_deck_with_distinct_cards() -> None:
    c = default_content()
    decks = [c.encounters[e].boss_deck for e in NEW]
    assert len(set(decks)) == len(decks)
    assert set(decks) == set(campaign_ids("boss_decks"))
    for d in decks:
        names = [card.name for card in c.boss_decks[d].cards]
        assert len(names) >= 8 and len(set(names)) == len(names), d
        bodies = [card.activations for card in c.boss_decks[d].cards]
        assert len(set(bodies)) == len(bodies), f"{d}: two cards do the same"


@pytest.mark.parametrize("encounter", NEW)
def test_every_enemy_fits_its_map_for_every_party_size(encounter: str) -> None:
    """Each hero count has a boss, and a large boss's four squares are all passable."""
    c = default_content()
    enc = c.encounters[encounter]
    height, width = len(enc.map), len(enc.map[0])
    for n in (3, 4, 5):
        here = [p for p in enc.placements if n in p.heroes]
        assert any(c.enemies[p.enemy].role == "boss" for p in here), (encounter, n)
        for p in here:
            sq = parse_square(p.at, width, height)
            assert sq is not None
            y, x = divmod(sq, width)
            size = 2 if c.enemies[p.enemy].large else 1
            for dy in range(size):
                for dx in range(size):
                    assert y + dy < height and x + dx < width, (encounter, p.id)
                    cell = enc.map[height - 1 - (y + dy)][x + dx]
                    assert cell in PASSABLE, (encounter, p.id, cell)


@pytest.mark.parametrize("heroes", [3, 4, 5])
@pytest.mark.parametrize("encounter", NEW)
def test_random_parties_play_each_encounter_to_an_end(encounter: str, heroes: int) -> None:
    for seed in range(2):
        difficulty = ("easy", "normal", "hard")[(seed + heroes) % 3]
        g = new_game(
            {"encounter": encounter, "party": PARTIES[heroes], "difficulty": difficulty}, seed
        )
        agent = RandomAgent(seed)
        steps = 0
        while g.result is None and steps < 6000:
            g.apply(agent.act(g))
            steps += 1
        assert g.result is not None, f"{encounter} ({heroes} heroes, seed {seed}) did not end"
        assert g.s.outcome in ("success", "+success", "failure")
