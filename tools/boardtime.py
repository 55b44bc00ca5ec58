"""Time on the board (issue 32): power-on to the launcher, the launcher to
a playable board, and what each press costs: the work in the VM, the
modules it compiles, the pixels it sends over the display bus.

    .venv/bin/python tools/boardtime.py            # the tables (markdown)
    .venv/bin/python tools/boardtime.py --calibrate --pystone PATH
    .venv/bin/python tools/bench.py --board-time [--write-board-time]

A *journey* is code.py, unchanged, driven by a list of presses: each
press is handed to the firmware when it next waits for one (``Fx.
next_press``, which every screen's wait goes through), so a press owns
all the work between it and the next wait. The same journeys run in

- the MicroPython VM (tools/mpylane.py, 32-bit) with the stand-ins of
  tools/vmboard.py: the time of each press (our code only: displayio,
  keypad ... are free there as C is on the board), the modules it
  imported, what firmware slept (a moment's view: ``show_for``);
- CircuitPython 10.3's unix VM (tools/cplane.py), the same way, where
  it is available (a second opinion on compile and import times);
- the simulator (sim/, CPython): the pixels each press sends to the panel
  and which screen it was made on.

SAMD51 estimates. A VM runs Python faster than the board, and it compiles
faster too, but not by the same factor, so a press's time is split into
compiling (each module it imported, compiled on its own in that VM, best
of several) and the rest, and each part is scaled by its own factor:

    board ms = run ms x RUN_FACTOR + compile ms x COMPILE_FACTOR
               + pixels x 16 bit / SPI clock

RUN_FACTOR: pystone in the VM against a published pystone for
CircuitPython on a SAMD51 (Metro M4, 120 MHz: 1521.6 passes/s,
adafruit/circuitpython commit 568636d562). COMPILE_FACTOR: this VM's
compile speed (KB of source a second, our whole firmware) against the one
published figure for MicroPython's compiler on a Cortex-M that we found:
a 22 KB parse benchmark in about 358 ms on an RP2350 at 150 MHz
(micropython/micropython pull request 19370), scaled to the SAMD51 by the
two chips' times on one MicroPython benchmark (RP2350 10.3 s, SAMD51
12.3 s: scruss.com/blog/tag/benchmark). ``--calibrate`` remeasures the VM
sides. What the board does in C (displayio composing the pixels, the
garbage collector, reading files from flash) is not in the VM figures;
the bus time is added from the pixel counts. These are estimates: see
docs/bench.md for how far to trust them.
"""

import argparse
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mpylane
import vmboard

import paths

ROOT = paths.ROOT

# -- the factors ----------------------------------------------------------------------
# Published board figures (see the module docstring).
SAMD51_PYSTONES = 1521.6          # pystone 1.1 passes/s, CircuitPython, Metro M4 (SAMD51J19)
RP2350_PARSE_MS_PER_KB = 358 / 22.0
SAMD51_OVER_RP2350 = 12.3 / 10.3  # MicroPython on both, one benchmark
SAMD51_COMPILE_MS_PER_KB = RP2350_PARSE_MS_PER_KB * SAMD51_OVER_RP2350

# The VM side of RUN_FACTOR, measured by ``--calibrate`` (pystone 1.1,
# passes/s, the best of 8 runs, 2026-11-27 on this 2-core machine; the
# load of other work on it moves single runs by up to a third).
VM_PYSTONES = {"mp": 50000.0, "cp": 252000.0}


def run_factor(lane="mp"):
    return VM_PYSTONES[lane] / SAMD51_PYSTONES


def compile_us_per_kb(compile_table):
    """A lane's compile speed over every module: microseconds per KB."""
    us = sum(v[0] for v in compile_table.values())
    return us / (sum(v[1] for v in compile_table.values()) / 1024.0)


def compile_factor(data, lane="mp"):
    """SAMD51 compile time over the VM's, from this run's compile times."""
    return SAMD51_COMPILE_MS_PER_KB * 1000.0 / compile_us_per_kb(data["compile"][lane])


def spi_hz():
    """The display bus clock (boards/common.py's _DISPLAY_SPI_HZ)."""
    with open(os.path.join(ROOT, "boards", "common.py")) as f:
        m = re.search(r"^_DISPLAY_SPI_HZ = const\((\d+)\)", f.read(), re.M)
    if m is None:
        raise RuntimeError("boards/common.py has no _DISPLAY_SPI_HZ = const(...)")
    return int(m.group(1))


def spi_ms(pixels):
    """Milliseconds to send ``pixels`` 16-bit pixels over the display bus
    (the window commands of each area, a few bytes, left out)."""
    return pixels * 16 * 1000.0 / spi_hz()


# -- journeys ---------------------------------------------------------------------------
# (name, what the NVM holds, steps). A step: (presses, label); the label
# names the wait after the step's last press (None: not a figure of its
# own). The first wait of every journey (index -1) is power-on to the
# launcher. Seeds are set on the new-game screen (seed 1), so every run
# deals the same game.
AC_NEW = (
    ("a", "launcher -> new-game screen"),
    # seed 1; P1 (W) hard; P2 (B, who moves first) human (the rows as
    # drawn: the dim location-bonus row is a press too)
    ("up right up up up up up right right right down left", None),
    ("start", "new-game screen -> board"),
)
# On the board: cursor moves, a refused build (A off a legal lot), next
# piece and builds (B: no claim; the hard computer answers), Select, the
# pause menu (hint; the rules, scrolled).
AC_PLAY = (
    ("right down left up a b a b a b select b", None),
    ("start down down a start down down down down a down up b b", None),
)
SKY_NEW = (
    ("down a", "launcher -> new-game screen"),
    ("up right", None),      # seed 1
    ("start", "new-game screen -> board"),
)
SKY_PLAY = (("right down left up a a right a a left a b start down a", None),)
ALH_NEW = (
    ("down down a", "launcher -> new-game screen"),
    # seed 1; 3 players (seat 1 human, seats 2 and 3 easy): up past the
    # round limit and the two seats' rows to players
    ("up right up up up up right", None),
    ("start", "new-game screen -> world building"),
    # three cards placed: the board
    ("a a a", "world building: the third card -> board (the computers place theirs "
              "first)"),
)
# On the board: cursor moves, then A on what is lit (and on the first
# choice) turn after turn; the two computers play after each of them.
ALH_PLAY = (("right left up down" + " a" * 20, None),)
CONTINUE = (("a", "launcher -> board (Continue)"),)

