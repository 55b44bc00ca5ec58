"""The new-game screen every game shares: "continue" (when a game is
saved), the game's own rows, the seed and "start".

Up/down move the highlight one row as drawn (a dim row too: it shows its
help and changes nothing), left/right (or A, as right) change the row's
value in every game, A on "start" or Start anywhere deals the game, A on
"continue" goes back to the saved game, B returns to the launcher. The
game's rows come from its rows module (``app.ROWS_MODULE``: ``ROWS`` help
lines, ``row_text``, ``change``, ``row_enabled``; and ``rows(st)``, the
help lines of the rows there are now, when their number changes, as
Alheimur's one row per seat). More rows than fit scroll, a mark at the
edge (^ above, v below) saying there are more.
"""

import time

import displayio
import terminalio
from micropython import const

import boards
from savehead import SEEDS
from ui import palette
from ui.fx import ILLEGAL, MOVE
from ui.menu import Menu
from ui.text import Label, MessageLine

_Y = const(20)
_STEP = const(12)
_FIT = const(8)        # rows between the title and the help line


class _Rows:
    """Which row is what: continue (or none), the game's rows, seed,
    start."""

    def __init__(self, g, saved, st):
        self.help = g.rows(st) if hasattr(g, "rows") else g.ROWS
        self.c = 1 if saved else 0
        self.n = len(self.help)
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


def _help(rows, i):
    if i < rows.c:
        return "A: back to the saved game"
    if i == rows.seed:
        return "left/right; hold for speed"
    if i == rows.start:
        return "A: deal and play, B: back"
    return rows.help[i - rows.c]


def ask(s):
    """Run the screen for session ``s``: 'start', 'continue' or 'back'."""
    st = s.setup
    g = __import__(s.app.ROWS_MODULE, None, None, ["ROWS"])
    saved = s.saved() is not None
    rows = _Rows(g, saved, st)
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=s.app.TITLE + ": new game",
                      color=palette.TITLE, anchor_point=(0, 0),
                      anchored_position=(4, 1)))
    # Rows that come and go may outgrow the screen: room for all that fit.
    shown = _FIT if hasattr(g, "rows") else min(rows.total, _FIT)
    menu = Menu(root, 6, _Y, shown, step=_STEP, width=24)
    msg = MessageLine(root, 4, 115, width=26, lines=1)
    sel = 0 if rows.c else rows.start      # the row highlighted
    top = 0                                # the row drawn first
    s.display.root_group = root
    fx = s.fx
    while True:
        rows = _Rows(g, saved, st)
        sel = min(sel, rows.total - 1)
        top = max(0, min(top, sel, rows.total - shown))     # sel in view, no blank rows
        if sel >= top + shown:
            top = sel - shown + 1
        for j in range(shown):
            i = top + j
            if i >= rows.total:
                menu.set(j, "")
                continue
            t = _text(g, rows, st, i)
            if (j == 0 and top) or (j == shown - 1 and i < rows.total - 1):
                t = (t + " " * 23)[:23] + ("^" if j == 0 else "v")   # more rows that way
            menu.set(j, t, enabled=_enabled(g, rows, st, i))
        menu.select(sel - top)
        msg.show(_help(rows, sel), palette.DIM)
        s.refresh()
        k = s.key()
        if k == boards.UP or k == boards.DOWN:
            sel = (sel + (1 if k == boards.DOWN else -1)) % rows.total   # the view follows
        elif k == boards.B:
            return "back"
        elif k == boards.START or (k == boards.A and sel == rows.start):
            _keep(s)
            return "start"
        elif k == boards.A and sel < rows.c:
            return "continue"
        elif k == boards.A or k == boards.LEFT or k == boards.RIGHT:
            d = -1 if k == boards.LEFT else 1
            if not _enabled(g, rows, st, sel):
                fx.sound(ILLEGAL)                    # a dim row: nothing to change
                continue
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

