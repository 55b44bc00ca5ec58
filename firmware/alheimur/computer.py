"""A computer seat's decision on the Alheimur board (``ComputerTurn``;
loaded at a computer's decision, dropped when a human decides and when
the game ends).

The shell runs a seat's decision (ui/think.py's ``decide``: the NeoPixels
show the progress, A or B makes it act now with its best so far, a
MemoryError puts the game back and drops that seat to a cheaper level for
the rest of the game). ``choose`` is the one place that calls the AI
(alheimur/ai.py): the level's ``ai.LEVELS[level](game, rng, buf, n,
deadline_us, now_us, progress, should_stop)`` picks from the legal actions.
Each action is said in words (alheimur/words.py), and where loading them
again costs a compile they stay loaded while the seat searches: from .py
that compile came with every computer action (up to 26 in one press,
about 5 s on the board). From .mpy loading them again compiles nothing,
and they make room for the search (``room_for_search``).

Every computer action is drawn: the world or orbit it happens on, the
cursor on what moved, what it did in words, held as the setting says
(app.py's ``linger``: by default only what touches a person is held, a
marine landing on their world here, their battles in shot.py, deaths on
their worlds in survival.py); each is kept for the log. While it thinks
the screen says Select fast-forwards to the next human decision, A or B
makes it move now, and Start pauses once the move is made (none of them
in the half second after the player's last press: ui/think.py).
"""

import sys

from micropython import const

import boards
from alheimur.actions import kind_of, owner, spot, spot_ship, spot_world
from lazy import forget
from ui import palette
from ui.fx import PLACE
from ui.think import ai, decide, now_us

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_FREE = const(255)
_K_LAND = const(14)
_PASS = const(0)
_P_SURVIVE = const(5)
# end consts

# A decision's time on the board. Easy needs 1.5 s: cut at 0.6 s (about 7
# positions judged) it ended a third of its games level with random
# (docs/alheimur.md, "On the board's clock"; arena --board-clock).
_THINK_MS = {"random": 0, "easy": 1500, "hard": 3000}
_OTHER_MS = const(1500)      # a level this table does not know
# A turn's thinking on the board: each decision of a turn gets at most
# half what is left of _TURN_MS (at least _LEAST_MS), so two computers'
# turns keep a round within about 15 s on the board (tools/pace.py).
_TURN_MS = const(5000)
_LEAST_MS = const(150)

# Messages (each fits its place whole: tests/test_messages.py), one string
# a text a line (words.line: one object costs less heap than one each)
TEXTS = (
    "%s: %s\n"                                             # 0 name, what it did
    "%s (%s) is thinking. A/B: move now  Sel: skip to you\n"  # 1 name, level
    "%s thinks\n"                                          # 2 letter (the panel)
    "%s (%s) is thinking (skipping to your turn)"          # 3 name, level
)


def room_for_search():
    """The words go before a search if they came from .mpy (loading them
    again to say the move compiles nothing); compiled from .py they stay
    (loading them again would compile them, for every computer action)."""
    w = sys.modules.get("alheimur.words")
    if w is not None and (getattr(w, "__file__", None) or "").endswith(".mpy"):
        forget("alheimur.words")


class ComputerTurn:
    """The computer seats' decisions on the app's Board ``b``; the seat's
    hooks of ui/think.py's ``decide`` (thinking, choose, keep, restore,
    player)."""

    def __init__(self, b):
        self.b = b
        self.g = b.g
        self.spent = 0               # the turn thinking now (round << 4 | seat) << 16 | its ms so far

    def thinking(self, p, level):
        """What the screen says while seat p thinks at ``level`` (nothing
        for a level that does not think)."""
        b = self.b
        scr = b.scr
        if _THINK_MS.get(level, _OTHER_MS) and scr is not None:
            from alheimur import words
            scr.set_status(scr.turn.text, scr.turn.color, words.line(TEXTS, 2) % words.LETTERS[p],
                           words.COLOURS[p])
            scr.say(words.line(TEXTS, 3 if b.fast else 1) % (words.NAMES[p], level), palette.DIM)

    def keep(self):
        return self.g.state()

    def restore(self, saved):
        """A search cut short may leave trial actions: the game as it was."""
        if self.g.state() != saved:
            self.g.load(saved)

    def player(self, p):
        from alheimur import words
        return words.NAMES[p]

    def choose(self, p, level, think):
        """Seat p's action at ``level`` among the legal ones in the
        engine's list (g.sbuf); the level's time (within the turn's: at most
        half what is left of _TURN_MS), then its best so far. Select
        pressed meanwhile fast-forwards, Start pauses after the move."""
        g = self.g
        b = self.b
        room_for_search()
        n = g.legal(g.sbuf)
        t = g.round() << 4 | p
        if self.spent >> 16 != t:
            self.spent = t << 16
        ms = min(_THINK_MS.get(level, _OTHER_MS),
                 max(_LEAST_MS, (_TURN_MS - (self.spent & 0xFFFF)) // 2))
        # Anytime: the thinking's progress on the NeoPixels, A or B (or the
        # level's time) makes it act with its best so far.
        t0 = now_us()
        a = ai(b).LEVELS[level](g, b.rng, g.sbuf, n, t0 + ms * 1000,
                                now_us, think.progress, think.stop)
        self.spent += (now_us() - t0) // 1000
        b.fast |= think.seen >> boards.SELECT & 1 == 1
        if think.seen >> boards.START & 1:
            b.s.kept = boards.START      # the pause menu once the move is made (app.py)
        return a

    def move(self):
        """The computer seat that decides now takes one action, shown."""
        b = self.b
        g = self.g
        scr = b.scr
        p = g.actor()
        if g.phase() == _P_SURVIVE:
            from alheimur.survival import SurvivalCheck
            SurvivalCheck(b).start(True)
            SurvivalCheck = None
            forget("alheimur.survival")
            return
        scr.unlit()
        scr.roll()                 # a shot's dice go: their room is the search's
        b.note = ""                # what the last seat did is over: this seat's move is said
        # The engine's own list of actions is read (the AI changes no array of g).
        a, note = decide(b, p, self, ai(b).ORDER)
        from alheimur import words

        text = words.line(TEXTS, 0) % (words.NAMES[p], words.action(g, a))
        where = words.look(g, a)
        mine = False
        if kind_of(a) == _K_LAND:     # held (app.linger) on a world with a person's pyramid
            w = spot_world(where)     # (where: the territory's spot)
            for t in range(16):
                v = g.surf[spot(w, t)]
                mine |= v > 0 and b.seats[owner(v)] is None
        b.events.action(g, p, a)
        g.apply(a)
        if a != _PASS:
            b.fx.sound(PLACE)
        b.after(note or text)
        b.pixels()
        if where >= 128 and g.sl[spot_ship(where)] == _FREE:
            where = -1
        if where != -1:
            scr.put_on(where)
        scr.draw_marks()
        b.linger(300 if a == _PASS else min(2400, 300 + 30 * len(text)), False, mine)