JOURNEYS = {
    "aliencity-new": ("fresh", AC_NEW + AC_PLAY),
    "aliencity-continue": ("aliencity", CONTINUE + AC_PLAY[:1]),
    "skyscrapers-new": ("fresh", SKY_NEW + SKY_PLAY),
    "skyscrapers-continue": ("skyscrapers", CONTINUE + SKY_PLAY),
    "alheimur-new": ("fresh", ALH_NEW + ALH_PLAY),
    "alheimur-continue": ("alheimur", CONTINUE + ALH_PLAY),
}
# What each journey's first board is: the wait after which play begins.
GAME_OF = {"aliencity": "Alien City (P1 hard, P2 human)", "skyscrapers": "Skyscrapers",
           "alheimur": "Alheimur (3 seats: a human, two easy)"}


def keys_and_labels(steps):
    """(every press in order, {wait index: label})."""
    keys = []
    labels = {}
    for presses, label in steps:
        keys += presses.split()
        if label:
            labels[len(keys) - 1] = label
    return keys, labels


def journey_nvm(kind):
    """The NVM for a journey: "fresh" (erased: first power-on), or one
    holding a saved game of the package ``kind`` (the launcher offers
    Continue): Alien City, W hard against B human, B to build; Skyscrapers
    a new deal; Alheimur three seats (a human and two easy computers)
    mid-game, the human to act."""
    if kind == "fresh":
        return bytes(b"\xff" * 8192)
    import nvmsave
    if kind == "aliencity":
        return nvmsave.nvm_with_save("aliencity", seats=(3, 0))
    if kind == "skyscrapers":
        return nvmsave.nvm_with_save("skyscrapers")
    if kind == "alheimur":
        import seeded_alheimur
        for seed in range(1, 50):
            g = next((g for g in (seeded_alheimur.play(seed, 3, 20, stop_at=cut)
                                  for cut in range(60, 200, 5))
                      if not g.over() and g.actor() == 0
                      and g.round() >= 2), None)
            if g is not None:
                break
        else:
            raise RuntimeError("no seeded 3-player Alheimur game with seat 1 to act")
        return nvmsave.nvm_with_save("alheimur", g, ("human", "easy", "easy"))
    raise ValueError(kind)


# -- the VM lanes ------------------------------------------------------------------------
# code.py without its last lines (``main()`` under try): the journey
# script imports it, then runs main() itself.
def _entry_py():
    import constfold
    with open(os.path.join(paths.FIRMWARE, "code.py")) as f:
        code = constfold.fold(f.read())
    return code[:code.rindex("\ntry:\n    main()")] + "\n"


_JOURNEY = r'''
import sys, time, gc
CLOCK
from time import ticks_diff
import supervisor
import displayio, bitmaptools, terminalio, board, keypad, neopixel_write, microcontroller
import digitalio, audiocore, audioio
import builtins


def _sleep(s):
    supervisor.slept_ms += int(s * 1000)


time.sleep = _sleep
KEYS = %r
PASSES = %d
NAMES = ("up", "down", "left", "right", "a", "b", "start", "select")
NVM = bytes(microcontroller.nvm)
BASE = set(sys.modules)
_import = builtins.__import__
st = {"present": set(sys.modules), "loaded": []}


class Done(BaseException):
    pass


def _look():
    # modules in sys.modules now that were not at the last look: loaded
    # (a module enters sys.modules as its body starts, so a nested import
    # sees its importer); then the look is now (drops included)
    cur = sys.modules
    pres = st["present"]
    if len(cur) != len(pres):
        for k in cur:
            if k not in pres:
                st["loaded"].append(k)
        st["present"] = set(cur)


def _hook(name, *a):
    # every module an import loads: also one the press drops again, or
    # drops and loads again (code.py drops the launcher's modules)
    _look()
    m = _import(name, *a)
    _look()
    return m


def next_press(self, buttons):
    t = now()
    _look()
    mods = set(sys.modules)
    gone = [m for m in st["mods"] if m not in mods]
    print("WAIT", st["pass"], st["i"], ticks_diff(t, st["t"]), supervisor.slept_ms - st["slept"],
          ",".join(st["loaded"]) or "-", ",".join(sorted(gone)) or "-",
          ",".join([str(n) for n in displayio.calls]))
    for k in range(len(displayio.calls)):
        displayio.calls[k] = 0
    st["mods"] = mods
    st["loaded"] = []
    st["slept"] = supervisor.slept_ms
    i = st["i"] + 1
    st["i"] = i
    if i >= len(KEYS):
        raise Done()
    buttons.event._set(NAMES.index(KEYS[i]), True, False, 0)
    st["t"] = now()
    return buttons.event


builtins.__import__ = _hook
# Pass 0 meets the VM cold (its first run of each path is slower); the
# figures are the best of all passes, each from power-on: the firmware's
# modules forgotten, the NVM as it was.
for p in range(PASSES):
    for m in list(sys.modules):
        if m not in BASE:
            del sys.modules[m]
    microcontroller.nvm[:] = NVM
    board.DISPLAY.root_group = None
    YIELD
    st.update({"pass": p, "i": -1, "mods": set(sys.modules), "slept": supervisor.slept_ms,
               "loaded": [], "present": set(sys.modules)})
    for k in range(len(displayio.calls)):
        displayio.calls[k] = 0
    st["t"] = now()
    import entry
    import ui.session
    ui.session.Fx.next_press = next_press
    try:
        entry.main()
    except Done:
        pass
print("END")
'''
_MP_CLOCK = ("import lane, asyncio\nnow = lane.ticks_us\n"
             "time.monotonic_ns = lambda: now() * 1000")
# Between passes: a collection (this VM frees garbage only when the script
# yields to JavaScript, see tools/mpylane.py).
_MP_YIELD = "gc.collect(); await asyncio.sleep(0); gc.collect()"
_CP_YIELD = "gc.collect()"
# CircuitPython's unix ``time`` takes no new attributes and has no
# monotonic_ns (the computer seats' clock): a module of ours stands in for
# it, filled from the real one (its folder goes on sys.path only now).
_CP_CLOCK = """_rt = time
sys.path.insert(0, SHIM)
import time
for _k in ("ticks_ms", "ticks_us", "ticks_diff", "ticks_add", "time", "localtime"):
    setattr(time, _k, getattr(_rt, _k))
now = _rt.ticks_us
time.monotonic_ns = lambda: now() * 1000
time.sleep = _rt.sleep"""

# CircuitPython 10 on a SAMD51 gives Python 2048 bytes of stack
# (py/circuitpy_mpconfig.h; 1536 was the default before 10 and stays so on
# SAMD21): the app's deepest path (a computer's search) needs more than
# mpylane's 1536.
PYSTACK = 2048


