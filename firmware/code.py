"""CircuitPython's entry point: boot the board, then the launcher, a game,
the launcher again, for ever. (A build without terminalio, whose font
every screen writes with, gets ui/nofont.py's lights instead.)

Settings, each game's options and autosave, and best scores live in the
save store (store.py). Any exception that reaches this file shows the
crash screen (ui/crash.py, loaded only then) and restarts. The launcher
(launcher.py) is loaded only while it is on screen; a game runs in the
shell (ui/session.py), and the game's package and the shell's modules are
loaded only while it runs: each leaves sys.modules on the way back, then
gc.collect(), so only one of them holds memory at a time.
"""

import gc
import sys

import boards
from lazy import forget
from store import Store
from ui import saving
from ui.session import Fx

hw = None                # the board, for the crash screen
_boot_modules = ()       # what boot() loaded: stays; the rest is dropped
# The firmware's own packages and modules (drop() touches nothing else).
_OURS = ("launcher", "ui", "aliencity", "skyscrapers", "alheimur", "boards", "records",
         "savehead")
# What drop() keeps between the launcher and a game (not after a crash):
# the launcher and every game screen draw with the first two, every game
# runs in the shell; dropped, each game's start compiled them again (about
# 0.3 s on the board from .py). A game loads them all anyway: its peak
# stays the same.
_KEEP = ("ui.text", "ui.session", "savehead")


def boot():
    """The board, the store with the settings applied, and the lights and
    sounds. The settings' code is the launcher's (where they are changed):
    it is not kept loaded while a game runs."""
    global hw, _boot_modules
    board = boards.load()
    hw = board
    store = Store(board.nvm)
    from ui.settings import Settings
    Settings(store).apply(board)
    Settings = None
    forget("ui.settings")
    try:
        import terminalio  # noqa: F401  (every screen's font; CircuitPython's ja, ko, ru builds lack it)
    except ImportError:
        from ui import nofont
        nofont.show(board)      # says so with the lights, for ever
    fx = Fx(board, store)
    saving.begin(store)
    _boot_modules = tuple(sys.modules)
    return board, store, fx


def drop(display, keep=()):
    """Forget every module loaded since boot but ``keep`` (the launcher, a
    game, the shell), so their code can be collected; packages let go of
    them too."""
    display.root_group = None
    for m in list(sys.modules):
        if m not in _boot_modules and m not in keep and m.split(".")[0] in _OURS:
            forget(m)
    gc.collect()


def play(board, store, fx, package, resume):
    """Import the game and the shell, run it until the player leaves."""
    from ui.session import Session
    app = __import__(package + ".app", None, None, ["TAG"])
    Session(board, store, fx, app).run(resume)


def main():
    board, store, fx = boot()
    sel = 0
    while True:
        import launcher
        sel, package, resume = launcher.run(board, store, fx, sel)
        launcher = None
        drop(board.display, _KEEP)
        play(board, store, fx, package, resume)
        drop(board.display, _KEEP)


try:
    main()
except Exception as e:  # noqa: BLE001  (anything: the crash screen, then restart)
    # The crash screen is not kept loaded while a game runs (2 KB): it
    # loads now, once the game's modules are dropped and collected.
    if hw is not None:
        try:
            drop(hw.display)
        except Exception:  # noqa: BLE001  (the crash screen must still come)
            pass
    from ui import crash
    crash.show(hw, e)
