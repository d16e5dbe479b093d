"""Talking to a Tower: one command at a time, each waiting for the Tower's answer.

A `Transport` moves bytes (Bluetooth through bleak in ble.py, or the fake Tower in
fake.py); `TowerLink` keeps the last state the Tower echoed, builds every command from it
(a state packet always carries the drums), and waits for the echo before the next one:
the Tower's own flow control. An animation's echo comes only when it ends, so a command
with a light sequence waits longer. Nothing here touches the Tower's firmware update.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from towerplay.tower_link import packets
from towerplay.tower_link.packets import Answer, TowerState
from towerplay.tower_link.show import Cue

# How long an answer may take, in seconds: a plain state at once; a sequence until its
# animation ends (the public notes: a seal reveal 1.5-2 s, the drums' rotation 8-21 s, a
# month's start about 16 s); calibration turns every drum to its stop.
ANSWER_WAIT = 5.0
SEQUENCE_WAIT = 30.0
CALIBRATION_WAIT = 60.0


class TowerError(RuntimeError):
    """The Tower did not answer, or answered that something failed."""


class Transport(Protocol):
    """Bytes to and from one Tower."""

    async def write(self, data: bytes) -> None: ...

    def listen(self, on_message: Callable[[bytes], None]) -> None:
        """Call `on_message` with each notification from now on."""

    async def close(self) -> None: ...


class TowerLink:
    """A connected Tower: what it last said, and the commands that change it.

    `quiet` turns off every sound (volume 3, no samples) and `still` every drum turn and
    light sequence, for a Tower whose mechanics misbehave: a user can always keep the
    game going without them."""

    def __init__(self, transport: Transport, quiet: bool = False, still: bool = False) -> None:
        self.transport = transport
        self.echoed = TowerState()
        self.battery_mv: int | None = None
        self.quiet = quiet
        self.still = still
        self.sent: list[bytes] = []  # every command, in order (the fake Tower's tests read it)
        self._answers: asyncio.Queue[Answer] = asyncio.Queue()
        self._lock = asyncio.Lock()
        transport.listen(self._heard)

    def _heard(self, data: bytes) -> None:
        try:
            a = packets.answer(data)
        except packets.PacketError:
            return  # not ours to read (a truncated notification): the wait times out
        if a.kind == packets.BATTERY:
            self.battery_mv = a.value
        if a.kind not in packets.UNSOLICITED:
            self._answers.put_nowait(a)

    async def _send(self, data: bytes, wait: float) -> Answer:
        async with self._lock:  # one command in flight
            while not self._answers.empty():  # an answer nobody waited for is stale
                self._answers.get_nowait()
            self.sent.append(data)
            await self.transport.write(data)
            try:
                a = await asyncio.wait_for(self._answers.get(), wait)
            except TimeoutError:
                raise TowerError(f"the Tower did not answer within {wait:g} s") from None
            if a.kind in (packets.INVALID_STATE, packets.HARDWARE_FAILURE):
                raise TowerError(f"the Tower answered {a.name}: {packets.hex_bytes(a.raw)}")
            if a.state is not None:
                self.echoed = a.state
            return a

    async def send_state(self, state: TowerState) -> Answer:
        """Send a whole state; the echo becomes the state commands are built from."""
        wait = SEQUENCE_WAIT if state.sequence else ANSWER_WAIT
        return await self._send(packets.command(state), wait)

    async def calibrate(self) -> Answer:
        """Turn every drum to its stop, so positions mean what they say (the glyphs face
        their calibrated sides)."""
        done = await self._send(packets.maintenance("calibrate"), CALIBRATION_WAIT)
        if done.kind != packets.CALIBRATED:
            raise TowerError(f"the Tower answered {done.name} to calibration")
        self.echoed = self.echoed.replace(drums=(packets.Drum(calibrated=True),) * 3)
        return done

    async def play(self, cue: Cue) -> None:
        """Do one cue: turn the drums, play its light sequence, play its sound."""
        state = self.echoed.replace(sample=0, sample_loop=False, sequence=0)
        if cue.drums is not None and not self.still:
            state = state.turned(cue.drums, sound=not self.quiet)
        if cue.sequence and not self.still:
            state = state.replace(sequence=cue.sequence)
        if cue.sound and not self.quiet:
            state = state.replace(sample=cue.sound)
        if self.quiet:
            state = state.replace(volume=packets.MAX_VOLUME)
        if state != self.echoed or cue.sequence or cue.sound:
            await self.send_state(state)

    @property
    def skulls(self) -> int:
        """Skulls dropped through the Tower since its counter was reset (the beam)."""
        return self.echoed.skulls

    async def close(self) -> None:
        await self.transport.close()
