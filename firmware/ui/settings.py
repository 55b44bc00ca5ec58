"""Settings kept in a small versioned area at the start of the NVM.

    nvm[0:3]  b"HCS"   magic
    nvm[3]    1        version
    nvm[4]    sound    0 off, 1 on
    nvm[5]    light    brightness level 1..4
    nvm[6]    check    (sound + light + 0x5A) & 0xFF

Anything else (an erased 0xFF NVM, an older layout) gives the defaults.
A later issue brings the two-slot save store after this area (from 16).
"""

from micropython import const

_MAGIC = b"HCS"
_VERSION = const(1)
SIZE = const(16)
LEVELS = const(4)
_PIXEL_BRIGHT = (0.02, 0.05, 0.1, 0.2)
_SCREEN_BRIGHT = (0.25, 0.5, 0.75, 1.0)


class Settings:
    def __init__(self, nvm):
        self.nvm = nvm
        self.sound = True
        self.light = 3
        head = nvm[0:7]
        if (head[0:3] == _MAGIC and head[3] == _VERSION and head[4] <= 1
                and 1 <= head[5] <= LEVELS
                and head[6] == (head[4] + head[5] + 0x5A) & 0xFF):
            self.sound = head[4] == 1
            self.light = head[5]

    def save(self):
        s = 1 if self.sound else 0
        self.nvm[0:7] = _MAGIC + bytes((_VERSION, s, self.light,
                                        (s + self.light + 0x5A) & 0xFF))

    def apply(self, hw):
        hw.sound = self.sound
        if not self.sound:
            hw.stop()
        hw.pixels.brightness = _PIXEL_BRIGHT[self.light - 1]
        try:
            hw.display.brightness = _SCREEN_BRIGHT[self.light - 1]
        except (AttributeError, NotImplementedError, ValueError):
            pass
