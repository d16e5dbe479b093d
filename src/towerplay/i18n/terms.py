"""The games' terms, marked for the catalogs.

Players of the Portuguese base game know it by these words (the glossary of the house plan):
a screen shows `catalog(lang).gettext(TERMS["cleanse"])`, so Banner is "Estandarte" and skulls
are "caveiras" to them. Keys are the identifiers the engines use.
"""

from __future__ import annotations

from towerplay.i18n import N_

TERMS: dict[str, str] = {
    # the turn and its actions
    "banner_action": N_("Banner"),
    "cleanse": N_("Cleanse"),
    "battle": N_("Battle"),
    "quest": N_("Quest"),
    "reinforce": N_("Reinforce"),
    "advantages": N_("Advantages"),
    "wild": N_("Wild"),
    "move": N_("Move"),
    "trade": N_("Trade"),
    "haggle_die": N_("haggle die"),
    # resources and pieces
    "warriors": N_("warriors"),
    "spirit": N_("spirit"),
    "skulls": N_("skulls"),
    "doom_skulls": N_("doom skulls"),
    "buildings": N_("buildings"),
    "citadel": N_("citadel"),
    "sanctuary": N_("sanctuary"),
    "village": N_("village"),
    "bazaar": N_("bazaar"),
    "foes": N_("foes"),
    "adversary": N_("adversary"),
    "companion": N_("companion"),
    "main_companion": N_("main companion"),
    "main_goal": N_("main goal"),
    "dungeon": N_("dungeon"),
    "target_room": N_("target room"),
    "corruption": N_("corruption"),
    "virtue": N_("virtue"),
    "seal": N_("seal"),
    "glyph": N_("glyph"),
    "potion": N_("potion"),
    "gear": N_("gear"),
    "treasure": N_("treasure"),
    "quest_item": N_("quest item"),
    "month": N_("month"),
    "monthly_quests": N_("monthly quests"),
    "heroic_trial": N_("heroic trial"),
    "relic": N_("relic"),
    "foe_strike": N_("foe strike"),
    "foe_spawn": N_("foe spawn"),
    "tower_stirs": N_("the Tower stirs"),
    "tower_acts": N_("the Tower acts"),
    "supply": N_("supply"),
    "home_kingdom": N_("home kingdom"),
    "current_kingdom": N_("current kingdom"),
    "dormant_kingdom": N_("dormant kingdom"),
    # Covenant
    "wasteland": N_("wasteland"),
    "offering": N_("offering"),
    "foundation": N_("foundation"),
    "monument": N_("monument"),
    "blessing": N_("blessing"),
    "charge": N_("charge"),
    # difficulties
    "heroic": N_("Heroic"),
    "gritty": N_("Gritty"),
}
