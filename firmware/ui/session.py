"""The shell's game runner: one game from the launcher's pick back to the
launcher, the same for every game.

    new-game screen (ui/newgame) -> the game's board -> scores -> again

A game plugs in with its ``app`` module, which provides:

    TAG, TITLE              its save section ("a", "s", ...) and its name
    Setup()                 what the new-game screen decides (.seed, .dealt
                            and the game's own fields)
    ROWS_MODULE             the module of its own new-game rows: ROWS (a
                            help line per row), row_text(st, i),
                            change(st, i, d), row_enabled(st, i); loaded
                            only while the new-game screen is up
    pack_options(st) / unpack_options(st, data)
                            its own options as bytes (the session adds the
                            seed, 2 bytes, at the end)
    new_game(st) / decode(st, data) / encode(st, game)
    Board(session, game)    its board's controller (a subclass of Board
                            below): .run() until 'quit', 'restart' or 'new'
    RULES_MODULE            the module holding RULES (lines for the rules
                            screen), loaded only while they are read

The session keeps the game's options and its autosave in the game's own
store section, finds fresh seeds, waits for presses (``key``), and opens
the shared pause menu and scoring screen.

``observer``: a test hook (tools/fuzz_app.py). When set, it is called with
the game being played before every wait for a press. Nothing on the
device sets it.
"""

import gc
import sys
import time

from micropython import const

observer = None

QUIT = "quit"
RESTART = "restart"
NEW = "new"
_SEEDS = const(999)          # seeds 1..999; 0 in a Setup means "shuffle"


def fresh_seed():
    """A seed for "shuffle": from the board's random source if it has one."""
    import os  # here: built into CircuitPython, but a module of its own in the test VM
    try:
        b = os.urandom(2)
        return (b[0] << 8 | b[1]) % _SEEDS + 1
    except (AttributeError, NotImplementedError, OSError):
        return time.monotonic_ns() % _SEEDS + 1


def put16(buf, i, v):
    """A 16-bit value into buf[i:i + 2], big-endian (saves, options)."""
    buf[i] = v >> 8
    buf[i + 1] = v & 0xFF


def get16(buf, i):
    return buf[i] << 8 | buf[i + 1]


def save_head(st, version, b3, b4, size):
    """A game's save, its first 7 bytes filled: [0] version, [1:3] the
    dealt seed, [3] and [4] the game's own, [5:7] the setup's seed; then
    ``size`` bytes for the game to fill."""
    out = bytearray(7 + size)
    out[0] = version
    put16(out, 1, st.dealt)
    out[3] = b3
    out[4] = b4
    put16(out, 5, st.seed)
    return out


def read_head(st, data, version):
    """Check a save's head (``save_head``) and set st.dealt and st.seed;
    ValueError when it is not one. Returns (byte 3, byte 4)."""
    if len(data) < 7 or data[0] != version:
        raise ValueError("not a saved game")
    dealt = get16(data, 1)
    seed = get16(data, 5)
    if not 1 <= dealt <= _SEEDS or not 0 <= seed <= _SEEDS:
        raise ValueError("saved game setup unreadable")
    st.dealt = dealt
    st.seed = seed
    return data[3], data[4]


def forget(full):
    """Drop a loaded module ("pkg.name") so its code can be collected (the
    package keeps an attribute too); the next import loads it again."""
    if full in sys.modules:
        del sys.modules[full]
        i = full.rfind(".")
        pkg = sys.modules.get(full[:i]) if i > 0 else None
        if pkg is not None and hasattr(pkg, full[i + 1:]):
            delattr(pkg, full[i + 1:])


