"""Alheimur's board screen made: its sprite sheets, drawn once by code,
its TileGrids, labels and arrays (``make``), when the board screen opens
(the app drops this module afterwards: nothing here is used while playing).

    tiles    20x20, 4 bit: the five elements, each with its own texture
             (``texture``: air dots, earth rows, fire diagonals, water
             waves, ether crosses; world building draws the same), dark, so
             the pieces stand out
    edges    20x20, 1 bit: sprite m (0-15) draws the tile's edges in mask
             m (1 N, 2 E, 4 S, 8 W) one pixel wide, 16 + m two pixels
             wide: territory borders, the legal frame (yellow), the cursor
             (white) and the choice (cyan) share it with their own palettes.
             No tile has one edge (a territory lies within one card: 2x2
             tiles at most, world.derive), so those sprites carry the
             world's labels instead (``LABELS``), white in their top left
             corner, under the pieces: A4 B C D along the top row, 3 2 1
             down the left column, the names world.tile_name gives
    pieces   18x18, 2 bit, six per player: upright (colonist) small,
             medium, large (9, 13, 17 px tall), then lying (invader); the
             player's palette colours it (1 outline, 2 body, 3 its letter)
    ships    16x16, 2 bit: none; transports of 1-3 pips (a hull 8, 11, 14
             px long with that many pips); fighters of 1-3 (a dart 8, 11,
             14 px long, its pips); transports carrying a marine (one small
             pyramid on the hull per marine pip); the dice 1-6, then the
             same lit (a hit, a six); a letter box per player. The player's
             palette colours a ship (3: its pips, in the ink that reads on
             its colour); the dice have their own palette (3 white, 1 the
             pips, 2 a lit die yellow)
    tabs     12x12, 4 bit: a box per world in its owner's colour with its
             letter (N neutral), S space
    marks    12x12 and 16x16, 1 bit: 0 none, 1 thin frame, 2 thick frame

Every player has a colour and a letter (CLARIFICATIONS.md, Alheimur 1;
words.py): R red, Y yellow, G green, U blue, P purple, O orange, C cyan,
W white; none of them reads as a button.
"""

import displayio
import terminalio
from micropython import const

from alheimur.actions import form
from alheimur.words import COLOURS, LETTERS
from ui import palette as colours
from ui.draw import frame, origin, rect
from ui.text import Label, MessageLine

# The screen's layout (alheimur/screen.py has private copies of those it
# draws with).
_Z_WORLD = const(0)        # the cursor's zones: on the world shown,
_Z_PANEL = const(1)        # .. on a ship of the orbit panel,
_Z_TABS = const(2)         # .. on the tabs
_TILE = const(20)          # a world tile
_PIECE = const(18)         # a pyramid's cell
_ICON = const(12)          # a tab
SHIP = const(16)          # a ship, a die
_SHIP_LETTER = const(13)   # the ship sheet's letter boxes, one per player
_WY = const(12)            # the world's top
_PX = const(78)            # the panel's left (its letter box 2 px in; the fourth ship 2 px from the edge)
_ROWS = const(4)           # orbit rows shown
_ROW_Y = const(26)
_DICE_X = const(16)        # a shot's dice over the world (shot.py): attack above,
_DICE_Y = const(28)        # defence below (a 3x3 grid of 16 px cells, its middle row empty)
_MSG_Y = const(92)         # the message lines (three)
_WHITE = const(0xFFFFFF)
_CYAN = const(0x30F0FF)
_YELLOW = const(0xFFD820)
_NEUTRAL = const(0x909090)
_SPACE_BG = const(0x283870)
_DOOMED_RIM = const(0xFF2020)
_DOOMED_BODY = const(0x505050)

# Element tiles: base and texture colours (A air, E earth, F fire, W water,
# T ether); world building and all worlds use them too.
ELEM = (0x4C5C74, 0x5A4226, 0x6A2016, 0x183A70, 0x3E2458)
TEX = (0x8090B0, 0x7A6040, 0x9A3822, 0x3060A8, 0x6C4494)

# 3x5 glyphs (bit 14 = top left), the player letters, the world's labels.
_G = {"R": 0b110101110101101, "Y": 0b101101010010010, "G": 0b011100101101011,
      "U": 0b101101101101111, "P": 0b110101110100100, "O": 0b010101101101010,
      "C": 0b011100100100011, "W": 0b101101111111101,
      "A": 0b010101111101101, "B": 0b110101110101110, "D": 0b110101101101110,
      "1": 0b010110010010111, "2": 0b110001010100111, "3": 0b110001010001110,
      "4": 0b101101111001001}
