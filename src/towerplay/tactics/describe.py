"""Any card's or piece's text, for people (`TacticsGame.describe`): read from the static
content only, so it tells nothing about a game in progress but for what the campaign
party's level makes of this encounter's enemies (`scaled_for`, AT-CAMP-6). Cards whose
content has no text are told from their steps ("attack: red red, range 1-2"). Every line is
a template worded by `say` (tactics.po), its fields words worded the same way; names and ids
stay as printed, since `info` and the actions take them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from towerplay.core.narration import N_
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
from towerplay.tactics.scaling import attack_plus, for_heroes, scaled_hp, summary
from towerplay.tactics.state import Ctx

Say = Callable[[str], str]  # a message in a screen's language (a catalog's gettext)
Extra = Callable[[str, Any, Say], list[str]]  # more lines for an entry of this kind, worded


def english(text: str) -> str:
    return text


def key(text: str) -> str:
    """An id or a name as typed, in one form: "Goblin Minion" and "goblin_minion" agree."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def fill(say: Say, msgid: str, **fields: Any) -> str:
    """A template (its English text is its message id) in the screen's language, its
    fields filled in; a field that is a word is passed worded already."""
    return say(msgid).format(**fields)


# the words the lines below give as fields: the dice, the kinds of entry and of card, the
# enemies' roles and the abilities' kinds, all engine identifiers (models.py)
COLOURS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}
KINDS = {
    "card": N_("card"),
    "class": N_("class"),
    "ability": N_("ability"),
    "enemy": N_("enemy"),
    "summon": N_("summon"),
    "wall": N_("wall"),
    "encounter": N_("encounter"),
    "boss card": N_("boss card"),
    # tactics/campaign/game.py's entries
    "level-up card": N_("level-up card"),
    "perk": N_("perk"),
    "supply item": N_("supply item"),
    "hero": N_("hero"),
}
CARD_KINDS = {
    "action": N_("action"),
    "basic_move": N_("basic move"),
    "basic_attack": N_("basic attack"),
    "weapon": N_("weapon"),
    "armor": N_("armor"),
    "accessory": N_("accessory"),
    "class_feature": N_("class feature"),
    "mark_of_death": N_("mark of death"),
    "passive": N_("passive"),
    "dice": N_("dice"),
    "boss": N_("boss"),
    "minion": N_("minion"),
}
SPAWN_AT = {
    "adjacent": N_("adjacent"),
    "spawn_points": N_("on the spawn squares"),
    "near_hero": N_("near a hero"),
}


def kind_word(kind: str, say: Say = english) -> str:
    """An entry's or a card's kind in the screen's language."""
    return say(KINDS.get(kind) or CARD_KINDS.get(kind) or kind)


def dice_text(dice: tuple[str, ...], say: Say = english) -> str:
    return " ".join(say(COLOURS.get(d, d)) for d in dice)


def _list(words: tuple[str, ...], say: Say) -> str:
    return ", ".join(say(w) for w in words)


def _range(r: tuple[int, int], say: Say = english) -> str:
    if r == (0, 0):
        return say(N_("yourself"))
    if r[0] != r[1]:
        return fill(say, N_("range {low}-{high}"), low=r[0], high=r[1])
    return fill(say, N_("range {n}"), n=r[0])


def area_text(aoe: int, affects: str, say: Say = english) -> str:
    """An area's size, and whom it spares when its card says so (AT-AOE-3)."""
    if not aoe:
        return ""
    if affects == "foes":
        return fill(say, N_(", area {n} (enemies only)"), n=aoe)
    if affects == "allies":
        return fill(say, N_(", area {n} (allies only)"), n=aoe)
    return fill(say, N_(", area {n}"), n=aoe)


def _conditions(conditions: tuple[str, ...], say: Say) -> str:
    return fill(say, N_(", {conditions}"), conditions=_list(conditions, say)) if conditions else ""


def _hero_step(step: Any, say: Say) -> str | None:
    """A hero card's step in words; None for an enemy's."""
    if isinstance(step, MoveStep):
        if step.points:
            out = fill(say, N_("move {points}"), points=step.points)
        else:
            out = say(N_("move your movement"))
        out += say(N_(" through characters")) if step.through_characters else ""
        return out + (say(N_(" diagonally too")) if step.diagonal else "")  # AT-MOVE-1
    if isinstance(step, AttackStep):
        if step.basic:
            out = say(N_("attack: your basic attack"))
        else:
            out = fill(
                say,
                N_("attack: {dice}, {range}"),
                dice=dice_text(step.dice, say),
                range=_range(step.range, say),
            )
        out += fill(say, N_(", +{bonus}"), bonus=step.bonus) if step.bonus else ""
        out += area_text(step.aoe, step.affects, say)
        return out + _conditions(step.conditions, say)
    if isinstance(step, HealStep):
        dice = [say(COLOURS.get(d, d)) for d in step.dice]
        amount = " + ".join([*dice, *([str(step.amount)] if step.amount else [])])
        out = fill(
            say, N_("heal {amount}, {range}"), amount=amount or 0, range=_range(step.range, say)
        )
        return out + area_text(step.aoe, step.affects, say)
    if isinstance(step, ConditionStep):
        template = (
            N_("{condition} to an enemy, {range}")
            if step.on == "enemy"
            else N_("{condition} to an ally, {range}")
        )
        return fill(say, template, condition=say(step.condition), range=_range(step.range, say))
    if isinstance(step, SummonStep):
        return fill(say, N_("summon {summon} next to you"), summon=step.summon)
    if isinstance(step, DrawStep):
        return fill(say, N_("draw {n}"), n=step.count)
    return None


