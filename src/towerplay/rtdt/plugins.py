"""What a game plays with: the base rules plus the handlers that Covenant, the competitive
mode and card abilities register (rtdt/hookspecs.py). Importing this module registers them;
`world_for` gives the World a game's rules run with.
"""

from __future__ import annotations

from towerplay.rtdt import abilities, competitive, decisions, hooks
from towerplay.rtdt.covenant import plugin
from towerplay.rtdt.state import State
from towerplay.rtdt.world import World

REGISTERED = (abilities, competitive, decisions, plugin)  # imported for their registrations
# the order the handlers of one event run in, within a feature (hooks.run_order)
hooks.run_order(
    *(
        m.__name__
        for m in (
            abilities.adversaries,
            abilities.companion_events,
            abilities.companions,
            abilities.quest_items,
            competitive,
            *plugin.MODULES,
        )
    )
)

_FEATURES = {
    (cov, racing): frozenset(
        ["base"] + (["covenant"] if cov else []) + (["competitive"] if racing else [])
    )
    for cov in (False, True)
    for racing in (False, True)
}


def features_of(s: State) -> frozenset[str]:
    """`base` always; `covenant` when any Covenant part is in play; `competitive`."""
    return _FEATURES[(s.cov is not None, s.config.mode == "competitive")]


def world_for(w: World, s: State) -> World:
    """`w` with the hook table of this game's features (resolved once per table)."""
    return w.with_hooks(hooks.table(features_of(s)))


def decision_rules() -> dict[str, tuple[str, str]]:
    """What every registered decision kind asks, and the rule it carries out, by kind."""
    return {kind: (dk.what, dk.rule) for kind, dk in hooks.decision_kinds().items()}
