"""The end of an Alheimur game on the board (loaded for it, then dropped):
the computer seats' code goes, the save is forgotten, the top line says
which end came, the winner's colour on the NeoPixels, and the scoring
screen.
"""

# The play screen (``b.scr``) is made first when it is None: the checker
# cannot follow that, as in app.py.
# pyright: reportOptionalMemberAccess=false

import gc
import sys

from micropython import const

from alheimur import words
from alheimur.app import M_OVER
from ui import palette
from ui.fx import END
from ui.session import NEW, QUIT, forget

_OVER = const(3)             # the app's mode OVER
_END_LIMIT = const(2)        # Game.end_cause() (alheimur.layout's END_*)

# The top line once the game is over: which end came (rules.py explains
# them), per Game.end_cause(); each fits the turn's 8 characters.
S_END_13 = "13 pyr"                                     # 13 pyramids in play
S_END_LIMIT = "limit %d"                                # the round limit
S_END_ALONE = "1 left"                                  # no limit: one player left
S_END_200 = "rnd 200"                                   # no limit: round 200 ended
S_END_NOBODY = "0 left"                                 # no pyramid left in play


def game_over(b):
    """The game is over: the board shows the final worlds (mode OVER)."""
    if b.scr is None:
        b.make_screen()
    b.mode = _OVER
    if "alheimur.computer" in sys.modules:
        b.computer().drop_ai()
        forget("alheimur.computer")
    b.s.forget_save()
    scr = b.scr
    scr.unlit()
    scr.show(scr.view)
    scr.set_status(end_label(b.g), palette.TITLE, words.PHASES[16], palette.TITLE)
    _winner_pixels(b)
    b.fx.sound(END)
    scr.say(M_OVER, palette.TITLE)
    b.s.refresh()


def end_label(g):
    """Which end came, in the top line's words."""
    why = g.end_cause()
    if why == _END_LIMIT:
        return S_END_LIMIT % g.limit()
    return (" ", S_END_13, "", S_END_ALONE, S_END_200, S_END_NOBODY)[why]


def _winner_pixels(b):
    """The winner's colour (shared wins: their colours side by side)."""
    from alheimur.scoring import score
    win = score(b.g).winners
    px = b.s.hw.pixels
    for i in range(len(px)):
        px[i] = words.COLOURS[win[i % len(win)]]
    px.show()
    b.fx.base = words.COLOURS[win[0]]


def scores(b):
    """The scoring screen: 'new', 'quit' or 'board'."""
    from alheimur import results
    title, rows, cols, col = results.lines(b.g)
    results = None
    forget("alheimur.results")
    gc.collect()
    out = b.s.scores(title, rows, cols, col)
    return NEW if out == NEW else QUIT if out == QUIT else "board"
