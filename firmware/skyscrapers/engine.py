"""Skyscrapers rules engine: the position, the three plays, undo, score;
it answers the engine contract (firmware/contract.py).

Pure rules (no display, no hardware, no clock); runs on the device, under
MicroPython and on the desktop. The position lives in bytearrays indexed
by cell (see docs/skyscrapers.md):

    cell = y * 5 + x   x 0-4 = columns A-E, y 0-4 = rows 5-1 (top first)
    tile = suit * 6 + value   suit 0 suns, 1 moons, 2 crowns, 3 arms;
                              value 0 null, 1 ace, 2-5

Plays are small ints made and taken apart by skyscrapers/plays.py alone
(``play_of``, ``play_kind``, ``play_from``, ``play_to``): STACK the single
tile on a onto the tile or stack on b; SLIDE the tile or coin on a into the
hole b; PAWN the pawn on a to b. Only this module writes the game's arrays.
"""

from array import array

from micropython import const

from savehead import get16, put16
from skyscrapers.plays import (  # noqa: F401 (parse_cell: the engine's name)
    NB,
    adjacent,
    cell_name,
    entry,
    entry_kind,
    entry_run,
    parse_cell,
    play_from,
    play_kind,
    play_of,
    play_to,
)

# consts from skyscrapers.plays (tools/consts.py; do not edit)
N = const(25)
NONE = const(255)
# end consts

CENTER = const(12)
NTILES = const(24)
NOBODY = const(255)   # actor() once no play is left
STACK = const(0)
SLIDE = const(1)
PAWN = const(2)
MAXPLAYS = const(160)  # room for legal(): 4 pawns x 8 + 25 x 4 + 4

# Options (bits)
VAR1 = const(1)    # nulls bordering the hole swap with aces; nulls never move
VAR2 = const(2)    # at most three tile slides in a row
OVER_STACKS = const(4)  # pawns may pass over stacks

# Reasons, in player words. Each fits the message line (two lines of 26
# characters) with the longest names: tests/test_messages.py fills every
# R_ template and checks.
R_CELL = "no such cell"
R_PLAY = "unknown play"
R_INTO_HOLE = "a slide goes into the hole (%s)"          # cell
R_HOLE = "%s is the hole"                                # cell
R_COIN_STACKED = "%s is a coin; only a tile is stacked"  # cell
R_STACK_STAYS = "%s is a stack; stacks never move"       # cell
R_NULL_STAYS = "%s: variant 1, nulls never move"         # cell
R_NOT_NEXT = "%s is not next to %s"                      # cell, cell
R_ONTO_COIN = "%s is a coin: stack onto a tile or stack"  # cell
R_HOLDS_PAWN = "%s holds the %s pawn"                    # cell, suit
R_OTHER_SUIT = "%s is %s, %s is %s"                      # cell, suit, cell, suit
R_NO_CREW = "no pawn next to %s to work"                 # cell
R_NOT_BY_HOLE = "%s is not next to the hole (%s)"        # cell, cell
R_THREE_SLIDES = "3 tile slides in a row: stack or move coin/pawn"
R_NO_PAWN = "no pawn on %s"                              # cell
R_FEATURE = "the %s pawn tops a stack: it stays"         # suit
R_MUST_MOVE = "the %s pawn must move"                    # suit
R_NOT_LINE = "%s is not in line with %s"                 # cell, cell
R_OVER_HOLE = "the %s pawn may not pass the hole (%s)"   # suit, cell
R_OVER_PAWN = "the %s pawn may not pass a pawn (%s)"     # suit, cell
R_OVER_STACK = "the %s pawn may not pass a stack (%s)"   # suit, cell
R_WRONG_SUIT = "%s is a %s %s; this pawn lands on %s"    # cell, suit, what, suit
R_PICK = "%s is the hole: pick a piece next to it"       # cell
R_NOWHERE = "the %s pawn has no cell to go to"           # suit
R_COIN_MOVES = "%s: a coin moves only into the hole"     # cell
R_ALONE = "%s: no same-suit tile or hole beside it"      # cell

SUITS = "SMCA"
SUIT_NAMES = ("suns", "moons", "crowns", "arms")
VALUE_NAMES = ("null", "ace", "2", "3", "4", "5")
KIND_WORDS = ("stack", "slide", "pawn")

