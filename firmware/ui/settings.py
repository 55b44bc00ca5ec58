"""Settings (sound, brightness), kept in the save store (store.py,
section "S"):

    [0] sound    0 off, 1 on
    [1] light    brightness level 1..4

Anything out of range gives the defaults. Each game keeps its own new-game
options in its own section (``Store.game``). The settings of the firmware
before the store (nvm[0:7], b"HCS") are moved over by the store itself.
"""

from micropython import const

import store as _store

LEVELS = const(4)
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
        d = st.get(_store.SETTINGS)
        if d and len(d) >= 2 and d[0] <= 1 and 1 <= d[1] <= LEVELS:
            self.sound = d[0] == 1
            self.light = d[1]

    def keep(self):
        """Into the store (written when the launcher is left: ui/saving.py)."""
        self.store.put(_store.SETTINGS, bytes((1 if self.sound else 0, self.light)))

    def apply(self, hw):
        hw.sound = self.sound
        if not self.sound:
            hw.stop()
        hw.pixels.brightness = _PIXEL_BRIGHT[self.light - 1]
        try:
            hw.display.brightness = _SCREEN_BRIGHT[self.light - 1]
        except (AttributeError, NotImplementedError, ValueError):
            pass
