"""Alien City in the shell (ui/session.py): what the shell needs of the game,
and the board's controller, which turns presses into engine moves.

The board is in one of these modes, each with its own key handler:

    PLAY      a human builds: d-pad cursor, A build (where the piece may
              not go: the reason, and the cursor jumps to the nearest lot
              where it may, or to the lot the reason names when it may go
              there; on a structure: its distances), B next piece, Select
              previous piece, Start pause. At the start of a turn (the
              first one too) and after a change of piece the cursor waits
              on the nearest lot where the piece may go.
    CLAIMING  after a build: d-pad picks a claimable tower (its value now
              shows), A caps it, B no claim, Select its distances, Start
              pause (no hint or replay: the build is half made)
    DISTANCE  street distances from the structure under the cursor; A, B
              or Select go back
    OVER      the game is over: A the scores, Start pause, the board to look at

Computer seats and hints live in aliencity/computer.py, loaded at the first
computer move or hint; ``record`` and ``results`` only at the end; the
pause menu's replay in ui/replay.py and aliencity/replay.py, loaded only
while it runs.
"""

import gc

from micropython import const

import boards
from aliencity import save
from aliencity.engine import CLASSIC, OVER, Game
from aliencity.geometry import PLAYER_WORDS
from aliencity.moves import NO_CLAIM, build, claim, lot_name, piece_name
from aliencity.screen import CLAIMING, DISTANCE, PLAY, Screen, player_colour
from lazy import forget
from prng import Rng
from ui import palette, session
from ui.fx import CLAIM, END, ILLEGAL, MOVE, PLACE
from ui.session import NEW, QUIT

TAG = const(0x61)            # "a": the game's store section
TITLE = "Alien City"
RULES_MODULE = "aliencity.rules"
ROWS_MODULE = "aliencity.rows"
REPLAY_MODULE = "aliencity.replay"
OVER_MODE = const(3)

# consts from aliencity.geometry, aliencity.streets (tools/consts.py; do not edit)
_ICON = const(7)
_NONE = const(255)
# end consts

Setup = save.Setup
pack_options = save.pack_options
unpack_options = save.unpack_options
encode = save.encode
decode = save.decode

# Messages (each fits the message line with the longest names:
# tests/test_messages.py)
M_SEED = "seed %d"
M_CONTINUED = "continued at build %d"
M_DICE = "dice P1 %d, P2 %d: %s first"
M_CLAIMED = "%s capped the %s on %s"                    # player, piece, lot
M_NO_CLAIM = "no claim"
M_OVER = "game over! A: the scores"
M_FINAL = "the final city. A: the scores, Start: menu"
# What undo took back (after the shell's "undone: "): one build (with the
# cap it placed), two (the computer's reply and yours), or yours and the n
# builds after it.
M_UNDONE = "%s's %s on %s"                              # player, piece, lot
M_UNDONE_CAP = "%s's %s on %s, cap on %s"               # player, piece, lot, lot
M_UNDONE_TWO = "%s %s %s and %s %s %s"                  # (player, piece, lot) x 2
M_UNDONE_MORE = "%s %s %s and the %d builds after it"   # player, piece, lot, n
M_AHEAD = "%d builds ahead: Start, replay"              # builds
S_OVER = "game over"
S_SEAT = "%s: %s"                                       # player, level


def _deal(st):
    """(tiles, icons, values, first, dice rolls) of the city; the deal's
    code is loaded only for this."""
    from aliencity.deal import deal
    out = deal(st.dealt, st.rules)
    deal = None
    forget("aliencity.deal")
    return out


def _art(game):
    """The sprite sheet, the frames and (classic) the tile values; the code
    that draws them is loaded only for this."""
    from aliencity import sprites
    art = (sprites.make(), sprites.frames(),
           sprites.values() if game.rules == CLASSIC else None)
    sprites = None
    forget("aliencity.sprites")
    return art


def new_game(st):
    st.ahead = b""
    if st.dealt == 0:                 # a loaded game's own city (save2.py)
        tiles, icons, values, first = st.city
    else:
        tiles, icons, values, first, _ = _deal(st)
    return Game(tiles, icons, values, st.rules, st.open_streets,
                st.location_bonus and st.rules == CLASSIC, first)


