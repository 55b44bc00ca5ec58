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
from array import array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths
from aliencity import moves, streets
from aliencity.engine import MAX_MOVES
from aliencity.geometry import NKINDS, NLOTS
from ui.saving import GAP

START_LOT = 4 * 8 + 3     # the board's cursor starts on D6
# A script line that waits until the shell's pending write is made (at a
# wait for a press, ui/saving.GAP after the last write): a script that
# reads the saved game back ends with it.
WRITTEN = "wait %d\n" % (GAP + 1000)


class Driver:
    """Button presses for a series of builds on ``game`` (which it plays
    along, so ``game`` follows the app's position), the fewest the
    controls allow.

    scheme "new" (the firmware's): B next piece, Select previous piece, A
    where the piece may not go jumps the cursor to the nearest lot where it
    may (aliencity/screen.py ``nearest_legal``; or to the lot a ring-lot
    refusal names, when the piece may go there), and so does the cursor by
    itself at the start of every turn, the first included, and after a
    change of piece (``to_legal``); single d-pad presses wrap.
    scheme "old" (before issue 15, kept to measure against): B next piece
    only, no jump."""

    def __init__(self, game, scheme="new"):
        self.g = game
        self.scheme = scheme
        self.cur = START_LOT
        self.kind = 0
        self.lines = []
        self.buf = array("H", [0] * MAX_MOVES)
        self.first_kind()
        if scheme == "new":
            self.to_legal()

    def first_kind(self):
        g = self.g
        if g.over():
            return
        for i in range(NKINDS):
            k = (self.kind + i) % NKINDS
            if g.supply[g.to_move * NKINDS + k]:
                self.kind = k
                return

    def _steps(self, kind, d):
        """Presses of B (d 1) or Select (d -1) from the selection to kind."""
        g = self.g
        k = self.kind
        n = 0
        while k != kind:
            for i in range(1, NKINDS + 1):
                c = (k + d * i) % NKINDS
                if g.supply[g.to_move * NKINDS + c]:
                    k = c
                    break
            n += 1
            if n > NKINDS:
                return 99
        return n

    def select(self, kind):
        """B (or Select, if fewer) until ``kind`` is the selected piece."""
        fwd = self._steps(kind, 1)
        back = self._steps(kind, -1) if self.scheme == "new" else 99
        if self.scheme == "new" and min(fwd, back) > 0:
            # each press moves the cursor onto a lot where the piece then
            # selected may go (to_legal); what counts is where it ends
            d = 1 if fwd <= back else -1
            for _ in range(min(fwd, back)):
                self.lines.append("b" if d == 1 else "select")
                self.kind = self._next(self.kind, d)
                self.to_legal()
            return
        self.lines += ["b"] * fwd if fwd <= back else ["select"] * back
        self.kind = kind

    def _next(self, k, d):
        g = self.g
        for i in range(1, NKINDS + 1):
            c = (k + d * i) % NKINDS
            if g.supply[g.to_move * NKINDS + c]:
                return c
        return k

    def to_legal(self):
        """The firmware's to_legal: the cursor onto the nearest lot where the
        selected piece may go, unless it is on one."""
        if self.g.over() or not self.g.why_not(moves.build(self.kind, self.cur)):
            return
        j = self.nearest_legal(self.kind)
        if j >= 0:
            self.cur = j

    @staticmethod
    def path(frm, to):
        """The d-pad presses from lot ``frm`` to lot ``to`` (the board wraps)."""
        x, y = frm & 7, frm >> 3
        tx, ty = to & 7, to >> 3
        dx = (tx - x) % 8
        out = ["right"] * dx if dx <= 4 else ["left"] * (8 - dx)
        dy = (ty - y) % 10
        out += ["down"] * dy if dy <= 5 else ["up"] * (10 - dy)
        return out

    def _legal(self, kind):
        n = self.g.legal(self.buf)
        return {moves.lot_of(m) for m in self.buf[:n] if moves.kind_of(m) == kind}

    def nearest_legal(self, kind):
        """The firmware's nearest_legal: the nearest lot on the board
        (columns plus rows apart, no wrapping) where ``kind`` may go."""
        legal = self._legal(kind)
        best, best_d = -1, 99
        x0, y0 = self.cur & 7, self.cur >> 3
        for i in range(NLOTS):
            v = (self.cur + i) % NLOTS
            if v in legal:
                d = abs((v & 7) - x0) + abs((v >> 3) - y0)
                if d < best_d:
                    best, best_d = v, d
        return best

    def jump(self, kind):
        """Where A's jump puts the cursor (aliencity/app.py ``build``): the
        lot a ring-lot refusal names when ``kind`` may go there, else the
        nearest legal lot."""
        g = self.g
        g.analyse()
        w = g.streets.why[self.cur]
        if g.streets.verdict[self.cur] == streets.ICON and w in self._legal(kind):
            return w
        return self.nearest_legal(kind)

    def goto(self, lot, kind=None):
        """The fewest presses that put the cursor on ``lot`` (for the new
        scheme, maybe an A on a lot where ``kind`` may not go, then the
        d-pad from where the cursor jumped)."""
        direct = self.path(self.cur, lot)
        if self.scheme == "new" and kind is not None and self.cur != lot \
                and self.g.kind_at(self.cur) < 0 and self.g.why_not(moves.build(kind, self.cur)):
            j = self.jump(kind)
            if j >= 0 and 1 + len(self.path(j, lot)) < len(direct):
                self.lines += ["a"] + self.path(j, lot)
                self.cur = lot
                return
        self.lines += direct
        self.cur = lot

    def claimable(self):
        """The towers the claim prompt offers (none: no claim point)."""
        g = self.g
        return [v for v in range(NLOTS) if g.claimable(v)] if g.claiming() else []

    def build(self, kind, lot, claim_own=True, cap=None):
        """Select, go, A; then in the claim prompt cap ``cap`` (or, when
        ``claim_own``, the new tower if it may be capped) or skip with B."""
        self.select(kind)
        self.goto(lot, kind)
        self.lines.append("a")
        g = self.g
        g.apply(moves.build(kind, lot))
        claimable = self.claimable()
        if cap is None and claim_own and lot in claimable:
            cap = lot
        if claimable:
            if self.cur not in claimable:
                self.cur = next(v for v in list(range(self.cur + 1, NLOTS)) +
                                list(range(self.cur)) if v in claimable)
            if cap is not None and cap in claimable:
                i = claimable.index(self.cur)
                j = claimable.index(cap)
                fwd = (j - i) % len(claimable)
                back = (i - j) % len(claimable)
                self.lines += ["right"] * fwd if fwd <= back else ["left"] * back
                self.cur = cap
                g.apply(moves.claim(cap))
                self.lines.append("a")
            else:
                g.apply(moves.NO_CLAIM)
                self.lines.append("b")
        self.first_kind()
        if self.scheme == "new":
            self.to_legal()

    def script(self, prefix="", suffix=""):
        return prefix + "\n".join(self.lines) + "\n" + suffix


