"""The end of an Alheimur game on the board (loaded for it, then dropped):
the computer seats' code goes, the save is forgotten, the top line says
which end came, the winner's colour on the NeoPixels, and the scoring
screen.
"""

# The play screen (``b.scr``) is made first when it is None: the checker
# cannot follow that, as in app.py.
# pyright: reportOptionalMemberAccess=false

import gc

from micropython import const

from alheimur import words
from alheimur.app import M_OVER
from lazy import forget
from ui import palette
from ui.fx import END
from ui.session import NEW, QUIT

_OVER = const(3)             # the app's mode OVER
# consts from alheimur.layout (tools/consts.py; do not edit)
_END_LIMIT = const(2)
# end consts

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
    b.drop_computer()
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
    b.winners([words.COLOURS[p] for p in score(b.g).winners])


def scores(b):
    """The scoring screen: 'new', 'quit' or 'board'."""
    from alheimur import results
    title, rows, cols, col = results.lines(b.g)
    results = None
    forget("alheimur.results")
    gc.collect()
    out = b.s.scores(title, rows, cols, col)
    return NEW if out == NEW else QUIT if out == QUIT else "board"
