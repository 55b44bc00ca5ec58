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


def count(firmware):
    """Instructions CircuitPython's VM executes playing the bench's games
    with the firmware in folder ``firmware``; raises RuntimeError saying
    why not."""
    why = cplane.why_unavailable()
    if why:
        raise RuntimeError("CircuitPython's VM is not here: %s." % why)
    if shutil.which("valgrind") is None:
        raise RuntimeError("valgrind is not installed (its cachegrind counts the instructions).")
    with tempfile.TemporaryDirectory() as d:
        main = os.path.join(d, "main.py")
        with open(main, "w") as f:
            f.write(_SCRIPT)
        r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                            "--cachegrind-out-file=/dev/null", str(cplane.vm()),
                            "-X", "heapsize=4000000", main],
                           env=dict(os.environ, MICROPYPATH=str(firmware)),
                           capture_output=True, text=True, timeout=1800)
    m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
    if r.returncode != 0 or "RESULT" not in r.stdout or not m:
        raise RuntimeError("the games did not finish in the VM:\n" + (r.stdout + r.stderr)[-2000:])
    return int(m.group(1).replace(",", ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--firmware", default=str(cplane.REPO / "firmware"), metavar="DIR",
                    help="the firmware folder to measure (default: this repository's)")
    args = ap.parse_args(argv)
    if not os.path.isdir(os.path.join(args.firmware, "alheimur")):
        print("%s holds no alheimur/ package: name a firmware folder." % args.firmware,
              file=sys.stderr)
        return 2
    try:
        n = count(args.firmware)
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    print("the bench's games (%s): %s instructions" % (args.firmware, format(n, ",")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
