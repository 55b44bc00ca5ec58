"""ui.text.Label draws the same pixels as adafruit_display_text's
bitmap_label (which the screens used before; still installed for the
simulator), for every way the screens use it; the menu's one highlight bar
matches bitmap_label's padded background; the simulator's
terminalio.FONT.bitmap is laid out as on CircuitPython; and the module runs
in the MicroPython VM."""

import os

import mpylane
import pytest

import paths

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import displayio
import terminalio

from ui import palette
from ui.menu import Menu
from ui.text import Label

bitmap_label = pytest.importorskip("adafruit_display_text.bitmap_label")

# What the screens pass (ui/, aliencity/, skyscrapers/, code.py, crash).
CASES = [
    dict(text="Alien City: new game", color=0xFFC040, anchor_point=(0, 0), anchored_position=(4, 1)),
    dict(text="H2", scale=2, anchor_point=(0, 0), anchored_position=(81, 0)),
    dict(text="B", color=0x4080FF, scale=2, anchor_point=(1, 0), anchored_position=(159, 0)),
    dict(text="City Games", scale=2, anchor_point=(0.5, 0.5), anchored_position=(80, 13)),
    dict(text="Skyscrapers", scale=2, anchor_point=(0.5, 0), anchored_position=(80, 0)),
    dict(text="A: restart", anchor_point=(0.5, 1.0), anchored_position=(80, 126)),
    dict(text="Something went wrong.\nValueError: x\n\nYour game", line_spacing=1.0,
         anchor_point=(0, 0), anchored_position=(2, 2)),
    dict(text="row 1\npanel jq|\nthree_\n", line_spacing=0.9, anchor_point=(0, 0),
         anchored_position=(100, 1)),
    dict(text="Seed: 12 gjpqy", anchor_point=(0, 0.5), anchored_position=(10, 34)),
    dict(text="odd width", anchor_point=(0.5, 0.5), anchored_position=(81, 60)),
]


@pytest.fixture(scope="module")
def render():
    from _simdisplay import SimDisplay
    displayio.release_displays()    # a display another test module left behind
    disp = SimDisplay(160, 128)

    def draw(*layers):
        root = displayio.Group()
        for layer in layers:
            root.append(layer)
        disp.root_group = root
        disp._core.full_refresh = True
        disp._refresh_display()
        disp.root_group = None
        while len(root):
            root.pop()          # the layers may be drawn again in another root
        s = disp.surface
        return [tuple(s.get_at((x, y)))[:3] for y in range(128) for x in range(160)]
    yield draw
    displayio.release_displays()


@pytest.mark.parametrize("kw", CASES, ids=[c["text"][:12] for c in CASES])
def test_same_pixels_as_bitmap_label(render, kw):
    want = render(bitmap_label.Label(terminalio.FONT, **kw))
    assert sum(p != (0, 0, 0) for p in want) > 20
    assert render(Label(terminalio.FONT, **kw)) == want


def test_same_pixels_after_text_and_colour_changes(render):
    kw = dict(text=" ", scale=2, anchor_point=(1, 0), anchored_position=(159, 0))
    a = bitmap_label.Label(terminalio.FONT, **kw)
    b = Label(terminalio.FONT, **kw)
    # A line already shown is not written again, and of a changed line only
    # the cells that change (as a message line's cursor steps): the pixels
    # must still be the same after any sequence.
    for text, color in (("A10", 0xFFFFFF), ("B9", 0xFF0000), ("two\nlines", 0x00FF00),
                        ("two\nLINES", 0x00FF00), ("twin\nlines\nthree", 0x00FF00),
                        ("twin\n\nthree", 0x00FF00), ("tw\nlines longer", 0x00FF00),
                        ("C", 0x0000FF), (" ", 0xFFFFFF)):
        a.text = b.text = text
        a.color = b.color = color
        assert b.text == text and b.color == color
        assert render(b) == render(a), text