def _enemy_step(step: Any, say: Say) -> str:
    """An enemy activation's step (a boss card's) in words."""
    if isinstance(step, EMove):
        return (
            fill(say, N_("move +{n}"), n=step.extra) if step.extra else say(N_("move its movement"))
        )
    if isinstance(step, (EAttack, ERandomAttack)):
        out = step.name or say(N_("attack"))  # a named attack keeps its printed name
        out += fill(say, N_(": {dice}"), dice=dice_text(step.dice, say)) if step.dice else ""
        out += fill(say, N_(", {range}"), range=_range(step.range, say)) if step.range else ""
        if isinstance(step, ERandomAttack):
            out += say(N_(" in the drawn direction"))
        else:
            out += area_text(step.aoe, step.affects, say)
        return out + _conditions(step.conditions, say)
    if isinstance(step, EHarpoon):
        return fill(
            say,
            N_("harpoon, {range}: the target is pulled next to it"),
            range=_range(step.range, say),
        )
    if isinstance(step, ESpawn):
        where = say(SPAWN_AT.get(step.where, step.where))
        return fill(
            say, N_("spawn {n} {enemy} ({where})"), n=step.count, enemy=step.enemy, where=where
        )
    if isinstance(step, EWall):
        return fill(say, N_("raise a {wall}"), wall=step.wall)
    if isinstance(step, EHeal):
        return fill(say, N_("heal {n}"), n=step.amount)
    if isinstance(step, ERandomMove):
        return fill(say, N_("move {n} in the drawn direction"), n=step.points)
    return str(step)


def step_text(step: Any, say: Say = english) -> str:
    """One step of a hero card or an enemy activation, in words."""
    hero = _hero_step(step, say)
    return hero if hero is not None else _enemy_step(step, say)


MODIFIERS = {
    "max_hp": N_("{n} maximum HP"),
    "movement": N_("{n} movement"),
    "hand_size": N_("{n} hand size"),
    "damage_reduction": N_("{n} damage taken reduced"),
    "attack_bonus": N_("{n} damage on attacks"),
    "basic_attack_bonus": N_("{n} damage on basic attacks"),
    "range_bonus": N_("{n} range"),
    "heal_bonus": N_("{n} healing"),
}


def modifiers_text(m: Modifiers, say: Say = english) -> str:
    """An equipment's or a passive's ongoing effects: "+2 maximum HP, +1 movement"."""
    out = [
        fill(say, MODIFIERS[f], n=f"{'+' if n > 0 else ''}{n}")
        for f, n in m.model_dump().items()
        if f in MODIFIERS and n
    ]
    if m.extra_basic_die:
        colour = say(COLOURS.get(m.extra_basic_die, m.extra_basic_die))
        out.append(fill(say, N_("basic attacks roll an extra {colour} die"), colour=colour))
    if m.reroll_blanks:
        out.append(say(N_("reroll blanks")))
    if m.initiative_swap:
        out.append(say(N_("may swap initiative")))
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


def _stats(hp: int, movement: int, dice: tuple[str, ...], bonus: int, rng: Any, say: Say) -> str:
    """A figure's printed numbers: "HP 6 · movement 3 · attack red, range 1"."""
    return fill(
        say,
        N_("HP {hp} · movement {movement} · attack {dice}{bonus}, {range}"),
        hp=hp,
        movement=movement,
        dice=dice_text(dice, say),
        bonus=f" +{bonus}" if bonus else "",
        range=_range(rng, say),
    )


def _card_lines(e: Any, say: Say) -> list[str]:
    flags = [kind_word(e.kind, say)]
    flags += [say(N_("free"))] * e.free + [say(N_("removed after use"))] * e.remove
    out = [" · ".join(flags)]
    if e.text:
        out.append(say(e.text))
    for i, option in enumerate(e.options):
        steps = "; ".join(step_text(s, say) for s in option)
        out.append(fill(say, N_("or: {steps}"), steps=steps) if i else steps)
    if e.response is not None:
        r = e.response
        if r.ignore:
            what = say(N_("ignore the attack"))
        else:
            what = fill(say, N_("reduce the damage by {n}"), n=r.reduce)
        if r.range:
            template = N_("response: when you or a hero within {range} are attacked, {what}")
            out.append(fill(say, template, range=r.range, what=what))
        else:
            out.append(fill(say, N_("response: when you are attacked, {what}"), what=what))
    mods = modifiers_text(e.equipped, say)
    return out + ([fill(say, N_("equipped: {modifiers}"), modifiers=mods)] if mods else [])


