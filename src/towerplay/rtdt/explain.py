"""Words for people: why an action is illegal and what is being asked (what a seat sees is
rtdt/observe.py)."""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt.covenant import cards as cov_cards
from towerplay.rtdt.rules.common import (
    base_move,
    glyph_cost,
    restricted,
    stat_set,
)
from towerplay.rtdt.rules.dungeons import rooms_of
from towerplay.rtdt.rules.foes import foes_at
from towerplay.rtdt.state import Decision, State
from towerplay.rtdt.world import World

# The rule each pending decision carries out.
DECISION_RULES = {
    "place_skull": (
        "place the emerged skull on a standing building of that kingdom",
        "RTDT-PLACE-2",
    ),
    "discard": ("discard down to your carrying limit first", "RTDT-ITEM-4"),
    "take_gear": ("choose a gear pile", "RTDT-ITEM-6"),
    "take_treasure": ("choose a treasure from the market", "RTDT-ITEM-7"),
    "flip_virtue": ("choose an inactive virtue to flip", "RTDT-VIRTUE-3"),
    "remove_skull": ("choose a building to take a skull from", "RTDT-RES-2"),
    "place_hero": ("choose a space to place your hero", "RTDT-RES-2"),
    "pick_hero": ("choose the hero to move", "RTDT-RES-2"),
    "step_hero": ("choose an adjacent space, or stop", "RTDT-MOVE-6"),
    "trade_respond": ("accept or reject the trade offered to you", "RTDT-TRADE-1"),
    "new_wares": ("replace a market treasure, or done", "RTDT-EVENT-11"),
    "lose_item": ("choose the item you lose", "RTDT-RES-4"),
    "lose_virtue": ("choose the virtue you lose", "RTDT-RES-4"),
    "add_skull": ("choose the building the skulls go on", "RTDT-SKULL-1"),
    "pick_foe": ("choose a foe token", "RTDT-FOE-9"),
    "step_foe": ("move the foe one space, or stop", "RTDT-FOE-9"),
    "move_token": ("choose where the foe moves", "RTDT-EVENT-2"),
    "strike_building": ("choose the building the strike hits", "RTDT-EVENT-2"),
    "spend_item": ("choose the item you spend for the quest", "RTDT-QUEST-6"),
    "move_tree": ("choose where the siege tree moves", "RTDT-TOKEN-9"),
    "cloak": ("send a foe here elsewhere, or stop", "RTDT-FOE-9"),
    "unseen": ("take out a foe, or take the spirit", "RTDT-FOE-9"),
    "seal": ("remove a seal, put one back, or keep the Tower as it is", "CMP-TRIAL-6"),
    "steal_potion": ("take a potion from another hero, or none", "CMP-CLAR-6"),
    "cloak_place": ("choose where the foe goes", "RTDT-FOE-9"),
    "cenotaph_virtue": ("choose the virtue tile of a hero not in the game", "COV-CLARIFY-7"),
    "cenotaph_drop": ("choose the inactive virtue that leaves the game", "COV-CLARIFY-7"),
    "oak_item": ("spend an item to return a corruption, or stop", "COV-CLARIFY-4"),
    "colossus_move": ("choose the space without a building the Colossus goes to", "COV-CLARIFY-10"),
    # the Covenant heroes (covenant/heroes.py, covenant/spells.py)
    "quarry": ("put the quarry token on a foe on the board, or stop", "COV-WARDEN-2"),
    "quarry_step": ("move your quarry one space, or stop", "COV-WARDEN-3"),
    "instinct": ("take the quarry token back to spare your quarry, or stop", "COV-WARDEN-6"),
    "astro_banner": ("choose a building on or next to you to clear a skull from", "RTDT-TURN-2"),
    "aegis_banner": ("pay 10 warriors to return a corruption, or stop", "RTDT-TURN-2"),
    "steeled": ("take the other hero's corruption (Steeled), or pass", "RTDT-CORR-4"),
    "haggle_reroll": ("keep the haggle result or reroll (Fortuitous)", "RTDT-HAGGLE-1"),
    "haggle_pick": ("keep one of the two haggle results (Fortuitous)", "RTDT-HAGGLE-1"),
    "prepare": ("prepare a spell from your hand", "COV-ASTRO-5"),
    "bounty": ("keep one of the quest items you looked at", "COV-SPELL-3"),
    "winds": ("send another market treasure under the deck, or done", "COV-ASTRO-7"),
    # the Covenant treasures (covenant/cards.py)
    "effigy": ("spend the Effigy to clear your kingdom's skulls, or stop", "RTDT-RES-2"),
    "flagon": ("keep one of the potions on top of the deck", "RTDT-ITEM-5"),
    "chakram": ("return a corruption or bless another hero, or stop", "RTDT-CORR-10"),
    "sledge": ("lay an offering on a foundation, or stop", "COV-OFFER-2"),
    "beacon": ("go to a space of your home kingdom, or stop", "RTDT-RES-2"),
}


