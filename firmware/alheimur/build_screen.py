"""World building on the handheld (``BuildScreen``; loaded only while the
worlds are built: the app drops it, and the engine's building code
(build.py) once play begins).

    title: whose world, which card
    the world in the making:         | in hand: the card,
    a 3x3 grid of card places        | as it lies and turned
    (each card 2x2 tiles of 14 px)   | (yellow: a legal turn,
    yellow: a legal place for the    | white: the one chosen)
    card in hand; white: the cursor, | the elements: a swatch
    the card shown where it would go | of each, named
                                     | (a card the same turned: once)
    message line: what happened, the engine's reason for a refusal

The tiles have the play screen's colours and textures (sprites.py's
``texture``), so a world looks the same once play begins.

Controls: the d-pad moves among the places a card may go beside the
cards down (or, for the orbit-card swap, the four cards), B turns the
card 180 degrees, A puts it there; Select jumps to the next legal
placement. The forced rule is the engine's: A on a placement it refuses
shows its reason and the legal places stay yellow.

The first card of each world turns itself over. After the fourth card
the spaceport test is said: the territory that touches four or more
others, or that there is none, and then the orbit card must be swapped in
(its place and turn chosen the same way); a world still unplayable is
built again from a spare pile, with none left every card is dealt again.
Computer seats place with their level, the neutral world by lot, each
card shown a moment (A or B: faster).
"""

import gc
from array import array

import displayio
import terminalio
from micropython import const

import boards
from alheimur.actions import (
    MAX_ACTIONS,
    a_pos,
    a_turn,
    card_act,
)
from alheimur.build import card_in_hand, elem, placed
from alheimur.deck import card_place, place_card, place_turned
from alheimur.sprites import ELEM, TEX, texture
from alheimur.world import bits, tile_name
from lazy import forget
from ui import palette
from ui.fx import ILLEGAL, MOVE, PLACE
from ui.session import QUIT, RESTART
from ui.text import Label, MessageLine

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_K_PLACE = const(2)
_K_SWAP = const(3)
_P_DEAL = const(0)
_P_PLACE = const(1)
_P_SWAP = const(2)
# end consts

T = const(14)               # a tile
C = const(28)               # a card
GX = const(2)
GY = const(14)
HX = const(96)
_SHOW_MS = const(350)
_PAUSE_ITEMS = ("resume", "rules", RESTART, QUIT)   # no undo while worlds are built
_BUILT_MS = const(2000)

# Texts (each fits its place whole: tests/test_messages.py)
L_TITLE = "%s world: card %d of 4"                     # name, n
L_TITLE_SWAP = "%s world: the orbit card"              # name
L_NEUTRAL = "neutral world: by lot"
L_HAND = "in hand"
L_LEGEND = "air\nearth\nfire\nwater\nether"            # beside the swatches
M_PLACE = "A: put it here  B: turn it  Select: next place"
M_SWAP = "no spaceport site. A: swap the orbit card in  B: turn"
M_BUILT = "%s world: %s touches %d others: a spaceport site"   # name, tile, n
M_REBUILD = "still no spaceport site: the %s world is built again"  # name
M_REDEAL = "no spare pile left: every card is dealt again"
M_THINKS = "%s is placing a card"                      # name


