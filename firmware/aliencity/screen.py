"""The Alien City board screen, a view: the city, the side panel, the
message line, the cursor and the selected piece. It draws what the engine
says (legal lots, claimable towers, distances, scores) and never changes
the game: the app (aliencity/app.py) makes the moves and the sounds.

    board (80x100, left)     panel (right)
                             F4          P2     lot name, who is to move
                             P2 builds          what happens now
                             [7 pieces]         the frame: selected piece
                             [7 counts]         pieces left (of the player
                                                who builds or claims)
                             score  P1  P2
                             now    39  40      the score if it ended now
                             caps    3   2      (at the end: "final")
    message line (two lines of 26 characters): prompts and reasons

Drawing: one TileGrid for the 80 lots (sprites.py), a 1-bit overlay for
tile borders, an overlay for the yellow frames (legal lots, claimable
towers), the classic tile values (each in the middle of one lot of its
tile: the ring lot while it is empty, else another empty lot, so neither
a ring nor a frame covers it), a one-cell TileGrid for the cursor; only
the cells that change are written, and the display refreshes once per
change.
"""


import displayio
import terminalio
from micropython import const

import boards
from aliencity import scoring
from aliencity.engine import OVER
from aliencity.geometry import COLOUR_NAMES, LOT_TILE, NKINDS, NLOTS, PLAYER_WORDS, TILE_LOTS
from aliencity.moves import lot_name, piece_name
from ui import palette
from ui.text import Label, MessageLine

# consts from aliencity.geometry (tools/consts.py; do not edit)
_NONE = const(255)
# end consts

# The sprite sheet's layout (sprites.py draws it; see its docstring)
S = const(10)          # sprite size (one lot)
COLS = const(17)       # sprites per sheet row
PER_TILE = const(15)
EMPTY = const(0)
ICON = const(1)
TOWER = const(2)
CAP_P1 = const(5)
CAP_P2 = const(8)
DOME = const(11)
DIGIT = const(60)
FAR = const(90)
CURSOR = const(91)
BIG = const(92)
NSPRITES = const(102)

BOARD_W = const(80)
BOARD_H = const(100)
PANEL_X = const(82)
PIECES_X = const(82)
PIECES_Y = const(38)
TABLE_Y = const(62)

SELECTED = const(2)     # the frames' plain white frame round the panel's selection
                        # (2 its top half, 3 its bottom half)

# What the board shows (the app sets it)
PLAY = const(0)        # legal lots of the selected piece framed
CLAIMING = const(1)    # claimable towers framed
DISTANCE = const(2)    # street distances from the cursor's structure

# Texts on this screen (each fits its place with the longest names:
# tests/test_messages.py)
M_PROMPT = "A build %s, B/Select other piece"       # piece
M_CLAIM = "cap %s %s for %d points? A yes, B no"   # piece, lot, pts
M_DIST = "%s %s: %d customers x %d = %d"            # piece, lot, cust, dist, pts
M_DIST_FROM = "distances from the %s on %s"          # piece, lot
M_DIST_NONE = "distances: put the cursor on a structure"
S_BUILDS = "%s builds"                              # player
S_CLAIMS = "%s claims?"                             # player
S_DIST = "distances"
T_TABLE = "score  P1  P2\n%s%3d %3d\ncaps  %3d %3d"   # when, scores, caps left
T_NOW = "now   "                                    # the score if the game ended now
T_FINAL = "final "                                  # the game is over
# While a tower may be capped the table says what its points are made of,
# in words (the bare "0 x 79" left the 79, empty lots + 1, to the rules).
T_CLAIM = "%d customers\nx %d lots to\n%s %s"   # cust, dist, colour, lot of the nearest tower of its colour
T_CLAIM_FAR = "%d customers\nx (%d empty\nlots + 1)"   # cust, empty lots: no other tower of its colour


def player_colour(p):
    return palette.P1_TEXT if p == 0 else palette.P2_TEXT


