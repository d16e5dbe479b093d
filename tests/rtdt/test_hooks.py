"""The hook registry (rtdt/hooks.py): one table per set of features, no Covenant or
competitive handler in a base game, every event emitted somewhere in the base rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rtdt.covenant_scenario import covenant_game
from tests.rtdt.scenario import give
from towerplay.rtdt import hooks, hookspecs, plugins
from towerplay.rtdt.game import new_game
from towerplay.rtdt.hookspecs import (
    AFTER_CLEANSE,
    ANY_MOMENT_ACTIONS,
    APP_EVENTS,
    CARD_USES,
    EXTRA_ADVANTAGES,
    FOE_STATUS_CHANGED,
    FREE_VERBS,
    MAY_ENTER,
    RESTRICT_ACTIONS,
    WOULD_LOSE,
)
from towerplay.rtdt.records import Banner, Move
from towerplay.rtdt.rules.verbs import ADDED_VERBS

RULES = Path(plugins.__file__).parent / "rules"


def test_a_base_game_has_no_covenant_or_competitive_handler() -> None:
    g = new_game(players=2, seed=1)
    hk = g.world.hooks
    assert hk.features == {"base"}
    assert AFTER_CLEANSE.handlers(hk) == () and WOULD_LOSE.handlers(hk) == ()
    assert ANY_MOMENT_ACTIONS.handlers(hk) == ()
    # the base game's own free verb: passing Bane of Omens' mark (abilities/adversaries.py)
    assert set(FREE_VERBS.of(hk)) == {"pass_mark"} and dict(APP_EVENTS.of(hk)) == {}
    assert "seal" not in hk.decisions and "effigy" not in hk.decisions
    assert "place_skull" in hk.decisions  # the base game's own kinds are in the table


def test_each_feature_brings_its_handlers_and_clones_keep_the_table() -> None:
    cov = new_game(players=2, seed=1, expansion="covenant")
    race = new_game(players=2, seed=1, mode="competitive")
    ch, rh = cov.world.hooks, race.world.hooks
    assert ch.features == {"base", "covenant"} and AFTER_CLEANSE.handlers(ch)
    assert "cast" in FREE_VERBS.of(ch) and "effigy" in ch.decisions
    assert rh.features == {"base", "competitive"} and WOULD_LOSE.handlers(rh)
    assert "trial" in ADDED_VERBS.of(rh) and "seal" in rh.decisions
    assert cov.clone().world is cov.world  # resolved once, shared by clones
    assert cov.world.content is race.world.content  # one content, one set of caches


def test_an_unknown_feature_an_event_declared_twice_or_a_kind_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown feature"):
        AFTER_CLEANSE.on("alliances")
    with pytest.raises(ValueError, match="declared twice"):
        hooks.Notify("after_cleanse", "a second declaration")
    with pytest.raises(ValueError, match="twice"):
        hooks.decision("place_skull", "base", hooks.decision_kinds()["place_skull"])


def test_every_event_and_verb_table_is_emitted_by_the_rules() -> None:
    """Each declared event is emitted somewhere in the base rules (a declared event nobody
    emits would be a handler that never runs), and the rules emit no other."""
    text = "".join(p.read_text() for p in RULES.glob("*.py"))
    found = set(
        re.findall(
            r"\b([A-Z_]+)\.(?:notify|any|all|collect|filter|sum|merge|first|of|"
            r"handlers|held|any_held|all_held|collect_held|sum_held|filter_held)\(|"
            r"(?:hk|handlers|tables)\[([A-Z_]+)\]",  # the inline reads of the hot paths
            text,
        )
    )
    emitted = {name for pair in found for name in pair if name}
    declared = {e.name.upper() for e in hooks.events()}
    declared |= {table.name.upper() for table in hooks.verb_tables()}
    assert {name for name in dir(hookspecs) if name.isupper()} <= declared
    assert declared <= emitted and emitted <= declared


def test_every_event_has_a_handler() -> None:
    """A declared event no feature handles would be dead code in the rules."""
    every = hooks.table(frozenset(hooks.FEATURES))
    idle = {e.name for e in hooks.events() if not e.handlers(every)}
    idle |= {v.name for v in hooks.verb_tables() if not v.of(every)}
    assert idle == set()


def test_every_decision_kind_has_its_own_answers_apply_and_words() -> None:
    """One place per kind: no function answers, applies or words two kinds (a shared one
    would be a dispatcher branching on `d.kind`)."""
    kinds = hooks.decision_kinds()
    for part in ("answers", "apply", "words"):
        handlers = [getattr(dk, part) for dk in kinds.values()]
        assert len(set(handlers)) == len(handlers), part
    assert {"effigy", "quarry", "prepare", "oak_item", "seal", "steal_potion"} <= set(kinds)
    assert all(dk.rule and dk.what for dk in kinds.values())


def test_holds_says_what_the_profile_says_for_every_flag() -> None:
    """World.holds (the per-flag gate) agrees with the hero's Profile, whatever the cards."""
    g = covenant_game(("orphaned_scion", "relentless_warden"))
    give(g, 0, treasures=["azkols_ichor"], corruptions=["timid", "snobby"])
    give(g, 1, virtues=["fortuitous"], corruptions=["crestfallen"])
    w, s = g.world, g.state
    for h in s.heroes:
        flags = w.profile(h.cards()).flags
        assert {f for f in w.flag_places if w.holds(h, f)} == flags & set(w.flag_places)
    assert w.holds(s.heroes[0], "no_gear") and not w.holds(s.heroes[1], "no_gear")
    s.heroes[1].inactive.append(s.heroes[1].virtues.pop())  # an inactive virtue does nothing
    assert not w.holds(s.heroes[1], "haggle_reroll")


