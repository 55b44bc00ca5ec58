"""Regenerate the README's pictures from seeded scripts (3x scale):

    docs/img/launcher.png   the launcher
    docs/img/board.png      a hot-seat game in its middle, a piece selected
                            (its legal lots framed in yellow)
    docs/img/distance.png   the same position, distance view on a tower
    docs/img/scoring.png    the scoring screen after a computer game

    .venv/bin/python tools/screenshots.py [--out docs/img]

Each picture is one headless run of the simulator (python -m sim); the
board scripts are computed from the engine's legal moves.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
from array import array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths  # noqa: E402

from aliencity.deal import new_game  # noqa: E402
from aliencity.geometry import NKINDS, NLOTS  # noqa: E402

START_LOT = 4 * 8 + 3     # the board's cursor starts on D6
# Launcher -> Alien City -> new game (highlight on "start"): W and B
# human, seed 3 / W easy, B medium, seed 1.
HOTSEAT = ("a\ndown\ndown\nleft\ndown\ndown\ndown\ndown\nright\nright\nright\n"
           "down\na\nwait 300\n")
COMPUTERS = "a\ndown\nright\ndown\nright\ndown\ndown\ndown\ndown\nright\ndown\na\n"


class Driver:
    """Button presses for a series of builds (mirrors the board screen's
    cursor and piece selection; tests/test_app.py has the same logic)."""

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

    def goto(self, lot):
        x, y = self.cur & 7, self.cur >> 3
        tx, ty = lot & 7, lot >> 3
        dx = (tx - x) % 8
        self.lines += ["right"] * dx if dx <= 4 else ["left"] * (8 - dx)
        dy = (ty - y) % 10
        self.lines += ["down"] * dy if dy <= 5 else ["up"] * (10 - dy)
        self.cur = lot

    def select(self, kind):
        while self.kind != kind:
            self.lines.append("b")
            self.next_kind()

    def build(self, kind, lot, claim_own=True):
        self.select(kind)
        self.goto(lot)
        self.lines.append("a")
        g = self.g
        p = g.to_move
        g.play(kind, lot)
        claimable = [v for v in range(NLOTS) if g.cap_why_not(p, v) is None]
        if claimable:
            if self.cur not in claimable:
                self.cur = next(v for v in list(range(self.cur + 1, NLOTS)) +
                                list(range(0, self.cur)) if v in claimable)
            if claim_own and self.cur == lot:
                g.undo()
                g.play(kind, lot, lot)
                self.lines.append("a")
            else:
                self.lines.append("b")
        self.first_kind()


def shot(script, out):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(script)
        name = f.name
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", name,
                        "--screenshot", out, "--shot-scale", "3", "--timeout", "120"],
                       cwd=paths.ROOT, env=env, check=True)
    finally:
        os.unlink(name)
    print(out)


def midgame():
    """(script, driver): 14 builds of a seeded hot-seat game on seed 3."""
    g = new_game(3)
    d = Driver(g)
    rng = random.Random(11)
    buf = array("H", [0] * 560)
    for i in range(14):
        n = g.legal(buf)
        # Prefer towers early, so there is something to score and claim.
        towers = [m for m in buf[:n] if m >> 7 < 3]
        pool = towers if towers and rng.random() < 0.6 else list(buf[:n])
        m = rng.choice(pool)
        d.build(m >> 7, m & 0x7F, claim_own=rng.random() < 0.7)
    return d


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(paths.ROOT, "docs", "img"))
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    shot("wait 100\n", os.path.join(args.out, "launcher.png"))

    d = midgame()
    # Select a blue dome and park the cursor on a legal lot.
    g = d.g
    buf = array("H", [0] * 560)
    n = g.legal(buf)
    kind = 4 if any(m >> 7 == 4 for m in buf[:n]) else buf[0] >> 7
    d.select(kind)
    lots = sorted(m & 0x7F for m in buf[:n] if m >> 7 == kind)
    d.goto(lots[len(lots) // 2])
    shot(HOTSEAT + "\n".join(d.lines) + "\n", os.path.join(args.out, "board.png"))

    # Distance view from a claimed tower (or any tower).
    towers = [v for v in range(NLOTS) if 1 <= (g.lots[v] & 7) <= 3]
    capped = [v for v in towers if g.lots[v] & 0x18]
    d.goto((capped or towers)[0])
    shot(HOTSEAT + "\n".join(d.lines) + "\nselect\n", os.path.join(args.out, "distance.png"))

    shot(COMPUTERS + "wait 40000\n", os.path.join(args.out, "scoring.png"))


if __name__ == "__main__":
    main()
