"""The hot seat's hand-over: "pass the game to <player>" hides the board
until that player presses A (loaded only while it is up)."""

import gc

import displayio
import terminalio

import boards
from alheimur import words
from ui import palette
from ui.text import Label

L_PASS_TO = "pass the game to"
L_PASS = "A: I am %s"                       # name
L_NAME = "%s (%s)"                          # name, letter (scale 2: 13 characters)


def hand_over(s, fx, p, back):
    """Hide the board until p presses A (the shell's session s and its
    lights fx); then ``back`` (a Group) again."""
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=L_PASS_TO, color=palette.DIM,
                      anchor_point=(0.5, 0), anchored_position=(80, 24)))
    root.append(Label(terminalio.FONT, text=L_NAME % (words.NAMES[p], words.LETTERS[p]),
                      color=words.COLOURS[p], scale=2, anchor_point=(0.5, 0),
                      anchored_position=(80, 46)))
    root.append(Label(terminalio.FONT, text=L_PASS % words.NAMES[p], color=palette.TEXT,
                      anchor_point=(0.5, 0), anchored_position=(80, 90)))
    s.display.root_group = root
    fx.steady(words.COLOURS[p])
    s.refresh()
    s.buttons.clear()
    while s.key() != boards.A:
        pass
    root = None
    s.display.root_group = back
    gc.collect()