class Board(session.Board):
    """The controller: the game, its screen, whose seats are computers;
    the shell (ui/session.Board) runs the loop, the pause menu, undo and
    the computer seats through the hooks below."""

    PAUSE_ITEMS = ("hint", "replay")
    AI = "aliencity.ai"

    def __init__(self, s, game):
        super().__init__(s, game)
        self.seats = s.setup.levels()
        self.scr = Screen(_art(game), game, self.seats)
        self.root = self.scr.root
        self.rng = Rng(s.setup.dealt * 7 + 1)
        self.mode = OVER_MODE if game.over() else PLAY
        self.back_to = PLAY          # the mode the distance view returns to

    # -- the shell's hooks ------------------------------------------------------------

    def begin(self):
        scr = self.scr
        self.s.display.root_group = scr.root
        scr.first_kind()
        scr.redraw()
        scr.to_legal()
        self.prompt(self.intro())
        self.pixels()

    def step(self):
        g = self.g
        if g.over() and self.mode == PLAY:
            self.game_over()
        elif self.mode == PLAY and self.seats[g.to_move] is not None:
            self.computer().ComputerTurn(self).move()
            return session.AGAIN
        return None

    def intro(self):
        st = self.s.setup
        g = self.g
        if st.ahead:
            return M_AHEAD % (len(st.ahead) // 3)
        if g.nbuilds:
            return M_CONTINUED % (g.nbuilds + 1)
        rolls = _deal(st)[4] if st.rules == CLASSIC and st.dealt else None
        if rolls:
            dw, db = rolls[-1]
            return M_DICE % (sum(dw), sum(db), PLAYER_WORDS[g.first])
        return M_SEED % st.dealt

    def computer(self):
        """aliencity.computer, loaded at the first computer move or hint."""
        from aliencity import computer
        return computer

    def say(self, text, colour=palette.DIM):
        self.scr.say(text, colour)

    def back(self):
        if self.mode == OVER_MODE:
            self.scr.say(M_FINAL, palette.TITLE)
        elif self.mode == CLAIMING:
            self.scr.claim_prompt()      # back to the tower the cursor is on
        else:
            self.prompt()

    def paused(self, word):
        """The pause menu's own items: a hint (medium's build, not played)
        or the replay (ui/replay.py steps the board through the record)."""
        if word == "replay":
            self.drop_computer()       # room for the replay (a computer seat reloads it)
            forget("aliencity.computer")
            from ui import replay  # the shell's replay, loaded while it runs
            replay.run(self.s, self, REPLAY_MODULE)
        elif not self.g.over():
            from aliencity import hint  # only for a hint
            hint.hint(self)
            hint = None
            forget("aliencity.hint")
        else:
            self.back()
    # -- key handlers, one per mode ---------------------------------------------------

    def on_key(self, k):
        m = self.mode
        if m == PLAY:
            return self.on_play(k)
        if m == CLAIMING:
            return self.on_claim(k)
        if m == DISTANCE:
            return self.on_distance(k)
        return self.on_over(k)

    def on_play(self, k):
        scr = self.scr
        if k <= boards.RIGHT:
            scr.move_cursor(k, self.s.repeat)
            if scr.msg.alert:
                self.prompt()
        elif k == boards.A:
            if self.s.fault("crash"):
                raise RuntimeError("injected fault (crash)")
            if self.g.kind_at(scr.cur) >= 0:
                self.distances()
            else:
                self.build()
        elif k == boards.B or k == boards.SELECT:
            scr.next_kind(1 if k == boards.B else -1)
            scr.update_legal()
            scr.to_legal()
            scr.draw_lots()
            scr.draw_panel()
            self.prompt()
            self.fx.sound(MOVE)
        elif k == boards.START:
            return self.pause()
        return None

    def on_claim(self, k):
        scr = self.scr
        if k == boards.A:
            g = self.g
            p = g.builder()
            g.apply(claim(scr.cur))
            self.fx.flash(palette.PX_CLAIM, 400)
            self.fx.sound(CLAIM)
            self.after_build(M_CLAIMED % (PLAYER_WORDS[p], piece_name(g.kind_at(scr.cur)),
                                          lot_name(scr.cur)))
        elif k == boards.B:
            self.g.apply(NO_CLAIM)
            self.after_build(M_NO_CLAIM)
        elif k == boards.LEFT or k == boards.UP:
            scr.next_claim(-1)
        elif k == boards.RIGHT or k == boards.DOWN:
            scr.next_claim(1)
        elif k == boards.SELECT:
            self.distances()
        elif k == boards.START:
            # The pause menu, as everywhere (Start used to do nothing here,
            # so "Start, down, A" capped a tower). Resume comes back to the
            # claim, undo takes the build back; a hint or the replay would
            # start from a build half made, so they are not offered.
            self.PAUSE_ITEMS = ()
            try:
                return self.pause()
            finally:
                del self.PAUSE_ITEMS     # the class's again
        return None

    def on_distance(self, k):
        scr = self.scr
        if k <= boards.RIGHT:
            scr.move_cursor(k, self.s.repeat)
            scr.show_distance()
        elif k == boards.SELECT or k == boards.B or k == boards.A:
            scr.toggle_distance()
            self.mode = self.back_to
            if self.mode == CLAIMING:
                if not scr.claims[scr.cur]:
                    scr.next_claim(1)
                else:
                    scr.claim_prompt()
                return None
            scr.update_legal()
            scr.draw_lots()
            if self.mode == OVER_MODE:
                scr.say(M_OVER, palette.TITLE)
            else:
                self.prompt()
        return None

    def on_over(self, k):
        """The game is over: the board stays to look at until A or Start."""
        scr = self.scr
        if k == boards.SELECT:
            self.distances()
        elif k == boards.START:
            return self.pause()
        elif k == boards.A:
            out = self.scores()
            if out != "board":
                return out
            self.s.display.root_group = scr.root
            scr.say(M_FINAL, palette.TITLE)
        elif k <= boards.RIGHT:
            scr.move_cursor(k, self.s.repeat)
        return None

    def distances(self):
        """Into the distance view; it comes back to the mode it left."""
        self.back_to = self.mode
        self.mode = DISTANCE
        self.scr.toggle_distance()

    # -- moves ------------------------------------------------------------------------

    def build(self):
        """A on an empty lot in PLAY: build the selected piece there, or say
        why not and put the cursor on the nearest lot where it may go."""
        g = self.g
        scr = self.scr
        m = build(scr.kind, scr.cur)
        why = g.why_not(m)
        if why:
            v = scr.nearest_legal()
            w = g.streets.why[scr.cur]
            if g.streets.verdict[scr.cur] == _ICON and scr.legal[w]:
                v = w           # "the ring lot goes last; C6 is still free": to C6
            if v >= 0:
                scr.cur = v
                scr.place_cursor()
            scr.msg.warn(why)
            self.fx.flash(palette.PX_BAD, 300)
            self.fx.sound(ILLEGAL)
            return
        p = g.to_move
        g.apply(m)
        self.fx.sound(PLACE)
        if scr.open_claims(p):
            self.mode = CLAIMING
        else:
            self.after_build("")

    def after_build(self, text):
        """A build is complete (claimed or not): ``moved`` (the shell marks
        the save)."""
        self.s.setup.ahead = b""      # a new build: the replay's builds ahead are gone
        self.moved(text)

    def moved(self, text):
        """The position changed: redraw, pixels, prompt the next player."""
        scr = self.scr
        scr.close_claims()
        self.mode = PLAY
        scr.mode = PLAY
        scr.first_kind()
        scr.redraw()
        scr.to_legal()
        self.pixels()
        self.prompt(text)

    def take_back(self):
        """The last build and every computer build after the last human one
        (so a human is to move again): what was undone, in words, every
        build named (the n builds after yours counted when more than one)."""
        g = self.g
        if g.nbuilds == 0:
            return None
        self.s.setup.ahead = b""      # the replay's builds ahead are gone
        n = 0
        last = None                   # the latest build's words
        while True:
            p, kind, lot, cap = g.build_at(g.nbuilds - 1)
            k = g.nbuilds
            while g.nbuilds == k:
                g.undo()               # its claim (or none), then the build
            words = (PLAYER_WORDS[p], piece_name(kind), lot_name(lot))
            if last is None:
                last = words
            n += 1
            if not g.nbuilds or self.seats[g.to_move] is None:
                break
        if n > 2:
            return M_UNDONE_MORE % (words + (n - 1,))
        if n == 2:
            return M_UNDONE_TWO % (last + words)
        if cap != _NONE:
            return M_UNDONE_CAP % (words + (lot_name(cap),))
        return M_UNDONE % words

    def game_over(self):
        self.mode = OVER_MODE
        self.drop_computer()
        forget("aliencity.computer")
        self.s.store.keep_record(self.record_text())
        self.s.ended()          # the record and the cleared save: one write
        self.winner_pixels()
        self.fx.sound(END)
        self.scr.show_state(S_OVER, palette.TITLE)
        self.scr.say(M_OVER, palette.TITLE)
        self.scr.redraw()
        self.s.refresh()

    def record_text(self):
        from aliencity import record  # only at the end of a game
        text = record.write(self.g)
        record = None
        forget("aliencity.record")
        gc.collect()
        return text

    # -- prompts and lights ----------------------------------------------------------

    def prompt(self, extra=""):
        g = self.g
        scr = self.scr
        p = g.to_move
        if p == OVER:
            return
        if self.seats[p] is None:
            scr.human_prompt()
            if extra:
                scr.say(extra, palette.DIM)
        else:
            scr.show_state(S_SEAT % (PLAYER_WORDS[p], self.seats[p]), player_colour(p))
            scr.say(extra, palette.DIM)

    def pixels(self):
        p = self.g.to_move
        if p == OVER:
            self.winner_pixels()
        else:
            self.fx.steady(palette.PX_P1 if p == 0 else palette.PX_P2)

    def winner_pixels(self):
        """The winner's colour (the draw colour on a draw)."""
        from aliencity import scoring
        win = scoring.score(self.g).winner()
        self.winners((palette.PX_P1 if win == 0 else palette.PX_P2 if win == 1
                      else palette.PX_DRAW,))

    # -- scores -----------------------------------------------------------------------

    def scores(self):
        """The scoring screen: 'new', 'quit' or 'board'."""
        from aliencity import results, scoring
        sc = scoring.score(self.g)
        rows, cols = results.lines(self.g, sc)
        win = sc.winner()
        title = results.title(sc)
        sc = results = scoring = None
        forget("aliencity.results")
        self.winner_pixels()
        out = self.s.scores(title, rows, cols, player_colour(win) if win >= 0
                            else palette.TITLE)
        return NEW if out == NEW else QUIT if out == QUIT else "board"
