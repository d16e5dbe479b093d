"""Refusals are templates with fields, like events: every one is in its area's catalog, the
terminal and the page word it in the chosen language, and the rule ID stays in it."""

from __future__ import annotations

import ast

import pytest

from towerplay.cli.rtdt import build_game
from towerplay.core.errors import IllegalAction
from towerplay.core.narration import event
from towerplay.i18n import catalog
from towerplay.i18n.extract import PACKAGE, messages
from towerplay.tactics import new_game


def refused(game: object, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        game.apply(action)  # type: ignore[attr-defined]
    return err.value


def test_no_refusal_is_built_with_an_f_string() -> None:
    """An f-string's text is not a message id a catalog can hold: its fields must be named
    arguments of IllegalAction, as an event's are."""
    built = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "IllegalAction"
                and node.args
                and isinstance(node.args[0], ast.JoinedStr)
            ):
                built.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not built


@pytest.mark.parametrize(
    ("area", "msgid"),
    [
        ("rtdt", "you may trade once per turn"),
        ("rtdt", "{space} is not adjacent to {here}"),
        ("tactics", "{unit} has no line of sight to {target}"),
        ("tactics", "{card} costs {n} bags of gold; the party has {gold}"),
        ("common", "only {n} step(s) can be undone, not {steps}"),
    ],
)
def test_refusal_templates_are_extracted_into_their_area(area: str, msgid: str) -> None:
    assert msgid in {m for m, _, _ in messages(area)}


@pytest.mark.parametrize("action", ["fly away", "move nowhere", "trade 3", "cleanse x"])
def test_a_return_to_dark_tower_refusal_in_portuguese(action: str) -> None:
    g = build_game(1, [], "heroic", None, 3)
    e = refused(g, action)
    pt = catalog("pt")
    assert e.msg in pt.messages  # translated, so the words below are Portuguese
    assert catalog("en").refusal(e) == str(e)  # English: the error's own text
    worded = pt.refusal(e)
    assert worded != str(e) and worded.endswith(f" [{e.rule}]")
    assert pt.refusal(e.view()) == worded  # the page's copy words it the same way


def test_a_tactics_refusal_in_portuguese_keeps_its_fields_and_rule() -> None:
    g = new_game({}, 2)
    e = refused(g, "zzz")
    assert e.fields["action"] == "'zzz'" and e.rule == "AT-SETUP-1"
    worded = catalog("pt").refusal(e)
    assert worded.startswith("'zzz' não é uma ação possível agora") and "[AT-SETUP-1]" in worded


def test_a_reason_given_as_an_event_is_worded_inside_the_refusal() -> None:
    why = event("text", "needs {flags}", flags="met_the_queen")
    e = IllegalAction("choice {n} {why}", "AT-GUIDE-1", n=2, why=why)
    assert str(e) == "choice 2 needs met_the_queen [AT-GUIDE-1]"
    assert e.view()["args"]["why"]["msg"] == "needs {flags}"  # plain data for the page
    pt = catalog("pt")
    assert pt.refusal(e) == pt.refusal(e.view())
    assert pt.refusal(e).startswith(
        "escolha 2: " + pt.format("needs {flags}", flags="met_the_queen")
    )


def test_a_refusal_without_fields_is_its_text() -> None:
    e = IllegalAction("the encounter is over", "AT-END-1")
    assert (str(e), e.reason, e.fields) == ("the encounter is over [AT-END-1]", e.msg, {})
    assert catalog("pt").refusal(e) == "o encontro acabou [AT-END-1]"


def test_what_every_decision_kind_asks_is_translated() -> None:
    """A refusal quotes what the pending question asks (`DecisionKind.what`); Babel misses
    some of them, which `tools/i18n_update.py rtdt` adds from the registered kinds."""
    from towerplay.rtdt.plugins import decision_rules

    pt = catalog("pt")
    rules = decision_rules()
    assert len(rules) > 40
    missing = [what for what, _rule in rules.values() if pt.gettext(what) == what]
    assert not missing, missing