def _firmware_files():
    """firmware/ and boards/ as a .py deploy writes them (tools/deploy.py:
    private const() names folded in), code.py as entry.py."""
    files = mpylane.firmware_files(deployed=True)
    for rel, text in mpylane.firmware_files("boards", deployed=True).items():
        files["boards/" + rel] = text
    files.pop("code.py")
    files["entry.py"] = _entry_py()
    return files


def _parse_waits(out):
    """Per wait (the wait after press i; -1: power-on to the first),
    the fastest pass: {"i", "us", "slept_ms", "new" (modules the press
    loaded), "gone" (modules it dropped), "calls" (into the stand-ins'
    methods for C, per kind: vmboard.KINDS)}."""
    passes = {}
    for line in out.splitlines():
        t = line.split()
        if t and t[0] == "WAIT":
            passes.setdefault(int(t[1]), []).append(
                {"i": int(t[2]), "us": int(t[3]), "slept_ms": int(t[4]),
                 "new": [] if t[5] == "-" else t[5].split(","),
                 "gone": [] if t[6] == "-" else t[6].split(","), "calls": [int(n) for n in t[7].split(",")]})
    if "END" not in out.split() or not passes:
        raise RuntimeError("the journey did not end:\n" + out[-3000:])
    return best_of([passes[p] for p in sorted(passes)])


def run_mp(keys, nvm, mpy_cross=None, passes=None):
    """One journey in the MicroPython VM, ``passes`` times from power-on:
    its waits (see _parse_waits); with mpy_cross (MicroPython's), every
    module but entry.py as .mpy."""
    files = _firmware_files()
    if mpy_cross:
        import cplane
        files = cplane.compiled(files, mpy_cross, keep=("entry.py",))
    files.update(vmboard.files(nvm))
    script = _JOURNEY.replace("CLOCK", _MP_CLOCK).replace("YIELD", _MP_YIELD) % (
        list(keys), passes or PASSES)
    r = mpylane.run(script, files=files, fixed_heap=False, timeout=600, pystack=PYSTACK,
                    node_flags=mpylane.STEADY)
    if r.returncode != 0:
        raise RuntimeError("MicroPython journey failed:\n" + r.stderr[-3000:])
    return _parse_waits(r.stdout)


def run_cp(keys, nvm, mpy=False, passes=None):
    """The same in CircuitPython's unix VM (its own mpy-cross for .mpy);
    None when ../shared/circuitpython is absent."""
    import cplane
    if not cplane.available():
        return None
    files = _firmware_files()
    with tempfile.TemporaryDirectory() as drive, tempfile.TemporaryDirectory() as hw:
        shim = os.path.join(hw, "shim")
        script = _JOURNEY.replace("CLOCK", _CP_CLOCK.replace("SHIM", repr(shim))).replace(
            "YIELD", _CP_YIELD) % (list(keys), passes or PASSES)
        cplane.write_tree(drive, files, mpy=mpy, keep_py=("entry.py",))
        cplane.write_tree(hw, vmboard.files(nvm))
        cplane.write_tree(shim, {"time.py": "# filled in by the journey script\n"})
        r = cplane.run_drive(script, drive, heapsize=4 << 20, extra_dirs=(hw,))
    if r.returncode != 0:
        raise RuntimeError("circuitpython journey failed:\n" + r.stdout[-3000:])
    return _parse_waits(r.stdout)


def best_of(runs):
    """Per wait, the fastest of several runs of one journey (load on the
    machine only adds time, and a VM's first run of a path is slower);
    modules and pauses from the first run."""
    out = []
    for i, w in enumerate(runs[0]):
        w = dict(w)
        w["us"] = min(r[i]["us"] for r in runs if i < len(r))
        out.append(w)
    return out


_COMPILE = r'''
import gc
CLOCK
names = %r
srcs = []
for n in names:
    with open(n) as f:
        srcs.append(f.read())
best = [0] * len(names)
for rep in range(%d):
    for i in range(len(names)):
        gc.collect()
        t0 = now()
        compile(srcs[i], names[i], "exec")
        t = ticks_diff(now(), t0)
        if rep == 0 or t < best[i]:
            best[i] = t
for i in range(len(names)):
    print("COMPILE", names[i], best[i], len(srcs[i]))
'''


def compile_times(lane="mp", reps=5):
    """{module name: (microseconds to compile its source, best of reps,
    bytes)} for every module of firmware/ and boards/, in the lane's VM."""
    import cplane
    files = _firmware_files()
    files.pop("entry.py")
    names = sorted(files)
    if lane == "mp":
        clock = "import lane\nfrom time import ticks_diff\nnow = lane.ticks_us"
        r = mpylane.run(_COMPILE.replace("CLOCK", clock) % (names, reps), files=files,
                        fixed_heap=False, timeout=600, node_flags=mpylane.STEADY)
        out = r.stdout
        ok = r.returncode == 0
    else:
        if not cplane.available():
            return None
        clock = "import time\nfrom time import ticks_diff\nnow = time.ticks_us"
        r = cplane.run(_COMPILE.replace("CLOCK", clock) % (names, reps), files=files,
                       heapsize=4 << 20)
        out = r.stdout
        ok = r.returncode == 0
    if not ok:
        raise RuntimeError("compile timing failed:\n" + out[-2000:])
    res = {}
    for line in out.splitlines():
        t = line.split()
        if t and t[0] == "COMPILE":
            name = t[1][:-3].replace("/", ".")
            if name.endswith(".__init__"):
                name = name[:-9]
            res[name] = (int(t[2]), int(t[3]))
    return res


_STANDIN = r'''
import gc
CLOCK
import displayio
import bitmaptools
bm = displayio.Bitmap(100, 40, 2)
sheet = displayio.Bitmap(60, 12, 2)
pal = displayio.Palette(4)
grid = displayio.TileGrid(sheet, pixel_shader=pal, width=100, height=40, tile_width=6,
                          tile_height=12)
group = displayio.Group()
for i in range(40):
    group.append(displayio.TileGrid(sheet, pixel_shader=pal))
ba = bytearray(100)


def bare():
    for y in range(40):
        for x in range(100):
            t = (x, y)


def pixel():
    for y in range(40):
        for x in range(100):
            bm[x, y] = 1


def tile():
    # a tile by its index, then by (x, y) (the firmware writes both)
    for y in range(20):
        for x in range(100):
            t = (x, y)
            grid[x] = 3
    for y in range(20):
        for x in range(100):
            grid[x, y] = 3


def colour():
    for y in range(40):
        for x in range(100):
            t = (x, y)
            pal[1] = 0x123456


def member():
    for y in range(40):
        for x in range(100):
            t = (x, y)
            group[y]


def fill():
    for y in range(40):
        for x in range(100):
            t = (x, y)
            bitmaptools.fill_region(bm, 0, 0, 2, 2, 1)


def native():
    for y in range(40):
        for x in range(100):
            t = (x, y)
            ba[x] = 1


fs = (bare, native, pixel, tile, colour, member, fill)
best = [0] * len(fs)
for rep in range(7):
    for k, f in enumerate(fs):
        gc.collect()
        t0 = now()
        f()
        t = ticks_diff(now(), t0)
        if rep == 0 or t < best[k]:
            best[k] = t
print("STANDIN", " ".join([str((b - best[0]) / 4000) for b in best[1:]]))
'''


