"""A CircuitPython build without ``terminalio``: the lights say so.

CircuitPython's ja, ko and ru builds for the PyBadge and the PyGamer leave
``terminalio`` out (their ``mpconfigboard.mk``: no room in the flash for
those fonts), and every screen of the games writes with its font, so none
could show a word. code.py calls ``show()`` instead of the launcher: the
NeoPixels alternate red and blue, each pixel against its neighbour, and
swap twice a second (the PyBadge LC's one pixel: red, blue, red ...); the
screen's two halves do the same; for ever. The serial console says why,
once. docs/deploy.md ("Which builds work") tells the player. Loaded only
on such a board.
"""

import time

from micropython import const

_RED = const(0xFF0000)
_BLUE = const(0x0000FF)


def show(hw):
    """Never returns."""
    print("This CircuitPython has no terminalio (its ja, ko and ru builds for this board "
          "leave it out), so the games cannot write a word: install another language's "
          "build (docs/deploy.md, which builds work).")
    pal = _screen(hw)
    px = hw.pixels
    n = len(px)
    a = _RED
    b = _BLUE
    while True:
        for i in range(n):
            px[i] = b if i & 1 else a
        px.show()
        if pal is not None:
            pal[0] = a
            pal[1] = b
            hw.display.refresh()
        a, b = b, a
        time.sleep(0.5)


def _screen(hw):
    """Left half colour 0, right half colour 1; the palette, or None when
    the display cannot show it (the lights go on all the same)."""
    try:
        import displayio
        bm = displayio.Bitmap(2, 2, 2)
        bm[1, 0] = 1
        bm[1, 1] = 1
        pal = displayio.Palette(2)
        root = displayio.Group(scale=80)
        root.append(displayio.TileGrid(bm, pixel_shader=pal))
        hw.display.root_group = root
        return pal
    except Exception:  # noqa: BLE001  (the lights must come whatever the screen does)
        return None
