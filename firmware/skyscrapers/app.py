"""Skyscrapers in the shell (ui/session.py): what the shell needs of the
game, and the board's controller, which turns presses into plays.

    PLAY    d-pad cursor (from a piece next to the hole, a press toward
            the hole slides it in; when it may not slide, the cursor
            stays and the message says the slide was refused and why),
            A the plays
            of the piece under it, B undo, Start pause (undo, finish,
            rules, restart, quit; finish asks "sure?")
    CHOOSE  the plays menu: d-pad the next play, A make it, B back

Finished (from the pause menu, or A when no play is left): the scoring
screen, then the board as it ended ("final" on the panel): the d-pad
looks around, A shows the scores again, a play or an undo is refused and
says so. The score is kept as the seed's best and the save is forgotten,
so a finished game stays finished.

The game is saved as the shell decides (ui/saving.py) after every play
and undo; finishing is one write of the best and the cleared save. Best
scores are kept per
seed and options in the save store (``store.best`` / ``set_best``, key
``best_key``).
"""

import gc

from micropython import const

import boards
from lazy import forget
from skyscrapers import save
from skyscrapers.deal import new_game as _deal
from skyscrapers.engine import R_THREE_SLIDES as _THREE
from skyscrapers.engine import SLIDE, VAR1
from skyscrapers.plays import play_from, play_of, play_to
from skyscrapers.scoring import bound
from skyscrapers.screen import CHOOSE, Screen
from ui import palette, session
from ui.fx import END, ILLEGAL, MOVE, PLACE

TAG = const(0x73)            # "s": the game's store section
TITLE = "Skyscrapers"
RULES_MODULE = "skyscrapers.rules"

# Messages (each fits the message line with the longest names:
# tests/test_messages.py)
M_SEED = "seed %d. A: plays of the piece under the cursor"
M_CONTINUED = "continued after play %d"
M_NO_PLAY = "%s; no play left. A: score"   # what the play did
M_FINISHED = "finished: %d points. A: the scores, Start: menu"   # total
M_NO_MORE = "the game is finished: no more plays or undo"
# A d-pad slide refused: that it was, then why (the engine's reason; the
# three slides' own words say it the short way, to fit).
M_NO_SLIDE = "no slide: %s"                 # the engine's reason
M_NO_4TH = "no 4th slide in a row: stack, move a coin/pawn"
ROWS_MODULE = "skyscrapers.rows"

Setup = save.Setup
pack_options = save.pack_options
unpack_options = save.unpack_options
encode = save.encode
decode = save.decode


def best_key(seed, options):
    """The store key of the best score for ``seed`` and ``options``:
    'sky<seed>/<options>', and 'sky<seed>/<options>d2' (deal 2) with
    variant 1, whose deal changed (issue 21): a best of the old deal is
    never read for the new one."""
    if options & VAR1:
        return "sky%d/%dd2" % (seed, options)
    return "sky%d/%d" % (seed, options)


def new_game(st):
    return _deal(st.dealt, st.options)


