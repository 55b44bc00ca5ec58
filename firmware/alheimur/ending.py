"""The end of an Alheimur game on the board (loaded for it, then dropped):
``game_over`` drops the computer seats' code, forgets the save, says
"the end" on the top line, puts the winner's colour on the NeoPixels
and hands the final worlds to a human's turn (mode OVER), whose message
names the winner and the end in words; ``scores`` is the scoring screen
(its lines: results.py).
"""

import gc

from alheimur import words
from lazy import forget
from ui import palette
from ui.fx import END
from ui.session import NEW, QUIT

# The top line once the game is over (8 characters at most, beside eight
# worlds' tabs: the end's words need the message, which says them).
S_END = "the end"


def game_over(b):
    """The game is over: the app's Board ``b`` shows the final worlds."""
    scr = b.scr if b.scr is not None else b.make_screen()
    turn = b.human()          # the computer's turn goes
    b.drop_computer()
    forget("alheimur.computer")
    b.s.ended()               # the cleared save, written at once
    scr.unlit()
    scr.roll()                # the last shot's dice go: the final worlds show
    scr.show(scr.view)
    scr.set_status(S_END, palette.TITLE, words.PHASES[16], palette.TITLE)
    b.winners([words.COLOURS[p] for p in _winners(b.g)])
    b.fx.sound(END)
    from alheimur import results
    won = results.lines(b.g)[0]
    end = results.L_END % results.why(b.g)
    results = None
    forget("alheimur.results")
    turn.game_over(won, end)
    b.s.refresh()


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
