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

The message line is one (``MessageLine``): one or two lines of text at the
bottom of a screen, word-wrapped (``wrap``, ``split_lines``); the
engine's reasons arrive there. It lives here, with the Label it is made
of, so a press that says something enters one module of text
(tools/trips.py).
"""

import displayio
from micropython import const

# consts from ui.palette (tools/consts.py; do not edit)
_BAD = const(16736352)
_TEXT = const(14737632)
# end consts


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


def split_lines(text, width, lines=2):
    """(the first ``lines`` lines of text broken at spaces to ``width``
    characters, what did not fit)."""
    out = []
    rest = text
    while rest and len(out) < lines:
        if len(rest) <= width:
            out.append(rest)
            rest = ""
            break
        cut = rest.rfind(" ", 0, width + 1)
        if cut <= 0:
            cut = width
        out.append(rest[:cut])
        rest = rest[cut:].lstrip()
    return out, rest


def wrap(text, width, lines=2):
    """Break text into at most ``lines`` lines of ``width`` characters
    (the last one cut with '.' when too long: every text the games show
    fits, tests/test_messages.py). Returns one string."""
    out, rest = split_lines(text, width, lines)
    if rest:
        out[-1] = out[-1][:width - 1] + "."
    return "\n".join(out)


class MessageLine:
    """``alert`` is True while a refusal (``warn``) is showing."""

    def __init__(self, group, x, y, width=26, lines=2):
        self.width = width
        self.lines = lines
        self.text = ""
        self.alert = False
        import terminalio  # (here: the crash screen imports this module before it knows there is one)
        self.label = Label(terminalio.FONT, text=" ", color=_TEXT,
                           line_spacing=1.0, anchor_point=(0, 0),
                           anchored_position=(x, y))
        group.append(self.label)

    def warn(self, text):
        """A refusal (an illegal move's reason), in red."""
        self.show(text, _BAD)
        self.alert = True

    def show(self, text, color=_TEXT):
        """Show text (wrapped); '' clears. Returns True if anything changed."""
        self.alert = False
        text = wrap(text, self.width, self.lines) if text else ""
        if text == self.text and self.label.color == color:
            return False
        self.text = text
        self.label.color = color
        self.label.text = text if text else " "
        return True