def explain(w: World, s: State, a: Action, legal: list[Action]) -> tuple[str, str]:
    """Why `a` is not legal now: a message and the rule ID it breaks."""
    text = str(a) or "(empty)"
    if s.result is not None:
        return f"the game is over ({s.result.cause}); no action is legal", "RTDT-END-1"
    if s.pending:
        d = s.pending[-1]
        if len(a) and a[0] == "use":
            if d.seat != s.turn.seat:  # RTDT-ITEM-9
                return "items are used only during your own turn", "RTDT-ITEM-9"
            if s.turn.phase not in ("start", "middle"):  # RTDT-ITEM-10
                return (
                    "after dropping your skull you may use no more items this turn",
                    "RTDT-ITEM-10",
                )
        what, rule = DECISION_RULES[d.kind]
        return f"{text!r} does not answer the pending question: {what}", rule
    if len(a) and a[0] == "cast":  # the Astromancer's spells (covenant/spells.py)
        from towerplay.rtdt.covenant.spells import why_not

        return why_not(w, s, a)
    t = s.turn
    h = s.heroes[t.seat]
    verb = a[0] if len(a) else ""
    if s.trade is not None:
        if (
            verb in ("give", "take")
            and len(a) == 2
            and w.kind_of.get(a[1]) in ("virtue", "corruption")
        ):
            return "virtues and corruptions cannot be given or received", "RTDT-TRADE-3"
        return f"{text!r} is not a trade move; give, take, offer or cancel", "RTDT-TRADE-2"
    if s.battle is not None:
        b = s.battle
        if verb == "advantage":
            if b.rung >= 4:
                return "this card is already at its best result", "RTDT-BATTLE-8"
            if len(a) == 2 and b.pool.get(a[1], 0) <= 0:
                return f"you have no {a[1]} advantage left", "RTDT-ADV-3"
            if b.used >= 10:
                return "at most 10 advantages in one heroic action", "RTDT-ADV-9"
            cap = stat_set(w, h, "advantage_cap")
            if cap is not None and s.turn.advantages_used >= cap:
                return f"a corruption limits you to {cap} advantages a turn", "RTDT-CORR-7"
            return "only advantages of the foe's traits, or Wild, apply", "RTDT-ADV-3"
        if verb == "retreat":
            return "you may retreat only from the adversary, between cards", "RTDT-ADVERSARY-5"
        if verb == "bless":
            return "spend a blessing only if you hold one, on a card you can improve", "COV-BLESS-2"
        return (
            f"{text!r}: in a battle, use advantages, items, or resolve the card",
            "RTDT-BATTLE-10",
        )
    if t.start_pending and verb not in ("banner", "resolve", "use"):
        return "resolve your start-of-turn effects first", "RTDT-TURN-4"
    card_says = cov_cards.why_not(w, s, h, a)  # Covenant corruptions and wands
    if card_says is not None:
        return card_says
    if verb == "banner":
        if t.banner_done:
            return "the banner action is taken at the start of the turn, once", "RTDT-TURN-3"
        return "you cannot pay the glyph's spirit for the banner action", "RTDT-GLYPH-3"
    if verb == "double":
        if t.moving_started or t.doubled:
            return "double your move before you start moving, once", "RTDT-MOVE-2"
        if restricted(w, h, "double_move"):
            return "a corruption stops you doubling your move", "RTDT-CORR-7"
        return "doubling your move costs 1 spirit", "RTDT-MOVE-2"
    if verb == "move" and s.cov is not None and h.seat in s.cov.stuck:
        return "you entered a wasteland: you may not leave it this turn", "COV-WASTE-4"
    if verb == "build":
        if t.heroic_done:
            return "only one heroic action per turn", "RTDT-HEROIC-2"
        return "Build needs a foundation with three offerings on your space", "COV-BUILD-1"
    if verb == "bless":
        return "blessings are spent during a Battle or a dungeon room", "COV-BLESS-2"
    if verb == "move":
        if len(a) != 2 or a[1] not in w.board.neighbours:
            return f"{text!r}: unknown space", "RTDT-MOVE-7"
        if a[1] not in w.board.neighbours[h.space]:
            board = w.board
            there = board.kingdom_of[a[1]]
            crossing = any(
                board.is_river(h.space, n) and board.kingdom_of[n] == there
                for n in board.neighbours[h.space]
            )
            if crossing and a[1] in board.river_bank.get((board.kingdom_of[h.space], there), ()):
                # RTDT-MOVE-8: the river is an edge; a crossing ends on a space sharing that edge
                why = f"a river is an edge, not a space: you cannot slide along it to {a[1]}"
                return why, "RTDT-MOVE-8"
            return f"{a[1]} is not adjacent to {h.space}", "RTDT-MOVE-7"
        return f"no movement left this turn (move value {base_move(w, h)})", "RTDT-MOVE-1"
    if verb == "cleanse":
        if t.heroic_done:
            return "only one heroic action per turn", "RTDT-HEROIC-2"
        if h.spirit < glyph_cost(w, s, h, "cleanse"):
            return "the Cleanse glyph faces your home kingdom: pay 1 spirit", "RTDT-GLYPH-3"
        if (
            len(a) == 2
            and a[1] in s.skulls
            and s.skulls[a[1]] == 3
            and restricted(w, h, "cleanse_full_building")
        ):
            return "a corruption stops you cleansing a building with 3 skulls", "RTDT-CORR-7"
        if s.cov is not None and len(a) == 2 and s.skulls.get(a[1], 0) > 0:
            if any(x.space == a[1] and x.monument == "endless_necropolis" for x in s.cov.sites):
                return "no Cleanse removes skulls from the Endless Necropolis", "COV-CLARIFY-13"
            return "doom skulls can never be cleansed", "COV-DOOM-4"
        return "Cleanse needs a building with skulls on your space", "RTDT-CLEANSE-2"
    if verb in ("reinforce", "haggle"):
        if h.space not in s.skulls:
            return "Reinforce needs a standing building on your space", "RTDT-REINF-1"
        if t.reinforce_cancelled and t.reinforces <= 1:  # a granted second Reinforce is spent
            return "the haggle die cancelled your Reinforce this turn", "RTDT-HAGGLE-6"
        if t.reinforces:
            return "you may Reinforce once per turn", "RTDT-REINF-1"
        if verb == "haggle" and t.haggle:
            return "the haggle die is rolled once, before Reinforcing", "RTDT-HAGGLE-1"
        if h.spirit < glyph_cost(w, s, h, "reinforce"):
            return "the Reinforce glyph faces your home kingdom: pay 1 spirit", "RTDT-GLYPH-3"
        return "you cannot pay the spirit this Reinforce option costs", "RTDT-REINF-2"
    if verb == "trade":
        if t.traded:
            return "you may trade once per turn", "RTDT-TRADE-1"
        return "trade only with a hero on your space", "RTDT-TRADE-1"
    if verb == "use":
        return f"{text!r}: you cannot use that item now", "RTDT-ITEM-9"
    if verb == "battle":
        if t.heroic_done:
            return "only one heroic action per turn", "RTDT-HEROIC-2"
        if h.spirit < glyph_cost(w, s, h, "battle") and foes_at(s, h.space):
            return "the Battle glyph faces your home kingdom: pay 1 spirit", "RTDT-GLYPH-3"
        return "Battle needs a foe on your space", "RTDT-BATTLE-1"
    if verb in ("give", "take", "offer", "cancel"):
        return "no trade is open; start one with trade SEAT", "RTDT-TRADE-1"
    if verb == "end" and len(a) > 1:
        return "only the Circlet of Conviction spares the skull drop", "RTDT-TURN-8"
    return f"{text!r} is not an action now; legal: {', '.join(map(str, legal[:8]))}…", "RTDT-TURN-1"


