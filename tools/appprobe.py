"""A probe for tools/bench.py: run firmware/code.py in the headless
simulator (``python -m sim --headless --code tools/appprobe.py``), log every
display refresh, and when the script is over describe the memory of the
screen on display. Writes JSON to the file named by $APPPROBE_OUT:

    refreshes   [[t_ms, pixels, [[x1, y1, x2, y2], ...]], ...]  (virtual time
                at the start of each refresh)
    heap        rows of the displayio tree on screen (see heap_rows) and
                the board screen's own arrays, when the Alien City board is
                the screen

Nothing here runs on a board; it only looks at firmware objects.
"""

import gc
import json
import os
import runpy

import _simdisplay
import _simhost

HERE = os.path.dirname(os.path.abspath(__file__))
CODE = os.path.join(os.path.dirname(HERE), "firmware", "code.py")

REFRESHES = []
_refresh = _simdisplay.SimDisplay._refresh_display


def _logged(self):
    t0 = _simhost.now_ms()
    before = _simhost.refreshed_pixels
    done = _refresh(self)
    if done:
        REFRESHES.append([round(t0, 3), _simhost.refreshed_pixels - before,
                          [list(a) for a in _simhost.last_areas]])
    return done


_simdisplay.SimDisplay._refresh_display = _logged


# -- CircuitPython's heap, object by object ------------------------------------
# The heap hands out 16-byte blocks. Struct sizes are those of CircuitPython
# 9's shared-module/displayio C structs, rounded up (estimates: a field more or
# less moves a figure by one block); pixel data is exact: a Bitmap row is
# stride = ceil(width * bits / 32) 32-bit words.

BLOCK = 16
BITMAP_STRUCT = 48      # displayio_bitmap_t: size, stride, shifts, dirty area
PALETTE_STRUCT = 32     # displayio_palette_t
PALETTE_COLOUR = 16     # per colour: rgb888 + the cached converted colour, flags
TILEGRID_STRUCT = 112   # displayio_tilegrid_t: geometry, transforms, dirty areas
GROUP_STRUCT = 48       # displayio_group_t (+ its members list below)
LIST_STRUCT = 16        # mp_obj_list_t
INSTANCE = 32           # a Python instance of a native subclass (ui.text.Label)
MAP_SLOT = 8            # one key/value slot of an instance's attribute map


def blocks(n):
    return (n + BLOCK - 1) // BLOCK * BLOCK


def bitmap_bytes(bm):
    bits = bm._bits_per_value
    stride = (bm.width * bits + 31) // 32
    return blocks(BITMAP_STRUCT) + blocks(stride * 4 * bm.height), bits


def palette_bytes(pal):
    return blocks(PALETTE_STRUCT) + blocks(PALETTE_COLOUR * len(pal))


def tilegrid_bytes(tg):
    cells = tg.width * tg.height
    return blocks(TILEGRID_STRUCT) + (blocks(2 * cells) if cells > 1 else 0)


