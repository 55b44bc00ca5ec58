"""The app's text and highlight colours (one place for every screen)."""

from micropython import const

BG = const(0x000000)
TEXT = const(0xE0E0E0)
DIM = const(0x808080)
TITLE = const(0xFFC040)
HIGHLIGHT = const(0x2050A0)   # selected menu row
GOOD = const(0x60E060)
BAD = const(0xFF6060)
P1_TEXT = const(0xF0F0F0)     # player 1 (white caps)
P2_TEXT = const(0xFF70C0)     # player 2 (black caps; pink on screen: no piece is pink)

# NeoPixel colours (raw, before the strip's brightness)
PX_OFF = const(0x000000)
PX_P1 = const(0xFFE0C0)       # P1 to move: white-ish
PX_P2 = const(0xFF2070)       # P2 to move: pink
PX_THINK = const(0xFF9000)    # computer thinking (progress)
PX_CLAIM = const(0xFFD000)    # a claim
PX_BAD = const(0xFF0000)      # illegal move
PX_WIN = const(0x00FF40)      # a solitaire game is over
PX_DRAW = const(0xFFB000)     # a game ended in a draw (gold)
