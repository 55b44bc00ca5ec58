"""The play screen's code for a human's decision (alheimur/screen.py's
``step``, ``light``, ``spot``, ``mark`` and ``say`` with keys load it; the app drops it
while a computer decides, with the human's turn): how the d-pad moves
the cursor, what the legal actions light and where the cursor goes to
find them, the message with its keys. The screen keeps the cursor's
state and draws it; these are its methods, written here so that a
computer's decision never holds their code.

The cursor is on a territory of the world shown (a d-pad press goes to
the next territory that way, a whole territory at a time; left stops at
the world's edge, right leads into the orbit), on a ship of the orbit
shown (up/down between rows, left/right along one), or on the tabs (up
from the world's top row; left/right there show the other worlds and
space).
"""

import displayio
from micropython import const

import boards
from alheimur.actions import a_world, kind_of, ship_place, ship_spot, spot_ship, spot_terr, spot_world
from alheimur.actions import spot as to_spot
from ui.text import split_lines

# consts from alheimur.actions, alheimur.layout, alheimur.sprites (tools/consts.py; do not edit)
_CYAN = const(3207423)
_ICON = const(12)
_K_SITE = const(16)
_PX = const(78)
_ROW_Y = const(26)
_SPACE = const(8)
_WY = const(12)
_Z_PANEL = const(1)
_Z_TABS = const(2)
_Z_WORLD = const(0)
# end consts


# -- where the cursor is, where a choice goes ------------------------------------------


def spot(scr):
    """Screen.spot: the engine's spot of the territory or ship under the
    cursor, -2 - loc on the tab of place loc, -1 nothing."""
    t = scr.terr()
    if t >= 0:
        return to_spot(scr.view, t)
    if scr.zone == _Z_TABS:
        return -2 - scr.loc_of(scr.tab)
    if scr.zone != _Z_PANEL or scr.prow >= scr.nrows:
        return -1
    i = scr.cells[scr.prow * 4 + scr.pcol - 1]
    return -1 if i == 255 else ship_spot(i)


def mark(scr, t, i, tab):
    """Screen.mark: the cyan outlines of territory t, ship i, tab ``tab``;
    their grids are made for the first and go with the last (a computer's
    search never holds them), each just under the white cursor's."""
    scr.dtile = t
    scr.dship = i
    root = scr.root
    if t < 0 and i < 0 and tab < 0:
        for g in (scr.dest, scr.pdest, scr.tdest):
            if g is not None:
                root.remove(g)
        scr.dest = scr.pdest = scr.tdest = None
    else:
        if scr.dest is None:
            pal = displayio.Palette(2)
            pal.make_transparent(0)
            pal[1] = _CYAN
            scr.dest = _under(root, scr.cur, pal, 4, 0, _WY)
            scr.pdest = _under(root, scr.pcur, pal, 1, _PX, _ROW_Y)
            scr.tdest = _under(root, scr.tcur, pal, 1, 0, 0)
            scr.pdest[0] = scr.tdest[0] = 2
        d = scr.tdest
        d.hidden = tab < 0
        d.x = max(tab, 0) * _ICON
    scr.draw_marks()


def _under(root, cur, pal, n, x, y):
    """A cyan grid of n x n cells like the white cursor ``cur`` (its
    sheet), just under it."""
    g = displayio.TileGrid(cur.bitmap, pixel_shader=pal, width=n, height=n,
                           tile_width=cur.tile_width, tile_height=cur.tile_height, x=x, y=y)
    root.insert(root.index(cur), g)
    return g


# -- the d-pad ---------------------------------------------------------------------


def step(scr, key):
    """One d-pad step: across territories (a whole territory at a time),
    into the orbit at the world's right edge and back, up into the tabs;
    on the tabs left/right show another world."""
    z = scr.zone
    if z == _Z_TABS:
        if key == boards.LEFT or key == boards.RIGHT:
            tab = (scr.tab + (1 if key == boards.RIGHT else -1)) % scr.ntabs
            scr.show(scr.loc_of(tab))
            scr.point(_Z_TABS, tab)
        elif scr.view == _SPACE or (key == boards.UP and scr.nrows):
            scr.point(_Z_PANEL, max(0, scr.nrows - 1) if key == boards.UP else 0)
        else:
            col = scr.tile & 3
            scr.point(_Z_WORLD, col if key == boards.DOWN else 12 + col)
    elif z == _Z_WORLD:
        _world_step(scr, key)
    else:
        _panel_step(scr, key)


