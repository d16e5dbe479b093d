"""A game drives the fake Tower through the link: every command waits for its echo, the
drums follow the game's Tower, and the switches for a misbehaving Tower hold."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from towerplay.agents.heuristic import HeuristicAgent
from towerplay.core.protocol import SPECTATOR
from towerplay.rtdt.game import new_game
from towerplay.tower_link import link as link_module
from towerplay.tower_link import packets
from towerplay.tower_link.fake import FakeTower
from towerplay.tower_link.link import TowerError, TowerLink
from towerplay.tower_link.show import Cue, cues, drum_positions

FAST = 1000.0  # the fake Tower's animations, a thousand times faster


def play_with_tower(
    options: dict[str, Any], quiet: bool = False, still: bool = False
) -> tuple[FakeTower, TowerLink, list[Cue], Any]:
    async def run() -> tuple[FakeTower, TowerLink, list[Cue], Any]:
        fake = FakeTower(speed=FAST)
        link = TowerLink(fake, quiet=quiet, still=still)
        await link.calibrate()
        g = new_game(**options)
        agents = [HeuristicAgent(i) for i in range(options["players"])]
        before = None
        played: list[Cue] = []
        while True:
            view = g.observe(SPECTATOR, told=False)
            for cue in cues(before, view):
                await link.play(cue)
                played.append(cue)
            before = view
            if g.to_act is None:
                break
            g.apply(agents[g.to_act].act(g))
        return fake, link, played, g

    return asyncio.run(run())


def test_a_game_drives_the_tower() -> None:
    fake, link, played, g = play_with_tower({"players": 2, "seed": 5})
    kinds = [c.why for c in played]
    assert kinds[0] == "the game starts" and kinds[-1] in ("the game is won", "the game is lost")
    assert "a new month begins" in kinds and "the drums turn" in kinds and "foes come out" in kinds
    # every command the link sent reached the Tower, in order, one at a time
    assert fake.received == link.sent and len(link.sent) >= len(played)
    # the drums stand where the game's Tower says
    want = drum_positions(g.observe(SPECTATOR)["tower"]["rotation"])
    assert tuple(d.position for d in fake.state.drums) == want
    assert tuple(d.position for d in link.echoed.drums) == want
    # each cue's sequence and sound went out in its command, and the echo cleared them
    sent = [packets.unpack(c[1:]) for c in link.sent if len(c) == 20]
    month = packets.SEQUENCES["month_started"]
    assert sum(s.sequence == month for s in sent) == kinds.count("a new month begins")
    assert link.echoed.sequence == 0 and link.echoed.sample == 0


def test_quiet_and_still_switch_off_sound_and_motion() -> None:
    fake, link, _, _ = play_with_tower({"players": 1, "seed": 3}, quiet=True, still=True)
    sent = [packets.unpack(c[1:]) for c in link.sent if len(c) == 20]
    assert sent, "the link still sends (lights and volume)"
    assert all(s.sample == 0 and s.sequence == 0 and s.volume == packets.MAX_VOLUME for s in sent)
    assert all(d.position == 0 for s in sent for d in s.drums)


def test_skulls_dropped_through_the_tower_are_counted() -> None:
    async def run() -> int:
        fake = FakeTower(speed=FAST)
        link = TowerLink(fake)
        fake.drop_skull()
        fake.drop_skull()
        await link.send_state(link.echoed.light("ledge", 1, "breathe"))
        fake.battery()  # a heartbeat in between is no answer
        assert link.battery_mv == 3900
        await link.send_state(link.echoed)
        return link.skulls

    assert asyncio.run(run()) == 2


class Silent:
    """A Tower that never answers."""

    def listen(self, on_message: Callable[[bytes], None]) -> None:
        self.say = on_message

    async def write(self, data: bytes) -> None:
        return None

    async def close(self) -> None:
        return None


def test_no_answer_and_a_failure_are_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link_module, "ANSWER_WAIT", 0.05)

    async def silent() -> None:
        await TowerLink(Silent()).send_state(packets.TowerState())

    with pytest.raises(TowerError, match="did not answer"):
        asyncio.run(silent())

    async def reversed_drum() -> None:
        fake = FakeTower(speed=FAST)
        link = TowerLink(fake)
        await link._send(bytes([0]) + bytes(17) + bytes([0b0010]) + bytes(1), 1.0)

    with pytest.raises(TowerError, match="hardware failure"):
        asyncio.run(reversed_drum())