# The world's labels: (edge sprite, text, tile): one-edge sprites (see edges).
LABELS = ((1, "A4", 0), (2, "B", 1), (4, "C", 2), (8, "D", 3),
          (17, "3", 4), (18, "2", 8), (20, "1", 12))

# Pieces: heights of a small, medium, large pyramid.
_SIZES = (9, 13, 17)
# The ink that reads on each player's colour (their letters and pips).
_INK = (0xFFFFFF, 0x000000, 0x000000, 0xFFFFFF, 0xFFFFFF, 0x000000, 0x000000, 0x000000)


def texture(e, x, y):
    """Is pixel (x, y) of a tile of element e drawn in its texture colour
    (the play screen and world building alike)?"""
    if e == 0:
        return x % 5 == 2 and y % 5 == 2
    if e == 1:
        return y % 5 == 3
    if e == 2:
        return (x + y) % 6 == 0
    if e == 3:
        return (y + (1 if x % 6 < 3 else 0)) % 6 == 0
    return (x % 7 == 3 and y % 7 in (2, 3, 4)) or (y % 7 == 3 and x % 7 in (2, 4))


def _glyph(bm, ox, oy, ch, v):
    g = _G[ch]
    for r in range(5):
        for c in range(3):
            if g >> (14 - r * 3 - c) & 1:
                bm[ox + c, oy + r] = v


