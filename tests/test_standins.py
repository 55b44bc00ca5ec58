"""The display stand-ins refuse what CircuitPython refuses (issue 41, item 3).

One table of calls, each with what CircuitPython does (the exception type
and message its C code raises, or nothing), run against the simulator's
displayio and bitmaptools (Blinka's classes with sim/modules/displayio/
_strict.py's checks) and against tools/vmboard.py's stand-ins in the
MicroPython VM (and in CircuitPython's unix VM where tools/cplane.py finds
it). The source of each refusal is named in the stand-ins; the messages
here are copied from adafruit/circuitpython main (10.x) and 9.2.9.

Then: a legal call does exactly what Blinka's own method did (same bits,
same dirty areas), and a refusal planted in a copy of the firmware fails
a headless run and the app fuzz.
"""

import json
import os
import random
import shutil
import subprocess
import sys

import paths

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Made afresh for each case: a 16-colour 8x4 bitmap, a 4-colour palette, a
# 3x2 grid of 2x2 tiles from a 6-tile sheet, an empty group, the font's
# read-only sheet, and the display.
SETUP = """
import board
import displayio
import terminalio
from bitmaptools import fill_region
bm = displayio.Bitmap(8, 4, 16)
pal = displayio.Palette(4)
sheet = displayio.Bitmap(6, 4, 2)
grid = displayio.TileGrid(sheet, pixel_shader=pal, width=3, height=2, tile_width=2, tile_height=2)
group = displayio.Group()
font = terminalio.FONT.bitmap
"""

