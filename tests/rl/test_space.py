"""The fixed action spaces: every text round-trips, and every legal action has an index.

These need no learning library: the spaces are plain Python.
"""

from __future__ import annotations

import sys

import pytest

from tests.rl.plays import decisions
from towerplay.core.notation import parse
from towerplay.games.rtdt_space import rtdt_space
from towerplay.games.tactics_space import tactics_space
from towerplay.rl.tables import make_table


@pytest.fixture(scope="module")
def spaces() -> dict:
    return {"rtdt": rtdt_space(), "tactics": tactics_space()}


@pytest.mark.parametrize("game", ["rtdt", "tactics"])
def test_every_index_is_one_text_and_back(spaces: dict, game: str) -> None:
    space = spaces[game]
    assert len(set(space.texts)) == len(space)
    for i, text in enumerate(space.texts):
        a = space.action(i)
        assert str(a) == text and parse(str(a)) == a and space.index(a) == i


@pytest.mark.parametrize("game", ["rtdt", "tactics"])
def test_the_space_is_the_contents_not_a_states(spaces: dict, game: str) -> None:
    again = rtdt_space() if game == "rtdt" else tactics_space()
    assert again.texts == spaces[game].texts
    with pytest.raises(IndexError, match="actions are 0.."):
        spaces[game].action(len(again))


def test_a_partys_items_join_the_tactics_space() -> None:
    space = tactics_space(items=["healing_draught"])
    assert space.index("item healing_draught") is not None
    assert tactics_space().index("item healing_draught") is None


@pytest.mark.parametrize("game", ["rtdt", "tactics"])
def test_every_legal_action_of_played_games_has_an_index(spaces: dict, game: str) -> None:
    space = spaces[game]
    missing: set[str] = set()
    for seed in range(6):
        for g in decisions(game, seed, limit=1500):
            for a in g.legal_actions():
                i = space.index(a)
                if i is None:
                    missing.add(str(a))
                else:
                    assert space.action(i) == a and parse(str(a)) == a
    assert not missing, f"legal actions without an index: {sorted(missing)[:20]}"


@pytest.mark.parametrize(
    ("make", "module"),
    [("make_aec", "pettingzoo"), ("make_gym", "gymnasium"), ("register_openspiel", "pyspiel")],
)
def test_without_the_extra_the_api_says_what_to_install(
    monkeypatch, make: str, module: str
) -> None:
    import towerplay.rl

    monkeypatch.setitem(sys.modules, module, None)  # as if it were not installed
    args = () if make == "register_openspiel" else ("tactics",)
    with pytest.raises(ImportError, match=r"pip install 'towerplay\[rl\]'"):
        getattr(towerplay.rl, make)(*args)


@pytest.mark.parametrize("game", ["rtdt", "tactics"])
def test_a_tables_games_copy_no_checkpoints(game: str) -> None:
    """A learning run never undoes: its games skip undo's copies, as sim's do (and still
    undo, by replay from the setup)."""
    g = make_table(game, {}).new(3)
    for _ in range(40):
        if g.to_act is None:
            break
        g.apply(g.legal_actions()[0])
    assert g._tl.marks == () and not g._tl.record  # type: ignore[attr-defined]
    before = g.state_hash()
    g.undo(1)  # type: ignore[attr-defined]
    g.redo(1)  # type: ignore[attr-defined]
    assert g.state_hash() == before


def test_every_declared_turn_verb_is_in_the_action_spaces() -> None:
    """The fixed spaces cover every verb the engines declare (rtdt/rules/actions.py VERBS,
    tactics/turns.py TURN_VERBS): a verb added there without its template here fails."""
    from towerplay.games.rtdt_space import templates as rtdt_templates
    from towerplay.games.rtdt_space import vocabularies
    from towerplay.games.tactics_space import templates as tactics_templates
    from towerplay.rtdt.rules.actions import VERBS
    from towerplay.rtdt.world import get_world
    from towerplay.tactics.content import default_content
    from towerplay.tactics.turns import TURN_VERBS

    def firsts(templates: list[tuple[object, ...]]) -> set[str]:
        out: set[str] = set()
        for t in templates:
            head = t[0]
            out.update((head,) if isinstance(head, str) else tuple(head))
        return out

    rtdt = firsts(rtdt_templates(vocabularies(get_world())))
    assert set(VERBS) <= rtdt, sorted(set(VERBS) - rtdt)
    tactics = firsts(tactics_templates(default_content(), ()))
    assert set(TURN_VERBS) <= tactics, sorted(set(TURN_VERBS) - tactics)


def test_the_rtdt_space_and_the_typed_records_agree(spaces: dict) -> None:
    """Every text of the space is an action some record of rtdt/records.py reads (no verb
    the engine does not declare, no wrong number of words), and every record has texts in
    the space (a new verb cannot be left out of it)."""
    from towerplay.core.notation import Record
    from towerplay.rtdt import records

    kinds = [c for c in vars(records).values() if isinstance(c, type) and issubclass(c, Record)]
    kinds = [c for c in kinds if c is not Record]
    by_verb: dict[str, list[type[Record]]] = {}
    for c in kinds:
        by_verb.setdefault(c.VERB, []).append(c)
    covered: set[type[Record]] = set()
    unread = []
    for text in spaces["rtdt"].texts:
        a = parse(text)
        fits = [c for c in by_verb.get(a.verb, []) if c.of(a) is not None]
        covered.update(fits)
        if not fits:
            unread.append(text)
    assert not unread, f"texts no record reads: {unread[:10]}"
    assert not set(kinds) - covered, sorted(c.__name__ for c in set(kinds) - covered)
