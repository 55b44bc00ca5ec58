"""A page of text lines with a title and a help line; up/down scroll.
One label per visible line (fixed places: easy to read back in tests)."""

import displayio
import terminalio
from micropython import const

import boards
from ui import palette
from ui.text import Label

ROWS = const(7)
TOP = const(16)
STEP = const(13)


def _lab(group, x, y, color, scale=1):
    lab = Label(terminalio.FONT, text=" ", color=color, scale=scale,
                anchor_point=(0, 0), anchored_position=(x, y))
    group.append(lab)
    return lab


class TextView:
    def __init__(self):
        self.root = displayio.Group()
        self.title = _lab(self.root, 2, 1, palette.TITLE)
        self.rows = [_lab(self.root, 2, TOP + STEP * i, palette.TEXT) for i in range(ROWS)]
        self.more = _lab(self.root, 152, 1, palette.DIM)   # scroll marks
        self.help = _lab(self.root, 2, 114, palette.DIM)
        self.lines = ()
        self.colors = None
        self.top = 0

    def show(self, title, lines, help_text, colors=None, title_color=palette.TITLE):
        self.title.text = title
        self.title.color = title_color
        self.lines = lines
        self.colors = colors
        self.help.text = help_text
        self.top = 0
        self._fill()

    def _fill(self):
        n = len(self.lines)
        for i in range(ROWS):
            j = self.top + i
            lab = self.rows[i]
            t = self.lines[j] if j < n else " "
            c = self.colors[j] if self.colors and j < n else palette.TEXT
            if lab.text != t:
                lab.text = t
            if lab.color != c:
                lab.color = c
        up = self.top > 0
        down = self.top + ROWS < n
        self.more.text = "^" if up and not down else "v" if down and not up else ":" if up else " "

    def scroll(self, d):
        top = self.top + d
        top = max(0, min(top, len(self.lines) - ROWS))
        if top != self.top:
            self.top = top
            self._fill()
            return True
        return False

    def run(self, hw, fx, exits):
        """Show until one of the keys in ``exits`` is pressed; returns it."""
        display = hw.display
        display.root_group = self.root
        display.refresh()
        buttons = hw.buttons()
        while True:
            ev = fx.next_press(buttons)
            if ev.key == boards.UP or ev.key == boards.DOWN:
                if self.scroll(-1 if ev.key == boards.UP else 1):
                    display.refresh()
            elif ev.key in exits:
                return ev.key


def scores(s, title, rows, colours=None, title_colour=None):
    """The scoring screen for session ``s``: 'new' (A), 'board' (B) or
    'quit' (Start)."""
    tv = TextView()
    tv.show(title, rows, "A new  B board  Start quit", colours,
            title_colour or palette.TITLE)
    k = tv.run(s.hw, s.fx, (boards.A, boards.B, boards.START))
    return "new" if k == boards.A else "board" if k == boards.B else "quit"
