"""Computer seats on the Alien City board (loaded at the first computer
move or hint, dropped with the AI when the game ends); hints are in
aliencity/hint.py, which uses this module.

The shell runs a seat's decision (ui/think.py's ``decide``: the NeoPixels
show the progress, A or B makes it move now with its best build so far, a
MemoryError drops that seat to a cheaper level for the rest of the game);
this module says what it thinks and did. B cancels a hint; a MemoryError
during a hint says so and changes nothing.
"""

from micropython import const

from aliencity.geometry import NONE, PLAYER_WORDS
from aliencity.moves import kind_of, lot_name, lot_of, piece_name
from ui import palette
from ui.fx import CLAIM, PLACE
from ui.think import ai, decide, now_us

_THINK_MS = {"easy": 600, "medium": 1500, "hard": 3000}
_SHOW_MS = const(350)       # a computer's build stays in view this long

# Messages (each fits the message line with the longest names:
# tests/test_messages.py)
M_THINKING = "computer (%s) thinking; A or B: move now"   # level
M_BUILT = "%s built a %s on %s"                         # player, piece, lot
M_BUILT_CAP = "%s built a %s on %s and capped %s"       # player, piece, lot, lot
S_THINKS = "%s thinks"                                  # player


class ComputerTurn:
    """A computer seat's build on the app's Board ``b`` (and a hint's
    search); the seat's hooks of ui/think.py's ``decide``."""

    def __init__(self, b):
        self.b = b
        self.g = b.g

    def choose(self, p, level, think, ms=0):
        """ai.choose for the board's game at ``level`` (its time: the
        level's, or ``ms``): a move. A MemoryError goes to the caller,
        which puts the game back (``restore``) and gives the buffers back."""
        b = self.b
        t0 = now_us()
        return ai(b).choose(self.g, level, b.rng, t0 + (ms or _THINK_MS.get(level, 1000)) * 1000,
                            now_us, think.progress, think.stop)

    def keep(self):
        return self.g.nbuilds

    def restore(self, n):
        """A search cut short may leave trial builds (and their claims):
        take them back."""
        g = self.g
        while g.nbuilds > n:
            g.undo()

    def player(self, p):
        return PLAYER_WORDS[p]

    def thinking(self, p, level):
        """What the screen says while seat p thinks at ``level``."""
        scr = self.b.scr
        scr.show_state(S_THINKS % PLAYER_WORDS[p], palette.TITLE)
        scr.say(M_THINKING % level, palette.DIM)
        scr.selector.hidden = True

    def move(self):
        """The computer seat to move builds, then, at the claim point that
        may follow, claims as it chose with the build (no search)."""
        b = self.b
        g = self.g
        scr = b.scr
        p = g.to_move
        m, note = decide(b, p, self, ai(b).LEVELS)
        g.apply(m)
        kind = kind_of(m)
        lot = lot_of(m)
        cap = NONE
        if g.claiming():
            c = ai(b).choose(g, b.seats[p], b.rng)
            g.apply(c)
            cap = lot_of(c)
        scr.cur = lot
        scr.place_cursor()
        if note:
            text = note                 # the board shows the build
        elif cap != NONE:
            text = M_BUILT_CAP % (PLAYER_WORDS[p], piece_name(kind), lot_name(lot),
                                  lot_name(cap))
        else:
            text = M_BUILT % (PLAYER_WORDS[p], piece_name(kind), lot_name(lot))
        if cap != NONE:
            b.fx.flash(palette.PX_CLAIM, 400)
            b.fx.sound(CLAIM)
        else:
            b.fx.sound(PLACE)
        b.after_build(text)
        b.s.refresh()
        b.show_for(_SHOW_MS)
        b.s.buttons.clear()
