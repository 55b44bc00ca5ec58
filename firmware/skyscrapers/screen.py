"""The Skyscrapers board screen, a view: 5x5 cells of 20 px (10 px sprites
at scale 2), the panel (score, plays, target, best), the message line, the
cursor and the plays menu of the piece under it (every cell a play of that
piece may reach is lit; the chosen one carries the cursor). Plays, reasons
and scores come from the engine; the app (skyscrapers/app.py) makes the
plays and the sounds.
"""

from array import array

import displayio
import terminalio
from micropython import const

from skyscrapers.engine import MAXPLAYS, SLIDE, STACK, SUIT_NAMES, N, cell_name
from skyscrapers.plays import play_from, play_kind, play_to
from skyscrapers.scoring import score
from ui import palette
from ui.text import Label, MessageLine

# The sprite sheet's layout (sprites.py draws it; see its docstring)
S = const(10)
COLS = const(10)
HOLE = const(0)
STACKS = const(25)
COIN = const(45)
BLANK = const(49)
PAWN = const(50)
HILITE = const(54)
PAWN_HL = const(55)
CURSOR = const(59)
NSPRITES = const(60)
# The signs' sheet (20x20, shown at scale 1 over the cells)
SIGN_TILE = const(1)    # + suit
SIGN_STACK = const(5)
SIGN_COIN = const(9)
SIGNS = const(13)

CELL = const(20)
PANEL_X = const(106)

# Texts on this screen (each fits its place with the longest names:
# tests/test_messages.py)
M_PICK = "%s %s (%d/%d); A play, B back"    # cell, play, i, n
P_STACK = "stack onto %s"                   # cell
P_SLIDE = "slide into the hole %s"          # cell
P_PAWN = "%s pawn to %s"                    # suit, cell
M_DONE_STACK = "%s stacked onto %s"         # cell, cell
M_DONE_SLIDE = "%s slid into the hole"      # cell
M_DONE_PAWN = "the %s pawn went to %s"      # suit, cell

PLAY = const(0)
CHOOSE = const(1)


