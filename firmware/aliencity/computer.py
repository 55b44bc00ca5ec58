"""Computer seats on the Alien City board (loaded at the first computer
move or hint, dropped with the AI when the game ends); hints are in
aliencity/hint.py, which uses this module.

While the computer thinks the NeoPixels show its progress; A or B makes it
move now with its best build so far; B cancels a hint. A MemoryError
during a computer move drops that seat to a cheaper level for the rest of
the game; during a hint it says so and changes nothing.
"""

import gc
import sys
import time

from micropython import const

import boards
from aliencity.geometry import NONE, PLAYER_WORDS, lot_name, piece_name
from ui import palette
from ui.fx import CLAIM, PLACE
from ui.session import forget
from ui.think import Thinking

_THINK_MS = {"easy": 600, "medium": 1500, "hard": 3000}
_SHOW_MS = const(350)       # a computer's build stays in view this long
_CHEAPER = {"hard": "medium", "medium": "easy", "easy": "random"}

# Messages (each fits the message line with the longest names:
# tests/test_messages.py)
M_THINKING = "computer (%s) thinking; A or B: move now"   # level
M_BUILT = "%s built a %s on %s"                         # player, piece, lot
M_BUILT_CAP = "%s built a %s on %s and capped %s"       # player, piece, lot, lot
M_LOW_MEMORY = "memory ran low: %s plays %s from now on"  # player, level
S_THINKS = "%s thinks"                                  # player


def now_us():
    return time.monotonic_ns() // 1000


def _ai():
    """The AI module, imported at its first use (a hot-seat game never
    pays for it); collect first so its code finds room in one piece."""
    if "aliencity.ai" not in sys.modules:
        gc.collect()
    from aliencity import ai
    return ai


def drop_ai():
    """Give back the AI's buffers and code, if it was ever loaded."""
    ai = sys.modules.get("aliencity.ai")
    if ai is None:
        return
    ai.release()
    ai = None
    forget("aliencity.ai")
    forget("aliencity.ai_eval")
    gc.collect()


def choose(b, level, ms, think, fault):
    """ai.choose for the board's game; MemoryError after taking back any
    trial builds and giving the buffers back."""
    g = b.g
    n0 = g.nbuilds
    ai = _ai()
    try:
        if b.s.fault(fault):
            raise MemoryError("injected fault (%s)" % fault)
        t0 = now_us()
        return ai.choose(g, level, b.rng, t0 + ms * 1000, now_us,
                         think.progress, think.stop)
    except MemoryError:
        while g.nbuilds > n0:        # a search cut short may leave trial builds
            g.undo()
        ai.release()
        ai = None
        gc.collect()
        raise


def turn(b):
    """The computer seat to move builds (and maybe claims)."""
    g = b.g
    scr = b.scr
    p = g.to_move
    level = b.seats[p]
    scr.show_state(S_THINKS % PLAYER_WORDS[p], palette.TITLE)
    scr.say(M_THINKING % level, palette.DIM)
    scr.selector.hidden = True
    b.fx.progress(0.0)
    b.s.refresh()
    note = ""
    while True:
        think = Thinking(b.fx, b.s.buttons, 1 << boards.A | 1 << boards.B)
        try:
            kind, lot, cap = choose(b, level, _THINK_MS.get(level, 1000), think, "oom")
            break
        except MemoryError:
            level = _CHEAPER.get(level)
            if level is None:
                raise
            b.seats[p] = level          # for the rest of this game
            note = M_LOW_MEMORY % (PLAYER_WORDS[p], level)
    g.play(kind, lot, cap)
    b.fx.progress(1.0)
    scr.cur = lot
    scr.place_cursor()
    if note:
        text = note                 # the board shows the build
    elif cap != NONE:
        text = M_BUILT_CAP % (PLAYER_WORDS[p], piece_name(kind), lot_name(lot), lot_name(cap))
    else:
        text = M_BUILT % (PLAYER_WORDS[p], piece_name(kind), lot_name(lot))
    if cap != NONE:
        b.fx.flash(palette.PX_CLAIM, 400)
        b.fx.sound(CLAIM)
    else:
        b.fx.sound(PLACE)
    b.after_build(text)
    b.s.refresh()
    end = time.monotonic() + _SHOW_MS / 1000
    while time.monotonic() < end:
        b.fx.update()
        time.sleep(0.01)
    b.s.buttons.clear()
