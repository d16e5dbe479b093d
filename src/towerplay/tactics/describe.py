"""Any card's or piece's text, for people (`TacticsGame.describe`): read from the static
content only, so it tells nothing about a game in progress but for what the campaign
party's level makes of this encounter's enemies (`scaled_for`, AT-CAMP-6). Cards whose
content has no text are told from their steps ("attack: red red, range 1-2")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from towerplay.tactics.content import Content
from towerplay.tactics.models import (
    AttackStep,
    ConditionStep,
    DrawStep,
    EAttack,
    EHarpoon,
    EHeal,
    EMove,
    ERandomAttack,
    ERandomMove,
    ESpawn,
    EWall,
    HealStep,
    Modifiers,
    MoveStep,
    SummonStep,
)
from towerplay.tactics.scaling import attack_plus, for_heroes, scaled_hp, summary_text
from towerplay.tactics.state import Ctx

Extra = Callable[[str, Any], list[str]]  # more lines for an entry of this kind
Say = Callable[[str], str]  # a content text in a screen's language (a catalog's gettext)


def english(text: str) -> str:
    return text


def key(text: str) -> str:
    """An id or a name as typed, in one form: "Goblin Minion" and "goblin_minion" agree."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _range(r: tuple[int, int]) -> str:
    return (
        "yourself" if r == (0, 0) else f"range {r[0]}-{r[1]}" if r[0] != r[1] else f"range {r[0]}"
    )


def area_text(aoe: int, affects: str) -> str:
    """An area's size, and whom it spares when its card says so (AT-AOE-3)."""
    if not aoe:
        return ""
    only = {"foes": " (enemies only)", "allies": " (allies only)"}.get(affects, "")
    return f", area {aoe}{only}"


def step_text(step: Any) -> str:
    """One step of a hero card or an enemy activation, in words."""
    if isinstance(step, MoveStep):
        pts = f"{step.points}" if step.points else "your movement"
        out = f"move {pts}" + (" through characters" if step.through_characters else "")
        return out + (" diagonally too" if step.diagonal else "")  # AT-MOVE-1
    if isinstance(step, AttackStep):
        dice = "your basic attack" if step.basic else " ".join(step.dice)
        out = f"attack: {dice}" + ("" if step.basic else f", {_range(step.range)}")
        out += f", +{step.bonus}" if step.bonus else ""
        out += area_text(step.aoe, step.affects)
        return out + (f", {', '.join(step.conditions)}" if step.conditions else "")
    if isinstance(step, HealStep):
        amount = " + ".join([*step.dice, *([str(step.amount)] if step.amount else [])])
        return f"heal {amount or 0}, {_range(step.range)}" + area_text(step.aoe, step.affects)
    if isinstance(step, ConditionStep):
        return f"{step.condition} to {'an enemy' if step.on == 'enemy' else 'an ally'}, {_range(step.range)}"
    if isinstance(step, SummonStep):
        return f"summon {step.summon} next to you"
    if isinstance(step, DrawStep):
        return f"draw {step.count}"
    if isinstance(step, EMove):
        return "move" + (f" +{step.extra}" if step.extra else "")
    if isinstance(step, (EAttack, ERandomAttack)):
        what = step.name or "attack"
        dice = f": {' '.join(step.dice)}" if step.dice else ""
        rng = f", {_range(step.range)}" if step.range else ""
        where = " in the drawn direction" if isinstance(step, ERandomAttack) else ""
        area = area_text(step.aoe, step.affects) if isinstance(step, EAttack) else ""
        return f"{what}{dice}{rng}{where}{area}" + (
            f", {', '.join(step.conditions)}" if step.conditions else ""
        )
    if isinstance(step, EHarpoon):
        return f"harpoon, {_range(step.range)}: the target is pulled next to it"
    if isinstance(step, ESpawn):
        return f"spawn {step.count} {step.enemy} ({step.where.replace('_', ' ')})"
    if isinstance(step, EWall):
        return f"raise a {step.wall.replace('_', ' ')}"
    if isinstance(step, EHeal):
        return f"heal {step.amount}"
    if isinstance(step, ERandomMove):
        return f"move {step.points} in the drawn direction"
    return str(step)


def modifiers_text(m: Modifiers) -> str:
    """An equipment's or a passive's ongoing effects: "+2 maximum HP, +1 movement"."""
    words = {
        "max_hp": "maximum HP",
        "movement": "movement",
        "hand_size": "hand size",
        "damage_reduction": "damage taken reduced",
        "attack_bonus": "damage on attacks",
        "basic_attack_bonus": "damage on basic attacks",
        "range_bonus": "range",
        "heal_bonus": "healing",
    }
    out = [
        f"{'+' if n > 0 else ''}{n} {words[f]}"
        for f, n in m.model_dump().items()
        if f in words and n
    ]
    if m.extra_basic_die:
        out.append(f"basic attacks roll an extra {m.extra_basic_die} die")
    if m.reroll_blanks:
        out.append("reroll blanks")
    if m.initiative_swap:
        out.append("may swap initiative")
    return ", ".join(out)


