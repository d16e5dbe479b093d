"""What Covenant adds to the base rules: its handlers for the events of rtdt/hooks.py.

Every handler here is registered for the `covenant` feature, active when any Covenant part
is in play (`State.cov` is set). The base rules never import this package; the order of
registration is the order handlers run in. A card ability is registered per flag (see the
registration below); the adapters only fit a module's function to an event's arguments.
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.notation import Action
from towerplay.core.rng import Rng, draws
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
    virtues,
    wands,
    wastelands,
)
from towerplay.rtdt.hooks import EMPTY, decision, on, on_flag, on_flag_filter, on_holders, verb
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
    with draws(s) as rng:
        emerged = doom.creeping_doom(w, s, rng, int(event.split(":")[1]))
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
    return reinforce.chosen(w, s, h, source, option)


# --- items, corruption, advantages ----------------------------------------------------------


def _oak_offering(w: World, s: State, h: HeroState, card: str) -> None:
    monuments.offer(w, s, "gain_corruption")  # COV-CLARIFY-3: the Argent Oak's offering


def _wand_charges(w: World, s: State, h: HeroState, card: str) -> None:
    wands.on_acquire(w, s, card)  # COV-WAND-1


def _necropolis_offering(w: World, s: State, h: HeroState) -> None:
    monuments.offer(w, s, "spend_or_lose_treasure")  # COV-CLARIFY-11


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


def _iron_wall_card(
    w: World, s: State, h: HeroState, card: str, effects: Sequence[Effect]
) -> Sequence[Effect]:
    return cards.iron_wall_effects(w, s, h, effects)  # once raised, for this battle card


def _card_resolved(w: World, s: State, h: HeroState, lost: int, unaided: bool) -> None:
    monuments.offer(w, s, "battle_card_loss", amount=lost)  # COV-CLARIFY-9


def _battle_ended(w: World, s: State, h: HeroState, b: Battle, defeated: bool) -> None:
    if b.used == 0:  # the Moonstone Temple's offering
        monuments.offer(w, s, "battle_without_advantages")
    if defeated and not b.adversary:  # COV-CLARIFY-5, COV-CLARIFY-19: with the Battle action
        monuments.offer(w, s, "battle_defeat", foe_space=b.space)


def _chakram(w: World, s: State, h: HeroState, foe: str, space: str) -> None:
    treasure_choices.foe_defeated(w, s, h, foe)  # Azkol's Chakram


def _scion(w: World, s: State, holder: HeroState, kingdoms: list[str]) -> None:
    if kingdoms:
        cards.scion_blessings(w, s, holder, kingdoms)  # Orphaned Scion's Charm


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
# A card ability is registered per flag (hooks.on_flag, on_flag_filter, on_holders): it runs
# only for a hero holding a card with that flag. What is no card's ability (the expansion's
# own rules, and the marks a spent card leaves in TurnState.used) registers with hooks.on.

on("turn_started", COV, _new_turn)
on("turn_ending", COV, events.end_of_turn, cards.journal_returns)
on_flag("turn_ending", "home_relocate_from_building", treasure_choices.beacon_offered, COV)
on("turn_ending", COV, _spells_turn_end)
on("turn_over", COV, blessings.end_of_turn)  # COV-BLESS-3
on("month_ended", COV, cards.month_end, spells.month_end)  # COV-WAND-3, COV-ASTRO-13
on_holders("month_started", "prepare_spells", spells.pious, COV)  # COV-ASTRO-4
on("drop_events", COV, _drop_events)
verb("app_events", "wasteland", COV, events.resolve)
verb("app_events", "monument", COV, events.resolve)
verb("app_events", "creeping_doom", COV, _creeping_doom)
on("mark_emerged", COV, _mark)
on_holders("skulls_emerged", "blessing_on_skull_in_kingdom", _scion, COV)

on("any_moment_actions", COV, spells.cast_actions)  # COV-ASTRO-6
on("turn_actions", COV, turn.build_actions)  # COV-BUILD-1
on("card_uses", COV, cards.wand_uses)
on_flag("card_uses", "give_corruption_relief", cards.flask_uses, COV, otherwise=())
on_flag("card_uses", "start_jump_tower_adjacent", cards.vambraces_uses, COV, otherwise=())
on_flag("card_uses", "borrow_virtue", cards.journal_uses, COV, otherwise=())
for _flag, _restrict in corruptions.RESTRICTS.items():  # each corruption that forbids
    on_flag_filter("restrict_actions", _flag, _restrict, COV)
verb("free_verbs", "cast", COV, spells.cast)  # COV-ASTRO-8
verb("turn_verbs", "build", COV, _build)
on("use_owners", COV, (cards.owns_use, cards.apply_use))
on("unlimited_heroic", COV, _unlimited)
on("stuck", COV, wastelands.held_here)
on_flag("may_enter", "no_tower_adjacent", corruptions.timid, COV, otherwise=True)
on_flag("crossed", "river_toll", corruptions.river_toll, COV)
on("entered", COV, wastelands.enter)
on("banner_taken", COV, heroes.banner)
on_flag("after_cleanse", "cleanse_clears_kingdom", treasure_choices.after_cleanse, COV)
on_flag("reroll", "haggle_reroll", virtues.reroll_asks, COV, otherwise=False)
on("trade_moves", COV, corruptions.trade_moves)  # Snobby, on either side of the trade

on_flag("reinforce_allowed", "reinforce_home_only", reinforce.indolent, COV, otherwise=True)
on("reinforce_elsewhere", COV, reinforce.far_sources)  # a list: any far source
on("reinforce_option", COV, _reinforce_option)
on_flag(
    "reinforce_discount",
    "reinforce_discount_per_corruption",
    virtues.resolute,  # COV-AEGIS-4, COV-AEGIS-5
    COV,
    otherwise=0,
)
on("reinforce_actions", COV, turn.reinforce_actions)
on("reinforced", COV, turn.monument_option)  # COV-MONUMENT-7

on_holders("intercept_corruption", "take_others_corruption", virtues.steeled_asks, COV, True)
on("corruption_gained", COV, _oak_offering)
on_flag("corruption_gained", "no_gear", corruptions.corruption_gained, COV)
on_flag("draw_potion", "potion_pick", treasure_choices.pick_potion, COV, otherwise=False)
on_flag("refuse_gear", "no_gear", corruptions.refuses_gear, COV, otherwise=False)
on_holders("treasure_taken", "blessing_on_market_take", virtues.opportunistic, COV)
on("treasure_acquired", COV, _wand_charges)
on("treasure_gone", COV, _necropolis_offering)
on_flag("extra_advantages", "wild_per_corruption", virtues.emboldened, COV)
on_flag("extra_advantages", "wasteland_battle_wild", cards.grim_whisper_wild, COV)
on_flag("extra_advantages", "wild_in_monument_kingdom", cards.sledge_wild, COV)
on_flag("extra_advantages", "wild_near_bazaar", cards.chest_wild, COV)
on_flag("extra_advantages", "wild_on_quest", cards.tent_wild, COV)
on("terrain_lost", COV, _wasteland)

on("battle_started", COV, cards.battle_started)
on_flag("battle_advantages", "quarry_wild", virtues.quarry_wild, COV, otherwise=EMPTY)
on_flag("battle_advantages", "market_advantages", virtues.market_advantages, COV, otherwise=EMPTY)
on("battle_allowed", COV, cards.battle_allowed)
on("battle_boosts", COV, _battle_bless)
on_flag("battle_uses", "give_corruption_relief", cards.flask_battle_uses, COV, otherwise=())
on_flag("battle_uses", "exclusive_wild", cards.scroll_uses, COV, otherwise=())
on_flag("battle_uses", "ignore_big_loss", cards.iron_wall_battle_uses, COV, otherwise=())
on("battle_uses", COV, cards.forgo_uses)  # COV-CLARIFY-21: the Colossus of Björn's offering
verb("battle_verbs", "bless", COV, _spend_in_battle)
on_flag("card_improved", "full_upgrade_warriors", cards.bell_warriors, COV)
on_flag(
    "card_prevent", "quarry_block_warrior_losses", virtues.card_prevent, COV, otherwise=()
)  # Guarded
on_flag_filter("card_effects", "ignore_critical_losses", virtues.calculating, COV)
on("card_effects", COV, _iron_wall_card)
on_flag_filter("card_effects", "no_battle_card_gains", cards.inobservant, COV)
on("card_resolved", COV, _card_resolved)
on_flag("card_resolved", "spirit_per_unaided_card", virtues.ascetic, COV)  # COV-AEGIS-3
on("battle_ended", COV, _battle_ended)
on_flag("defeating_foe", "quarry_defeat_clears_skulls", virtues.inspiring, COV)
on_flag("foe_defeated", "chakram_reward", _chakram, COV)
on("delve_boosts", COV, _delve_bless)
on_flag("delve_uses", "ignore_big_loss", cards.iron_wall_delve_uses, COV, otherwise=())
on_flag("delve_uses", "give_corruption_relief", cards.flask_delve_uses, COV, otherwise=())
verb("delve_verbs", "bless", COV, _spend_in_delve)
# `use` inside a dungeon is the base game's verb (abilities/quest_items.py): it finds
# The Iron Wall and the Sanctified Flask through `use_owners`
on("room_effects", COV, cards.iron_wall_effects)
on_flag_filter(
    "strike_effects", "ignore_big_loss", treasure_choices.iron_wall_event, COV, value=0
)  # COV-CARD-2: asked
on("token_moved", COV, _token_moved)
on("token_removed", COV, heroes.token_removed)  # COV-WARDEN-5
on_holders("foe_status_changed", "warriors_on_foe_status", cards.ichor_warriors, COV)
on("spawn_blocked", COV, wastelands.protected)  # COV-SPELL-6
on_holders("strike_asks", "quarry_dodges_strike", heroes.instinct_asks, COV, True)  # COV-WARDEN-6
on("struck_tokens", COV, _spared)
on("adversary_spared", COV, _adversary_spared)
on("strike_over", COV, _strike_over)
on_flag("quest_from_afar", "quest_any_space", cards.opal_from_afar, COV, otherwise=False)
on("quest_advantages", COV, _blessings_wild)
on("quest_spend", COV, _spend_for_quest)
on_flag("quest_completed", "quest_offering", treasure_choices.quest_completed, COV)

for _module in (turn, treasure_choices, heroes, virtues, spells):  # one DecisionKind per kind
    for _kind, _dk in _module.KINDS.items():
        decision(_kind, COV, _dk)
