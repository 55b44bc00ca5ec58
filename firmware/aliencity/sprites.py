"""The board's sprite sheet: one small Bitmap (10x10 px sprites, 16
colours, about 5 KB), drawn once by code when the game screen opens (this
module is loaded for that and dropped; screen.py holds the sheet's layout).

Every lot of the board is one cell of one TileGrid over this sheet. A
sprite is chosen by tile colour and what stands on the lot:

    tile colour c (0 red, 1 blue, 2 green, 3 black), base c * 15 + ...
      0 empty   1 icon lot (a ring)   2-4 tower R B G
      5-7 tower with P1's cap   8-10 with P2's cap   11-14 dome R B G K
    60 + d    street distance d (0-29) for the distance view
    90 distance 30+   91 cursor frame   92 + n  the digit n in the
    built-in font (the panel's piece counts; 0 in grey)

Shapes tell things apart without colour: tiles carry a texture (red plain,
blue dots, green diagonals, black stripes); towers are tall with a flat
top, domes low and round; a claimed tower wears its owner's cap, a
pyramid on top, wider than the tower: white for P1, pink for P2; a black dome has
a white rim; the icon lot shows a ring.

Two small overlays go with it (``frames``, ``values``): the yellow frame of
a legal lot or a claimable tower, and the classic tile values.
"""

import displayio
import terminalio
from micropython import const

from aliencity.screen import BIG, COLS, CURSOR, DIGIT, DOME, FAR, ICON, NSPRITES, PER_TILE, TOWER, S
from ui.draw import GREY, INK, WHITE, YELLOW, origin, sheet
from ui.draw import frame as _frame
from ui.draw import glyph as _glyph
from ui.draw import rect as _rect

# Palette indices
_TILE = const(1)   # 1-4 tile colours, 6-8 the textures of blue, green, black
_TEX = const(5)
_P2 = const(5)     # (red tiles have no texture: its index is P2's pink)
_PIECE = const(9)  # 9-11 red, blue, green structures

P2_COLOUR = const(0xFF70C0)   # (P1 wears ui.draw.WHITE)
COLOURS = (
    0x000000,
    0x5A1818, 0x18286A, 0x18501C, 0x242424,   # tiles: red blue green black
    P2_COLOUR, 0x3A56A8, 0x2C7A32, 0x444444,  # P2's caps; textures
    0xF04040, 0x4088FF, 0x40D050,             # structures
)                                             # then ui.draw's WHITE (P1's caps) ...


def _tile_bg(bm, ox, oy, c):
    """The tile's colour, then its texture: blue dots, green diagonals,
    black stripes (red is plain). Filled, not drawn pixel by pixel: 60
    sprites of these at every game's start."""
    _rect(bm, ox, oy, ox + S - 1, oy + S - 1, _TILE + c)
    t = _TEX + c
    for y in range(S):
        if c == 3 and y % 5 == 2:
            _rect(bm, ox, oy + y, ox + S - 1, oy + y, t)
        elif c == 2:
            for x in range((5 - y % 5) % 5, S, 5):
                bm[ox + x, oy + y] = t
        elif c == 1 and y % 5 == 2:
            for x in range(2, S, 5):
                bm[ox + x, oy + y] = t


def _tower(bm, ox, oy, colour, owner):
    """A tall block with a flat top (x 2-8); a cap is a pyramid of the
    owner's colour on top, wider than the tower (rows 1-4, 9 px at its
    base: whole even where a tile's border line covers a lot's row 0)."""
    top = 2 if owner < 0 else 5
    _rect(bm, ox + 2, oy + top, ox + 8, oy + 9, INK)
    _rect(bm, ox + 3, oy + top + 1, ox + 7, oy + 9, _PIECE + colour)
    if owner >= 0:
        for r in range(4):
            _rect(bm, ox + 4 - r, oy + 1 + r, ox + 6 + r, oy + 1 + r,
                  WHITE if owner == 0 else _P2)


def _dome(bm, ox, oy, colour):
    """Low and wide with a round top (rows 3-9); a black dome has a white
    rim (it stands on black tiles too)."""
    body = INK if colour == 3 else _PIECE + colour
    rim = WHITE if colour == 3 else INK
    rows = ((3, 7), (2, 8), (1, 9), (1, 9), (1, 9), (1, 9), (1, 9))
    for i in range(7):
        x1, x2 = rows[i]
        y = oy + 3 + i
        for x in range(x1, x2 + 1):
            edge = i == 0 or x == x1 or x == x2
            bm[ox + x, y] = rim if edge else body


