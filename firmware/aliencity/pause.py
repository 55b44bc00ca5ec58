"""The pause menu (Start on the board) and the rules summary."""

import displayio
import terminalio

import boards
from ui import palette
from ui.menu import Menu
from ui.message import MessageLine
from ui.text import Label

ITEMS = ("resume", "undo", "hint", "rules", "restart", "quit")

RULES = (
    "Build one piece a turn on",
    "an empty lot. After every",
    "build all empty lots (the",
    "streets) stay connected",
    "and every structure",
    "touches a street.",
    "A tile's first two pieces",
    "match its colour (black",
    "tiles take any tower).",
    "A dome goes on its colour",
    "while such a lot is legal.",
    "The ring lot of a tile is",
    "built last.",
    "After a build you may cap",
    "any unclaimed tower: 3",
    "caps each; never on the",
    "last build of the game.",
    "Distance = street lots on",
    "the shortest street path.",
    "A claimed tower scores",
    "customers x distance:",
    "customers = other-colour",
    "structures at 1-2 (black",
    "domes always count);",
    "distance = to the nearest",
    "tower of its colour.",
    "Unclaimed green towers pay",
    "10-2d to the nearest red",
    "and blue towers' owner",
    "(d up to 4).",
    "Classic: the single nearest",
    "claimed tower only; tile",
    "values may pay (option).",
    "Screen: tiles R plain, B",
    "dots, G diagonals, K lines;",
    "towers tall, domes round;",
    "W cap solid, B cap outlined",
    "Select: street distances.",
)


def menu(hw, fx, title):
    """Run the pause menu; returns the chosen item (a word of ITEMS)."""
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=title, color=palette.TITLE,
                      anchor_point=(0, 0), anchored_position=(4, 1)))
    m = Menu(root, 30, 24, len(ITEMS), step=14, width=14)
    msg = MessageLine(root, 4, 112, width=26, lines=1)
    msg.show("A choose, Start/B resume", palette.DIM)
    for i in range(len(ITEMS)):
        m.set(i, ITEMS[i])
    display = hw.display
    display.root_group = root
    display.refresh()
    buttons = hw.buttons()
    while True:
        ev = fx.next_press(buttons)
        k = ev.key
        if k == boards.UP or k == boards.DOWN:
            m.move(1 if k == boards.DOWN else -1)
            display.refresh()
        elif k == boards.A:
            return ITEMS[m.sel]
        elif k == boards.B or k == boards.START:
            return "resume"
