"""Every Adventure Tactics rule has an ID, code that cites it and a test named for it."""

from tests.rules_index import cited_in_code, cited_in_tests, index


def test_every_tactics_rule_is_tested_and_cited_in_code() -> None:
    rows = index("tactics")
    assert len(rows) >= 60
    missing_tests = sorted(set(rows) - cited_in_tests())
    missing_code = sorted(set(rows) - cited_in_code("tactics"))
    assert not missing_tests, f"rules without a test: {missing_tests}"
    assert not missing_code, f"rules no code cites: {missing_code}"


def test_tactics_code_and_tests_cite_only_indexed_rules() -> None:
    known = set(index("tactics"))
    cited = {c for c in cited_in_tests() | cited_in_code("tactics") if c.startswith("AT-")}
    assert cited <= known, f"unknown IDs: {sorted(cited - known)}"
