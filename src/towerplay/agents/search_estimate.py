"""What the search agent guesses an unfinished game is worth to a seat, in [0, 1] like a
finished game's value (1 won, 0 lost), when a rollout stops at its depth. Each guess reads only
`observe(seat)`, so it knows no more than the seat does."""

from __future__ import annotations

from typing import Any

SKULLS = 16  # the skull supply every game starts with (observe()["skulls"]["supply"] at setup)


def neutral_estimate(game: Any, seat: int) -> float:
    """No judgement of an unfinished game: the middle of the value range."""
    return 0.5


def rtdt_estimate(game: Any, seat: int) -> float:
    """A crude judge of a Return to Dark Tower game: the team gains with the main goal's stages
    done (all of them once the adversary is out) and loses with the two common ways to lose,
    an emptying skull supply and a hero's corruptions (the third one loses the game). In
    competitive mode the seat's own hero counts, with its trials done as the progress."""
    view = game.observe(seat)
    heroes = view["heroes"]
    if view["mode"] == "competitive":
        me = heroes[seat]
        progress = len(me["trials_done"]) / 3
        heroes = [me]
    elif view["adversary"]["space"] is not None:
        progress = 1.0
    else:
        goal = [q for q in view["quests"] if q["kind"] == "main_goal"]
        progress = (goal[0]["stage"] - 1) / goal[0]["stages"] if goal else 0.0
    supply = view["skulls"]["supply"]
    worst = max((len(h["corruptions"]) for h in heroes if not h["eliminated"]), default=3)
    danger = max(1 - supply / SKULLS, worst / 3)
    return min(1.0, max(0.0, 0.5 + 0.3 * progress - 0.4 * danger))


def tactics_estimate(game: Any, seat: int) -> float:
    """An unfinished Adventure Tactics encounter's value, from what `seat` sees: the share of
    the heroes' hit points left against the share of the enemies' still standing. A party that
    keeps its HP while the enemies lose theirs is the one that wins (the objectives are boss
    kills, survivals and exits, all easier at high HP)."""
    view = game.observe(seat)
    if "units" not in view:  # the campaign between encounters: no fight to judge
        view = view.get("encounter") or {}
    hp = {"hero": [0, 0], "enemy": [0, 0]}
    for u in view.get("units", ()):
        side = "hero" if u["side"] == "hero" else "enemy"
        hp[side][0] += 0 if u["knocked_out"] else max(0, u["hp"])
        hp[side][1] += u["max_hp"]
    heroes = hp["hero"][0] / hp["hero"][1] if hp["hero"][1] else 0.0
    enemies = hp["enemy"][0] / hp["enemy"][1] if hp["enemy"][1] else 0.0
    return min(1.0, max(0.0, 0.5 + 0.5 * (heroes - enemies)))
