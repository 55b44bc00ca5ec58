"""A human's decision on the Alheimur board (``HumanTurn``): what the
legal actions move (lit), the cursor and the d-pad, the actions of what
the cursor is on and the choice among them, the action done and said, or
refused with the engine's reason; undo, the pause menu's words, all
worlds, the final worlds once the game is over.

The turn's modes, each with its own keys (the message's last line says
them):

    PLAY     d-pad: the cursor (territories, ships, the tabs); A: the
             actions of what it is on (one: done at once, the line says
             which; more: CHOOSE; none: the engine's reason); B undo;
             Select pass; Start the pause menu; A on the tabs: all worlds
             (in battle: fight there)
    CHOOSE   the actions of one piece or ship: d-pad the next one (where
             it goes is outlined in cyan), A do it, B back
    SURVIVE  the survival check about to happen (alheimur/survival.py): the
             doomed are shown at once with why; A goes on, B undoes, the
             d-pad says why each pyramid lives or dies
    OVER     the game is over: the worlds to look at; A or Start the scores

The cursor is the play screen's (alheimur/screen.py): this turn asks it
to move (``step``), to light what the legal actions move (``light``),
to outline where a choice goes
(``mark``), and what it is on (``spot``, ``terr``);
it never writes the screen's members.

Loaded with alheimur/words.py while a human decides; the app drops both
while a computer decides, and the computer's code while a human does, so
the two are never loaded at once.
"""

import gc
from array import array

from micropython import const

import boards
from alheimur import words
from alheimur.actions import (
    a_ship,
    a_terr,
    a_to,
    a_world,
    act,
    invader,
    kind_of,
    owner,
    pips,
    ship_owner,
    spot,
    spot_ship,
    spot_terr,
    spot_world,
)
from alheimur.turn import doomed
from alheimur.words import line
from lazy import forget
from ui import palette
from ui.fx import ILLEGAL, MOVE, PLACE

_PLAY = const(0)             # the turn's modes
_CHOOSE = const(1)
_SURVIVE = const(2)
_OVER = const(3)
# consts from alheimur.actions, alheimur.layout, alheimur.sprites (tools/consts.py; do not edit)
_K_BOARD = const(10)
_K_CIVILIZE = const(6)
_K_LAND = const(14)
_K_MIGRATE = const(8)
_K_MOVE = const(15)
_K_RETURN = const(11)
_K_SITE = const(16)
_K_START = const(4)
_K_UNLOAD = const(12)
_PASS = const(0)
_P_EXPAND = const(4)
_P_SITE = const(12)
_P_SURVIVE = const(5)
_P_TARGET = const(14)
_SPACE = const(8)
# end consts

# The word A says for an action of each kind (8 characters each, one
# string); here, not in words.py: a computer's move never says it.
_VERBS = ("pass    -       -       -       place   expand  civilizesurvive "
          "migrate launch  board   return  unload  flip    land    move    "
          "fight   fire    fire at ")


def verb(a):
    """The word A says for action a ("expand")."""
    k = kind_of(a)
    return _VERBS[k * 8:k * 8 + 8].rstrip()


# What the message says (each fits its place whole: tests/test_messages.py):
# lines 1-2 what the cursor is on, line 3 the keys.
TEXTS = (
    "%s, %s\n"                                   # 0 who won, which end came
    "%d/%d A: %s  B: back\n"                     # 1 i, n, verb
    "A: %s  Sel: pass\n"                         # 2 verb
    "A: %d choices  Sel: pass\n"                 # 3 n
    "Sel: pass  Start: menu\n"                   # 4
    "A: %s  B: undo\n"                           # 5 verb
    "A: %d choices  B: undo\n"                   # 6 n
    "B: undo  Start: menu\n"                     # 7
    "A: fight here  </>: others\n"               # 8
    "%s: %s, empty\n"                            # 9 terr, element
    "%s: %s, %s's %s colonist\n"                 # 10 terr, element, name, size
    "%s: %s, %s's %s invader\n"                  # 11 terr, element, name, size
    "no ships in %s\n"                           # 12 place
    "left/right: worlds  A: all\n"               # 13
    "space: ships here may move to any orbit\n"   # 14
    "A or Start: the scores\n"                   # 15
    "your pyramid on %s would die: sure?\n"      # 16 terr
    "A: yes, %s  B: no\n"                       # 17 verb
    "last round: %s"                            # 18 why (results.why)
)


