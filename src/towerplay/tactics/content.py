"""Loading and cross-checking the tactics content (YAML under content/).

Content is loaded once, validated by the pydantic models in models.py, and held
in a frozen `Content` object that game states share by reference. Extra folders
add or override entries by id (a user transcribing their own copy of the cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from towerplay.core.content import load_bundle
from towerplay.core.errors import ContentError
from towerplay.tactics.grid import parse_square
from towerplay.tactics.models import (
    AbilitiesFile,
    Ability,
    BossDeck,
    BossDecksFile,
    Card,
    CardsFile,
    ClassCard,
    ClassesFile,
    DiceFile,
    Die,
    Encounter,
    EncountersFile,
    EnemiesFile,
    EnemyType,
    Summon,
    SummonsFile,
    WallType,
)

CONTENT_DIR = Path(__file__).parent / "content"
PASSABLE = ".SX*W~o^"


@dataclass(frozen=True, slots=True)
class Content:
    dice: dict[str, Die]
    classes: dict[str, ClassCard]
    cards: dict[str, Card]
    abilities: dict[str, Ability]
    summons: dict[str, Summon]
    enemies: dict[str, EnemyType]
    walls: dict[str, WallType]
    boss_decks: dict[str, BossDeck]
    encounters: dict[str, Encounter]


def _index(entries: tuple[Any, ...], what: str, file: str) -> dict[str, Any]:
    out = {}
    for i, e in enumerate(entries):
        if e.id in out:
            raise ContentError(file, f"{what}[{i}].id", f"duplicate id {e.id!r}")
        out[e.id] = e
    return out


def load_content(extra: list[Path] | None = None) -> Content:
    folders = [CONTENT_DIR, *(extra or [])]
    dice = load_bundle("dice", folders, DiceFile)
    classes = load_bundle("classes", folders, ClassesFile)
    cards = load_bundle("cards", folders, CardsFile)
    abilities = load_bundle("abilities", folders, AbilitiesFile)
    summons = load_bundle("summons", folders, SummonsFile)
    enemies = load_bundle("enemies", folders, EnemiesFile)
    decks = load_bundle("boss_decks", folders, BossDecksFile)
    encounters = load_bundle("encounters", folders, EncountersFile)
    content = Content(
        dice={d.colour: d for d in dice.dice},
        classes=_index(classes.classes, "classes", "classes.yaml"),
        cards=_index(cards.cards, "cards", "cards.yaml"),
        abilities=_index(abilities.abilities, "abilities", "abilities.yaml"),
        summons=_index(summons.summons, "summons", "summons.yaml"),
        enemies=_index(enemies.enemies, "enemies", "enemies.yaml"),
        walls=_index(enemies.walls, "walls", "enemies.yaml"),
        boss_decks=_index(decks.boss_decks, "boss_decks", "boss_decks.yaml"),
        encounters=_index(encounters.encounters, "encounters", "encounters.yaml"),
    )
    check_references(content)
    return content


def check_references(c: Content) -> None:
    """Every id a content entry names exists; every map placement is on the map."""
    for colour in ("red", "blue", "green", "yellow"):
        if colour not in c.dice:
            raise ContentError("dice.yaml", "dice", f"no {colour} die")
    for cls in c.classes.values():
        for cid in (*cls.starting_cards, *cls.starting_equipment):
            if cid not in c.cards:
                raise ContentError("classes.yaml", f"{cls.id}.starting_cards", f"no card {cid!r}")
        if cls.passive not in c.abilities:
            raise ContentError("classes.yaml", f"{cls.id}.passive", f"no ability {cls.passive!r}")
    for card in c.cards.values():
        for option in card.options:
            for st in option:
                if st.op == "summon" and st.summon not in c.summons:
                    raise ContentError(
                        "cards.yaml", f"{card.id}.options", f"no summon {st.summon!r}"
                    )
    for deck in c.boss_decks.values():
        for boss_card in deck.cards:
            for act in boss_card.activations:
                for est in act.steps:
                    if est.op == "spawn" and est.enemy not in c.enemies:
                        raise ContentError(
                            "boss_decks.yaml", f"{deck.id}.cards", f"no enemy {est.enemy!r}"
                        )
                    if est.op == "wall" and est.wall not in c.walls:
                        raise ContentError(
                            "boss_decks.yaml", f"{deck.id}.cards", f"no wall {est.wall!r}"
                        )
    for enc in c.encounters.values():
        file = "encounters.yaml"
        if enc.boss_deck not in c.boss_decks:
            raise ContentError(file, f"{enc.id}.boss_deck", f"no boss deck {enc.boss_deck!r}")
        height, width = len(enc.map), len(enc.map[0])
        if "".join(enc.map).count("S") < 5:
            raise ContentError(
                file, f"{enc.id}.map", "fewer than 5 start squares (S) for a party of 5"
            )
        for p in enc.placements:
            if p.enemy not in c.enemies:
                raise ContentError(file, f"{enc.id}.placements.{p.id}", f"no enemy {p.enemy!r}")
            sq = parse_square(p.at.lower(), width, height)
            if sq is None:
                raise ContentError(
                    file, f"{enc.id}.placements.{p.id}.at", f"{p.at!r} is off the map"
                )
            y, x = divmod(sq, width)
            if enc.map[height - 1 - y][x] not in PASSABLE:
                raise ContentError(file, f"{enc.id}.placements.{p.id}.at", f"{p.at} is a wall")
        for w in enc.walls:
            if w not in c.walls:
                raise ContentError(file, f"{enc.id}.walls", f"no wall type {w!r}")
        for obj in (enc.main, enc.bonus):
            for s in obj.squares:
                if parse_square(s, width, height) is None:
                    raise ContentError(
                        file, f"{enc.id}.{obj.kind}.squares", f"{s!r} is off the map"
                    )


_DEFAULT: Content | None = None


def default_content() -> Content:
    """The bundled content, loaded once per process and shared by every game."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_content()
    return _DEFAULT