def describe(w: World, s: State, d: Decision) -> str:
    h = s.heroes[d.seat]
    who = w.content.heroes[h.hero].name
    k = d.kind
    if k in cov_cards.DESCRIPTIONS:
        return f"{who}: {w.name(d.target)} - {cov_cards.DESCRIPTIONS[k]}"
    if k == "place_skull":
        return f"{who}: a skull emerged in the {d.target}; choose the building it goes on."
    if k == "discard":
        return f"{who}: you carry too many {d.scope}s; discard one."
    if k == "take_gear":
        return f"{who}: choose a gear pile to take from."
    if k == "take_treasure":
        return f"{who}: choose a treasure from the market."
    if k == "flip_virtue":
        return f"{who}: choose an inactive virtue to gain."
    if k == "remove_skull":
        more = "up to " if d.up_to else ""
        return f"{who}: remove {more}{d.amount} skull(s); choose a building."
    if k == "place_hero":
        return f"{who}: choose the space to place your hero on."
    if k == "pick_hero":
        return f"{who}: choose the hero to move up to {d.amount} spaces."
    if k == "step_hero":
        return f"{who}: move that hero one space ({d.amount} left), or stop."
    if k == "trade_respond":
        return f"{who}: accept or reject the trade offered to you."
    if k == "new_wares":
        return f"{who}: New Wares - replace market treasures, then done."
    if k == "lose_item":
        return f"{who}: choose {d.amount} item(s) to lose."
    if k == "move_tree":
        return f"{who}: move the siege tree to an adjacent space."
    if k == "seal":
        return f"{who}: your trial lets you pull a seal off the Tower or put one back."
    if k == "steal_potion":
        return f"{who}: the potion deck is empty; take a potion from another hero?"
    if k == "unseen":
        return f"{who}: Unseen - take out a foe anywhere, or take your 2 spirit."
    if k == "cloak":
        return f"{who}: {w.name(d.target)} - send a foe on this space to any space, or stop."
    if k == "cloak_place":
        return f"{who}: choose the space the {w.name(d.target)} goes to."
    if k == "spend_item":
        return f"{who}: choose {d.amount} {d.scope}(s) to spend for the quest."
    if k == "lose_virtue":
        return f"{who}: choose an active virtue to lose for good."
    if k == "add_skull":
        return f"{who}: choose the building {d.amount} skull(s) go on."
    if k == "pick_foe":
        return f"{who}: choose the foe to {'remove' if d.context == 'remove' else 'move'}."
    if k == "step_foe":
        return f"{who}: move the {w.name(d.target)} one space ({d.amount} left), or stop."
    if k == "move_token":
        return f"{who}: choose where the {w.name(d.target)} at {w.board.names[d.context]} moves."
    if k == "strike_building":
        what = "is destroyed" if d.scope == "destroy" else f"gets {d.amount} skull(s)"
        return f"{who}: choose the building in the {d.target} that {what}."
    if k == "cenotaph_virtue":  # the monuments' enhanced Reinforce options (covenant/turn.py)
        return f"{who}: Cenotaph - take the virtue tile of a hero not in the game, active."
    if k == "cenotaph_drop":
        return f"{who}: choose one of your inactive virtues to set aside for {w.name(d.target)}."
    if k == "oak_item":
        return f"{who}: Argent Oak - spend an item to return one corruption, or stop."
    if k == "colossus_move":
        return f"{who}: choose the space without a building the Colossus carries you to."
    from towerplay.rtdt.covenant import heroes as cov_heroes
    from towerplay.rtdt.covenant import spells as cov_spells

    if k in cov_heroes.KINDS:
        return cov_heroes.describe(w, s, d)
    if k in cov_spells.KINDS:
        return cov_spells.describe(w, s, d)
    return f"{who}: {k}"


