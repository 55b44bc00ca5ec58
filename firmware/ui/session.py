"""The shell's game runner: one game from the launcher's pick back to the
launcher, the same for every game; and the lights, the sounds and the
wait for a press (``Fx``), which every screen, the launcher's too, goes
through.

    new-game screen (ui/newgame) -> the game's board -> scores -> again

A game plugs in with its ``app`` module: its store tag and title, its
Setup, options, new-game rows, new game / decode / encode, rules and its
Board (a subclass of Board below); docs/app.md lists them.

The session keeps the game's options and its saved game in the game's
own store section, finds fresh seeds, waits for presses (``key``), and
opens the shared pause menu and scoring screen. The shell, not the game,
marks the game to save (``autosave``): at every wait for a press, the
pause menu and the game's leaving, when its engine's count of position
changes (``edits``, firmware/contract.py) moved since it was last
marked. A game says when it ended (``ended``). When the store
is written is the shell's too (ui/saving.py): the pause menu and a quit
write what is pending, a game's end is one write.
"""

import gc
import sys
import time

import supervisor
from micropython import const

from boards import ticks_add, ticks_diff
from lazy import forget
from savehead import SEEDS, get16, put16
from ui import palette, saving

TYPE_CHECKING = False          # the type checker's view of the hooks below
if TYPE_CHECKING:
    from collections.abc import Callable  # TYPE_CHECKING only: never run on the device

observer = None               # a test hook (tools/fuzz_app.py): called with the game
                              # before every wait for a press; the device sets none

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
        self.seen = -1               # the game's edits when last marked
        self.last = supervisor.ticks_ms()   # when the last press was taken (ui/think.py)
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
                self.seen = -1        # not marked yet: marked at its first wait
                gc.collect()
                out = app.Board(self, game).run()
                if out == RESTART:
                    game = app.new_game(self.setup)
            self.autosave()
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
        """The shell's: mark the game in play to save if its position
        changed since it was last marked (so one change is marked once);
        it is written when ui/saving.py says (its bytes are made then, by
        ``_fill``)."""
        g = self.game
        if g is not None and g.edits != self.seen:
            self.seen = g.edits
            self.store.touched = True

    def _fill(self):
        """The store's ``fill``: the game in play into its section (a game
        over keeps its last position until ``ended`` clears it)."""
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
        written at once, in one write (its last moves are not marked again)."""
        self.seen = self.game.edits  # pyright: ignore[reportOptionalMemberAccess]  (a game runs)
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
        """A developer's injected fault: True once if ``name`` is in the
        store's fault list ("F"), which it then leaves (the store written).
        Only a developer puts names there, so store_fault.py loads only
        then (the check runs at every A: tools/trips.py)."""
        st = self.store
        if _FAULTS not in st.sections and _FAULTS not in st.far:
            return False
        import store_fault
        try:
            return store_fault.take(st, name)
        finally:
            store_fault = None
            forget("store_fault")

    # -- presses -------------------------------------------------------------------

    def key(self):
        """Wait for the next press (lights and sounds keep going); its key.
        A press kept from a moment's view comes first."""
        if observer is not None and self.game is not None:
            observer(self.game)
        self.autosave()
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
        self.autosave()
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


# -- the lights, the speaker and the wait for a press --------------------------------
#
# What the NeoPixels and the speaker say, shared by every screen (the
# launcher too, which makes the one Fx at boot: code.py). Pixels: a steady
# state (whose turn, game over) plus short flashes (claim, illegal move)
# that end by themselves; a progress bar while the computer thinks.
# Sounds: short tones (ui/fx.py names them), queued, muted by the sound
# setting (the board adapter's ``hw.tone`` knows it). A screen asks
# (``sound``, ``flash``, ``steady``) and the loop's ``update`` does it: at
# the wait for the next press (or a moment's view, a computer's
# thinking), after the display shows what was asked for, so the lights
# and the tone come with the picture. Here, in the shell, with the waits
# that go through it (``next_press``: every screen's; ``Session.key``,
# ``Board.show_for``), so a press's trip asks for them without leaving the
# shell's module (tools/trips.py).

_QN = const(6)
# The next tone is due at most this long after one starts (its ms and 10 ms
# of pause; the longest tone is 200 ms). A deadline further ahead is stale:
# ticks wrap at 2**29 ms, so after 2**28 ms (about 75 hours) without a tone
# ticks_diff would put the old deadline up to 75 hours in the future.
_GAP_MAX = const(1000)


