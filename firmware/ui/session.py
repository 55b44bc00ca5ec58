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

The session keeps the game's options and its saved game in the game's
own store section, finds fresh seeds, waits for presses (``key``), and
opens the shared pause menu and scoring screen. A game says when its
position changed (``autosave``) and when it ended (``ended``); when the
store is written is the shell's (ui/saving.py): the pause menu and a
quit write what is pending, a game's end is one write.

``observer``: a test hook (tools/fuzz_app.py). When set, it is called with
the game being played before every wait for a press. Nothing on the
device sets it.
"""

import gc
import sys
import time

import supervisor
from micropython import const

from boards import ticks_add, ticks_diff
from lazy import forget
from savehead import SEEDS, get16, put16
from ui import saving

TYPE_CHECKING = False          # the type checker's view of the hooks below
if TYPE_CHECKING:
    from collections.abc import Callable  # TYPE_CHECKING only: never run on the device

observer = None

QUIT = "quit"
RESTART = "restart"
NEW = "new"


class Session:
    """One game's stay in the shell: the hardware, the lights and sounds,
    the store, the game's ``app`` module and its Setup."""

    def __init__(self, hw, store, fx, app):
        self.hw = hw
        self.fx = fx
        self.store = store
        self.app = app
        self.display = hw.display
        self.buttons = hw.buttons()
        self.setup = app.Setup()
        self.game = None
        self.repeat = False          # the last press was a held button's repeat
        self.kept = -1               # a press kept from a moment's view (Board.show_for)
        self.last = supervisor.ticks_ms()   # when the last press was taken (ui/think.py calm)
        options = self.store.game(app.TAG)[0]
        n = len(options) - 2
        if n >= 0 and get16(options, n) <= SEEDS:
            self.setup.seed = get16(options, n)
            app.unpack_options(self.setup, options[:n])

    # -- the run ------------------------------------------------------------------

    def run(self, resume):
        """New game or continue, play, and again, until the player quits to
        the launcher. ``resume``: continue the saved game at once."""
        app = self.app
        self.store.fill = self._fill
        while True:
            game = None
            if resume and self.saved():
                game = self._restore()
            resume = False
            if game is None:
                pick = self._new_game_screen()
                if pick == "back":
                    self.store.fill = None
                    return
                if pick == "continue":
                    game = self._restore()
                    if game is None:
                        continue      # set aside: the new-game screen again
                else:
                    game = app.new_game(self.setup)     # (the new-game screen dealt its seed)
            out = RESTART
            while out == RESTART:
                self.game = game
                self.autosave()
                gc.collect()
                out = app.Board(self, game).run()
                if out == RESTART:
                    game = app.new_game(self.setup)
            saving.write(self.store)      # the game is left: what is pending
            self.game = None
            if out == QUIT:
                self.store.fill = None
                return

    def _new_game_screen(self):
        """'start', 'continue' or 'back' (its code is loaded only now)."""
        from ui import newgame
        pick = newgame.ask(self)
        newgame = None
        forget("ui.newgame")
        forget("ui.menu")      # (2.4 KB: a game started from Continue is played without it)
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
        """The game's position changed: it is written when ui/saving.py
        says (its bytes are made then, by ``_fill``)."""
        self.store.touched = True

    def _fill(self):
        """The store's ``fill``: the game in play into its section. A game
        over has nothing to continue: its section is cleared by ``ended``,
        with whatever else its end keeps, and until then the last position
        before the end stays saved."""
        if self.game is not None:
            data = self.app.encode(self.setup, self.game)
            if data is not None:
                self.store.set_game(self.app.TAG, self.options(), data)

    def forget_save(self):
        """No game to continue (it may still be played on, which saves it
        again)."""
        self.store.touched = False
        self.store.set_game(self.app.TAG, self.options(), None)

    def ended(self):
        """The game is over (or finished early): its save is cleared and,
        with whatever the game kept for its end (a record, a best score),
        written at once, in one write."""
        self.forget_save()
        saving.write(self.store)

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
        """Wait for the next press (lights and sounds keep going); its key.
        A press kept from a moment's view comes first."""
        if observer is not None and self.game is not None:
            observer(self.game)
        k = self.kept
        if k >= 0:
            self.kept = -1
            self.repeat = False
            return k
        ev = self.fx.next_press(self.buttons)
        self.last = supervisor.ticks_ms()
        self.repeat = ev.repeat
        return ev.key

    def refresh(self):
        self.display.refresh()

    # -- shared screens ------------------------------------------------------------

    def pause(self, items, root):
        """The pause menu with ``items`` (words of ui.pause), then ``root``
        on the display again; the word chosen ('resume' for Start/B)."""
        from ui import pause
        saving.write(self.store)      # the player may switch off from here
        choice = pause.menu(self, items)
        pause = None
        forget("ui.pause")
        gc.collect()
        self.display.root_group = root
        return choice

    def scores(self, title, rows, colours=None, title_colour=None):
        """The scoring screen: 'new' (A), 'board' (B) or 'quit' (Start)."""
        from ui import textview
        out = textview.scores(self, title, rows, colours, title_colour)
        textview = None
        forget("ui.textview")
        gc.collect()
        return out


# Said by the shared flows (each fits the message line whole:
# tests/test_messages.py)
M_UNDONE = "undone: %s"                                # what the move did
M_NOTHING = "nothing to undo"

