"""What the NeoPixels and the speaker say, shared by every game.

Pixels: a steady state (whose turn, game over) plus short flashes (claim,
illegal move) that end by themselves; a progress bar while the computer
thinks. Sounds: short tones, queued, muted by the sound setting (the board
adapter's ``hw.tone`` knows it). Call ``update()`` from the main loop.

A game asks (``sound``, ``flash``, ``steady``) and the loop's ``update``
does it: at the wait for the next press (or a moment's view, a
computer's thinking), after the display shows what was asked for, so the
lights and the tone come with the picture, and a press's trip does not go
through the board's code (tools/trips.py).
"""

import time

import supervisor
from micropython import const

from boards import ticks_add, ticks_diff
from ui import palette, saving

_QN = const(6)
# The next tone is due at most this long after one starts (its ms and 10 ms
# of pause; the longest tone is 200 ms). A deadline further ahead is stale:
# ticks wrap at 2**29 ms, so after 2**28 ms (about 75 hours) without a tone
# ticks_diff would put the old deadline up to 75 hours in the future.
_GAP_MAX = const(1000)
# Sound effects: (frequency, ms) pairs.
PLACE = ((660, 40),)
CLAIM = ((880, 50), (1320, 70))
ILLEGAL = ((180, 140),)
END = ((523, 90), (659, 90), (784, 90), (1047, 200))
MOVE = ((1200, 8),)


class Fx:
    """``store``: the save store, written at the waits for a press as
    ui/saving.py decides (None: never)."""

    def __init__(self, hw, store=None):
        self.hw = hw
        self.store = store
        self.px = hw.pixels
        self.n = len(hw.pixels)
        self.base = palette.PX_OFF
        self.lit = -1             # the colour for the strip at the next update (-1: none)
        self.flash_ms = 0         # a flash asked for: its ms, from the next update
        self.flash_until = -1
        self.qf = [0] * _QN
        self.qm = [0] * _QN
        self.qh = 0
        self.qn = 0
        self.next_tone = supervisor.ticks_ms()

    # -- pixels ---------------------------------------------------------------

    def steady(self, colour):
        """The colour the strip shows when nothing else is going on."""
        self.base = colour
        if self.flash_until < 0 and not self.flash_ms:
            self.lit = colour

    def _fill(self, colour):
        self.px.fill(colour)
        self.px.show()

    def flash(self, colour, ms=300):
        self.lit = colour
        self.flash_ms = ms

    def progress(self, frac, colour=palette.PX_THINK):
        """Light the strip from the left up to frac (0..1); with one pixel,
        its brightness follows frac."""
        n = self.n
        px = self.px
        self.lit = -1             # (what was asked before is drawn over)
        if n == 1:
            f = 0.2 + 0.8 * frac
            px[0] = (int((colour >> 16 & 255) * f) << 16 | int((colour >> 8 & 255) * f) << 8
                     | int((colour & 255) * f))
        else:
            lit = int(frac * n + 0.999)
            if lit < 1:
                lit = 1
            for i in range(n):
                px[i] = colour if i < lit else 0
        px.show()

    # -- sound ----------------------------------------------------------------

    def sound(self, tones):
        for f, ms in tones:
            if self.qn < _QN:
                i = (self.qh + self.qn) % _QN
                self.qf[i] = f
                self.qm[i] = ms
                self.qn += 1

    # -- the loop's turn --------------------------------------------------------

    def next_press(self, buttons):
        """Wait for the next button press, keeping lights and sounds going
        and writing the store when it is due (ui/saving.py); returns the
        (preallocated) event. Releases are skipped. Every screen's wait
        for a press is this one."""
        st = self.store
        while True:
            if st is not None:
                saving.tick(st)
            self.update()
            ev = buttons.get()
            if ev is None:
                time.sleep(0.01)
            elif ev.pressed:
                return ev

    def update(self):
        now = supervisor.ticks_ms()
        ms = self.flash_ms
        if ms:
            self.flash_ms = 0
            self.flash_until = ticks_add(now, ms)
        elif self.flash_until >= 0 and ticks_diff(now, self.flash_until) >= 0:
            self.flash_until = -1
            self.lit = self.base
        c = self.lit
        if c >= 0:
            self.lit = -1
            self._fill(c)
        if self.qn:
            wait = ticks_diff(self.next_tone, now)
            if wait <= 0 or wait > _GAP_MAX:
                i = self.qh
                self.qh = (i + 1) % _QN
                self.qn -= 1
                self.hw.tone(self.qf[i], self.qm[i])
                self.next_tone = ticks_add(now, self.qm[i] + 10)
        self.hw.tick()
