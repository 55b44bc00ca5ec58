"""Alheimur in the shell (ui/session.py): what the shell needs of the game,
and the board's controller, which turns presses into engine actions.

The board is in one of these modes, each with its own key handler:

    PLAY     a human decides: d-pad cursor (territories, ships, the tabs),
             A the actions of what the cursor is on (one: done at once;
             more: CHOOSE; none: the engine's reason), B undo, Select
             pass, Start pause; A on the tabs: all worlds
    CHOOSE   the actions of one piece or ship: d-pad the next one (where
             it goes is outlined in cyan), A do it, B back
    SURVIVE  the survival check about to happen (alheimur/shows.py): A
             goes on, B undo, the d-pad says why each pyramid lives or dies
    OVER     the game is over: the worlds to look at; A or Start the scores

The key handlers are alheimur/human.py's: a human's decision (with the
cursor, view.py; what happens to the pieces, shows.py; an action in
words, acts.py) and a computer's (computer.py and the AI) each have
their code loaded only while they decide, never both at once. Loaded
only while used, too: world building (building.py), the hot seat's "pass
to" screen (cover.py), a refusal's sample action (refuse.py), all worlds
(overview.py), the end (ending.py) and the scores (results.py).
"""

# The play screen (``scr``) is None only while the worlds are built, before
# any key handler or prompt runs (``run`` makes it first): the checker cannot
# follow that order, so it is told not to ask at every use.
# pyright: reportOptionalMemberAccess=false

import gc
import sys
from array import array

from micropython import const

from alheimur import save, words
from alheimur.engine import ROUND_LIMITS
from lazy import forget
from ui import palette, session

TAG = const(0x68)            # "h": the game's store section
TITLE = "Alheimur"
RULES_MODULE = "alheimur.rules"
ROWS_MODULE = "alheimur.rows"

Setup = save.Setup
pack_options = save.pack_options
encode = save.encode

# Dropped before a computer thinks (loaded again when needed).
_NOT_THINKING = ("alheimur.human", "alheimur.view", "alheimur.shows", "alheimur.acts",
                 "alheimur.layout", "ui.menu", "ui.draw")

_PLAY = const(0)             # the modes (human.py has the same; ending.py sets _OVER)
_OVER = const(3)
# consts from alheimur.actions (tools/consts.py; do not edit)
_P_DEAL = const(0)
_P_DICE = const(15)
_P_EXPAND = const(4)
_P_PLACE = const(1)
_P_SITE = const(12)
_P_SWAP = const(2)
# end consts

