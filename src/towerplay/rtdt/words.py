"""Words of the RtDT engine that a translation looks up where they are shown.

`N_` (core/narration.py) marks a message for the catalog where it is defined. A template chosen at run time (a plural verb,
the Tower's stir) is marked where it is written, and so is a word that fills a template's
field ("north", "savage"): the catalog translates a field whose text is one of its messages
(docs/i18n.md).
"""

from __future__ import annotations

from towerplay.core.narration import N_

# Identifiers of the content that the narration shows as words (a field's value): the
# dungeons' kinds, the kinds of item a hero loses, a Reinforce's options, the difficulties.
CONTENT_WORDS = (
    N_("encampment"),
    N_("fortress"),
    N_("ruins"),
    N_("shrine"),
    N_("tomb"),
    N_("tower"),
    N_("item"),
    N_("potion"),
    N_("gear"),
    N_("treasure"),
    N_("free"),
    N_("enhanced"),
    N_("heroic"),
    N_("gritty"),
)
