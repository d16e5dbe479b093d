"""The immutable side of a game: content, board and per-card ability indexes.

One World is built per content set and shared by every game and clone.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from towerplay.rtdt.board import Board
from towerplay.rtdt.content import Content, load_content
from towerplay.rtdt.hooks import NO_HOOKS, Hooks
from towerplay.rtdt.models import (
    Advantage,
    Card,
    Flagged,
    Modifier,
    Restrict,
    Triggered,
    Use,
)


@dataclass(frozen=True, slots=True)
class Profile:
    """What a particular set of cards does, precomputed: rules ask it instead of
    walking every card's abilities on every call."""

    flags: frozenset[str]
    restrictions: frozenset[str]
    modifiers: tuple[Modifier, ...]
    triggers: dict[str, tuple[tuple[str, Triggered], ...]]  # on -> (card id, ability)
    move_set: int | None  # a `set_base_move` value, if any (the lowest)
    move_add: int  # the sum of `base_move` modifiers
    cards: tuple[str, ...] = ()  # the cards, in the hero's order (HeroState.cards)
    usable: bool = False  # whether any of these cards has a `use` (a potion is not among them)
    # the cards with a flag, in that order (World.cards_with), filled as asked
    with_flag: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    # an event's handlers less the card abilities none of these cards has (hooks.held_by),
    # filled as events are emitted, never changed once filled
    # by the handler tuple
    held: dict[tuple[Any, ...], tuple[Any, ...]] = field(default_factory=dict, compare=False)


# the HeroState lists `HeroState.cards` joins, by card kind (where `World.holds` looks)
HELD_IN = {
    "virtue": "virtues",
    "gear": "gear",
    "treasure": "treasures",
    "corruption": "corruptions",
    "quest_item": "quest_items",
    "companion": "companions",
}


BOUND = 50_000  # a cache keyed by game facts is emptied past this many entries


@dataclass(slots=True)
class Caches:
    """What the rules and the view keep of the printed content and of slowly changing facts,
    each cache by name with its key: shared by every game of one content."""

    worlds: dict[frozenset[str], World] = field(default_factory=dict)  # by hook features
    steps: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # space -> its moves
    # observe: a building by (space, Covenant sites); a hero by (hero, cards); printed parts
    buildings: dict[tuple[Any, ...], tuple[Any, ...]] = field(default_factory=dict)
    heroes: dict[tuple[str, ...], tuple[str, int, int, int]] = field(default_factory=dict)
    foes: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    needs: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    monuments: dict[str, tuple[str, str]] = field(default_factory=dict)
    foreign: dict[tuple[Any, ...], tuple[str, ...]] = field(default_factory=dict)


def bounded(cache: dict[Any, Any]) -> dict[Any, Any]:
    """`cache`, emptied first when it holds BOUND entries (keys made of game facts grow
    without end over a long run)."""
    if len(cache) >= BOUND:
        cache.clear()
    return cache


