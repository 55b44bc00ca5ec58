"""The Alheimur board screen's cursor (a View is the Screen of
alheimur/screen.py with its cursor): where the d-pad takes it, what is lit
by the decision point's legal actions, and what the cursor is on in words.

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
from alheimur.screen import Screen

# Private copies (no globals; screen.py has the same): the cursor's zones,
# alheimur.actions' K_SITE and SPACE, alheimur.layout's INVADER.
_Z_WORLD = const(0)
_Z_PANEL = const(1)
_Z_TABS = const(2)
_K_SITE = const(16)
_SPACE = const(8)
_INVADER = const(32)

# Texts on this screen (each fits its place whole: tests/test_messages.py)
L_EMPTY = "%s %s: empty"                     # tile, element
L_PIECE = "%s %s: %s %s"                     # tile, element, letter, size
L_INVADER = "%s %s: %s %s invader"           # tile, element, letter, size
L_SHIP = "%s: a %s %s"                       # ship, size, shipkind
L_MARINE = "%s: %s marine aboard"            # ship, size
L_NO_SHIPS = "no ships in %s"                # place
L_TABS = "left/right: worlds  A: all"



class View(Screen):
    # -- legal actions --------------------------------------------------------------

    def mark_legal(self, n=-1):
        """Light what the decision point's n legal actions move (n from
        the game's ``legal``, just called); n=-1: nothing (not a human's
        decision)."""
        g = self.g
        lw = self.lw
        for w in range(9):
            lw[w] = 0
        ls = self.ls
        for i in range(120):
            ls[i] = 0
        self.ltab = 0
        buf = g.sbuf     # the engine's list of them (read only), as legal() left it
        for j in range(n):
            a = buf[j]
            s = g.subject(a)
            if s >= 128:
                i = g.rep(s - 128)
                ls[i] = 1
                self.ltab |= 1 << self.tab_of(g.sl[i] & 15)
            elif s >= 0:
                lw[s >> 4] |= 1 << (s & 15)
                self.ltab |= 1 << (s >> 4)
            elif a >> 11 == _K_SITE:
                self.ltab |= 1 << a_world(a)

    def lit_here(self):
        """Is what the cursor is on lit?"""
        t = self.terr()
        if t >= 0:
            return self.lw[self.view] >> t & 1
        i = self.ship()
        return i >= 0 and self.ls[self.g.rep(i)]

    def to_lit(self):
        """Put the cursor on something lit: here if it is, else the first
        lit thing of the world shown, else of the first world (or space)
        where there is one. False if nothing is lit."""
        if self.zone == _Z_TABS and self.ltab >> self.tab & 1:
            return True
        if self.zone != _Z_TABS and self.lit_here():
            return True
        for j in range(self.ntabs):
            tab = (self.tab_of(self.view) + j) % self.ntabs
            if self.ltab >> tab & 1:
                loc = self.loc_of(tab)
                if loc != self.view:
                    self.show(loc)
                if self._first_lit():
                    self.draw_cursor()
                    return True
        return False

    def _first_lit(self):
        g = self.g
        w = self.view
        if w != _SPACE and self.lw[w]:
            best = -1
            pick = 0
            for tile in range(16):
                k = g.lab[w * 16 + tile]
                if self.lw[w] >> k & 1:
                    d = abs((tile >> 2) - (self.tile >> 2)) + abs((tile & 3) - (self.tile & 3))
                    if best < 0 or d < best:
                        best = d
                        pick = tile
            self.zone = _Z_WORLD
            self.tile = pick
            return True
        for r in range(self.nrows):
            for c in range(4):
                i = self.cells[r * 4 + c]
                if i != 255 and self.ls[g.rep(i)]:
                    self.zone = _Z_PANEL
                    self.prow = r
                    self.pcol = c + 1
                    self._panel_rows()
                    self.draw_marks()
                    return True
        return False

    def put_on(self, spot):
        """Show and point at a spot (a territory or a ship) or a place
        (-2 - loc: its tab)."""
        g = self.g
        if spot <= -2:
            loc = -2 - spot
            if loc != self.view:
                self.show(loc)
            self.zone = _Z_TABS
            self.tab = self.tab_of(loc)
        elif spot >= 128:
            i = spot - 128
            loc = g.sl[i] & 15
            if loc != self.view:
                self.show(loc)
            for r in range(self.nrows):
                for c in range(4):
                    if self.cells[r * 4 + c] == i:
                        self.zone = _Z_PANEL
                        self.prow = r
                        self.pcol = c + 1
                        self._panel_rows()
                        self.draw_marks()
        elif spot >= 0:
            w = spot >> 4
            if w != self.view:
                self.show(w)
            self.zone = _Z_WORLD
            self.tile = g.tfirst[spot]
        self.draw_cursor()

    # -- the cursor ---------------------------------------------------------------

    def move(self, key):
        """One d-pad step: across territories (a whole territory at a time),
        into the orbit at the world's right edge and back, up into the tabs;
        on the tabs left/right show another world. True when the world
        shown changed."""
        z = self.zone
        if z == _Z_TABS:
            if key == boards.LEFT or key == boards.RIGHT:
                d = 1 if key == boards.RIGHT else -1
                self.tab = (self.tab + d) % self.ntabs
                self.show(self.loc_of(self.tab))
                self.zone = _Z_TABS
                self.draw_cursor()
                return True
            self.zone = _Z_PANEL if self.view == _SPACE or (key == boards.UP and self.nrows) \
                else _Z_WORLD
            if self.zone == _Z_PANEL:
                self.prow = self.nrows - 1 if key == boards.UP else 0
                self.pcol = 1
                self._panel_rows()
                self.draw_marks()
            else:
                self.tile = self.tile & 3 if key == boards.DOWN else 12 + (self.tile & 3)
        elif z == _Z_WORLD:
            self._world_step(key)
        else:
            self._panel_step(key)
        self.draw_cursor()
        return False

    def _world_step(self, key):
        g = self.g
        b = self.view * 16
        k = g.lab[b + self.tile]
        r = self.tile >> 2
        c = self.tile & 3
        dr = -1 if key == boards.UP else 1 if key == boards.DOWN else 0
        dc = -1 if key == boards.LEFT else 1 if key == boards.RIGHT else 0
        while True:
            r += dr
            c += dc
            if not (0 <= r < 4 and 0 <= c < 4):
                break
            if g.lab[b + r * 4 + c] != k:
                self.tile = r * 4 + c
                return
        if dr:
            self.zone = _Z_TABS
            self.tab = self.tab_of(self.view)
        elif self.nrows:
            self.zone = _Z_PANEL
            self.prow = min(self.ptop + max(0, (self.tile >> 2) - 1), self.nrows - 1)
            self.pcol = 1 if dc > 0 else self._last(self.prow)
            self._panel_rows()
            self.draw_marks()
        else:
            self.tile = (self.tile & 12) | (0 if dc > 0 else 3)

    def _last(self, r):
        c = 4
        while c > 1 and self.cells[r * 4 + c - 1] == 255:
            c -= 1
        return c

    def _panel_step(self, key):
        if key == boards.UP or key == boards.DOWN:
            r = self.prow + (1 if key == boards.DOWN else -1)
            if r < 0 or r >= self.nrows:
                self.zone = _Z_TABS
                self.tab = self.tab_of(self.view)
                return
            self.prow = r
            self.pcol = min(self.pcol, self._last(r))
            self._panel_rows()
            self.draw_marks()
            return
        c = self.pcol + (1 if key == boards.RIGHT else -1)
        if 1 <= c <= self._last(self.prow):
            self.pcol = c
        elif self.view != _SPACE:
            self.zone = _Z_WORLD
            row = min(3, self.prow - self.ptop + 1)
            self.tile = row * 4 + (0 if key == boards.RIGHT else 3)
        else:
            self.pcol = 1 if key == boards.RIGHT else self._last(self.prow)

    # -- what the cursor is on --------------------------------------------------------

    def info(self):
        """One line about what the cursor is on."""
        g = self.g
        t = self.terr()
        if t >= 0:
            w = self.view
            tile = words.tile_name(g.tfirst[w * 16 + t])
            e = words.ELEMENTS[g.telem[w * 16 + t]]
            v = g.piece(w, t)
            if not v:
                return L_EMPTY % (tile, e)
            q = words.LETTERS[(v >> 2) & 7]
            return (L_INVADER if v & _INVADER else L_PIECE) % (tile, e, q, words.SIZES[v & 3])
        i = self.ship()
        if i >= 0:
            s = g.sb[i]
            if s & 24:
                return L_MARINE % (words.ship(g, i), words.SIZES[(s >> 3) & 3])
            return L_SHIP % (words.ship(g, i), words.SIZES[s & 3], words.ship_kind(s & 4))
        if self.zone == _Z_TABS:
            return L_TABS
        return L_NO_SHIPS % words.place(g, self.view)