# Messages (each fits its place whole: tests/test_messages.py)
M_SEED = "seed %d: %d players"                          # seed, n
M_CONTINUED = "continued: round %d"                    # round
M_OVER = "game over! A: the scores"
M_NOTHING = "nothing to undo (undo goes back to the last roll)"
S_TURN = "%s %d/%d"                                    # letter, round, limit
S_TURN_FREE = "%s %d"                                  # letter, round
S_TURN_LAST = "%s last"                                # letter
S_PHASE = "%s %s"                                      # letter, phase


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
    """The controller: the game, its screen, whose seats are computers; the
    shell (ui/session.Board) runs the loop, the pause menu and undo through
    the hooks below and alheimur/human.py's."""

    PAUSE_ITEMS = ("all worlds",)
    NOTHING = M_NOTHING
    AI = "alheimur.ai"

    def __init__(self, s, game):
        super().__init__(s, game)
        self.seats = s.setup.levels()
        self.humans = 0
        for lv in self.seats:
            self.humans += lv is None
        self.rng = game.rng
        self.scr = None              # the play screen (made after world building)
        self.root = None             # .. its Group
        self.mode = _PLAY
        self.fresh = True            # the decision point needs preparing
        self.last_human = -1         # the human who decided last (hot seat)
        self.opts = array("H", bytes(80))   # the actions of the spot chosen
        self.nopt = 0
        self.iopt = 0
        self.sworlds = 0             # survival: worlds still to show
        self.note = ""               # said with the next prompt

    # -- the shell's hooks --------------------------------------------------------------

    def begin(self):
        g = self.g
        self.note = M_CONTINUED % g.round() if g.round() else M_SEED % (
            self.s.setup.dealt, g.nplayers())

    def step(self):
        """Everything until a human is to press: the deal, world building,
        the dice, the computer seats, the hand-over; then the human's
        decision point is made ready."""
        g = self.g
        ph = g.phase()
        if g.over():
            if self.mode != _OVER:
                self.game_over()
        elif ph == _P_DEAL:
            self.deal()
            return session.AGAIN
        elif ph == _P_PLACE or ph == _P_SWAP:
            out = self.building()
            return session.AGAIN if out is None else out
        else:
            if self.scr is None:
                self.make_screen()
            if ph == _P_DICE:
                from alheimur import shows
                shows.roll(self)
                shows = None
                return session.AGAIN
            p = g.actor()
            if self.seats[p] is not None:
                self.computer().move(self)
                return session.AGAIN
            if self.humans > 1 and p != self.last_human:
                from alheimur import cover
                cover.hand_over(self, p, self.scr.root)
                cover = None
                forget("alheimur.cover")
                self.fresh = True
            self.last_human = p
        if self.fresh and self.mode != _OVER:
            self.human().prepare(self)
        return None

    def on_key(self, k):
        return self.human().HANDLERS[self.mode](self, k)

    def say(self, text, colour=palette.DIM):
        self.scr.say(text, colour)

    def back(self):
        self.human().back(self)

    def paused(self, word):
        self.human().overview(self)

    def take_back(self):
        """The last action of this stretch (never past a roll or another
        player's decision), in words."""
        return self.human().take_back(self)

    def moved(self, text):
        """An undo: the decision point is made ready again and says it."""
        scr = self.scr
        self.fresh = True
        self.mode = _PLAY
        scr.doomed = 0
        scr.show(scr.view)
        self.note = text

    def computer(self):
        """alheimur.computer, loaded for a computer's decision; a human's
        code (human.py, view.py, shows.py, acts.py) goes first, and what screens
        loaded once play began and left behind (the layout's names, the
        menus, the drawing helpers)."""
        for m in _NOT_THINKING:
            forget(m)
        from alheimur import computer
        return computer

    def human(self):
        """alheimur.human, loaded for a human's decision; the computer
        seats' code and buffers go first (their next decision loads them
        again)."""
        if "alheimur.computer" in sys.modules:
            self.drop_computer()
            forget("alheimur.computer")
        from alheimur import human
        return human

    def make_screen(self):
        """The play screen (world building is over: its code goes)."""
        g = self.g
        if g.phase() >= _P_EXPAND:
            g.drop_setup()
        gc.collect()
        from alheimur.screen import Screen
        self.scr = Screen(g)
        self.root = self.scr.root
        forget("alheimur.sprites")
        gc.collect()
        self.s.display.root_group = self.scr.root
        self.scr.show(g.current() if g.phase() < _P_SITE else g.site())
        self.fresh = True

    def building(self):
        """World building (its own screen and code, loaded for it)."""
        from alheimur import building
        out = building.run(self)
        building = None
        forget("alheimur.building")
        gc.collect()
        return out

    def deal(self):
        """A redeal: the world building found no playable world."""
        from alheimur.deal import shuffle
        self.g.deal(shuffle(self.rng))
        shuffle = None
        forget("alheimur.deal")

    # -- what every seat's decision shows ---------------------------------------------

    def status(self):
        """Whose turn and the round (top right), who decides what (panel)."""
        g = self.g
        p = g.current()
        a = g.actor()
        if a >= 8:
            a = p
        q = words.LETTERS[p]
        if g.over():
            self.scr.set_status(" ", palette.DIM, words.PHASES[16], palette.TITLE)
            return
        if g.last_round() == 2:
            turn = S_TURN_LAST % q
        elif g.limit():
            turn = S_TURN % (q, g.round(), g.limit())
        else:
            turn = S_TURN_FREE % (q, g.round())
        self.scr.set_status(turn, words.COLOURS[p],
                            S_PHASE % (words.LETTERS[a], words.PHASES[g.phase()]),
                            words.COLOURS[a])

    def after(self, text, where=-1):
        """The game moved on: save, redraw, say what happened."""
        g = self.g
        scr = self.scr
        self.drop_why()
        if g.phase() != _P_DICE:
            self.s.autosave()
        self.fresh = True
        self.mode = _PLAY
        self.note = text
        if scr is None or g.phase() == _P_PLACE or g.phase() == _P_SWAP:
            return
        scr.show(where >> 4 if 0 <= where < 128 else scr.view)
        self.status()
        scr.say(text, palette.DIM)

    def drop_why(self):
        """The reasons' code goes once play runs (it comes back for the
        next refusal)."""
        if self.g.phase() >= _P_EXPAND:
            forget("alheimur.why")
            forget("alheimur.names")
            self.g.drop_setup()

    def pixels(self):
        """The colour of who decides now."""
        g = self.g
        a = g.actor()
        self.fx.steady(words.COLOURS[a if a < 8 else g.current()])

    # -- the end (alheimur/ending.py, loaded for it) ------------------------------------

    def game_over(self):
        from alheimur import ending
        ending.game_over(self)
        ending = None
        forget("alheimur.ending")
