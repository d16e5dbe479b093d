"""A rule-of-thumb player for Return to Dark Tower.

It reads only what a player could see: `game.observe(seat)` (docs/observe.md), the legal
actions, and the printed content (`game.world`: board, cards, abilities). It never reads the
game's state, and imports nothing from the rules: deck orders, the Tower's lodged skulls,
the month's hidden length, other heroes' face-down trials and unentered rooms are not in
what it sees.

Its habits, in order of importance:

- keep the skull supply alive: cleanse buildings with 2-3 skulls (home kingdoms first),
  spend skull-clearing potions and treasures, place emerged skulls on the emptiest building;
- battle foes it can beat (the foe's level and status against its warriors and advantages),
  climbing the worst battle-card rungs first and saving conditional items for cards that
  would otherwise hurt badly;
- pursue quest markers and dungeons when the game has them, the main goal first;
- Reinforce for what it lacks: warriors when low, corruptions away when spirit allows,
  spirit, gear, treasures and virtues when spirit is plentiful;
- never open a trade, and end its turn.

With the Covenant expansion (docs/rules/covenant.md) it reads the public Covenant state too:
it walks to a foundation holding three offerings and Builds when no better heroic action is
in reach; it earns offerings where they come cheap (Battles on Tower-adjacent spaces and
wastelands count for more, a turn may end among foes or skulls at a small detour, a Battle
whose advantages would save little is fought without them while the Moonstone Temple waits);
it walks around wastelands and plans no Cleanse of doom skulls; it values each completed
monument's own Reinforce option; it spends blessings (and Bestow Blessing) where a Wild
improves a battle card or a room; and it plays the four new heroes' banners, the
Astromancer's spells (prepared by what the month's board needs, cast when they clearly
help), the Warden's quarry, the Aegis's and the Swindler's questions, the wands and the new
treasures' decisions.

In competitive mode (docs/rules/competitive.md) it races for the relic: it picks the one of its
own face-down trials it can complete in the fewest turns (walking plus Reinforce visits for what
the trial asks: villages for warriors, bazaars for gear and treasures, citadels for potions and
virtues, heroic actions on the way for spirit), heads there with heroic actions only where they
cost little detour, completes it, and answers the seal question by putting back an open seal
facing its home kingdom (or keeping the Tower as it is). With three trials it walks next to the
Tower and explores its dungeon beyond the first row, improving each room it can, and leaves when
the next unknown room costs more than the chance of the relic there is worth. It knows which
rooms are cleared and the room it stands in, never the relic's room, and never another hero's
face-down trials.

Every decision falls back to a sensible legal action; `act` never raises.
"""

from towerplay.agents.rtdt.agent import HeuristicAgent, play_game

__all__ = ["HeuristicAgent", "play_game"]
