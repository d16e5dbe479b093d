"""The Tower over Bluetooth LE, through bleak (the optional extra `towerplay[tower]`).

Only the Nordic UART service is used: commands written to its RX characteristic, answers
notified on TX. The Tower's firmware-update (DFU) service is never opened. Untested
against a real Tower here (this machine has no Bluetooth adapter): docs/tower-ble.md says
what an owner should try first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from towerplay.tower_link.packets import DEVICE_NAME, UART_RX, UART_SERVICE, UART_TX

SCAN_SECONDS = 8.0


class NoBluetooth(RuntimeError):
    """bleak is not installed, or the machine has no Bluetooth adapter."""


def _bleak() -> Any:
    try:
        import bleak
    except ImportError:
        raise NoBluetooth(
            "Bluetooth needs the optional extra: pip install 'towerplay[tower]' (bleak)"
        ) from None
    return bleak


async def scan(seconds: float = SCAN_SECONDS) -> list[tuple[str, str]]:
    """The Towers in reach: (address, name) of each device that advertises the Tower's name
    or its UART service."""
    bleak = _bleak()
    try:
        found = await bleak.BleakScanner.discover(timeout=seconds, return_adv=True)
    except Exception as e:  # bleak raises its own errors, or OS ones, when there is no adapter
        raise NoBluetooth(f"no Bluetooth here: {e}") from e
    out = []
    for address, (device, adv) in found.items():
        name = device.name or adv.local_name or ""
        if name == DEVICE_NAME or UART_SERVICE in (adv.service_uuids or ()):
            out.append((address, name or DEVICE_NAME))
    return out


class BleTransport:
    """One connected Tower (`await BleTransport.connect(address)`)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._listener: Callable[[bytes], None] | None = None

    @staticmethod
    async def connect(address: str) -> BleTransport:
        bleak = _bleak()
        client = bleak.BleakClient(address)
        try:
            await client.connect()
        except Exception as e:
            raise NoBluetooth(f"could not connect to {address}: {e}") from e
        link = BleTransport(client)
        await client.start_notify(UART_TX, link._notified)
        return link

    def _notified(self, _sender: Any, data: bytearray) -> None:
        if self._listener is not None:
            self._listener(bytes(data))

    def listen(self, on_message: Callable[[bytes], None]) -> None:
        self._listener = on_message

    async def write(self, data: bytes) -> None:
        await self.client.write_gatt_char(UART_RX, data, response=True)

    async def close(self) -> None:
        await self.client.disconnect()
