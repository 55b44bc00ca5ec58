"""Replay, the same for every game: step through the moves of the game on
its board (the pause menu's "replay"), loaded only while it runs.

    right  the next move          left  the move before
    down   to the end             up    to the start
    A, B or Start                 back to the game at the move shown

A game offers it by naming its replay module (``app.REPLAY_MODULE``) and
calling ``run`` from its pause menu (having first let go of what it can,
a computer player's code: the replay's modules come on top); that module
moves its board ``b``: ``step(b, d)`` (d 1 forward, -1 back; False at that end),
``show(b)`` (the board and its words for the move shown) and ``finish(b)``
(the game goes on from the move shown). Moves stepped back over stay
ahead, to step forward again, until a new move. Both modules are loaded
only while the replay runs (``run`` drops them at its end).
"""

import gc

import boards
from lazy import forget
from ui.fx import ILLEGAL, MOVE


def run(s, b, module):
    """The replay of board ``b`` in session ``s`` until A, B or Start;
    then this module and the game's replay module are dropped."""
    try:
        _run(s, b, __import__(module, None, None, ["step"]))
    finally:
        forget(module)
        forget("ui.replay")
        gc.collect()


def _run(s, b, mod):
    mod.show(b)
    while True:
        s.refresh()
        k = s.key()
        if k == boards.A or k == boards.B or k == boards.START:
            break
        if k == boards.RIGHT or k == boards.LEFT:
            moved = mod.step(b, 1 if k == boards.RIGHT else -1)
        elif k == boards.DOWN or k == boards.UP:
            d = 1 if k == boards.DOWN else -1
            moved = False
            while mod.step(b, d):
                moved = True
        else:
            continue
        b.fx.sound(MOVE if moved else ILLEGAL)
        if moved:
            mod.show(b)
    mod.finish(b)
