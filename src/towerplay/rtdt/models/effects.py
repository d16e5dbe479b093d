"""Effects: what happens, as data in the small vocabulary the engine runs."""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from towerplay.rtdt.models.base import AdvantageType, ItemKind, Resource, Strict
from towerplay.rtdt.models.checks import Check

# --- effects: what happens ---------------------------------------------------


class Gain(Strict):
    """Take warriors or spirit from the supply."""

    op: Literal["gain"]
    resource: Resource
    amount: int = Field(ge=1)


class Lose(Strict):
    """Lose warriors or spirit; mandatory, a shortfall gives one corruption.

    With `per`, the loss is `amount` plus `per_amount` for each counted thing:
    skulls on buildings on or next to the hero's space, or foe tokens there.
    """

    op: Literal["lose"]
    resource: Resource
    amount: int = Field(ge=0)
    per: Literal["skull_near", "foe_here"] | None = None
    per_amount: int = 0


class GainItem(Strict):
    """Gain items: potions from the deck top, gear from a chosen pile (or the named gear
    `card`'s pile), treasures from the market (`from_deck` takes the treasure deck's top card)."""

    op: Literal["gain_item"]
    kind: ItemKind
    amount: int = Field(default=1, ge=1)
    from_deck: bool = False
    card: str | None = None  # RTDT-EFFECT-4: this gear card, not any pile

    @model_validator(mode="after")
    def _named_gear(self) -> GainItem:
        if self.card is not None and self.kind != "gear":
            raise ValueError("gain_item: `card` names a gear card, so `kind` must be gear")
        return self


class GainVirtue(Strict):
    """Flip one of your inactive virtues face up."""

    op: Literal["gain_virtue"]


class GainCorruption(Strict):
    op: Literal["gain_corruption"]


class RemoveCorruptions(Strict):
    """Return your corruptions to the bottom of the corruption deck."""

    op: Literal["remove_corruptions"]
    amount: int | Literal["all"] = "all"


SkullScope = Literal[
    "this_building",  # the building on your space
    "one_building_anywhere",  # all removed skulls come off one chosen building
    "anywhere",  # each removed skull may come off a different building
    "home_kingdom",  # a building in your home kingdom
    "current_kingdom",  # a building in your current kingdom
]


class RemoveSkulls(Strict):
    """Take skulls off buildings and return them to the supply."""

    op: Literal["remove_skulls"]
    amount: int = Field(ge=1)
    up_to: bool = False
    scope: SkullScope


class PlaceHero(Strict):
    """Put your hero on a space (not movement: no move points, no river effects)."""

    op: Literal["place_hero"]
    scope: Literal["current_kingdom", "anywhere"]


class MoveHero(Strict):
    """Move any one hero (you choose) up to `steps` spaces, one adjacent step at a time."""

    op: Literal["move_hero"]
    steps: int = Field(ge=1)


class MoveFoe(Strict):
    """Move one foe up to `steps` spaces (needs a foe on the board; with `scope:
    current_kingdom`, a foe in the mover's current kingdom)."""

    op: Literal["move_foe"]
    steps: int = Field(ge=1)
    scope: Literal["anywhere", "current_kingdom"] = "anywhere"


class RemoveFoe(Strict):
    """Remove a foe token (not the adversary); `scope` says which."""

    op: Literal["remove_foe"]
    scope: Literal["your_space", "adjacent_or_space", "anywhere"]


class AddAdvantage(Strict):
    """Advantages for the current heroic action (battles and dungeons)."""

    op: Literal["advantage"]
    type: AdvantageType
    amount: int = Field(ge=1)


class ExtraTurn(Strict):
    """Take another turn right after this one."""

    op: Literal["extra_turn"]


class RollHaggle(Strict):
    """Roll the haggle die and gain its result (the cancel face does nothing here)."""

    op: Literal["roll_haggle"]


class OtherBanner(Strict):
    """Take the banner action of any hero in play instead of your own."""

    op: Literal["other_banner"]


class LoseItem(Strict):
    """Lose items of a kind (`item` means any potion, gear or treasure, the loser's choice);
    mandatory, a shortfall gives one corruption."""

    op: Literal["lose_item"]
    kind: Literal["potion", "gear", "treasure", "item"]
    amount: int = Field(default=1, ge=1)


class LoseVirtue(Strict):
    """Lose an active hero virtue tile for the rest of the game (the loser's choice);
    without one to lose, gain a corruption instead."""

    op: Literal["lose_virtue"]