def group_bytes(g):
    n = len(g)
    alloc = max(4, (n + 3) // 4 * 4)
    return blocks(GROUP_STRUCT) + blocks(LIST_STRUCT) + blocks(4 * alloc)


def heap_rows(root, names):
    """[(kind, name, detail, bytes)] for every object under root; an object
    met twice (a shared bitmap or palette) counts once. ``names`` maps
    id(obj) -> a name for the table."""
    import displayio
    import terminalio

    from ui.text import Label

    font = terminalio.FONT.bitmap   # the built-in font: in flash, not on the heap

    base = set(vars(displayio.Group()))
    rows = []
    seen = set()

    def bitmap_row(bm, owner):
        if id(bm) in seen:
            return 0
        seen.add(id(bm))
        n, bits = bitmap_bytes(bm)
        rows.append(("Bitmap", names.get(id(bm), owner), "%dx%d, %d bit" % (bm.width, bm.height, bits), n))
        return n

    def palette_row(pal, owner):
        if id(pal) in seen:
            return 0
        seen.add(id(pal))
        n = palette_bytes(pal)
        rows.append(("Palette", names.get(id(pal), owner), "%d colours" % len(pal), n))
        return n

    def label_bytes(lab):
        """The Label as a whole: its Python state, its group, its TileGrids
        (one per line, a cell per character) and its palette; their sprite
        sheet is the built-in font, in flash."""
        attrs = [k for k in vars(lab) if k not in base]
        text = lab.text or ""
        n = INSTANCE + blocks(MAP_SLOT * (len(attrs) * 4 // 3 + 1)) + blocks(len(text) + 1)
        n += group_bytes(lab)
        cells = []
        for g in lab:
            n += tilegrid_bytes(g)
            cells.append(g.width)
            if id(g.pixel_shader) not in seen:
                seen.add(id(g.pixel_shader))
                n += palette_bytes(g.pixel_shader)
            if g.bitmap is not font and id(g.bitmap) not in seen:
                seen.add(id(g.bitmap))
                n += bitmap_bytes(g.bitmap)[0]
        detail = "%r, scale %d, %s cells" % (text if len(text) < 14 else text[:12] + "..",
                                             lab.scale, "+".join(map(str, cells)))
        return n, detail

    groups = [0, 0]
    grids = [0, 0]

    def walk(g):
        stack = [g]
        while stack:
            o = stack.pop()
            if isinstance(o, Label):
                n, detail = label_bytes(o)
                rows.append(("Label", names.get(id(o), "label"), detail, n))
            elif isinstance(o, displayio.Group):
                groups[0] += 1
                groups[1] += group_bytes(o)
                stack.extend(reversed(list(o)))
            elif isinstance(o, displayio.TileGrid):
                name = names.get(id(o), "tilegrid")
                grids[0] += 1
                grids[1] += tilegrid_bytes(o)
                rows.append(("TileGrid", name, "%dx%d cells of %dx%d" % (
                    o.width, o.height, o.tile_width, o.tile_height), tilegrid_bytes(o)))
                grids[1] -= tilegrid_bytes(o)
                grids[0] -= 1
                bitmap_row(o.bitmap, name)
                palette_row(o.pixel_shader, name)

    walk(root)
    if groups[0]:
        rows.append(("Group", "plain groups", "%d" % groups[0], groups[1]))
    return rows


def array_bytes(a):
    n = len(a) * getattr(a, "itemsize", 1)
    return blocks(16) + blocks(n)


def board_screen(root):
    """The game screen object whose group is on display (any game's
    ``<package>.screen.Screen``, or a class of its own with a ``root``)."""
    for o in gc.get_objects():
        if getattr(o, "root", None) is root and type(o).__module__.split(".")[0] in GAMES:
            return o
    return None


GAMES = ("aliencity", "skyscrapers", "alheimur")


def describe():
    import board
    root = board.DISPLAY.root_group
    out = {"rows": [], "arrays": [], "screen": None}
    if root is None:
        return out
    scr = board_screen(root)
    names = {}
    if scr is not None:
        out["screen"] = "%s.%s" % (type(scr).__module__, type(scr).__name__)
        for k, v in vars(scr).items():
            if isinstance(v, tuple):
                for i, x in enumerate(v):
                    names[id(x)] = "%s[%d]" % (k, i)
            else:
                names[id(v)] = k
        msg = getattr(scr, "msg", None)
        if msg is not None and hasattr(msg, "label"):
            names[id(msg.label)] = "msg (message line)"
        grid = getattr(scr, "grid", None)
        if grid is not None and hasattr(grid, "bitmap"):
            names[id(grid.bitmap)] = "sprite sheet"
            names[id(grid.pixel_shader)] = "sprite sheet"
        names[id(root)] = "root"
        if type(scr).__module__ == "aliencity.screen":
            names[id(root[1])] = "borders"
        from array import array
        for k, v in sorted(vars(scr).items()):
            if isinstance(v, (bytearray, array)):
                out["arrays"].append([k, "%s of %d" % (type(v).__name__ if isinstance(v, bytearray)
                                                       else "array(%r)" % v.typecode, len(v)),
                                      array_bytes(v)])
    out["rows"] = [list(r) for r in heap_rows(root, names)]
    return out


def main():
    heap = None
    try:
        runpy.run_path(CODE, run_name="__main__")
    finally:
        try:
            heap = describe()
        except Exception as e:  # noqa: BLE001  (a probe must not hide the run's end)
            heap = {"error": repr(e)}
        path = os.environ.get("APPPROBE_OUT")
        if path:
            with open(path, "w") as f:
                json.dump({"refreshes": REFRESHES, "heap": heap}, f, indent=1)


if __name__ == "__main__":     # the simulator runs it so; bench.py imports heap_rows
    main()
