"""The Alheimur play screen: one world at a time, its orbit beside it, a
tab per world, the phase, the message lines. It draws what the engine says
(pieces, ships, what is lit, who would die, the dice) and never changes the
game: the app (alheimur/app.py) and whoever decides (human.py, computer.py)
make the moves, the sounds and the lights. Its displayio objects are made
by sprites.py; what it draws for a piece or a ship is chosen here
(``draw_world``, ``_panel_rows``: the sheets' sprites).

    tabs (a box per world in its owner's colour, S space)    turn
    world: 4x4 tiles of 20 px       | status (who decides what)
    territories outlined, a pyramid | orbit: a row per player, its
    in each occupied one (upright   | letter box, then its ships
    colonist, lying invader, size   | (16 px: a transport's hull or a
    by height, owner by colour and  | fighter's dart, its pips, a
    letter)                         | marine's pyramids on the hull)
    message: three lines of 26 characters (the last one the keys)

While a shot's dice roll (``roll``) they stand where the world is, the
attack's above the defence's, large; the world comes back with the next
move.

The screen is the one owner of what it shows, the cursor included:
whoever decides asks it through its methods and never writes its
members. The cursor (``zone``, ``tile``, ``prow``/``pcol``, ``tab``) is on a
territory of the world shown, on a ship of the orbit (or of space), or on
the tabs; ``point`` and ``put_on`` put it there (a computer's move and the
shows put it on what they are about), ``spot`` and ``terr`` say what it
is on. A human's decision also asks ``step`` (a
d-pad press), ``light`` (what its legal actions move: yellow outlines,
``lw``, ``ls``, ``ltab``; the cursor put on one of them) and ``say`` with
its ``keys`` (the message with the keys' line): their code is alheimur/cursor.py, loaded for them and dropped
while a computer decides. White (thick): the cursor; cyan (``mark``): where
the choice being made puts its piece; grey pieces rimmed in red (``show``'s
``doomed``): about to die.
"""

from array import array

from micropython import const

from alheimur import actions  # the codec (one global here: the screen stays loaded)
from ui import palette

# consts from alheimur.actions, alheimur.layout, alheimur.sprites (tools/consts.py; do not edit)
_ICON = const(12)
_PIECE = const(18)
_PX = const(78)
_ROWS = const(4)
_ROW_Y = const(26)
_SHIP = const(16)
_SHIP_LETTER = const(13)
_SPACE = const(8)
_TILE = const(20)
_WY = const(12)
_Z_PANEL = const(1)
_Z_TABS = const(2)
_Z_WORLD = const(0)
# end consts


