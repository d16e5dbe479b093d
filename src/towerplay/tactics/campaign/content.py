"""Loading and cross-checking the campaign content (YAML under content/campaign/).

Each kind is one file plus, optionally, a folder of the same name whose files are
read as part of it (`level_ups.yaml` and `level_ups/*.yaml`): the bundled content
splits large sections by class or by part of the story. Extra folders add or
override entries by id, as for the encounter content.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from towerplay.core.content import load_bundle
from towerplay.core.errors import ContentError
from towerplay.tactics.campaign.models import (
    Chapter,
    ChaptersFile,
    Choice,
    HeroesFile,
    HeroFigure,
    ItemsFile,
    LevelUpCard,
    LevelUpsFile,
    Market,
    MarketsFile,
    Perk,
    PerksFile,
    RandomEncounter,
    RandomEncountersFile,
    Reward,
    SupplyItem,
)
from towerplay.tactics.content import Content, default_content, load_content

CAMPAIGN_DIR = Path(__file__).parent.parent / "content" / "campaign"


@dataclass(frozen=True, slots=True)
class CampaignContent:
    game: Content  # the encounter engine's content: classes, cards, abilities, encounters
    level_ups: dict[str, LevelUpCard]
    perks: dict[str, Perk]
    items: dict[str, SupplyItem]
    markets: dict[str, Market]
    heroes: dict[str, HeroFigure]
    chapters: dict[str, Chapter]
    random_encounters: dict[str, RandomEncounter]

    def deck(self, class_id: str) -> list[LevelUpCard]:
        """A class's level-up cards, lowest level first."""
        return sorted(
            (c for c in self.level_ups.values() if c.deck == class_id),
            key=lambda c: (c.level, not c.starter, c.id),
        )

    def first_chapter(self) -> Chapter:
        return min(self.chapters.values(), key=lambda c: c.number)


