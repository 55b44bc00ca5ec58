"""A vertical menu of text rows: up/down move the highlight, left/right
change a row's value, A picks. Only the rows that change are redrawn."""

import displayio
import terminalio

from ui import palette
from ui.text import Label

_PAD_X = 2   # the highlight bar reaches this far beyond the text, each side
_PAD_Y = 1


class Menu:
    """``rows`` labels from (x, y), ``step`` px apart, in ``group``."""

    def __init__(self, group, x, y, nrows, step=14, width=24):
        self.labels = []
        self.width = width
        self.group = group
        self.x = x
        # One highlight bar behind the rows, moved to the selected one: one
        # bitmap for the menu instead of one per row.
        self.bar = self._new_bar(width)
        self.bar_chars = width
        self.bar.hidden = True
        group.append(self.bar)
        for i in range(nrows):
            lab = Label(terminalio.FONT, text=" ", color=palette.TEXT,
                        anchor_point=(0, 0.5), anchored_position=(x, y + step * i))
            self.labels.append(lab)
            group.append(lab)
        self.texts = [""] * nrows
        self.enabled = [True] * nrows
        self.sel = 0

    def _new_bar(self, chars):
        """The bar for a row of ``chars`` characters (all rows are padded to
        the menu width; only a longer row needs another bar)."""
        cw, ch = terminalio.FONT.get_bounding_box()[:2]
        pal = displayio.Palette(1)
        pal[0] = palette.HIGHLIGHT
        return displayio.TileGrid(displayio.Bitmap(chars * cw + 2 * _PAD_X, ch + 2 * _PAD_Y, 1),
                                  pixel_shader=pal, x=self.x - _PAD_X)

    def _widen_bar(self, chars):
        old = self.bar
        bar = self._new_bar(chars)
        bar.y = old.y
        bar.hidden = old.hidden
        self.group[self.group.index(old)] = bar
        self.bar = bar
        self.bar_chars = chars

    def set(self, i, text, enabled=True):
        """Row i shows ``text`` (padded to the menu width, so the highlight
        bar keeps one width)."""
        if len(text) < self.width:
            text = text + " " * (self.width - len(text))
        if text != self.texts[i]:
            self.texts[i] = text
            self.labels[i].text = text
        if enabled != self.enabled[i]:
            self.enabled[i] = enabled
            self.labels[i].color = palette.TEXT if enabled else palette.DIM
        self._paint(i)

    def _paint(self, i):
        if i != self.sel:
            return
        n = max(len(self.texts[i]), self.width)
        if n != self.bar_chars:
            self._widen_bar(n)
        bar = self.bar
        bar.y = self.labels[i].y - _PAD_Y
        bar.hidden = False

    def select(self, i):
        self.sel = i
        self._paint(i)

    def move(self, d):
        """Move the highlight by d rows (wraps)."""
        self.select((self.sel + d) % len(self.labels))
