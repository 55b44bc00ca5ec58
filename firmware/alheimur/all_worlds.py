"""All worlds at a glance (``AllWorlds``; loaded only while it is up): four
worlds a screen, large, the rest a scroll away. Each world's block: its tab
(the owner's colour and letter, N neutral, S space), a map of its 4x4
tiles in the element colours with a box of the owner's colour on each
pyramid, its size in pips (one, two or three dots, as the board's pyramids
show it), and beside it a box per ship in the orbit, the owner's letter
(twelve, "+" for more); the element colours are named under them. The d-pad picks a
world (up/down a row of two, scrolling), A shows it on the board, B or
Start go back.
"""

import displayio
import terminalio
from micropython import const

import boards
from alheimur import words
from alheimur.actions import owner, pips, ship_loc
from alheimur.sprites import ELEM, TEX, texture
from ui import palette
from ui.text import Label

_S = const(10)               # a cell
_BW = const(8)               # a block: 8 cells wide (tab, map, gap, 3 ship columns), 5 tall
_BH = const(5)
_Y = const(12)               # the blocks' top
_NONE = const(0)             # sprites: 1-5 the elements, 6-13 a player's box,
_N = const(14)               # .. N (neutral), S (space), "+", then a player's
_SPACE_TAB = const(15)       # pyramid of 1-3 pips: 17 + player * 3 + pips - 1
_PLUS = const(16)
_PYR = const(17)
_NSPRITES = const(41)
# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_SPACE = const(8)
# end consts

TEXTS = (
    "all worlds: A show, B back",      # 0 (the title)
    "air earth fire water ether",      # 1 (the legend: a swatch above each word)
)