OK = None
CASES = (
    # Bitmap (shared-bindings/displayio/Bitmap.c bitmap_subscr): index, then value
    ("bm[7, 3] = 15", OK),
    ("bm[[1, 2]] = 1", OK),
    ("bm[31] = 1", OK),
    ("bm[True, 0] = 1", OK),
    ("displayio.Bitmap(8, 4, 11)[0, 0] = 15", OK),          # the bit depth, not value_count
    ("bm[8, 0] = 1", ("IndexError", "x must be 0-7")),
    ("bm[-1, 0] = 1", ("IndexError", "x must be 0-7")),
    ("bm[0, 4] = 1", ("IndexError", "y must be 0-3")),
    ("bm[0, -1] = 1", ("IndexError", "y must be 0-3")),
    ("bm[32] = 1", ("IndexError", "index must be 0-31")),
    ("bm[-1] = 1", ("IndexError", "index must be 0-31")),
    ("bm[8, 0]", ("IndexError", "x must be 0-7")),
    ("bm[32]", ("IndexError", "index must be 0-31")),
    ("bm[8, 0] = 99", ("IndexError", "x must be 0-7")),
    ("bm[0, 0] = 16", ("ValueError", "value must be 0-15")),
    ("bm[0, 0] = -1", ("ValueError", "value must be 0-15")),
    ("displayio.Bitmap(8, 4, 2)[0, 0] = 2", ("ValueError", "value must be 0-1")),
    ("displayio.Bitmap(8, 4, 256)[0, 0] = 256", ("ValueError", "value must be 0-255")),
    ("bm[0, 0, 0] = 1", ("ValueError", "requested length 2 but object has length 3")),
    ("bm['a'] = 1", ("TypeError", "object 'str' isn't a tuple or list")),
    ("bm[0.5, 0] = 1", ("TypeError", "can't convert float to int")),
    ("bm[0, 0] = 1.0", ("TypeError", "can't convert float to int")),
    ("bm[0:2] = 1", ("NotImplementedError", "Slices not supported")),
    ("del bm[0]", ("AttributeError", "Cannot delete values")),
    ("bm.fill(15)", OK),
    ("bm.fill(16)", ("ValueError", "value must be 0-15")),
    ("displayio.Bitmap(0, 0, 1)", OK),
    ("displayio.Bitmap(8, 4, 0)", ("ValueError", "value_count must be 1-65536")),
    ("displayio.Bitmap(8, 4, 65537)", ("ValueError", "value_count must be 1-65536")),
    ("displayio.Bitmap(-1, 4, 2)", ("ValueError", "width must be 0-32767")),
    ("displayio.Bitmap(8, 32768, 2)", ("ValueError", "height must be 0-32767")),
    # read-only: terminalio's sheet is in flash (shared-module/displayio/Bitmap.c)
    ("font[0, 0]", OK),
    ("font[0, 0] = 1", ("RuntimeError", "Read-only")),
    ("font[0, 0] = 2", ("ValueError", "value must be 0-1")),
    ("font.fill(0)", ("RuntimeError", "Read-only")),
    ("font.dirty()", ("RuntimeError", "Read-only")),
    # Palette (shared-bindings/displayio/Palette.c)
    ("pal[3] = 0xFFFFFF", OK),
    ("pal[-4] = (1, 2, 3)", OK),
    ("pal[0] = b'\\x01\\x02\\x03\\x00'", OK),
    ("pal[0] = bytearray(3)", OK),
    ("pal[True] = 0", OK),
    ("pal[4] = 0", ("IndexError", "index out of range")),
    ("pal[-5] = 0", ("IndexError", "index out of range")),
    ("pal[4]", ("IndexError", "index out of range")),
    ("pal['a'] = 0", ("TypeError", "Palette indices must be integers, not str")),
    ("pal[0] = 0x1000000", ("TypeError", "color must be between 0x000000 and 0xffffff")),
    ("pal[0] = -1", ("TypeError", "color must be between 0x000000 and 0xffffff")),
    ("pal[0] = (1, 2)", ("ValueError",
                         "color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")),
    ("pal[0] = b'12345'", ("ValueError",
                           "color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")),
    ("pal[0] = (1, 2, 256)", ("ValueError", "bytes value out of range")),
    ("pal[0] = 1.5", ("TypeError", "color buffer must be a buffer, tuple, list, or int")),
    ("pal[0] = None", ("TypeError", "color buffer must be a buffer, tuple, list, or int")),
    ("pal.make_transparent(3)", OK),
    ("pal.make_transparent(4)", ("ValueError", "palette_index must be 0-3")),
    ("pal.make_transparent(-1)", ("ValueError", "palette_index must be 0-3")),
    ("pal.make_opaque('a')", ("TypeError", "palette_index must be of type int, not str")),
    ("pal.is_transparent(4)", ("ValueError", "palette_index must be 0-3")),
    ("displayio.Palette(0)", ("ValueError", "color_count must be 1-32767")),
    ("displayio.Palette(32768)", ("ValueError", "color_count must be 1-32767")),
    # TileGrid (shared-bindings/displayio/TileGrid.c tilegrid_subscr): cell, then tile
    ("grid[5] = 5", OK),
    ("grid[2, 1] = 0", OK),
    ("grid[0] = 6", ("ValueError", "tile must be 0-5")),
    ("grid[0] = -1", ("ValueError", "tile must be 0-5")),
    ("grid[6] = 0", ("IndexError", "Tile index out of bounds")),
    ("grid[-1] = 0", ("IndexError", "Tile index out of bounds")),
    ("grid[3, 0] = 0", ("IndexError", "Tile index out of bounds")),
    ("grid[0, 2] = 0", ("IndexError", "Tile index out of bounds")),
    ("grid[-1, 0] = 0", ("IndexError", "Tile index out of bounds")),
    ("grid[3, 0] = 99", ("IndexError", "Tile index out of bounds")),
    ("grid[6]", ("IndexError", "Tile index out of bounds")),
    ("grid[0, 0, 0] = 0", ("ValueError", "requested length 2 but object has length 3")),
    ("grid[0] = 1.0", ("TypeError", "can't convert float to int")),
    ("grid[0:2] = 0", ("NotImplementedError", "Slices not supported")),
    # 10.x stores 16-bit tiles past 256; 9.2.9 keeps a byte a tile
    ("displayio.TileGrid(displayio.Bitmap(300, 1, 2), pixel_shader=pal, tile_width=1)[0] = 255",
     OK),
    ("displayio.TileGrid(displayio.Bitmap(300, 1, 2), pixel_shader=pal, tile_width=1)[0] = 256",
     ("ValueError", "tile must be 0-255")),
    ("displayio.TileGrid(bm)", ("TypeError", "'pixel_shader' argument required")),
    ("displayio.TileGrid(bm, pixel_shader=None)", ("TypeError", "unsupported pixel_shader type")),
    ("displayio.TileGrid(pal, pixel_shader=pal)", ("TypeError", "unsupported bitmap type")),
    ("displayio.TileGrid(bm, pixel_shader=pal, tile_width=3)",
     ("ValueError", "Tile width must exactly divide bitmap width")),
    ("displayio.TileGrid(bm, pixel_shader=pal, tile_height=3)",
     ("ValueError", "Tile height must exactly divide bitmap height")),
    ("displayio.TileGrid(bm, pixel_shader=pal, tile_width=None)",
     ("TypeError", "can't convert NoneType to int")),
    ("grid.pixel_shader = displayio.Palette(2)", OK),
    ("grid.pixel_shader = bm", ("TypeError", "unsupported pixel_shader type")),
    ("grid.bitmap = displayio.Bitmap(6, 4, 4)", OK),
    ("grid.bitmap = displayio.Bitmap(4, 4, 2)", ("ValueError", "New bitmap must be same size as old bitmap")),
    ("grid.bitmap = pal", ("TypeError", "unsupported bitmap type")),
    # Group (shared-bindings/displayio/Group.c, shared-module/displayio/Group.c _add_layer)
    ("group.insert(0, grid); group[0]; group[-1]; group.remove(grid); group.append(grid)", OK),
    ("group.append(grid); group.append(grid)", ("ValueError", "Layer already in a group")),
    ("group.append(grid); group[0] = grid", ("ValueError", "Layer already in a group")),
    ("displayio.Group().append(grid); group.append(grid)", ("ValueError", "Layer already in a group")),
    ("group.append(bm)", ("ValueError", "Layer must be a Group or TileGrid subclass")),
    ("group[0]", ("IndexError", "index out of range")),
    ("group.pop()", ("IndexError", "index out of range")),
    ("group.insert(1, grid)", ("IndexError", "index out of range")),
    ("group.index(grid)", ("ValueError", "object not in sequence")),
    ("group.remove(grid)", ("ValueError", "object not in sequence")),
    ("group.append(grid); group['a']", ("TypeError", "Group indices must be integers, not str")),
    ("group.append(grid); group[0:1]", ("NotImplementedError", "Slices not supported")),
    ("displayio.Group(scale=0)", ("ValueError", "scale must be 1-32767")),
    ("group.scale = 0", ("ValueError", "scale must be >= 1")),
    # the display's root group is a member too (shared-module/displayio/display_core.c)
    ("board.DISPLAY.root_group = group; board.DISPLAY.root_group = None", OK),
    ("displayio.Group().append(group); board.DISPLAY.root_group = group",
     ("ValueError", "Group already used")),
    ("board.DISPLAY.root_group = group; displayio.Group().append(group)",
     ("ValueError", "Layer already in a group")),
    # bitmaptools.fill_region (shared-bindings/bitmaptools/__init__.c): value, then corners
    ("fill_region(bm, 0, 0, 8, 4, 15)", OK),
    ("fill_region(bm, 8, 4, 8, 4, 1)", OK),
    ("fill_region(bm, 0, 0, None, None, 1)", OK),
    ("fill_region(bm, 0, 0, 8, 4, 16)", ("ValueError", "out of range of target")),
    ("fill_region(bm, 0, 0, 8, 4, -1)", ("ValueError", "out of range of target")),
    ("fill_region(bm, 0, 0, 9, 5, 16)", ("ValueError", "out of range of target")),
    ("fill_region(bm, -1, 0, 8, 4, 1)", ("ValueError", "x1 must be 0-8")),
    ("fill_region(bm, 0, 0, 9, 4, 1)", ("ValueError", "x2 must be 0-8")),
    ("fill_region(bm, 3, 0, 2, 4, 1)", ("ValueError", "x2 must be 3-8")),
    ("fill_region(bm, 0, 5, 8, 5, 1)", ("ValueError", "y1 must be 0-4")),
    ("fill_region(bm, 0, 2, 8, 1, 1)", ("ValueError", "y2 must be 2-4")),
    ("fill_region(bm, 0.0, 0, 1, 1, 1)", ("TypeError", "x1 must be of type int, not float")),
    ("fill_region(bm, 0, 0, 1, 1, 1.0)", ("TypeError", "can't convert float to int")),
    ("fill_region(pal, 0, 0, 1, 1, 1)", ("TypeError", "dest_bitmap must be of type Bitmap, not Palette")),
    ("fill_region(font, 0, 0, 0, 0, 1)", ("RuntimeError", "Read-only")),
)

