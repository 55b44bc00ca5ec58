"""The MicroPython lane for the Alheimur engine: seeded games played under
the real MicroPython VM equal CPython's (record text, scores, state bytes),
records written by CPython replay to the same state in the VM, and the
engine's import heap stays within its budget."""

import os

import mpylane
import pytest

import paths

GAME = """
import gc
import seeded_alheimur
from alheimur import record, scoring

def game(seed, np, limit, stop):
    rec = record.Recorder(np, limit)
    g = seeded_alheimur.play(seed, np, limit, stop, rec=rec)
    sc = scoring.score(g)
    return "%s%s %s %s" % (rec.text(), list(sc.totals), sc.winners,
                           "".join("%02x" % b for b in g.state()))

def replayed(text):
    g, bad = record.replay(record.read(text.split("\\n")))
    return "%s %s" % (bad, "".join("%02x" % b for b in g.state()))
"""

CASES = [(37, 4, 20, 260), (3, 2, 20, -1), (5, 8, 20, 220), (30, 3, 20, 200)]


@pytest.fixture(scope="module")
def lane_files():
    mpylane.require_or_skip()
    files = mpylane.firmware_files()
    with open(os.path.join(paths.ROOT, "tools", "seeded_alheimur.py")) as f:
        files["seeded_alheimur.py"] = f.read()
    files["alhgame.py"] = GAME
    return files


def _cpython():
    ns = {}
    exec(GAME, ns)
    return ns


def test_seeded_games_match_cpython(lane_files):
    script = """
import gc, asyncio
from alhgame import game
for case in %r:
    print(game(*case))
    print("=====")
    gc.collect(); await asyncio.sleep(0)
""" % (CASES,)
    out = mpylane.run_ok(script, files=lane_files, fixed_heap=False, timeout=600)
    got = [g.strip("\n") for g in out.split("=====\n") if g.strip()]
    ns = _cpython()
    want = [ns["game"](*c).strip("\n") for c in CASES]
    assert len(got) == len(CASES)
    for g, w in zip(got, want):
        assert g == w
    assert " fire " in got[0] and "\ndice " in got[0]


def test_cpython_records_replay_identically_in_the_vm(lane_files):
    ns = _cpython()
    import seeded_alheimur

    from alheimur import record
    texts = []
    for seed, np in ((41, 4), (2, 6)):
        rec = record.Recorder(np, 20)
        seeded_alheimur.play(seed, np, 20, rec=rec)
        texts.append(rec.text())
    files = dict(lane_files)
    for i, t in enumerate(texts):
        files["rec%d.txt" % i] = t
    script = """
import gc, asyncio
from alhgame import replayed
for i in range(%d):
    with open("rec%%d.txt" %% i) as f:
        print(replayed(f.read()))
    gc.collect(); await asyncio.sleep(0)
""" % len(texts)
    out = mpylane.run_ok(script, files=files, fixed_heap=False, timeout=600)
    got = out.strip().split("\n")
    want = [ns["replayed"](t) for t in texts]
    assert got == want and all(g.startswith("None ") for g in got)


def test_engine_fits_the_device_heap(lane_files):
    """Import heap after a collection: what a game in play keeps (engine,
    scoring), what world building adds while it runs (deal, deck, build),
    an 8-player game, and the records (names, record; desktop side: the
    device saves the state bytes). tools/bench.py reports the figures."""
    script = """
import gc, asyncio
def used():
    gc.collect()
    return gc.mem_alloc()
gc.collect(); await asyncio.sleep(0)
a = used()
from alheimur import engine, scoring
gc.collect(); await asyncio.sleep(0)
b = used()
""" + mpylane.past_qstr_step(mpylane.ALH_PAD) + """
gc.collect(); await asyncio.sleep(0)
b2 = used()
from alheimur import deal, build
gc.collect(); await asyncio.sleep(0)
c = used()
g, rng = deal.new_game(3, 8)
gc.collect(); await asyncio.sleep(0)
d = used()
from alheimur import record
gc.collect(); await asyncio.sleep(0)
print(b - a, c - b2, d - c, used() - d)
"""
    play, setup, game, rec = (int(x) for x in mpylane.run_ok(script, files=lane_files).split())
    assert play < 32 * 1024, play
    assert setup < 8 * 1024, setup
    assert game < 6 * 1024, game
    assert rec < 18 * 1024, rec
