"""The end of an Alheimur game on the board (loaded for it, then dropped):
the computer seats' code goes, the save is forgotten, the winner's colour
on the NeoPixels, and the scoring screen.
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
    b.status()
    _winner_pixels(b)
    b.fx.sound(END)
    scr.say(M_OVER, palette.TITLE)
    b.s.refresh()


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