# Runs the cases in a VM (MicroPython or CircuitPython) with vmboard's
# stand-ins: one line per case, "OK" or the exception's type and message.
VM_SCRIPT = """
import board
SETUP = %r
CASES = %r
for i in range(len(CASES)):
    ns = {}
    exec(SETUP, ns)
    try:
        exec(CASES[i], ns)
        print("CASE", i, "OK")
    except Exception as e:
        print("CASE", i, type(e).__name__, str(e))
    board.DISPLAY.root_group = None
"""


def _expected():
    return ["OK" if want is None else "%s %s" % want for _code, want in CASES]


def _sim_results():
    import board
    out = []
    for code, _want in CASES:
        ns = {}
        exec(SETUP, ns)
        try:
            exec(code, ns)
            out.append("OK")
        except Exception as e:  # noqa: BLE001  (every refusal is a result here)
            out.append("%s %s" % (type(e).__name__, e))
        board.DISPLAY.root_group = None
    return out


def _vm_results(stdout):
    got = {}
    for line in stdout.splitlines():
        if line.startswith("CASE "):
            _c, i, rest = line.split(" ", 2)
            got[int(i)] = rest
    return [got.get(i, "(no result)") for i in range(len(CASES))]


def _compare(got):
    wrong = ["%s: %s, CircuitPython: %s" % (code, g, w)
             for (code, _), g, w in zip(CASES, got, _expected()) if g != w]
    assert not wrong, "\n".join(wrong)