def _world_step(scr, key):
    lab = scr.g.lab
    b = scr.view * 16
    k = lab[b + scr.tile]
    r = scr.tile >> 2
    c = scr.tile & 3
    dr = -1 if key == boards.UP else 1 if key == boards.DOWN else 0
    dc = -1 if key == boards.LEFT else 1 if key == boards.RIGHT else 0
    while True:
        r += dr
        c += dc
        if not (0 <= r < 4 and 0 <= c < 4):
            break
        if lab[b + r * 4 + c] != k:
            scr.point(_Z_WORLD, r * 4 + c)
            return
    if dr:
        scr.point(_Z_TABS, scr.tab_of(scr.view))
    elif dc > 0 and scr.nrows:
        # into the orbit beside the world, at the row beside the cursor
        row = min(scr.ptop + max(0, (20 * (scr.tile >> 2) - 4) // 16), scr.nrows - 1)
        scr.point(_Z_PANEL, row, 1)


def _last(scr, r):
    """The last ship column (1-4) of orbit row r."""
    cells = scr.cells
    c = 4
    while c > 1 and cells[r * 4 + c - 1] == 255:
        c -= 1
    return c


def _panel_step(scr, key):
    if key == boards.UP or key == boards.DOWN:
        r = scr.prow + (1 if key == boards.DOWN else -1)
        if r < 0 or r >= scr.nrows:
            scr.point(_Z_TABS, scr.tab_of(scr.view))
        else:
            scr.point(_Z_PANEL, r, min(scr.pcol, _last(scr, r)))
        return
    right = key == boards.RIGHT
    c = scr.pcol + (1 if right else -1)
    if 1 <= c <= _last(scr, scr.prow):
        scr.point(_Z_PANEL, scr.prow, c)
    elif not right and scr.view != _SPACE:
        # back onto the world, at the row beside the cursor
        row = min(3, (22 + 16 * (scr.prow - scr.ptop)) // 20)
        scr.point(_Z_WORLD, row * 4 + 3)


# -- what is lit, where the cursor goes to find it ---------------------------------


def light(scr, n, seek):
    """Light what the decision point's n legal actions move (n from the
    game's ``legal``, just called: its list, g.sbuf, is read); ``seek``:
    the cursor on one of them."""
    scr.unlit()
    g = scr.g
    buf = g.sbuf
    for j in range(n):
        a = buf[j]
        s = g.subject(a)
        if s >= 128:
            i = g.rep(spot_ship(s))
            scr.ls[i >> 4] |= 1 << (i & 15)
            scr.ltab |= 1 << scr.tab_of(ship_place(g.sl[i]))
        elif s >= 0:
            w = spot_world(s)
            scr.lw[w] |= 1 << spot_terr(s)
            scr.ltab |= 1 << w
        elif kind_of(a) == _K_SITE:
            scr.ltab |= 1 << a_world(a)
    scr.draw_marks()
    if seek:
        to_lit(scr)


def lit_ship(scr, i):
    """Is ship slot i lit?"""
    return scr.ls[i >> 4] >> (i & 15) & 1


def lit_here(scr):
    """Is what the cursor is on lit?"""
    t = scr.terr()
    if t >= 0:
        return scr.lw[scr.view] >> t & 1
    s = scr.spot()
    return s >= 128 and lit_ship(scr, scr.g.rep(spot_ship(s)))


def to_lit(scr):
    """Put the cursor on something lit: here if it is, else the first
    lit thing of the world shown, else of the first world (or space)
    where there is one. False if nothing is lit."""
    # the tabs only when nothing else is lit (choosing a battle's site): a
    # player asked to fire back starts on a ship that can
    if scr.zone == _Z_TABS and scr.ltab >> scr.tab & 1 and not _pieces_lit(scr):
        return True
    if scr.zone != _Z_TABS and lit_here(scr):
        return True
    for j in range(scr.ntabs):
        tab = (scr.tab_of(scr.view) + j) % scr.ntabs
        if scr.ltab >> tab & 1:
            loc = scr.loc_of(tab)
            if loc != scr.view:
                scr.show(loc)
            if _first_lit(scr):
                return True
    return False


def _pieces_lit(scr):
    """Is any territory or ship lit?"""
    for w in range(9):
        if scr.lw[w]:
            return True
    for i in range(8):
        if scr.ls[i]:
            return True
    return False


def _first_lit(scr):
    """The cursor on the lit territory nearest to it on the world shown,
    else on the first lit ship there."""
    g = scr.g
    w = scr.view
    lw = scr.lw
    if w != _SPACE and lw[w]:
        best = -1
        pick = 0
        for tile in range(16):
            k = g.lab[w * 16 + tile]
            if lw[w] >> k & 1:
                d = abs((tile >> 2) - (scr.tile >> 2)) + abs((tile & 3) - (scr.tile & 3))
                if best < 0 or d < best:
                    best = d
                    pick = tile
        scr.point(_Z_WORLD, pick)
        return True
    for r in range(scr.nrows):
        for c in range(4):
            i = scr.cells[r * 4 + c]
            if i != 255 and lit_ship(scr, g.rep(i)):
                scr.point(_Z_PANEL, r, c + 1)
                return True
    return False


# -- the message with its keys -------------------------------------------------------


def say2(scr, text, keys, colour):
    """``text`` on the first two lines (wrapped), what the keys do on the
    last (each fits: tests/test_messages.py)."""
    m = scr.msg
    lines = split_lines(text, 26, 2)[0]
    while len(lines) < 2:
        lines.append("")
    m.alert = False
    m.text = "\n".join(lines) + "\n" + keys
    m.label.color = colour
    m.label.text = m.text
