"""Text in the built-in font, drawn by TileGrids (instead of
adafruit_display_text, whose import alone costs ~27 KB of heap).

``terminalio.FONT.bitmap`` holds every glyph of the 6x12 font, ASCII first
(tile index = code - 0x20), so one TileGrid per text line, one cell per
character, draws the text with no bitmap of its own: a line costs its
TileGrid and 2 bytes a character. Text is placed as adafruit_display_text's
bitmap_label places it (same pixels): the glyph cells' top-left corner is
anchored_position minus anchor_point times the text's size.

Only what the screens use: text (lines split at '\\n'), color, scale,
anchor_point, anchored_position, line_spacing. Characters outside ASCII
show as '?'.
"""

import displayio


class Label(displayio.Group):
    def __init__(self, font, text=" ", color=0xFFFFFF, scale=1,
                 anchor_point=(0, 0), anchored_position=(0, 0), line_spacing=1.25):
        super().__init__(scale=scale)
        self._font = font
        self._pal = displayio.Palette(2)
        self._pal.make_transparent(0)
        self._pal[1] = color
        self._color = color
        self._anchor = anchor_point
        self._pos = anchored_position
        self._pitch = int(line_spacing * font.get_bounding_box()[1])
        self._text = None
        self._grids = []           # the line TileGrids, as in the group
        self.text = text

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, color):
        self._color = color
        self._pal[1] = color

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        if text == self._text:
            return
        shown = self._text.split("\n") if self._text else ()
        self._text = text
        cw, ch = self._font.get_bounding_box()[:2]
        lines = text.split("\n")
        while lines and not lines[-1]:
            lines.pop()            # trailing newlines add no height (as bitmap_label)
        wide = 0
        grids = self._grids
        for i, line in enumerate(lines):
            n = len(line)
            wide = max(wide, n)
            old = ""               # what the line's grid shows (blank after it)
            if i < len(grids) and grids[i].width >= n:
                old = shown[i] if i < len(shown) else ""
                if old == line:
                    continue       # that line shows already (a cursor step changes one or two)
                grid = grids[i]    # reuse: no allocation when the text fits
            else:
                # Grids only grow, so a label settles at its longest text.
                grid = displayio.TileGrid(self._font.bitmap, pixel_shader=self._pal,
                                          width=max(n, 1), height=1,
                                          tile_width=cw, tile_height=ch,
                                          default_tile=0, y=i * self._pitch)
                if i < len(grids):
                    self[i] = grid
                    grids[i] = grid
                else:
                    self.append(grid)
                    grids.append(grid)
            # Only the cells whose character changes are written (unchanged
            # ones stay out of the refresh), none read back; compared as
            # bytes (a string's character would be a new string each).
            new = line.encode()
            was = old.encode()
            if len(new) != n or len(was) != len(old):
                # beyond ASCII (no such text today): '?', every cell written
                new = bytes(min(ord(ch), 0x7F) for ch in line)
                was = bytes(grid.width)
            m = len(was)
            for j in range(max(n, m)):
                c = new[j] if j < n else 0x20
                if c == (was[j] if j < m else 0x20):
                    continue
                c -= 0x20
                if not 0 <= c < 0x5F:
                    c = 0x1F       # '?'
                grid[j] = c
        for i in range(len(lines), len(grids)):
            grid = grids[i]        # a line no longer used: blank, kept for reuse
            for j in range(grid.width):
                if grid[j]:
                    grid[j] = 0
        s = self.scale
        hgt = (len(lines) - 1) * self._pitch + ch if lines else 0
        self.x = self._pos[0] - round(self._anchor[0] * wide * cw * s)
        self.y = self._pos[1] - round(self._anchor[1] * hgt * s)
