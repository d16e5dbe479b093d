"""What Covenant adds to the base rules: its handlers for the events of rtdt/hooks.py.

Every handler here is registered for the `covenant` feature, active when any Covenant part
is in play (`State.cov` is set). The base rules never import this package; the order of
registration is the order handlers run in. The adapters below only fit a module's function
to an event's arguments.
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.notation import Action
from towerplay.core.rng import Rng
from towerplay.rtdt import app
from towerplay.rtdt.covenant import (
    blessings,
    cards,
    corruptions,
    doom,
    events,
    heroes,
    monuments,
    reinforce,
    spells,
    treasure_choices,
    turn,
    wands,
    wastelands,
)
from towerplay.rtdt.hooks import decision, on, verb
from towerplay.rtdt.models import Effect, ReinforceOption
from towerplay.rtdt.rules.battle import TOP_RUNG, cap
from towerplay.rtdt.rules.common import act
from towerplay.rtdt.rules.turn import emerge
from towerplay.rtdt.state import Battle, HeroState, State
from towerplay.rtdt.world import World

COV = "covenant"
BLESS = act("bless")


# --- turn flow ---------------------------------------------------------------------------


def _new_turn(w: World, s: State) -> None:
    wastelands.new_turn(s)  # COV-WASTE-4: "for the rest of the turn"


def _spells_turn_end(w: World, s: State, h: HeroState) -> None:
    spells.end_of_turn(w, s)  # Bounty of the Gods' item goes back (COV-SPELL-4)


def _drop_events(w: World, s: State, rng: Rng) -> list[str]:
    """The expansion's own app events join each drop's (the expansion, not a card mix)."""
    if not s.config.covenant:
        return []
    return app.draw_covenant_events(rng, events.built(s))


def _creeping_doom(w: World, s: State, event: str) -> None:
    """COV-DOOM-2, COV-DOOM-7: doom skulls dropped; what emerges is placed at once."""
    rng = Rng(s.rng)
    emerged = doom.creeping_doom(w, s, rng, int(event.split(":")[1]))
    s.rng = rng.state
    emerge(w, s, emerged, marked=True)
    s.turn.phase = "place"


def _mark(w: World, s: State, rng: Rng, kingdoms: list[str]) -> list[str]:
    return doom.mark(s, rng, kingdoms)  # COV-DOOM-3


# --- the hero's turn ----------------------------------------------------------------------


def _build(w: World, s: State, h: HeroState, a: Action) -> None:
    turn.build(w, s, h)  # COV-BUILD-1


def _unlimited(w: World, s: State) -> bool:
    return turn.unlimited(s)  # COV-CLARIFY-17


def _reinforce_option(
    w: World, s: State, h: HeroState, source: str, option: str
) -> tuple[str, ReinforceOption]:
    return reinforce.source_of(w, s, h, source)[0], reinforce.option(w, s, h, source, option)


def _resolute(w: World, s: State, h: HeroState, option: str) -> int:
    """COV-AEGIS-4, COV-AEGIS-5: Resolute lowers the enhanced option's spirit."""
    return heroes.resolute_discount(w, h) if option == "enhanced" else 0


# --- items, corruption, advantages ----------------------------------------------------------


def _oak_offering(w: World, s: State, h: HeroState, card: str) -> None:
    monuments.offer(w, s, "gain_corruption")  # COV-CLARIFY-3: the Argent Oak's offering


def _wand_charges(w: World, s: State, h: HeroState, card: str) -> None:
    wands.on_acquire(w, s, card)  # COV-WAND-1


def _necropolis_offering(w: World, s: State, h: HeroState) -> None:
    monuments.offer(w, s, "spend_or_lose_treasure")  # COV-CLARIFY-11


def _more_advantages(
    w: World, s: State, h: HeroState, battling: bool, out: dict[str, int], only: str
) -> None:
    """Emboldened's Wild per corruption (with every automatic advantage, not per card),
    then the Covenant treasures' conditional Wilds."""
    if not only and h.corruptions:
        n = heroes.corruption_advantages(w, h)
        if n:
            out["wild"] = out.get("wild", 0) + n
    cards.add_advantages(w, s, h, battling, out, only=only)


