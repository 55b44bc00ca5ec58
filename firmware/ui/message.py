"""The message line: one or two lines of text at the bottom of a screen,
word-wrapped; the engine's reasons arrive here."""

import terminalio

from ui import palette
from ui.text import Label


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
        self.label = Label(terminalio.FONT, text=" ", color=palette.TEXT,
                           line_spacing=1.0, anchor_point=(0, 0),
                           anchored_position=(x, y))
        group.append(self.label)

    def warn(self, text):
        """A refusal (an illegal move's reason), in red."""
        self.show(text, palette.BAD)
        self.alert = True

    def show(self, text, color=palette.TEXT):
        """Show text (wrapped); '' clears. Returns True if anything changed."""
        self.alert = False
        text = wrap(text, self.width, self.lines) if text else ""
        if text == self.text and self.label.color == color:
            return False
        self.text = text
        self.label.color = color
        self.label.text = text if text else " "
        return True
