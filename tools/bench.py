"""Benchmarks: speed and memory of the firmware, on CPython and in the
MicroPython VM (the MicroPython lane, ~4x faster than a SAMD51 board).

    python tools/bench.py            # prints one JSON object
    python tools/bench.py --check    # also exits 1 if a target is missed
    python tools/bench.py --no-ai --no-app   # skip the slow parts
    python tools/bench.py --no-ai --heap-table   # + the app's heap (markdown)

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
import tempfile
import time

import paths

sys.path.insert(0, paths.ROOT)   # sim.runner (script times)

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
    import contextlib
    import io

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
    import contextlib
    import io

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


# -- the app on the simulated screen (tools/appprobe.py) ---------------------------
# One headless run of the simulator: launcher -> a hot-seat game (seed 1) ->
# cursor moves -> builds. The probe logs every refresh (pixels sent to the
# panel, virtual start time) and, at the end, the displayio tree of the board
# screen; a press owns the refreshes between it and the next press.
#
# Budgets (pixels sent to the panel by one press):
# - a cursor move: 2 lots (the cursor's old and new cell) + the lot-name label
#   (3 characters of terminalio.FONT, 6x12 px, at scale 2):
#       2 * 10 * 10 + (3 * 6 * 2) * (12 * 2) = 1064
# - a build (A, and the answer to the claim prompt when one follows): the
#   built lot and the lots highlighted before or after it (legal lots of the
#   selected piece, claimable towers), as displayio refreshes them: one dirty
#   rectangle per TileGrid, so their bounding box on the board; plus the
#   panel (everything off the board: 160 * 128 - 80 * 100 = 12480).
#   app_place_budget_px is that figure for the build with the least room.

APP_S = 10
APP_NAME_PX = (3 * 6 * 2) * (12 * 2)
APP_CURSOR_BUDGET = 2 * APP_S * APP_S + APP_NAME_PX
APP_PANEL_PX = 160 * 128 - 80 * 100
# Launcher -> Alien City -> new game: W and B human, seed 1, start.
APP_HOTSEAT = "a\ndown\ndown\nleft\ndown\ndown\ndown\nright\ndown\na\nwait 300\n"
# From D6: along a row, across the A/H wrap, across the 1/10 wrap, 2 <-> 3
# characters in the lot name.
APP_MOVES = ("right", "right", "down", "left", "up", "up", "up", "up", "up",
             "up", "left", "left", "left", "left", "down", "right")


def _bbox_px(lots):
    xs = [v & 7 for v in lots]
    ys = [v >> 3 for v in lots]
    return (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1) * APP_S * APP_S


def _app_script():
    """(script lines, cursor-move tap indices, [(tap indices, budget px)])."""
    import random
    from array import array

    from appdriver import Driver

    from aliencity.deal import new_game
    from aliencity.geometry import NLOTS

    g = new_game(1)
    d = Driver(g)
    taps = [x for x in APP_HOTSEAT.splitlines() if not x.startswith("wait")]
    moves = []
    for m in APP_MOVES:
        x, y = d.cur & 7, d.cur >> 3
        x = (x + (m == "right") - (m == "left")) % 8
        y = (y + (m == "down") - (m == "up")) % 10
        d.cur = y * 8 + x
        moves.append(len(taps) + len(d.lines))
        d.lines.append(m)
    buf = array("H", [0] * 560)

    def lit(kind):
        n = g.legal(buf)
        return {m & 0x7F for m in buf[:n] if m >> 7 == kind}

    builds = []
    rng = random.Random(3)
    for _i in range(8):
        n = g.legal(buf)
        m = buf[rng.randrange(n)]
        kind, lot = m >> 7, m & 0x7F
        d.select(kind)
        before = lit(kind)
        d.goto(lot)
        first = len(taps) + len(d.lines)
        p = g.to_move
        g.play(kind, lot)
        claims = {v for v in range(NLOTS) if g.cap_why_not(p, v) is None}
        g.undo()
        d.build(kind, lot, claim_own=rng.random() < 0.5)
        after = lit(d.kind) if not g.over() else set()
        last = len(taps) + len(d.lines)
        budget = _bbox_px(before | after | claims | {lot}) + APP_PANEL_PX
        builds.append((list(range(first, last)), budget))
    return APP_HOTSEAT.splitlines() + d.lines, moves, builds


def _press_pixels(lines, refreshes):
    """Pixels refreshed after each tap (until the next one)."""
    from sim.runner import parse_script
    events, _ = parse_script("\n".join(lines) + "\n")
    downs = [t for t, _, down in events if down]
    px = [0] * len(downs)
    for t, n, _ in refreshes:
        i = -1
        for j, tj in enumerate(downs):
            if tj <= t:
                i = j
        if i >= 0:
            px[i] += n
    return px


def _vm_files():
    """Firmware, boards and empty stand-ins for the hardware modules, for
    the heap runs in the MicroPython VM."""
    import glob
    stub = ("class _Any:\n    def __init__(self, *a, **k):\n        pass\n"
            "def __getattr__(name):\n    return _Any\n")
    files = mpylane.firmware_files()
    for f in sorted(glob.glob(os.path.join(paths.ROOT, "boards", "*.py"))):
        with open(f) as fh:
            files["boards/" + os.path.basename(f)] = fh.read()
    files["displayio.py"] = "".join("class %s: pass\n" % c for c in (
        "Group", "TileGrid", "Bitmap", "Palette", "ColorConverter"))
    hw = ("terminalio", "supervisor", "board", "keypad", "analogio", "digitalio",
          "neopixel", "microcontroller", "audiocore", "audioio", "audiopwmio")
    for n in hw:
        files[n + ".py"] = stub
    return files, hw


def _vm_heap():
    """Heap kept by each group of imports and objects, in the MicroPython VM
    (modules compiled from source; the displayio, terminalio and hardware
    modules are empty stand-ins, so only our code counts; text is ui.text,
    no library)."""
    files, hw = _vm_files()
    steps = (
        ("boards", "import boards, boards.common, boards.pybadge"),
        ("ui", "import prng, ui.palette, ui.text, ui.fx, ui.message, ui.menu, ui.textview, "
         "ui.settings"),
        ("engine", "import aliencity.engine, aliencity.scoring, aliencity.deal"),
        ("record", "import aliencity.record"),
        ("ai", "import aliencity.ai_eval, aliencity.ai"),
        ("sprites", "import aliencity.sprites"),
        ("shell", "import ui.session, ui.newgame, ui.think"),
        ("newgame", "import aliencity.save, aliencity.rows"),
        ("screen", "import aliencity.screen"),
        ("results", "import aliencity.results"),
        ("app", "import aliencity.app"),
        ("game", "from aliencity.deal import new_game\ng = new_game(1)\n"
         "from array import array\nbuf = array('H', [0] * 560)\ng.legal(buf)\nbuf = None"),
        ("brain", "aliencity.ai.brain()"),
        ("pause", "import ui.pause"),
        ("computer", "import aliencity.computer"),
    )
    src = ["import asyncio, gc", "import " + ", ".join(hw + ("displayio",)),
           "gc.collect(); await asyncio.sleep(0); gc.collect()", "a = gc.mem_alloc()"]
    for name, code in steps:
        src += [code, "gc.collect(); await asyncio.sleep(0); gc.collect()",
                "b = gc.mem_alloc(); print('HEAP', %r, b - a); a = b" % name]
    # Compiling leaves garbage the VM frees only at a yield: no fixed cap here;
    # every figure is taken after a collection.
    r = mpylane.run("\n".join(src) + "\n", files=files, fixed_heap=False, timeout=300)
    if r.returncode != 0:
        raise RuntimeError("MicroPython run failed:\n" + r.stderr)
    out = {}
    for line in r.stdout.splitlines():
        t = line.split()
        if t and t[0] == "HEAP":
            out[t[1].strip("'")] = int(t[2])
    return out


_LAZY = ("aliencity.record", "aliencity.results", "ui.pause", "ui.textview")


def _vm_play():
    """What is loaded while a game is played, measured all at once in a
    fresh VM (the import rows above are each module's share, summed as if
    all were loaded together): code.py with its imports and globals (its
    main() call cut off; the launcher stays loaded under the game), what
    ``import aliencity.app`` loads by itself, a Game; then the AI's code and
    buffers, which a computer seat or a hint loads. Returns (hot seat
    bytes, with the AI bytes, what importing the AI allocates with nothing
    collected (its compile garbage too), lazy modules that were loaded
    anyway)."""
    files, hw = _vm_files()
    code = files.pop("code.py")
    files["launcher.py"] = code[:code.rindex("\ntry:\n    main()")] + "\n"
    src = ["import asyncio, gc, sys", "import " + ", ".join(hw + ("displayio",)),
           "gc.collect(); await asyncio.sleep(0); gc.collect()", "a = gc.mem_alloc()",
           "import boards.pybadge, launcher, ui.session, aliencity.app",
           "from aliencity.deal import new_game\ng = new_game(1)",
           "from array import array\nbuf = array('H', [0] * 560)\ng.legal(buf)\nbuf = None",
           "gc.collect(); await asyncio.sleep(0); gc.collect()",
           "print('PLAY', 'hot', gc.mem_alloc() - a)",
           "print('LOADED', ' '.join(m for m in %r if m in sys.modules))" % (_LAZY,),
           "b = gc.mem_alloc()\nfrom aliencity import computer, ai",
           "print('PLAY', 'load', gc.mem_alloc() - b)",
           "ai.brain()\nai = None",
           "gc.collect(); await asyncio.sleep(0); gc.collect()",
           "print('PLAY', 'ai', gc.mem_alloc() - a)"]
    r = mpylane.run("\n".join(src) + "\n", files=files, fixed_heap=False, timeout=300)
    if r.returncode != 0:
        raise RuntimeError("MicroPython run failed:\n" + r.stderr)
    out = {}
    loaded = []
    for line in r.stdout.splitlines():
        t = line.split()
        if t and t[0] == "PLAY":
            out[t[1]] = int(t[2])
        elif t and t[0] == "LOADED":
            loaded = t[1:]
    return out["hot"], out["ai"], out["load"], loaded


def app_bench():
    """The app_* keys and the heap table (markdown)."""
    import appdriver
    lines, moves, builds = _app_script()
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        appdriver.run_sim("\n".join(lines) + "\n",
                          code=os.path.join(paths.ROOT, "tools", "appprobe.py"),
                          env={"APPPROBE_OUT": out}, timeout=120)
        with open(out) as f:
            probe = json.load(f)
    finally:
        os.unlink(out)
    px = _press_pixels(lines, probe["refreshes"])
    res = {"app_cursor_move_refresh_px": max(px[i] for i in moves),
           "app_cursor_move_budget_px": APP_CURSOR_BUDGET}
    worst = None
    for taps, budget in builds:
        used = max(px[i] for i in taps)
        if worst is None or budget - used < worst[1] - worst[0]:
            worst = (used, budget)
    res["app_place_refresh_px"] = worst[0]
    res["app_place_budget_px"] = worst[1]
    res["app_place_max_refresh_px"] = max(max(px[i] for i in t) for t, _ in builds)
    vm = _vm_heap()
    heap = probe["heap"]
    table = ["| object | what | bytes |", "| --- | --- | ---: |"]
    shown = 0
    for kind, name, detail, n in heap["rows"]:
        table.append("| %s `%s` | %s | %d |" % (kind, name, detail, n))
        shown += n
    for name, detail, n in heap["arrays"]:
        table.append("| array `Screen.%s` | %s | %d |" % (name, detail, n))
        shown += n
    table.append("| **board screen** | displayio objects and the screen's arrays | **%d** |" % shown)
    vm_rows = (
        ("engine", "import heap: aliencity.engine, scoring, deal (MicroPython lane)"),
        ("game", "a Game: its arrays and street scratch (after a legal())"),
        ("brain", "ai.brain(): the AI's buffers"),
    )
    core = shown
    for key, what in vm_rows:
        table.append("| %s | %s | %d |" % (key, what, vm[key]))
        core += vm[key]
    table.append("| **total (issue 3's budget)** | board screen + engine + game + AI buffers "
                 "| **%d** |" % core)
    code_rows = (
        ("boards", "import heap: boards (common, pybadge)"),
        ("ui", "import heap: prng, ui.palette, text, fx, message, menu, textview, settings"),
        ("record", "import heap: aliencity.record"),
        ("ai", "import heap: aliencity.ai, ai_eval"),
        ("sprites", "import heap: aliencity.sprites"),
        ("shell", "import heap: ui.session, ui.newgame, ui.think (the shell, while a game runs)"),
        ("newgame", "import heap: aliencity.save (resident), aliencity.rows (new-game screen only)"),
        ("computer", "import heap: aliencity.computer (computer seats and hints)"),
        ("screen", "import heap: aliencity.screen"),
        ("results", "import heap: aliencity.results"),
        ("app", "import heap: aliencity.app"),
    )
    whole = core
    for key, what in code_rows:
        table.append("| %s | %s | %d |" % (key, what, vm[key]))
        whole += vm[key]
    table.append("| **whole app** | everything above | **%d** |" % whole)
    table.append("| pause | while the pause menu is open: ui.pause | %d |" % vm["pause"])
    hot, with_ai, load, loaded = _vm_play()
    table.append("| **playing a computer** | measured at once: board screen + code.py, its "
                 "imports and globals + aliencity.app and its imports + a Game + ai, ai_eval "
                 "and the buffers (not loaded: %s) | **%d** |"
                 % (", ".join(m for m in _LAZY if m not in loaded) or "none", shown + with_ai))
    table.append("| playing hot seat | the same without the AI (no hint asked) | %d |"
                 % (shown + hot))
    table.append("| loading the AI | hot seat + all that importing ai and ai_eval "
                 "allocates, compile garbage included, nothing collected (an upper "
                 "bound; the buffers come after) | %d |" % (shown + hot + load))
    table.append("")
    table.append("Import rows are what each step adds in that order (a module imported by "
                 "an earlier one counts there); bytes are after a collection in the "
                 "MicroPython VM, modules compiled from source. \"whole app\" adds them "
                 "all as if loaded together; the app loads record, results, the pause "
                 "menu and the text view only while they are used and drops the AI when "
                 "a game ends, so \"playing a computer\" (one VM, what is loaded then; "
                 "it also counts code.py and ui.crash, which the rows do not) is the peak "
                 "while playing. The pause menu adds its row and its screen on top of that "
                 "while it is open.")
    res["app_display_heap_bytes"] = shown
    res["app_heap_bytes_estimate"] = core
    res["app_whole_heap_bytes_estimate"] = whole
    res["app_play_heap_bytes_estimate"] = shown + with_ai
    res["app_ai_load_heap_bytes_estimate"] = shown + hot + load
    return res, "\n".join(table)


APP_TARGETS = {
    "app_cursor_move_refresh_px": ("<=", APP_CURSOR_BUDGET),
    "app_place_refresh_px": ("<=", "app_place_budget_px"),
    "app_heap_bytes_estimate": ("<=", 64 * 1024),
    # Compiling the AI mid-game must not be the peak: it may not need more
    # than playing a computer does.
    "app_ai_load_heap_bytes_estimate": ("<=", "app_play_heap_bytes_estimate"),
}


# -- Alheimur (firmware/alheimur) ----------------------------------------------------
# Positions: seeded games of tools/alhseeded.py (2 to 8 players) cut after a
# number of actions, wherever they are then: world building, expansion,
# movement steps, battles, dice. A "legal actions" time is one generation
# from a changed position (the engine's cache of the point's actions
# cleared), best of several runs per position; the figures are the median
# and the worst over positions. An "apply" time is one action taken (a few
# per position), the engine's moving on to the next decision point included
# (transitions, skipped points, its list of legal actions). Heap: what importing the engine keeps
# (engine, scoring: a game in play), what world building adds while it runs
# (deal, deck, build), an 8-player game, and the records (names, record).

_ALH_BENCH = r"""
import gc
from array import array
import alhseeded
from alheimur.actions import MAX_ACTIONS