class Screen:
    def __init__(self, game):
        # The displayio objects are made by sprites.py: the app drops that
        # module once the screen is drawn, so the making stays not loaded.
        from alheimur import sprites
        self.g = game
        self.ntabs = game.nworlds() + 1
        (self.root, self.tlit, self.tview, self.tcur, self.turn,
         self.tiles, self.bord, self.lit, self.labels, self.pals, self.doomed_pal, self.pg,
         self.cur, self.status, self.rows, self.plit, self.pcur,
         self.msg, self.ship_tile) = sprites.make(game)
        self.view = 0                     # the world shown (SPACE: space)
        self.zone = _Z_WORLD
        self.tile = 5                     # the cursor's tile (world)
        self.prow = 0                     # .. orbit row and column (1-4)
        self.pcol = 1
        self.tab = 0                      # .. tab
        self.ptop = 0                     # first orbit row shown
        # per orbit row its 4 ships: a player has 15 pyramids, so at most 15
        # ships, 4 rows, in one place; 32 rows for 8 players
        self.cells = bytearray(b"\xff" * 128)
        self.nrows = 0
        self.lw = array("H", bytes(18))   # per world, territories lit
        self.ls = array("H", bytes(16))  # ships lit: slot i is bit i & 15 of ls[i >> 4]
        self.ltab = 0                     # tabs lit
        self.doomed = 0                   # territories shown dying (this world)
        self.dtile = -1                   # the choice's territory and ship
        self.dship = -1
        # the choice's cyan outlines (world, ship, tab): made by
        # alheimur/cursor.py's mark while a choice is shown, else none
        self.dest = self.pdest = self.tdest = None
        self.dice = None                  # a shot's dice where the world is (shot.py's)

    # -- places -------------------------------------------------------------------

    def tab_of(self, loc):
        return self.ntabs - 1 if loc == _SPACE else loc

    def loc_of(self, tab):
        return _SPACE if tab == self.ntabs - 1 else tab

    def terr(self):
        """The territory under the cursor on the world shown (-1: none)."""
        if self.view == _SPACE or self.zone != _Z_WORLD:
            return -1
        return self.g.terr_at(self.view, self.tile)

    def spot(self):
        """What the cursor is on: the engine's spot of a territory or a
        ship (legal's ``at``), -2 - loc on the tab of place loc (as
        ``put_on`` takes them), -1 nothing (alheimur/cursor.py)."""
        from alheimur import cursor
        return cursor.spot(self)

    # -- what the legal actions move, where to look --------------------------------

    def unlit(self):
        """Nothing lit, no choice outlined (a computer decides, or nobody; a
        human's turn lights its choices)."""
        lw = self.lw
        for w in range(9):
            lw[w] = 0
        ls = self.ls
        for i in range(8):
            ls[i] = 0
        self.ltab = 0
        if self.dest is not None:
            self.mark()

    def mark(self, t=-1, i=-1, tab=-1):
        """Outline in cyan where the choice being made puts its piece:
        territory t of the world shown, ship i, or tab ``tab`` (-1: none;
        alheimur/cursor.py: a human's choice, a shot's target)."""
        from alheimur import cursor
        cursor.mark(self, t, i, tab)

    # -- a human's decision (alheimur/cursor.py: its code, loaded for it) ----------

    def step(self, key):
        """A d-pad press moves the cursor."""
        from alheimur import cursor
        cursor.step(self, key)

    def light(self, n, seek=True):
        """Light what the decision point's n legal actions move (g.sbuf);
        ``seek``: the cursor on one of them."""
        from alheimur import cursor
        cursor.light(self, n, seek)

    def put_on(self, where):
        """Show and point at a spot (actions.spot, actions.ship_spot) or a
        place (-2 - loc: its tab)."""
        g = self.g
        if where <= -2:
            loc = -2 - where
            if loc != self.view:
                self.show(loc)
            self.point(_Z_TABS, self.tab_of(loc))
        elif where >= 128:
            i = actions.spot_ship(where)
            loc = actions.ship_place(g.sl[i])
            if loc != self.view:
                self.show(loc)
            for r in range(self.nrows):
                for c in range(4):
                    if self.cells[r * 4 + c] == i:
                        self.point(_Z_PANEL, r, c + 1)
        elif where >= 0:
            w = actions.spot_world(where)
            if w != self.view:
                self.show(w)
            self.point(_Z_WORLD, g.tfirst[w * 16 + actions.spot_terr(where)])
        self.draw_cursor()

    def point(self, zone, i, col=1):
        """The cursor on tile i of the world shown (Z_WORLD), on ship
        column ``col`` (1-4) of orbit row i (Z_PANEL, the rows scrolled to
        show it), or on tab i (Z_TABS)."""
        self.zone = zone
        if zone == _Z_WORLD:
            self.tile = i
        elif zone == _Z_PANEL:
            self.prow = i
            self.pcol = col
            self._panel_rows()
            self.draw_marks()
        else:
            self.tab = i
        self.draw_cursor()

    # -- drawing ------------------------------------------------------------------

    def show(self, loc, doomed=0):
        """Show world (or space) ``loc``; ``doomed``: the territories there
        whose pyramids are about to die."""
        self.view = loc
        self.doomed = doomed
        self.ptop = 0
        if loc == _SPACE and self.zone == _Z_WORLD:
            self.zone = _Z_PANEL
        self.draw_world()
        self.draw_panel()
        self.draw_marks()
        self.draw_cursor()

    def roll(self, dice=None):
        """``dice`` (a shot's grid of them: alheimur/shot.py makes it for
        the shot, so that no other moment holds them) stand where the
        world is; None: the world again."""
        if dice is None and self.dice is None:
            return
        if self.dice is not None:
            self.root.remove(self.dice)
        self.dice = dice
        if dice is not None:
            self.root.append(dice)
        self.show(self.view)

    def draw_world(self):
        g = self.g
        w = self.view
        off = w == _SPACE or self.dice is not None
        for t in (self.tiles, self.bord, self.lit, self.labels, self.dest, self.cur):
            if t is not None:
                hide(t, off)
        pg = self.pg
        if off:
            for t in pg:
                hide(t, True)
            return
        b = w * 16
        lab = g.lab
        n = g.nterr[w]
        x0 = bytearray(b"\x04" * 16)
        y0 = bytearray(b"\x04" * 16)
        x1 = bytearray(16)
        y1 = bytearray(16)
        for tile in range(16):
            k = lab[b + tile]
            put(self.tiles, tile, g.telem[b + k])
            put(self.bord, tile, self._mask(tile, k))
            r = tile >> 2
            c = tile & 3
            x0[k] = min(x0[k], c)
            x1[k] = max(x1[k], c)
            y0[k] = min(y0[k], r)
            y1[k] = max(y1[k], r)
        for k in range(16):
            t = pg[k]
            v = g.piece(w, k) if k < n else 0
            if not v:
                hide(t, True)
                continue
            t.x = (x0[k] + x1[k] + 1) * _TILE // 2 - _PIECE // 2
            t.y = _WY + (y0[k] + y1[k] + 1) * _TILE // 2 - _PIECE // 2
            q = actions.owner(v)
            put(t, 0, q * 6 + actions.pips(v) - 1 + (3 if actions.invader(v) else 0))
            shade(t, self.doomed_pal if self.doomed >> k & 1 else self.pals[q])
            hide(t, False)

    def _mask(self, tile, k):
        """Edges of ``tile`` where territory k ends (1 N, 2 E, 4 S, 8 W)."""
        lab = self.g.lab
        b = self.view * 16
        r = tile >> 2
        c = tile & 3
        m = 0
        if r == 0 or lab[b + tile - 4] != k:
            m |= 1
        if c == 3 or lab[b + tile + 1] != k:
            m |= 2
        if r == 3 or lab[b + tile + 4] != k:
            m |= 4
        if c == 0 or lab[b + tile - 1] != k:
            m |= 8
        return m

    def draw_panel(self):
        """The ships of the place shown: a row per player (more rows when
        more than four), the player's letter box first."""
        g = self.g
        cells = self.cells
        for i in range(128):
            cells[i] = 255
        r = 0
        for q in range(g.nplayers()):
            k = 0
            want = actions.ship_loc(self.view, q)
            for i in range(g.ship_top()):
                if g.sl[i] == want and r < 32:
                    cells[r * 4 + k] = i
                    k += 1
                    if k == 4:
                        k = 0
                        r += 1
            if k:
                r += 1
        self.nrows = r
        if self.prow >= r:
            self.prow = max(0, r - 1)
        self._panel_rows()

    def _panel_rows(self):
        g = self.g
        if self.prow < self.ptop:
            self.ptop = self.prow
        elif self.prow >= self.ptop + _ROWS:
            self.ptop = self.prow - _ROWS + 1
        for j in range(_ROWS):
            r = self.ptop + j
            row = self.rows[j]
            if r >= self.nrows:
                hide(row, True)
                continue
            q = actions.ship_owner(g.sl[self.cells[r * 4]])
            shade(row, self.pals[q])
            put(row, 0, _SHIP_LETTER + q)
            for c in range(4):
                i = self.cells[r * 4 + c]
                put(row, c + 1, 0 if i == 255 else self.ship_tile[actions.ship_form(g.sb[i])])
            hide(row, False)

    def draw_marks(self):
        """The yellow outlines (what legal actions move), the choice."""
        w = self.view
        lit = self.lw[w] if w != _SPACE else 0
        d = self.dest
        if w != _SPACE:
            for tile in range(16):
                k = self.g.lab[w * 16 + tile]
                put(self.lit, tile, self._mask(tile, k) if lit >> k & 1 else 0)
                if d is not None:
                    put(d, tile, 16 + self._mask(tile, k) if k == self.dtile else 0)
        dest = False
        pd = self.pdest              # (None: no choice shown, nothing of it is outlined)
        for j in range(_ROWS):
            r = self.ptop + j
            for c in range(4):
                i = self.cells[r * 4 + c] if r < self.nrows else 255
                put(self.plit, (c + 1, j), 1 if i != 255 and self.ls[i >> 4] >> (i & 15) & 1 else 0)
                if i != 255 and i == self.dship and pd is not None:
                    dest = True
                    pd.x = _PX + (c + 1) * _SHIP
                    pd.y = _ROW_Y + j * _SHIP
        if pd is not None:
            hide(pd, not dest)
        for t in range(self.ntabs):
            put(self.tlit, t, 1 if self.ltab >> t & 1 else 0)
        self.tview.x = self.tab_of(w) * _ICON

    def draw_cursor(self):
        z = self.zone
        k = self.terr() if z == _Z_WORLD else -1
        if self.view != _SPACE:
            for tile in range(16):
                kk = self.g.lab[self.view * 16 + tile]
                put(self.cur, tile, 16 + self._mask(tile, kk) if kk == k else 0)
        hide(self.pcur, z != _Z_PANEL or self.nrows == 0)
        if not self.pcur.hidden:
            self.pcur.x = _PX + self.pcol * _SHIP
            self.pcur.y = _ROW_Y + (self.prow - self.ptop) * _SHIP
        hide(self.tcur, z != _Z_TABS)
        self.tcur.x = self.tab * _ICON

    def set_status(self, turn, turn_colour, status, colour):
        """The turn (top right) and the decision point (panel)."""
        for lab, t, c in ((self.turn, turn, turn_colour), (self.status, status, colour)):
            if lab.color != c:
                lab.color = c
            if lab.text != t:
                lab.text = t

    def say(self, text, colour=palette.TEXT, keys=None):
        """Three lines of text (wrapped); with ``keys``, the text on two and
        what the keys do on the last (a human's decision:
        alheimur/cursor.py; each fits: tests/test_messages.py)."""
        if keys is None:
            self.msg.show(text, colour)
        else:
            from alheimur import cursor
            cursor.say2(self, text, keys, colour)


def put(grid, i, v):
    """grid[i] = v, only when it changes (a write marks the cell for the
    next refresh even when the value is the same)."""
    if grid[i] != v:
        grid[i] = v


def hide(t, h):
    if t.hidden != h:
        t.hidden = h


def shade(t, pal):
    if t.pixel_shader is not pal:
        t.pixel_shader = pal