def _entries(c: Content) -> Iterator[tuple[str, str, Any]]:
    for table, kind in (
        (c.cards, "card"),
        (c.classes, "class"),
        (c.abilities, "ability"),
        (c.enemies, "enemy"),
        (c.summons, "summon"),
        (c.walls, "wall"),
        (c.encounters, "encounter"),
    ):
        for eid, entry in table.items():
            yield kind, eid, entry
    for deck in c.boss_decks.values():
        for card in deck.cards:
            yield "boss card", card.name, card


def _lines(kind: str, e: Any, say: Say = english) -> list[str]:
    if kind == "card":
        flags = [e.kind.replace("_", " ")] + ["free"] * e.free + ["removed after use"] * e.remove
        out = [" · ".join(flags)]
        if e.text:
            out.append(say(e.text))
        for i, option in enumerate(e.options):
            prefix = "or: " if i else ""
            out.append(prefix + "; ".join(step_text(s) for s in option))
        if e.response is not None:
            r = e.response
            what = "ignore the attack" if r.ignore else f"reduce the damage by {r.reduce}"
            near = f" or a hero within {r.range}" if r.range else ""
            out.append(f"response: when you{near} are attacked, {what}")
        mods = modifiers_text(e.equipped)
        return out + ([f"equipped: {mods}"] if mods else [])
    if kind == "class":
        return [
            f"HP {e.hp} · movement {e.movement} · basic attack {' '.join(e.attack_dice)}, "
            f"{_range(e.attack_range)}",
            f"starting cards: {', '.join(e.starting_cards)}",
            f"passive: {e.passive}",
        ]
    if kind == "ability":
        mods = modifiers_text(e.modifiers)
        return [e.kind, say(e.text) if e.text else mods]
    if kind == "enemy":
        out = [e.role + (" · large" if e.large else "")]
        for heroes, st in sorted(e.stats.items()):
            out.append(
                f"{heroes} heroes: HP {st.hp} · movement {st.movement} · attack "
                f"{' '.join(st.attack_dice)}{f' +{st.attack_bonus}' if st.attack_bonus else ''}, "
                f"{_range(st.attack_range)}"
            )
        return out + ([say(e.text)] if e.text else [])
    if kind == "summon":
        return [
            f"HP {e.hp} · movement {e.movement} · attack {' '.join(e.attack_dice)}, "
            f"{_range(e.attack_range)}"
        ]
    if kind == "wall":
        return [
            f"length {e.length} · {'blocks' if e.blocks else 'does not block'} · at most {e.limit}"
        ]
    if kind == "encounter":
        return [f"chapter {e.chapter}", f"main: {say(e.main.text)}"]
    if kind == "boss card":
        return [f"{a.who}: " + "; ".join(step_text(s) for s in a.steps) for a in e.activations]
    return []


def scaled_for(ctx: Ctx, heroes: int) -> Extra:
    """Lines saying what this encounter's scaling makes of the encounter and of an enemy
    at this party level and hero count (AT-CAMP-6); none for other encounters."""
    sc, level = for_heroes(ctx.enc.scaling, heroes), ctx.party_level

    def extra(kind: str, e: Any) -> list[str]:
        if kind == "encounter" and e.id == ctx.enc.id:
            return [summary_text(e, level, heroes)]
        if kind != "enemy" or level == 1:
            return []
        st = e.stats[heroes]
        bonus = st.attack_bonus + attack_plus(sc, level)
        return [
            f"here, party level {level}, {heroes} heroes: HP {scaled_hp(st, e.role, sc, level)}"
            f" · attack {' '.join(st.attack_dice)}{f' +{bonus}' if bonus else ''}"
        ]

    return extra


def describe(
    c: Content, name: str, extra: Extra | None = None, say: Say = english
) -> str | None:
    """The text of the card, class, enemy, boss card… called `name` (its id or name, any
    case), headed by its name and kind (every entry of that name: a card and a boss card may
    share one), with `extra`'s lines after each; None when nothing is called that. `say`
    words the content's texts (tactics_cards.po); the lines told from a card's steps and
    the names stay English."""
    want = key(name)
    found = [
        f"{entry.name} ({kind})\n"
        + "\n".join(
            line for line in [*_lines(kind, entry, say), *(extra(kind, entry) if extra else [])] if line
        )
        for kind, eid, entry in _entries(c)
        if want in (key(eid), key(entry.name))
    ]
    return "\n\n".join(x.rstrip() for x in found) if found else None
