"""How much work Alheimur's computer players do, counted, not timed.

The MicroPython VM's clock moves by a third or more from run to run on a
busy host (docs/alheimur.md, "Computer players: strength and time"), so a
change to the judgement that saves a tenth cannot be seen in its times.
This tool plays seeded games of computer players in CircuitPython's own
VM (its unix port, tools/cplane.py) under valgrind's cachegrind and prints
the instructions the VM executed: the same code gives the same count to
within a few thousand, run after run.

    .venv/bin/python tools/alheimur_work.py                 # the firmware here
    .venv/bin/python tools/alheimur_work.py --games 8       # an 8-player hard game
    .venv/bin/python tools/alheimur_work.py --firmware DIR  # another copy (git archive REV firmware)

Needs valgrind and ../shared/circuitpython/ (or $CIRCUITPYTHON_DIR). About
30 s for the default games.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import cplane

# name -> ((seed, seats), ...): the games played, rounds limited to 20
GAMES = {
    "2-4": ((3, ("hard", "hard")), (4, ("hard", "easy", "hard", "easy"))),
    "8": ((5, ("hard",) * 8),),
}

_SCRIPT = r'''
from array import array
from alheimur import ai
from alheimur.actions import MAX_ACTIONS, P_DEAL
from alheimur.deal import new_game, shuffle
from prng import Rng
import gc
for seed, seats in %r:
    np = len(seats)
    g, drng = new_game(seed, np, 20)
    rngs = [Rng(seed * 31 + k + 1) for k in range(np)]
    buf = array("H", bytes(2 * MAX_ACTIONS))
    while not g.over():
        if g.phase() == P_DEAL:
            g.deal(shuffle(drng))
            continue
        n = g.legal(buf)
        if g.chance():
            g.apply(ai.chance(g, drng, buf, n), False)
            continue
        p = g.actor()
        g.apply(ai.LEVELS[seats[p]](g, rngs[p], buf, n), False)
    gc.collect()
print("played")
'''


def count(firmware, games):
    """Instructions CircuitPython's VM executes playing ``games`` with the
    firmware in folder ``firmware``; raises RuntimeError saying why not."""
    why = cplane.why_unavailable()
    if why:
        raise RuntimeError("CircuitPython's VM is not here: %s." % why)
    if shutil.which("valgrind") is None:
        raise RuntimeError("valgrind is not installed (its cachegrind counts the instructions).")
    with tempfile.TemporaryDirectory() as d:
        main = os.path.join(d, "main.py")
        with open(main, "w") as f:
            f.write(_SCRIPT % (games,))
        r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                            "--cachegrind-out-file=/dev/null", str(cplane.vm()),
                            "-X", "heapsize=4000000", main],
                           env=dict(os.environ, MICROPYPATH=str(firmware)),
                           capture_output=True, text=True, timeout=1800)
    m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
    if r.returncode != 0 or "played" not in r.stdout or not m:
        raise RuntimeError("the games did not finish in the VM:\n" + (r.stdout + r.stderr)[-2000:])
    return int(m.group(1).replace(",", ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", choices=sorted(GAMES), default="2-4",
                    help="2-4: a 2-player hard game and a 4-player game of hard and easy; "
                         "8: an 8-player hard game")
    ap.add_argument("--firmware", default=str(cplane.REPO / "firmware"), metavar="DIR",
                    help="the firmware folder to measure (default: this repository's)")
    args = ap.parse_args(argv)
    if not os.path.isdir(os.path.join(args.firmware, "alheimur")):
        print("%s holds no alheimur/ package: name a firmware folder." % args.firmware,
              file=sys.stderr)
        return 2
    try:
        n = count(args.firmware, GAMES[args.games])
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    print("%s games (%s): %s instructions" % (args.games, args.firmware, format(n, ",")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
