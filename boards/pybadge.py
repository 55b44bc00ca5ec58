"""Board adapter: PyBadge, PyBadge LC, EdgeBadge (8 buttons on a shift register)."""

import board
import keypad

from boards.common import QUEUE_LEN, Buttons
from boards.common import Board as _Base

# Shift-register key number -> logical button:
# 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up, 7 Left.
_KEYMAP = b"\x05\x04\x06\x07\x03\x01\x00\x02"


class ShiftButtons(Buttons):
    def __init__(self, key_count, tick=None):
        super().__init__(tick)
        self._keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
            latch=board.BUTTON_LATCH, key_count=key_count,
            value_when_pressed=True)
        self._kev = keypad.Event()

    def _scan(self):
        events = self._keys.events
        if events.overflowed:     # keypad dropped a change: start over (Buttons)
            self._lost = True
            return
        kev = self._kev
        # No more than our queue holds: the rest waits in keypad's.
        while self._n < QUEUE_LEN and events.get_into(kev):
            self._push(_KEYMAP[kev.key_number], kev.pressed, kev.timestamp)

    def _reset(self):
        # As PyBadger: drop keypad's queue, then reset() queues a press for
        # every key still down.
        self._keys.events.clear()
        self._keys.reset()


def _pixel_count():
    # The PyBadge LC runs the same CircuitPython build but has one NeoPixel
    # and no accelerometer (LIS3DH at 0x18/0x19): that tells them apart.
    try:
        i2c = board.I2C()
        while not i2c.try_lock():
            pass
        try:
            found = i2c.scan()
        finally:
            i2c.unlock()
    except Exception:  # noqa: BLE001  (no I2C at all: treat as LC)
        return 1
    return 5 if (0x18 in found or 0x19 in found) else 1


class Board(_Base):
    def __init__(self):
        super().__init__(_pixel_count())

    def _make_buttons(self):
        return ShiftButtons(8, self.tick)
