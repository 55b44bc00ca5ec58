"""While the computer thinks: its progress on the NeoPixels, and the keys
that stop it ("move now", "cancel"); ``decide``, the one way every game's
computer seat chooses.

    t = Thinking(fx, buttons, 1 << boards.A | 1 << boards.B)
    ai.choose(..., t.progress, t.stop)
    if t.hit: ...     # one of the keys was pressed
    t.seen            # every key pressed meanwhile (a game may read others)

``stop`` reads every event queued meanwhile, so no press made while the
computer thinks acts on the board later; the queued sounds and flashes go
on. Every game with computer seats uses it.
"""

import gc
import sys
import time

from supervisor import ticks_ms

import boards

# Said by decide (fits the message line whole: tests/test_messages.py)
M_LOW_MEMORY = "memory ran low: %s plays %s from now on"   # player, level


def now_us():
    """The clock a search reads for its deadline (microseconds)."""
    return time.monotonic_ns() // 1000


class Thinking:
    def __init__(self, fx, buttons, keys, s=None):
        self.fx = fx
        self.buttons = buttons
        self.keys = keys          # a bit mask of boards' key numbers
        self.s = s                # the session (its last press: ``stop``)
        self.hit = False
        self.seen = 0             # every key pressed meanwhile (a bit mask)
        buttons.clear()           # a press made before was meant for the board
        fx.progress(0.0)

    def progress(self, frac):
        self.fx.progress(frac)

    def stop(self):
        """True once one of the keys was pressed (since this began). A
        press within half a second of the session's last is not taken: it is
        meant for what the player saw, not a second tap of that one (a
        press just after the game took control skips nothing)."""
        self.fx.update()
        while True:
            ev = self.buttons.get()
            if ev is None:
                return self.hit
            if ev.pressed and (self.s is None or boards.ticks_diff(
                    ticks_ms(), self.s.last) >= 500):   # ms
                self.seen |= 1 << ev.key
                if self.keys >> ev.key & 1:
                    self.hit = True


def ai(b):
    """Board ``b``'s AI module (``b.AI``), imported at its first use (a
    hot-seat game never pays for it); a collection first, so its code
    finds room in one piece."""
    name = b.AI
    if name not in sys.modules:
        gc.collect()
        __import__(name)
    return sys.modules[name]


def decide(b, p, seat, levels):
    """Computer seat ``p`` of board ``b`` (ui.session.Board) chooses at its
    level, one of ``levels`` (the AI's, cheapest first): (its choice, a
    note or None). ``seat`` is the game's computer turn: ``thinking(p,
    level)`` says so on the screen, ``choose(p, level, thinking)`` asks
    the AI, ``keep()``/``restore(kept)`` put the game back as the search
    found it, ``player(p)`` names a player. While it
    thinks the NeoPixels show its progress; A or B makes it act now with
    its best so far. After a MemoryError the game is put back, the AI's
    code and buffers go, and the seat plays the next cheaper level for the
    rest of the game (the note says so); there is none cheaper than the
    first."""
    note = None
    while True:
        level = b.seats[p]
        if level not in levels:       # a level this version no longer has
            level = b.seats[p] = levels[0]
        seat.thinking(p, level)
        b.s.refresh()
        think = Thinking(b.fx, b.s.buttons, 1 << boards.A | 1 << boards.B, b.s)
        kept = seat.keep()
        try:
            if b.s.fault("oom"):
                raise MemoryError("injected fault (oom)")
            choice = seat.choose(p, level, think)
        except MemoryError:
            seat.restore(kept)
            b.drop_computer()
            i = levels.index(level)
            if i == 0:
                raise
            b.seats[p] = levels[i - 1]
            note = M_LOW_MEMORY % (seat.player(p), levels[i - 1])
            continue
        b.fx.progress(1.0)
        return choice, note
