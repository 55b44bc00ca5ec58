"""Driving the handheld app through the headless simulator (tests/test_app.py,
tools/screenshots.py, tools/bench.py).

    from appdriver import Driver, run_sim
    d = Driver(new_game(1))
    d.build(kind, lot)                 # appends the presses to d.lines
    p = run_sim(script, shot="x.png", state="x.json", board="pygamer")

``Driver`` mirrors what the board screen (firmware/aliencity/screen.py)
does with the cursor and the selected piece, so the presses for a series
of builds can be computed from the engine's legal moves.
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths
from aliencity.geometry import NKINDS, NLOTS

START_LOT = 4 * 8 + 3     # the board's cursor starts on D6


class Driver:
    """Button presses for a series of builds on ``game`` (which it plays
    along, so ``game`` follows the app's position)."""

    def __init__(self, game):
        self.g = game
        self.cur = START_LOT
        self.kind = 0
        self.lines = []
        self.first_kind()

    def first_kind(self):
        g = self.g
        if g.over():
            return
        for i in range(NKINDS):
            k = (self.kind + i) % NKINDS
            if g.supply[g.to_move * NKINDS + k]:
                self.kind = k
                return

    def next_kind(self):
        g = self.g
        for i in range(1, NKINDS + 1):
            k = (self.kind + i) % NKINDS
            if g.supply[g.to_move * NKINDS + k]:
                self.kind = k
                return

    def select(self, kind):
        """B until ``kind`` is the selected piece."""
        while self.kind != kind:
            self.lines.append("b")
            self.next_kind()

    def goto(self, lot):
        """The shortest d-pad path (the cursor wraps) to ``lot``."""
        x, y = self.cur & 7, self.cur >> 3
        tx, ty = lot & 7, lot >> 3
        dx = (tx - x) % 8
        self.lines += ["right"] * dx if dx <= 4 else ["left"] * (8 - dx)
        dy = (ty - y) % 10
        self.lines += ["down"] * dy if dy <= 5 else ["up"] * (10 - dy)
        self.cur = lot

    def claimable(self, player):
        g = self.g
        return [v for v in range(NLOTS) if g.cap_why_not(player, v) is None]

    def build(self, kind, lot, claim_own=True):
        """Select, go, A; then in the claim prompt cap the new tower
        (``claim_own``, when it may be capped) or skip with B."""
        self.select(kind)
        self.goto(lot)
        self.lines.append("a")
        g = self.g
        p = g.to_move
        g.play(kind, lot)
        claimable = self.claimable(p)
        if claimable:
            if self.cur not in claimable:
                self.cur = next(v for v in list(range(self.cur + 1, NLOTS)) +
                                list(range(self.cur)) if v in claimable)
            if claim_own and self.cur == lot:
                g.undo()
                g.play(kind, lot, lot)
                self.lines.append("a")
            else:
                self.lines.append("b")
        self.first_kind()

    def script(self, prefix="", suffix=""):
        return prefix + "\n".join(self.lines) + "\n" + suffix


def sim_env():
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1")


def run_sim(script, shot=None, state=None, nvm=None, board=None, code=None,
            shot_scale=1, timeout=50, env=None, check=True):
    """One headless run of ``python -m sim`` with ``script`` (text).
    Returns the CompletedProcess (stdout/stderr as text); raises
    RuntimeError when the run failed and ``check``."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(script)
        name = f.name
    cmd = [sys.executable, "-m", "sim", "--headless", "--script", name,
           "--timeout", str(timeout)]
    if shot:
        cmd += ["--screenshot", str(shot), "--shot-scale", str(shot_scale)]
    if state:
        cmd += ["--state", str(state)]
    if nvm:
        cmd += ["--nvm", str(nvm)]
    if board:
        cmd += ["--board", board]
    if code:
        cmd += ["--code", str(code)]
    e = sim_env()
    if env:
        e.update(env)
    try:
        p = subprocess.run(cmd, cwd=paths.ROOT, env=e, capture_output=True,
                           text=True, timeout=timeout + 10)
    finally:
        os.unlink(name)
    if check and p.returncode != 0:
        raise RuntimeError("sim failed (%d):\n%s" % (p.returncode, p.stderr))
    return p
