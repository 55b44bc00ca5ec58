"""Is the screen up to date whenever the firmware waits for a press?
(issue 30: a press that changes what is shown redraws before the app
waits again.)

At every wait for a press (``ui/session.Fx.next_press``: the shell's
``Session.key``, the launcher, the text view) and every moment's view
(``ui/session.Board.show_for``: a computer's move, the dice) the simulated
panel must show what a fresh redraw of the displayio tree shows now
(``_simdisplay.SimDisplay.pending_pixels``: the areas displayio marks
as changed since the last refresh, composed; every 16th check the whole
screen, ``stale_pixels``). The check wraps those two
functions of the firmware loaded now; modules loaded again (a reset, the
next run) are wrapped again by the next ``install``.

    checker = Checker()              # the simulator's board.DISPLAY
    checker.install()                # at every turn of the pump (cheap)
    checker.waits, checker.stale     # how many checks; [(where, pixels, ms)]

In the simulator's own process (``python -m sim --code tools/fresh.py``)
this file runs firmware/code.py with the check installed and appends one
JSON line to $FRESH_OUT when the run ends: {"waits": n, "stale": [...]}.
A whole screen composed afresh costs about 0.1 s here, the changed areas
next to nothing.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class Checker:
    def __init__(self, display=None, shots=None, keep=3, every=16):
        self.display = display   # None: the simulator's (_simhost.display)
        self.waits = 0
        self.stale = []          # (where, pixels that differ, virtual ms)
        self.shots = shots       # a folder: the first stale waits' panel and fresh picture
        self.keep = keep
        self.every = every       # every so many checks, a whole fresh redraw

    def install(self):
        """Wrap the firmware's waits loaded now (again after a reload)."""
        sess = sys.modules.get("ui.session")
        if sess is not None and getattr(sess.Fx.next_press, "fresh", None) is not self:
            sess.Fx.next_press = self._wrap(sess.Fx.next_press)
        if sess is not None and getattr(sess.Board.show_for, "fresh", None) is not self:
            sess.Board.show_for = self._wrap(sess.Board.show_for)

    def _wrap(self, real):
        def wait(*args):
            self.check(sys._getframe(1))
            return real(*args)
        wait.fresh = self
        wait.__name__ = real.__name__
        return wait

    def check(self, frame):
        """The panel against a fresh redraw, now."""
        self.waits += 1
        if self.display is None:
            import _simhost
            self.display = _simhost.display
        # What a refresh now would change; now and then the whole screen
        # composed afresh too, should displayio's change tracking miss one.
        n = self.display.pending_pixels()
        if not n and self.waits % self.every == 0:
            n = self.display.stale_pixels()
        if not n:
            return
        where = []
        f = frame
        while f is not None and len(where) < 4:
            fn = f.f_code.co_filename
            if "firmware" in fn or "boards" in fn:
                where.append("%s:%s:%d" % (os.path.basename(fn), f.f_code.co_name, f.f_lineno))
            f = f.f_back
        import _simhost
        self.stale.append((" < ".join(where), n, round(_simhost.now_ms())))
        if self.shots and len(self.stale) <= self.keep:
            self._save(len(self.stale))

    def _save(self, k):
        import pygame
        os.makedirs(self.shots, exist_ok=True)
        d = self.display
        size = (d.width, d.height)
        for name, data in (("panel", d.panel()), ("fresh", d.fresh())):
            pygame.image.save(pygame.image.frombuffer(data, size, "RGB"),
                              os.path.join(self.shots, "stale%d-%s.png" % (k, name)))

    def report(self):
        return {"waits": self.waits, "stale": self.stale}


def main():
    """Run firmware/code.py in the simulator with the check (--code)."""
    import json
    import runpy

    import _simhost
    checker = Checker(_simhost.display, shots=os.environ.get("FRESH_SHOTS"))
    inner = _simhost.pump_hook

    def pump():
        checker.install()
        inner()
    _simhost.pump_hook = pump
    try:
        runpy.run_path(os.path.join(os.path.dirname(HERE), "firmware", "code.py"),
                       run_name="__main__")
    finally:
        _simhost.pump_hook = inner
        with open(os.environ["FRESH_OUT"], "a") as f:
            f.write(json.dumps(checker.report()) + "\n")


if __name__ == "__main__":
    main()