def _box(bm, i, bg, ch, ink):
    """Sprite i: a box of colour bg with letter ch (the font's) in ink."""
    font = terminalio.FONT.bitmap
    o = ord(ch) - 0x20
    per = font.width // 6
    for y in range(1, _S - 1):
        for x in range(1, _S - 1):
            bm[i * _S + x, y] = bg
    for y in range(8):
        for x in range(5):
            if font[(o % per) * 6 + x, (o // per) * 12 + 2 + y]:
                bm[i * _S + 3 + x, 1 + y] = ink


def _pips(bm, i, bg, n, ink):
    """Sprite i: a box of colour bg with n dots (2x2) in ink, as a die."""
    for y in range(1, _S - 1):
        for x in range(1, _S - 1):
            bm[i * _S + x, y] = bg
    for d in ((4,), (2, 6), (2, 4, 6))[n - 1]:
        for y in range(2):
            for x in range(2):
                bm[i * _S + d + x, d + y] = ink


def _sheet():
    """(bitmap, palette): 0 nothing, 1-5 an element's cell, 6-13 a
    player's box, N, S, +, each player's pyramid of 1, 2 and 3 pips."""
    bm = displayio.Bitmap(_NSPRITES * _S, _S, 16)
    pal = displayio.Palette(16)
    pal[0] = 0
    for e in range(5):
        pal[1 + e] = ELEM[e]
        for y in range(_S):
            for x in range(_S):
                bm[(1 + e) * _S + x, y] = 1 + e
    for p in range(8):
        pal[6 + p] = words.COLOURS[p]
        ink = 0 if p in (1, 2, 5, 6, 7) else 15
        _box(bm, 6 + p, 6 + p, words.LETTERS[p], ink)
        for n in range(3):
            _pips(bm, _PYR + p * 3 + n, 6 + p, n + 1, ink)
    pal[14] = 0x909090
    pal[15] = 0xFFFFFF
    _box(bm, _N, 14, "N", 0)
    _box(bm, _SPACE_TAB, 4, "S", 15)
    _box(bm, _PLUS, 0, "+", 15)
    return bm, pal


def _legend():
    """A swatch of each element (its colour and texture) above its word."""
    bm = displayio.Bitmap(160, 6, 11)
    pal = displayio.Palette(11)
    pal[0] = 0
    for e in range(5):
        pal[1 + e] = ELEM[e]
        pal[6 + e] = TEX[e]
    at = 0
    text = TEXTS[1]
    for e in range(5):
        n = text.find(" ", at)
        n = len(text) if n < 0 else n
        for x in range(2 + 6 * at, 1 + 6 * n):
            for y in range(6):
                bm[x, y] = 6 + e if texture(e, x, y + 1) else 1 + e
        at = n + 1
    return bm, pal


class AllWorlds:
    """Every world of game g, four a screen."""

    def __init__(self, g):
        self.g = g

    def fill(self, grid, top):
        """The blocks of rows ``top`` and ``top`` + 1 (two worlds a row)."""
        g = self.g
        np = g.nplayers()
        nw = g.nworlds()
        for y in range(2 * _BH):
            for x in range(2 * _BW):
                grid[x, y] = _NONE
        for j in range(4):
            k = top * 2 + j
            if k > nw:
                break
            loc = _SPACE if k == nw else k
            bx = (j & 1) * _BW
            by = (j >> 1) * _BH
            grid[bx, by] = 6 + k if k < np else _N if k < nw else _SPACE_TAB
            if loc != _SPACE:
                b = k * 16
                for tile in range(16):
                    t = g.lab[b + tile]
                    v = g.piece(k, t)
                    grid[bx + (tile & 3), by + 1 + (tile >> 2)] = \
                        _PYR + owner(v) * 3 + pips(v) - 1 if v and g.tfirst[b + t] == tile \
                        else 1 + g.telem[b + t]
            n = 0
            cols = 3 if loc != _SPACE else 7
            x0 = 5 if loc != _SPACE else 0
            for q in range(np):
                for i in range(g.ship_top()):
                    if g.sl[i] == ship_loc(loc, q):
                        if n < cols * 4:
                            grid[bx + x0 + n % cols, by + 1 + n // cols] = 6 + q
                        n += 1
            if n > cols * 4:
                grid[bx + x0 + cols - 1, by + 4] = _PLUS

    def run(self, s, tab):
        """Until B or Start on the shell's session s, the cursor first on
        ``tab``: the tab picked with A, or -1."""
        g = self.g
        bm, pal = _sheet()
        root = displayio.Group()
        root.append(Label(terminalio.FONT, text=TEXTS[0], color=palette.TITLE,
                          anchor_point=(0, 0), anchored_position=(2, 0)))
        grid = displayio.TileGrid(bm, pixel_shader=pal, width=2 * _BW, height=2 * _BH,
                                  tile_width=_S, tile_height=_S, y=_Y)
        root.append(grid)
        lb, lp = _legend()
        root.append(displayio.TileGrid(lb, pixel_shader=lp, y=_Y + 2 * _BH * _S + 1))
        root.append(Label(terminalio.FONT, text=TEXTS[1], color=palette.DIM,
                          anchor_point=(0, 0), anchored_position=(2, 116)))
        fr = displayio.Bitmap(_BW * _S, _BH * _S, 2)
        for x in range(fr.width):
            fr[x, 0] = fr[x, fr.height - 1] = 1
        for y in range(fr.height):
            fr[0, y] = fr[fr.width - 1, y] = 1
        fp = displayio.Palette(2)
        fp.make_transparent(0)
        fp[1] = 0xFFFFFF
        cur = displayio.TileGrid(fr, pixel_shader=fp)
        root.append(cur)
        n = g.nworlds() + 1
        k = tab
        top = -1
        s.display.root_group = root
        while True:
            t = max(0, min(k // 2, (n - 1) // 2 - 1))
            if t != top:
                top = t
                self.fill(grid, top)
            cur.x = (k & 1) * _BW * _S
            cur.y = _Y + (k // 2 - top) * _BH * _S
            s.refresh()
            key = s.key()
            if key == boards.B or key == boards.START:
                return -1
            if key == boards.A:
                return k
            if key == boards.LEFT or key == boards.RIGHT:
                k = (k + (1 if key == boards.RIGHT else -1)) % n
            elif key == boards.DOWN and k + 2 < n:
                k += 2
            elif key == boards.UP and k >= 2:
                k -= 2