def _index(entries: Iterable[Any], what: str, file: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, e in enumerate(entries):
        if e.id in out:
            raise ContentError(file, f"{what}[{i}].id", f"duplicate id {e.id!r}")
        out[e.id] = e
    return out


def load_campaign_content(
    extra: list[Path] | None = None, game: Content | None = None
) -> CampaignContent:
    """The campaign content; `extra` folders hold `campaign/` overlays beside the
    encounter overlays (`folder/campaign/level_ups.yaml`)."""
    if game is None:
        game = load_content(extra) if extra else default_content()
    folders = [CAMPAIGN_DIR, *(Path(f) / "campaign" for f in extra or [])]
    c = CampaignContent(
        game=game,
        level_ups=_index(
            load_bundle("level_ups", folders, LevelUpsFile).level_ups, "level_ups", "level_ups"
        ),
        perks=_index(load_bundle("perks", folders, PerksFile).perks, "perks", "perks"),
        items=_index(load_bundle("items", folders, ItemsFile).items, "items", "items"),
        markets=_index(load_bundle("markets", folders, MarketsFile).markets, "markets", "markets"),
        heroes=_index(load_bundle("heroes", folders, HeroesFile).heroes, "heroes", "heroes"),
        chapters=_index(
            load_bundle("chapters", folders, ChaptersFile).chapters, "chapters", "chapters"
        ),
        random_encounters=_index(
            load_bundle("random_encounters", folders, RandomEncountersFile).random_encounters,
            "random_encounters",
            "random_encounters",
        ),
    )
    check_campaign_references(c)
    return c


def _need(ok: bool, file: str, where: str, what: str) -> None:
    if not ok:
        raise ContentError(file, where, what)


def _check_cards(c: CampaignContent, ids: Iterable[str], file: str, where: str) -> None:
    for cid in ids:
        _need(cid in c.game.cards, file, where, f"no card {cid!r}")


def _check_abilities(c: CampaignContent, ids: Iterable[str], file: str, where: str) -> None:
    for aid in ids:
        _need(aid in c.game.abilities, file, where, f"no ability {aid!r}")


def _check_reward(c: CampaignContent, r: Reward, file: str, where: str) -> None:
    loot = [*r.loot, *(cid for ids in r.loot_by_heroes.values() for cid in ids), *r.market]
    _check_cards(c, loot, file, f"{where}.loot")
    for n in r.loot_by_heroes:
        _need(n in (3, 4, 5), file, f"{where}.loot_by_heroes", f"{n} is not a party size")
    for iid in (*r.items, *r.lose_items):
        _need(iid in c.items, file, f"{where}.items", f"no supply item {iid!r}")
    for pid in r.perks:
        _need(pid in c.perks, file, f"{where}.perks", f"no perk {pid!r}")
    _check_abilities(c, r.abilities, file, f"{where}.abilities")
    for rid in (*r.random_encounters, *r.remove_random_encounters):
        _need(
            rid in c.random_encounters,
            file,
            f"{where}.random_encounters",
            f"no random encounter {rid!r}",
        )


def _check_choice(c: CampaignContent, ch: Choice, file: str, where: str) -> None:
    if ch.goto is not None:
        _need(ch.goto in c.chapters, file, f"{where}.goto", f"no chapter {ch.goto!r}")
    for iid in ch.requires.items:
        _need(iid in c.items, file, f"{where}.requires.items", f"no supply item {iid!r}")
    _check_reward(c, ch.reward, file, f"{where}.reward")


def check_campaign_references(c: CampaignContent) -> None:
    """Every id a campaign entry names exists."""
    game = c.game
    for card in c.level_ups.values():
        where = f"level_ups.{card.id}"
        _need(card.deck in game.classes, "level_ups", f"{where}.deck", f"no class {card.deck!r}")
        _check_cards(c, (*card.add, *card.replace), "level_ups", f"{where}.add")
        if card.class_feature is not None:
            feature = game.cards.get(card.class_feature)
            _need(
                feature is not None and feature.kind == "class_feature",
                "level_ups",
                f"{where}.class_feature",
                f"no class feature card {card.class_feature!r}",
            )
        _check_abilities(c, card.abilities, "level_ups", f"{where}.abilities")
        if card.perk is not None:
            _need(card.perk in c.perks, "level_ups", f"{where}.perk", f"no perk {card.perk!r}")
        if card.summon is not None:
            _need(
                card.summon in game.summons,
                "level_ups",
                f"{where}.summon",
                f"no summon {card.summon!r}",
            )
    for perk in c.perks.values():
        _check_cards(c, (*perk.add, *perk.replace), "perks", f"perks.{perk.id}.add")
        _check_abilities(c, perk.abilities, "perks", f"perks.{perk.id}.abilities")
    for market in c.markets.values():
        where = f"markets.{market.id}"
        _check_cards(c, (*market.items, *market.rare, *market.prices), "markets", where)
    numbers: dict[int, str] = {}
    for ch in c.chapters.values():
        where = f"chapters.{ch.id}"
        _need(
            ch.number not in numbers,
            "chapters",
            f"{where}.number",
            f"chapter number {ch.number} is also {numbers.get(ch.number)!r}",
        )
        numbers[ch.number] = ch.id
        if ch.encounter is not None:
            _need(
                ch.encounter in game.encounters,
                "chapters",
                f"{where}.encounter",
                f"no encounter {ch.encounter!r}",
            )
        if ch.market is not None:
            _need(ch.market in c.markets, "chapters", f"{where}.market", f"no market {ch.market!r}")
        for i, choice in enumerate(ch.choices):
            _check_choice(c, choice, "chapters", f"{where}.choices[{i}]")
        for name in ("success", "plus_success", "failure"):
            out = getattr(ch, name)
            if out is None:
                continue
            _check_reward(c, out.reward, "chapters", f"{where}.{name}.reward")
            if out.goto is not None:
                _need(
                    out.goto in c.chapters,
                    "chapters",
                    f"{where}.{name}.goto",
                    f"no chapter {out.goto!r}",
                )
            for i, choice in enumerate(out.choices):
                _check_choice(c, choice, "chapters", f"{where}.{name}.choices[{i}]")
    for rc in c.random_encounters.values():
        for i, choice in enumerate(rc.choices):
            _check_choice(c, choice, "random_encounters", f"random_encounters.{rc.id}.choices[{i}]")


@cache
def default_campaign_content() -> CampaignContent:
    """The bundled campaign content, loaded once per process."""
    return load_campaign_content()
