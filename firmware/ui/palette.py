"""The app's text and highlight colours (one place for every screen)."""

from micropython import const

BG = const(0x000000)
TEXT = const(0xE0E0E0)
DIM = const(0x808080)
TITLE = const(0xFFC040)
HIGHLIGHT = const(0x2050A0)   # selected menu row
GOOD = const(0x60E060)
BAD = const(0xFF6060)
W_TEXT = const(0xF0F0F0)      # player W (white caps)
B_TEXT = const(0x70A0FF)      # player B (black caps; blue on screen)

# NeoPixel colours (raw, before the strip's brightness)
PX_OFF = const(0x000000)
PX_W = const(0xFFE0C0)        # W to move: white-ish
PX_B = const(0x2050FF)        # B to move: blue-ish
PX_THINK = const(0xFF9000)    # computer thinking (progress)
PX_CLAIM = const(0xFFD000)    # a claim
PX_BAD = const(0xFF0000)      # illegal move
PX_WIN = const(0x00FF40)      # game over