def prompt(w: World, s: State) -> str:
    if s.result is not None:
        return f"The game is over: {s.result.outcome} ({s.result.cause})."
    if s.pending:
        return describe(w, s, s.pending[-1])
    t = s.turn
    who = w.content.heroes[s.heroes[t.seat].hero].name
    if s.trade is not None:
        return f"{who}: trading - give, take, then offer (or cancel)."
    if s.delve is not None:
        dv = s.delve
        if dv.room < 0:
            return f"{who}: in the dungeon - choose a room to enter, or leave."
        d = s.dungeons[dv.space]
        room = next(r for r in rooms_of(w, d.kind) if r.id == d.rooms[dv.room])
        result = room.improved if dv.improved else room.initial
        return f"{who}: {room.name} - {result.text} (improve, or resolve)"
    if s.battle is not None:
        b = s.battle
        if not b.revealed:
            return f"{who}: {b.resolved} card(s) resolved against the {w.name(b.foe)}; continue or retreat."
        card = w.content.battle_cards[b.cards[b.index]]
        return (
            f"{who}: battle card {b.index + 1} of {len(b.cards)} against the {w.name(b.foe)} - "
            f"{card.rungs[b.rung].text} (use advantages, or resolve)"
        )
    step = "start of turn" if t.phase == "start" else "middle of turn"
    return f"{who}, month {s.month}, {step}: choose an action (end to drop your skull)."
