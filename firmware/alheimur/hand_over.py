"""The hot seat's hand-over: "pass the game to <player>" hides the board
until that player presses A; Start opens the pause menu over it (loaded
only while it is up)."""

import gc

import displayio
import terminalio

import boards
from alheimur import words
from ui import palette
from ui.session import QUIT, RESTART
from ui.text import Label

_ITEMS = ("resume", "rules", RESTART, QUIT)
L_PASS_TO = "pass the game to"
L_PASS = "A: I am %s"                       # name
L_NAME = "%s (%s)"                          # name, letter (scale 2: 13 characters)


def hand_over(b, p, back):
    """Hide the board (the app's Board b) until p presses A; then ``back``
    (a Group) again. None, or what the shell does next (the pause menu's
    restart or quit: its items are world building's, nothing to undo or
    look at while the board is hidden)."""
    s = b.s
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=L_PASS_TO, color=palette.DIM,
                      anchor_point=(0.5, 0), anchored_position=(80, 24)))
    root.append(Label(terminalio.FONT, text=L_NAME % (words.NAMES[p], words.LETTERS[p]),
                      color=words.COLOURS[p], scale=2, anchor_point=(0.5, 0),
                      anchored_position=(80, 46)))
    root.append(Label(terminalio.FONT, text=L_PASS % words.NAMES[p], color=palette.TEXT,
                      anchor_point=(0.5, 0), anchored_position=(80, 90)))
    s.display.root_group = root
    b.fx.steady(words.COLOURS[p])
    s.buttons.clear()
    out = None
    k = -1
    while k != boards.A and out is None:
        s.refresh()
        k = s.key()
        if k == boards.START:
            out = s.pause(_ITEMS, root)
            if out != RESTART and out != QUIT:
                out = None
    root = None
    s.display.root_group = back
    gc.collect()
    return out
