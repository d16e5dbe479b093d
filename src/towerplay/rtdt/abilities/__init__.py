"""Card abilities the effect vocabulary cannot say, each a registered handler of an event
of rtdt/hookspecs.py, keyed by its ability flag (docs/hooks.md: adding a card ability)."""

from towerplay.rtdt.abilities import adversaries as adversaries
from towerplay.rtdt.abilities import companion_events as companion_events
from towerplay.rtdt.abilities import companions as companions
from towerplay.rtdt.abilities import quest_items as quest_items
