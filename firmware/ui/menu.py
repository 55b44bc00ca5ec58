"""A vertical menu of text rows: up/down move the highlight, left/right
change a row's value, A picks. Only the rows that change are redrawn."""

import terminalio
from adafruit_display_text import bitmap_label

from ui import palette


class Menu:
    """``rows`` labels from (x, y), ``step`` px apart, in ``group``."""

    def __init__(self, group, x, y, nrows, step=14, width=24):
        self.labels = []
        self.width = width
        for i in range(nrows):
            lab = bitmap_label.Label(terminalio.FONT, text=" ", color=palette.TEXT,
                                     padding_left=2, padding_right=2,
                                     padding_top=1, padding_bottom=1,
                                     anchor_point=(0, 0.5),
                                     anchored_position=(x, y + step * i))
            self.labels.append(lab)
            group.append(lab)
        self.texts = [""] * nrows
        self.enabled = [True] * nrows
        self.sel = 0

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
        want = palette.HIGHLIGHT if i == self.sel else None
        lab = self.labels[i]
        if lab.background_color != want:
            lab.background_color = want

    def select(self, i):
        old = self.sel
        self.sel = i
        self._paint(old)
        self._paint(i)

    def move(self, d):
        """Move the highlight by d rows (wraps)."""
        self.select((self.sel + d) % len(self.labels))
