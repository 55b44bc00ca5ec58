"""Board adapter: PyGamer (4 buttons on the shift register + thumbstick)."""

import analogio
import board
import supervisor
from micropython import const

from boards.common import DOWN, LEFT, RIGHT, UP
from boards.common import Board as _Base
from boards.pybadge import ShiftButtons

# The stick reads 0..65535 per axis: left/up low, right/down high. A
# direction is pressed past _PRESS_LO/_PRESS_HI and released only when the
# stick is back inside _REL_LO.._REL_HI (hysteresis against jitter).
_PRESS_LO = const(15000)
_PRESS_HI = const(50000)
_REL_LO = const(20000)
_REL_HI = const(45000)


class StickButtons(ShiftButtons):
    def __init__(self, tick=None):
        super().__init__(4, tick)
        self._jx = analogio.AnalogIn(board.JOYSTICK_X)
        self._jy = analogio.AnalogIn(board.JOYSTICK_Y)
        self._dirs = 0

    def _axis(self, value, low_key, high_key, dirs):
        if dirs >> low_key & 1:
            if value < _REL_LO:
                return 1 << low_key
        elif dirs >> high_key & 1 and value > _REL_HI:
            return 1 << high_key
        if value < _PRESS_LO:
            return 1 << low_key
        if value > _PRESS_HI:
            return 1 << high_key
        return 0

    def _scan(self):
        super()._scan()
        old = self._dirs
        new = (self._axis(self._jx.value, LEFT, RIGHT, old)
               | self._axis(self._jy.value, UP, DOWN, old))
        changed = new ^ old
        if changed:
            now = supervisor.ticks_ms()
            for key in (UP, DOWN, LEFT, RIGHT):     # releases first
                if changed >> key & 1 and not new >> key & 1:
                    self._push(key, False, now)
            for key in (UP, DOWN, LEFT, RIGHT):
                if changed >> key & 1 and new >> key & 1:
                    self._push(key, True, now)
            self._dirs = new

    def _reset(self):
        super()._reset()
        self._dirs = 0    # a direction still pushed is pressed afresh


class Board(_Base):
    def __init__(self):
        super().__init__(5)

    def _make_buttons(self):
        return StickButtons(self.tick)