class Screen:
    def __init__(self, sheet, game, best, signs):
        """``sheet``, ``signs``: (bitmap, palette) as sprites.py draws them."""
        self.game = game
        self.best = best
        bm, pal = sheet
        self.root = root = displayio.Group()
        board = displayio.Group(scale=2, x=2, y=2)
        self.grid = displayio.TileGrid(bm, pixel_shader=pal, width=5, height=5,
                                       tile_width=10, tile_height=10)
        board.append(self.grid)
        root.append(board)
        # The suits' signs at the screen's own pixels, over the cells and
        # under the pawns, highlights and cursor.
        sbm, spal = signs
        self.signs = displayio.TileGrid(sbm, pixel_shader=spal, width=5, height=5,
                                        tile_width=CELL, tile_height=CELL, x=2, y=2)
        root.append(self.signs)
        board = displayio.Group(scale=2, x=2, y=2)
        self.over = displayio.TileGrid(bm, pixel_shader=pal, width=5, height=5,
                                       tile_width=10, tile_height=10,
                                       default_tile=BLANK)
        self.cursor = displayio.TileGrid(bm, pixel_shader=pal, width=1, height=1,
                                         tile_width=10, tile_height=10,
                                         default_tile=CURSOR)
        board.append(self.over)
        board.append(self.cursor)
        root.append(board)
        self.panel = Label(terminalio.FONT, text=" ", color=palette.TEXT,
                           line_spacing=0.9, anchor_point=(0, 0),
                           anchored_position=(PANEL_X, 1))
        root.append(self.panel)
        self.msg = MessageLine(root, 2, 104, width=26, lines=2)
        self.buf = array("H", [0] * MAXPLAYS)
        self.lit = bytearray(N)
        self.cur = 12 - 5        # C4, next to the hole
        self.mode = PLAY
        self.plays = array("H", [0] * 16)
        self.nplays = 0
        self.pick = 0
        self.total = 0
        self.target = 0
        self.final = False       # the game is finished: its final score
        self._panel_text = ""

    # -- drawing ------------------------------------------------------------

    def draw_cells(self):
        g = self.game
        grid = self.grid
        signs = self.signs
        over = self.over
        lit = self.lit
        for c in range(N):
            x = c % 5
            y = c // 5
            v = cell_sprite(g, c)
            if grid[x, y] != v:
                grid[x, y] = v
            v = sign_sprite(g, c)
            if signs[x, y] != v:
                signs[x, y] = v
            v = over_sprite(g, c, lit[c])
            if over[x, y] != v:
                over[x, y] = v

    def place_cursor(self):
        self.cursor.x = (self.cur % 5) * 10
        self.cursor.y = (self.cur // 5) * 10

    def draw_panel(self):
        g = self.game
        self.total = score(g).total
        best = "-" if self.best is None else str(self.best)
        t = "%s\n%4d\nplays\n%4d\ntarget\n%4d\nbest\n%4s\n%s" % (
            "final" if self.final else "score", self.total, g.nplays, self.target, best,
            cell_name(self.cur))
        if t != self._panel_text:
            self._panel_text = t
            self.panel.text = t

    def redraw(self):
        self.draw_cells()
        self.place_cursor()
        self.draw_panel()

    def say(self, text, color=palette.TEXT):
        self.msg.show(text, color)

    # -- cursor and plays ------------------------------------------------------

    def neighbour(self, d):
        """The cell next to the cursor in direction d (0 up, 1 down, 2 left,
        3 right: boards' key numbers), wrapping around the board's edge,
        and whether it wrapped."""
        x = self.cur % 5
        y = self.cur // 5
        nx = x + (-1 if d == 2 else 1 if d == 3 else 0)
        ny = y + (-1 if d == 0 else 1 if d == 1 else 0)
        wrapped = not (0 <= nx < 5 and 0 <= ny < 5)
        return (ny % 5) * 5 + nx % 5, wrapped

    def move_cursor(self, d, repeat=False):
        """One step; it wraps around the board's edges, except when the
        button is held (auto-repeat stops at the edge)."""
        c, wrapped = self.neighbour(d)
        if repeat and wrapped:
            return False
        self.cur = c
        self.place_cursor()
        self.draw_panel()
        return True

    def open_plays(self):
        """The plays of the piece under the cursor: light their cells and
        enter CHOOSE; or say why there is none. Returns True if any."""
        g = self.game
        n = g.legal(self.buf, self.cur)
        if n == 0:
            self.msg.warn(g.why_stuck(self.cur))
            return False
        if n > len(self.plays):
            n = len(self.plays)
        for i in range(n):
            self.plays[i] = self.buf[i]
            self.lit[play_to(self.buf[i])] = 1
        self.nplays = n
        self.pick = 0
        self.home = self.cur
        self.mode = CHOOSE
        self.draw_cells()
        self.show_pick()
        return True

    def play_words(self, m):
        """What play m will do, before it is made."""
        k = play_kind(m)
        b = cell_name(play_to(m))
        if k == STACK:
            return P_STACK % b
        if k == SLIDE:
            return P_SLIDE % b
        return P_PAWN % (SUIT_NAMES[self.game.pawn[play_from(m)] - 1], b)

    def done_words(self, m, suit):
        """What play m did (``suit``: the pawn's, for a pawn move)."""
        k = play_kind(m)
        a = cell_name(play_from(m))
        if k == STACK:
            return M_DONE_STACK % (a, cell_name(play_to(m)))
        if k == SLIDE:
            return M_DONE_SLIDE % a
        return M_DONE_PAWN % (SUIT_NAMES[suit], cell_name(play_to(m)))

    def show_pick(self):
        m = self.plays[self.pick]
        self.cur = play_to(m)
        self.place_cursor()
        self.draw_panel()
        self.say(M_PICK % (cell_name(self.home), self.play_words(m), self.pick + 1,
                           self.nplays), palette.GOOD)

    def next_pick(self, d):
        self.pick = (self.pick + d) % self.nplays
        self.show_pick()

    def close_plays(self, to_home=True):
        for c in range(N):
            self.lit[c] = 0
        self.mode = PLAY
        if to_home:
            self.cur = self.home
        self.draw_cells()
        self.place_cursor()
        self.draw_panel()

    def chosen(self):
        return self.plays[self.pick]


def cell_sprite(game, c):
    h = game.height[c]
    if h == 1:
        return 1 + game.top[c]
    if h >= 2:
        return STACKS + (game.top[c] // 6) * 5 + (h if h < 6 else 6) - 2
    if game.coin[c]:
        return COIN + game.coin[c] - 1
    return HOLE


def sign_sprite(game, c):
    """The sign on cell c (the signs' sheet): its top tile's suit on a tile
    or stack, the coin's suit, or none."""
    h = game.height[c]
    if h:
        return (SIGN_TILE if h == 1 else SIGN_STACK) + game.top[c] // 6
    if game.coin[c]:
        return SIGN_COIN + game.coin[c] - 1
    return 0


def over_sprite(game, c, lit):
    p = game.pawn[c]
    if p:
        return (PAWN_HL if lit else PAWN) + p - 1
    return HILITE if lit else BLANK
