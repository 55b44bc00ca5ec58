"""How much work Alheimur's computer players do, counted, not timed.

The MicroPython VM's clock moves by a third or more from run to run on a
busy host (docs/alheimur.md, "Computer players: strength and time"), so a
change to the judgement that saves a tenth cannot be seen in its times.
This tool plays the bench's seeded games of computer players (the ones
behind its alheimur_ai_* times) in CircuitPython's own VM (its unix port,
tools/cplane.py) under valgrind's cachegrind and prints the instructions
the VM executed: the same code gives nearly the same count run after run.

    .venv/bin/python tools/alheimur_work.py                 # the firmware here
    .venv/bin/python tools/alheimur_work.py --firmware DIR  # another copy (git archive REV firmware)
    .venv/bin/python tools/alheimur_work.py --aliencity hard   # Alien City's level instead

``--aliencity LEVEL`` counts an Alien City level's turns instead: the
bench's 15 positions (tools/bench.py's ai figures), each turn's build and
the claim at the claim point after it chosen with no deadline (so the
search is the same in every run), played and taken back.

Needs valgrind and ../shared/circuitpython/ (or $CIRCUITPYTHON_DIR). About
a minute.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import bench
import cplane

# The bench's games (bench.alheimur_ai_bench: 2, 4 and 8 players of random,
# easy and hard), its clock CircuitPython's ticks
_SCRIPT = ("import time\nnow_us = time.ticks_us\n"
           + bench.ALH_AI_BENCH.replace("COLLECT", "gc.collect()"))


# Alien City: the bench's positions (bench.AC_POSITIONS), one level's turns.
_AC_SCRIPT = bench.AC_POSITIONS.replace("COLLECT", "gc.collect()") + """for g in pos:
    n = g.nbuilds
    rng = Rng(3)
    g.apply(ai.choose(g, LEVEL, rng))
    if g.claiming():
        g.apply(ai.choose(g, LEVEL, rng))
    while g.nbuilds > n:
        g.undo()
    gc.collect()
print("RESULT")
"""


def count(firmware, level=None):
    """Instructions CircuitPython's VM executes playing the bench's games
    with the firmware in folder ``firmware`` (``level``: an Alien City
    level's turns instead); raises RuntimeError saying why not."""
    why = cplane.why_unavailable()
    if why:
        raise RuntimeError("CircuitPython's VM is not here: %s." % why)
    if shutil.which("valgrind") is None:
        raise RuntimeError("valgrind is not installed (its cachegrind counts the instructions).")
    with tempfile.TemporaryDirectory() as d:
        main = os.path.join(d, "main.py")
        with open(main, "w") as f:
            f.write(_SCRIPT if level is None else _AC_SCRIPT.replace("LEVEL", repr(level)))
        shutil.copy(os.path.join(cplane.REPO, "tools", "seeded.py"), d)
        r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                            "--cachegrind-out-file=/dev/null", str(cplane.vm()),
                            "-X", "heapsize=4000000", main],
                           env=dict(os.environ, MICROPYPATH="%s:%s" % (firmware, d)),
                           capture_output=True, text=True, timeout=1800)
    m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
    if r.returncode != 0 or "RESULT" not in r.stdout or not m:
        raise RuntimeError("the games did not finish in the VM:\n" + (r.stdout + r.stderr)[-2000:])
    return int(m.group(1).replace(",", ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--firmware", default=str(cplane.REPO / "firmware"), metavar="DIR",
                    help="the firmware folder to measure (default: this repository's)")
    ap.add_argument("--aliencity", metavar="LEVEL", choices=("random", "easy", "medium", "hard"),
                    help="count an Alien City level's turns on the bench's positions instead")
    args = ap.parse_args(argv)
    pkg = "aliencity" if args.aliencity else "alheimur"
    if not os.path.isdir(os.path.join(args.firmware, pkg)):
        print("%s holds no %s/ package: name a firmware folder." % (args.firmware, pkg),
              file=sys.stderr)
        return 2
    try:
        n = count(args.firmware, args.aliencity)
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    what = "Alien City's %s turns" % args.aliencity if args.aliencity else "the bench's games"
    print("%s (%s): %s instructions" % (what, args.firmware, format(n, ",")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
