"""Benchmarks: speed and memory of the firmware, on CPython and in the
MicroPython VM (the MicroPython lane, ~4x faster than a SAMD51 board).

    python tools/bench.py            # prints one JSON object
    python tools/bench.py --check    # also exits 1 if a target is missed

Positions: seeded random games (tools/seeded.py) cut after 4, 19 and 33
builds (early, middle, late) of six seeded games over the four rules and
options combinations: 18 in all,
identical in both VMs. A "legal moves" time is one full generation from a
changed position: street analysis, icon rule and every (piece, lot) of the
player to move; each position's time is the best of several runs (load on
the machine only adds time), and the figure is the median over positions.
"""

import argparse
import json
import os
import sys
import time

import paths

import mpylane

# The timing code runs unchanged in both VMs; now_us() is supplied by each.
_BENCH = r'''
import gc
from array import array
from seeded import OPTIONS, random_game

def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]

def positions():
    out = []
    for seed in (1, 2, 3, 4, 5, 6):
        rules, op, lb = OPTIONS[seed % len(OPTIONS)]
        for cut in (4, 19, 33):
            g = random_game(seed, rules, op, lb, stop_at=cut)
            if not g.over():
                out.append(g)
    return out

def time_legal(games, naive, reps):
    buf = array("H", [0] * 560)
    per = []
    for g in games:
        ts = []
        for _ in range(reps):
            g._fresh = False
            t0 = now_us()
            g.legal(buf, naive)
            ts.append(now_us() - t0)
        per.append(min(ts))  # best of reps: load on the machine only adds time
    return per

def alloc_legal(g):
    if not hasattr(gc, "mem_alloc"):
        return -1  # CPython: not measured
    buf = array("H", [0] * 560)
    g._fresh = False
    g.legal(buf)
    gc.disable()
    g._fresh = False
    a = gc.mem_alloc()
    g.legal(buf)
    b = gc.mem_alloc()
    gc.enable()
    return b - a

games = positions()
fast = time_legal(games, False, 15)
naive = time_legal(games, True, 3)
print("RESULT", len(games), median(fast), max(fast), median(naive),
      games[0].state_bytes(), alloc_legal(games[len(games) // 2]))
'''

_CPY_CLOCK = "now_us = lambda: time.perf_counter_ns() // 1000\n"
_MPY_CLOCK = "import lane\nnow_us = lane.ticks_us\n"

# Heap kept by importing what a game of Alien City needs on the device.
_IMPORT_HEAP = r'''
import gc, asyncio
gc.collect(); await asyncio.sleep(0); gc.collect()
a = gc.mem_alloc()
import aliencity.engine, aliencity.scoring, aliencity.deal
gc.collect(); await asyncio.sleep(0); gc.collect()
b = gc.mem_alloc()
import aliencity.record
gc.collect(); await asyncio.sleep(0); gc.collect()
print("RESULT", b - a, gc.mem_alloc() - b)
'''


def _parse(out):
    for line in out.splitlines():
        if line.startswith("RESULT"):
            return [int(x) for x in line.split()[1:]]
    raise RuntimeError("no RESULT line in:\n" + out)


def _run_cpython():
    env = {"time": time, "print": print}
    src = _CPY_CLOCK + _BENCH
    sys.path.insert(0, os.path.join(paths.ROOT, "tools"))
    import io
    import contextlib

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(src, "bench", "exec"), env)
    return _parse(buf.getvalue())


def _run_mpy(script, extra_files=True):
    files = mpylane.firmware_files()
    if extra_files:
        with open(os.path.join(paths.ROOT, "tools", "seeded.py")) as f:
            files["seeded.py"] = f.read()
    # Timing needs room, not a device-sized heap: garbage is only freed when
    # the VM yields (see mpylane), so lift the cap for the timing run.
    r = mpylane.run(script, files=files, fixed_heap=not extra_files,
                    timeout=600)
    if r.returncode != 0:
        raise RuntimeError("MicroPython run failed:\n" + r.stderr)
    return _parse(r.stdout)


TARGETS = {
    "legal_moves_ms_mpy": ("<=", 4.0),
    "legal_speedup_vs_naive_mpy": (">=", 10.0),
    "legal_moves_alloc_bytes_mpy": ("<=", 0),
    "engine_state_bytes": ("<=", 512),
    "engine_import_heap_bytes_mpy": ("<=", 24 * 1024),
}


# -- computer opponents (firmware/aliencity/ai.py) ---------------------------------
# Per level, the time of one move over a fixed set of positions (seeded random
# games of three seeds cut after 2, 10, 18, 26 and 32 builds); hard with a
# 650 ms deadline (the VM budget is 750 ms median, 1.5 s worst). Heap: what
# the AI keeps alive during a hard search (its buffers plus everything the
# search allocates; the VM frees nothing before the script yields, so this is
# an upper bound).
_AI_BENCH = r"""
import gc
from seeded import OPTIONS, random_game
from aliencity import ai
from prng import Rng

def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]

pos = []
for seed in (1, 2, 3):
    r, op, lb = OPTIONS[seed % 4]
    for cut in (2, 10, 18, 26, 32):
        g = random_game(seed, r, op, lb, stop_at=cut)
        if not g.over():
            pos.append(g)
        COLLECT
ALLOC_PART
for level in ai.LEVELS:
    ts = []
    for g in pos:
        t0 = now_us()
        ai.choose(g, level, Rng(3), deadline_us=t0 + 650000, now_us=now_us)
        ts.append(now_us() - t0)
        COLLECT
    print("AI", level, median(ts), max(ts))
"""

