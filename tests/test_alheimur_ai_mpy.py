"""The MicroPython lane for Alheimur's computer players: on fixed positions
(seeded games cut at many points) and through a whole game, easy and hard
choose the same actions under the real MicroPython VM as under CPython
(deadline off); the AI's heap (code and buffers) stays within budget."""

import os

import mpylane
import pytest

import paths

CHOICES = """
import gc
from array import array
import seeded_alheimur
from alheimur import ai, record
from alheimur.actions import MAX_ACTIONS
from alheimur.layout import P_DEAL
from alheimur.deal import new_game, shuffle
from alheimur.engine import CHANCE
from prng import Rng

def choices(seed, np, cut, k):
    # from the cut on, k decisions: each level's choice is printed, then
    # hard's is played (dice and lots from a fixed generator)
    g = seeded_alheimur.play(seed, np, 20, cut)
    buf = array("H", bytes(2 * MAX_ACTIONS))
    dice = Rng(seed + 99)
    out = []
    while k and not g.over():
        if g.phase() == P_DEAL:
            g.deal(shuffle(dice))
            continue
        n = g.legal(buf)
        if g.actor() == CHANCE:
            g.apply(ai.chance(g, dice, buf, n))
            continue
        e = ai.choose_easy(g, Rng(k), buf, n)
        h = ai.choose_hard(g, Rng(k), buf, n)
        out.append("%d:%d:%d" % (g.phase(), e, h))
        g.apply(h)
        k -= 1
    return " ".join(out)

def whole(seed, seats):
    np = len(seats)
    g, drng = new_game(seed, np, 20)
    rec = record.Recorder(np, 20)
    rec.deal(g.quads)
    rngs = [Rng(seed * 31 + k + 1) for k in range(np)]
    buf = array("H", bytes(2 * MAX_ACTIONS))
    for n in seeded_alheimur.decisions(g, drng, buf, rec):
        a = ai.LEVELS[seats[g.actor()]](g, rngs[g.actor()], buf, n)
        rec.before(g, a)
        g.apply(a)
    return rec.text()
"""

CASES = [(37, 4, 12, 6), (37, 4, 150, 25), (5, 8, 220, 25), (3, 2, 60, 25),
         (30, 3, 200, 25), (41, 4, 400, 25), (2, 6, 260, 25)]


@pytest.fixture(scope="module")
def lane_files():
    mpylane.require_or_skip()
    files = mpylane.firmware_files()
    with open(os.path.join(paths.ROOT, "tools", "seeded_alheimur.py")) as f:
        files["seeded_alheimur.py"] = f.read()
    files["alhchoices.py"] = CHOICES
    return files


def _cpython():
    ns = {}
    exec(CHOICES, ns)
    return ns


def test_same_choices_as_cpython_on_fixed_positions(lane_files):
    script = """
import gc, asyncio
from alhchoices import choices
for case in %r:
    print(choices(*case))
    gc.collect(); await asyncio.sleep(0)
""" % (CASES,)
    out = mpylane.run_ok(script, files=lane_files, fixed_heap=False, timeout=900)
    got = out.strip().split("\n")
    ns = _cpython()
    want = [ns["choices"](*c) for c in CASES]
    assert got == want
    phases = {int(x.split(":")[0]) for line in want for x in line.split()}
    assert len(phases) >= 8, phases     # expansion, movement steps, battle...


def test_a_whole_game_is_the_same_in_both(lane_files):
    seats = ("hard", "easy")
    script = """
from alhchoices import whole
print(whole(8, %r))
""" % (seats,)
    out = mpylane.run_ok(script, files=lane_files, fixed_heap=False, timeout=900)
    want = _cpython()["whole"](8, seats)
    assert out.strip("\n") == want.strip("\n")
    assert " launch " in want and " expand " in want


def test_the_ai_fits_its_heap_budget(lane_files):
    """Import heap after a collection: the levels (ai), the turn's search
    with its judgement (ai_eval and the buffers), world building's
    (ai_setup, forgotten at the first decision of play; the engine's own
    world building is loaded then too). tools/bench.py reports them."""
    script = """
import gc, asyncio
def used():
    gc.collect()
    return gc.mem_alloc()
from alheimur import engine, scoring, deal, build
""" + mpylane.PAST_QSTR_STEP + """
g = engine.Game(2, 20)
buf = bytearray(1)
gc.collect(); await asyncio.sleep(0)
a = used()
from alheimur import ai
gc.collect(); await asyncio.sleep(0)
b = used()
ai.search()
gc.collect(); await asyncio.sleep(0)
c = used()
from alheimur import ai_setup
gc.collect(); await asyncio.sleep(0)
d = used()
del ai_setup
g.reg[0] = 4          # as in play (P_EXPAND): no world building
ai.LEVELS["hard"](g, None, buf, 1)
gc.collect(); await asyncio.sleep(0)
print(b - a, c - b, d - c, used() - c)
"""
    lv, turn, setup, dropped = (int(x) for x in mpylane.run_ok(script, files=lane_files).split())
    assert lv < 6 * 1024, lv       # the levels and a turn's search
    assert lv + turn < 20 * 1024, turn
    assert setup < 5 * 1024, setup
    assert dropped < 512, dropped
