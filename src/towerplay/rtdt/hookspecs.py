"""Every event the base rules of Return to Dark Tower emit, with its handlers' signature and
how their answers combine (rtdt/hooks.py; docs/hooks.md lists who emits and who handles).

A rule emits an event by calling it: `STUCK.any(w, s, h)`, `CARD_USES.collect(w, s, h)`.
A handler registers beside the rule it carries out: `@STUCK.on(COVENANT)`, or, for a card
ability, `@REROLL.on_flag("haggle_reroll", COVENANT)`. mypy checks both sides against the
signature declared here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from towerplay.core.narration import Event
from towerplay.core.notation import Action
from towerplay.core.rng import Rng
from towerplay.rtdt.hooks import (
    Answer,
    Collect,
    Consent,
    DecisionKind,
    Filter,
    Handler,
    Merge,
    Notify,
    Question,
    Total,
    Verbs,
)
from towerplay.rtdt.models import AdversaryAct, CompanionEvent, Effect, ReinforceOption
from towerplay.rtdt.state import Battle, Decision, Dungeon, HeroState, State
from towerplay.rtdt.world import Profile, World

# --- turn flow (rules/turn.py) ------------------------------------------------------------
ADVANCING: Final[Notify[[World, State]]] = Notify("advancing", "before each step of `advance`")
TURN_STARTED: Final[Notify[[World, State]]] = Notify("turn_started", "a turn begins")
TURN_ENDING: Final[Notify[[World, State, HeroState]]] = Notify(
    "turn_ending", "after the end-of-turn triggers"
)
TURN_OVER: Final[Notify[[World, State, HeroState]]] = Notify(
    "turn_over", "the turn is over, its events included"
)
MONTH_ENDED: Final[Notify[[World, State]]] = Notify("month_ended", "after the month-end triggers")
MONTH_STARTED: Final[Notify[[World, State]]] = Notify(
    "month_started", "after the new month's quests"
)
DROP_EVENTS: Final[Collect[[World, State, Rng], str]] = Collect(
    "drop_events", "more app events for a drop"
)
APP_EVENTS: Final[Verbs[[World, State, str], None]] = Verbs(
    "app_events", "an app event by its prefix (`wasteland:`, ...)"
)
COMPANION_EVENTS: Final[Verbs[[World, State, HeroState, CompanionEvent], None]] = Verbs(
    "companion_events", "a companion event by its `app` part"
)
MARK_EMERGED: Final[Filter[[World, State, Rng, list[str]], list[str]]] = Filter(
    "mark_emerged", "the kingdoms of the skulls that came out, marked (doom skulls)"
)
SKULLS_EMERGED: Final[Notify[[World, State, list[str]]]] = Notify(
    "skulls_emerged", "skulls came out of the Tower into these kingdoms"
)

# --- the hero's turn (rules/actions.py) ------------------------------------------------------
ANY_MOMENT_ACTIONS: Final[Collect[[World, State, HeroState], Action]] = Collect(
    "any_moment_actions", "actions offered in any step of a turn"
)
TURN_ACTIONS: Final[Collect[[World, State, HeroState], Action]] = Collect(
    "turn_actions", "more turn actions, before trading"
)
QUEST_ACTIONS: Final[Collect[[World, State, HeroState], Action]] = Collect(
    "quest_actions", "more Quest actions"
)
CARD_USES: Final[Collect[[World, State, HeroState], Action]] = Collect(
    "card_uses", "`use` actions of cards, at the end"
)
RESTRICT_ACTIONS: Final[Filter[[World, State, HeroState, list[Action]], list[Action]]] = Filter(
    "restrict_actions", "the actions a card leaves"
)
FREE_VERBS: Final[Verbs[[World, State, HeroState, Action], None]] = Verbs(
    "free_verbs", "an action that is not an action: the step stays as it is"
)
USE_OWNER: Final[Answer[[World, Action], Handler]] = Answer(
    "use_owner", "the handler (w, s, h, a) of a `use` whose card an expansion owns"
)
UNLIMITED_HEROIC: Final[Question[[World, State]]] = Question(
    "unlimited_heroic", "more than one heroic action this turn"
)
STUCK: Final[Question[[World, State, HeroState]]] = Question("stuck", "the hero may not move on")
MAY_ENTER: Final[Consent[[World, State, HeroState, str]]] = Consent(
    "may_enter", "the hero may be put on or step to this space"
)
CROSSED: Final[Notify[[World, State, HeroState, str, str]]] = Notify(
    "crossed", "a move or a step was made, from a space to another"
)
ENTERED: Final[Notify[[World, State, HeroState]]] = Notify(
    "entered", "the hero arrived on its space"
)
BANNER_TAKEN: Final[Notify[[World, State, HeroState, str]]] = Notify(
    "banner_taken", "a hero took a banner (the hero id)"
)
AFTER_CLEANSE: Final[Notify[[World, State, HeroState]]] = Notify(
    "after_cleanse", "a cleanse is done"
)
REROLL: Final[Question[[World, State, HeroState, str, str]]] = Question(
    "reroll", "a die rolled (result, context) is asked about instead of settled"
)
TRADE_MOVES: Final[Filter[[World, State, HeroState, HeroState, list[Action]], list[Action]]] = (
    Filter("trade_moves", "the trade moves with a partner")
)

# --- Reinforce (rules/reinforce.py) -------------------------------------------------------------
REINFORCE_ALLOWED: Final[Consent[[World, State, HeroState]]] = Consent(
    "reinforce_allowed", "the hero may Reinforce"
)
REINFORCE_ELSEWHERE: Final[Question[[World, State, HeroState]]] = Question(
    "reinforce_elsewhere", "a source away from the hero's space"
)
REINFORCE_OPTION: Final[
    Answer[[World, State, HeroState, str, str], tuple[str, ReinforceOption]]
] = Answer("reinforce_option", "the building and option a Reinforce (source, option) uses")
REINFORCE_DISCOUNT: Final[Total[[World, State, HeroState, str]]] = Total(
    "reinforce_discount", "spirit off a Reinforce option"
)
REINFORCE_ACTIONS: Final[Collect[[World, State, HeroState, Profile, int], Action]] = Collect(
    "reinforce_actions", "the Reinforce actions, instead of the base game's"
)
REINFORCE_OVER: Final[Notify[[World, State, HeroState, str]]] = Notify(
    "reinforce_over", "after a Reinforce's effects and triggers (the building)"
)
REINFORCED: Final[Notify[[World, State, HeroState, str, str]]] = Notify(
    "reinforced", "a Reinforce (source, option), before its effects"
)

# --- items, corruption, losing (rules/corruption.py, holdings.py, items.py) ------------------------
INTERCEPT_CORRUPTION: Final[Question[[World, State, HeroState, str]]] = Question(
    "intercept_corruption", "a corruption is asked about instead of taken"
)
CORRUPTION_GAINED: Final[Notify[[World, State, HeroState, str]]] = Notify(
    "corruption_gained", "a hero took a corruption card"
)
WOULD_LOSE: Final[Question[[World, State, HeroState, str]]] = Question(
    "would_lose", "handled: the players do not lose (the cause)"
)
POTIONS_OUT: Final[Notify[[World, State, HeroState]]] = Notify(
    "potions_out", "the potion deck is empty"
)
DRAW_POTION: Final[Question[[World, State, HeroState]]] = Question(
    "draw_potion", "a potion was drawn another way"
)
REFUSE_GEAR: Final[Question[[World, State, HeroState]]] = Question(
    "refuse_gear", "the hero takes no gear"
)
TREASURE_TAKEN: Final[Notify[[World, State, HeroState]]] = Notify(
    "treasure_taken", "a treasure taken from the market"
)
TREASURE_ACQUIRED: Final[Notify[[World, State, HeroState, str]]] = Notify(
    "treasure_acquired", "a treasure came to a hero"
)
TREASURE_GONE: Final[Notify[[World, State, HeroState]]] = Notify(
    "treasure_gone", "a treasure spent or lost"
)
EXTRA_ADVANTAGES: Final[Notify[[World, State, HeroState, bool, dict[str, int], str]]] = Notify(
    "extra_advantages", "more advantages into `out` (battling, out, only this card)"
)
TERRAIN_LOST: Final[Question[[World, State, str]]] = Question(
    "terrain_lost", "no terrain advantage on this space"
)

# --- battles, dungeons, foes, quests (rules/battle.py, dungeons.py, foes.py, quests.py) ---------
BATTLE_STARTED: Final[Notify[[World, State, HeroState]]] = Notify(
    "battle_started", "a battle begins"
)
BATTLE_ADVANTAGES: Final[Merge[[World, State, HeroState, str, str, bool]]] = Merge(
    "battle_advantages", "advantages for a battle (foe, space, adversary)"
)
BATTLE_ALLOWED: Final[Filter[[World, State, set[str]], set[str]]] = Filter(
    "battle_allowed", "the advantage types a battle card may take"
)
BATTLE_BOOSTS: Final[Collect[[World, State, HeroState], Action]] = Collect(
    "battle_boosts", "battle actions before `resolve`"
)
BATTLE_USES: Final[Collect[[World, State, HeroState], Action]] = Collect(
    "battle_uses", "battle actions at the end"
)
BATTLE_VERBS: Final[Verbs[[World, State, HeroState, Action], None]] = Verbs(
    "battle_verbs", "a battle action by its verb"
)
CARD_IMPROVED: Final[Notify[[World, State, HeroState, bool]]] = Notify(
    "card_improved", "a battle card improved (to the top rung)"
)
CARD_PREVENT: Final[Collect[[World, State, HeroState], tuple[str, int]]] = Collect(
    "card_prevent", "warriors a battle card's losses spare, by source"
)
CARD_EFFECTS: Final[Filter[[World, State, HeroState, str, Sequence[Effect]], Sequence[Effect]]] = (
    Filter("card_effects", "a battle card's effects (card id, effects)")
)
CARD_RESOLVED: Final[Notify[[World, State, HeroState, int, bool]]] = Notify(
    "card_resolved", "a battle card resolved (warriors lost, unaided)"
)
BATTLE_ENDED: Final[Notify[[World, State, HeroState, Battle, bool]]] = Notify(
    "battle_ended", "a battle is over (the battle, defeated)"
)
DEFEATING_FOE: Final[Notify[[World, State, HeroState, str, str]]] = Notify(
    "defeating_foe", "a foe is defeated, its token still there (foe, space)"
)
FOE_DEFEATED: Final[Notify[[World, State, HeroState, str, str]]] = Notify(
    "foe_defeated", "a foe was defeated (foe, space)"
)
DELVE_BOOSTS: Final[Collect[[World, State, HeroState], Action]] = Collect(
    "delve_boosts", "dungeon actions before `resolve`"
)
DELVE_USES: Final[Collect[[World, State, HeroState], Action]] = Collect(
    "delve_uses", "dungeon actions at the end"
)
DELVE_VERBS: Final[Verbs[[World, State, HeroState, Action], None]] = Verbs(
    "delve_verbs", "a dungeon action by its verb"
)
ROOM_EFFECTS: Final[Filter[[World, State, HeroState, Sequence[Effect]], Sequence[Effect]]] = Filter(
    "room_effects", "a dungeon room's effects"
)
TARGET_ROOM: Final[Question[[World, State, HeroState, Dungeon]]] = Question(
    "target_room", "handled: the target room cleared"
)
# an event's hit on one hero (effects, mult, who): `who` strikes (a foe, the adversary) or
# failed (an adversary quest's id)
STRIKE_EFFECTS: Final[
    Filter[[World, State, HeroState, Sequence[Effect], int, str], Sequence[Effect]]
] = Filter("strike_effects", "the effects of an event's hit on one hero", at=3)
TOKEN_MOVED: Final[Notify[[World, State, str, str, str]]] = Notify(
    "token_moved", "a foe token moved (foe, from, to)"
)
TOKEN_REMOVED: Final[Notify[[World, State, str, str]]] = Notify(
    "token_removed", "a foe token left the board (foe, space)"
)
FOE_STATUS_CHANGED: Final[Notify[[World, State, str]]] = Notify(
    "foe_status_changed", "a foe's status changed"
)
SPAWN_BLOCKED: Final[Question[[World, State, str, str]]] = Question(
    "spawn_blocked", "nothing spawns here (space, foe or WASTELAND)"
)
STRIKE_ASKS: Final[Question[[World, State, str]]] = Question(
    "strike_asks", "a question comes before this foe's strike; it waits"
)
STRUCK_TOKENS: Final[Filter[[World, State, str, list[str]], list[str]]] = Filter(
    "struck_tokens", "the spaces of a foe's tokens a strike acts on"
)
ADVERSARY_SPARED: Final[Question[[World, State]]] = Question(
    "adversary_spared", "the adversary's Tower acts spare the heroes"
)
STRIKE_OVER: Final[Notify[[World, State]]] = Notify("strike_over", "a strike is over")
ADVERSARY_ACTS: Final[Verbs[[World, State, AdversaryAct], None]] = Verbs(
    "adversary_acts", "an adversary's own Tower step by its act"
)
QUEST_FROM_AFAR: Final[Question[[World, State, HeroState, str]]] = Question(
    "quest_from_afar", "the hero may quest from another space (the quest's kind)"
)
QUEST_ADVANTAGES: Final[Total[[World, State, HeroState]]] = Total(
    "quest_advantages", "Wild advantages for a Quest (blessings)"
)
QUEST_SPEND: Final[Notify[[World, State, HeroState, int]]] = Notify(
    "quest_spend", "spend what the quest used (advantages short)"
)
QUEST_COMPLETED: Final[Notify[[World, State, HeroState]]] = Notify(
    "quest_completed", "a quest was completed"
)


# --- pending decisions (rtdt/decisions/__init__.py asks each kind's functions) -------------------


def decision_kind(
    answers: Callable[[World, State, Decision], list[Action]],
    apply: Callable[[World, State, Decision, Action], None],
    words: Callable[[World, State, Decision], Event | str],
    what: str,
    rule: str,
) -> DecisionKind:
    """A pending-decision kind, its functions checked against the signatures the engine calls
    them with: its answers, how an answer applies (the decision already off the queue), its
    words for the seat asked; what it asks in a few words and the rule it carries out."""
    return DecisionKind(answers, apply, words, what, rule)
