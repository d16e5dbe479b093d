"""Adventure Tactics: Domianne's Tower — the campaign.

A party of 3-5 heroes plays the Campaign Guide from Chapter 1 to an ending: story
pages with choices, encounters played by the encounter engine (`towerplay.tactics`),
rewards, level-ups into basic and elite classes, perks, the market and random
encounters. Rule IDs `AT-CAMP-*` and friends are listed in docs/rules/tactics.md.

Modules, from the ground up:

- `models`, `content`: the campaign content (level-up cards, perks, items, markets,
  heroes, chapters, random encounters) and its cross-checks.
- `hero`: a campaign hero and what its level-up cards make of it (level, class, HP).
- `levels`: which level-up card a hero may take, and the REPLACE and basic-card
  removals that follow.
- `loadout`: player setup before an encounter, and the encounter config it makes.
- `state`: the plain-data campaign state (party, Party > Items, market deck, random
  encounter deck, flags, history, pending decisions).
- `guide`: reading the Campaign Guide — pages, requirements, rewards, travel, encounter
  results, and the encounter engine's config for the party.
- `market`: the market's stock, prices, buying and selling.
- `decisions`: each pending decision's answers, words, effects and refusals.
- `action_words`: each answer worded for people, as a button says it.
- `invariants`: what holds after every action; `save`: the save format and its checks.
- `view`: what `observe(seat)` shows; `game`: the Game protocol wrapper (`CampaignGame`).
"""