class Screen:
    """The board screen of one game. ``seats``: per player, None for a
    human or an AI level name."""

    def __init__(self, art, game, seats):
        """``art``: (sheet, frames, values) as sprites.py draws them
        (values None unless the classic rules)."""
        self.game = game
        self.seats = seats
        (bm, pal), frames, values = art
        self.root = root = displayio.Group()
        self.grid = displayio.TileGrid(bm, pixel_shader=pal, width=8, height=10,
                                       tile_width=S, tile_height=S)
        root.append(self.grid)
        root.append(_borders())
        fbm, fpal = frames
        self.frames = displayio.TileGrid(fbm, pixel_shader=fpal, width=8, height=10,
                                         tile_width=S, tile_height=S)
        root.append(self.frames)
        self.values = None
        if values is not None:
            vbm, vpal = values
            self.values = displayio.TileGrid(vbm, pixel_shader=vpal, width=8, height=10,
                                             tile_width=S, tile_height=S)
            root.append(self.values)
        self.cursor = displayio.TileGrid(bm, pixel_shader=pal, width=1, height=1,
                                         tile_width=S, tile_height=S,
                                         default_tile=CURSOR)
        root.append(self.cursor)
        # Panel
        self.name = _label(root, PANEL_X, 0, 2, palette.TEXT)
        self.turn = _label(root, 159, 0, 2, palette.P1_TEXT, anchor=(1, 0))
        self.state = _label(root, PANEL_X, 25, 1, palette.TEXT)
        self.pieces = displayio.TileGrid(bm, pixel_shader=pal, width=NKINDS, height=1,
                                         tile_width=S, tile_height=S, x=PIECES_X,
                                         y=PIECES_Y)
        for k in range(NKINDS):
            self.pieces[k] = lot_sprite(3, k, -1, False)
        root.append(self.pieces)
        self.counts = displayio.TileGrid(bm, pixel_shader=pal, width=NKINDS, height=1,
                                         tile_width=S, tile_height=S, x=PIECES_X,
                                         y=PIECES_Y + S)
        root.append(self.counts)
        # The selected piece and its count: a plain frame (the board
        # cursor's corner dots would touch the digit).
        self.selector = displayio.TileGrid(fbm, pixel_shader=fpal, width=1, height=2,
                                           tile_width=S, tile_height=S,
                                           default_tile=SELECTED, y=PIECES_Y)
        self.selector[0, 1] = SELECTED + 1
        root.append(self.selector)
        # The table: who, caps left, the score if the game ended now.
        self.table = Label(terminalio.FONT, text=" ", color=palette.TEXT, line_spacing=1.0,
                           anchor_point=(0, 0), anchored_position=(PANEL_X, TABLE_Y))
        root.append(self.table)
        self.msg = MessageLine(root, 2, 102, width=26, lines=2)
        # State
        self.shown = bytearray(b"\xff" * NLOTS)  # sprite on each cell
        self.framed = bytearray(NLOTS)         # frame shown on each cell
        self.legal = bytearray(NLOTS)          # 1 where the selection may go
        self.sdist = bytearray(NLOTS)
        self.queue = bytearray(NLOTS)
        self.street = bytearray(b"\xff" * NLOTS)  # distance view: per street lot
        self.cur = 4 * 8 + 3                  # D6
        self.kind = 0
        self.mode = PLAY
        self.claims = bytearray(NLOTS)        # claimable towers (claim mode)
        self.place_cursor()

    # -- drawing ----------------------------------------------------------------

    def set_text(self, label, text, color=None):
        if color is not None and label.color != color:
            label.color = color
        if label.text != text:
            label.text = text

    def place_cursor(self):
        self.cursor.x = (self.cur & 7) * S
        self.cursor.y = (self.cur >> 3) * S
        # Always 3 characters ("D6 ", "D10"): the label keeps one size, so a
        # move refreshes one fixed rectangle (36x24 px), not the old and the
        # new one.
        self.set_text(self.name, "%-3s" % lot_name(self.cur))

    def draw_lots(self):
        """Write the sprite and the frame of every lot whose look changed."""
        g = self.game
        tcol = g.tcol
        icon = g.icon_lot
        dist = self.mode == DISTANCE and g.kind_at(self.cur) >= 0
        low = self.street  # street lots' distances (show_distance)
        lit = self.claims if self.mode == CLAIMING else self.legal
        show_lit = self.mode != DISTANCE
        for v in range(NLOTS):
            t = LOT_TILE[v]
            k = g.kind_at(v)
            if dist and k < 0 and low[v] != 255:
                d = low[v]
                spr = DIGIT + d if d < 30 else FAR
            else:
                spr = lot_sprite(tcol[t], k, g.owner_at(v), icon[t] == v)
            if self.shown[v] != spr:
                self.shown[v] = spr
                self.grid[v] = spr
            f = 1 if lit[v] and show_lit else 0
            if self.framed[v] != f:
                self.framed[v] = f
                self.frames[v] = f
        self.draw_values()

    def draw_values(self):
        """Each classic tile's value in the middle of one of its lots: the
        ring lot while it is empty, else the first empty lot, else (a full
        tile) the ring lot's structure; hidden in the distance view, whose
        digits are on the lots."""
        g = self.game
        grid = self.values
        if grid is None:             # standalone rules: no values
            return
        grid.hidden = self.mode == DISTANCE
        for t in range(20):
            at = g.icon_lot[t]
            if g.kind_at(at) >= 0:
                for i in range(4):
                    if g.kind_at(TILE_LOTS[t * 4 + i]) < 0:
                        at = TILE_LOTS[t * 4 + i]
                        break
            for i in range(4):
                v = TILE_LOTS[t * 4 + i]
                want = g.tval[t] + 1 if v == at else 0
                if grid[v] != want:
                    grid[v] = want

    def update_legal(self):
        """Mark the lots where the selected piece may go (the engine's
        may_build)."""
        g = self.game
        leg = self.legal
        mine = g.to_move != OVER and self.seats[g.to_move] is None
        k = self.kind
        for v in range(NLOTS):
            leg[v] = 1 if mine and g.may_build(k, v) else 0

    def draw_panel(self, p=-1):
        """Who is to move (or ``p``, who claims), their pieces left, the
        score now (final at the end) and the caps left."""
        g = self.game
        if p < 0:
            p = g.to_move
        if p == OVER:
            self.set_text(self.turn, "--", palette.DIM)
        else:
            self.set_text(self.turn, PLAYER_WORDS[p], player_colour(p))
            for k in range(NKINDS):
                want = count_sprite(g.supply[p * NKINDS + k])
                if self.counts[k] != want:
                    self.counts[k] = want
        self.selector.hidden = p == OVER or self.seats[p] is not None
        self.selector.x = PIECES_X + self.kind * S
        sc = scoring.score(g, self.sdist, self.queue)
        self.set_text(self.table, T_TABLE % (T_FINAL if g.to_move == OVER else T_NOW,
                                             sc.totals[0], sc.totals[1], g.caps[0], g.caps[1]))
        sc = None

    def say(self, text, color=palette.TEXT):
        self.msg.show(text, color)

    def show_state(self, text, color=palette.TEXT):
        self.set_text(self.state, text, color)

    def redraw(self):
        """Everything after a position change."""
        self.update_legal()
        self.draw_lots()
        self.draw_panel()

    # -- selecting ----------------------------------------------------------------

    def first_kind(self):
        """Keep the selected kind if the player has one left, else the next."""
        g = self.game
        p = g.to_move
        if p == OVER:
            return
        for i in range(NKINDS):
            k = (self.kind + i) % NKINDS
            if g.supply[p * NKINDS + k]:
                self.kind = k
                return

    def next_kind(self, d=1):
        """The next (d 1) or previous (d -1) piece the player has left."""
        g = self.game
        p = g.to_move
        for i in range(1, NKINDS + 1):
            k = (self.kind + d * i) % NKINDS
            if g.supply[p * NKINDS + k]:
                self.kind = k
                return

    def human_prompt(self):
        p = self.game.to_move
        self.show_state(S_BUILDS % PLAYER_WORDS[p], player_colour(p))
        self.say(M_PROMPT % piece_name(self.kind), palette.DIM)

    # -- cursor and claims -----------------------------------------------------

    def move_cursor(self, key, repeat=False):
        """One step; it wraps around the board's edges, except when the
        button is held (auto-repeat stops at the edge)."""
        v = self.cur
        x = v & 7
        y = v >> 3
        dx = -1 if key == boards.LEFT else 1 if key == boards.RIGHT else 0
        dy = -1 if key == boards.UP else 1 if key == boards.DOWN else 0
        if repeat and not (0 <= x + dx < 8 and 0 <= y + dy < 10):
            return False
        self.cur = (y + dy) % 10 * 8 + (x + dx) % 8
        self.place_cursor()
        return True

    def nearest_legal(self):
        """The lot where the selected piece may go nearest the cursor on
        the board (columns plus rows apart: no wrapping round the edges,
        so the cursor never jumps across the city), first in reading order
        from the cursor on a tie; -1 if none."""
        best = -1
        best_d = 99
        x0 = self.cur & 7
        y0 = self.cur >> 3
        for i in range(NLOTS):
            v = (self.cur + i) % NLOTS
            if self.legal[v]:
                d = abs((v & 7) - x0) + abs((v >> 3) - y0)
                if d < best_d:
                    best = v
                    best_d = d
        return best

    def to_legal(self):
        """Put the cursor on the nearest lot where the selected piece may
        go, unless it is on one (a new turn, another piece: the cursor
        waits where a build can be made)."""
        if not self.legal[self.cur]:
            v = self.nearest_legal()
            if v >= 0:
                self.cur = v
                self.place_cursor()

    def open_claims(self, p):
        """Frame the towers player p may cap now (the engine's claimable)
        and put the cursor on one; False (nothing changes) if none."""
        g = self.game
        if not g.claiming():
            return False
        n = 0
        for v in range(NLOTS):
            ok = g.claimable(v)
            self.claims[v] = ok
            n += ok
        if not n:
            return False
        self.mode = CLAIMING
        self.draw_lots()
        self.draw_panel(p)
        self.show_state(S_CLAIMS % PLAYER_WORDS[p], palette.TITLE)
        self.selector.hidden = True
        if not self.claims[self.cur]:
            self.next_claim(1)
        else:
            self.claim_prompt()
        return True

    def next_claim(self, d):
        v = self.cur
        for _i in range(NLOTS):
            v = (v + d) % NLOTS
            if self.claims[v]:
                self.cur = v
                self.place_cursor()
                self.claim_prompt()
                return

    def claim_prompt(self):
        """What capping the tower under the cursor is worth now: its points
        on the message line, what they are made of on the panel's table
        (the scores come back with the next redraw)."""
        t = scoring.tower(self.game, self.cur, self.sdist, self.queue)
        if t.rival != _NONE:
            why = T_CLAIM % (t.customers, t.distance, COLOUR_NAMES[t.colour], lot_name(t.rival))
        else:
            why = T_CLAIM_FAR % (t.customers, t.distance - 1)
        self.set_text(self.table, why)
        self.say(M_CLAIM % (piece_name(self.game.kind_at(self.cur)), lot_name(self.cur),
                            t.points), palette.TITLE)

    def close_claims(self):
        self.mode = PLAY

    def toggle_distance(self):
        """Into the distance view (from PLAY or CLAIMING) and out again,
        back to the mode it came from."""
        if self.mode == DISTANCE:
            self.mode = self.before
            self.say("")
        else:
            self.before = self.mode
            self.mode = DISTANCE
        self.show_distance()

    def show_distance(self):
        g = self.game
        if self.mode == DISTANCE:
            v = self.cur
            if g.kind_at(v) >= 0:
                self.say(self.describe_distance(v), palette.TITLE)
                g.distances(v, self.sdist, self.queue, self.street)
            else:
                self.say(M_DIST_NONE, palette.TITLE)
            self.show_state(S_DIST, palette.TITLE)
        self.draw_lots()

    def describe_distance(self, v):
        g = self.game
        k = g.kind_at(v)
        if k >= 3:
            return M_DIST_FROM % (piece_name(k), lot_name(v))
        t = scoring.tower(g, v, self.sdist, self.queue)
        return M_DIST % (piece_name(k), lot_name(v), t.customers, t.distance, t.points)