def standin_cost(lane="mp"):
    """(microseconds a call into a stand-in's method costs in the lane's
    VM, one figure per kind of call (vmboard.KINDS), microseconds of the
    native store that stands for a C call): each kind's call against a
    byte stored into a bytearray, the same loop around both."""
    import cplane
    files = {"displayio.py": vmboard.DISPLAYIO, "bitmaptools.py": vmboard.BITMAPTOOLS}
    if lane == "mp":
        clock = "import lane\nfrom time import ticks_diff\nnow = lane.ticks_us"
        r = mpylane.run(_STANDIN.replace("CLOCK", clock), files=files, fixed_heap=False,
                        node_flags=mpylane.STEADY)
    else:
        if not cplane.available():
            return None
        clock = "import time\nfrom time import ticks_diff\nnow = time.ticks_us"
        r = cplane.run(_STANDIN.replace("CLOCK", clock), files=files, heapsize=4 << 20)
    t = [max(0.0, float(v)) for v in r.stdout.split("STANDIN")[1].split()]
    return (t[1:], t[0])


# -- calibration --------------------------------------------------------------------------
_PYSTONE_CLOCK = {
    "mp": "import lane\ndef time():\n    return lane.ticks_us() / 1e6\n",
    "cp": "import time as _t\ndef time():\n    return _t.ticks_us() / 1e6\n",
}


def pystone_source(path):
    """CPython's Lib/test/pystone.py (1.2) as pystone 1.1, the version
    CircuitPython's published figure ran (Python 3.4's: true division in
    Proc0), with its clock from ``_clk``."""
    with open(path) as f:
        src = f.read()
    src = src.replace("IntLoc2 = IntLoc3 // IntLoc1", "IntLoc2 = IntLoc3 / IntLoc1")
    return re.sub(r"^from time import \w+$", "from _clk import time", src, flags=re.M)


def calibrate(pystone_path, reps=8):
    """The VM sides of the factors: {lane: (pystones/s, us per KB compiled)}."""
    import cplane
    src = pystone_source(pystone_path)
    script = ("import pystone\nbest = 0\nfor rep in range(%d):\n"
              "    t, s = pystone.pystones(5000)\n    best = max(best, s)\n"
              "print('PYSTONE', best)\n" % reps)
    out = {}
    for lane in ("mp", "cp"):
        files = {"pystone.py": src, "_clk.py": _PYSTONE_CLOCK[lane]}
        if lane == "mp":
            r = mpylane.run(script, files=files, fixed_heap=False, timeout=600,
                            node_flags=mpylane.STEADY)
            text = r.stdout
        else:
            if not cplane.available():
                continue
            text = cplane.run(script, files=files, heapsize=4 << 20).stdout
        stones = float(text.split("PYSTONE")[1].split()[0])
        ct = compile_times(lane, reps)
        us = sum(v[0] for v in ct.values())
        kb = sum(v[1] for v in ct.values()) / 1024.0
        out[lane] = (round(stones), round(us / kb, 1), round(kb))
    return out


# -- the simulator: pixels per press ------------------------------------------------------
SCREENS = (
    # (firmware function, file ending, screen) looked for from the wait outwards
    ("show", "ui/crash.py", "crash screen"), ("_sure", "pause.py", "pause menu: sure?"),
    ("menu", "pause.py", "pause menu"), ("rules", "pause.py", "rules"),
    ("_run", "ui/replay.py", "replay"), ("run", "textview.py", "text view"),
    ("run", "launcher.py", "launcher"), ("ask", "newgame.py", "new-game screen"),
    ("hand_over", "hand_over.py", "hand-over"), ("run", "all_worlds.py", "all worlds"),
    ("_human", "build_screen.py", "world building"),
)


def screen_now():
    """The screen waiting for a press (from the firmware's frames)."""
    f = sys._getframe(1)
    frames = []
    while f is not None:
        frames.append(f)
        f = f.f_back
    for f in frames:                 # the innermost screen's
        for name, fn, what in SCREENS:
            if f.f_code.co_name == name and f.f_code.co_filename.endswith(fn):
                return what
    for f in frames:
        if f.f_code.co_name == "run" and f.f_code.co_filename.endswith("ui/session.py"):
            b = f.f_locals.get("self")
            game = type(b).__module__.split(".")[0]
            mode = getattr(b, "mode", 0)
            return "%s board%s" % (game, "" if not mode else " (mode %d)" % mode)
    return "?"


def board_state():
    """(the part of the board the screen shows: Alheimur's world or space
    on display, ``Screen.view``, and whether a shot's dice stand in its
    place; the position, to tell a move from a look)
    of the board waiting for a press, or (None, None)."""
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == "run" and f.f_code.co_filename.endswith("ui/session.py"):
            b = f.f_locals.get("self")
            g = getattr(b, "g", None)
            if hasattr(g, "state"):
                pos = bytes(g.state())
            else:
                pos = getattr(g, "nbuilds", None)
            scr = getattr(b, "scr", None)
            # a shot's dice stand where the world is: the press that takes
            # them away shows the world again, as showing another one does
            return (getattr(scr, "view", None), getattr(scr, "dice", None) is not None), pos
        f = f.f_back
    return None, None


