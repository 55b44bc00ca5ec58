"""terminalio stand-in: Blinka's FONT, plus ``FONT.bitmap`` as on CircuitPython.

On a board ``terminalio.FONT.bitmap`` is one Bitmap holding every glyph of
the built-in 6x12 font, ASCII 0x20..0x7E first (tile index = code - 0x20),
so a TileGrid can use it as its sprite sheet (what terminalio.Terminal and
firmware/ui/text.py do). Blinka's ``BuiltinFont.bitmap`` returns the Bitmap
class, not a bitmap; this module builds the sheet from Blinka's glyphs (the
same ter-u12n font CircuitPython is built with), read-only as the board's
is (tools/gen_display_resources.py: ``.read_only = true``). ``get_glyph``
and ``get_bounding_box`` stay Blinka's (tests read glyph bitmaps with them).
"""

import fontio
from displayio import Bitmap

FIRST = 0x20
LAST = 0x7E


class BuiltinFont(fontio.BuiltinFont):
    """Blinka's built-in font with a real ``bitmap`` sprite sheet."""

    def __init__(self):
        super().__init__()
        self._sheet = None

    @property
    def bitmap(self):
        if self._sheet is None:
            self._sheet = self._make_sheet()
        return self._sheet

    def _make_sheet(self):
        w, h = self.get_bounding_box()
        _, _, _, font_dy = self._font.get_bounding_box()
        ascent = h + font_dy          # rows above the baseline in a cell
        n = LAST - FIRST + 1
        sheet = Bitmap(w * n, h, 2)
        for i in range(n):
            g = self.get_glyph(FIRST + i)
            if g is None:
                continue
            top = ascent - (g.height + g.dy)   # the glyph's top row in its cell
            for y in range(g.height):
                for x in range(g.width):
                    sx, sy = i * w + g.dx + x, top + y
                    if 0 <= sx - i * w < w and 0 <= sy < h and g.bitmap[x, y]:
                        sheet[sx, sy] = 1
        sheet._read_only = True     # the board's sheet is in flash: a write is "Read-only"
        return sheet


FONT = BuiltinFont()
