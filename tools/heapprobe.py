"""Heap in the launcher before and after a round trip into each game
(headless simulator, CPython's tracemalloc standing in for gc.mem_free):

    python -m sim --headless --code tools/heapprobe.py --script S

Every gc.collect() of firmware/code.py's play() is logged with the bytes
Python holds then; the first is the launcher before the game is imported,
the last the launcher after its modules were dropped. Prints JSON lines
on stderr ("heap": bytes).
"""

import gc
import os
import runpy
import sys
import tracemalloc

HERE = os.path.dirname(os.path.abspath(__file__))
CODE = os.path.join(os.path.dirname(HERE), "firmware", "code.py")
_collect = gc.collect


def collect(*a):
    r = _collect(*a)
    mods = sum(1 for m in sys.modules if m.startswith(("aliencity", "skyscrapers")))
    sys.stderr.write('{"heap": %d, "game_modules": %d}\n'
                     % (tracemalloc.get_traced_memory()[0], mods))
    return r


tracemalloc.start()
gc.collect = collect
runpy.run_path(CODE, run_name="__main__")
