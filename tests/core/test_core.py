"""The game-agnostic core: RNG, notation, game codes, content errors, chains."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from towerplay.core.content import load_file, read_yaml
from towerplay.core.errors import ContentError, IllegalAction
from towerplay.core.notation import Action, parse
from towerplay.core.replay import Chain, state_hash
from towerplay.core.rng import CODE_ALPHABET, Rng, code_values, draws, format_code


def test_rng_is_deterministic_and_state_is_one_int() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    c = a.clone()
    assert a.below(1000) == c.below(1000)
    assert isinstance(a.state, int)


@given(st.integers(0, 2**64 - 1), st.integers(1, 10_000))
def test_rng_below_stays_in_range(seed: int, n: int) -> None:
    r = Rng(seed)
    for _ in range(20):
        assert 0 <= r.below(n) < n


def test_rng_below_is_roughly_uniform() -> None:
    r = Rng(7)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


@given(st.integers(min_value=0, max_value=(1 << 64) - 1), st.integers(min_value=0, max_value=80))
def test_shuffle_draws_as_below_does(seed: int, n: int) -> None:
    """The inlined shuffle is Fisher-Yates with `below(i + 1)`: the same order and the same
    generator state after it, so every pinned game keeps its decks."""
    items, expected = list(range(n)), list(range(n))
    fast, slow = Rng(seed), Rng(seed)
    fast.shuffle(items)
    for i in range(n - 1, 0, -1):
        j = slow.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.state == slow.state


class _Seeded:
    def __init__(self, rng: int) -> None:
        self.rng = rng


def test_draws_writes_the_generator_back_once_and_shares_it_when_nested() -> None:
    s, twin = _Seeded(5), Rng(5)
    with draws(s) as rng:
        first = rng.below(100)
        with draws(s) as inner:  # a rule that draws inside another's draws
            second = inner.below(100)
        assert s.rng == 5  # only the outermost block writes back
    assert (first, second) == (twin.below(100), twin.below(100))  # no draw made twice
    assert s.rng == twin.state


def test_draws_left_by_an_error_writes_nothing_back() -> None:
    s = _Seeded(9)
    with pytest.raises(ZeroDivisionError), draws(s) as rng:
        rng.below(6)
        _ = 1 / 0
    assert s.rng == 9
    with draws(s) as rng:  # and the state is not left open
        rng.below(6)
    twin = Rng(9)
    twin.below(6)
    assert s.rng == twin.state


@given(
    st.lists(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz_0123456789", min_size=1, max_size=12),
        min_size=1,
        max_size=4,
    )
)
def test_notation_round_trips(tokens: list[str]) -> None:
    a = Action(*tokens)
    assert parse(str(a)) == a
    assert parse("  " + str(a).upper() + " ") == a


def test_game_code_alphabet_has_34_characters_without_zero_and_o() -> None:
    assert len(CODE_ALPHABET) == 34 and "0" not in CODE_ALPHABET and "o" not in CODE_ALPHABET
    values = list(range(12))
    assert code_values(format_code(values)) == values
    with pytest.raises(ValueError, match="alphabet"):
        code_values("0000-0000-0000")
    with pytest.raises(ValueError, match="12 characters"):
        code_values("abc")


def test_chain_shares_history() -> None:
    base = Chain.of(["a", "b"])
    left, right = base.add("c"), base.add("d")
    assert left.to_list() == ["a", "b", "c"] and right.to_list() == ["a", "b", "d"]
    assert len(left) == 3 and left.last(2) == ["b", "c"]


def test_state_hash_is_order_independent_for_keys() -> None:
    assert state_hash({"a": 1, "b": [1, 2]}) == state_hash({"b": [1, 2], "a": 1})


class _Thing(BaseModel):
    name: str
    size: int


def test_content_errors_name_the_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "thing.yaml"
    bad.write_text("name: x\nsize: big\n")
    with pytest.raises(ContentError) as err:
        load_file(bad, _Thing)
    assert err.value.file == str(bad) and err.value.field == "size"
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [unclosed\n")
    with pytest.raises(ContentError) as err2:
        read_yaml(broken)
    assert "broken.yaml" in str(err2.value) and "line" in err2.value.field


def test_illegal_action_carries_the_rule() -> None:
    e = IllegalAction("no", "RTDT-TURN-1")
    assert e.rule == "RTDT-TURN-1" and "RTDT-TURN-1" in str(e)
