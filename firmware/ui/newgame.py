"""The new-game screen every game shares: "continue" (when a game is
saved), the game's own rows, the seed and "start".

Up/down choose a row, left/right (or A) change it, A on "start" or Start
anywhere deals the game, A on "continue" goes back to the saved game, B
returns to the launcher. The game's rows come from its rows module
(``app.ROWS_MODULE``: ``ROWS`` help lines, ``row_text``, ``change``,
``row_enabled``, and ``press`` if A on a row does something else than
right does); a row
that does nothing (``row_enabled`` False) is shown dim and skipped by the
highlight.
"""

import time

import displayio
import terminalio
from micropython import const

import boards
from savehead import SEEDS
from ui import palette
from ui.fx import MOVE
from ui.menu import Menu
from ui.message import MessageLine
from ui.text import Label

_Y = const(20)
_STEP = const(12)


class _Rows:
    """Which menu row is what: continue (or none), the game's rows, seed,
    start."""

    def __init__(self, rows, saved):
        self.c = 1 if saved else 0
        self.n = len(rows.ROWS)
        self.seed = self.c + self.n
        self.start = self.seed + 1
        self.total = self.start + 1


def _text(g, rows, st, i):
    if i < rows.c:
        return "continue the saved game"
    if i == rows.seed:
        return "seed: " + (str(st.seed) if st.seed else "shuffle")
    if i == rows.start:
        return "start a new game"
    return g.row_text(st, i - rows.c)


def _enabled(g, rows, st, i):
    j = i - rows.c
    return not (0 <= j < rows.n) or g.row_enabled(st, j)


def _help(g, rows, i):
    if i < rows.c:
        return "A: back to the saved game"
    if i == rows.seed:
        return "left/right; hold for speed"
    if i == rows.start:
        return "A: deal and play, B: back"
    return g.ROWS[i - rows.c]


def _move(g, rows, st, menu, d):
    """Move the highlight by d, past rows that do nothing."""
    i = menu.sel
    for _ in range(rows.total):
        i = (i + d) % rows.total
        if _enabled(g, rows, st, i):
            break
    menu.select(i)


def ask(s):
    """Run the screen for session ``s``: 'start', 'continue' or 'back'."""
    st = s.setup
    g = __import__(s.app.ROWS_MODULE, None, None, ["ROWS"])
    rows = _Rows(g, s.saved())
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=s.app.TITLE + ": new game",
                      color=palette.TITLE, anchor_point=(0, 0),
                      anchored_position=(4, 1)))
    menu = Menu(root, 6, _Y, rows.total, step=_STEP, width=24)
    msg = MessageLine(root, 4, 115, width=26, lines=1)
    menu.select(0 if rows.c else rows.start)
    s.display.root_group = root
    fx = s.fx
    while True:
        for i in range(rows.total):
            menu.set(i, _text(g, rows, st, i), enabled=_enabled(g, rows, st, i))
        msg.show(_help(g, rows, menu.sel), palette.DIM)
        s.refresh()
        k = s.key()
        sel = menu.sel
        if k == boards.UP or k == boards.DOWN:
            _move(g, rows, st, menu, 1 if k == boards.DOWN else -1)
        elif k == boards.B:
            return "back"
        elif k == boards.START or (k == boards.A and sel == rows.start):
            _keep(s)
            return "start"
        elif k == boards.A and sel < rows.c:
            return "continue"
        elif k == boards.A and rows.c <= sel < rows.seed and hasattr(g, "press"):
            g.press(st, sel - rows.c)        # the game's own A (Alheimur's seat row)
            fx.sound(MOVE)
        elif k == boards.A or k == boards.LEFT or k == boards.RIGHT:
            d = -1 if k == boards.LEFT else 1
            if sel == rows.seed:
                st.seed = (st.seed + d) % 1000
            elif rows.c <= sel < rows.seed:
                g.change(st, sel - rows.c, d)
            fx.sound(MOVE)


def _keep(s):
    """Remember the options for the next time (the saved game stays until
    the new one replaces it), and deal: the seed, or a fresh one for
    "shuffle"."""
    s.store.set_game(s.app.TAG, s.options(), s.saved())
    st = s.setup
    st.dealt = st.seed or fresh_seed()


def fresh_seed():
    """A seed for "shuffle": from the board's random source if it has one."""
    import os  # here: built into CircuitPython, but a module of its own in the test VM
    try:
        b = os.urandom(2)
        return (b[0] << 8 | b[1]) % SEEDS + 1
    except (AttributeError, NotImplementedError, OSError):
        return time.monotonic_ns() % SEEDS + 1

