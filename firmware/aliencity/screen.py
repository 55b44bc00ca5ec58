"""The Alien City board screen: the city, the side panel, the message line,
and the buttons turned into engine moves. It never decides a rule: legal
lots, reasons, claims and scores all come from the engine.

    d-pad    move the cursor (lot name top right)
    A        build the selected piece on the cursor's lot
    B        next piece (the frame in the panel)
    Select   distance view: street distances from the cursor's structure
    Start    pause menu (undo, hint, rules, restart, quit)

Drawing: one TileGrid for the 80 lots (sprites.py), a 1-bit overlay for
tile borders, a one-cell TileGrid for the cursor; only the cells whose
sprite changes are written, and the display refreshes once per change.
"""

from array import array

import displayio
import terminalio
from micropython import const

import boards
from aliencity import scoring, sprites
from aliencity.engine import MAX_MOVES, OVER, move_kind, move_lot
from aliencity.geometry import (
    KIND_NAMES,
    LOT_TILE,
    NKINDS,
    NLOTS,
    PLAYER_NAMES,
    lot_name,
    piece_name,
)
from ui import palette
from ui.message import MessageLine
from ui.text import Label

S = const(10)
BOARD_W = const(80)
BOARD_H = const(100)
PANEL_X = const(82)
PIECES_X = const(90)
PIECES_Y = const(38)

# What the board shows (the app sets it)
PLAY = const(0)        # legal lots of the selected piece framed
CLAIMING = const(1)    # claimable towers framed
DISTANCE = const(2)    # street distances from the cursor's structure


