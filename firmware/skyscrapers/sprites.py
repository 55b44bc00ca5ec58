"""The Skyscrapers sprite sheets, drawn by code; this module is loaded to
draw them and dropped; screen.py holds the layout.

The board's sheet: 10x10 px sprites, 16 colours (about 3 KB), shown at
scale 2 (20 px a cell):

    0        the hole
    1-24     tile t - 1: suit colour, value bottom right (null blank,
             ace 1); its sign is on the signs' sheet
    25-44    stack of suit s, height h (2-6): 25 + s * 5 + h - 2; suit
             colour with layer lines and the height on a black box,
             bottom right
    45-48    coin of suit s: a disc
    49       nothing (overlay)    50-53 pawn of suit s (overlay, top right,
             rows 0-3: above a tile's value)
    54       highlight frame      55-58 pawn and highlight
    59       cursor

The signs' sheet (``signs``): 20x20 px, shown at scale 1 over the board,
each 7x7 px in a cell's corner or middle, so a sign has the screen's own
pixels (at scale 2 a 3x5 sign read as a blob at 1x):

    0        none (the hole)
    1-4      suit s on a tile (white, top left)
    5-8      suit s on a stack (white, top left, beside the layer lines)
    9-12     suit s on a coin (black, in the middle)

Suits are signs, as on piecepack tiles, not letters (the arms' "A" and
the ace's "A" read as the A button): a sun (a disc with rays), a moon (a
crescent), a crown (three points on a band) and arms (a sword). Records
keep the letters S M C A (docs/records.md).

Shapes as well as colours: tiles are squares with a value, stacks show
layer lines and their height boxed, coins are round, pawns are a white
outlined peg.
"""

import displayio
from micropython import const

from skyscrapers.screen import (
    BLANK,
    COIN,
    COLS,
    CURSOR,
    HILITE,
    HOLE,
    NSPRITES,
    PAWN,
    PAWN_HL,
    SIGN_COIN,
    SIGN_TILE,
    SIGNS,
    STACKS,
    S,
)
from ui.draw import GREY, INK, WHITE, YELLOW, origin, sheet
from ui.draw import frame as _frame
from ui.draw import glyph as _glyph
from ui.draw import rect as _rect

_T = const(0)
_BG = const(1)       # 1-4 suit tile colours
_HI = const(5)       # 5-8 suit bright colours (coins, stack edges)

COLOURS = (
    0x000000,
    0x8A2020, 0x383838, 0x1E6A24, 0x1E3A8A,   # suns red, moons black, crowns green, arms blue
    0xF05050, 0x9090A0, 0x50D060, 0x5090FF,
    0, 0, 0,                                    # then ui.draw's WHITE, INK, YELLOW, GREY
)

# The suits' signs, 7x7 pixels, a row of 7 bits each, top row first (left
# pixel the high bit): sun, moon, crown, arms.
_SIGNS = (
    (0b1001001, 0b0100010, 0b0011100, 0b1111111, 0b0011100, 0b0100010, 0b1001001),
    (0b0011100, 0b0111000, 0b1110000, 0b1110000, 0b1110000, 0b0111000, 0b0011100),
    (0b1001001, 0b1001001, 0b1101011, 0b1111111, 0b1111111, 0b0000000, 0b1111111),
    (0b0000011, 0b0000111, 0b0001110, 0b1011100, 0b0111000, 0b0010000, 0b0101000),
)
_SIGN_AT = ((2, 2), (4, 2), (6, 6))     # top left of a tile's, a stack's, a coin's sign


def _pawn(bm, ox, oy, s):
    # a peg in the top right corner (rows 0-3, above the value): head and
    # base, white outline
    for x, y in ((6, 0), (7, 0), (8, 0), (6, 1), (8, 1), (5, 2), (9, 2),
                 (5, 3), (6, 3), (7, 3), (8, 3), (9, 3)):
        bm[ox + x, oy + y] = WHITE
    bm[ox + 7, oy + 1] = _HI + s
    bm[ox + 6, oy + 2] = _HI + s
    bm[ox + 7, oy + 2] = _HI + s
    bm[ox + 8, oy + 2] = _HI + s


def make():
    """(bitmap, palette) of the sheet."""
    bm, pal = sheet(COLS, NSPRITES, S, COLOURS)
    for i in range(NSPRITES):
        ox, oy = origin(i, COLS, S)
        if i == HOLE:
            _frame(bm, ox + 1, oy + 1, ox + 8, oy + 8, GREY)
        elif i < STACKS:
            t = i - 1
            s = t // 6
            v = t % 6
            _rect(bm, ox + 1, oy + 1, ox + 8, oy + 8, _BG + s)
            if v:
                _glyph(bm, ox + 5, oy + 4, str(v), WHITE)
        elif i < COIN:
            s = (i - STACKS) // 5
            h = (i - STACKS) % 5 + 2
            _rect(bm, ox, oy, ox + 9, oy + 9, _BG + s)
            _frame(bm, ox, oy, ox + 9, oy + 9, _HI + s)
            for k in range(1, h):
                if 2 * k < 9:
                    bm[ox + 1, oy + 9 - 2 * k] = _HI + s
            # the height low at the right, clear of the sign above it
            _rect(bm, ox + 5, oy + 5, ox + 8, oy + 9, INK)
            _glyph(bm, ox + 5, oy + 5, str(h), YELLOW)
        elif i < BLANK:
            s = i - COIN
            for y in range(10):
                for x in range(10):
                    d = (2 * x - 9) * (2 * x - 9) + (2 * y - 9) * (2 * y - 9)
                    if d <= 49:
                        bm[ox + x, oy + y] = _HI + s
                    elif d <= 81:
                        bm[ox + x, oy + y] = GREY
        elif PAWN <= i < HILITE:
            _pawn(bm, ox, oy, i - PAWN)
        elif i == HILITE or PAWN_HL <= i < CURSOR:
            _frame(bm, ox, oy, ox + 9, oy + 9, YELLOW)
            if i != HILITE:
                _pawn(bm, ox, oy, i - PAWN_HL)
        elif i == CURSOR:
            # the outer ring only: the tile's letter and value stay in view
            _frame(bm, ox, oy, ox + 9, oy + 9, WHITE)
    return bm, pal


def signs():
    """(bitmap, palette) of the signs' sheet: SIGNS cells of 20x20 px, 3
    colours (0 transparent, 1 white, 2 black), about 1.4 KB."""
    bm = displayio.Bitmap(SIGNS * 20, 20, 3)
    pal = displayio.Palette(3)
    pal.make_transparent(0)
    pal[1] = 0xF8F8F8
    pal[2] = 0x080808
    for i in range(SIGN_TILE, SIGNS):
        kind = (i - SIGN_TILE) // 4       # 0 tile, 1 stack, 2 coin
        rows = _SIGNS[(i - SIGN_TILE) % 4]
        x0 = i * 20 + _SIGN_AT[kind][0]
        y0 = _SIGN_AT[kind][1]
        v = 2 if i >= SIGN_COIN else 1
        for y in range(7):
            r = rows[y]
            for x in range(7):
                if r >> (6 - x) & 1:
                    bm[x0 + x, y0 + y] = v
    return bm, pal
