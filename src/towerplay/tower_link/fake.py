"""A fake Tower: a transport that answers as the Tower does, for tests and for people who
have none. It echoes each state command with the sound and sequence bytes cleared, delays
the echo of a light sequence as an animation would (scaled by `speed`), answers
calibration with "calibration finished" and the drums at their stops, counts skulls
dropped through it, and refuses what the Tower would (a drum turned in reverse)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from towerplay.tower_link import packets
from towerplay.tower_link.packets import Drum, TowerState

# seconds an animation takes before the Tower echoes (the public notes' figures)
ANIMATION = {
    packets.SEQUENCES["seal_reveal"]: 2.0,
    packets.SEQUENCES["rotation_all_drums"]: 12.0,
    packets.SEQUENCES["month_started"]: 16.0,
}
OTHER_ANIMATION = 3.0
BATTERY_MV = 1300 * 3  # a fresh set of batteries, as the Tower reports it


class FakeTower:
    """The Tower's side of the link. `speed` divides every delay (tests run at 1000)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.state = TowerState()
        self.received: list[bytes] = []
        self.closed = False
        self._listener: Callable[[bytes], None] | None = None

    # --- the transport ---------------------------------------------------------------

    def listen(self, on_message: Callable[[bytes], None]) -> None:
        self._listener = on_message

    async def write(self, data: bytes) -> None:
        if self.closed:
            raise ConnectionError("the fake Tower is disconnected")
        self.received.append(bytes(data))
        asyncio.get_running_loop().create_task(self._answer(bytes(data)))

    async def close(self) -> None:
        self.closed = True

    # --- the Tower ---------------------------------------------------------------------

    def drop_skull(self) -> None:
        """A skull falls through the beam: the counter rises (the next echo says so)."""
        self.state = self.state.replace(skulls=(self.state.skulls + 1) & 0xFFFF)

    def battery(self) -> None:
        """The heartbeat the Tower sends on its own."""
        self._say(bytes([packets.BATTERY, 0, 0, BATTERY_MV >> 8, BATTERY_MV & 0xFF]))

    def _say(self, data: bytes) -> None:
        if self._listener is not None and not self.closed:
            self._listener(data)

    async def _answer(self, data: bytes) -> None:
        if len(data) == 1:
            await self._maintenance(data[0])
            return
        if len(data) != packets.PACKET_BYTES or data[0] != packets.STATE:
            self._say(bytes([packets.INVALID_STATE]) + packets.pack(self.state))
            return
        if data[18] & 0b1110:  # a drum turned in reverse: the notes say never
            self._say(bytes([packets.HARDWARE_FAILURE]) + bytes(packets.STATE_BYTES))
            return
        asked = packets.unpack(data[1:])
        if asked.sequence:
            await asyncio.sleep(ANIMATION.get(asked.sequence, OTHER_ANIMATION) / self.speed)
        # the counter is the Tower's: a command does not set it; sound and sequence clear
        self.state = asked.replace(
            skulls=self.state.skulls, sample=0, sample_loop=False, sequence=0
        )
        self._say(packets.command(self.state))

    async def _maintenance(self, code: int) -> None:
        if code == packets.CALIBRATE:
            await asyncio.sleep(ANIMATION[packets.SEQUENCES["rotation_all_drums"]] / self.speed)
            drums = (Drum(calibrated=True),) * 3
            self.state = self.state.replace(drums=drums)
            self._say(bytes([packets.CALIBRATED]) + packets.pack(self.state))
        elif code == packets.RESET_COUNTER:
            self.state = self.state.replace(skulls=0)
            self._say(packets.command(self.state))
        elif code in packets.MAINTENANCE.values():
            self._say(packets.command(self.state))
        else:
            self._say(bytes([packets.INVALID_STATE]) + packets.pack(self.state))
