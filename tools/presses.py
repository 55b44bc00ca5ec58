"""How many button presses a build takes on the handheld, before and after
issue 15's controls.

    .venv/bin/python tools/presses.py [--games 20] [--seed 1] [--level medium]

Seeded games of Alien City are played by two computer seats (the level
given), and for each build the fewest presses that make it on the board
are counted with ``appdriver.Driver``, under both control schemes:

    old   B next piece only; the d-pad (wrapping) to the lot; A; the claim
    new   B next or Select previous piece; the d-pad, or an A where the
          piece may not go, which jumps the cursor to the nearest lot where
          it may, then the d-pad; A; the claim

The claim prompt is the same in both (d-pad to the tower to cap, A; or B).
Prints JSON: presses per build (mean, min, max) per scheme, and how often
the jump was the shorter way. ``tests/test_app.py`` plays a game made of
the new scheme's presses in the simulator and checks its record.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from appdriver import Driver

import paths  # noqa: F401
from aliencity import ai
from aliencity.deal import new_game
from prng import Rng


def play(seed, level):
    """The builds (kind, lot, cap) of a seeded game between two seats."""
    g = new_game(seed)
    rng = Rng(seed * 31 + 7)
    moves = []
    while not g.over():
        g.apply(ai.choose(g, level, rng))
        if g.claiming():
            g.apply(ai.choose(g, level, rng))
        moves.append(g.build_at(g.nbuilds - 1)[1:])
    return moves


def count(seed, moves, scheme):
    """Presses per build of one game under a scheme."""
    d = Driver(new_game(seed), scheme)
    out = []
    for kind, lot, cap in moves:
        n = len(d.lines)
        d.build(kind, lot, claim_own=False, cap=None if cap == 255 else cap)
        out.append(len(d.lines) - n)
    return out, d.lines.count("a")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="medium")
    a = ap.parse_args(argv)
    res = {}
    per = {"old": [], "new": []}
    for seed in range(a.seed, a.seed + a.games):
        moves = play(seed, a.level)
        for scheme in per:
            n, _ = count(seed, moves, scheme)
            per[scheme] += n
    for scheme, n in per.items():
        res[scheme] = {"builds": len(n), "presses_per_build": round(sum(n) / len(n), 2),
                       "min": min(n), "max": max(n)}
    res["games"] = a.games
    res["level"] = a.level
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