def tile_name(t):
    """'S0' (suns null) .. 'A5' (arms 5)."""
    return SUITS[t // 6] + str(t % 6)


def play_text(m, game=None):
    """'stack B2 B3', 'slide C4' or 'pawn S A1 A4' (the pawn's suit needs
    the game, before the play)."""
    k = play_kind(m)
    a = play_from(m)
    b = play_to(m)
    if k == SLIDE:
        return "slide " + cell_name(a)
    if k == STACK:
        return "stack %s %s" % (cell_name(a), cell_name(b))
    s = "?" if game is None or not game.pawn[a] else SUITS[game.pawn[a] - 1]
    return "pawn %s %s %s" % (s, cell_name(a), cell_name(b))


def start_cells(order, var1):
    """The starting board from 24 shuffled tile ids: a bytearray(25) of
    tile + 1 per cell (0 the hole at C3), after the setup swaps."""
    cells = bytearray(N)
    j = 0
    for c in range(N):
        if c != CENTER:
            cells[c] = order[j] + 1
            j += 1
    nulls = 0
    for d in range(4):
        t = cells[NB[4 * CENTER + d]] - 1
        if t % 6 == 0:
            nulls += 1
    if nulls == 4:  # crowns null and crowns ace change places
        _swap_tiles(cells, 12, 13)
    if var1:
        # The set of suits whose null borders the hole first, then one swap
        # each: a null whose ace also borders the hole must not be seen
        # again on the ace's cell (that would swap it back).
        suits = 0
        for d in range(4):
            t = cells[NB[4 * CENTER + d]] - 1
            if t % 6 == 0:
                suits |= 1 << (t // 6)
        for s in range(4):
            if suits >> s & 1:
                _swap_tiles(cells, 6 * s, 6 * s + 1)
    return cells


def _swap_tiles(cells, t, u):
    for c in range(N):
        if cells[c] == t + 1:
            cells[c] = u + 1
        elif cells[c] == u + 1:
            cells[c] = t + 1


class Game:
    """One game of Skyscrapers from its starting board ``cells`` (tile + 1
    per cell, 0 for the hole) and ``options`` (VAR1 | VAR2 | OVER_STACKS)."""

    def __init__(self, cells, options=0):
        self.options = options
        self.start = bytes(cells)
        self.height = bytearray(N)   # tiles on the cell (0 hole or coin)
        self.top = bytearray(N)      # top tile id when height > 0
        self.coin = bytearray(N)     # suit + 1 of a coin, else 0
        self.pawn = bytearray(N)     # suit + 1 of the pawn on the cell
        self.ppos = bytearray(4)     # cell of each suit's pawn
        self.tcell = bytearray(NTILES)  # cell of each tile
        self.hole = NONE
        for c in range(N):
            v = cells[c]
            if v == 0:
                if self.hole != NONE:
                    raise ValueError("two holes")
                self.hole = c
            else:
                t = v - 1
                self.height[c] = 1
                self.top[c] = t
                self.tcell[t] = c
                if t % 6 == 0:
                    self.pawn[c] = t // 6 + 1
                    self.ppos[t // 6] = c
        # History: 4 bytes a play: kind | tile-slide << 2 | run << 4, a, b,
        # and for a stack the previous top of b. Grows in steps.
        self.hist = bytearray(64)
        self.nplays = 0
        self.edits = 0     # position changes (apply, undo): the shell saves on a new count
        self.run = 0                 # tile slides in a row (variant 2)
        self._any = array("H", [0] * MAXPLAYS)   # over()'s scratch, made once

    # -- queries ----------------------------------------------------------

    def suit_at(self, c):
        """Suit of the tile, stack top or coin on c; -1 for the hole."""
        if self.height[c]:
            return self.top[c] // 6
        return self.coin[c] - 1

    def is_feature(self, s):
        """Is suit s's pawn an architectural feature (on a stack)?"""
        return self.height[self.ppos[s]] >= 2

    def crew_next_to(self, c):
        """Cell of a work crew next to c, or NONE."""
        for d in range(4):
            w = NB[4 * c + d]
            if w != NONE and self.pawn[w] and self.height[w] < 2:
                return w
        return NONE

    def position(self):
        """The whole position as bytes (tests: undo restores it)."""
        return (bytes(self.height) + bytes(self.top) + bytes(self.coin)
                + bytes(self.pawn) + bytes(self.ppos) + bytes(self.tcell)
                + bytes((self.hole, self.run)))

    # -- why not ----------------------------------------------------------

    def why_not(self, m):
        """None if play m is legal now, else the reason in player words."""
        k = play_kind(m)
        a = play_from(m)
        b = play_to(m)
        if a >= N or b >= N:
            return R_CELL
        if k == STACK:
            return self._why_stack(a, b)
        if k == SLIDE:
            if b != self.hole:
                return R_INTO_HOLE % cell_name(self.hole)
            return self._why_slide(a)
        if k == PAWN:
            return self._why_pawn(a, b)
        return R_PLAY

    def _why_stack(self, a, b):
        h = self.height
        if h[a] == 0:
            if a == self.hole:
                return R_HOLE % cell_name(a)
            return R_COIN_STACKED % cell_name(a)
        if h[a] >= 2:
            return R_STACK_STAYS % cell_name(a)
        if self.options & VAR1 and self.top[a] % 6 == 0:
            return R_NULL_STAYS % cell_name(a)
        if not adjacent(a, b):
            return R_NOT_NEXT % (cell_name(b), cell_name(a))
        if h[b] == 0:
            if b == self.hole:
                return R_HOLE % cell_name(b)
            return R_ONTO_COIN % cell_name(b)
        if self.pawn[a]:
            return R_HOLDS_PAWN % (cell_name(a), SUIT_NAMES[self.pawn[a] - 1])
        if self.pawn[b]:
            return R_HOLDS_PAWN % (cell_name(b), SUIT_NAMES[self.pawn[b] - 1])
        sa = self.top[a] // 6
        sb = self.top[b] // 6
        if sa != sb:
            return R_OTHER_SUIT % (
                cell_name(a), SUIT_NAMES[sa], cell_name(b), SUIT_NAMES[sb])
        if self.crew_next_to(a) == NONE:
            return R_NO_CREW % cell_name(a)
        return None

    def _why_slide(self, a):
        if a == self.hole:
            return R_HOLE % cell_name(a)
        if not adjacent(a, self.hole):
            return R_NOT_BY_HOLE % (
                cell_name(a), cell_name(self.hole))
        h = self.height[a]
        if h >= 2:
            return R_STACK_STAYS % cell_name(a)
        if self.pawn[a]:
            return R_HOLDS_PAWN % (cell_name(a), SUIT_NAMES[self.pawn[a] - 1])
        if h == 1:
            if self.options & VAR1 and self.top[a] % 6 == 0:
                return R_NULL_STAYS % cell_name(a)
            if self.options & VAR2 and self.run >= 3:
                return R_THREE_SLIDES
        return None

    def _why_pawn(self, a, b):
        p = self.pawn[a]
        if not p:
            return R_NO_PAWN % cell_name(a)
        s = p - 1
        if self.height[a] >= 2:
            return R_FEATURE % SUIT_NAMES[s]
        if a == b:
            return R_MUST_MOVE % SUIT_NAMES[s]
        ax = a % 5
        bx = b % 5
        if ax == bx:
            step = 5 if b > a else -5
        elif a // 5 == b // 5:
            step = 1 if b > a else -1
        else:
            return R_NOT_LINE % (cell_name(b), cell_name(a))
        over = self.options & OVER_STACKS
        c = a + step
        while c != b:
            if c == self.hole:
                return R_OVER_HOLE % (SUIT_NAMES[s], cell_name(c))
            if self.pawn[c]:
                return R_OVER_PAWN % (SUIT_NAMES[s], cell_name(c))
            if self.height[c] >= 2 and not over:
                return R_OVER_STACK % (SUIT_NAMES[s], cell_name(c))
            c += step
        if b == self.hole:
            return R_HOLE % cell_name(b)
        if self.pawn[b]:
            return R_HOLDS_PAWN % (cell_name(b), SUIT_NAMES[self.pawn[b] - 1])
        sb = self.suit_at(b)
        if sb != s:
            what = "coin" if self.height[b] == 0 else (
                "stack" if self.height[b] >= 2 else "tile")
            return R_WRONG_SUIT % (cell_name(b), SUIT_NAMES[sb], what, SUIT_NAMES[s])
        return None

    # -- legal plays ----------------------------------------------------------

    def legal(self, buf, at=NONE):
        """Write every legal play into ``buf`` (an array('H') of MAXPLAYS);
        only those that move the piece on ``at`` when given. Returns how
        many. Allocates nothing."""
        n = 0
        h = self.height
        pawn = self.pawn
        top = self.top
        var1 = self.options & VAR1
        for a in range(N):
            if at != NONE and a != at:
                continue
            if (h[a] == 1 and not pawn[a] and not (var1 and top[a] % 6 == 0)
                    and self.crew_next_to(a) != NONE):
                s = top[a] // 6
                for d in range(4):
                    b = NB[4 * a + d]
                    if b != NONE and h[b] and not pawn[b] and top[b] // 6 == s:
                        buf[n] = play_of(STACK, a, b)
                        n += 1
            if pawn[a] and h[a] < 2:
                n = self._pawn_plays(a, buf, n)
        hole = self.hole
        for d in range(4):
            a = NB[4 * hole + d]
            if a != NONE and (at == NONE or a == at) and self._why_slide(a) is None:
                buf[n] = play_of(SLIDE, a, hole)
                n += 1
        return n

    def _pawn_plays(self, a, buf, n):
        s = self.pawn[a] - 1
        over = self.options & OVER_STACKS
        for d in range(4):
            c = a
            while True:
                c = NB[4 * c + d]
                if c == NONE or c == self.hole or self.pawn[c]:
                    break
                if self.suit_at(c) == s:
                    buf[n] = play_of(PAWN, a, c)
                    n += 1
                if self.height[c] >= 2 and not over:
                    break
        return n

    def over(self):
        """No play left? (Allocates nothing.)"""
        return self.legal(self._any) == 0

    def actor(self):
        """Who plays: the one player (0) while a play is left, else NOBODY."""
        return NOBODY if self.over() else 0

    def score(self):
        """The breakdown (skyscrapers/scoring.py's Score: stacks, coins,
        ``totals``)."""
        from skyscrapers import scoring
        return scoring.score(self)

    def why_stuck(self, a):
        """Why the piece on cell a has no play, in player words (for a cell
        whose plays, ``legal(buf, a)``, are none)."""
        name = cell_name(a)
        if a == self.hole:
            return R_PICK % name
        p = self.pawn[a]
        if p:
            if self.height[a] >= 2:
                return self._why_pawn(a, a)
            return R_NOWHERE % SUIT_NAMES[p - 1]
        if adjacent(a, self.hole):
            why = self._why_slide(a)
            if why:
                return why
        if self.height[a] >= 2:
            return R_STACK_STAYS % name
        if self.height[a] == 0:
            return R_COIN_MOVES % name
        for d in range(4):
            b = NB[4 * a + d]
            if b != NONE and self.height[b] and self.top[b] // 6 == self.top[a] // 6:
                return self._why_stack(a, b)
        return R_ALONE % name

    # -- plays ------------------------------------------------------------------

    def apply(self, m):
        """Make play m; ValueError(reason) if illegal (position unchanged)."""
        err = self.why_not(m)
        if err:
            raise ValueError(err)
        k = play_kind(m)
        a = play_from(m)
        b = play_to(m)
        i = 4 * self.nplays
        if i + 4 > len(self.hist):
            self.hist.extend(bytes(64))
        hist = self.hist
        tslide = 0
        hist[i + 3] = 0
        if k == STACK:
            t = self.top[a]
            hist[i + 3] = self.top[b]
            self.height[a] = 0
            self.top[a] = 0
            self.coin[a] = t // 6 + 1
            self.height[b] += 1
            self.top[b] = t
            self.tcell[t] = b
        elif k == SLIDE:
            tslide = self._slide(a, b)
        else:
            s = self.pawn[a] - 1
            self.pawn[b] = s + 1
            self.pawn[a] = 0
            self.ppos[s] = b
        hist[i] = entry(k, tslide, self.run)
        hist[i + 1] = a
        hist[i + 2] = b
        self.run = (self.run + 1 if self.run < 15 else 15) if tslide else 0
        self.nplays += 1
        self.edits += 1

    def undo(self):
        """Take back the last play. False if there is none."""
        if self.nplays == 0:
            return False
        self.edits += 1
        self.nplays -= 1
        i = 4 * self.nplays
        hist = self.hist
        k = entry_kind(hist[i])
        a = hist[i + 1]
        b = hist[i + 2]
        if k == STACK:
            t = self.top[b]
            self.height[b] -= 1
            self.top[b] = hist[i + 3]
            self.height[a] = 1
            self.top[a] = t
            self.coin[a] = 0
            self.tcell[t] = a
        elif k == SLIDE:
            self._slide(b, a)
        else:
            s = self.pawn[b] - 1
            self.pawn[a] = s + 1
            self.pawn[b] = 0
            self.ppos[s] = a
        self.run = entry_run(hist[i])
        return True

    def _slide(self, a, b):
        """What lies on cell a (a lone tile or a coin) into the hole b; a
        becomes the hole. Returns 1 if a tile moved (play and undo, the
        other way)."""
        self.hole = a
        if self.height[a]:
            t = self.top[a]
            self.height[b] = 1
            self.top[b] = t
            self.tcell[t] = b
            self.height[a] = 0
            self.top[a] = 0
            return 1
        self.coin[b] = self.coin[a]
        self.coin[a] = 0
        return 0

    def play_at(self, i):
        """The i-th play as an int (a stack's kind, cells)."""
        j = 4 * i
        h = self.hist
        return play_of(entry_kind(h[j]), h[j + 1], h[j + 2])

    # -- the game as bytes ------------------------------------------------------

    def state(self):
        """The plays made, 2 bytes each (big-endian): with the deal (the
        start cells and options) they are the game: what a save keeps."""
        out = bytearray(2 * self.nplays)
        for i in range(self.nplays):
            put16(out, 2 * i, self.play_at(i))
        return bytes(out)

    def load(self, data):
        """The game of ``state()``'s bytes from this game's start: every
        play made again; ValueError at one that is illegal (the game is
        then at the plays before it)."""
        while self.undo():
            pass
        if len(data) % 2:
            raise ValueError("plays cut short")
        for i in range(0, len(data), 2):
            self.apply(get16(data, i))