def count_sprite(n):
    """A digit 0-9 in the built-in font (the panel's piece counts)."""
    return BIG + n


def lot_sprite(tcol, kind, owner, icon):
    """Sprite for a lot: tile colour, the structure's kind (-1 empty) and
    its cap's owner (-1 none, 0 P1, 1 P2), icon lot?"""
    base = tcol * PER_TILE
    if kind < 0:
        return base + (ICON if icon else EMPTY)
    if kind >= 3:
        return base + DOME + kind - 3
    if owner == 0:
        return base + CAP_P1 + kind
    if owner == 1:
        return base + CAP_P2 + kind
    return base + TOWER + kind


def _label(group, x, y, scale, color, anchor=(0, 0)):
    lab = Label(terminalio.FONT, text=" ", color=color, scale=scale,
                anchor_point=anchor, anchored_position=(x, y))
    group.append(lab)
    return lab


def _borders():
    """Tile borders: one 20x20 1-bit tile (a line on its top and left
    edges) repeated over the 4x5 tiles, so about 60 bytes of bitmap."""
    bm = displayio.Bitmap(2 * S, 2 * S, 2)
    pal = displayio.Palette(2)
    pal[1] = 0x000000
    pal.make_transparent(0)
    for i in range(2 * S):
        bm[i, 0] = 1
        bm[0, i] = 1
    return displayio.TileGrid(bm, pixel_shader=pal, width=BOARD_W // (2 * S),
                              height=BOARD_H // (2 * S), tile_width=2 * S,
                              tile_height=2 * S)
