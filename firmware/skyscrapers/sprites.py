"""The Skyscrapers sprite sheet: 10x10 px sprites, 16 colours (about
3 KB), drawn by code; the board shows them at scale 2 (20 px a cell). This
module is loaded to draw it and dropped; screen.py holds the layout.

    0        the hole
    1-24     tile t - 1: suit colour, suit sign top left, value bottom
             right (null blank, ace 1)
    25-44    stack of suit s, height h (2-6): 25 + s * 5 + h - 2; suit
             colour with layer lines and the height on a black box
    45-48    coin of suit s: a disc with the suit sign
    49       nothing (overlay)    50-53 pawn of suit s (overlay, top right,
             rows 0-3: above a tile's value)
    54       highlight frame      55-58 pawn and highlight
    59       cursor

Suits are signs, as on piecepack tiles, not letters (the arms' "A" and
the ace's "A" read as the A button): a sun (a star), a moon (a crescent),
a crown (two points) and arms (a sword). Records keep the letters S M C A
(docs/records.md).

Shapes as well as colours: tiles are squares with a value, stacks show
layer lines and their height boxed, coins are round, pawns are a white
outlined peg.
"""

from micropython import const

from skyscrapers.screen import BLANK, COIN, COLS, CURSOR, HILITE, HOLE, NSPRITES, PAWN, PAWN_HL, STACKS, S
from ui.draw import GREY, INK, WHITE, YELLOW, origin, sheet
from ui.draw import bits as _bits
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

# The suits' signs, 3x5 pixels, 15 bits, top row first (as ui.draw's
# glyphs): sun, moon, crown, arms.
_SIGNS = (0b101010111010101, 0b110011001011110, 0b101101111111111, 0b010010010111010)


def _sign(bm, ox, oy, s, v):
    _bits(bm, ox, oy, _SIGNS[s], v)


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
            _sign(bm, ox + 1, oy + 1, s, _HI + s if s != 1 else WHITE)
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
            _sign(bm, ox + 2, oy + 1, s, _HI + s if s != 1 else WHITE)
            _rect(bm, ox + 4, oy + 3, ox + 8, oy + 9, INK)
            _glyph(bm, ox + 5, oy + 4, str(h), YELLOW)
        elif i < BLANK:
            s = i - COIN
            for y in range(10):
                for x in range(10):
                    d = (2 * x - 9) * (2 * x - 9) + (2 * y - 9) * (2 * y - 9)
                    if d <= 49:
                        bm[ox + x, oy + y] = _HI + s
                    elif d <= 81:
                        bm[ox + x, oy + y] = GREY
            _sign(bm, ox + 4, oy + 3, s, INK)
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
