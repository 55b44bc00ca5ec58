"""While the computer thinks: its progress on the NeoPixels, and the keys
that stop it ("move now", "cancel").

    t = Thinking(fx, buttons, 1 << boards.A | 1 << boards.B)
    ai.choose(..., t.progress, t.stop)
    if t.hit: ...     # one of the keys was pressed

``stop`` reads every event queued meanwhile, so no press made while the
computer thinks acts on the board later; the queued sounds and flashes go
on. Every game with computer seats uses it.
"""


class Thinking:
    def __init__(self, fx, buttons, keys):
        self.fx = fx
        self.buttons = buttons
        self.keys = keys          # a bit mask of boards' key numbers
        self.hit = False
        buttons.clear()           # a press made before was meant for the board
        fx.progress(0.0)

    def progress(self, frac):
        self.fx.progress(frac)

    def stop(self):
        """True once one of the keys was pressed (since this began)."""
        self.fx.update()
        while True:
            ev = self.buttons.get()
            if ev is None:
                return self.hit
            if ev.pressed and self.keys >> ev.key & 1:
                self.hit = True