def test_text_that_fits_reuses_the_tilegrids():
    lab = Label(terminalio.FONT, text="a longer line\nsecond")
    grids = list(lab)
    lab.text = "short"
    lab.text = "x\ny"
    assert list(lab) == grids and [g.width for g in lab] == [13, 6]
    lab.text = "a line longer than before"
    assert lab[0] is not grids[0] and lab[1] is grids[1]


def test_menu_bar_matches_bitmap_label_background(render):
    x, y, step, width = 14, 33, 13, 21
    rows = ["Alien City", "Skyscrapers", "Sound: on"]
    old = []
    for i, t in enumerate(rows):
        lab = bitmap_label.Label(terminalio.FONT, text=t + " " * (width - len(t)),
                                 color=palette.TEXT, padding_left=2, padding_right=2,
                                 padding_top=1, padding_bottom=1, anchor_point=(0, 0.5),
                                 anchored_position=(x, y + step * i))
        lab.background_color = palette.HIGHLIGHT if i == 1 else None
        old.append(lab)
    g = displayio.Group()
    m = Menu(g, x, y, len(rows), step=step, width=width)
    for i, t in enumerate(rows):
        m.set(i, t)
    m.select(1)
    want = render(*old)
    assert sum(p != (0, 0, 0) for p in want) >= (width * 6 + 4) * 14   # the bar is there
    assert render(g) == want
    # a row longer than the menu gets a wider bar, as its label's background was
    long = "Continue: Alien City, move 12"
    old[1].text = long
    m.set(1, long)
    assert render(g) == render(*old)


def test_font_sheet_is_laid_out_as_on_circuitpython():
    f = terminalio.FONT
    sheet = f.bitmap
    w, h = f.get_bounding_box()[:2]
    assert (w, h) == (6, 12) and sheet.width >= 95 * w and sheet.height == h
    for c in range(0x20, 0x7F):
        g = f.get_glyph(c)
        x0 = (c - 0x20) * w
        cell = {(x, y) for y in range(h) for x in range(w) if sheet[x0 + x, y]}
        top = h + f._font.get_bounding_box()[3] - (g.height + g.dy)
        glyph = {(x + g.dx, y + top) for y in range(g.height) for x in range(g.width)
                 if g.bitmap[x, y]}
        assert cell == glyph, chr(c)


def test_runs_in_micropython():
    mpylane.require_or_skip()
    fake = '''
class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._l = []
        self.scale, self.x, self.y = scale, x, y
    def append(self, o):
        self._l.append(o)
    def __len__(self):
        return len(self._l)
    def __getitem__(self, i):
        return self._l[i]
    def __setitem__(self, i, v):
        self._l[i] = v
class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=1,
                 tile_height=1, default_tile=0, x=0, y=0):
        self.width, self.y = width, y
        self.t = bytearray([default_tile] * width * height)
    def __getitem__(self, i):
        return self.t[i]
    def __setitem__(self, i, v):
        self.t[i] = v
class Palette:
    def __init__(self, n):
        self.c = [0] * n
    def make_transparent(self, i):
        pass
    def __setitem__(self, i, v):
        self.c[i] = v
'''
    term = ("class _F:\n    bitmap = None\n    def get_bounding_box(self):\n"
            "        return (6, 12)\nFONT = _F()\n")
    files = {"displayio.py": fake, "terminalio.py": term, "ui/__init__.py": "",
             "ui/text.py": open(os.path.join(paths.FIRMWARE, "ui", "text.py")).read()}
    out = mpylane.run_ok(
        "import terminalio\nfrom ui.text import Label\n"
        "a = Label(terminalio.FONT, text='City Games', scale=2, anchor_point=(0.5, 0.5),"
        " anchored_position=(80, 13))\n"
        "b = Label(terminalio.FONT, text='ab\\ncd\\u00e9', line_spacing=0.9, color=5)\n"
        "b.text = 'x'\nb.color = 7\n"
        "print(a.x, a.y, len(b), b[1].y, list(b[0].t), list(b[1].t), b.text, b.color)\n",
        files=files)
    assert out.split() == ["20", "1", "2", "10", "[88,", "0]", "[0,", "0,", "0]", "x", "7"]
