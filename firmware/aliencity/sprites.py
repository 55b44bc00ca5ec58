"""The board's sprite sheet: one small Bitmap (10x10 px sprites, 16
colours, about 5 KB), drawn once by code when the game screen opens.

Every lot of the board is one cell of one TileGrid over this sheet. A
sprite is chosen by tile colour and what stands on the lot:

    tile colour c (0 red, 1 blue, 2 green, 3 black), base c * 17 + ...
      0 empty   1 icon lot   2 empty, legal   3 icon lot, legal
      4-6 tower R B G   7-9 tower with W's cap   10-12 with B's cap
      13-16 dome R B G K
    68 + d    street distance d (0-29) for the distance view
    98 cursor frame, 99 and 101 counts 1 and 2 (white), 100 distance 30+
    (distances 1 and 2, the customer range, are yellow)

Shapes tell things apart without colour: tiles carry a texture (red plain,
blue dots, green diagonals, black stripes); towers are tall with a flat
top, domes low and round; every structure carries its colour's letter
(R B G K); W's cap is a solid white roof, B's cap a black roof outlined in
white; the icon lot shows a ring; legal lots a yellow frame.
"""

from micropython import const

from ui.draw import frame as _frame
from ui.draw import glyph as _glyph
from ui.draw import origin, sheet
from ui.draw import rect as _rect

S = const(10)          # sprite size (one lot)
COLS = const(17)       # sprites per sheet row
PER_TILE = const(17)
EMPTY = const(0)
ICON = const(1)
LEGAL = const(2)
TOWER = const(4)
CAP_W = const(7)
CAP_B = const(10)
DOME = const(13)
DIGIT = const(68)
CURSOR = const(98)
COUNT1 = const(99)
FAR = const(100)
NSPRITES = const(102)

# Palette indices
_T = const(0)      # transparent (shows the black background)
_TILE = const(1)   # 1-4 tile colours, 5-8 their textures
_TEX = const(5)
_PIECE = const(9)  # 9-11 red, blue, green structures
_WHITE = const(12)
_INK = const(13)
_HL = const(14)
_GREY = const(15)

COLOURS = (
    0x000000,
    0x5A1818, 0x18286A, 0x18501C, 0x242424,   # tiles: red blue green black
    0x5A1818, 0x3A56A8, 0x2C7A32, 0x444444,   # textures (red stays plain)
    0xF04040, 0x4088FF, 0x40D050,             # structures
    0xF8F8F8, 0x080808, 0xFFD820, 0xA0A0A0,   # white, ink, highlight, grey
)

_LETTERS = "RBGK"


def _tile_bg(bm, ox, oy, c):
    for y in range(S):
        for x in range(S):
            v = _TILE + c
            if ((c == 1 and x % 5 == 2 and y % 5 == 2) or (c == 2 and (x + y) % 5 == 0)
                    or (c == 3 and y % 5 == 2)):
                v = _TEX + c
            bm[ox + x, oy + y] = v


def _tower(bm, ox, oy, colour, cap):
    """A tall block with a flat top (x 2-8); a cap is a roof on top."""
    top = 2 if cap < 0 else 4
    _rect(bm, ox + 2, oy + top, ox + 8, oy + 9, _INK)
    _rect(bm, ox + 3, oy + top + 1, ox + 7, oy + 9, _PIECE + colour)
    _glyph(bm, ox + 4, oy + top + 1 if cap < 0 else oy + 5, _LETTERS[colour], _INK)
    if cap >= 0:
        # Roof: rows 0-3, wider than the tower.
        for r in range(4):
            half = r + 1
            for x in range(5 - half, 6 + half):
                if x < 1 or x > 9:
                    continue
                edge = r == 0 or r == 3 or x == 5 - half or x == 5 + half
                if cap == 0:
                    bm[ox + x, oy + r] = _WHITE if r < 3 else _INK
                else:
                    bm[ox + x, oy + r] = _WHITE if edge and r < 3 else _INK


def _dome(bm, ox, oy, colour):
    """Low and wide with a round top (rows 3-9)."""
    body = _INK if colour == 3 else _PIECE + colour
    rim = _GREY if colour == 3 else _INK
    rows = ((3, 7), (2, 8), (1, 9), (1, 9), (1, 9), (1, 9), (1, 9))
    for i in range(7):
        x1, x2 = rows[i]
        y = oy + 3 + i
        for x in range(x1, x2 + 1):
            edge = i == 0 or x == x1 or x == x2
            bm[ox + x, y] = rim if edge else body
    _glyph(bm, ox + 4, oy + 5, _LETTERS[colour], _GREY if colour == 3 else _INK)


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


def make():
    """(bitmap, palette) of the sheet."""
    bm, pal = sheet(COLS, NSPRITES, S, COLOURS)
    for c in range(4):
        for k in range(PER_TILE):
            ox, oy = origin(c * PER_TILE + k, COLS, S)
            _tile_bg(bm, ox, oy, c)
            if k == ICON or k == ICON + 2:
                _ring(bm, ox, oy, _GREY)
            if k == LEGAL or k == LEGAL + 1:
                _frame(bm, ox + 1, oy + 1, ox + 9, oy + 9, _HL)
            if TOWER <= k < DOME:
                j = k - TOWER
                _tower(bm, ox, oy, j % 3, j // 3 - 1)
            elif k >= DOME:
                _dome(bm, ox, oy, k - DOME)
    for d in range(31):
        ox, oy = origin(DIGIT + d if d < 30 else FAR, COLS, S)
        _rect(bm, ox + 1, oy + 1, ox + 9, oy + 9, _INK)
        if d >= 30:
            _glyph(bm, ox + 1, oy + 3, "+", _HL)
            _glyph(bm, ox + 5, oy + 3, "+", _HL)
        elif d >= 10:
            _glyph(bm, ox + 1, oy + 3, "0123456789"[d // 10], _WHITE)
            _glyph(bm, ox + 5, oy + 3, "0123456789"[d % 10], _WHITE)
        else:
            _glyph(bm, ox + 4, oy + 3, "0123456789"[d], _HL if 1 <= d <= 2 else _WHITE)
    for d in (1, 2):
        ox, oy = origin(COUNT1 if d == 1 else COUNT1 + 2, COLS, S)
        _rect(bm, ox + 1, oy + 1, ox + 9, oy + 9, _INK)
        _glyph(bm, ox + 4, oy + 3, "0123456789"[d], _WHITE)
    ox, oy = origin(CURSOR, COLS, S)
    _frame(bm, ox, oy, ox + 9, oy + 9, _WHITE)
    for x, y in ((1, 1), (8, 1), (1, 8), (8, 8)):
        bm[ox + x, oy + y] = _WHITE
    return bm, pal


def count_sprite(n):
    """A white digit 0-9 (the panel's piece counts)."""
    if n == 1:
        return COUNT1
    if n == 2:
        return COUNT1 + 2
    return DIGIT + n


def lot_sprite(tcol, kind, owner, icon, lit):
    """Sprite for a lot: tile colour, the structure's kind (-1 empty) and
    its cap's owner (-1 none, 0 W, 1 B), icon lot?, framed (legal or
    claimable) now?"""
    base = tcol * PER_TILE
    if kind < 0:
        return base + (ICON if icon else EMPTY) + (2 if lit else 0)
    if kind >= 3:
        return base + DOME + kind - 3
    if owner == 0:
        return base + CAP_W + kind
    if owner == 1:
        return base + CAP_B + kind
    return base + TOWER + kind
