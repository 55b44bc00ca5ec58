"""Alheimur in the shell (ui/session.py): what the shell needs of the game
(its store tag, rows, save), and the board's controller (``Board``): whose
decision it is, the shared flows' hooks, what every action shows, the log
of what happened and the fast-forward through computer seats.

Who decides has its own object, loaded for it and dropped after, never
both at once: a human's turn (alheimur/human.py: the cursor, choosing,
acting; its keys and modes) or a computer's (alheimur/computer.py and the
AI). Loaded only while used, too: world building (build_screen.py), the
hot seat's hand-over (hand_over.py), "since your last turn" (since.py), a
shot's dice (shot.py), the survival check (survival.py), a refusal's
reason (reasons.py), all worlds (all_worlds.py), the end and the scores
(ending.py, results.py). The words (words.py) stay loaded once play
began (from .py: every seat's decision is said, and loading them again
would compile them again). alheimur/__init__.py maps the
package.

The log (``events``, alheimur/events.py): every action, shot and death
at a survival check is kept as a record; since.py says them in words to
each seat what it has not read. Select while a computer thinks (the
screen says so) fast-forwards to the next human decision: nothing
more is shown on the way, and that human's log says what happened.
"""


import gc
import sys

from micropython import const

import boards
from alheimur.actions import spot_world
from alheimur.engine import ROUND_LIMITS
from alheimur.events import Log
from lazy import forget
from ui import palette, session

TAG = const(0x68)            # "h": the game's store section
TITLE = "Alheimur"
RULES_MODULE = "alheimur.rules"
RULES_NOW = True      # the rules module has now(game): the pause menu's rule line
ROWS_MODULE = "alheimur.rows"

HUMAN = "human"            # a seat's level name for a person


class Setup:
    """What the new-game screen decides (the shell keeps it; written to the
    store by alheimur/save.py, read back by alheimur/restore.py)."""

    def __init__(self):
        self.nseats = 2
        self.seats = [HUMAN] + ["easy"] * 7   # seat 1 human, the rest computers
        self.limit = 0                  # index into ROUND_LIMITS (40)
        self.shown = 0                  # the seat the new-game row shows
        self.seed = 0                   # 0: shuffle (a fresh seed each game)
        self.dealt = 1                  # the seed of the game being played

    def levels(self):
        """Per seat in play: None for a human, else the computer's level."""
        return [None if s == HUMAN else s for s in self.seats[:self.nseats]]


def pack_options(st):
    """The new-game options as bytes (alheimur/save.py, loaded for it: the
    store is written rarely)."""
    from alheimur import save
    out = save.pack_options(st)
    save = None
    forget("alheimur.save")
    return out


def encode(st, game):
    """The save bytes of ``game`` (alheimur/save.py, loaded for it)."""
    from alheimur import save
    out = save.encode(st, game)
    save = None
    forget("alheimur.save")
    return out

# Dropped before a computer thinks (loaded again when needed): a human's
# turn and what screens loaded once play began and left behind (the
# layout's names, the menus, the drawing helpers). Not the words: each
# computer action is said (loading them again from .py would compile them
# again; from .mpy the seat drops them for its search: room_for_search).
# (A list made a tuple: its strings stay the interned names from .mpy too.)
_NOT_THINKING = tuple(["alheimur.human", "alheimur.cursor", "alheimur.survival",
                       "alheimur.layout", "ui.menu", "ui.draw"])
# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_P_DICE = const(15)
_P_EXPAND = const(4)
_P_PLACE = const(1)
_P_SITE = const(12)
_P_SWAP = const(2)
# end consts

# Messages (each fits its place whole: tests/test_messages.py)
M_SEED = "seed %d: %d players"                          # seed, n
M_CONTINUED = "continued: round %d"                    # round
M_NOTHING = "nothing to undo (undo goes back to the last roll)"


def unpack_options(st, d):
    """Set ``st`` from pack_options bytes (alheimur/restore.py, loaded for
    it: reading a save is rare)."""
    from alheimur import restore
    ok = restore.unpack_options(st, d)
    restore = None
    forget("alheimur.restore")
    return ok