def test_the_simulator_refuses_what_circuitpython_refuses():
    _compare(_sim_results())


def test_the_micropython_vm_stand_ins_refuse_what_circuitpython_refuses():
    import mpylane
    import vmboard
    mpylane.require_or_skip()
    script = VM_SCRIPT % (SETUP, [c for c, _ in CASES])
    r = mpylane.run(script, files=vmboard.files(), fixed_heap=False)
    assert r.returncode == 0, r.stderr
    _compare(_vm_results(r.stdout))


def test_the_stand_ins_refuse_the_same_in_circuitpythons_vm():
    import cplane
    import vmboard
    cplane.require_or_skip()
    script = VM_SCRIPT % (SETUP, [c for c, _ in CASES])
    r = cplane.run(script, files=vmboard.files(), heapsize=4 << 20)
    assert r.returncode == 0, r.stdout + r.stderr
    _compare(_vm_results(r.stdout))


# ------------------------------------------------------------ legal calls are Blinka's

def test_legal_writes_draw_what_blinkas_methods_draw():
    """Random legal pixel writes, fills, tiles and colours through the
    checked methods and through Blinka's own (kept as _blinka_*): the same
    bits, dirty areas and tiles."""
    import bitmaptools
    import displayio
    rng = random.Random(41)
    B, T, P = displayio.Bitmap, displayio.TileGrid, displayio.Palette

    def area(a):
        return (a.x1, a.y1, a.x2, a.y2)

    for depth in (2, 4, 16, 256, 65536):
        w, h = rng.randrange(1, 40), rng.randrange(1, 20)
        ours, theirs = B(w, h, depth), B(w, h, depth)
        for b in (ours, theirs):
            b._finish_refresh()
        for _ in range(300):
            x, y, v = rng.randrange(w), rng.randrange(h), rng.randrange(ours._bitmask + 1)
            k = (x, y) if rng.random() < 0.8 else y * w + x
            r = rng.random()
            if r < 0.8:
                ours[k] = v
                B._blinka_setitem(theirs, k, v)
            elif r < 0.95:
                x2, y2 = rng.randrange(x, w + 1), rng.randrange(y, h + 1)
                bitmaptools.fill_region(ours, x, y, x2, y2, v)
                bitmaptools._blinka_fill_region(theirs, x, y, x2, y2, v)
            else:
                ours.fill(v)
                B._blinka_fill(theirs, v)
            assert list(ours._data) == list(theirs._data)
            assert area(ours._dirty_area) == area(theirs._dirty_area)
            if rng.random() < 0.1:
                ours._finish_refresh()
                theirs._finish_refresh()
            assert ours[x, y] == B._blinka_getitem(theirs, (x, y))

    sheet, pal = B(12, 6, 2), P(3)
    ours = T(sheet, pixel_shader=pal, width=5, height=4, tile_width=2, tile_height=3)
    theirs = T(sheet, pixel_shader=pal, width=5, height=4, tile_width=2, tile_height=3)
    for _ in range(200):
        x, y, t = rng.randrange(5), rng.randrange(4), rng.randrange(12)
        k = (x, y) if rng.random() < 0.5 else y * 5 + x
        ours[k] = t
        T._blinka_setitem(theirs, k, t)
        assert bytes(ours._tiles) == bytes(theirs._tiles)
        assert area(ours._dirty_area) == area(theirs._dirty_area)
        assert ours[k] == T._blinka_getitem(theirs, k)

    ours, theirs = P(5), P(5)
    for _ in range(100):
        i, c = rng.randrange(-5, 5), rng.randrange(0x1000000)
        col = c if rng.random() < 0.7 else (c >> 16, c >> 8 & 255, c & 255)
        ours[i] = col
        P._blinka_setitem(theirs, i, col)
        assert list(ours) == list(theirs) and ours[i] == c