def _wasteland(w: World, s: State, space: str) -> bool:
    return wastelands.is_wasteland(s, space)  # COV-WASTE-2, COV-WASTE-3


# --- battles, dungeons, foes, quests ---------------------------------------------------------


def _battle_bless(w: World, s: State, h: HeroState) -> list[Action]:
    """COV-BLESS-2: a blessing is one Wild advantage while the card can still improve."""
    b = s.battle
    assert s.cov is not None and b is not None
    if s.cov.blessings[h.seat] and b.rung < TOP_RUNG and cap(w, s, h):
        return [BLESS]
    return []


def _spend_in_battle(w: World, s: State, h: HeroState, a: Action) -> None:
    assert s.battle is not None
    blessings.spend_blessing(w, s, h, s.battle.pool)


def _delve_bless(w: World, s: State, h: HeroState) -> list[Action]:
    assert s.cov is not None and s.delve is not None
    return [BLESS] if s.cov.blessings[h.seat] and not s.delve.improved else []  # COV-BLESS-2


def _spend_in_delve(w: World, s: State, h: HeroState, a: Action) -> None:
    assert s.delve is not None
    blessings.spend_blessing(w, s, h, s.delve.pool)


def _card_effects(
    w: World, s: State, h: HeroState, card: str, effects: Sequence[Effect]
) -> Sequence[Effect]:
    """Calculating on critical hits, then The Iron Wall and Inobservant."""
    effects = heroes.card_effects(w, h, card, effects)
    return cards.card_effects(w, s, h, effects, battle_card=True)


def _room_effects(w: World, s: State, h: HeroState, effects: Sequence[Effect]) -> Sequence[Effect]:
    return cards.card_effects(w, s, h, effects, battle_card=False)  # The Iron Wall


def _card_resolved(w: World, s: State, h: HeroState, lost: int, unaided: bool) -> None:
    monuments.offer(w, s, "battle_card_loss", amount=lost)  # COV-CLARIFY-9
    heroes.card_confirmed(w, s, h, unaided=unaided)  # COV-AEGIS-3


def _battle_ended(w: World, s: State, h: HeroState, b: Battle, defeated: bool) -> None:
    if b.used == 0:  # the Moonstone Temple's offering
        monuments.offer(w, s, "battle_without_advantages")
    if defeated and not b.adversary:  # COV-CLARIFY-5, COV-CLARIFY-19: with the Battle action
        monuments.offer(w, s, "battle_defeat", foe_space=b.space)


def _chakram(w: World, s: State, h: HeroState, foe: str, space: str) -> None:
    treasure_choices.foe_defeated(w, s, h, foe)  # Azkol's Chakram


def _token_moved(w: World, s: State, foe: str, src: str, dst: str) -> None:
    heroes.token_moved(s, foe, src, dst)  # the quarry token rides along (COV-WARDEN-2)


def _spared(w: World, s: State, foe: str, spaces: list[str]) -> list[str]:
    return heroes.struck_tokens(s, foe)  # COV-WARDEN-7


def _adversary_spared(w: World, s: State) -> bool:
    return heroes.adversary_spared(s)  # COV-WARDEN-6


def _strike_over(w: World, s: State) -> None:
    heroes.strike_over(s)


def _blessings_wild(w: World, s: State, h: HeroState) -> int:
    assert s.cov is not None
    return s.cov.blessings[h.seat]  # COV-BLESS-2: unspent blessings count for a Quest


def _spend_for_quest(w: World, s: State, h: HeroState, short: int) -> None:
    for _ in range(max(0, short)):  # only the blessings the quest needs
        blessings.spend_blessing(w, s, h, {})


# --- registration -----------------------------------------------------------------------------

on("turn_started", COV, _new_turn)
on(
    "turn_ending",
    COV,
    events.end_of_turn,
    cards.journal_returns,
    treasure_choices.beacon_offered,
    _spells_turn_end,
)
on("turn_over", COV, blessings.end_of_turn)  # COV-BLESS-3
on("month_ended", COV, cards.month_end, spells.month_end)  # COV-WAND-3, COV-ASTRO-13
on("month_started", COV, spells.month_start)  # COV-ASTRO-4
on("drop_events", COV, _drop_events)
verb("app_events", "wasteland", COV, events.resolve)
verb("app_events", "monument", COV, events.resolve)
verb("app_events", "creeping_doom", COV, _creeping_doom)
on("mark_emerged", COV, _mark)
on("skulls_emerged", COV, cards.skulls_emerged)