class HumanTurn:
    """The app's Board ``b`` hands a human's keys here (``on_key``) and
    has the decision point made ready (``prepare``)."""

    def __init__(self, b):
        self.b = b
        self.g = b.g
        self.scr = b.scr
        self.mode = _PLAY
        self.opts = array("H", bytes(80))   # the actions of what the cursor is on
        self.nopt = 0
        self.iopt = 0                       # CHOOSE: the one shown
        self.check = None                   # SURVIVE: the survival check shown
        self.said = -1                      # the one action the keys' line offers for A
        self.sure = -1                      # an action asked about ("sure?"): A does it
        self.stay = False                   # the player acted: the cursor stays there

    # -- the decision point --------------------------------------------------------

    def begin(self, p):
        """Seat p is to press: the hot seat's hand-over, "since your last
        turn" at its turn's start or after a fast-forward, then the
        decision point made ready. None, or what the shell does next."""
        b = self.b
        g = self.g
        if b.humans > 1 and p != b.last_human:
            from alheimur.hand_over import hand_over
            out = hand_over(b, p, b.root)
            hand_over = None
            forget("alheimur.hand_over")
            b.fresh = True
            if out is not None:
                return out
        b.last_human = p
        new = g.current() == p and b.turns[p] != g.round()
        if new:
            b.turns[p] = g.round()
        if new and g.last_round() == 2:     # why this round is the last
            from alheimur import results
            b.note = line(TEXTS, 18) % results.why(g)
            results = None
            forget("alheimur.results")
        if new or b.fast:
            b.fast = False
            b.fresh = True
            from alheimur.since import since
            out = since(b, p, new)
            since = None
            forget("alheimur.since")
            gc.collect()
            if out is not None:
                return out
        if b.fresh:
            self.prepare()
        return None

    def moved(self, text):
        """An undo: the decision point is made ready again and says it."""
        b = self.b
        b.fresh = True
        self.scr.show(self.scr.view)
        b.note = text

    def prepare(self):
        """Light what the legal actions move, put the cursor on one of
        them, say what can be done (the survival check: show it)."""
        b = self.b
        g = self.g
        scr = self.scr
        b.fresh = False
        self.mode = _PLAY
        b.pixels()
        b.status()
        if g.phase() == _P_SURVIVE:
            from alheimur.survival import SurvivalCheck
            self.check = SurvivalCheck(b)
            if self.check.start():
                self.mode = _SURVIVE
            else:
                self.end_check()
            return
        # The engine's own list of its legal actions is read (no copy of
        # 800 bytes): legal(sbuf) leaves it as it is.
        site = g.phase() == _P_SITE
        # After the player's own action the cursor stays where they left it
        # (to a target only when there is one to choose)
        scr.light(g.legal(g.sbuf), not site and (not self.stay or g.phase() == _P_TARGET))
        self.stay = False
        if site:
            scr.put_on(-2 - a_world(g.sbuf[0]))
        self.prompt()

    def end_check(self):
        """The survival check is over: its code goes."""
        self.check = None
        forget("alheimur.survival")

    def spot_actions(self):
        """The actions of what the cursor is on, into opts: how many."""
        spot = self.scr.spot()
        self.nopt = self.g.legal(self.opts, spot) if spot >= 0 else 0
        return self.nopt

    def prompt(self):
        """PLAY: what just happened (or what the cursor is on), and what
        A, B and Select do now."""
        b = self.b
        g = self.g
        note = b.note
        b.note = ""
        k = self.spot_actions()
        self.said = self.opts[0] if k == 1 else -1
        if g.phase() == _P_SITE and self.scr.spot() <= -2:
            keys = line(TEXTS, 8)
        else:
            i = 2 if g.sbuf[0] == _PASS and g.phase() != _P_TARGET else 5
            keys = line(TEXTS, i) % verb(self.opts[0]) if k == 1 else \
                line(TEXTS, i + 1) % k if k else line(TEXTS, i + 2)
        self.scr.say(note or self.info(), palette.DIM, keys)

    # -- keys ------------------------------------------------------------------------

    def on_key(self, k):
        """A press: None, or what the shell is to do ('restart', 'quit',
        'new'). The dice of a shot go with it (the world comes back)."""
        self.scr.roll()
        m = self.mode
        if m == _PLAY:
            return self.on_play(k)
        if m == _CHOOSE:
            return self.on_choose(k)
        if m == _SURVIVE:
            return self.on_survive(k)
        return self.on_over(k)

    def on_play(self, k):
        b = self.b
        scr = self.scr
        if k <= boards.RIGHT:
            scr.step(k)
            self.prompt()
        elif k == boards.A:
            if b.s.fault("crash"):
                raise RuntimeError("injected fault (crash)")
            s = scr.spot()
            if s <= -2:
                if self.g.phase() == _P_SITE:
                    self.act(act(_K_SITE, -2 - s))
                else:
                    self.all_worlds()
                return None
            n = self.spot_actions()
            if n == 1 and self.opts[0] == self.said:     # the keys' line said it
                self.act(self.opts[0])
            elif n:
                self.mode = _CHOOSE
                self.iopt = 0
                self.show_choice()
            else:
                from alheimur.reasons import at_spot
                why = at_spot(self.g, scr.spot())
                at_spot = None
                self.refuse(why)
        elif k == boards.B:
            b.undo()
        elif k == boards.SELECT:
            self.act(_PASS)
        elif k == boards.START:
            return b.pause()
        return None

    def on_choose(self, k):
        if k == boards.A:
            self.end_choice()
            self.act(self.opts[self.iopt])
        elif k == boards.B or k == boards.SELECT:
            self.end_choice()
            self.sure = -1
            self.prompt()
        elif k <= boards.RIGHT:
            d = 1 if k == boards.RIGHT or k == boards.DOWN else -1
            self.iopt = (self.iopt + d) % self.nopt
            self.show_choice()
            self.b.fx.sound(MOVE)
        elif k == boards.START:
            self.end_choice()
            return self.b.pause()
        return None

    def on_survive(self, k):
        c = self.check              # (mode SURVIVE has its check)
        if c is None:
            return None
        if k == boards.A:
            self.stay = True
            if not c.next_world():
                c.run()
                self.end_check()
        elif k == boards.B:
            self.b.undo()
        elif k <= boards.RIGHT:
            self.scr.step(k)
            c.say_fate()
        elif k == boards.START:
            return self.b.pause()
        return None

    def on_over(self, k):
        scr = self.scr
        if (k == boards.A and scr.spot() <= -2) or k == boards.SELECT:
            self.all_worlds()
        elif k == boards.A or k == boards.START:
            out = self.scores()
            if out != "board":
                return out
            self.b.s.display.root_group = self.b.root
            scr.say(self.over, palette.TITLE, line(TEXTS, 15))
        elif k <= boards.RIGHT:
            scr.step(k)
            scr.say(self.info(), palette.TITLE, line(TEXTS, 15))
        return None

    # -- choosing and acting -----------------------------------------------------------

    def show_choice(self):
        """Option iopt: its words; where it goes outlined in cyan."""
        scr = self.scr
        a = self.opts[self.iopt]
        k = kind_of(a)
        if k == _K_MIGRATE:
            scr.mark(a_to(a))
        elif k == _K_RETURN or k == _K_UNLOAD or k == _K_LAND or _K_START <= k <= _K_CIVILIZE:
            scr.mark(a_terr(a))
        elif k == _K_BOARD:
            scr.mark(-1, a_ship(a))
        elif k == _K_MOVE:
            scr.mark(-1, -1, scr.tab_of(a_to(a)))
        else:
            scr.mark()
        scr.say(words.action(self.g, a), palette.TITLE,
                line(TEXTS, 1) % (self.iopt + 1, self.nopt, verb(a)))

    def end_choice(self):
        self.mode = _PLAY
        self.scr.mark()

    def act(self, a):
        """The human's action: done (and kept for the log), or refused
        with the engine's reason."""
        b = self.b
        g = self.g
        why = g.why_not(a)
        if why:
            self.refuse(why)
            return
        if a != self.sure and a != _PASS and g.phase() >= _P_EXPAND:
            hit = self.kills(a)
            if hit >= 0:
                self.ask(a, hit)
                return
        self.sure = -1
        text = words.action(g, a)
        where = g.subject(a)
        b.events.action(g, g.actor(), a)
        g.apply(a)
        self.stay = True
        b.fx.sound(PLACE)
        b.after(text, where)

    def kills(self, a):
        """The spot of a pyramid of the player's that action a would doom
        at a survival check (the engine's rule, turn.doomed) that it would
        not doom now, or kill at once (-1: none). Tried on a copy of the
        game, the game itself and its undo left alone."""
        from alheimur.engine import Game
        g = self.g
        p = g.actor()
        f = Game(g.nplayers(), g.limit())
        f.load(g.state())
        was = array("H", bytes(18))
        for w in range(f.nworlds()):
            was[w] = doomed(f, w)
        n = f.in_play(p)
        f.apply(a)
        dead = f.in_play(p) < n              # (a check came at once: some died)
        for w in range(f.nworlds()):
            d = doomed(f, w) & ~was[w]
            for t in range(f.nterr[w]):
                v = f.piece(w, t)
                if (d >> t & 1 and owner(v) == p) or (dead and not v and g.piece(w, t)
                                                      and owner(g.piece(w, t)) == p):
                    return spot(w, t)
        return -1

    def ask(self, a, hit):
        """Action a would kill the player's pyramid at spot ``hit``: ask
        first (a choice of that one action: A does it, B does not)."""
        self.sure = a
        if self.mode != _CHOOSE:
            self.opts[0] = a
            self.nopt = 1
            self.iopt = 0
        self.mode = _CHOOSE
        scr = self.scr
        w = spot_world(hit)
        t = spot_terr(hit)
        scr.mark(t if w == scr.view else -1)
        scr.say(line(TEXTS, 16) % words.terr(self.g, w, t), palette.BAD, line(TEXTS, 17) % verb(a))
        self.b.fx.sound(ILLEGAL)

    def refuse(self, why):
        """Say why not (the engine's words), red, with a buzz."""
        b = self.b
        b.drop_reasons()
        self.said = -1
        if why:
            self.scr.say(why, palette.BAD)
            b.fx.flash(palette.PX_BAD, 300)
            b.fx.sound(ILLEGAL)

    def take_back(self):
        """Undo the last action of this stretch (never past a roll or
        another player's decision): what it did, in words (None: nothing
        to undo); it leaves the log."""
        g = self.g
        a = g.actor()
        if a >= 8 or self.b.seats[a] is not None or not g.can_undo():
            return None          # (a computer's move: the pause menu's undo is not for it)
        self.end_check()
        a = g.log[g.nlog - 1]
        g.undo()
        self.b.events.undo(self.g, a)
        self.stay = True
        return words.action(g, a)

    def back(self):
        """Back from the pause menu: the decision point's words again (a
        computer's turn paused: its next move says its own)."""
        a = self.g.actor()
        if a >= 8 or self.b.seats[a] is not None:
            return
        if self.mode == _SURVIVE and self.check is not None:
            self.check.say_fate()
        elif self.mode == _PLAY:
            self.prompt()

    def game_over(self, won, end):
        """The final worlds to look at (mode OVER): who won (alheimur/
        results.py's title, "red wins: 77.5") and which end came."""
        self.mode = _OVER
        self.over = line(TEXTS, 0) % (won, end)
        self.scr.say(self.over, palette.TITLE, line(TEXTS, 15))

    def scores(self):
        """The scoring screen: 'new', 'quit' or 'board'."""
        from alheimur import ending
        out = ending.scores(self.g, self.b.s)
        ending = None
        forget("alheimur.ending")
        return out

    def all_worlds(self):
        """All worlds (alheimur/all_worlds.py, loaded for it); A there
        shows the world picked."""
        from alheimur.all_worlds import AllWorlds
        scr = self.scr
        tab = AllWorlds(self.g).run(self.b.s, scr.tab_of(scr.view))
        AllWorlds = None
        forget("alheimur.all_worlds")
        forget("alheimur.sprites")       # its colours and textures came from there
        gc.collect()
        self.b.s.display.root_group = self.b.root
        if tab >= 0:
            scr.put_on(-2 - scr.loc_of(tab))
        if self.mode == _PLAY:
            self.prompt()

    def info(self):
        """What the cursor is on, in words."""
        g = self.g
        scr = self.scr
        t = scr.terr()
        if t >= 0:
            w = scr.view
            here = words.terr(g, w, t)
            e = words.ELEMENTS[g.telem[w * 16 + t]]
            v = g.piece(w, t)
            if not v:
                return line(TEXTS, 9) % (here, e)
            return line(TEXTS, 11 if invader(v) else 10) % (here, e, words.NAMES[owner(v)],
                                                      words.SIZES[pips(v)])
        s = scr.spot()
        if s >= 128:
            i = spot_ship(s)
            return words.ship(g.sb[i], ship_owner(g.sl[i]), True)
        if s <= -2:
            return line(TEXTS, 13)
        if scr.view == _SPACE:
            return line(TEXTS, 14)
        return line(TEXTS, 12) % words.place(g, scr.view)
