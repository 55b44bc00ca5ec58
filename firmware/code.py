"""The launcher: pick a game, change the settings (sound, brightness).

Each game is imported only when chosen and dropped on the way back (its
modules leave sys.modules, then gc.collect()), so only one game's code
holds memory at a time.
"""

import gc
import sys
import time

import displayio
import terminalio
from adafruit_display_text import bitmap_label

import boards
from ui import palette
from ui.fx import Fx, MOVE
from ui.menu import Menu
from ui.message import MessageLine
from ui.settings import LEVELS, Settings

GAMES = (("Alien City", "aliencity", "two builders, one city"),
         ("Skyscrapers", None, "coming in a later update"),
         ("Alheimur", None, "coming in a later update"))
_SOUND = 3
_LIGHT = 4
_IDLE = (0xFF2000, 0xFFFFFF, 0x0040FF, 0xFFFFFF, 0x00C020)

hw = boards.load()
buttons = hw.buttons()
display = hw.display
settings = Settings(hw.nvm)
settings.apply(hw)
fx = Fx(hw)


def idle_pixels():
    n = len(hw.pixels)
    for i in range(n):
        hw.pixels[i] = _IDLE[i] if n > 1 else 0x404040
    hw.pixels.show()


def build():
    root = displayio.Group()
    root.append(bitmap_label.Label(terminalio.FONT, text="City Games", color=palette.TITLE,
                                   scale=2, anchor_point=(0.5, 0.5),
                                   anchored_position=(80, 13)))
    menu = Menu(root, 14, 38, 5, step=15, width=21)
    msg = MessageLine(root, 4, 110, width=26, lines=1)
    return root, menu, msg


def show(menu, msg):
    for i in range(len(GAMES)):
        name, mod, _ = GAMES[i]
        if mod:
            menu.set(i, name)
        else:
            menu.set(i, name + " " * (13 - len(name)) + "coming", enabled=False)
    menu.set(_SOUND, "Sound: " + ("on" if settings.sound else "off"))
    menu.set(_LIGHT, "Brightness: %d/%d" % (settings.light, LEVELS))
    sel = menu.sel
    if sel < len(GAMES):
        msg.show(GAMES[sel][2], palette.DIM)
    else:
        msg.show("left/right or A to change", palette.DIM)
    display.refresh()


def launcher(sel):
    """Run the launcher until a game is picked; returns its module name."""
    root, menu, msg = build()
    menu.select(sel)
    display.root_group = root
    idle_pixels()
    show(menu, msg)
    while True:
        fx.update()
        ev = buttons.get()
        if ev is None:
            time.sleep(0.01)
            continue
        if not ev.pressed:
            continue
        k = ev.key
        if k == boards.UP or k == boards.DOWN:
            menu.move(1 if k == boards.DOWN else -1)
            fx.sound(MOVE)
        elif menu.sel == _SOUND and k in (boards.A, boards.LEFT, boards.RIGHT):
            settings.sound = not settings.sound
            settings.apply(hw)
            settings.save()
            fx.sound(MOVE)
        elif menu.sel == _LIGHT and k in (boards.A, boards.LEFT, boards.RIGHT):
            d = -1 if k == boards.LEFT else 1
            settings.light = (settings.light - 1 + d) % LEVELS + 1
            settings.apply(hw)
            settings.save()
            idle_pixels()
        elif k == boards.A and menu.sel < len(GAMES):
            mod = GAMES[menu.sel][1]
            if mod:
                fx.sound(((880, 80),))
                return menu.sel
            msg.show("not yet: " + GAMES[menu.sel][2], palette.BAD)
            display.refresh()
            continue
        show(menu, msg)


def play(name):
    """Import the game, run it, then forget its modules."""
    display.root_group = None
    gc.collect()
    pkg = __import__(name + ".app")
    try:
        pkg.app.run(hw, settings, fx)
    finally:
        pkg = None
        for m in list(sys.modules):
            if m == name or m.startswith(name + "."):
                del sys.modules[m]
        gc.collect()


sel = 0
while True:
    sel = launcher(sel)
    play(GAMES[sel][1])