def decode(st, data):
    """The saved game back (alheimur/restore.py, loaded for it)."""
    from alheimur import restore
    try:
        return restore.decode(st, data)
    finally:
        restore = None
        forget("alheimur.restore")


def new_game(st):
    """A game dealt from the setup's seed; its dice generator hangs on it
    (``game.rng``: saved with it)."""
    from alheimur.deal import new_game as deal
    g, rng = deal(st.dealt, st.nseats, ROUND_LIMITS[st.limit])
    g.rng = rng  # pyright: ignore[reportAttributeAccessIssue]  (the app's: not an engine field)
    return g


class Board(session.Board):
    """The controller: the game, its screen, whose seats are computers,
    who decides now (a human's turn or a computer's, never both), the log;
    the shell (ui/session.Board) runs the loop, the pause menu and undo
    through the hooks below."""

    PAUSE_ITEMS = ("all worlds", "computers")
    NOTHING = M_NOTHING
    AI = "alheimur.ai"

    def __init__(self, s, game):
        super().__init__(s, game)
        self.seats = s.setup.levels()
        self.humans = self.seats.count(None)
        self.rng = game.rng
        self.scr = None              # the play screen (made after world building)
        self.root = None             # .. its Group
        self.human_turn = None       # human.HumanTurn while a human decides
        self.computer_turn = None    # computer.ComputerTurn while a computer does
        self.fresh = True            # the decision point needs preparing
        self.ended = False           # the game's end was shown
        self.last_human = -1         # the human who decided last (hot seat)
        self.note = ""               # said with the next prompt
        self.fast = False            # fast-forward to the next human decision
        self.events = Log()          # what happened (since.py reads it)
        self.turns = bytearray(8)    # per seat: the round whose turn it began (since)

    # -- the shell's hooks --------------------------------------------------------------

    def begin(self):
        g = self.g
        self.note = M_CONTINUED % g.round() if g.round() else M_SEED % (
            self.s.setup.dealt, g.nplayers())

    def step(self):
        """Everything until a human is to press: the deal, world building,
        the dice, the computer seats; then a human's turn (the hand-over,
        the log, its decision point made ready: alheimur/human.py)."""
        g = self.g
        ph = g.phase()
        if g.over():
            if not self.ended:
                self.game_over()
        elif ph <= _P_SWAP:          # the deal and world building
            out = self.building()
            return session.AGAIN if out is None else out
        else:
            if self.scr is None:
                self.make_screen()
            if ph == _P_DICE:
                from alheimur.shot import Shot
                Shot(self).show()
                Shot = None
                forget("alheimur.shot")
                return session.AGAIN
            p = g.actor()
            if self.seats[p] is not None:
                self.computer().move()
                if self.s.kept != boards.START:
                    return session.AGAIN
                # Start while it acted: the pause menu, the move under way
                # done; the AI's code and buffers go first (its next
                # decision loads them again); no undo (not the player's move)
                self.s.kept = -1
                self.no_computer()
                return self.pause(("resume",)) or session.AGAIN
            return self.human().begin(p)
        return None

    def on_key(self, k):
        return self.human().on_key(k)

    def say(self, text, colour=palette.DIM):
        if self.scr is not None:    # (None only while the worlds are built)
            self.scr.say(text, colour)

    def back(self):
        if self.human_turn is not None:     # (none in a computer's turn: step)
            self.human_turn.back()

    def paused(self, word):
        self.human().all_worlds()

    def take_back(self):
        """The last action of this stretch (never past a roll or another
        player's decision), in words."""
        return self.human().take_back()

    def moved(self, text):
        """An undo: the decision point is made ready again and says it."""
        self.human().moved(text)

    # -- who decides ---------------------------------------------------------------------

    def computer(self):
        """The computer's turn (alheimur/computer.py, loaded for it); a
        human's code goes first, and what screens loaded once play began
        and left behind."""
        self.human_turn = None
        for m in _NOT_THINKING:
            forget(m)
        t = self.computer_turn
        if t is None:
            from alheimur.computer import ComputerTurn
            t = self.computer_turn = ComputerTurn(self)
        return t

    def human(self):
        """The human's turn (alheimur/human.py, loaded for it); the
        computer seats' code and buffers go first (their next decision
        loads them again)."""
        t = self.human_turn
        if t is None:
            self.no_computer()
            from alheimur.human import HumanTurn
            t = self.human_turn = HumanTurn(self)
        return t

    def no_computer(self):
        """The computer seats' code and buffers go (their next decision
        loads them again)."""
        self.computer_turn = None
        if "alheimur.computer" in sys.modules:
            self.drop_computer()
            forget("alheimur.computer")

    # -- the screens of the game ---------------------------------------------------------

    def make_screen(self):
        """The play screen (world building is over: its code goes)."""
        g = self.g
        if g.phase() >= _P_EXPAND:
            g.drop_setup()
        gc.collect()
        from alheimur.screen import Screen
        self.scr = scr = Screen(g)
        self.root = scr.root
        forget("alheimur.sprites")
        gc.collect()
        self.s.display.root_group = scr.root
        scr.show(g.current() if g.phase() < _P_SITE else g.site())
        self.fresh = True
        return scr

    def building(self):
        """World building and its redeals (their own screen and code,
        loaded for it)."""
        from alheimur.build_screen import BuildScreen
        out = BuildScreen(self).run()
        BuildScreen = None
        forget("alheimur.build_screen")
        gc.collect()
        return out

    # -- what every seat's decision shows ---------------------------------------------

    def status(self):
        """Whose turn and the round (top right), who decides what (panel),
        each in its player's colour."""
        from alheimur import words
        turn, p, point, a = words.status(self.g)
        if self.scr is not None:
            self.scr.set_status(turn, words.COLOURS[p], point, words.COLOURS[a])

    def after(self, text, where=-1):
        """The game moved on: redraw, say what happened (the shell marks
        the save); ``where`` a territory's spot: its world is shown."""
        g = self.g
        scr = self.scr
        self.drop_reasons()
        self.fresh = True
        self.note = text
        if scr is None or g.phase() == _P_PLACE or g.phase() == _P_SWAP:
            return
        scr.roll()
        scr.show(spot_world(where) if 0 <= where < 128 else scr.view)
        self.status()
        scr.say(text, palette.DIM)

    def linger(self, ms, always=False, mine=False):
        """Keep what a computer or the dice did in view ``ms`` while it is
        read, as the setting says (hw.pace, ui/settings.py): fast, only
        what touches a person (``mine``: an attack on their ships or
        worlds, a battle of theirs, a death on their world; the log keeps
        the rest); each move; step by step, each move until a press. Not
        when fast-forwarding, nor (unless ``always``: the dice rolling)
        when a human decides next here: the text stays on screen for them
        and their first press acts. Any press goes on; none is kept for
        the board (so none becomes a pass); Start: the pause menu once the
        move is over (kept: ``step``). Select fast-forwards only while a
        computer thinks, where the screen says so (computer.py)."""
        a = self.g.actor()
        pace = self.s.hw.pace
        if self.fast or (not always and a < 8 and self.seats[a] is None and (
                self.humans == 1 or a == self.last_human)) or not (pace or mine):
            return
        self.s.refresh()
        if self.show_for(1 << 27 if pace == 2 and not always else ms, 255) == boards.START:
            self.s.kept = boards.START      # the pause menu once the move is over (step)

    def drop_reasons(self):
        """The reasons' code goes once play runs (it comes back for the
        next refusal)."""
        if self.g.phase() >= _P_EXPAND:
            forget("alheimur.reasons")
            self.g.drop_setup()

    def pixels(self):
        """The colour of who decides now."""
        from alheimur import words
        g = self.g
        a = g.actor()
        self.fx.steady(words.COLOURS[a if a < 8 else g.current()])

    # -- the end (alheimur/ending.py, loaded for it) ------------------------------------

    def game_over(self):
        self.ended = True
        from alheimur import ending
        ending.game_over(self)
        ending = None
        forget("alheimur.ending")
