"""The end of an Alheimur game on the board (loaded for it, then dropped):
``game_over`` drops the computer seats' code, forgets the save, says
which end came on the top line, puts the winner's colour on the NeoPixels
and hands the final worlds to a human's turn (mode OVER), whose message
names the winner and the end in words; ``scores`` is the scoring screen
(its lines: results.py).
"""

# The play screen (``b.scr``) is made first when it is None: the checker
# cannot follow that, as in app.py.
# pyright: reportOptionalMemberAccess=false

import gc

from micropython import const

from alheimur import words
from lazy import forget
from ui import palette
from ui.fx import END
from ui.session import NEW, QUIT

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
    """The game is over: the app's Board ``b`` shows the final worlds."""
    if b.scr is None:
        b.make_screen()
    turn = b.human()          # the computer's turn goes
    b.drop_computer()
    forget("alheimur.computer")
    b.s.ended()               # the cleared save, written at once
    scr = b.scr
    scr.unlit()
    scr.show(scr.view)
    scr.set_status(end_label(b.g), palette.TITLE, words.PHASES[16], palette.TITLE)
    b.winners([words.COLOURS[p] for p in _winners(b.g)])
    b.fx.sound(END)
    from alheimur import results
    won = results.lines(b.g)[0]
    end = results.L_END % results.why(b.g)
    results = None
    forget("alheimur.results")
    turn.game_over(won, end)
    b.s.refresh()


def end_label(g):
    """Which end came, in the top line's words."""
    why = g.end_cause()
    if why == _END_LIMIT:
        return S_END_LIMIT % g.limit()
    return (" ", S_END_13, "", S_END_ALONE, S_END_200, S_END_NOBODY)[why]


def _winners(g):
    """The winners' seats (shared wins: all of them)."""
    from alheimur.scoring import score
    return score(g).winners


def scores(g, s):
    """The scoring screen of game g on the shell's session s: 'new',
    'quit' or 'board'."""
    from alheimur import results
    title, rows, cols, col = results.lines(g)
    results = None
    forget("alheimur.results")
    gc.collect()
    out = s.scores(title, rows, cols, col)
    return NEW if out == NEW else QUIT if out == QUIT else "board"
