"""The Cleanse heroic action (RTDT-CLEANSE-*): all skulls off a building on your space,
back to the supply, and 2 spirit for a heroic action. Its offer, refusal and effect."""

from __future__ import annotations

from towerplay.core.notation import Action, interned
from towerplay.rtdt.hookspecs import AFTER_CLEANSE
from towerplay.rtdt.records import Cleanse
from towerplay.rtdt.rules.common import HEROIC_SPIRIT, glyph_cost
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.skulls import building_type, cleansable, remove_skulls, site_on
from towerplay.rtdt.rules.turn import fire
from towerplay.rtdt.rules.verbs import Refusal, Turn, Verb, glyph_price, heroic_bar, refusal
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World

# each space's action made once (core/notation.interned): offered at most turn steps
_cleanse = interned(Cleanse)


def cleanse_targets(w: World, s: State, h: HeroState, prof: Profile | None = None) -> list[str]:
    """Buildings you may Cleanse: the one on your space, with skulls (RTDT-CLEANSE-1, -2)."""
    prof = prof or w.hero_profile(h)
    if "cleanse_any_space" in prof.flags:
        spaces = [sp for sp, n in s.skulls.items() if n > 0 and cleansable(w, s, sp)]
    else:
        spaces = [h.space] if cleansable(w, s, h.space) else []
    if "cleanse_full_building" in prof.restrictions:
        spaces = [sp for sp in spaces if s.skulls[sp] < 3]
    return spaces


def offer_cleanse(c: Turn, out: list[Action]) -> None:
    if heroic_bar(c, "cleanse") is not None:
        return
    prof = c.prof
    s = c.s
    here = c.h.space
    if "cleanse_any_space" in prof.flags or "cleanse_full_building" in prof.restrictions:
        out.extend(_cleanse(sp) for sp in cleanse_targets(c.w, s, c.h, prof))
    elif s.skulls.get(here, 0) > 0 if s.cov is None else cleansable(c.w, s, here):
        out.append(_cleanse(here))  # the usual case: the building here


def why_cleanse(c: Turn, a: Cleanse) -> Refusal | None:
    bad = heroic_bar(c, "cleanse")
    if bad is not None:
        return bad
    w, s, space = c.w, c.s, a.space
    if space in cleanse_targets(w, s, c.h, c.prof):
        return None
    names = w.board.names
    if space not in names:
        return refusal("{space}: there is no such space", "RTDT-CLEANSE-1", space=space)
    if space not in s.skulls:
        return refusal("no building stands at {space}", "RTDT-CLEANSE-2", space=names[space])
    if space != c.h.space and "cleanse_any_space" not in c.prof.flags:
        return refusal(
            "Cleanse takes the skulls of the building on your space ({here}), not at {space}",
            "RTDT-CLEANSE-1",
            here=names[c.h.space],
            space=names[space],
        )
    if s.skulls[space] >= 3 and "cleanse_full_building" in c.prof.restrictions:
        return refusal("a corruption stops you cleansing a building with 3 skulls", "RTDT-CORR-7")
    if s.cov is not None and s.skulls[space] > 0:
        x = site_on(s, space)
        if x is not None and x.status == "built" and not w.content.monuments[x.monument].cleansable:
            return refusal(
                "no Cleanse removes skulls from the {monument}",
                "COV-CLARIFY-13",
                monument=w.name(x.monument),
            )
        return refusal("doom skulls can never be cleansed", "COV-DOOM-4")
    return refusal(
        "there are no skulls to Cleanse on the {building} at {space}",
        "RTDT-CLEANSE-2",
        building=building_type(w, s, space),
        space=names[space],
    )


def apply_cleanse(w: World, s: State, h: HeroState, a: Cleanse) -> None:
    """Remove all skulls from the building, back to the supply (RTDT-CLEANSE-1)."""
    space = a.space
    t = s.turn
    pay(w, s, h, "spirit", glyph_cost(w, s, h, "cleanse"), N_("the Cleanse glyph"))
    n = remove_skulls(w, s, space, 3)
    t.heroic_done = True
    tell(
        s,
        "skulls",
        "{hero} cleanses the {building} at {space}: {n} skull(s) return to the supply.",
        seats=(h.seat,),
        amounts=(("skulls", -n),),
        hero=hero_name(w, h),
        building=building_type(w, s, space),
        space=w.board.names[space],
        n=n,
    )
    fire(w, s, h, "after_cleanse")  # RTDT-CLEANSE-3
    gain(w, s, h, "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # RTDT-HEROIC-4
    AFTER_CLEANSE.notify(w, s, h)  # Haunted Recluse's Effigy


CLEANSE = Verb(
    Cleanse,
    "cleanse SPACE",
    "RTDT-CLEANSE-1",
    offer_cleanse,
    why_cleanse,
    apply_cleanse,
    price=glyph_price("cleanse"),
)
