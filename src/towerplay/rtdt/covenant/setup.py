"""Covenant's setup changes (COV-SETUP-*): supplies, monuments on foundations, the decks."""

from __future__ import annotations

from towerplay.core.rng import Rng
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.state import Config, Covenant, Site, State
from towerplay.rtdt.world import World

KINGDOMS = ("north", "east", "south", "west")
TYPES = ("citadel", "sanctuary", "village", "bazaar")
ASTROMANCER = "reverent_astromancer"


def in_play(w: World, config: Config) -> bool:
    """Whether any Covenant part is played, so the state needs its supplies (COV-MODE-4)."""
    c = w.content
    return (
        config.covenant
        or config.treasures != "base"
        or config.new_corruptions > 0
        or any(h in c.covenant_heroes for h in config.heroes)
    )


def treasure_deck(w: World, config: Config) -> list[str]:
    """The treasure cards of this game, in content order (COV-SETUP-3, COV-SETUP-4)."""
    c = w.content
    if config.treasures == "covenant":
        return list(c.covenant_treasures)
    if config.treasures == "both":
        return list(c.base_treasures) + list(c.covenant_treasures)
    return list(c.base_treasures)


def market_size(config: Config) -> int:
    """Four cards with both treasure decks mixed, else three (COV-SETUP-4)."""
    return 4 if config.treasures == "both" else 3


def corruption_deck(w: World, config: Config, rng: Rng) -> list[str]:
    """The base corruptions (unless only the new are played) and `new_corruptions` of the
    Covenant ones, drawn at random (COV-SETUP-5). Unshuffled: setup shuffles it."""
    c = w.content
    new = list(c.covenant_corruptions)
    if 0 < config.new_corruptions < len(new):
        rng.shuffle(new)
        new = sorted(new[: config.new_corruptions], key=c.covenant_corruptions.index)
    new = new if config.new_corruptions else []
    return (list(c.base_corruptions) if config.base_corruptions else []) + new


def choose_monuments(w: World, rng: Rng) -> list[tuple[str, str]]:
    """The app's pick (COV-SETUP-6, COV-MONUMENT-1): one monument per kingdom, the four
    replacing one building of each type, each drawn from the two monuments of its type
    (the pairs share a type: the Arch replaces a bazaar, COV-CLARIFY-1)."""
    types = list(TYPES)
    rng.shuffle(types)
    out = []
    for kingdom, btype in zip(KINGDOMS, types, strict=True):
        options = [m.id for m in w.content.covenant.monuments if m.replaces == btype]
        out.append((kingdom, rng.choice(options)))
    return out


def new_covenant(w: World, s: State, rng: Rng) -> Covenant:
    """Supplies and monuments, before opening skulls and heroes are placed (COV-SETUP-1..10).

    Each monument's building leaves the game and a foundation takes its space: the space
    leaves `State.skulls`, so no skull can go on it (COV-SETUP-9) and the opening skulls
    meant for it stay in the supply (COV-SETUP-10).
    """
    comp = w.content.covenant.components
    cov = Covenant(
        doom_supply=comp.doom_skulls if s.config.covenant else 0,  # COV-SETUP-1, COV-SETUP-2
        blessings=[0] * len(s.heroes),
        spells=[[] for _ in s.heroes],
        prepared=[[] for _ in s.heroes],
        invocations=[[] for _ in s.heroes],
    )
    if s.config.covenant:
        for kingdom, monument in choose_monuments(w, rng):
            btype = w.content.monuments[monument].replaces
            space = w.board.building_space[(kingdom, btype)]  # COV-SETUP-7, COV-SETUP-8
            s.skulls.pop(space)
            cov.sites.append(Site(monument, kingdom, space))  # COV-MONUMENT-2: unbuilt
            tell(
                s,
                "text",
                "Setup - the {monument} will rise in the {kingdom}:"
                " its foundation replaces the {building} at {space}.",
                monument=w.name(monument),
                kingdom=kingdom,
                building=btype,
                space=w.board.names[space],
            )
    return cov


def setup_heroes(w: World, s: State) -> None:
    """The new heroes' own setup steps (COV-SETUP-11)."""
    cov = s.cov
    if cov is None:
        return
    c = w.content  # COV-WARDEN-1: the quarry token starts on the Warden's board (quarry "")
    for h in s.heroes:
        if h.hero == ASTROMANCER:  # COV-ASTRO-1, COV-ASTRO-2
            cov.spells[h.seat] = [sp.id for sp in c.covenant.spells]
            cov.invocations[h.seat] = [sp.id for sp in c.covenant.invocations]
        if "iron_willed" in h.virtues and s.corruption_deck:  # COV-AEGIS-2
            card = s.corruption_deck.pop(0)
            h.corruptions.append(card)
            tell(
                s,
                "corruption",
                "Setup - the {hero} starts with the corruption {card}.",
                seats=(h.seat,),
                amounts=(("corruptions", 1),),
                hero=hero_name(w, h),
                card=w.name(card),
            )


def blessings_free(w: World, s: State) -> int:
    """Blessing cards left in the supply (COV-BLESS-6)."""
    cov = s.cov
    return 0 if cov is None else w.content.covenant.components.blessings - sum(cov.blessings)