def sim_journey(keys=None, nvm=None, policy=None, presses=0, board="pybadge"):
    """Run code.py in the simulator (this process, headless), pressing
    ``keys`` one at each wait (then ``policy(screen) -> key`` for
    ``presses`` more, if given). Returns per wait: {"i", "screen" (where
    the press was made), "key", "px" (pixels sent after it), "areas"}."""
    if ROOT not in sys.path:
        sys.path.append(ROOT)
    from sim import runner as R
    R.setup_paths()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    fd, path = tempfile.mkstemp(suffix=".nvm")
    with os.fdopen(fd, "wb") as f:
        f.write(nvm or b"\xff" * 8192)
    keys = list(keys or ())
    log = []
    refreshes = []

    import _simdisplay
    import _simhost
    real_refresh = _simdisplay.SimDisplay._refresh_display
    real_area = _simdisplay.SimDisplay._refresh_area

    def logged(self):
        before = _simhost.refreshed_pixels
        done = real_refresh(self)
        if done:
            refreshes.append((_simhost.refreshed_pixels - before, list(_simhost.last_areas)))
        return done

    state = {"i": -1, "screen": "power-on", "key": None, "left": presses}

    def next_press(fx, buttons):
        px = sum(r[0] for r in refreshes)
        areas = [a for r in refreshes for a in r[1]]
        view, pos = board_state()
        log.append({"i": state["i"], "screen": state["screen"], "key": state["key"],
                    "px": px, "first": refreshes[0][0] if refreshes else 0,
                    "refreshes": len(refreshes), "areas": areas,
                    "view": state.get("view") != view,
                    "moved": pos is not None and state.get("pos") not in (None, pos)})
        del refreshes[:]
        state["view"] = view
        state["pos"] = pos
        screen = screen_now()
        i = state["i"] + 1
        if i < len(keys):
            key = keys[i]
        elif policy is not None and state["left"] > 0:
            state["left"] -= 1
            key = policy(screen)
        else:
            raise _simhost.Done()
        state.update(i=i, screen=screen, key=key)
        from boards.common import NAMES
        buttons.event._set(NAMES.index(key), True, False, _simhost.ticks_ms())
        return buttons.event

    class JourneyRunner(R.Runner):
        def start(self):
            R.Runner.start(self)
            import ui.session
            ui.session.Fx.next_press = next_press

        def _pump_script(self):
            if self.crash_screens:
                raise RuntimeError("the crash screen: %s" % self.crash_screens[0]["text"])
            self.display.auto_refresh_tick()

    for name, mod in list(sys.modules.items()):    # a fresh firmware each run
        f = getattr(mod, "__file__", None) or ""
        if f.startswith((paths.FIRMWARE + os.sep, os.path.join(ROOT, "boards") + os.sep)):
            del sys.modules[name]
    args = R.parse_args(["--headless", "--board", board, "--timeout", "0", "--nvm", path,
                         "--seed", "1"])
    _simdisplay.SimDisplay._refresh_display = logged
    _simdisplay.SimDisplay._refresh_area = lambda self, area: True   # count, do not draw
    try:
        runner = JourneyRunner(args)
        status = runner.main()
    finally:
        _simdisplay.SimDisplay._refresh_display = real_refresh
        _simdisplay.SimDisplay._refresh_area = real_area
        os.unlink(path)
    if status != 0 or runner.error:
        raise RuntimeError("code.py stopped: %s" % runner.error)
    return log


# -- random presses over every screen (for the pixel table) --------------------------------
def random_policy(seed):
    """Presses a player might make, screen by screen, never leaving the
    game: on a board mostly the d-pad and A, sometimes B, Select or the
    pause menu; in the pause menu a few steps, then resume (or the rules);
    in a text view a scroll, then back."""
    import random
    rng = random.Random(seed)

    def choose(screen):
        if screen.startswith("pause menu: sure"):
            return "b"
        if screen == "pause menu":
            return rng.choice(("down", "down", "up", "b", "b"))
        if screen in ("text view", "rules", "replay"):
            return rng.choice(("down", "up", "b", "right", "left"))
        if screen == "new-game screen":
            return "start"
        if screen == "launcher":
            return "a"
        return rng.choices(("up", "down", "left", "right", "a", "b", "select", "start"),
                           (12, 12, 12, 12, 25, 6, 4, 2))[0]
    return choose


def alheimur_policy(seats=("human", "easy", "easy"), seed=1):
    """tools/bot_alheimur.py's player: launcher, new-game rows, world building,
    the board and its choices, survival, pause and scores."""
    import bot_alheimur
    bot = bot_alheimur.Bot(seats, seed, rng=seed)

    def choose(screen):
        bot.look()
        key = bot.decide()
        return key or "b"
    return choose


# Long runs of the policies, in the simulator only: (name, NVM, first
# presses, policy, presses).
PIXEL_RUNS = (
    ("aliencity", "fresh", AC_NEW, lambda: random_policy(1), 300),
    ("skyscrapers", "fresh", SKY_NEW, lambda: random_policy(2), 200),
    ("alheimur", "fresh", (), alheimur_policy, 500),
)


# -- measuring and the tables -----------------------------------------------------------------
REPS = 3       # VM runs of each journey (processes), each of PASSES passes
PASSES = 5


def measure(reps=REPS, mpy_cross=None, log=None):
    """Everything the tables need: per-module compile times, every journey
    in the VMs (best of ``reps``; .mpy with ``mpy_cross``, MicroPython's)
    and in the simulator, and the simulator's long runs."""
    import cplane
    out = {"compile": {"mp": compile_times("mp"), "cp": compile_times("cp")},
           "standin": {"mp": standin_cost("mp"), "cp": standin_cost("cp")},
           "journeys": {}, "runs": {}}
    for name, (kind, steps) in JOURNEYS.items():
        if log:
            log("journey " + name)
        keys, labels = keys_and_labels(steps)
        nvm = journey_nvm(kind)
        j = {"keys": keys, "labels": labels,
             "mp_py": best_of([run_mp(keys, nvm) for _ in range(reps)]),
             "mp_mpy": best_of([run_mp(keys, nvm, mpy_cross) for _ in range(reps)])
             if mpy_cross else None,
             "cp_py": None, "cp_mpy": None, "sim": sim_journey(keys, nvm)}
        if cplane.available():
            j["cp_py"] = best_of([run_cp(keys, nvm) for _ in range(reps)])
            j["cp_mpy"] = best_of([run_cp(keys, nvm, True) for _ in range(reps)])
        out["journeys"][name] = j
    for name, kind, steps, policy, n in PIXEL_RUNS:
        if log:
            log("pixels " + name)
        keys, _ = keys_and_labels(steps)
        out["runs"][name] = sim_journey(keys, journey_nvm(kind), policy(), n)
    return out


def _compile_us(data, lane, mods):
    ct = data["compile"][lane] or {}
    return sum(ct[m][0] for m in mods if m in ct)