class AddSkulls(Strict):
    """Put skulls from the supply on buildings (the acting hero chooses which):
    `near` = a building on or next to the hero's space, `kingdom` = one in the hero's
    current kingdom. No such building left: skulls go on destroyed buildings (corruption)."""

    op: Literal["add_skulls"]
    amount: int = Field(ge=1)
    where: Literal["near", "kingdom"] = "near"


class TowerActs(Strict):
    """The Tower acts: the adversary's strike from inside the Tower happens now."""

    op: Literal["tower_acts"]


class GainSpore(Strict):
    """Lingering Rot's spore: a third one returns them all and gives a corruption."""

    op: Literal["gain_spore"]


class TowerStirs(Strict):
    """The Tower stirs (a drum turns or a seal comes off); emerging skulls are placed."""

    op: Literal["tower_stirs"]


class If(Strict):
    """Effects that happen only if (`when`) or unless (`unless`) a condition holds, tested
    when the effect runs: "lose 12 warriors unless you hold Dusky Cloaks"."""

    op: Literal["if"]
    when: Check | None = None
    unless: Check | None = None
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _one(self) -> If:
        if (self.when is None) == (self.unless is None):
            raise ValueError("if: give exactly one of `when` or `unless`")
        return self


class Choose(Strict):
    """ "Lose A or B" (or "gain A or B"): the hero who suffers it picks one option, each a
    list of effects, then it runs as if it were the only one written."""

    op: Literal["choose"]
    options: list[list[Effect]] = Field(min_length=2)


def can_pay(holder: Any, pay: Sequence[Lose | LoseItem]) -> bool:
    """Whether a hero (anything with warriors, spirit, potions, gear and treasures) can pay
    every loss of a price in full; items of a kind are counted together ("1 gear and 1 item"
    needs two items, one of them a gear). The rules offer a trade by it (RTDT-EFFECT-3), and
    the agents, which see the same holdings, foresee the offer by it."""
    need: dict[str, int] = {}
    for e in pay:
        key = e.resource if isinstance(e, Lose) else e.kind
        need[key] = need.get(key, 0) + e.amount
    have = {
        "warriors": holder.warriors,
        "spirit": holder.spirit,
        "potion": len(holder.potions),
        "gear": len(holder.gear),
        "treasure": len(holder.treasures),
    }
    items = sum(n for k, n in need.items() if k in ("potion", "gear", "treasure", "item"))
    return all(need[k] <= have[k] for k in need if k != "item") and items <= (
        have["potion"] + have["gear"] + have["treasure"]
    )


class MayPay(Strict):
    """ "You may pay X to gain Y": offered as a yes/no question only when every `pay` loss
    can be paid in full; declining does nothing."""

    op: Literal["may_pay"]
    pay: list[Annotated[Lose | LoseItem, Field(discriminator="op")]] = Field(min_length=1)
    gain: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _fixed_price(self) -> MayPay:
        if any(isinstance(p, Lose) and p.per is not None for p in self.pay):
            raise ValueError("may_pay: a price is a fixed amount (no `per`)")
        return self


Effect = Annotated[
    Gain
    | Lose
    | GainItem
    | GainVirtue
    | GainCorruption
    | RemoveCorruptions
    | RemoveSkulls
    | PlaceHero
    | MoveHero
    | MoveFoe
    | RemoveFoe
    | AddAdvantage
    | ExtraTurn
    | RollHaggle
    | OtherBanner
    | LoseItem
    | LoseVirtue
    | AddSkulls
    | GainSpore
    | TowerActs
    | TowerStirs
    | If
    | Choose
    | MayPay,
    Field(discriminator="op"),
]

If.model_rebuild()
Choose.model_rebuild()
MayPay.model_rebuild()


def without(effects: Sequence[Effect], ops: Container[str]) -> list[Effect]:
    """The effects but those whose op is in `ops`, looking inside `if` and `choose` (and a
    paid trade's gain; its price is spent, not lost): what a card that ignores losses or
    gains leaves. A wrapper left with nothing to do goes too."""
    out: list[Effect] = []
    for e in effects:
        if e.op in ops:
            continue
        if isinstance(e, If):
            inner = without(e.effects, ops)
            if inner:
                out.append(e.model_copy(update={"effects": inner}))
        elif isinstance(e, Choose):
            options = [without(o, ops) for o in e.options]
            if any(options):
                out.append(e.model_copy(update={"options": options}))
        elif isinstance(e, MayPay):
            gain = without(e.gain, ops)
            if gain:
                out.append(e.model_copy(update={"gain": gain}))
        else:
            out.append(e)
    return out
