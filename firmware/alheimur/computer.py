"""Computer seats on the Alheimur board (loaded at the first computer
decision, dropped with the AI when the game ends).

``choose`` is the one place that calls the AI (alheimur/ai.py): the
level's ``ai.LEVELS[level](game, rng, buf, n, deadline_us, now_us,
progress, should_stop)`` picks from the legal actions while the NeoPixels
show its progress; A or B makes it act now with its best so far. A seat
whose level the AI no longer has plays the first level there is; a
MemoryError while choosing puts the game back as it was and makes that
seat play "random" for the rest of the game.

Every computer action is shown: the world or orbit it happens on, the
cursor on what moved, what it did in words, a moment to see it.
"""

import gc
import sys
import time

from micropython import const

import boards
from alheimur import words
from ui import palette
from ui.fx import PLACE
from ui.session import forget
from ui.think import Thinking

# Private copies of the alheimur.actions and alheimur.layout numbers used
# here: a const() name with a leading underscore costs no global and no
# bytecode lookup (tests/test_alheimur_app.py checks them against the
# originals).
_PASS = const(0)
_P_SURVIVE = const(5)
_FREE = const(255)

_THINK_MS = {"random": 0, "easy": 600, "medium": 1500, "hard": 3000}
_OTHER_MS = const(1500)      # a level this table does not know
_SHOW_MS = const(450)        # a computer's action stays in view this long
_PASS_MS = const(150)        # .. a pass

# Messages (each fits its place whole: tests/test_messages.py)
M_DID = "%s: %s"                                       # name, act
M_THINKING = "%s (%s) is thinking. A or B: move now"   # name, level
M_LOW_MEMORY = "memory ran low: %s plays random moves now"   # name
S_THINKS = "%s thinks"                                 # letter


def now_us():
    return time.monotonic_ns() // 1000


def _ai():
    """The AI module, imported at its first use (a hot-seat game never
    pays for it); collect first so its code finds room in one piece."""
    if "alheimur.ai" not in sys.modules:
        gc.collect()
    from alheimur import ai
    return ai


def drop_ai():
    """Give back the AI's buffers and code, if it was ever loaded."""
    ai = sys.modules.get("alheimur.ai")
    if ai is None:
        return
    release = getattr(ai, "release", None)
    if release is not None:
        release()
    ai = release = None
    for m in list(sys.modules):
        if m.startswith("alheimur.ai"):
            forget(m)
    gc.collect()


def level_of(b, p):
    """Seat p's level, one the AI has (else its first)."""
    ai = _ai()
    lv = b.seats[p]
    if lv not in ai.LEVELS:
        lv = "random" if "random" in ai.LEVELS else sorted(ai.LEVELS)[0]
        b.seats[p] = lv
    return lv


def choose(b, p, buf, n):
    """Seat p's action among the n legal ones in buf."""
    g = b.g
    level = level_of(b, p)
    ms = _THINK_MS.get(level, _OTHER_MS)
    if ms and b.scr is not None:
        b.scr.set_status(b.scr.turn.text, b.scr.turn.color, S_THINKS % words.LETTERS[p],
                         words.COLOURS[p])
        b.scr.say(M_THINKING % (words.NAMES[p], level), palette.DIM)
        b.s.refresh()
    think = Thinking(b.fx, b.s.buttons, 1 << boards.A | 1 << boards.B)
    saved = g.state()
    try:
        if b.s.fault("oom"):
            raise MemoryError("injected fault (oom)")
        ai = _ai()
        # Anytime: the thinking's progress on the NeoPixels, A or B (or the
        # level's time) makes it act with its best so far.
        a = ai.LEVELS[level](g, b.rng, buf, n, now_us() + ms * 1000, now_us,
                             think.progress, think.stop)
    except MemoryError:
        if g.state() != saved:
            g.load(saved)          # a search cut short may leave trial actions
        drop_ai()
        b.seats[p] = "random"
        b.note = M_LOW_MEMORY % words.NAMES[p]
        ai = _ai()
        a = ai.LEVELS["random"](g, b.rng, buf, g.legal(buf))
    b.fx.progress(1.0)
    return a


def move(b):
    """The computer seat that decides now takes one action, shown."""
    g = b.g
    scr = b.scr
    p = g.actor()
    if g.phase() == _P_SURVIVE:
        from alheimur import shows  # loaded for it: never while the AI thinks
        shows.survival(b, True)
        return
    n = g.legal(g.sbuf)        # the engine's own list, read (the AI changes no array of g)
    scr.unlit()
    b.note = ""                # what the last seat did is over: this seat's move is said
    a = choose(b, p, g.sbuf, n)
    note = b.note              # choose's own news (memory ran low) goes first
    from alheimur.acts import action, look  # after the thinking (dropped for it)

    text = M_DID % (words.NAMES[p], action(g, a))
    where = look(g, a)
    g.apply(a, False)
    if a != _PASS:
        b.fx.sound(PLACE)
    b.after(note or text)
    b.pixels()
    if where >= 128 and g.sl[where - 128] == _FREE:
        where = -1
    if where != -1:
        scr.put_on(where)
    scr.draw_marks()
    b.s.refresh()
    b.wait(_PASS_MS if a == _PASS else _SHOW_MS)
    b.s.buttons.clear()
