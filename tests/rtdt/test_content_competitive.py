"""Competitive-mode content: the 16 heroic trials and the Tower's dungeon load and hang together."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from towerplay.core.content import load_file
from towerplay.rtdt.models import BoardFile, CompetitiveFile, Effect, TrialNeeds

CONTENT = Path(__file__).resolve().parents[2] / "src" / "towerplay" / "rtdt" / "content"

# Each trial type is the virtue of one kingdom, and its four trials lie there.
KINGDOM_OF_TYPE = {
    "valor": "north",
    "prowess": "east",
    "compassion": "south",
    "sacrifice": "west",
}


@pytest.fixture(scope="module")
def comp() -> CompetitiveFile:
    return load_file(CONTENT / "competitive.yaml", CompetitiveFile)


@pytest.fixture(scope="module")
def board() -> BoardFile:
    return load_file(CONTENT / "board.yaml", BoardFile)


def test_sixteen_public_trials_four_per_type(comp: CompetitiveFile) -> None:
    assert len(comp.trials) == 16
    assert Counter(t.type for t in comp.trials) == {t: 4 for t in KINGDOM_OF_TYPE}
    assert all(t.source == "public" for t in comp.trials)


def test_each_type_lies_in_its_kingdom(comp: CompetitiveFile) -> None:
    for t in comp.trials:
        assert t.kingdom == KINGDOM_OF_TYPE[t.type], t.id


def test_trial_spaces_exist_in_their_kingdom(comp: CompetitiveFile, board: BoardFile) -> None:
    spaces = {s.id: s for s in board.spaces}
    for t in comp.trials:
        assert t.space in spaces, f"{t.id}: unknown space {t.space!r}"
        assert spaces[t.space].kingdom == t.kingdom, t.id


def test_trial_spaces_are_distinct(comp: CompetitiveFile) -> None:
    spaces = [t.space for t in comp.trials]
    assert len(set(spaces)) == len(spaces)


def test_ids_unique(comp: CompetitiveFile) -> None:
    trial_ids = [t.id for t in comp.trials]
    room_ids = [r.id for r in comp.tower_rooms]
    assert len(set(trial_ids)) == len(trial_ids)
    assert len(set(room_ids)) == len(room_ids)
    assert not set(trial_ids) & set(room_ids)


def test_every_trial_asks_something(comp: CompetitiveFile) -> None:
    empty = TrialNeeds()
    for t in comp.trials:
        assert t.needs != empty, t.id
        assert t.text, t.id


def test_advantage_trials_use_the_rules(comp: CompetitiveFile) -> None:
    rules = Counter(t.needs.advantage_rule for t in comp.trials if t.needs.advantages)
    assert rules == {"distinct": 2, "same": 2}
    for t in comp.trials:
        if t.needs.advantages:
            assert t.type == "prowess" and t.needs.advantages == 4, t.id


def test_needs_validator_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        TrialNeeds(advantages=0, advantage_rule="same")
    with pytest.raises(ValueError):
        TrialNeeds(advantages=4, advantage_rule="distinct", advantage_type="magic")


def test_tower_rooms_cover_a_delve(comp: CompetitiveFile) -> None:
    assert comp.tower_rooms_per_delve == 6
    assert len(comp.tower_rooms) >= comp.tower_rooms_per_delve
    assert all(r.source == "designed" for r in comp.tower_rooms)
    assert comp.relic_room_text.strip()


def test_every_rung_validates(comp: CompetitiveFile) -> None:
    adapter: TypeAdapter[Effect] = TypeAdapter(Effect)
    for r in comp.tower_rooms:
        for rung in (r.initial, r.improved):
            assert rung.text, r.id
            assert rung.effects, r.id
            for e in rung.effects:
                assert adapter.validate_python(e.model_dump()) == e, r.id


def test_corruption_is_rare_in_the_tower(comp: CompetitiveFile) -> None:
    ops = [e.op for r in comp.tower_rooms for e in r.initial.effects + r.improved.effects]
    assert ops.count("gain_corruption") <= 1
    improved = [e.op for r in comp.tower_rooms for e in r.improved.effects]
    assert "gain_corruption" not in improved