def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]

def alloc_legal(g, buf):
    # bytes one generation allocates (locals only: a global's first store
    # would count)
    if not hasattr(gc, "mem_alloc"):
        return -1  # CPython: not measured
    g.sn = -1
    g.legal(buf)
    gc.disable()
    g.sn = -1
    a = gc.mem_alloc()
    g.legal(buf)
    b = gc.mem_alloc()
    gc.enable()
    return b - a

buf = array("H", bytes(2 * MAX_ACTIONS))
per = []
applied = []
alloc = -1
npos = 0
state = 0
for seed, np in ((37, 4), (5, 8), (3, 2), (30, 3), (41, 4), (2, 6)):
    for cut in (12, 60, 150, 260, 400):
        g = alhseeded.play(seed, np, 20, cut)
        if g.over():
            continue
        npos += 1
        state = len(g.st)
        ts = []
        for _ in range(7):
            g.sn = -1
            t0 = now_us()
            g.legal(buf)
            ts.append(now_us() - t0)
        per.append(min(ts))
        alloc = max(alloc, alloc_legal(g, buf))
        n = g.legal(buf)
        saved = g.state()
        for k in range(0, n, max(1, n // 4)):
            a = buf[k]
            t0 = now_us()
            g.apply(a, False)
            applied.append(now_us() - t0)
            g.load(saved)
            g.legal(buf)
        g = None
        COLLECT
print("RESULT", npos, median(per), max(per), alloc, state, median(applied),
      max(applied))
"""

_ALH_HEAP = r"""
import gc, asyncio
def used():
    gc.collect()
    return gc.mem_alloc()
gc.collect(); await asyncio.sleep(0)
a = used()
from alheimur import engine, scoring
gc.collect(); await asyncio.sleep(0)
b = used()
from alheimur import deal, build
gc.collect(); await asyncio.sleep(0)
c = used()
g, rng = deal.new_game(3, 8)
gc.collect(); await asyncio.sleep(0)
d = used()
from alheimur import names, record
gc.collect(); await asyncio.sleep(0)
print("RESULT", b - a, c - b, d - c, used() - d)
"""


def alheimur_bench():
    """The alheimur_* keys."""
    import contextlib
    import io

    sys.path.insert(0, os.path.join(paths.ROOT, "tools"))
    env = {"time": time, "print": print}
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(_CPY_CLOCK + _ALH_BENCH.replace("        COLLECT\n", ""),
                     "alh_bench", "exec"), env)
    n, med, worst, _, state, ap, ap_max = _parse(buf.getvalue())
    res = {"alheimur_positions": n,
           "alheimur_legal_ms_cpython": med / 1000,
           "alheimur_legal_max_ms_cpython": worst / 1000,
           "alheimur_apply_ms_cpython": ap / 1000,
           "alheimur_apply_max_ms_cpython": ap_max / 1000,
           "alheimur_state_bytes": state}
    files = mpylane.firmware_files()
    with open(os.path.join(paths.ROOT, "tools", "alhseeded.py")) as f:
        files["alhseeded.py"] = f.read()
    script = "import asyncio\n" + _MPY_CLOCK + _ALH_BENCH.replace(
        "COLLECT", "gc.collect(); await asyncio.sleep(0)")
    r = mpylane.run(script, files=files, fixed_heap=False, timeout=600)
    if r.returncode != 0:
        raise RuntimeError("MicroPython run failed:\n" + r.stderr)
    n, med, worst, alloc, _, ap, ap_max = _parse(r.stdout)
    res.update({"alheimur_legal_ms_mpy": med / 1000,
                "alheimur_legal_max_ms_mpy": worst / 1000,
                "alheimur_apply_ms_mpy": ap / 1000,
                "alheimur_apply_max_ms_mpy": ap_max / 1000,
                "alheimur_legal_alloc_bytes_mpy": alloc})
    play, setup, game, rec = _run_mpy(_ALH_HEAP, extra_files=False)
    res.update({"alheimur_import_heap_bytes_mpy": play,
                "alheimur_setup_heap_bytes_mpy": setup,
                "alheimur_game8_heap_bytes_mpy": game,
                "alheimur_record_import_heap_bytes_mpy": rec})
    res.update(alheimur_ai_bench())
    return res


# Alheimur's computer players (firmware/alheimur/ai*.py). Whole seeded games
# between the levels (2, 4 and 8 players, round limit 20); a turn's time is
# the thinking of the player whose turn it is, from its expansion to its
# last battle decision (world building and the start colonists apart: see
# _max_decision); figures per level: median and worst turn. Heap: the
# levels (ai), the turn's search with its buffers (ai_eval, ai_turn, the
# model), world building's (ai_setup, dropped once play runs).
_ALH_AI_BENCH = r"""
import gc
from array import array
from alheimur import ai
from alheimur.actions import MAX_ACTIONS, P_DEAL
from alheimur.deal import new_game, shuffle
from prng import Rng

def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]

def play(seed, seats, turns, one):
    np = len(seats)
    g, drng = new_game(seed, np, 20)
    rngs = [Rng(seed * 31 + k + 1) for k in range(np)]
    buf = array("H", bytes(2 * MAX_ACTIONS))
    key = None
    acc = 0
    while not g.over():
        if g.phase() == P_DEAL:
            g.deal(shuffle(drng))
            continue
        n = g.legal(buf)
        if g.chance():
            g.apply(ai.chance(g, drng, buf, n), False)
            continue
        p = g.actor()
        t0 = now_us()
        a = ai.LEVELS[seats[p]](g, rngs[p], buf, n)
        t = now_us() - t0
        one[seats[p]] = max(one[seats[p]], t)
        if g.round() and p == g.current():
            k = (g.round(), p)
            if k != key:
                if key is not None:
                    turns[seats[key[1]]].append(acc)
                key = k
                acc = 0
            acc += t
        g.apply(a, False)
    if key is not None:
        turns[seats[key[1]]].append(acc)

turns = {"random": [], "easy": [], "hard": []}
one = {"random": 0, "easy": 0, "hard": 0}
for seed, seats in ((3, ("hard", "easy")), (4, ("easy", "hard", "easy", "random")),
                    (5, ("hard", "easy", "hard", "easy", "random", "easy", "hard", "easy"))):
    play(seed, seats, turns, one)
    COLLECT
print("RESULT", " ".join("%d %d %d %d" % (len(turns[lv]), median(turns[lv]),
      max(turns[lv]), one[lv]) for lv in ("random", "easy", "hard")))
"""

_ALH_AI_HEAP = r"""
import gc, asyncio
def used():
    gc.collect()
    return gc.mem_alloc()
from alheimur import engine, scoring, deal, build
gc.collect(); await asyncio.sleep(0)
a = used()
from alheimur import ai
gc.collect(); await asyncio.sleep(0)
b = used()
from alheimur import ai_turn
ai_turn.model()
gc.collect(); await asyncio.sleep(0)
c = used()
from alheimur import ai_setup
gc.collect(); await asyncio.sleep(0)
print("RESULT", b - a, c - b, used() - c)
"""


def alheimur_ai_bench():
    """The alheimur_ai_* keys."""
    import contextlib
    import io

    res = {}
    env = {"time": time, "print": print}
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(_CPY_CLOCK + _ALH_AI_BENCH.replace("    COLLECT\n", ""),
                     "alh_ai_bench", "exec"), env)
    cpy = _parse(buf.getvalue())
    script = "import asyncio\n" + _MPY_CLOCK + _ALH_AI_BENCH.replace(
        "COLLECT", "gc.collect(); await asyncio.sleep(0)")
    r = mpylane.run(script, fixed_heap=False, timeout=900)
    if r.returncode != 0:
        raise RuntimeError("MicroPython run failed:\n" + r.stderr)
    mpy = _parse(r.stdout)
    for i, lv in enumerate(("random", "easy", "hard")):
        n, med, worst, one = mpy[4 * i:4 * i + 4]
        res["alheimur_ai_%s_turns" % lv] = n
        res["alheimur_ai_%s_turn_ms_mpy" % lv] = med / 1000
        res["alheimur_ai_%s_turn_max_ms_mpy" % lv] = worst / 1000
        res["alheimur_ai_%s_decision_max_ms_mpy" % lv] = one / 1000
        res["alheimur_ai_%s_turn_ms_cpython" % lv] = cpy[4 * i + 1] / 1000
        res["alheimur_ai_%s_turn_max_ms_cpython" % lv] = cpy[4 * i + 2] / 1000
    lv, turn, setup = _run_mpy(_ALH_AI_HEAP, extra_files=False)
    res["alheimur_ai_import_heap_bytes_mpy"] = lv + turn
    res["alheimur_ai_setup_heap_bytes_mpy"] = setup
    return res


ALH_TARGETS = {
    "alheimur_legal_ms_mpy": ("<=", 5.0),
    "alheimur_legal_max_ms_mpy": ("<=", 25.0),
    "alheimur_legal_alloc_bytes_mpy": ("<=", 0),
    "alheimur_state_bytes": ("<=", 1024),
    "alheimur_import_heap_bytes_mpy": ("<=", 30 * 1024),
    # a turn of the strongest level: 3 s on a SAMD51, about 4x the VM
    "alheimur_ai_hard_turn_max_ms_mpy": ("<=", 750.0),
    "alheimur_ai_import_heap_bytes_mpy": ("<=", 20 * 1024),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when a target is missed")
    ap.add_argument("--no-ai", action="store_true",
                    help="skip the computer opponents' figures (ai_*)")
    ap.add_argument("--no-app", action="store_true",
                    help="skip the app in the simulator (app_*)")
    ap.add_argument("--no-alheimur", action="store_true",
                    help="skip Alheimur's figures (alheimur_*)")
    ap.add_argument("--heap-table", action="store_true",
                    help="also print the app's heap table (markdown) before the JSON")
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
    if not args.no_alheimur:
        res.update(alheimur_bench())
        TARGETS.update(ALH_TARGETS)
    if not args.no_ai:
        res.update(ai_bench())
        TARGETS.update(AI_TARGETS)
    if not args.no_app:
        app, table = app_bench()
        res.update(app)
        TARGETS.update(APP_TARGETS)
        if args.heap_table:
            print(table + "\n")
    missed = []
    for key, (op, limit) in TARGETS.items():
        v = res[key]
        if isinstance(limit, str):
            limit = res[limit]
        if (op == "<=" and v > limit) or (op == ">=" and v < limit):
            missed.append("%s %s %s" % (key, op, limit))
    res["targets_missed"] = missed
    print(json.dumps(res, indent=2))
    if args.check and missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
