"""The launcher: continue the saved game, pick a game, change the settings
(sound, brightness).

Settings, the autosave and records live in the save store (store.py). Any
exception that reaches this file shows the crash screen (ui/crash.py) and
restarts. Each game is imported only when chosen and dropped on the way back (its
modules leave sys.modules, then gc.collect()), so only one game's code
holds memory at a time.
"""

import gc
import sys

import displayio
import terminalio

import boards
from store import Store
from ui import crash, palette
from ui.fx import MOVE, Fx
from ui.menu import Menu
from ui.message import MessageLine
from ui.settings import LEVELS, Settings
from ui.text import Label

GAMES = (("Alien City", "aliencity", "two builders, one city"),
         ("Skyscrapers", "skyscrapers", "solitaire: build up, live apart"),
         ("Alheimur", None, "coming in a later update"))
_IDLE = (0xFF2000, 0xFFFFFF, 0x0040FF, 0xFFFFFF, 0x00C020)

hw = None


def boot():
    global hw, buttons, display, store, settings, fx
    hw = boards.load()
    buttons = hw.buttons()
    display = hw.display
    store = Store(hw.nvm)
    settings = Settings(store)
    settings.apply(hw)
    fx = Fx(hw)


def saved():
    """(row title, game module, bytes) of the autosave, or None."""
    g = store.game()
    if g is None:
        return None
    for name, mod, _ in GAMES:
        if mod == g[0]:
            return "Continue " + name, mod, g[1]
    return None


def idle_pixels():
    n = len(hw.pixels)
    for i in range(n):
        hw.pixels[i] = _IDLE[i] if n > 1 else 0x404040
    hw.pixels.show()


def build(c):
    """c: 1 with a "Continue" row on top, else 0."""
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text="City Games", color=palette.TITLE,
                      scale=2, anchor_point=(0.5, 0.5),
                      anchored_position=(80, 13)))
    if c:
        menu = Menu(root, 14, 33, 6, step=13, width=21)
    else:
        menu = Menu(root, 14, 38, 5, step=15, width=21)
    msg = MessageLine(root, 4, 110, width=26, lines=1)
    return root, menu, msg


def show(menu, msg, cont, note=None):
    c = 1 if cont else 0
    if c:
        menu.set(0, cont[0])
    for i in range(len(GAMES)):
        name, mod, _ = GAMES[i]
        if mod:
            menu.set(i + c, name)
        else:
            menu.set(i + c, name + " " * (13 - len(name)) + "coming", enabled=False)
    menu.set(3 + c, "Sound: " + ("on" if settings.sound else "off"))
    menu.set(4 + c, "Brightness: %d/%d" % (settings.light, LEVELS))
    sel = menu.sel - c
    if note:
        msg.show(note, palette.BAD)
    elif sel < 0:
        msg.show("A: back to your game", palette.DIM)
    elif sel < len(GAMES):
        msg.show(GAMES[sel][2], palette.DIM)
    else:
        msg.show("left/right or A to change", palette.DIM)
    display.refresh()


def launcher(sel):
    """Run the launcher until a game is picked. Returns (row of that game
    in GAMES, the saved bytes to continue or None)."""
    cont = saved()
    c = 1 if cont else 0
    root, menu, msg = build(c)
    menu.select(0 if c else sel)
    display.root_group = root
    idle_pixels()
    show(menu, msg, cont, store.note)
    store.note = None
    sound_row = 3 + c
    light_row = 4 + c
    while True:
        ev = fx.next_press(buttons)
        k = ev.key
        if k == boards.UP or k == boards.DOWN:
            menu.move(1 if k == boards.DOWN else -1)
            fx.sound(MOVE)
        elif menu.sel == sound_row and k in (boards.A, boards.LEFT, boards.RIGHT):
            settings.sound = not settings.sound
            settings.apply(hw)
            settings.save()
            fx.sound(MOVE)
        elif menu.sel == light_row and k in (boards.A, boards.LEFT, boards.RIGHT):
            d = -1 if k == boards.LEFT else 1
            settings.light = (settings.light - 1 + d) % LEVELS + 1
            settings.apply(hw)
            settings.save()
            idle_pixels()
        elif k == boards.A and c and menu.sel == 0:
            fx.sound(((880, 80),))
            for i in range(len(GAMES)):
                if GAMES[i][1] == cont[1]:
                    return i, cont[2]
        elif k == boards.A and menu.sel - c < len(GAMES):
            mod = GAMES[menu.sel - c][1]
            if mod:
                fx.sound(((880, 80),))
                return menu.sel - c, None
            msg.show("not yet: " + GAMES[menu.sel - c][2], palette.BAD)
            display.refresh()
            continue
        show(menu, msg, cont)


def play(name, resume=None):
    """Import the game, run it, then forget its modules."""
    display.root_group = None
    gc.collect()
    pkg = __import__(name + ".app")
    try:
        pkg.app.run(hw, settings, fx, resume)
    finally:
        pkg = None
        for m in list(sys.modules):
            if m == name or m.startswith(name + "."):
                del sys.modules[m]
        gc.collect()


def main():
    boot()
    sel = 0
    while True:
        sel, resume = launcher(sel)
        play(GAMES[sel][1], resume)


try:
    main()
except Exception as e:  # noqa: BLE001  (anything: the crash screen, then restart)
    crash.show(hw, e)
