"""The words the browser pages show, marked for the catalog (the pages ask `/api/i18n/LANG`).

The pages look words up by their English text (`Words.t("Your turn")`, `data-t="Seats"`);
`tests/web/test_words.py` checks that every word a page uses is listed here, so the catalog
test sees it. Words the pages take from data (a card's kind, a glyph, a square's ground, a
board slot) are listed too.
"""

from __future__ import annotations

from towerplay.i18n import N_

PAGE_WORDS = (
    # the lobby
    N_("Language"), N_("New table"), N_("Game"), N_("Players"), N_("Mode"), N_("Difficulty"),
    N_("Encounter"), N_("Party"), N_("Seed"), N_("Seats"), N_("Seat"), N_("Player"),
    N_("a person"), N_("AI"), N_("Create the table"), N_("Seat links"),
    N_("Each link is a seat's key: give it only to the person who plays that seat."),
    N_("Tables"), N_("over"), N_("to act"), N_("cooperative"), N_("competitive"),
    # a seat's page
    N_("connected"), N_("disconnected, reconnecting…"), N_("Game over"), N_("Your turn"),
    N_("Game over: {outcome} ({cause})"), N_("win"), N_("loss"),  # a game's end (its result)
    N_("Waiting for"), N_("What happened"), N_("key"), N_("Undo"), N_("Redo"),
    N_("{seat} asks to undo {n} decision(s)"), N_("waiting for the others to agree"),
    N_("press Undo to agree"), N_("Spectator"), N_("no text"),
    # Return to Dark Tower
    N_("Month"), N_("turn"), N_("Skulls in the supply"), N_("Market"), N_("level"),
    N_("the Tower"), N_("virtue"), N_("gear"), N_("treasure"), N_("potion"), N_("corruption"),
    N_("companion"), N_("quest item"), N_("warriors"), N_("spirit"), N_("Heroic"), N_("Gritty"),
    N_("cleanse"), N_("quest"), N_("battle"), N_("banner"), N_("reinforce"),
    N_("Battle"), N_("the adversary"), N_("card"), N_("rung"), N_("Advantages"), N_("dungeon"),
    N_("wild"), N_("magic"), N_("melee"), N_("stealth"), N_("beast"), N_("humanoid"),
    N_("undead"), N_("elemental"), N_("ranged"),
    N_("river of fire"), N_("siege tree"), N_("foundation"), N_("monument"), N_("in ruins"),
    N_("Main companion"), N_("Gear piles"), N_("Mutations"),
    # Adventure Tactics
    N_("Round"), N_("Main objective"), N_("Bonus objective"), N_("Revive potions"),
    N_("Initiative"), N_("Boss cards revealed"), N_("deck"), N_("hand"), N_("discard"),
    N_("floor"), N_("start"), N_("wall"), N_("obstacle"), N_("water"), N_("trap"), N_("exit"),
    N_("spawn"), N_("wraith"), N_("weapon"), N_("armor"), N_("accessory"), N_("class_feature"),
    # the campaign
    N_("Ending"), N_("travel: a random encounter may come"), N_("gold"), N_("Sell for"),
    N_("Level up"), N_("random encounters"), N_("movement"), N_("equipment"), N_("perks"),
    N_("easy"), N_("normal"), N_("hard"), N_("Heroes"), N_("Adventure Tactics: a campaign"),
    # the lobby: an agent's settings, the campaigns kept by `towerplay campaign`
    N_("settings (e.g. 0.5s)"), N_("Campaigns in the store"), N_("Chapter"),
    N_("A campaign begun with towerplay campaign new goes on here at a new table, from where "
       "it stands."),
    N_("Open in the browser"),
    N_("Kept in campaign {id}: `towerplay campaign continue` goes on from here."),
    N_("A copy of campaign {id}: it was played elsewhere since, so this table no longer "
       "keeps it."),
)
