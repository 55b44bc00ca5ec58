"""All worlds at a glance (``AllWorlds``; loaded only while it is up): for
every world its tab (owner's colour and letter, N neutral), a map of its
4x4 tiles (the element's colour; a pyramid as its owner's letter in its
owner's colour) and the ships in its orbit (a letter each, "+" when more
than seven), then space. The d-pad picks a world, A shows it on the board,
B or Start go back.
"""

import displayio
import terminalio
from micropython import const

import boards
from alheimur import words
from alheimur.actions import SPACE, owner, ship_loc
from ui import palette
from ui.text import Label

S = const(6)                 # a cell
BW = const(5)                # a block: 5 cells wide (4 + a gap), 8 tall
BH = const(8)
OX = const(5)
OY = const(13)
_EL = (0x4C5C74, 0x5A4226, 0x6A2016, 0x183A70, 0x3E2458)
# 3x5 glyphs, bit 14 top left: R Y G B P O C W N S +
_G = (0b110101110101101, 0b101101010010010, 0b011100101101011, 0b110101110101110,
      0b110101110100100, 0b010101101101010, 0b011100100100011, 0b101101111111101,
      0b110101101101101, 0b011100010001110, 0b000010111010000)
_SHIPS = const(46)
_TABS = const(54)
_PLUS = const(64)

L_TITLE = "all worlds: A show, B back"


def _sheet():
    bm = displayio.Bitmap(13 * S, 5 * S, 16)
    pal = displayio.Palette(16)
    pal[0] = 0
    for e in range(5):
        pal[1 + e] = _EL[e]
    for p in range(8):
        pal[6 + p] = words.COLOURS[p]
    pal[14] = 0x909090
    pal[15] = 0x283870

    def put(i, bg, glyph, ink):
        ox = (i % 13) * S
        oy = (i // 13) * S
        for y in range(S):
            for x in range(S):
                bm[ox + x, oy + y] = bg
        if glyph >= 0:
            g = _G[glyph]
            for r in range(5):
                for c in range(3):
                    if g >> (14 - r * 3 - c) & 1:
                        bm[ox + 1 + c, oy + r] = ink

    for e in range(5):
        put(1 + e, 1 + e, -1, 0)
        for p in range(8):
            put(6 + e * 8 + p, 1 + e, p, 6 + p)
    for p in range(8):
        put(_SHIPS + p, 0, p, 6 + p)
        put(_TABS + p, 6 + p, p, 0)
    put(_TABS + 8, 14, 8, 0)
    put(_TABS + 9, 15, 9, 13)
    put(_PLUS, 0, 10, 13)
    return bm, pal


class AllWorlds:
    """Every world of game g on one screen."""

    def __init__(self, g):
        self.g = g

    def fill(self, grid):
        """Every world's block of the grid."""
        g = self.g
        np = g.nplayers()
        nw = g.nworlds()
        for k in range(nw + 1):
            loc = SPACE if k == nw else k
            bx = (k % 5) * BW
            by = (k // 5) * BH
            grid[bx, by] = _TABS + (k if k < np else 8 if k < nw else 9)
            if loc != SPACE:
                b = k * 16
                for tile in range(16):
                    t = g.lab[b + tile]
                    e = g.telem[b + t]
                    v = g.piece(k, t)
                    first = g.tfirst[b + t] == tile
                    spr = 1 + e
                    if v and first:
                        spr = 6 + e * 8 + owner(v)
                    grid[bx + (tile & 3), by + 1 + (tile >> 2)] = spr
            n = 0
            rows = 2 if loc != SPACE else 6
            for q in range(np):
                for i in range(g.ship_top()):
                    if g.sl[i] == ship_loc(loc, q):
                        if n < 4 * rows:
                            r = (1 if loc == SPACE else 5) + n // 4
                            grid[bx + n % 4, by + r] = _SHIPS + q
                        n += 1
            if n > 4 * rows:
                r = (1 if loc == SPACE else 5) + rows - 1
                grid[bx + 3, by + r] = _PLUS

    def run(self, s, tab):
        """Until B or Start on the shell's session s, the cursor first on
        ``tab``: the tab picked with A, or -1."""
        g = self.g
        bm, pal = _sheet()
        root = displayio.Group()
        root.append(Label(terminalio.FONT, text=L_TITLE, color=palette.TITLE,
                          anchor_point=(0, 0), anchored_position=(2, 0)))
        grid = displayio.TileGrid(bm, pixel_shader=pal, width=5 * BW, height=2 * BH,
                                  tile_width=S, tile_height=S, x=OX, y=OY)
        root.append(grid)
        fr = displayio.Bitmap(4 * S + 4, BH * S - 4, 2)
        for x in range(fr.width):
            fr[x, 0] = fr[x, fr.height - 1] = 1
        for y in range(fr.height):
            fr[0, y] = fr[fr.width - 1, y] = 1
        fp = displayio.Palette(2)
        fp.make_transparent(0)
        fp[1] = 0xFFFFFF
        cur = displayio.TileGrid(fr, pixel_shader=fp)
        root.append(cur)
        self.fill(grid)
        n = g.nworlds() + 1
        k = tab
        s.display.root_group = root
        while True:
            cur.x = OX + (k % 5) * BW * S - 2
            cur.y = OY + (k // 5) * BH * S - 2
            s.refresh()
            key = s.key()
            if key == boards.B or key == boards.START:
                return -1
            if key == boards.A:
                return k
            if key == boards.LEFT or key == boards.RIGHT:
                k = (k + (1 if key == boards.RIGHT else -1)) % n
            elif key == boards.UP or key == boards.DOWN:
                if k + 5 < n and key == boards.DOWN:
                    k += 5
                elif k >= 5 and key == boards.UP:
                    k -= 5