class Screen:
    """The board screen of one game. ``seats``: per player, None for a
    human or an AI level name."""

    def __init__(self, sheet, game, seats):
        self.game = game
        self.seats = seats
        bm, pal = sheet
        self.root = root = displayio.Group()
        self.grid = displayio.TileGrid(bm, pixel_shader=pal, width=8, height=10,
                                       tile_width=S, tile_height=S)
        root.append(self.grid)
        root.append(_borders())
        self.cursor = displayio.TileGrid(bm, pixel_shader=pal, width=1, height=1,
                                         tile_width=S, tile_height=S,
                                         default_tile=sprites.CURSOR)
        root.append(self.cursor)
        # Panel
        self.name = _label(root, PANEL_X, 0, 2, palette.TEXT)
        self.turn = _label(root, 159, 0, 2, palette.W_TEXT, anchor=(1, 0))
        self.state = _label(root, PANEL_X, 25, 1, palette.TEXT)
        self.pieces = displayio.TileGrid(bm, pixel_shader=pal, width=NKINDS, height=1,
                                         tile_width=S, tile_height=S)
        self.pieces.x = PIECES_X
        self.pieces.y = PIECES_Y
        for k in range(NKINDS):
            self.pieces[k] = sprites.lot_sprite(3, k, -1, False, False)
        root.append(self.pieces)
        self.counts = displayio.TileGrid(bm, pixel_shader=pal, width=NKINDS, height=2,
                                         tile_width=S, tile_height=S)
        self.counts.x = PIECES_X
        self.counts.y = PIECES_Y + S
        root.append(self.counts)
        self.selector = displayio.TileGrid(bm, pixel_shader=pal, width=1, height=1,
                                           tile_width=S, tile_height=S,
                                           default_tile=sprites.CURSOR)
        self.selector.y = PIECES_Y
        root.append(self.selector)
        self.rowlab = (_label(root, PANEL_X, PIECES_Y + 10, 1, palette.W_TEXT),
                       _label(root, PANEL_X, PIECES_Y + 20, 1, palette.B_TEXT))
        self.rowlab[0].text = "W"
        self.rowlab[1].text = "B"
        self.caps = _label(root, PANEL_X, 70, 1, palette.TEXT)
        self.score = _label(root, PANEL_X, 84, 1, palette.TEXT)
        self.msg = MessageLine(root, 2, 102, width=26, lines=2)
        # State
        self.shown = bytearray(b"\xff" * NLOTS)  # sprite on each cell
        self.legal = bytearray(NLOTS)          # 1 where the selection may go
        self.buf = array("H", [0] * MAX_MOVES)
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
        """Write the sprite of every lot whose look changed."""
        g = self.game
        tcol = g.tcol
        icon = g.icon_lot
        dist = self.mode == DISTANCE and g.kind_at(self.cur) >= 0
        low = self.street  # street lots' distances (show_distance)
        lit = self.claims if self.mode == CLAIMING else self.legal
        for v in range(NLOTS):
            t = LOT_TILE[v]
            k = g.kind_at(v)
            if dist and k < 0 and low[v] != 255:
                d = low[v]
                spr = sprites.DIGIT + d if d < 30 else sprites.FAR
            else:
                spr = sprites.lot_sprite(tcol[t], k, g.owner_at(v), icon[t] == v,
                                         lit[v] and self.mode != DISTANCE)
            if self.shown[v] != spr:
                self.shown[v] = spr
                self.grid[v] = spr

    def update_legal(self):
        """Mark the lots where the selected piece may go (engine's legal())."""
        g = self.game
        leg = self.legal
        for v in range(NLOTS):
            leg[v] = 0
        if g.to_move == OVER or self.seats[g.to_move] is not None:
            return
        n = g.legal(self.buf)
        k = self.kind
        for i in range(n):
            m = self.buf[i]
            if move_kind(m) == k:
                leg[move_lot(m)] = 1

    def draw_panel(self):
        g = self.game
        p = g.to_move
        if p == OVER:
            self.set_text(self.turn, "--", palette.DIM)
        else:
            self.set_text(self.turn, PLAYER_NAMES[p],
                          palette.W_TEXT if p == 0 else palette.B_TEXT)
        for q in range(2):
            for k in range(NKINDS):
                want = sprites.count_sprite(g.supply[q * NKINDS + k])
                if self.counts[k, q] != want:
                    self.counts[k, q] = want
        self.selector.hidden = p == OVER or self.seats[p] is not None
        self.selector.x = PIECES_X + self.kind * S
        self.set_text(self.caps, "caps W%d B%d" % (g.caps[0], g.caps[1]))
        sc = scoring.score(g, self.sdist, self.queue)
        self.set_text(self.score, "pts W%d B%d" % (sc.totals[0], sc.totals[1]))
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
        g = self.game
        p = g.to_move
        for i in range(1, NKINDS + 1):
            k = (self.kind + d * i) % NKINDS
            if g.supply[p * NKINDS + k]:
                self.kind = k
                return

    def human_prompt(self):
        g = self.game
        self.show_state("%s builds" % PLAYER_NAMES[g.to_move],
                        palette.W_TEXT if g.to_move == 0 else palette.B_TEXT)
        self.say("A build %s, B next" % piece_name(self.kind), palette.DIM)

    # -- cursor and claims -----------------------------------------------------

    def move_cursor(self, key):
        v = self.cur
        x = v & 7
        y = v >> 3
        if key == boards.LEFT:
            x = (x - 1) % 8
        elif key == boards.RIGHT:
            x = (x + 1) % 8
        elif key == boards.UP:
            y = (y - 1) % 10
        else:
            y = (y + 1) % 10
        self.cur = y * 8 + x
        self.place_cursor()

    def open_claims(self, p):
        """Frame the towers player p may cap now (the engine's claimable)
        and put the cursor on one; False (nothing changes) if none."""
        g = self.game
        if not g.can_claim():
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
        self.draw_panel()
        self.set_text(self.turn, PLAYER_NAMES[p],
                      palette.W_TEXT if p == 0 else palette.B_TEXT)
        self.show_state("%s claims?" % PLAYER_NAMES[p], palette.TITLE)
        self.selector.hidden = True
        self.say("claim a tower: d-pad picks, A caps, B skips", palette.TITLE)
        if not self.claims[self.cur]:
            self.next_claim(1)
        return True

    def next_claim(self, d):
        v = self.cur
        for _i in range(NLOTS):
            v = (v + d) % NLOTS
            if self.claims[v]:
                self.cur = v
                self.place_cursor()
                return

    def close_claims(self):
        self.mode = PLAY

    def toggle_distance(self):
        if self.mode == DISTANCE:
            self.mode = PLAY
            self.say("")
        else:
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
                self.say("distances: put the cursor on a structure", palette.TITLE)
            self.show_state("distances", palette.TITLE)
        self.draw_lots()

    def describe_distance(self, v):
        g = self.game
        sc = scoring.score(g, self.sdist, self.queue)
        text = "from %s %s (yellow: 1-2)" % (KIND_NAMES[g.kind_at(v)], lot_name(v))
        for t in sc.towers:
            if t.lot == v:
                text = "%s %s: %d x %d = %d pts (customers x distance)" % (
                    KIND_NAMES[g.kind_at(v)], lot_name(v), t.customers,
                    t.distance, t.points)
        return text


def _label(group, x, y, scale, color, anchor=(0, 0)):
    lab = Label(terminalio.FONT, text=" ", color=color, scale=scale,
                anchor_point=anchor, anchored_position=(x, y))
    group.append(lab)
    return lab


def _borders():
    """Tile borders: a 1-bit overlay, drawn once (1.2 KB)."""
    bm = displayio.Bitmap(BOARD_W, BOARD_H, 2)
    pal = displayio.Palette(2)
    pal[0] = 0
    pal[1] = 0x000000
    pal.make_transparent(0)
    for y in range(BOARD_H):
        for x in range(0, BOARD_W, 20):
            bm[x, y] = 1
    for y in range(0, BOARD_H, 20):
        for x in range(BOARD_W):
            bm[x, y] = 1
    return displayio.TileGrid(bm, pixel_shader=pal)