class Fx:
    """``store``: the save store, written at the waits for a press as
    ui/saving.py decides (None: never)."""

    def __init__(self, hw, store=None):
        self.hw = hw
        self.store = store
        self.px = hw.pixels
        self.n = len(hw.pixels)
        self.base = palette.PX_OFF
        self.lit = -1             # the colour for the strip at the next update (-1: none)
        self.flash_ms = 0         # a flash asked for: its ms, from the next update
        self.flash_until = -1
        self.qf = [0] * _QN
        self.qm = [0] * _QN
        self.qh = 0
        self.qn = 0
        self.next_tone = supervisor.ticks_ms()

    # -- pixels ---------------------------------------------------------------

    def steady(self, colour):
        """The colour the strip shows when nothing else is going on."""
        self.base = colour
        if self.flash_until < 0 and not self.flash_ms:
            self.lit = colour

    def _fill(self, colour):
        self.px.fill(colour)
        self.px.show()

    def flash(self, colour, ms=300):
        self.lit = colour
        self.flash_ms = ms

    def progress(self, frac, colour=palette.PX_THINK):
        """Light the strip from the left up to frac (0..1); with one pixel,
        its brightness follows frac."""
        n = self.n
        px = self.px
        self.lit = -1             # (what was asked before is drawn over)
        if n == 1:
            f = 0.2 + 0.8 * frac
            px[0] = (int((colour >> 16 & 255) * f) << 16 | int((colour >> 8 & 255) * f) << 8
                     | int((colour & 255) * f))
        else:
            lit = int(frac * n + 0.999)
            if lit < 1:
                lit = 1
            for i in range(n):
                px[i] = colour if i < lit else 0
        px.show()

    # -- sound ----------------------------------------------------------------

    def sound(self, tones):
        for f, ms in tones:
            if self.qn < _QN:
                i = (self.qh + self.qn) % _QN
                self.qf[i] = f
                self.qm[i] = ms
                self.qn += 1

    # -- the loop's turn --------------------------------------------------------

    def next_press(self, buttons):
        """Wait for the next button press, keeping lights and sounds going
        and writing the store when it is due (ui/saving.py); returns the
        (preallocated) event. Releases are skipped. Every screen's wait
        for a press is this one."""
        st = self.store
        while True:
            if st is not None:
                saving.tick(st)
            self.update()
            ev = buttons.get()
            if ev is None:
                time.sleep(0.01)
            elif ev.pressed:
                return ev

    def update(self):
        now = supervisor.ticks_ms()
        ms = self.flash_ms
        if ms:
            self.flash_ms = 0
            self.flash_until = ticks_add(now, ms)
        elif self.flash_until >= 0 and ticks_diff(now, self.flash_until) >= 0:
            self.flash_until = -1
            self.lit = self.base
        c = self.lit
        if c >= 0:
            self.lit = -1
            self._fill(c)
        if self.qn:
            wait = ticks_diff(self.next_tone, now)
            if wait <= 0 or wait > _GAP_MAX:
                i = self.qh
                self.qh = (i + 1) % _QN
                self.qn -= 1
                self.hw.tone(self.qf[i], self.qm[i])
                self.next_tone = ticks_add(now, self.qm[i] + 10)
        self.hw.tick()


# Said by the shared flows (each fits the message line whole:
# tests/test_messages.py)
M_UNDONE = "undone: %s"                                # what the move did
M_NOTHING = "nothing to undo"

AGAIN = const(1)       # Board.step(): step again before waiting for a press
# consts from boards.common, store (tools/consts.py; do not edit)
_A = const(4)
_B = const(5)
_FAULTS = const(70)
# end consts
_CUTS = const(1 << _A | 1 << _B)   # the keys that cut a moment's view short
_PAUSE_HEAD = ("resume", "undo")
_HOOKS = ("on_key", "begin", "back", "paused", "take_back", "moved", "say")
_PAUSE_TAIL = ("rules", RESTART, QUIT)


class Board:
    """The shared path of a game's board, from its first drawing to what
    the shell does next ('quit', 'restart' or 'new'): the run loop, the
    pause menu, undo-and-say, the computer seat, a moment's view, the
    lights at the end. A game's Board (its app.py) sets ``root`` (its
    Group, shown again after a shared screen) and fills in the hooks below
    (``run`` names a missing one before drawing), as Display_Text's labels
    fill in LabelBase's; with computer seats also ``seats`` (a level per
    seat, None for a human) and ``AI`` (its AI modules' prefix)."""

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
        nothing to undo); the shell marks the save at the next wait."""
        text = self.take_back()
        if text is None:
            self.say(self.NOTHING)
            return
        self.moved(M_UNDONE % text)

    # -- time on screen and the lights -------------------------------------------------

    def show_for(self, ms, keys=_CUTS):
        """Keep what is shown for ``ms``, lights and sounds going on. A
        press of ``keys`` (a bit mask; A and B unless told) cuts it short:
        its key; any other is kept for the next Session.key. None: the
        time ran out."""
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
        self.fx.lit = -1          # (a colour asked for before is drawn over)

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
