"""Drawing helpers every game's sprite sheet uses: a sheet Bitmap with its
Palette, filled and outlined rectangles, 3x5 pixel glyphs, and the place
of sprite i on a sheet. Called once, when a game builds its sheet; nothing
here stays in use while a game is played.
"""

import displayio
from micropython import const

try:
    from bitmaptools import fill_region
except ImportError:   # a build without bitmaptools: pixel by pixel below
    fill_region = None

# Every sheet's palette ends with the same four colours (indices 12-15);
# a game gives the first twelve (0: transparent).
WHITE = const(12)
INK = const(13)
YELLOW = const(14)
GREY = const(15)
_SHARED = (0xF8F8F8, 0x080808, 0xFFD820, 0xA0A0A0)

# 3x5 glyphs, 15 bits, top row first (bit 14 = top left): the digits and
# the letters the games print on their sprites.
GLYPHS = {
    "0": 0b111101101101111, "1": 0b010110010010111, "2": 0b111001111100111,
    "3": 0b111001111001111, "4": 0b101101111001001, "5": 0b111100111001111,
    "6": 0b111100111101111, "7": 0b111001001010010, "8": 0b111101111101111,
    "9": 0b111101111001111, "+": 0b000010111010000,
    "A": 0b010101111101101, "B": 0b110101110101110, "C": 0b011100100100011,
    "G": 0b011100101101011, "K": 0b101101110101101, "M": 0b101111111101101,
    "R": 0b110101110101101, "S": 0b011100010001110,
}


def sheet(cols, nsprites, size, colours):
    """(bitmap, palette) for ``nsprites`` sprites of size x size px,
    ``cols`` to a row, 16 colours: the game's twelve (``colours``, index 0
    transparent), then WHITE, INK, YELLOW and GREY."""
    rows = (nsprites + cols - 1) // cols
    bm = displayio.Bitmap(cols * size, rows * size, 16)
    pal = displayio.Palette(16)
    for i in range(12):
        pal[i] = colours[i]
    for i in range(4):
        pal[12 + i] = _SHARED[i]
    pal.make_transparent(0)
    return bm, pal


def origin(i, cols, size):
    """Top-left pixel (x, y) of sprite i on a sheet ``cols`` sprites wide."""
    return (i % cols) * size, (i // cols) * size


def rect(bm, x1, y1, x2, y2, v):
    """Fill x1..x2, y1..y2 (inclusive) with colour index v: one call into
    C where the board has bitmaptools (a sheet is drawn at every game's
    start; pixel by pixel in Python it took most of that time)."""
    if fill_region is not None:
        fill_region(bm, x1, y1, x2 + 1, y2 + 1, v)
        return
    for y in range(y1, y2 + 1):
        for x in range(x1, x2 + 1):
            bm[x, y] = v


def frame(bm, x1, y1, x2, y2, v):
    """Outline x1..x2, y1..y2 (inclusive) in colour index v."""
    rect(bm, x1, y1, x2, y1, v)
    rect(bm, x1, y2, x2, y2, v)
    rect(bm, x1, y1, x1, y2, v)
    rect(bm, x2, y1, x2, y2, v)


def glyph(bm, ox, oy, ch, v):
    """The 3x5 glyph of ``ch`` with its top left at (ox, oy)."""
    bits(bm, ox, oy, GLYPHS[ch], v)


def bits(bm, ox, oy, g, v):
    """A 3x5 picture of 15 bits, top row first (as GLYPHS), with its top
    left at (ox, oy)."""
    for r in range(5):
        for c in range(3):
            if g >> (14 - r * 3 - c) & 1:
                bm[ox + c, oy + r] = v