def _font(bm, ox, oy, ch, v):
    """ch as the built-in font draws it (rows 2-9, columns 0-4 of its
    cell), top left at ox, oy."""
    font = terminalio.FONT.bitmap
    i = ord(ch) - 0x20
    per = font.width // 6
    fx = (i % per) * 6
    fy = (i // per) * 12 + 2
    for y in range(8):
        for x in range(5):
            if font[fx + x, fy + y]:
                bm[ox + x, oy + y] = v


def palette(colours, transparent=True):
    pal = displayio.Palette(len(colours))
    for i in range(len(colours)):
        pal[i] = colours[i]
    if transparent:
        pal.make_transparent(0)
    return pal


def tiles():
    """(bitmap, palette): sprite e (0-4) an element tile."""
    bm = displayio.Bitmap(5 * _TILE, _TILE, 11)
    for e in range(5):
        ox = e * _TILE
        for y in range(_TILE):
            for x in range(_TILE):
                bm[ox + x, y] = 6 + e if texture(e, x, y) else 1 + e
    pal = palette((0,) + ELEM + TEX, False)
    return bm, pal


def edges():
    """Bitmap of the 32 edge sprites (see the module docstring)."""
    bm = displayio.Bitmap(16 * _TILE, 2 * _TILE, 2)   # 16 wide: rows of whole words
    for i in range(32):
        ox, oy = origin(i, 16, _TILE)
        w = 2 if i >= 16 else 1
        m = i & 15
        e = _TILE - 1
        if m in (1, 2, 4, 8):        # no tile has one edge: a label's sprite
            continue
        if m & 1:
            rect(bm, ox, oy, ox + e, oy + w - 1, 1)
        if m & 2:
            rect(bm, ox + e - w + 1, oy, ox + e, oy + e, 1)
        if m & 4:
            rect(bm, ox, oy + e - w + 1, ox + e, oy + e, 1)
        if m & 8:
            rect(bm, ox, oy, ox + w - 1, oy + e, 1)
    for i, text, _ in LABELS:
        ox, oy = origin(i, 16, _TILE)
        for k in range(len(text)):
            _glyph(bm, ox + 3 + 4 * k, oy + 3, text[k], 1)
    return bm


def player_palette(p):
    """Pieces and ships of player p: outline, body, its ink (letters, pips)."""
    return palette((0, 0x000000, COLOURS[p], _INK[p]))


def doomed_palette():
    """A piece about to die: grey, a red rim (its letter stays)."""
    return palette((0, _DOOMED_RIM, _DOOMED_BODY, 0xFFFFFF))


def _pyramid(bm, ox, oy, h, lying, size, fill):
    """A pyramid h px long in a size x size cell, centred: apex up (or
    right, lying), outline 1, body ``fill``."""
    c = size // 2
    top = (size - h) // 2
    for r in range(h):
        half = r // 2 + 1 if r else 0
        for d in range(-half, half):
            v = 1 if d == -half or d == half - 1 or r == h - 1 or r == 0 else fill
            if lying:
                bm[ox + size - 1 - top - r, oy + c + d] = v
            elif 0 <= c + d < size:
                bm[ox + c + d, oy + top + r] = v


def pieces(nplayers):
    """Bitmap of the pyramids: sprite p * 6 + k for player p, k 0-2 an
    upright pyramid of 1-3 pips, 3-5 lying."""
    # 12 sprites a row (two players)
    bm = displayio.Bitmap(12 * _PIECE, (nplayers + 1) // 2 * _PIECE, 4)
    for p in range(nplayers):
        for k in range(6):
            ox, oy = origin(p * 6 + k, 12, _PIECE)
            s = k % 3
            h = _SIZES[s]
            lying = k >= 3
            _pyramid(bm, ox, oy, h, lying, _PIECE, 2)
            top = (_PIECE - h) // 2
            ch = LETTERS[p]
            if s == 0:       # small: the 3x5 glyph
                if lying:
                    _glyph(bm, ox + _PIECE - top - h + 2, oy + 7, ch, 3)
                else:
                    _glyph(bm, ox + 8, oy + top + h - 6, ch, 3)
            elif lying:      # the letter in the thick end, upright
                _font(bm, ox + _PIECE - top - h + 2, oy + 5, ch, 3)
            else:
                _font(bm, ox + 7, oy + top + h - 9, ch, 3)
    return bm


def _pips(bm, x, y, n, step):
    """n pips (2x2, ink) from (x, y), ``step`` apart along the row."""
    for k in range(n):
        rect(bm, x + k * step, y, x + k * step + 1, y + 1, 3)


def _ship(bm, ox, size, is_fighter, marine):
    """A transport (a hull at the bottom, its pips; a small pyramid on it
    per marine pip) or a fighter (a dart pointing right, its pips)."""
    n = (9, 12, 15)[size - 1]
    x0 = ox + (SHIP - n) // 2
    if is_fighter:
        # a dart: apex at the right, n px long and about as tall
        for c in range(n):
            half = c * 7 // 14
            for d in range(-half, half + 1):
                edge = d == -half or d == half or c == n - 1
                bm[x0 + n - 1 - c, 8 + d] = 1 if edge else 2
        _pips(bm, x0 + 2, 8, size, 3)
        return
    rect(bm, x0, 9, x0 + n - 1, 15, 1)          # the hull: outline
    rect(bm, x0 + 1, 10, x0 + n - 2, 14, 2)     # .. body
    bm[x0, 9] = bm[x0 + n - 1, 9] = bm[x0, 15] = bm[x0 + n - 1, 15] = 0   # rounded
    _pips(bm, x0 + (n - 3 * size + 1) // 2, 11, size, 3)
    for k in range(marine):     # the marine: a pyramid of its colour per pip on the hull
        mx = ox + (SHIP - 5 * marine) // 2 + 5 * k + 2
        for r in range(6):
            half = (r + 1) // 2
            for d in range(-half, half + 1):
                edge = d == -half or d == half or r == 5
                if 0 <= mx + d - ox < SHIP:
                    bm[mx + d, 3 + r] = 1 if edge else 2


def ship_tiles():
    """The ship sheet's sprite of each ship form (actions.ship_form, 0-31):
    none 0, transports 1-3, fighters 4-6, transports carrying a marine
    7-12 (1 in a 1-pip transport; 1, 2 in a 2-pip one; 1-3 in a 3-pip one)."""
    t = bytearray(32)
    k = 7
    for s in range(1, 4):
        t[form(s, False, 0)] = s
        t[form(s, True, 0)] = 3 + s
        for m in range(1, s + 1):
            t[form(s, False, m)] = k
            k += 1
    return t


def ships(nplayers, tiles):
    """The ship sheet: each ship form at its sprite of ``tiles``, then a
    letter box per player."""
    bm = displayio.Bitmap((_SHIP_LETTER + nplayers) * SHIP, SHIP, 4)
    for s in range(1, 4):
        _ship(bm, tiles[form(s, False, 0)] * SHIP, s, False, 0)
        _ship(bm, tiles[form(s, True, 0)] * SHIP, s, True, 0)
        for m in range(1, s + 1):
            _ship(bm, tiles[form(s, False, m)] * SHIP, s, False, m)
    for p in range(nplayers):
        ox = (_SHIP_LETTER + p) * SHIP
        rect(bm, ox + 2, 1, ox + SHIP - 3, SHIP - 2, 2)
        _font(bm, ox + 6, 4, LETTERS[p], 3)
    return bm


def tabs(nplayers, nworlds):
    """(bitmap, palette): a tab per world (its owner's colour and letter,
    N neutral grey), then S (space)."""
    bm = displayio.Bitmap((nworlds + 1) * _ICON, _ICON, 16)
    pal = palette((0x000000,) + COLOURS + (_NEUTRAL, _SPACE_BG, 0xFFFFFF), False)
    for w in range(nworlds + 1):
        ox = w * _ICON
        if w < nplayers:
            c = 1 + w
            ch = LETTERS[w]
            ink = 0 if _INK[w] == 0 else 11
        elif w < nworlds:
            c = 9
            ch = "N"
            ink = 0
        else:
            c = 10
            ch = "S"
            ink = 11
        rect(bm, ox + 1, 0, ox + _ICON - 2, _ICON - 1, c)
        _font(bm, ox + 3, 2, ch, ink)
    return bm, pal


def marks(size):
    bm = displayio.Bitmap(3 * size, size, 2)
    frame(bm, size, 0, 2 * size - 1, size - 1, 1)
    frame(bm, 2 * size, 0, 3 * size - 1, size - 1, 1)
    frame(bm, 2 * size + 1, 1, 3 * size - 2, size - 2, 1)
    return bm


def make(g):
    """The board screen's displayio objects for game g (alheimur/screen.py
    names them): the TileGrids in drawing order under one root group, the
    labels, the message line. The outlines of a colour share one palette."""
    np = g.nplayers()
    nw = g.nworlds()
    nt = nw + 1
    root = displayio.Group()
    yellow = _pal2(_YELLOW)
    white = _pal2(_WHITE)
    # tabs
    tbm, tpal = tabs(np, nw)
    tabg = displayio.TileGrid(tbm, pixel_shader=tpal, width=nt, height=1,
                              tile_width=_ICON, tile_height=_ICON)
    for i in range(nt):
        tabg[i] = i
    root.append(tabg)
    mbm = marks(_ICON)
    tlit = _grid(root, mbm, yellow, _ICON, nt, 1, 0, 0)
    tview = _grid(root, mbm, white, _ICON, 1, 1, 0, 0)
    tview[0] = 1
    tcur = _grid(root, mbm, white, _ICON, 1, 1, 0, 0)
    tcur[0] = 2
    turn = _label(root, 159, 0, colours.TITLE, (1, 0))
    # the world
    ebm, epal = tiles()
    tileg = displayio.TileGrid(ebm, pixel_shader=epal, width=4, height=4,
                               tile_width=_TILE, tile_height=_TILE, y=_WY)
    root.append(tileg)
    ed = edges()
    bord = _grid(root, ed, _pal2(0x101010), _TILE, 4, 4, 0, _WY)
    lit = _grid(root, ed, yellow, _TILE, 4, 4, 0, _WY)
    labels = _grid(root, ed, white, _TILE, 4, 4, 0, _WY)
    for i, _, tile in LABELS:
        labels[tile] = i
    pals = [player_palette(p) for p in range(np)]
    doomed_pal = doomed_palette()
    pbm = pieces(np)
    pg = []
    for _ in range(16):
        t = displayio.TileGrid(pbm, pixel_shader=pals[0], width=1, height=1,
                               tile_width=_PIECE, tile_height=_PIECE)
        t.hidden = True
        root.append(t)
        pg.append(t)
    cur = _grid(root, ed, white, _TILE, 4, 4, 0, _WY)
    # the panel
    status = _label(root, _PX + 4, _WY, colours.TEXT)
    ship_tile = ship_tiles()
    sbm = ships(np, ship_tile)
    rows = []
    for r in range(_ROWS):
        t = displayio.TileGrid(sbm, pixel_shader=pals[0], width=5, height=1,
                               tile_width=SHIP, tile_height=SHIP, x=_PX, y=_ROW_Y + SHIP * r)
        root.append(t)
        rows.append(t)
    sm = marks(SHIP)
    plit = _grid(root, sm, yellow, SHIP, 5, _ROWS, _PX, _ROW_Y)
    pcur = _grid(root, sm, white, SHIP, 1, 1, _PX, _ROW_Y)
    pcur[0] = 2
    msg = MessageLine(root, 2, _MSG_Y, width=26, lines=3)
    return (root, tlit, tview, tcur, turn, tileg, bord, lit, labels, pals, doomed_pal,
            pg, cur, status, rows, plit, pcur, msg, ship_tile)


def _pal2(colour):
    pal = displayio.Palette(2)
    pal.make_transparent(0)
    pal[1] = colour
    return pal


def _grid(root, bm, pal, size, w, h, x, y):
    t = displayio.TileGrid(bm, pixel_shader=pal, width=w, height=h,
                           tile_width=size, tile_height=size, x=x, y=y)
    root.append(t)
    return t


def _label(group, x, y, colour, anchor=(0, 0)):
    lab = Label(terminalio.FONT, text=" ", color=colour, anchor_point=anchor,
                anchored_position=(x, y))
    group.append(lab)
    return lab
