"""The Alheimur board screen's cursor for a human's decision: what the
legal actions move (lit), where the d-pad takes the cursor on the Screen
(alheimur/screen.py), where it first goes, and what it is on in words. Loaded
with alheimur/human.py while a human decides, dropped while a computer
does.

The cursor is on a territory of the world shown (a d-pad press goes to
the next territory that way, a whole territory at a time), on a ship of
the orbit shown (the world's right edge leads into it; up/down between
rows, left/right along one), or on the tabs (up from the world's top
row; left/right there show the other worlds and space).
"""


from micropython import const

import boards
from alheimur import words
from alheimur.actions import a_world

# consts from alheimur.actions, alheimur.layout, alheimur.sprites (tools/consts.py; do not edit)
_INVADER = const(32)
_K_SITE = const(16)
_SPACE = const(8)
_Z_PANEL = const(1)
_Z_TABS = const(2)
_Z_WORLD = const(0)
# end consts

# Texts on this screen (each fits its place whole: tests/test_messages.py)
L_EMPTY = "%s %s: empty"                     # tile, element
L_PIECE = "%s %s: %s %s"                     # tile, element, letter, size
L_INVADER = "%s %s: %s %s invader"           # tile, element, letter, size
L_SHIP = "%s: a %s %s"                       # ship, size, shipkind
L_MARINE = "%s: %s marine aboard"            # ship, size
L_NO_SHIPS = "no ships in %s"                # place
L_TABS = "left/right: worlds  A: all"


def mark_legal(scr, n):
    """Light what the decision point's n legal actions move (n from the
    game's ``legal``, just called)."""
    scr.unlit()
    g = scr.g
    lw = scr.lw
    ls = scr.ls
    buf = g.sbuf     # the engine's list of them (read only), as legal() left it
    for j in range(n):
        a = buf[j]
        s = g.subject(a)
        if s >= 128:
            i = g.rep(s - 128)
            ls[i] = 1
            scr.ltab |= 1 << scr.tab_of(g.sl[i] & 15)
        elif s >= 0:
            lw[s >> 4] |= 1 << (s & 15)
            scr.ltab |= 1 << (s >> 4)
        elif a >> 11 == _K_SITE:
            scr.ltab |= 1 << a_world(a)


def lit_here(scr):
    """Is what the cursor is on lit?"""
    t = scr.terr()
    if t >= 0:
        return scr.lw[scr.view] >> t & 1
    i = scr.ship()
    return i >= 0 and scr.ls[scr.g.rep(i)]


def to_lit(scr):
    """Put the cursor on something lit: here if it is, else the first
    lit thing of the world shown, else of the first world (or space)
    where there is one. False if nothing is lit."""
    if scr.zone == _Z_TABS and scr.ltab >> scr.tab & 1:
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
                scr.draw_cursor()
                return True
    return False


def _first_lit(scr):
    g = scr.g
    w = scr.view
    if w != _SPACE and scr.lw[w]:
        best = -1
        pick = 0
        for tile in range(16):
            k = g.lab[w * 16 + tile]
            if scr.lw[w] >> k & 1:
                d = abs((tile >> 2) - (scr.tile >> 2)) + abs((tile & 3) - (scr.tile & 3))
                if best < 0 or d < best:
                    best = d
                    pick = tile
        scr.zone = _Z_WORLD
        scr.tile = pick
        return True
    for r in range(scr.nrows):
        for c in range(4):
            i = scr.cells[r * 4 + c]
            if i != 255 and scr.ls[g.rep(i)]:
                scr.zone = _Z_PANEL
                scr.prow = r
                scr.pcol = c + 1
                scr._panel_rows()
                scr.draw_marks()
                return True
    return False


# -- the cursor ---------------------------------------------------------------