def _vm_ms(data, lane, wait):
    """A wait's VM time in ms less what the stand-ins cost more than the
    native calls they stand for."""
    stand, native = data["standin"][lane] or ((), 0.0)
    calls = wait.get("calls", ())
    return max(0.0, (wait["us"] - sum(n * (stand[k] - native) for k, n in enumerate(calls)))
               / 1000.0)


def compile_board_ms(data, mods):
    """What compiling ``mods`` from source takes on a SAMD51: their bytes
    at SAMD51_COMPILE_MS_PER_KB. (A module's compile time in a VM follows
    its size to about 12 %, and per module it is the figure the machine's
    load disturbs most.)"""
    ct = data["compile"]["mp"]
    return sum(ct[m][1] for m in mods if m in ct) / 1024.0 * SAMD51_COMPILE_MS_PER_KB


def estimate(data, lane, py, mpy, px):
    """(.py, .mpy) SAMD51 estimates of a wait in ms. The work but
    compiling is the wait from .mpy (loading a .mpy is a few percent of
    compiling it) x RUN_FACTOR, + the bus time of the pixels; from .py the
    modules the press loaded add their compile time (compile_board_ms).
    Without a .mpy run, the .py run less its compiling in the VM."""
    mods = py["new"] if py else []
    if mpy is not None:
        run = _vm_ms(data, lane, mpy)
    else:
        run = max(0.0, _vm_ms(data, lane, py) - _compile_us(data, lane, mods) / 1000.0)
    run_ms = run * run_factor(lane) + spi_ms(px)
    return run_ms + compile_board_ms(data, mods), (run_ms if mpy is not None else None)


# CircuitPython's own start before code.py (power-on): the reset window for
# safe mode (supervisor/shared/safe_mode.c: 1000 ms unless settings.toml's
# CIRCUITPY_SAFE_MODE_DELAY says otherwise), then the PyBadge's display
# init sequence (ports/atmel-samd/boards/pybadge/board.c: its delays,
# 150 + 500 + 17 x 10 + 10 + 100 ms, shared-module/busdisplay/BusDisplay.c).
CP_SAFE_MODE_MS = 1000
CP_DISPLAY_INIT_MS = 150 + 500 + 17 * 10 + 10 + 100
TARGET_PY_MS = 1500
TARGET_MPY_MS = 750
TARGET_COMPILE_MS = 100
TARGET_CURSOR_MS = 20
FULL_SCREEN = 160 * 128


def _ms(v):
    if v is None:
        return "-"
    return "{:,.0f}".format(v) if v >= 10 else "%.1f" % v


def _by_i(waits):
    return {w["i"]: w for w in waits} if waits else {}


def wait_figures(data, j, i):
    """The figures of wait i of journey j: VM times, compile, pixels,
    SAMD51 estimates."""
    w = {k: _by_i(j[k]).get(i) for k in ("mp_py", "mp_mpy", "cp_py", "cp_mpy")}
    sim = _by_i(j["sim"]).get(i, {})
    px = sim.get("px", 0)
    first = sim.get("first", 0)
    mp = w["mp_py"]
    f = {"px": px, "first": first, "screen": sim.get("screen", "?"), "key": sim.get("key"),
         "slept": mp["slept_ms"], "modules": mp["new"], "gone": mp["gone"],
         "compile_vm": _compile_us(data, "mp", mp["new"]) / 1000.0}
    for k in w:
        f[k] = w[k]["us"] / 1000.0 if w[k] else None
    f["board_py"], f["board_mpy"] = estimate(data, "mp", mp, w["mp_mpy"], px)
    if w["cp_py"]:
        f["board_py_cp"], f["board_mpy_cp"] = estimate(data, "cp", w["cp_py"], w["cp_mpy"], px)
    else:
        f["board_py_cp"] = f["board_mpy_cp"] = None
    f["compile_board"] = compile_board_ms(data, mp["new"])
    return f


def _sum(rows):
    out = {}
    for k in ("mp_py", "compile_vm", "mp_mpy", "cp_py", "cp_mpy", "board_py", "board_mpy",
              "board_py_cp", "board_mpy_cp", "px"):
        vals = [r[k] for r in rows]
        out[k] = None if any(v is None for v in vals) else sum(vals)
    return out


def startup_rows(data):
    """[(what, figures, target .py ms or None)] for the start-up table."""
    J = data["journeys"]
    rows = []
    boot = wait_figures(data, J["aliencity-continue"], -1)
    first = wait_figures(data, J["aliencity-new"], -1)
    cp_ms = CP_SAFE_MODE_MS + CP_DISPLAY_INIT_MS
    fixed = dict.fromkeys(boot)
    fixed.update(board_py=cp_ms, board_mpy=cp_ms, board_py_cp=cp_ms, board_mpy_cp=cp_ms,
                 px=0)
    rows.append(("CircuitPython starts: safe-mode window 1,000 ms, the display's init "
                 "%d ms (not our code)" % CP_DISPLAY_INIT_MS, fixed, None))
    rows.append(("code.py: power-on -> launcher drawn (a game saved)", boot, None))
    rows.append(("code.py: power-on -> launcher drawn (first start, NVM erased)", first, None))
    total = dict(boot)
    for k in ("board_py", "board_mpy", "board_py_cp", "board_mpy_cp"):
        if total[k] is not None:
            total[k] += cp_ms
    rows.append(("**power-on -> launcher drawn**", total, "start"))
    for game in ("aliencity", "skyscrapers", "alheimur"):
        j = J[game + "-new"]
        labels = {int(k): v for k, v in j["labels"].items()}
        parts = []
        for i, what in sorted(labels.items()):
            f = wait_figures(data, j, i)
            parts.append(f)
            rows.append(("%s: %s" % (GAME_OF[game], what), f, None))
        # the first playable board: up to the board (Alheimur: its world building)
        upto = parts[:2]
        rows.append(("**%s: launcher -> first playable screen, new game**" % GAME_OF[game],
                     _sum(upto), "board"))
        jc = J[game + "-continue"]
        rows.append(("**%s: launcher -> board, Continue**" % GAME_OF[game],
                     wait_figures(data, jc, 0), "board"))
    return rows


