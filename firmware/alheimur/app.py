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

Loaded only while used: world building (building.py), the computer seats
(computer.py), the hot seat's "pass to" screen (cover.py), a refusal's
sample action (refuse.py), all worlds (overview.py), the scores
(results.py).
"""

# The play screen (``scr``) is None only while the worlds are built, before
# any key handler or prompt runs (``run`` makes it first): the checker cannot
# follow that order, so it is told not to ask at every use.
# pyright: reportOptionalMemberAccess=false

import gc
import time
from array import array

from micropython import const

import boards
from alheimur import save, shows, words
from alheimur.actions import a_ship, a_terr, a_to, a_world
from alheimur.engine import ROUND_LIMITS
from ui import palette, session
from ui.fx import ILLEGAL, MOVE, PLACE
from ui.session import QUIT, forget

TAG = const(0x68)            # "h": the game's store section
TITLE = "Alheimur"
RULES_MODULE = "alheimur.rules"
ROWS_MODULE = "alheimur.rows"

Setup = save.Setup
pack_options = save.pack_options
encode = save.encode

_PLAY = const(0)             # the modes (alheimur/ending.py sets _OVER)
_CHOOSE = const(1)
_SURVIVE = const(2)
_OVER = const(3)
_TABS = const(2)             # the screen's zone of the tabs
# alheimur.actions' numbers the app uses, as private copies (no globals;
# tests/test_alheimur_app.py checks them against actions.py)
_K_BOARD = const(10)
_K_CIVILIZE = const(6)
_K_LAND = const(14)
_K_MIGRATE = const(8)
_K_MOVE = const(15)
_K_RETURN = const(11)
_K_SITE = const(16)
_K_START = const(4)
_K_UNLOAD = const(12)
_P_DEAL = const(0)
_P_DICE = const(15)
_P_EXPAND = const(4)
_P_PLACE = const(1)
_P_SITE = const(12)
_P_SURVIVE = const(5)
_P_SWAP = const(2)
_P_TARGET = const(14)
_PASS = const(0)

# Messages (each fits its place whole: tests/test_messages.py)
M_SEED = "seed %d: %d players"                          # seed, n
M_CONTINUED = "continued: round %d"                    # round
M_UNDONE = "undone: %s"                                # act
M_NOTHING = "nothing to undo (undo goes back to the last roll)"
M_OVER = "game over! A: the scores"
M_FINAL = "the final worlds. A or Start: the scores"
L_CHOICE = "%d/%d  A: do it  B: back"                  # i, n
L_ONE = "A: do it  Select: pass"
L_MANY = "A: %d choices  Sel: pass"                    # n
L_NONE = "Select: pass  Start: menu"
L_ONE_NP = "A: do it  B: undo"
L_MANY_NP = "A: %d choices  B: undo"                   # n
L_NONE_NP = "B: undo  Start: menu"
L_SITE = "A: fight here  </>: others"
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
    """The controller: the game, its screen, whose seats are computers."""

    def __init__(self, s, game):
        super().__init__(s, game)
        self.seats = s.setup.levels()
        self.humans = 0
        for lv in self.seats:
            self.humans += lv is None
        self.rng = game.rng
        self.scr = None              # the play screen (made after world building)
        self.mode = _PLAY
        self.fresh = True            # the decision point needs preparing
        self.last_human = -1         # the human who decided last (hot seat)
        self.opts = array("H", bytes(80))   # the actions of the spot chosen
        self.nopt = 0
        self.iopt = 0
        self.sworlds = 0             # survival: worlds still to show
        self.note = ""               # said with the next prompt

    # -- the loop -----------------------------------------------------------------

    def run(self):
        s = self.s
        s.buttons.clear()
        g = self.g
        self.note = M_CONTINUED % g.round() if g.round() else M_SEED % (
            s.setup.dealt, g.nplayers())
        handlers = (self.on_play, self.on_choose, self.on_survive, self.on_over)
        while True:
            ph = g.phase()
            if g.over():
                if self.mode != _OVER:
                    self.game_over()
            elif ph == _P_DEAL:
                self.deal()
                continue
            elif ph == _P_PLACE or ph == _P_SWAP:
                out = self.building()
                if out is not None:
                    return out
                continue
            else:
                if self.scr is None:
                    self.make_screen()
                if ph == _P_DICE:
                    shows.roll(self)
                    continue
                p = g.actor()
                if self.seats[p] is not None:
                    self.computer().move(self)
                    continue
                if self.humans > 1 and p != self.last_human:
                    from alheimur import cover
                    cover.hand_over(self, p, self.scr.root)
                    cover = None
                    forget("alheimur.cover")
                    self.fresh = True
                self.last_human = p
                if self.fresh:
                    self.prepare()
            out = handlers[self.mode](s.key())
            if out is not None:
                return out
            s.refresh()

    def computer(self):
        """alheimur.computer, loaded at the first computer move."""
        from alheimur import computer
        return computer

    def make_screen(self):
        """The play screen (world building is over: its code goes)."""
        g = self.g
        if g.phase() >= _P_EXPAND:
            g.drop_setup()
        gc.collect()
        from alheimur.view import View
        self.scr = View(g)
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

    # -- a human's decision -------------------------------------------------------

    def prepare(self):
        """Light what the legal actions move, put the cursor on one of
        them, say what can be done."""
        g = self.g
        scr = self.scr
        self.fresh = False
        self.mode = _PLAY
        if g.phase() == _P_SURVIVE:
            if shows.survival(self):
                self.mode = _SURVIVE
            return
        # The engine's own list of its legal actions is read (no copy of
        # 800 bytes): legal(sbuf) leaves it as it is.
        n = g.legal(g.sbuf)
        scr.mark_legal(n)
        if g.phase() == _P_SITE:
            scr.put_on(-2 - a_world(g.sbuf[0]))
        else:
            scr.to_lit()
        scr.draw_marks()
        scr.draw_cursor()
        self.pixels()
        self.status()
        self.prompt()

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

    def spot_actions(self):
        """The actions of what the cursor is on, into opts: how many."""
        spot = self.scr.spot()
        self.nopt = self.g.legal(self.opts, spot) if spot >= 0 else 0
        return self.nopt

    def prompt(self):
        """PLAY: what the cursor is on (or what just happened), and what A,
        B and Select do now."""
        scr = self.scr
        note = self.note
        self.note = ""
        k = self.spot_actions()
        if self.g.phase() == _P_SITE and scr.zone == _TABS:
            hint = L_SITE
        elif self.g.sbuf[0] == _PASS and self.g.phase() != _P_TARGET:
            hint = L_ONE if k == 1 else L_MANY % k if k else L_NONE
        else:
            hint = L_ONE_NP if k == 1 else L_MANY_NP % k if k else L_NONE_NP
        if len(note) > 26:
            scr.say(note, palette.DIM)
        else:
            scr.say2(note or scr.info(), hint, palette.DIM)

    # -- key handlers, one per mode -----------------------------------------------------

    def on_play(self, k):
        scr = self.scr
        if k <= boards.RIGHT:
            scr.move(k)
            self.prompt()
        elif k == boards.A:
            if self.s.fault("crash"):
                raise RuntimeError("injected fault (crash)")
            if scr.zone == _TABS:
                if self.g.phase() == _P_SITE:
                    self.act(_K_SITE << 11 | scr.loc_of(scr.tab))
                else:
                    self.overview()
                return None
            n = self.spot_actions()
            if n == 1:
                self.act(self.opts[0])
            elif n:
                self.mode = _CHOOSE
                self.iopt = 0
                self.show_choice()
            else:
                from alheimur import refuse
                a = refuse.sample(self.g, scr)
                refuse = None
                forget("alheimur.refuse")
                if a >= 0:
                    self.refuse(self.g.why_not(a))
        elif k == boards.B:
            self.undo()
        elif k == boards.SELECT:
            self.act(_PASS)
        elif k == boards.START:
            return self.pause()
        return None

    def on_choose(self, k):
        if k == boards.A:
            self.end_choice()
            self.act(self.opts[self.iopt])
        elif k == boards.B or k == boards.SELECT:
            self.end_choice()
            self.prompt()
        elif k <= boards.RIGHT:
            d = 1 if k == boards.RIGHT or k == boards.DOWN else -1
            self.iopt = (self.iopt + d) % self.nopt
            self.show_choice()
            self.fx.sound(MOVE)
        elif k == boards.START:
            self.end_choice()
            return self.pause()
        return None

    def on_survive(self, k):
        if k == boards.A:
            if not shows.next_world(self):
                shows.survive(self)
        elif k == boards.B:
            self.undo()
        elif k <= boards.RIGHT:
            self.scr.move(k)
            shows.say_fate(self)
        elif k == boards.START:
            return self.pause()
        return None

    def on_over(self, k):
        scr = self.scr
        if (k == boards.A and scr.zone == _TABS) or k == boards.SELECT:
            self.overview()
        elif k == boards.A or k == boards.START:
            out = self.scores()
            if out != "board":
                return out
            self.s.display.root_group = scr.root
            scr.say(M_FINAL, palette.TITLE)
        elif k <= boards.RIGHT:
            scr.move(k)
            scr.say2(scr.info(), M_OVER, palette.TITLE)
        return None

    # -- choosing among a piece's actions ---------------------------------------------

    def show_choice(self):
        """Option iopt: its words; where it goes outlined in cyan."""
        scr = self.scr
        a = self.opts[self.iopt]
        k = a >> 11
        scr.dtile = scr.dship = -1
        scr.tlit_dest(-1)
        if k == _K_MIGRATE:
            scr.dtile = a_to(a)
        elif k == _K_RETURN or k == _K_UNLOAD or k == _K_LAND or _K_START <= k <= _K_CIVILIZE:
            scr.dtile = a_terr(a)
        elif k == _K_BOARD:
            scr.dship = a_ship(a)
        elif k == _K_MOVE:
            scr.tlit_dest(scr.tab_of(a_to(a)))
        scr.draw_marks()
        scr.say2(words.action(self.g, a), L_CHOICE % (self.iopt + 1, self.nopt), palette.TITLE)

    def end_choice(self):
        scr = self.scr
        self.mode = _PLAY
        scr.dtile = scr.dship = -1
        scr.tlit_dest(-1)
        scr.draw_marks()

    # -- acting -----------------------------------------------------------------------

    def act(self, a):
        """A human's action: done, or refused with the engine's reason."""
        g = self.g
        why = g.why_not(a)
        if why:
            self.refuse(why)
            return
        text = words.action(g, a)
        where = g.subject(a)
        g.apply(a, False)
        self.fx.sound(PLACE)
        self.after(text, where)

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

    def refuse(self, why):
        """Say why not (the engine's words), red, with a buzz."""
        self.drop_why()
        if why:
            self.scr.msg.warn(why)
            self.fx.flash(palette.PX_BAD, 300)
            self.fx.sound(ILLEGAL)

    def drop_why(self):
        """The reasons' code goes once play runs (it comes back for the
        next refusal)."""
        if self.g.phase() >= _P_EXPAND:
            forget("alheimur.why")
            forget("alheimur.names")
            self.g.drop_setup()

    def undo(self):
        """Take back the last action of this stretch (never past a roll or
        another player's decision)."""
        g = self.g
        if not g.can_undo():
            self.scr.msg.warn(M_NOTHING)
            return
        a = g.log[g.nlog - 1]
        g.undo()
        self.s.autosave()
        self.fresh = True
        self.mode = _PLAY
        self.scr.doomed = 0
        self.scr.show(self.scr.view)
        self.note = M_UNDONE % words.action(g, a)

    def wait(self, ms):
        """Keep lights and sounds going for ms; A or B cuts it short."""
        end = time.monotonic() + ms / 1000
        buttons = self.s.buttons
        while time.monotonic() < end:
            self.fx.update()
            ev = buttons.get()
            if ev is not None and ev.pressed and (ev.key == boards.A or ev.key == boards.B):
                return True
            time.sleep(0.01)
        return False

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

    def scores(self):
        """The scoring screen: 'new', 'quit' or 'board'."""
        from alheimur import ending
        out = ending.scores(self)
        ending = None
        forget("alheimur.ending")
        return out

    # -- pause, overview ------------------------------------------------------------------

    def overview(self):
        from alheimur import overview
        overview.run(self)
        overview = None
        forget("alheimur.overview")
        gc.collect()
        self.s.display.root_group = self.scr.root
        if self.mode == _PLAY:
            self.prompt()

    def pause(self):
        s = self.s
        items = ("resume", "undo", "all worlds", "rules", "restart", "quit")
        choice = s.pause("Paused  (seed %d)" % s.setup.dealt, items)
        s.display.root_group = self.scr.root
        if choice == "restart" or choice == QUIT:
            return choice
        if choice == "undo":
            self.undo()
        elif choice == "all worlds":
            self.overview()
        elif self.mode == _SURVIVE:
            shows.say_fate(self)
        elif self.mode == _PLAY:
            self.prompt()
        return None