on("any_moment_actions", COV, spells.cast_actions)  # COV-ASTRO-6
on("turn_actions", COV, turn.build_actions)  # COV-BUILD-1
on("card_uses", COV, cards.turn_uses)
on("restrict_actions", COV, corruptions.restrict)
verb("free_verbs", "cast", COV, spells.cast)  # COV-ASTRO-8
verb("turn_verbs", "build", COV, _build)
on("use_owners", COV, (cards.owns_use, cards.apply_use))
on("unlimited_heroic", COV, _unlimited)
on("stuck", COV, wastelands.held_here)
on("may_enter", COV, corruptions.may_enter)
on("crossed", COV, corruptions.crossed)
on("entered", COV, wastelands.enter)
on("banner_taken", COV, heroes.banner)
on("after_cleanse", COV, treasure_choices.after_cleanse)
on("reroll", COV, heroes.reroll_asks)
on("trade_moves", COV, corruptions.trade_moves)

on("reinforce_allowed", COV, reinforce.allowed_here)
on("reinforce_elsewhere", COV, reinforce.far_sources)  # a list: any far source
on("reinforce_option", COV, _reinforce_option)
on("reinforce_discount", COV, _resolute)
on("reinforce_actions", COV, turn.reinforce_actions)
on("reinforced", COV, turn.monument_option)  # COV-MONUMENT-7

on("intercept_corruption", COV, heroes.steeled_asks)
on("corruption_gained", COV, _oak_offering, corruptions.corruption_gained)
on("draw_potion", COV, treasure_choices.pick_potion)
on("refuse_gear", COV, corruptions.refuses_gear)
on("treasure_taken", COV, heroes.market_taken)
on("treasure_acquired", COV, _wand_charges)
on("treasure_gone", COV, _necropolis_offering)
on("extra_advantages", COV, _more_advantages)
on("terrain_lost", COV, _wasteland)

on("battle_started", COV, cards.battle_started)
on("battle_advantages", COV, heroes.battle_advantages)
on("battle_allowed", COV, cards.battle_allowed)
on("battle_boosts", COV, _battle_bless)
on("battle_uses", COV, cards.battle_uses)
verb("battle_verbs", "bless", COV, _spend_in_battle)
on("card_improved", COV, cards.card_improved)
on("card_prevent", COV, heroes.card_prevent)
on("card_effects", COV, _card_effects)
on("card_resolved", COV, _card_resolved)
on("battle_ended", COV, _battle_ended)
on("defeating_foe", COV, heroes.quarry_defeated)
on("foe_defeated", COV, _chakram)
on("delve_boosts", COV, _delve_bless)
on("delve_uses", COV, cards.delve_uses)
verb("delve_verbs", "bless", COV, _spend_in_delve)
verb("delve_verbs", "use", COV, cards.apply_use)  # The Iron Wall
on("room_effects", COV, _room_effects)
on("strike_effects", COV, cards.event_effects)
on("token_moved", COV, _token_moved)
on("token_removed", COV, heroes.token_removed)  # COV-WARDEN-5
on("foe_status_changed", COV, cards.foe_status_changed)
on("spawn_blocked", COV, wastelands.protected)  # COV-SPELL-6
on("strike_asks", COV, heroes.instinct_asks)  # COV-WARDEN-6
on("struck_tokens", COV, _spared)
on("adversary_spared", COV, _adversary_spared)
on("strike_over", COV, _strike_over)
on("quest_from_afar", COV, cards.quest_from_afar)
on("quest_advantages", COV, _blessings_wild)
on("quest_spend", COV, _spend_for_quest)
on("quest_completed", COV, treasure_choices.quest_completed)

for _module in (turn, treasure_choices, heroes, spells):  # one DecisionKind per kind
    for _kind, _dk in _module.KINDS.items():
        decision(_kind, COV, _dk)