AGAIN = const(1)       # Board.step(): step again before waiting for a press
# consts from boards.common (tools/consts.py; do not edit)
_A = const(4)
_B = const(5)
# end consts
_CUTS = const(1 << _A | 1 << _B)   # the keys that cut a moment's view short
_PAUSE_HEAD = ("resume", "undo")
_HOOKS = ("on_key", "begin", "back", "paused", "take_back", "moved", "say")
_PAUSE_TAIL = ("rules", RESTART, QUIT)


class Board:
    """The shared path of a game's board, from its first drawing to what
    the shell does next ('quit', 'restart' or 'new'): the run loop, the
    pause menu, undo-and-say, the computer seat, a moment's view, the
    lights at the end. A game's Board (its app.py) fills in the hooks and
    keeps only what is its own, as Display_Text's labels fill in
    LabelBase's.

    A game's Board sets ``root`` (the board's Group, shown again after a
    shared screen) and fills in the hooks below (``run`` says which one is
    missing, by name, before the board is drawn). With computer seats it
    also has ``seats``
    (a level per seat, None for a human) and ``AI`` (the prefix of its AI's
    modules, whose ``release()`` gives back the AI's buffers); its computer
    module decides through ``ui/think.py``.
    """

    PAUSE_ITEMS = ()
    NOTHING = M_NOTHING
    AI = ""            # no computer seats

    def __init__(self, s, game):
        self.s = s
        self.g = game
        self.fx = s.fx
        self.mode = 0
        self.root = None

    # -- the hooks a game fills in ------------------------------------------------------
    # Declared for the type checker (an annotation costs nothing on the
    # device); ``run`` checks that a game's Board has every one of _HOOKS.
    on_key: "Callable[[int], str | None]"       # a press: None, or what the shell does next
    begin: "Callable[[], None]"                 # draw the board the first time
    back: "Callable[[], None]"                  # its words again after a shared screen
    paused: "Callable[[str], str | None]"       # a PAUSE_ITEMS word was chosen
    take_back: "Callable[[], str | None]"       # undo a move: its words (None: nothing)
    moved: "Callable[[str], None]"              # the position changed: redraw, say it
    say: "Callable[[str], None]"                # a line on the message line

    def step(self) -> "int | str | None":
        """The work before the next press (a computer's move, the end):
        None to wait for a press, AGAIN to step again, or what the shell
        does next."""
        return None

    # -- the loop --------------------------------------------------------------------

    def run(self):
        s = self.s
        for h in _HOOKS:
            if not hasattr(self, h):
                # as Display_Text's LabelBase: a missing hook fails by name, at once
                raise NotImplementedError("%s must define %s (ui/session.py Board)"
                                          % (type(self).__name__, h))
        self.begin()
        forget("ui.draw")     # (1.9 KB: the sprite sheets are drawn; a sprites module imports it)
        s.buttons.clear()
        s.kept = -1
        while True:
            out = self.step()
            if out == AGAIN:
                continue
            if out is not None:
                return out
            # What the player answers is on the panel before the wait.
            s.refresh()
            out = self.on_key(s.key())
            if out is not None:
                return out

    # -- pause and undo ---------------------------------------------------------------

    def pause(self, head=_PAUSE_HEAD):
        """The pause menu: resume, undo (unless ``head`` says otherwise), the
        game's own items, rules, restart, quit. Returns None, or what the
        shell does next."""
        choice = self.s.pause(head + self.PAUSE_ITEMS + _PAUSE_TAIL, self.root)
        if choice == RESTART or choice == QUIT:
            return choice
        if choice == "undo":
            self.undo()
        elif choice in self.PAUSE_ITEMS:
            return self.paused(choice)
        else:
            self.back()
        return None

    def undo(self):
        """Take back the last move and say what it was (or that there is
        nothing to undo); the save follows."""
        text = self.take_back()
        if text is None:
            self.say(self.NOTHING)
            return
        self.s.autosave()
        self.moved(M_UNDONE % text)

    # -- time on screen and the lights -------------------------------------------------

    def show_for(self, ms, keys=_CUTS):
        """Keep what is shown for ``ms`` while the lights and sounds go
        on. A press of one of ``keys`` (a bit mask of boards' keys: A and
        B unless told) cuts it short: its key; any other press is kept
        for the next wait for a key (Session.key), so none is lost. None:
        the time ran out. Wrap-safe ticks."""
        s = self.s
        end = ticks_add(supervisor.ticks_ms(), ms)
        while ticks_diff(end, supervisor.ticks_ms()) > 0:
            self.fx.update()
            ev = s.buttons.get()
            if ev is not None and ev.pressed:
                if keys >> ev.key & 1:
                    return ev.key
                s.kept = ev.key
            time.sleep(0.01)
        return None

    def winners(self, colours):
        """The game is over: the winners' colours side by side on the
        NeoPixels (one colour: all of them)."""
        px = self.s.hw.pixels
        n = len(colours)
        for i in range(len(px)):
            px[i] = colours[i % n]
        px.show()
        self.fx.base = colours[0]

    # -- computer seats ---------------------------------------------------------------

    def drop_computer(self):
        """Give back the AI's code and buffers, if they were ever loaded
        (its next decision loads them again)."""
        prefix = self.AI
        if not prefix or prefix not in sys.modules:
            return
        sys.modules[prefix].release()
        for m in list(sys.modules):
            if m.startswith(prefix):
                forget(m)
        gc.collect()