@dataclass(frozen=True)
class World:
    content: Content
    board: Board
    cards: dict[str, Card]  # every virtue, gear, potion, treasure and corruption by id
    kind_of: dict[str, str]  # card id -> virtue | gear | potion | treasure | corruption
    modifiers: dict[str, tuple[Modifier, ...]]
    triggers: dict[str, tuple[Triggered, ...]]
    uses: dict[str, tuple[Use, ...]]
    flags: dict[str, tuple[Flagged, ...]]
    restrictions: dict[str, frozenset[str]]
    advantages: dict[str, tuple[Advantage, ...]]
    profiles: dict[tuple[str, ...], Profile] = field(default_factory=dict, compare=False)
    caches: Caches = field(default_factory=Caches, compare=False)
    # the event handlers of one game configuration (rtdt/hooks.py); `with_hooks` gives the
    # World a game plays with, sharing everything else (and the caches) with this one
    hooks: Hooks = field(default=NO_HOOKS, compare=False)
    # flag -> ((HeroState list, ids of the cards with the flag), ...), for `holds`
    flag_places: dict[str, tuple[tuple[str, frozenset[str]], ...]] = field(
        default_factory=dict, compare=False
    )

    def with_hooks(self, hooks: Hooks) -> World:
        """This World with another hook table (one per table, cached)."""
        if self.hooks is hooks:
            return self
        worlds = self.caches.worlds
        found = worlds.get(hooks.features)
        if found is None or found.hooks is not hooks:
            found = worlds[hooks.features] = dataclasses.replace(self, hooks=hooks)
        return found

    def profile(self, cards: Sequence[str]) -> Profile:
        """The Profile of a hero's cards (cached by the card list)."""
        key = tuple(cards)
        p = self.profiles.get(key)
        return p if p is not None else self._new_profile(key)

    def hero_profile(self, h: Any) -> Profile:
        """`profile(h.cards())` by the tuple `HeroState.card_key` builds: rules ask for it
        several times a decision."""
        key = h.card_key()
        p = self.profiles.get(key)
        return p if p is not None else self._new_profile(key)

    def _new_profile(self, key: tuple[str, ...]) -> Profile:
        """Build a Profile and keep it (the cache is emptied past 50,000 card sets)."""
        if len(self.profiles) > 50_000:
            self.profiles.clear()
        triggers: dict[str, list[tuple[str, Triggered]]] = {}
        for cid in key:
            for t in self.triggers[cid]:
                triggers.setdefault(t.on, []).append((cid, t))
        p = self.profiles[key] = Profile(
            flags=frozenset(f.flag for cid in key for f in self.flags[cid]),
            restrictions=frozenset(r for cid in key for r in self.restrictions[cid]),
            modifiers=tuple(m for cid in key for m in self.modifiers[cid]),
            triggers={on: tuple(v) for on, v in triggers.items()},
            move_set=min(
                (m.amount for cid in key for m in self.modifiers[cid] if m.stat == "set_base_move"),
                default=None,
            ),
            move_add=sum(
                m.amount for cid in key for m in self.modifiers[cid] if m.stat == "base_move"
            ),
            cards=key,
            usable=any(self.uses[cid] for cid in key),
        )
        return p

    def cards_with(self, prof: Profile, flag: str) -> tuple[str, ...]:
        """The cards of a Profile that have this flag, in their order; kept in the Profile,
        as card abilities ask for theirs on every turn step (rules.common.flag_cards)."""
        found = prof.with_flag.get(flag)
        if found is None:
            found = prof.with_flag[flag] = tuple(
                cid for cid in prof.cards if any(f.flag == flag for f in self.flags[cid])
            )
        return found

    def holds(self, h: Any, flag: str) -> bool:
        """Whether hero `h` holds a card with this flag - what `flag in
        profile(h.cards()).flags` says, looking only in the lists the flag's cards sit in:
        EVENT.on_flag gates every card ability with it, on hot paths."""
        for attr, ids in self.flag_places.get(flag, ()):
            if not ids.isdisjoint(getattr(h, attr)):
                return True
        return False

    @staticmethod
    def build(content: Content) -> World:
        cards: dict[str, Card] = {}
        kind_of: dict[str, str] = {}
        for kind, table in (
            ("virtue", content.virtues),
            ("gear", content.gear),
            ("potion", content.potions),
            ("treasure", content.treasures),
            ("corruption", content.corruptions),
            ("quest_item", content.quest_items),
            ("companion", content.companions),
            ("spell", content.spells),
        ):
            for cid, card in table.items():
                cards[cid] = card
                kind_of[cid] = kind

        def pick(cls: type) -> dict[str, tuple[Any, ...]]:
            return {
                cid: tuple(a for a in c.abilities if isinstance(a, cls)) for cid, c in cards.items()
            }

        flags = pick(Flagged)
        places: dict[str, dict[str, set[str]]] = {}
        for cid, found in flags.items():
            attr = HELD_IN.get(kind_of[cid])
            if attr is None:  # potions and spells are not among the hero's cards
                continue
            for f in found:
                places.setdefault(f.flag, {}).setdefault(attr, set()).add(cid)
        return World(
            content=content,
            board=Board.build(content.board),
            cards=cards,
            kind_of=kind_of,
            modifiers=pick(Modifier),
            triggers=pick(Triggered),
            uses=pick(Use),
            flags=flags,
            restrictions={
                cid: frozenset(a.what for a in c.abilities if isinstance(a, Restrict))
                for cid, c in cards.items()
            },
            advantages=pick(Advantage),
            flag_places={
                flag: tuple((attr, frozenset(ids)) for attr, ids in sorted(where.items()))
                for flag, where in places.items()
            },
        )

    def name(self, cid: str) -> str:
        card = self.cards.get(cid)
        if card is not None:
            return card.name
        hero = self.content.heroes.get(cid)
        if hero is not None:
            return hero.name
        foe = self.content.foes.get(cid) or self.content.adversaries.get(cid)
        if foe is not None:
            return foe.name
        c = self.content
        for table in (c.monuments, c.quests, c.trials, c.spells, c.battle_cards):
            found = table.get(cid)
            if found is not None:
                return str(found.name)
        return self.board.names.get(cid, cid)


@functools.lru_cache(maxsize=1)
def _default_world() -> World:
    """The printed content's World, built once and kept for the process. Its tens of
    thousands of objects are then moved out of the garbage collector's generations
    (gc.freeze): they never become garbage, and every full collection walked them again,
    about 3% of the CPU time of random-agent Covenant games (150 -> 87 ms of 2.2 s)."""
    world = World.build(load_content())
    gc.freeze()
    return world


def get_world(extra: Sequence[Path] = ()) -> World:
    if not extra:
        return _default_world()
    return World.build(load_content(extra))