def _ring(bm, ox, oy, v):
    for x in range(4, 7):
        bm[ox + x, oy + 2] = v
        bm[ox + x, oy + 8] = v
    for y in range(4, 7):
        bm[ox + 2, oy + y] = v
        bm[ox + 8, oy + y] = v
    bm[ox + 3, oy + 3] = v
    bm[ox + 7, oy + 3] = v
    bm[ox + 3, oy + 7] = v
    bm[ox + 7, oy + 7] = v


def _font_digit(bm, ox, oy, d, v):
    """Digit d as the built-in font draws it (its rows 2-9), from x 3."""
    font = terminalio.FONT.bitmap
    i = ord("0") + d - 0x20
    per = font.width // 6
    fx = (i % per) * 6
    fy = (i // per) * 12
    for y in range(8):
        for x in range(5):
            if font[fx + x, fy + y + 2]:
                bm[ox + 3 + x, oy + 1 + y] = v


def make():
    """(bitmap, palette) of the sheet."""
    bm, pal = sheet(COLS, NSPRITES, S, COLOURS)
    for c in range(4):
        for k in range(PER_TILE):
            ox, oy = origin(c * PER_TILE + k, COLS, S)
            _tile_bg(bm, ox, oy, c)
            if k == ICON:
                _ring(bm, ox, oy, GREY)
            elif TOWER <= k < DOME:
                j = k - TOWER
                _tower(bm, ox, oy, j % 3, j // 3 - 1)
            elif k >= DOME:
                _dome(bm, ox, oy, k - DOME)
    for d in range(31):
        ox, oy = origin(DIGIT + d if d < 30 else FAR, COLS, S)
        _rect(bm, ox + 1, oy + 1, ox + 9, oy + 9, INK)
        if d >= 30:
            _glyph(bm, ox + 1, oy + 3, "+", YELLOW)
            _glyph(bm, ox + 5, oy + 3, "+", YELLOW)
        elif d >= 10:
            _glyph(bm, ox + 1, oy + 3, "0123456789"[d // 10], WHITE)
            _glyph(bm, ox + 5, oy + 3, "0123456789"[d % 10], WHITE)
        else:
            _glyph(bm, ox + 4, oy + 3, "0123456789"[d], YELLOW if 1 <= d <= 2 else WHITE)
    ox, oy = origin(CURSOR, COLS, S)
    _frame(bm, ox, oy, ox + 9, oy + 9, WHITE)
    for x, y in ((1, 1), (8, 1), (1, 8), (8, 8)):
        bm[ox + x, oy + y] = WHITE
    for d in range(10):
        ox, oy = origin(BIG + d, COLS, S)
        _font_digit(bm, ox, oy, d, GREY if d == 0 else WHITE)
    return bm, pal


def frames():
    """(bitmap, palette) of the frame overlay: sprite 0 nothing, 1 the
    yellow frame of a legal lot or a claimable tower, 2 and 3 (SELECTED)
    the top and bottom halves of the white frame round the panel's
    selected piece and its count."""
    bm = displayio.Bitmap(S, 4 * S, 3)
    pal = displayio.Palette(3)
    pal[1] = 0xFFD820
    pal[2] = 0xF8F8F8
    pal.make_transparent(0)
    _frame(bm, 1, S + 1, S - 1, 2 * S - 1, 1)
    _frame(bm, 0, 2 * S, S - 1, 4 * S - 1, 2)
    return bm, pal


def values():
    """(bitmap, palette) of the classic tile values: lot-sized sprites, 0
    nothing, 1 + v the value v (0-5) as a 3x5 digit on a dark block in the
    lot's middle, inside a ring and a frame, touching neither."""
    bm = displayio.Bitmap(S, 7 * S, 3)
    pal = displayio.Palette(3)
    pal[1] = 0x080808
    pal[2] = 0xFFD820
    pal.make_transparent(0)
    for v in range(6):
        oy = (v + 1) * S
        _rect(bm, 4, oy + 3, 6, oy + 7, 1)
        _glyph(bm, 4, oy + 3, "0123456789"[v], 2)
    return bm, pal