# ------------------------------------------------------------ a planted refusal fails

def _planted_drive(tmp_path):
    """firmware/ and boards/ as a drive, with one refusal planted in
    ui/draw.py: every rectangle of a sprite sheet filled with its colour
    plus 16. Blinka masked that to the colour itself (a 16-colour sheet
    keeps 4 bits), so the same sheets came out and nothing showed;
    CircuitPython raises "out of range of target"."""
    drive = tmp_path / "drive"
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(paths.FIRMWARE, drive, ignore=skip)
    shutil.copytree(os.path.join(paths.ROOT, "boards"), drive / "boards", ignore=skip)
    draw = drive / "ui" / "draw.py"
    src = draw.read_text()
    old = "fill_region(bm, x1, y1, x2 + 1, y2 + 1, v)"
    assert src.count(old) == 1
    draw.write_text(src.replace(old, "fill_region(bm, x1, y1, x2 + 1, y2 + 1, v + 16)"))
    return drive


def test_a_planted_refusal_fails_a_headless_run(tmp_path):
    """Opening a game from the launcher draws its sheet: the planted
    refusal reaches the crash screen, the run exits 3 and says why."""
    drive = _planted_drive(tmp_path)
    script = tmp_path / "open.txt"
    script.write_text("a\nwait 500\na\nwait 1500\n")
    state = tmp_path / "state.json"
    p = subprocess.run([sys.executable, "-m", "sim", "--headless", "--drive", str(drive),
                        "--script", str(script), "--state", str(state), "--timeout", "60"],
                       cwd=paths.ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 3, p.stdout + p.stderr
    crash = json.loads(state.read_text())["crash_screens"][0]
    # (its "in ... line" is the stand-in's own frame: C on the board has none)
    assert crash["text"].startswith("ValueError: out of range of target"), crash
    assert 'draw.py", line' in crash["traceback"] and "v + 16" in crash["traceback"], crash


PLANTED_FUZZ = """
import os
import sys
sys.path.insert(0, "tools")
import paths
drive = sys.argv.pop(1)
sys.path.remove(paths.FIRMWARE)          # the firmware is the planted copy's
sys.path.append(paths.ROOT)
from sim import runner
runner.FIRMWARE = drive
runner.CODE = os.path.join(drive, "code.py")
import fuzz_app
sys.exit(fuzz_app.main(sys.argv[1:]))
"""


def test_a_planted_refusal_fails_the_app_fuzz(tmp_path):
    """The app fuzz on the planted copy stops at the first sheet drawn,
    exits 1 and names the refusal, the seed and the replay."""
    drive = _planted_drive(tmp_path)
    script = tmp_path / "planted_fuzz.py"
    script.write_text(PLANTED_FUZZ)
    p = subprocess.run([sys.executable, str(script), str(drive), "--events", "400", "--seed", "3",
                        "--board", "pybadge", "--quiet"],
                       cwd=paths.ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 1, p.stdout + p.stderr
    assert p.stdout.startswith("FAIL (pybadge, seed 3): at event "), p.stdout
    assert "ValueError: out of range of target" in p.stdout, p.stdout
