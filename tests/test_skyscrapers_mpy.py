"""The MicroPython lane for the Skyscrapers engine: seeded games played
with prng.Rng under the real MicroPython VM (device heap and Python stack)
must equal CPython's, record text, score and target included."""

import cplane
import mpylane
import pytest

import paths  # noqa: F401

GAME = """
from lane_skyscrapers import play
from skyscrapers.deal import new_game
from skyscrapers.scoring import bound, score
from skyscrapers import record

def check(g, seed, opts):
    sc = score(g)
    text = record.write(g)
    g2, bad = record.replay(record.read(text.split("\\n")))
    ok = bad is None and g2.position() == g.position()
    for i in range(g.nplays):
        g.undo()
    return "%s%d %d %d %s %s" % (text, sc.total, len(sc.stacks), bound(g), ok,
                                 g.position() == new_game(seed, opts).position())

def game(seed, opts, plays):
    return check(play(seed, opts, plays), seed, opts)
"""

# 15, 49 and 106: variant-1 deals where a null's own ace also borders the hole
CASES = [(s, s % 8, 150) for s in range(1, 9)] + [(15, 1, 150), (49, 3, 150), (106, 5, 150)]


@pytest.fixture(scope="module")
def lane_files():
    mpylane.require_or_skip()
    files = mpylane.firmware_files()
    files.update(cplane.tool_files("lane_skyscrapers"))
    files["skygame.py"] = GAME
    return files


def test_seeded_games_match_cpython(lane_files):
    script = """
import gc, asyncio
from skygame import play, check
for seed, opts, plays in %r:
    g = play(seed, opts, plays)
    gc.collect(); await asyncio.sleep(0)      # the VM collects only here
    print(check(g, seed, opts))
    print("=====")
    g = None
    gc.collect(); await asyncio.sleep(0)
""" % (CASES,)
    out = mpylane.run_ok(script, files=lane_files)
    got = [g.strip("\n") for g in out.split("=====\n") if g.strip()]
    ns = {}
    exec(GAME, ns)
    want = [ns["game"](*c).strip("\n") for c in CASES]
    assert got == want
    assert all(g.endswith("True True") for g in got)
    assert sum(1 for g in got if "stack " in g) >= 4


def test_engine_fits_the_device_heap():
    """The engine, its records and results, compiled as CircuitPython
    compiles them (no docstring kept: this VM would keep them)."""
    mpylane.require_or_skip()
    files = mpylane.firmware_files(docstrings=False)
    script = """
import gc
gc.collect()
before = gc.mem_alloc()
from skyscrapers.deal import new_game
from skyscrapers import record, results
g = new_game(7, 3)
gc.collect()
print(gc.mem_alloc() - before)
"""
    used = int(mpylane.run_ok(script, files=files).strip())
    assert used < 40000, used
