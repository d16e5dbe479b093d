"""The Return to Dark Tower action space: every action text, built from the content.

The templates follow the game's notation (each verb and what may follow it); the
vocabularies come from the printed content (`towerplay.rtdt.world`) and from a fresh game's
public view (the Tower's seals). docs/rl.md lists them.
"""

from __future__ import annotations

from typing import get_args

from towerplay.games.space import ActionSpace, Template
from towerplay.rtdt.game import make_config, new_game
from towerplay.rtdt.models.base import AdvantageType
from towerplay.rtdt.world import World, get_world

MAX_COUNT = 40  # `give|take warriors|spirit N`: N up to this many in the first block
MAX_TRADE = 99  # and up to this many in a block added last (the earlier indices stay)
SEATS = 4
MAX_OPTIONS = 4  # `option N`: the options of a "lose A or B" (the content has two)
# the spells whose casting names targets, and what (the rest are cast with no word after)
SPELL_TARGETS = {
    "soothing_word": ("hero", "corruption"),
    "bestow_blessing": ("hero",),
    "winds_of_change": ("treasure",),
    "smite_the_wicked": ("foe", "space"),
    "celestial_jaunt": ("space",),
    "abate_the_darkness": ("seal",),
    "commanding_rebuke": ("foe", "space"),
}


def seals() -> list[str]:
    """The twelve seals' names, from a new game's view (every seal is on at the start)."""
    return list(new_game(make_config(seed=0)).observe(0)["tower"]["seals"])


def vocabularies(w: World) -> dict[str, list[str]]:
    c = w.content
    items = [*c.gear, *c.potions, *c.treasures, *c.quest_items]
    return {
        "space": list(w.board.spaces),
        "foe": [*c.foes, *c.adversaries],
        "hero": list(c.heroes),
        "seat": [str(i) for i in range(SEATS)],
        "treasure": list(c.treasures),
        "potion": list(c.potions),
        "virtue": list(c.virtues),
        "corruption": list(c.corruptions),
        "card": [*items, *c.companions, *c.virtues, *c.corruptions],
        "companion": list(c.companions),
        "quest": list(c.quests),
        "spell": list(c.spells),
        "trial": list(c.trials),
        "seal": seals(),
        "building": [*c.buildings, *c.monuments],  # where a Reinforce's card comes from
        "advantage": list(get_args(AdvantageType)),
        "haggle": list(dict.fromkeys(f.result for f in c.haggle.faces)),
        "room": [str(i) for i in range(max(len(d.rooms) for d in c.dungeons.values()))],
        "count": [str(n) for n in range(1, MAX_COUNT + 1)],
    }


# the actions of one word, and the verbs whose one argument is a space, in the order that
# gives each template its indices (a new template goes last, so that the others' stay)
# fmt: off
ONE_WORD = (
    "end", "double", "haggle", "banner", "resolve", "offer", "cancel", "stop", "spirit",
    "accept", "reject", "spend", "done", "continue", "retreat", "blessed", "leave",
    "none", "bless", "build", "pass", "take", "keep", "reroll", "dodge", "pay", "decline",
)
SPACE_VERBS = (
    "move", "cleanse", "place", "remove", "skull", "hit", "go", "step", "to", "tree", "explore",
    "offer",
)
# fmt: on


def templates(v: dict[str, list[str]]) -> list[Template]:
    words = [(w,) for w in ONE_WORD]
    sp, card, foe = v["space"], v["card"], v["foe"]
    out: list[Template] = [
        *words,
        ("end", "skip"),
        ("banner", v["hero"]),
        ("resolve", card),
        # moving and the heroic actions
        (SPACE_VERBS, sp),
        ("skull", "none"),
        ("explore", "tower"),
        (("battle", "foe", "quarry"), foe, sp),
        ("quarry", "adversary"),
        ("reinforce", ("free", "enhanced", "tree")),
        ("reinforce", ("free", "enhanced"), v["building"]),
        ("trade", v["seat"]),
        ("hero", v["hero"]),
        # cards: using them, and their targets
        ("use", card),
        ("use", v["treasure"], (*foe, *v["corruption"], *v["virtue"], *sp)),
        ("use", v["companion"], (*v["treasure"], *v["seal"])),  # Zaida's cost, Nimet's seal
        # trading, items and virtues
        (("give", "take"), ("warriors", "spirit"), v["count"]),
        (("give", "take", "discard", "lose", "spend", "keep"), card),
        (("flip", "drop"), v["virtue"]),
        ("replace", v["treasure"]),
        ("return", v["corruption"]),
        ("bless", v["hero"]),
        ("keep", v["haggle"]),
        # battles and dungeons
        ("advantage", v["advantage"]),
        ("improve", v["advantage"]),
        ("room", v["room"]),
        ("option", v["count"][:MAX_OPTIONS]),  # "lose A or B": the option's number
        ("quest", v["quest"]),
        # the competitive mode
        ("trial", v["trial"]),
        ("seal", ("remove", "replace"), v["seal"]),
        ("seal", "keep"),
        ("steal", v["potion"], v["seat"]),
        # the Astromancer's spells
        ("prepare", v["spell"]),
        ("cast", v["spell"]),
    ]
    for spell, kinds in SPELL_TARGETS.items():
        if spell in v["spell"]:
            out.append(("cast", spell, *(v[k] for k in kinds)))
    out.append(("pass_mark", v["seat"]))  # Bane of Omens' Black Mark; last: indices stay
    out.append(("resolve", "forgo"))  # the Colossus of Björn's offering (COV-CLARIFY-21)
    # a trade of more than MAX_COUNT (warrior tokens are a count, not a limit: RTDT-RES-1)
    more = [str(n) for n in range(MAX_COUNT + 1, MAX_TRADE + 1)]
    out.append((("give", "take"), ("warriors", "spirit"), more))
    # one source forgone (COV-CLARIFY-21); last: indices stay
    out.append(("resolve", "forgo", card))
    # The Iron Wall raised and a treasure sent by the Smuggler's Coin, which the space
    # lacked (tests/rl/test_space.py checks it against rtdt/records.py); last: indices stay
    out.append(("raise",))
    out.append(("send", v["treasure"]))
    return out


def rtdt_space(w: World | None = None) -> ActionSpace:
    """The action space of the content `w` (the bundled content by default)."""
    return ActionSpace("rtdt", templates(vocabularies(w or get_world())))