_AI_ALLOC = """
gc.collect(); await asyncio.sleep(0); gc.collect()
a0 = gc.mem_alloc()
ai.brain()
gc.collect(); await asyncio.sleep(0); gc.collect()
a1 = gc.mem_alloc()  # the buffers, kept between moves
g = pos[len(pos) // 2]
ai.choose(g, "hard", Rng(1), deadline_us=now_us() + 650000, now_us=now_us)
print("AIALLOC", gc.mem_alloc() - a0, a1 - a0)
gc.collect(); await asyncio.sleep(0); gc.collect()
"""


def _ai_parse(out):
    res = {}
    for line in out.splitlines():
        t = line.split()
        if t and t[0] == "AI":
            res[t[1]] = (int(t[2]) / 1000, int(t[3]) / 1000)
        elif t and t[0] == "AIALLOC":
            res["alloc"] = int(t[1])
            res["buffers"] = int(t[2])
    return res


def ai_bench():
    """The ai_* keys: move times per level in both VMs, heap in the VM."""
    src = _AI_BENCH.replace("ALLOC_PART", "")
    cpy = src.replace("        COLLECT\n", "")
    env = {"time": time, "print": print}
    sys.path.insert(0, os.path.join(paths.ROOT, "tools"))
    import io
    import contextlib

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(_CPY_CLOCK + cpy, "ai_bench", "exec"), env)
    c = _ai_parse(buf.getvalue())
    mpy = _AI_BENCH.replace("ALLOC_PART", _AI_ALLOC).replace(
        "COLLECT", "gc.collect(); await asyncio.sleep(0)")
    files = mpylane.firmware_files()
    with open(os.path.join(paths.ROOT, "tools", "seeded.py")) as f:
        files["seeded.py"] = f.read()
    r = mpylane.run("import asyncio\n" + _MPY_CLOCK + mpy, files=files,
                    timeout=600)
    if r.returncode != 0:
        raise RuntimeError("MicroPython run failed:\n" + r.stderr)
    m = _ai_parse(r.stdout)
    res = {}
    for level in ("random", "easy", "medium", "hard"):
        res["ai_%s_move_ms_mpy" % level] = m[level][0]
        res["ai_%s_move_max_ms_mpy" % level] = m[level][1]
        res["ai_%s_move_ms_cpython" % level] = c[level][0]
        res["ai_%s_move_max_ms_cpython" % level] = c[level][1]
    res["ai_hard_alloc_bytes_mpy"] = m["alloc"]
    res["ai_buffers_bytes_mpy"] = m["buffers"]
    return res


AI_TARGETS = {
    "ai_easy_move_ms_mpy": ("<=", 75.0),
    "ai_medium_move_ms_mpy": ("<=", 250.0),
    "ai_hard_move_ms_mpy": ("<=", 750.0),
    "ai_hard_move_max_ms_mpy": ("<=", 1500.0),
    "ai_hard_alloc_bytes_mpy": ("<=", 16 * 1024),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when a target is missed")
    ap.add_argument("--no-ai", action="store_true",
                    help="skip the computer opponents' figures (ai_*)")
    args = ap.parse_args()
    n, fast, fast_max, naive, state, alloc = _run_cpython()
    res = {
        "positions": n,
        "legal_moves_ms_cpython": fast / 1000,
        "legal_moves_max_ms_cpython": fast_max / 1000,
        "naive_legal_moves_ms_cpython": naive / 1000,
    }
    n, fast, fast_max, naive, state, alloc = _run_mpy(_MPY_CLOCK + _BENCH)
    res.update({
        "legal_moves_ms_mpy": fast / 1000,
        "legal_moves_max_ms_mpy": fast_max / 1000,
        "naive_legal_moves_ms_mpy": naive / 1000,
        "legal_speedup_vs_naive_mpy": round(naive / max(fast, 1), 1),
        "legal_moves_alloc_bytes_mpy": alloc,
        "engine_state_bytes": state,
    })
    engine_heap, record_heap = _run_mpy(_IMPORT_HEAP, extra_files=False)
    res["engine_import_heap_bytes_mpy"] = engine_heap
    res["record_import_heap_bytes_mpy"] = record_heap
    if not args.no_ai:
        res.update(ai_bench())
        TARGETS.update(AI_TARGETS)
    missed = []
    for key, (op, limit) in TARGETS.items():
        v = res[key]
        if (op == "<=" and v > limit) or (op == ">=" and v < limit):
            missed.append("%s %s %s" % (key, op, limit))
    res["targets_missed"] = missed
    print(json.dumps(res, indent=2))
    if args.check and missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