def move(scr, key):
    """One d-pad step: across territories (a whole territory at a time),
    into the orbit at the world's right edge and back, up into the tabs;
    on the tabs left/right show another world. True when the world
    shown changed."""
    z = scr.zone
    if z == _Z_TABS:
        if key == boards.LEFT or key == boards.RIGHT:
            d = 1 if key == boards.RIGHT else -1
            scr.tab = (scr.tab + d) % scr.ntabs
            scr.show(scr.loc_of(scr.tab))
            scr.zone = _Z_TABS
            scr.draw_cursor()
            return True
        scr.zone = _Z_PANEL if scr.view == _SPACE or (key == boards.UP and scr.nrows) \
            else _Z_WORLD
        if scr.zone == _Z_PANEL:
            scr.prow = scr.nrows - 1 if key == boards.UP else 0
            scr.pcol = 1
            scr._panel_rows()
            scr.draw_marks()
        else:
            scr.tile = scr.tile & 3 if key == boards.DOWN else 12 + (scr.tile & 3)
    elif z == _Z_WORLD:
        _world_step(scr, key)
    else:
        _panel_step(scr, key)
    scr.draw_cursor()
    return False


def _world_step(scr, key):
    g = scr.g
    b = scr.view * 16
    k = g.lab[b + scr.tile]
    r = scr.tile >> 2
    c = scr.tile & 3
    dr = -1 if key == boards.UP else 1 if key == boards.DOWN else 0
    dc = -1 if key == boards.LEFT else 1 if key == boards.RIGHT else 0
    while True:
        r += dr
        c += dc
        if not (0 <= r < 4 and 0 <= c < 4):
            break
        if g.lab[b + r * 4 + c] != k:
            scr.tile = r * 4 + c
            return
    if dr:
        scr.zone = _Z_TABS
        scr.tab = scr.tab_of(scr.view)
    elif scr.nrows:
        scr.zone = _Z_PANEL
        scr.prow = min(scr.ptop + max(0, (scr.tile >> 2) - 1), scr.nrows - 1)
        scr.pcol = 1 if dc > 0 else _last(scr, scr.prow)
        scr._panel_rows()
        scr.draw_marks()
    else:
        scr.tile = (scr.tile & 12) | (0 if dc > 0 else 3)


def _last(scr, r):
    c = 4
    while c > 1 and scr.cells[r * 4 + c - 1] == 255:
        c -= 1
    return c


def _panel_step(scr, key):
    if key == boards.UP or key == boards.DOWN:
        r = scr.prow + (1 if key == boards.DOWN else -1)
        if r < 0 or r >= scr.nrows:
            scr.zone = _Z_TABS
            scr.tab = scr.tab_of(scr.view)
            return
        scr.prow = r
        scr.pcol = min(scr.pcol, _last(scr, r))
        scr._panel_rows()
        scr.draw_marks()
        return
    c = scr.pcol + (1 if key == boards.RIGHT else -1)
    if 1 <= c <= _last(scr, scr.prow):
        scr.pcol = c
    elif scr.view != _SPACE:
        scr.zone = _Z_WORLD
        row = min(3, scr.prow - scr.ptop + 1)
        scr.tile = row * 4 + (0 if key == boards.RIGHT else 3)
    else:
        scr.pcol = 1 if key == boards.RIGHT else _last(scr, scr.prow)


# -- what the cursor is on --------------------------------------------------------


def info(scr):
    """One line about what the cursor is on."""
    g = scr.g
    t = scr.terr()
    if t >= 0:
        w = scr.view
        tile = words.tile_name(g.tfirst[w * 16 + t])
        e = words.ELEMENTS[g.telem[w * 16 + t]]
        v = g.piece(w, t)
        if not v:
            return L_EMPTY % (tile, e)
        q = words.LETTERS[(v >> 2) & 7]
        return (L_INVADER if v & _INVADER else L_PIECE) % (tile, e, q, words.SIZES[v & 3])
    i = scr.ship()
    if i >= 0:
        s = g.sb[i]
        if s & 24:
            return L_MARINE % (words.ship(g, i), words.SIZES[(s >> 3) & 3])
        return L_SHIP % (words.ship(g, i), words.SIZES[s & 3], words.ship_kind(s & 4))
    if scr.zone == _Z_TABS:
        return L_TABS
    return L_NO_SHIPS % words.place(g, scr.view)
