"""What Covenant adds to the base rules: the modules that register handlers for the events
of rtdt/hookspecs.py, each beside the rule it carries out, all for the `covenant` feature
(active when any Covenant part is in play, so `State.cov` is set). The base rules never
import this package. Handlers of one event run in the order of these modules, then in
their order in the module (`hooks.run_order`, called by rtdt/plugins.py).
"""

from __future__ import annotations

from towerplay.rtdt.covenant import (
    blessings,
    cards,
    corruptions,
    doom,
    events,
    heroes,
    monuments,
    reinforce,
    spells,
    treasure_choices,
    treasure_wilds,
    turn,
    virtues,
    wands,
    wastelands,
)

# the order handlers of one event run in: the order they were registered in before they
# moved beside their rules (Covenant's offerings come before the cards they follow)
MODULES = (
    wastelands,
    events,
    doom,
    turn,
    reinforce,
    monuments,
    wands,
    blessings,
    virtues,
    cards,
    treasure_wilds,
    treasure_choices,
    spells,
    corruptions,
    heroes,
)