def _enemy_lines(e: Any, say: Say) -> list[str]:
    out = [kind_word(e.role, say) + (" · " + say(N_("large")) if e.large else "")]
    for heroes, st in sorted(e.stats.items()):
        numbers = _stats(st.hp, st.movement, st.attack_dice, st.attack_bonus, st.attack_range, say)
        out.append(fill(say, N_("{heroes} heroes: {numbers}"), heroes=heroes, numbers=numbers))
    return out + ([say(e.text)] if e.text else [])


def _lines(kind: str, e: Any, say: Say = english, c: Content | None = None) -> list[str]:
    if kind == "card":
        return _card_lines(e, say)
    if kind == "class":
        attack = fill(
            say,
            N_("HP {hp} · movement {movement} · basic attack {dice}, {range}"),
            hp=e.hp,
            movement=e.movement,
            dice=dice_text(e.attack_dice, say),
            range=_range(e.attack_range, say),
        )
        # the cards and the passive by their printed names (`c`: the content they are in)
        cards = ", ".join(c.cards[cid].name if c else cid for cid in e.starting_cards)
        passive = c.abilities[e.passive].name if c and e.passive in c.abilities else e.passive
        return [
            attack,
            fill(say, N_("starting cards: {cards}"), cards=cards),
            fill(say, N_("passive: {passive}"), passive=passive),
        ]
    if kind == "ability":
        return [kind_word(e.kind, say), say(e.text) if e.text else modifiers_text(e.modifiers, say)]
    if kind == "enemy":
        return _enemy_lines(e, say)
    if kind == "summon":
        return [_stats(e.hp, e.movement, e.attack_dice, 0, e.attack_range, say)]
    if kind == "wall":
        template = (
            N_("length {length} · blocks · at most {limit}")
            if e.blocks
            else N_("length {length} · does not block · at most {limit}")
        )
        return [fill(say, template, length=e.length, limit=e.limit)]
    if kind == "encounter":
        return [
            fill(say, N_("chapter {chapter}"), chapter=e.chapter),
            fill(say, N_("main: {objective}"), objective=say(e.main.text)),
        ]
    if kind == "boss card":
        return [
            fill(
                say,
                N_("{who}: {steps}"),
                who=say(a.who),
                steps="; ".join(step_text(s, say) for s in a.steps),
            )
            for a in e.activations
        ]
    return []


def summary_words(enc: Any, level: int, heroes: int, say: Say = english) -> str:
    """The encounter's scaling at this party level (scaling.summary) in words."""
    s = summary(enc, level, heroes)
    if not s["scaled"]:
        return fill(say, N_("party level {level}: printed numbers"), level=level)
    return fill(
        say,
        N_(
            "scaled for party level {level}: boss HP +{boss}%, minion HP +{minion}%, "
            "attacks +{attack}"
        ),
        level=level,
        boss=s["boss_hp_percent"],
        minion=s["minion_hp_percent"],
        attack=s["attack_bonus"],
    )


def scaled_for(ctx: Ctx, heroes: int) -> Extra:
    """Lines saying what this encounter's scaling makes of the encounter and of an enemy
    at this party level and hero count (AT-CAMP-6); none for other encounters."""
    sc, level = for_heroes(ctx.enc.scaling, heroes), ctx.party_level

    def extra(kind: str, e: Any, say: Say) -> list[str]:
        if kind == "encounter" and e.id == ctx.enc.id:
            return [summary_words(e, level, heroes, say)]
        if kind != "enemy" or level == 1:
            return []
        st = e.stats[heroes]
        bonus = st.attack_bonus + attack_plus(sc, level)
        return [
            fill(
                say,
                N_("here, party level {level}, {heroes} heroes: HP {hp} · attack {dice}{bonus}"),
                level=level,
                heroes=heroes,
                hp=scaled_hp(st, e.role, sc, level),
                dice=dice_text(st.attack_dice, say),
                bonus=f" +{bonus}" if bonus else "",
            )
        ]

    return extra


def describe(c: Content, name: str, extra: Extra | None = None, say: Say = english) -> str | None:
    """The text of the card, class, enemy, boss card… called `name` (its id or name, any
    case), headed by its name and kind (every entry of that name: a card and a boss card may
    share one), with `extra`'s lines after each; None when nothing is called that. `say`
    words the content's texts (tactics_cards.po) and the lines told from a card's steps,
    its labels and its kind (tactics.po); the names stay as printed."""
    want = key(name)
    found = [
        f"{entry.name} ({kind_word(kind, say)})\n"
        + "\n".join(
            line
            for line in [
                *_lines(kind, entry, say, c),
                *(extra(kind, entry, say) if extra else []),
            ]
            if line
        )
        for kind, eid, entry in _entries(c)
        if want in (key(eid), key(entry.name))
    ]
    return "\n\n".join(x.rstrip() for x in found) if found else None
