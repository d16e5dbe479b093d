"""The RtDT engine's voice: every change is logged as an event (core/narration.py) through
`tell`, in English templates with named fields (docs/narration-rtdt.md)."""

from __future__ import annotations

from typing import Any

from towerplay.core.narration import Told
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.tower import DRUM_TURNS, SEAL_OFF
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World


def tell(
    s: State,
    kind: str,
    msg: str,
    /,
    seats: tuple[int, ...] = (),
    amounts: tuple[tuple[str, int], ...] = (),
    to: tuple[int, ...] | None = None,
    **args: str | int,
) -> None:
    """Log one event: its kind (core/narration.py KINDS), English template `msg` with named
    `args` (text or numbers), the seats concerned, what changed by how much (signed), and
    `to` the seats that may see it when it is private. On the hot path: the log's new node
    keeps the parts and makes the Event when it is read (core/narration.py Told)."""
    s.log = Told(kind, msg, args, seats, amounts, to, s.log)


def hero_name(w: World, h: HeroState) -> str:
    return w.content.heroes[h.hero].name


def proper(w: World, who: str) -> bool:
    """Whether a name is said without "the": an adversary's own name ("Isa the Exile
    strikes", not "The Isa the Exile"); "the Lingering Rot" and every foe group take it."""
    adv = w.content.adversaries.get(who)
    return adv is not None and adv.proper


def spoken(w: World, who: str, the: str, bare: str) -> str:
    """The sentence `the` ("The {adversary} ..."), or `bare` ("{adversary} ...") for a name
    said without "the" (`proper`)."""
    return bare if proper(w, who) else the


def struck_by(w: World, who: str) -> Cause:
    """The cause of a strike's losses: "the strike of the Oreks", "the strike of Isa the
    Exile"."""
    return Cause(STRIKE_OF if proper(w, who) else STRIKE, w.name(who))


def plural(w: World, who: str) -> bool:
    """Whether a foe's or adversary's name takes a plural verb: foe groups mostly do
    ("the Oreks strike"), an adversary never ("the Lingering Rot strikes")."""
    foe = w.content.foes.get(who)
    return foe is not None and foe.plural


class Cause(str):
    """A cause told as a marked phrase and a name ("the battle card" + "Ambush"). It is its
    English text wherever a cause is a string; each sentence that tells a cause has a second
    template for one, "({cause} {of})", so that a translation words the phrase and keeps the
    name (docs/i18n.md). Kept out of the state: a decision stores its text."""

    what: str
    of: str

    def __new__(cls, what: str, of: str) -> Cause:
        cause = super().__new__(cls, f"{what} {of}")
        cause.what = what
        cause.of = of
        return cause

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return self.what, self.of


def caused(
    templates: tuple[str, str], cause: str, field: str = "cause"
) -> tuple[str, dict[str, Any]]:
    """The template and fields that tell a cause: the first template for a plain cause (a
    name, a marked word), the second for a `Cause`."""
    if isinstance(cause, Cause):
        return templates[1], {field: cause.what, "of": cause.of}
    return templates[0], {field: cause}


# The Tower's stir (tower.py `stir` says what it did) as the event that tells it: an app
# event of the turn, or a stir caused by an effect.
EVENT_STIRRED = {
    SEAL_OFF: N_("Event - the Tower stirs: The seal of the {level} drum facing {side} comes off."),
    DRUM_TURNS: N_("Event - the Tower stirs: The {drum} drum turns {turn}."),
}
STIRRED = {
    SEAL_OFF: N_("The Tower stirs: The seal of the {level} drum facing {side} comes off."),
    DRUM_TURNS: N_("The Tower stirs: The {drum} drum turns {turn}."),
}


# The phrases of the causes told with a name (`Cause`), and what a cause whose losses could
# not all be paid says (RTDT-CORR-5), for a plain cause and for each phrase.
BATTLE_CARD = N_("the battle card")
STRIKE = N_("the strike of the")
STRIKE_OF = N_("the strike of")  # before a name said without "the" (`proper`)
REINFORCING_AT = N_("Reinforcing at the")
SHORT_OF = N_("could not pay every loss of")
SHORT_OF_CAUSE = {
    BATTLE_CARD: N_("could not pay every loss of the battle card"),
    STRIKE: N_("could not pay every loss of the strike of the"),
    STRIKE_OF: N_("could not pay every loss of the strike of"),
    REINFORCING_AT: N_("could not pay every loss of Reinforcing at the"),
}


def short_of(why: str) -> Cause:
    """The cause of the corruption for losses that could not all be paid."""
    if isinstance(why, Cause) and why.what in SHORT_OF_CAUSE:
        return Cause(SHORT_OF_CAUSE[why.what], why.of)
    return Cause(SHORT_OF, why)
