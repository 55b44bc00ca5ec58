"""Settings (sound, brightness, how computers are shown), kept in the
save store (store.py, section "S"):

    [0] sound    bit 0: 0 off, 1 on; bits 1-2: how computer players are
                 shown (``PACES``: 0 fast, 1 each move held a moment,
                 2 step by step with A; older firmware wrote 0: fast)
    [1] light    brightness level 1..4

Anything out of range gives the defaults. Each game keeps its own new-game
options in its own section (``Store.game``). The settings of the firmware
before the store (nvm[0:7], b"HCS") are moved over by the store itself.
"""

from micropython import const

import store as _store

LEVELS = const(4)
PACES = ("fast", "each move", "step by A")    # the pause menu's words (ui/pause.py)
_PIXEL_BRIGHT = (0.02, 0.05, 0.1, 0.2)
# The backlight's duty per level. Half at the dimmest: at a quarter the
# grey help text (palette.DIM) was hard to read; at half it keeps 3:1
# against the black ground (tests/test_launcher.py).
_SCREEN_BRIGHT = (0.5, 0.65, 0.8, 1.0)


class Settings:
    def __init__(self, st):
        self.store = st
        self.sound = True
        self.light = 3
        self.pace = 0
        d = st.get(_store.SETTINGS)
        if d and len(d) >= 2 and d[0] >> 1 < len(PACES) and 1 <= d[1] <= LEVELS:
            self.sound = d[0] & 1 == 1
            self.pace = d[0] >> 1
            self.light = d[1]

    def keep(self):
        """Into the store (written with the next save: ui/saving.py)."""
        self.store.put(_store.SETTINGS, bytes((self.pace << 1 | (1 if self.sound else 0),
                                               self.light)))

    def apply(self, hw):
        hw.sound = self.sound
        hw.pace = self.pace
        if not self.sound:
            hw.stop()
        hw.pixels.brightness = _PIXEL_BRIGHT[self.light - 1]
        try:
            hw.display.brightness = _SCREEN_BRIGHT[self.light - 1]
        except (AttributeError, NotImplementedError, ValueError):
            pass
