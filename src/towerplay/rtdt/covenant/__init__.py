"""Return to Dark Tower: Covenant, played on top of the cooperative game.

One module per concept: `setup` (supplies, monuments and foundations, the new decks),
`monuments` (offerings, Build, completed monuments), `wastelands`, `doom` (doom skulls and
Creeping Doom), `blessings`, `wands`, `heroes` and `spells` (the four new heroes). The base
rules never import this package: each module registers its handlers for the events the base
rules emit (rtdt/hookspecs.py), active only when a Covenant part is in play (`State.cov` is
set); `plugin` lists the modules in the order their handlers run.
"""