def startup_table(data):
    t = ["| from -> to | VM .py ms (compiling) | VM .mpy ms | CircuitPython VM .py / .mpy ms "
         "| **SAMD51 .py** | **SAMD51 .mpy** | (via CircuitPython VM .py / .mpy) | within "
         "1.5 s .py / 0.75 s .mpy |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for what, f, target in startup_rows(data):
        if target is None:
            met = ""
        else:
            met = "%s / %s" % ("yes" if f["board_py"] <= TARGET_PY_MS else "no",
                               "yes" if f["board_mpy"] is not None
                               and f["board_mpy"] <= TARGET_MPY_MS else "no")
        vm = "-" if f["mp_py"] is None else "%s (%s)" % (_ms(f["mp_py"]), _ms(f["compile_vm"]))
        t.append("| %s | %s | %s | %s / %s | %s | %s | %s / %s | %s |" % (
            what, vm, _ms(f["mp_mpy"]), _ms(f["cp_py"]), _ms(f["cp_mpy"]),
            _ms(f["board_py"]), _ms(f["board_mpy"]), _ms(f["board_py_cp"]),
            _ms(f["board_mpy_cp"]), met))
    return "\n".join(t)


def factor_table(data):
    mp_kb = compile_us_per_kb(data["compile"]["mp"])
    rows = ["| | MicroPython VM | CircuitPython VM | SAMD51 (published) | factor: MicroPython "
            "/ CircuitPython VM |", "| --- | ---: | ---: | ---: | ---: |",
            "| running: pystone 1.1, passes/s | {:,.0f} | {:,.0f} | {:,.1f} | {:.0f} / {:.0f} |"
            .format(VM_PYSTONES["mp"], VM_PYSTONES["cp"], SAMD51_PYSTONES, run_factor("mp"),
                    run_factor("cp")),
            "| compiling: us per KB of source (our %d KB) | %.0f | %s | %.0f (estimated) | "
            "%.0f / %s |" % (
                sum(v[1] for v in data["compile"]["mp"].values()) // 1024, mp_kb,
                "%.0f" % compile_us_per_kb(data["compile"]["cp"]) if data["compile"]["cp"]
                else "-", SAMD51_COMPILE_MS_PER_KB * 1000, compile_factor(data, "mp"),
                "%.0f" % compile_factor(data, "cp") if data["compile"]["cp"] else "-")]
    def calls(lane):
        st = data["standin"][lane]
        if not st:
            return "-"
        return "%s (%.2f)" % (", ".join("%s %.2f" % kv for kv in zip(vmboard.KINDS, st[0])), st[1])
    rows.append("| a stand-in's call for C, by kind (and the native store put back), us | %s "
                "| %s | | |" % (calls("mp"), calls("cp")))
    return "\n".join(rows)


# -- presses ------------------------------------------------------------------------------------
BOARDS = ("board", "world building", "hand-over", "all worlds")
MENUS = ("launcher", "new-game screen", "pause menu", "pause menu: sure?")
TEXTS = ("text view", "rules", "replay")


def kind_of(screen, key, areas, view_changed, moved=False):
    """What kind of press it was: cursor move, action, menu step, change,
    scroll, message, pause menu, leave."""
    if areas and all(a[1] >= 100 for a in areas):
        return "message only"
    dpad = key in ("up", "down", "left", "right")
    if any(b in screen for b in BOARDS):
        if dpad and moved:
            return "action (d-pad: a play)"
        if dpad:          # (another world: or the world back after a shot's dice)
            return "cursor move, another world shown" if view_changed else "cursor move"
        if key == "start":
            return "pause menu opens"
        return "action (%s)" % ("A" if key == "a" else "B/Select")
    if screen in MENUS:
        if key in ("up", "down"):
            return "menu step"
        if key in ("left", "right"):
            return "value change"
        return "choice (A/B/Start: another screen)"
    if screen in TEXTS:
        return "scroll" if key in ("up", "down") else "leave / other keys"
    return "other"


def _game_of(journey, screen):
    for g in ("aliencity", "skyscrapers", "alheimur"):
        if screen.startswith(g) or journey.startswith(g):
            return g
    return "?"


def presses(data):
    """Every press of the journeys (VM and simulator) and of the long runs
    (simulator only): dicts with journey, game, screen, kind, pixels and,
    for journeys, the VM figures."""
    out = []
    for name, j in data["journeys"].items():
        for w in j["sim"]:
            if w["key"] is None:
                continue
            f = wait_figures(data, j, w["i"])
            f.update(journey=name, game=_game_of(name, w["screen"]), i=w["i"],
                     kind=kind_of(w["screen"], w["key"], w["areas"], w.get("view"),
                                  w.get("moved")),
                     refreshes=w.get("refreshes", 0))
            out.append(f)
    for name, log in data["runs"].items():
        for w in log:
            if w["key"] is None:
                continue
            out.append({"journey": name + " (long run)", "game": name, "i": w["i"],
                        "screen": w["screen"], "key": w["key"], "px": w["px"],
                        "first": w.get("first", w["px"]), "refreshes": w.get("refreshes", 0),
                        "kind": kind_of(w["screen"], w["key"], w["areas"], w.get("view"),
                                        w.get("moved")),
                        "mp_py": None})
    return out


def _screen_name(p):
    s = p["screen"]
    for g in ("aliencity", "skyscrapers", "alheimur"):
        s = s.replace(g + " ", "")
    s = s.replace("board (mode 1)", "board, choosing").replace("board (mode 2)", "board, mode 2")
    s = s.replace("board (mode 3)", "board, game over")
    if p["game"] == "aliencity":
        s = s.replace("board, choosing", "board, claiming").replace("board, mode 2",
                                                                    "board, distances")
    if p["game"] == "alheimur":
        s = s.replace("board, mode 2", "board, survival")
    return s


def pixel_table(data):
    """Per game, screen and kind of press: how many presses, the pixels of
    the first refresh after it (what answers the press), the most a press
    sent in all (a computer's turn or dice that follow it included), the
    bus time of the first refresh, and for cursor moves measured in the VM
    the whole time to the panel on a SAMD51."""
    groups = {}
    for p in presses(data):
        if p["screen"] in ("power-on", "?"):
            continue
        key = (p["game"], _screen_name(p), p["kind"])
        groups.setdefault(key, []).append(p)
    t = ["| game | screen | press | presses | first refresh px (most / median) | all px "
         "(most) | bus ms (most) | to the panel, SAMD51 ms (.py / .mpy, most) |",
         "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    names = {"aliencity": "Alien City", "skyscrapers": "Skyscrapers", "alheimur": "Alheimur",
             "?": "shell"}
    for key in sorted(groups, key=lambda k: (("aliencity", "skyscrapers", "alheimur",
                                              "?").index(k[0]), k[1], k[2])):
        ps = groups[key]
        firsts = sorted(p["first"] for p in ps)
        timed = [p for p in ps if p.get("mp_py") is not None and not p.get("slept")
                 and not p.get("modules")]
        when = "-"
        if timed:
            when = "%s / %s" % (_ms(max(p["board_py"] for p in timed)),
                                _ms(max(p["board_mpy"] or 0 for p in timed)))
        whole = sum(1 for p in ps if p["first"] >= FULL_SCREEN)
        t.append("| %s | %s | %s | %d | {:,}{} / {:,} | {:,} | %.1f | %s |".format(
            firsts[-1], " (whole screen: %d)" % whole if whole else "", firsts[len(firsts) // 2],
            max(p["px"] for p in ps)) % (
            names[key[0]], key[1], key[2], len(ps), spi_ms(firsts[-1]), when))
    return "\n".join(t)


def compile_table(data):
    """Presses during play (after the first board) that compile a module
    (from .py): the modules, their compile time in the VM and on a SAMD51."""
    t = ["| game | press (on) | modules compiled | VM ms | **SAMD51 ms** | within %d ms |"
         % TARGET_COMPILE_MS, "| --- | --- | --- | ---: | ---: | --- |"]
    seen = set()
    rows = []
    for name, j in data["journeys"].items():
        labels = {int(k) for k in j["labels"]}
        start = max(labels)          # the first board's wait: play begins after it
        for w in j["mp_py"]:
            if w["i"] <= start or not w["new"]:
                continue
            f = wait_figures(data, j, w["i"])
            names = [m.split(".")[-1] for m in w["new"]]
            mods = ", ".join(n if names.count(n) == 1 else "%s x%d" % (n, names.count(n))
                             for i, n in enumerate(names) if n not in names[:i])
            k = (name.split("-")[0], f["screen"], f["key"], mods)
            if k in seen:
                continue
            seen.add(k)
            rows.append((f["compile_board"], k, f))
    rows.sort(key=lambda r: -r[0])
    names = {"aliencity": "Alien City", "skyscrapers": "Skyscrapers", "alheimur": "Alheimur"}
    for ms, (game, screen, key, mods), f in rows:
        t.append("| %s | %s (%s) | %s | %.1f | %s | %s |" % (
            names[game], key, _screen_name({"screen": screen, "game": game}), mods,
            f["compile_vm"], _ms(ms), "yes" if ms <= TARGET_COMPILE_MS else "no"))
    return "\n".join(t)


def missed(data):
    """Each target missed, in words."""
    out = []
    for what, f, target in startup_rows(data):
        if target is None:
            continue
        what = what.strip("*")
        if f["board_py"] > TARGET_PY_MS:
            out.append("%s: %.0f ms from .py > %d" % (what, f["board_py"], TARGET_PY_MS))
        if f["board_mpy"] is None or f["board_mpy"] > TARGET_MPY_MS:
            out.append("%s: %s ms from .mpy > %d" % (what, _ms(f["board_mpy"]), TARGET_MPY_MS))
    for line in compile_table(data).splitlines()[2:]:
        if line.endswith("| no |"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            out.append("%s, %s compiles %s: %s ms > %d" % (cells[0], cells[1], cells[2],
                                                           cells[4].strip("*"),
                                                           TARGET_COMPILE_MS))
    worst = {}
    for p in presses(data):
        if p["kind"] != "cursor move":
            continue
        if p["first"] >= FULL_SCREEN:
            out.append("%s: a cursor move on the %s redrew the whole screen" % (
                p["game"], _screen_name(p)))
        if p.get("mp_py") is not None and not p.get("slept") and not p.get("modules"):
            k = (p["game"], _screen_name(p))
            worst[k] = max(worst.get(k, 0), p["board_py"], p["board_mpy"] or 0)
    for (game, screen), ms in sorted(worst.items()):
        if ms > TARGET_CURSOR_MS:
            out.append("%s: a cursor move on the %s reaches the panel in %.0f ms > %d" % (
                game, screen, ms, TARGET_CURSOR_MS))
    return out


def tables(data):
    """The markdown of docs/bench.md's "Time on the board" tables."""
    import datetime
    miss = missed(data)
    return "\n\n".join((
        "Measured on %s by `.venv/bin/python tools/bench.py --board-time "
        "--write-board-time` (this 2-core machine, with other work on it: the VM figures "
        "are the best of %d runs of %d passes each)." % (
            datetime.date.today().isoformat(), REPS, PASSES),
        "**Factors.**\n\n" + factor_table(data),
        "**Start-up.** Each step is what the player waits for after the press that starts "
        "it (the menu presses in between are the player's time, not counted); a first "
        "playable screen is the board (Alheimur: world building, its first screen of "
        "play).\n\n" + startup_table(data),
        "**Presses during play that compile a module** (from `.py`; from `.mpy` nothing "
        "compiles), each kind once, the longest first.\n\n" + compile_table(data),
        "**What each press sends to the display**, per game, screen and kind of press "
        "(journeys and long runs of seeded presses in the simulator; a whole screen is "
        "160 x 128 = 20,480 px, %.1f ms on the bus at %d MHz).\n\n" % (
            spi_ms(FULL_SCREEN), spi_hz() // 1000000) + pixel_table(data),
        "**Targets missed:**\n\n" + ("\n".join("- " + m for m in miss) if miss else "none.")))


BENCH_MD = os.path.join(ROOT, "docs", "bench.md")
BEGIN = "<!-- board-time: written by tools/bench.py --board-time --write-board-time -->"
END = "<!-- end board-time -->"


def write_doc(data, path=BENCH_MD):
    """Put the tables between docs/bench.md's markers (its prose stays)."""
    with open(path) as f:
        text = f.read()
    a = text.find(BEGIN)
    b = text.find(END)
    if a < 0 or b < a:
        raise RuntimeError("%s has no %s ... %s section" % (path, BEGIN, END))
    text = text[:a + len(BEGIN)] + "\n\n" + tables(data) + "\n\n" + text[b:]
    with open(path, "w") as f:
        f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calibrate", action="store_true",
                    help="measure the VM sides of the factors (needs --pystone)")
    ap.add_argument("--pystone", help="CPython's Lib/test/pystone.py (not in this repository)")
    ap.add_argument("--journey", help="run one journey and print its waits (JSON)")
    a = ap.parse_args(argv)
    if a.calibrate:
        if not a.pystone:
            ap.error("--calibrate needs --pystone PATH (CPython's Lib/test/pystone.py)")
        print(json.dumps(calibrate(a.pystone)))
        return 0
    if a.journey:
        kind, steps = JOURNEYS[a.journey]
        keys, labels = keys_and_labels(steps)
        nvm = journey_nvm(kind)
        print(json.dumps({"mp": run_mp(keys, nvm), "sim": sim_journey(keys, nvm),
                          "labels": labels}, indent=1))
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