def _sheets():
    """(tiles bitmap, palette, frames bitmap): tile 0 empty, 1-5 the
    elements, 6 the five swatches of the legend (2 px apart, stacked: a
    tile 14 x 42); frame 0 none, 1 thin, 2 thick (a card's size)."""
    bm = displayio.Bitmap(7 * T, 3 * T, 12)
    for e in range(5):
        ox = (e + 1) * T
        for y in range(T):
            for x in range(T):
                bm[ox + x, y] = 7 + e if texture(e, x, y) else 2 + e
        for y in range(6):
            for x in range(9):
                bm[6 * T + x, e * 8 + 1 + y] = 7 + e if texture(e, x, y + 1) else 2 + e
    for y in range(0, T, 7):
        bm[T // 2, y + 3] = 1
    pal = displayio.Palette(12)
    pal[0] = 0x000000
    pal[1] = 0x303030
    for e in range(5):
        pal[2 + e] = ELEM[e]
        pal[7 + e] = TEX[e]
    fr = displayio.Bitmap(3 * C, C, 2)
    for k in (1, 2):
        ox = k * C
        for i in range(C):
            for w in range(k):
                fr[ox + i, w] = fr[ox + i, C - 1 - w] = 1
                fr[ox + w, i] = fr[ox + C - 1 - w, i] = 1
    return bm, pal, fr


def _frames(root, fr, colour, w, h, x, y):
    t = displayio.TileGrid(fr, pixel_shader=_pal(colour), width=w, height=h,
                           tile_width=C, tile_height=C, x=x, y=y)
    root.append(t)
    return t


def _put(grid, i, v):
    """grid[i] = v only when it changes: CircuitPython redraws a cell on
    every write, same value or not (a cursor step redrew the whole grid)."""
    if grid[i] != v:
        grid[i] = v


def _pal(colour):
    p = displayio.Palette(2)
    p.make_transparent(0)
    p[1] = colour
    return p


class BuildScreen:
    """The world being built on the app's Board ``b``: its screen, the
    cursor among the places a card may go, who places (a human's keys, a
    computer seat's level, the neutral world's lot), what a placement led
    to. Its words (alheimur/words.py) are imported where they are said: a
    computer seat's decision drops them while it thinks."""

    def __init__(self, b):
        self.b = b
        self.g = b.g
        bm, pal, fr = _sheets()
        self.root = root = displayio.Group()
        self.title = Label(terminalio.FONT, text=" ", color=palette.TITLE,
                           anchor_point=(0, 0), anchored_position=(2, 0))
        root.append(self.title)
        self.grid = displayio.TileGrid(bm, pixel_shader=pal, width=6, height=6,
                                       tile_width=T, tile_height=T, x=GX, y=GY)
        root.append(self.grid)
        self.cards = _frames(root, fr, 0x101010, 3, 3, GX, GY)
        self.lit = _frames(root, fr, 0xFFD820, 3, 3, GX, GY)
        self.cur = _frames(root, fr, 0xFFFFFF, 1, 1, GX, GY)
        root.append(Label(terminalio.FONT, text=L_HAND, color=palette.DIM,
                          anchor_point=(0, 0), anchored_position=(HX, GY)))
        self.hand = displayio.TileGrid(bm, pixel_shader=pal, width=5, height=2,
                                       tile_width=T, tile_height=T, x=HX, y=GY + 14)
        root.append(self.hand)
        self.hlit = _frames(root, fr, 0xFFD820, 2, 1, HX, GY + 14)
        self.hcur = _frames(root, fr, 0xFFFFFF, 1, 1, HX, GY + 14)
        key = displayio.TileGrid(bm, pixel_shader=pal, tile_width=T, tile_height=3 * T,
                                 x=HX, y=GY + 46)
        key[0] = 6
        root.append(key)
        root.append(Label(terminalio.FONT, text=L_LEGEND, color=palette.DIM, line_spacing=0.67,
                          anchor_point=(0, 0), anchored_position=(HX + 12, GY + 44)))
        self.msg = MessageLine(root, 2, 103, width=26, lines=2)
        self.pos = 4               # the cursor: a place 0-8 (swap: a slot 0-3)
        self.turn = 0
        self.legal = 0             # bits: place * 2 + turn
        self.shown = bytearray(9)  # the grid shown after a world's last card
        self.done = False          # showing a finished world (shown[])

    # -- what lies where ----------------------------------------------------------

    def place_of(self, slot):
        """The grid place of swap slot ``slot`` (the world in the top left)."""
        return (slot >> 1) * 3 + (slot & 1)

    def card_at(self, p, ghost):
        """(card, turn) lying on place p, or None; ``ghost``: the card in
        hand shown where the cursor is."""
        g = self.g
        ph = -1 if self.done else g.phase()
        if ph == _P_SWAP:
            w = g.site()
            for s in range(4):
                if self.place_of(s) == p:
                    if ghost and s == self.pos:
                        return g.worb[w], self.turn
                    v = g.wcard[w * 4 + s]
                    return place_card(v), place_turned(v)
            return None
        if ghost and p == self.pos and ph == _P_PLACE:
            return card_in_hand(g), self.turn
        v = self.shown[p] if ph != _P_PLACE else g.vgrid[p]
        return (place_card(v) - 1, place_turned(v)) if v else None   # the grid's: card + 1

    def draw(self, ghost=True):
        from alheimur import words
        g = self.g
        ph = -1 if self.done else g.phase()
        w = g.site()
        if self.done:
            pass
        elif ph == _P_SWAP:
            self.title.text = L_TITLE_SWAP % words.world(g, w)
        elif w >= g.nplayers():
            self.title.text = L_NEUTRAL
        else:
            self.title.text = L_TITLE % (words.world(g, w), placed(g) + 1)
        self.title.color = words.COLOURS[w] if w < g.nplayers() else palette.TITLE
        for p in range(9):
            c = self.card_at(p, ghost)
            _put(self.cards, p, 1 if c is not None else 0)
            for q in range(4):
                i = ((p // 3) * 2 + (q >> 1)) * 6 + (p % 3) * 2 + (q & 1)
                _put(self.grid, i, 1 + elem(g.quads, c[0], c[1], q) if c is not None else 0)
            lit = self.legal >> (2 * self._slot(p)) & 3 if self._slot(p) >= 0 else 0
            _put(self.lit, p, 1 if lit else 0)
        cp = self.place_of(self.pos) if ph == _P_SWAP else self.pos
        self.cur.x = GX + (cp % 3) * C
        self.cur.y = GY + (cp // 3) * C
        _put(self.cur, 0, 2)
        card = g.worb[w] if ph == _P_SWAP else card_in_hand(g) if ph == _P_PLACE else -1
        # A card the same turned (one element) is shown once: turning it
        # changes nothing, and two identical cards read as two in hand.
        same = card >= 0
        for q in range(4):
            if same and elem(g.quads, card, 0, q) != elem(g.quads, card, 1, q):
                same = False
        legal = self.legal >> (2 * self.pos) & 3
        for t in range(2):
            for q in range(4):
                _put(self.hand, t * 2 + (q & 1) + (q >> 1) * 5,
                     1 + elem(g.quads, card, t, q) if card >= 0 and not (same and t) else 0)
            lit = legal if same and not t else legal >> t & 1 if not same else 0
            _put(self.hlit, t, 1 if lit else 0)
        _put(self.hcur, 0, 2)
        self.hcur.x = HX + (0 if same else self.turn) * C
        self.hand.x = HX

    def _slot(self, p):
        """The cursor index of place p (swap: its slot, -1 none)."""
        if self.done or self.g.phase() != _P_SWAP:
            return p
        for s in range(4):
            if self.place_of(s) == p:
                return s
        return -1

    def mark_legal(self, buf, n):
        self.legal = 0
        for i in range(n):
            a = buf[i]
            self.legal |= 1 << (2 * a_pos(a) + a_turn(a))
        if not self.legal >> (2 * self.pos + self.turn) & 1:
            self.next_legal()

    def next_legal(self):
        """The cursor onto the next legal placement (place, then turn)."""
        k = 2 * self.pos + self.turn
        for j in range(1, 19):
            i = (k + j) % 18
            if self.legal >> i & 1:
                self.pos = i >> 1
                self.turn = i & 1
                return

    def step(self, d):
        """The cursor to the next (d 1) or previous place where a card may
        go (some turn of it legal, or any place beside the cards: the
        engine says why a place is refused)."""
        n = 4 if self.g.phase() == _P_SWAP else 9
        for j in range(1, n + 1):
            p = (self.pos + d * j) % n
            if self.legal >> (2 * p) & 3 or self._open(p):
                self.pos = p
                if not self.legal >> (2 * p + self.turn) & 1 and self.legal >> (2 * p) & 3:
                    self.turn ^= 1
                return

    def _open(self, p):
        if self.g.phase() == _P_SWAP:
            return True
        from alheimur.build import open_positions
        return open_positions(self.g.vgrid) >> p & 1

    def run(self):
        """Build until play begins (None) or the player leaves ('quit',
        ...)."""
        b = self.b
        g = self.g
        s = b.s
        s.display.root_group = self.root
        buf = array("H", bytes(2 * MAX_ACTIONS))
        self.msg.show(M_PLACE, palette.DIM)
        note = ""
        while True:
            ph = g.phase()
            if ph == _P_DEAL:       # no playable world: a redeal
                from alheimur.deal import shuffle
                g.deal(shuffle(b.rng))
                shuffle = None
                forget("alheimur.deal")
                self.msg.show(M_REDEAL, palette.BAD)
                continue
            if ph != _P_PLACE and ph != _P_SWAP:
                gc.collect()
                return None
            n = g.legal(buf)
            self.mark_legal(buf, n)
            w = g.site()
            p = g.actor()
            if p >= 8 or b.seats[p] is not None:
                a = self._auto(buf, n, p)
            else:
                if b.humans > 1 and p != b.last_human:
                    from alheimur.hand_over import hand_over
                    out = hand_over(b, p, self.root)
                    hand_over = None
                    forget("alheimur.hand_over")
                    if out is not None:
                        return out
                b.last_human = p
                b.pixels()
                a = self._human(note)
                note = ""
                if isinstance(a, str):
                    return a
            if a < 0:
                continue
            last = ph == _P_PLACE and placed(g) == 3
            if last:
                self.shown[:] = g.vgrid
                self.shown[a_pos(a)] = card_place(card_in_hand(g) + 1, a_turn(a))
            g.apply(a)
            b.fx.sound(PLACE)
            note = self._after(w, ph, last)

    def _human(self, note):
        """The player's placement (an action), -1 after a refusal, or the
        pause menu's 'quit' / 'restart'."""
        b = self.b
        g = b.g
        s = b.s
        self.draw()
        if note:
            self.msg.show(note, palette.TITLE)
        else:
            self.msg.show(M_SWAP if g.phase() == _P_SWAP else M_PLACE, palette.DIM)
        while True:
            s.refresh()
            k = s.key()
            if k == boards.A:
                kind = _K_SWAP if g.phase() == _P_SWAP else _K_PLACE
                a = card_act(kind, self.pos, self.turn)
                why = g.why_not(a)
                if not why:
                    return a
                forget("alheimur.reasons")
                self.msg.warn(why)
                b.fx.flash(palette.PX_BAD, 300)
                b.fx.sound(ILLEGAL)
                continue
            if k == boards.B:
                self.turn ^= 1
            elif k == boards.SELECT:
                self.next_legal()
            elif k <= boards.RIGHT:
                self.step(1 if k == boards.RIGHT or k == boards.DOWN else -1)
            elif k == boards.START:
                choice = b.s.pause(_PAUSE_ITEMS, self.root)
                if choice == RESTART or choice == QUIT:
                    return choice
            else:
                continue
            b.fx.sound(MOVE)
            self.draw()
            self.msg.show(M_SWAP if g.phase() == _P_SWAP else M_PLACE, palette.DIM)

    def _auto(self, buf, n, p):
        """A computer seat's placement, or the neutral world's by lot."""
        b = self.b
        if p >= 8:
            a = buf[b.rng.below(n)]     # by lot, as ai.chance draws it
        else:
            from alheimur import words
            self.msg.show(M_THINKS % words.NAMES[p], palette.DIM)
            words = None
            from ui.think import ai, decide
            a = decide(b, p, b.computer(), ai(b).ORDER)[0]
        self.pos = a_pos(a)
        self.turn = a_turn(a)
        self.draw()
        b.s.refresh()
        b.show_for(_SHOW_MS if b.s.hw.pace else 0)     # fast (ui/settings.py): drawn, not held
        return a

    def _after(self, w, ph, last):
        """What the placement led to: the spaceport test said, a rebuild."""
        from alheimur import words
        b = self.b
        g = b.g
        if ph == _P_SWAP or last:
            if g.phase() == _P_SWAP and g.site() == w:
                return M_SWAP
            if g.phase() == _P_PLACE and g.site() == w:
                return M_REBUILD % words.world(g, w)
            if ph == _P_SWAP:
                self.shown[:] = bytes(9)
                for s in range(4):
                    c = g.wcard[w * 4 + s]
                    self.shown[self.place_of(s)] = card_place(place_card(c) + 1, place_turned(c))
            # the world is done: show it with its spaceport site
            best = 0
            site = 0
            for t in range(g.nterr[w]):
                k = bits(g.adj[w * 16 + t])
                if k > best:
                    best = k
                    site = t
            self.legal = 0
            self.done = True
            self.draw(False)
            self.cur.hidden = True
            text = M_BUILT % (words.world(g, w), tile_name(g.tfirst[w * 16 + site]), best)
            self.msg.show(text, palette.GOOD)
            b.s.refresh()
            b.show_for(_BUILT_MS)
            self.done = False
            self.cur.hidden = False
        return ""