def test_a_gated_ability_runs_only_for_a_holder_and_otherwise_passes() -> None:
    g = covenant_game(("orphaned_scion", "relentless_warden"))
    give(g, 0, corruptions=["crestfallen", "timid"])
    w, s = g.world, g.state
    bans = {f.__name__: f for f in RESTRICT_ACTIONS.handlers(w.hooks)}
    no_banner = bans["restrict_crestfallen[no_banner]"]
    actions = [Banner(), Move("x")]
    assert no_banner(w, s, s.heroes[0], actions) == [Move("x")]
    assert no_banner(w, s, s.heroes[1], actions) is actions  # a filter passes the value on
    timid = next(f for f in MAY_ENTER.handlers(w.hooks) if "[no_tower_adjacent]" in f.__name__)
    adjacent = sorted(w.board.tower_adjacent)[0]
    assert not timid(w, s, s.heroes[0], adjacent)
    assert timid(w, s, s.heroes[1], adjacent) is True  # a question: `otherwise`
    uses = [f for f in CARD_USES.handlers(w.hooks) if "[" in f.__name__]
    assert all(u(w, s, s.heroes[1]) == () for u in uses)  # a contribution: nothing


def test_held_by_keeps_the_handlers_of_the_cards_held_in_their_order() -> None:
    """`held_by` drops exactly the hero-gated abilities whose flag the cards lack; handlers
    of no card and those gated on every holder (on_holders) stay, in the table's order."""
    g = covenant_game(("orphaned_scion", "relentless_warden"))
    give(g, 0, corruptions=["crestfallen", "timid"])
    w, s = g.world, g.state
    prof = w.profile(s.heroes[0].cards())
    restrict = RESTRICT_ACTIONS.handlers(w.hooks)
    kept = RESTRICT_ACTIONS.held(w.hooks, prof)
    assert [f.__name__ for f in kept] == [
        "restrict_crestfallen[no_banner]",
        "restrict_timid[no_tower_adjacent]",
    ]
    assert hooks.held_by(restrict, w.profile(s.heroes[1].cards())) == ()
    assert hooks.held_by(restrict, prof) is kept  # kept in the Profile
    uses = CARD_USES.handlers(w.hooks)
    wands = [f for f in uses if f.__name__ == "wand_uses"]  # no card's ability
    assert wands and hooks.held_by(uses, prof) == tuple(wands)
    holders = FOE_STATUS_CHANGED.handlers(w.hooks)  # gated on every holder, not the hero
    assert hooks.held_by(holders, prof) == holders
    for h in s.heroes:  # calling only those gives what calling every handler gives
        out = [Banner(), Move(sorted(w.board.tower_adjacent)[0])]
        every, some = list(out), list(out)
        for f in restrict:
            every = f(w, s, h, every)
        some = RESTRICT_ACTIONS.filter_held(w.profile(h.cards()), w, s, h, some)
        assert every == some == RESTRICT_ACTIONS.filter(w, s, h, list(out))


def test_a_holders_ability_runs_for_each_hero_still_in_the_game_holding_it() -> None:
    g = covenant_game(("orphaned_scion", "relentless_warden", "undaunted_aegis"))
    give(g, 2, treasures=["azkols_ichor"], warriors=0)
    give(g, 0, warriors=0)
    w, s = g.world, g.state
    (ichor,) = [
        f for f in FOE_STATUS_CHANGED.handlers(w.hooks) if "[warriors_on_foe_status]" in f.__name__
    ]
    ichor(w, s, "brigands")
    assert [h.warriors for h in (s.heroes[0], s.heroes[2])] == [0, 7]
    s.heroes[2].eliminated = True  # no longer in the game: not a holder
    ichor(w, s, "brigands")
    assert s.heroes[2].warriors == 7


def test_each_covenant_card_flag_has_its_gated_handlers() -> None:
    """Card abilities are registered per flag: each event's handler list holds one entry
    per flag (adding a card is a YAML entry and one registered handler)."""
    found = hooks.flag_handlers()
    for flag in ("cleanse_clears_kingdom", "river_toll", "haggle_reroll", "no_banner"):
        assert len(found[flag]) == 1, flag
    g = covenant_game()
    names = [f.__name__ for f in EXTRA_ADVANTAGES.handlers(g.world.hooks)]
    assert len(names) == len(set(names)) == 6  # five Covenant cards and the Tools of the Saboteur
    assert all(n.endswith("]") for n in names)