class Board(session.Board):
    """The controller: the game and its screen; the shell (ui/session.Board)
    runs the loop, the pause menu and undo through the hooks below."""

    PAUSE_ITEMS = ("finish",)
    done = False                 # finished: the board only looks

    def __init__(self, s, game):
        super().__init__(s, game)
        self.key = best_key(s.setup.dealt, s.setup.options)
        from skyscrapers import sprites  # only to draw the sheet
        sheet = sprites.make()
        signs = sprites.signs()
        sprites = None
        forget("skyscrapers.sprites")
        self.scr = Screen(sheet, game, s.store.best(self.key), signs)
        self.scr.target = bound(game)
        self.root = self.scr.root

    # -- the shell's hooks ------------------------------------------------------------

    def begin(self):
        scr = self.scr
        self.s.display.root_group = scr.root
        scr.redraw()
        if self.g.nplays:
            scr.say(M_CONTINUED % self.g.nplays, palette.DIM)
        else:
            scr.say(M_SEED % self.s.setup.dealt, palette.DIM)
        self.fx.steady(palette.PX_P1)

    def say(self, text, colour=palette.DIM):
        self.scr.say(text, colour)

    def paused(self, word):
        return self.finish()

    def take_back(self):
        """The last play, in words (None: none made, or finished)."""
        g = self.g
        if not g.nplays or self.done:
            return None
        m = g.play_at(g.nplays - 1)
        g.undo()
        return self.scr.done_words(m, g.pawn[play_from(m)] - 1)

    def moved(self, text):
        self.scr.redraw()
        self.say(text)

    # -- keys -------------------------------------------------------------------------

    def on_key(self, k):
        if self.scr.mode == CHOOSE:
            self.on_choose(k)
            return None
        return self.on_play(k)

    def on_choose(self, k):
        scr = self.scr
        if k == boards.A:
            scr.close_plays(to_home=False)
            self.play(scr.chosen())
        elif k == boards.B:
            scr.close_plays()
            scr.say("", palette.DIM)
        elif k <= boards.RIGHT:
            scr.next_pick(1 if k in (boards.RIGHT, boards.DOWN) else -1)
            self.fx.sound(MOVE)

    def on_play(self, k):
        scr = self.scr
        if k <= boards.RIGHT:
            c, _wrapped = scr.neighbour(k)
            if c == self.g.hole and not self.s.repeat and not self.done:
                why = self.slide_in()
                if why:
                    # Refused: said so, and the cursor stays on the piece
                    # (it went on onto the hole, as if something had moved).
                    scr.msg.warn(M_NO_4TH if why == _THREE else M_NO_SLIDE % why)
                    self.fx.sound(ILLEGAL)
                    self.fx.flash(palette.PX_BAD)
                return None
            scr.move_cursor(k, self.s.repeat)
            if scr.msg.alert:
                scr.say("", palette.DIM)
        elif k == boards.A:
            if self.g.over() or self.done:
                return self.finish()
            if not scr.open_plays():
                self.fx.sound(ILLEGAL)
                self.fx.flash(palette.PX_BAD)
        elif k == boards.B:
            self.undo()
        elif k == boards.START:
            return self.pause()
        return None

    def slide_in(self):
        """A d-pad press from a piece next to the hole toward it: the slide,
        with the cursor following the piece (None); or why that piece may
        not slide (nothing moves)."""
        g = self.g
        m = play_of(SLIDE, self.scr.cur, g.hole)
        why = g.why_not(m)
        if why:
            return why
        self.play(m)
        self.scr.cur = play_to(m)
        self.scr.place_cursor()
        self.scr.draw_panel()
        return None

    def play(self, m):
        """Make play m (legal), then redraw and say what it did (the shell
        marks the save)."""
        g = self.g
        scr = self.scr
        text = scr.done_words(m, g.pawn[play_from(m)] - 1)
        g.apply(m)
        self.fx.sound(PLACE)
        scr.redraw()
        if g.over():
            self.fx.sound(END)
            self.fx.steady(palette.PX_WIN)
            scr.say(M_NO_PLAY % text, palette.TITLE)
        else:
            scr.say(text, palette.DIM)

    def finish(self):
        """The scoring screen; keeps the best score. Returns 'new', 'quit'
        or None (back to the finished board)."""
        from skyscrapers import results
        s = self.s
        rows = results.lines(self.g)
        results = None
        forget("skyscrapers.results")
        total = self.scr.total
        best = s.store.best(self.key)
        if best is None or total > best:
            try:
                s.store.set_best(self.key, total)
                rows.append("a new best for this seed!")
            except ValueError:
                rows.append("(best scores full)")
            self.scr.best = total
        else:
            rows.append("best for this seed: %d" % best)
        s.ended()              # finished: nothing to continue; one write with the best
        gc.collect()
        self.fx.steady(palette.PX_WIN)
        out = s.scores("Score %d of %d" % (total, self.scr.target), tuple(rows))
        if out == "board":
            self.done = True
            self.PAUSE_ITEMS = ()      # nothing left to finish
            s.display.root_group = self.scr.root
            self.scr.final = True
            self.scr.draw_panel()
            self.back()
            return None
        return out

    def back(self):
        if self.done:
            self.say(M_FINISHED % self.scr.total, palette.TITLE)

    def undo(self):
        if self.done:
            self.scr.msg.warn(M_NO_MORE)
            self.fx.sound(ILLEGAL)
            return
        super().undo()