def sim_env():
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1")


def run_sim(script, shot=None, state=None, nvm=None, board=None, code=None,
            shot_scale=1, timeout=50, env=None, check=True, panel=True):
    """One headless run of ``python -m sim`` with ``script`` (text).
    Returns the CompletedProcess (stdout/stderr as text); raises
    RuntimeError when the run failed and ``check``. ``panel``: the
    screenshot holds the panel's own pixels (the palette's colours, which
    the tests compare), not the screen dimmed by the brightness setting."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(script)
        name = f.name
    cmd = [sys.executable, "-m", "sim", "--headless", "--script", name,
           "--timeout", str(timeout)]
    if shot:
        cmd += ["--screenshot", str(shot), "--shot-scale", str(shot_scale)]
        if panel:
            cmd.append("--shot-panel")
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


# -- Skyscrapers: scripts of presses --------------------------------------------------

def sky_finish():
    """Pause -> "finish" -> "sure?": down to "yes", A."""
    return ["start", "down", "down", "a", "down", "a"]


def sky_open(seed, var2=False):
    """Launcher -> Skyscrapers -> new game with that seed (and variant 2)."""
    s = ["down", "a", "wait 200"]
    s += ["up"] + ["right"] * seed          # the seed row, just above "start"
    if var2:
        s += ["up", "up", "right", "down", "down", "down"]
    else:
        s += ["down"]
    s += ["a", "wait 200"]
    return s


def sky_goto(cur, cell, hole=None):
    """The d-pad presses from cur to cell, without a step onto the hole
    (from next to it, that press would slide the piece in): along the row
    first, or the column first, or around the hole."""
    def walk(a, first):
        x, y = a % 5, a // 5
        out, path = [], []
        for axis in first:
            while (x if axis == "x" else y) != (cell % 5 if axis == "x" else cell // 5):
                if axis == "x":
                    d = 1 if cell % 5 > x else -1
                    x += d
                    out.append("right" if d > 0 else "left")
                else:
                    d = 1 if cell // 5 > y else -1
                    y += d
                    out.append("down" if d > 0 else "up")
                path.append(y * 5 + x)
        return out, path
    for first in ("xy", "yx"):
        out, path = walk(cur, first)
        if hole is None or hole not in path:
            return out
    # the hole on both L-paths (same row or column): step aside first
    for side, key in ((-5, "up"), (5, "down"), (-1, "left"), (1, "right")):
        a = cur + side
        if 0 <= a < 25 and (side in (-5, 5) or a // 5 == cur // 5) and a != hole:
            for first in ("xy", "yx"):
                out, path = walk(a, first)
                if hole not in path:
                    return [key] + out
    raise AssertionError("no way around the hole")


def sky_plays(seed, opts, nplays):
    """(script lines, the engine's game after those plays, the cursor):
    each play is picked by prng from the legal plays and made through the
    plays menu (the fourth undone and made again)."""
    from prng import Rng
    from skyscrapers.deal import new_game
    from skyscrapers.engine import MAXPLAYS
    from skyscrapers.plays import play_from, play_to
    g = new_game(seed, opts)
    rng = Rng(seed * 31 + 7)
    buf = array("H", [0] * MAXPLAYS)
    at = array("H", [0] * MAXPLAYS)
    cur = 7    # C4
    s = []
    for i in range(nplays):
        n = g.legal(buf)
        if not n:
            break
        m = buf[rng.below(n)]
        a = play_from(m)
        k = g.legal(at, a)
        pick = list(at[:k]).index(m)
        s += sky_goto(cur, a, g.hole) + ["a"] + ["right"] * pick + ["a"]
        cur = play_to(m)
        g.apply(m)
        if i == 3:   # undo and redo once
            s += ["b"]
            g.undo()
            s += sky_goto(play_to(m), a, g.hole) + ["a"] + ["right"] * pick + ["a"]
            cur = play_to(m)
            g.apply(m)
    return s, g, cur
