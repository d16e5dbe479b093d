"""Return to Dark Tower: Covenant, played on top of the cooperative game.

One module per concept: `setup` (supplies, monuments and foundations, the new decks),
`monuments` (offerings, Build, completed monuments), `wastelands`, `doom` (doom skulls and
Creeping Doom), `blessings`, `wands`, `heroes` and `spells` (the four new heroes). The base
rules call in here at a few named hooks; with no Covenant part in play (`State.cov` is None)
every hook is a no-op.
"""