class Session:
    """One game's stay in the shell: the hardware, the lights and sounds,
    the store, the game's ``app`` module and its Setup."""

    def __init__(self, hw, settings, fx, app):
        self.hw = hw
        self.fx = fx
        self.settings = settings
        self.store = settings.store
        self.app = app
        self.display = hw.display
        self.buttons = hw.buttons()
        self.setup = app.Setup()
        self.game = None
        self.repeat = False          # the last press was a held button's repeat
        options = self.store.game(app.TAG)[0]
        n = len(options) - 2
        if n >= 0 and get16(options, n) <= _SEEDS:
            self.setup.seed = get16(options, n)
            app.unpack_options(self.setup, options[:n])

    # -- the run ------------------------------------------------------------------

    def run(self, resume):
        """New game or continue, play, and again, until the player quits to
        the launcher. ``resume``: continue the saved game at once."""
        app = self.app
        while True:
            game = None
            if resume and self.saved():
                game = self._restore()
            resume = False
            if game is None:
                pick = self._new_game_screen()
                if pick == "back":
                    return
                if pick == "continue":
                    game = self._restore()
                if game is None:
                    st = self.setup
                    st.dealt = st.seed or fresh_seed()
                    game = app.new_game(st)
            out = RESTART
            while out == RESTART:
                self.game = game
                self.autosave()
                gc.collect()
                out = app.Board(self, game).run()
                if out == RESTART:
                    game = app.new_game(self.setup)
            self.game = None
            if out == QUIT:
                return

    def _new_game_screen(self):
        """'start', 'continue' or 'back' (its code is loaded only now)."""
        from ui import newgame
        pick = newgame.ask(self)
        newgame = None
        forget("ui.newgame")
        forget(self.app.ROWS_MODULE)
        gc.collect()
        return pick

    def _restore(self):
        """The saved game, or None after setting an unreadable save aside."""
        try:
            return self.app.decode(self.setup, self.saved())
        except (ValueError, IndexError):
            self.forget_save()      # set aside: the new-game screen comes
            return None

    def autosave(self):
        """Keep the game in the store after a change (only changed bytes
        are written); a finished game is forgotten."""
        self.store.set_game(self.app.TAG, self.options(), self.app.encode(self.setup, self.game))

    def forget_save(self):
        """The game was finished early (it may still be played on, which
        saves it again)."""
        self.store.set_game(self.app.TAG, self.options(), None)

    def saved(self):
        """The game in progress as the store keeps it (None: none); read
        when asked, not kept twice (the store has its section)."""
        return self.store.game(self.app.TAG)[1]

    def options(self):
        """The new-game options to keep: the game's own, then the seed."""
        out = bytearray(self.app.pack_options(self.setup) + b"\0\0")
        put16(out, len(out) - 2, self.setup.seed)
        return bytes(out)

    def fault(self, name):
        """A developer's injected fault (store.Store.fault)."""
        return self.store.fault(name)

    # -- presses -------------------------------------------------------------------

    def key(self):
        """Wait for the next press (lights and sounds keep going); its key."""
        if observer is not None and self.game is not None:
            observer(self.game)
        ev = self.fx.next_press(self.buttons)
        self.repeat = ev.repeat
        return ev.key

    def refresh(self):
        self.display.refresh()

    # -- shared screens ------------------------------------------------------------

    def pause(self, title, items):
        """The pause menu with ``items`` (words of ui.pause); returns the
        word chosen ('resume' for Start/B). The board comes back on screen
        only through the caller."""
        from ui import pause
        choice = pause.menu(self, title, items)
        forget("ui.pause")
        gc.collect()
        return choice

    def scores(self, title, rows, colours=None, title_colour=None):
        """The scoring screen: 'new' (A), 'board' (B) or 'quit' (Start)."""
        from ui import textview
        out = textview.scores(self, title, rows, colours, title_colour)
        textview = None
        forget("ui.textview")
        gc.collect()
        return out


class Board:
    """What every game's board controller starts from: the session ``s``,
    the game ``g`` and the lights and sounds ``fx``. A game's Board adds
    its screen and one key handler per mode, and ``run()``."""

    def __init__(self, s, game):
        self.s = s
        self.g = game
        self.fx = s.fx
