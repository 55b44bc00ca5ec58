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

The cursor is on a territory of the world shown (a d-pad press goes to
the next territory that way, a whole territory at a time; left stops at
the world's edge, right leads into the orbit), on a ship of the orbit
shown (up/down between rows, left/right along one), or on the tabs (up
from the world's top row; left/right there show the other worlds and
space). The play screen (alheimur/screen.py) keeps and draws it; this turn
moves it.

Loaded with alheimur/words.py while a human decides; the app drops both
while a computer decides, and the computer's code while a human does, so
the two are never loaded at once.
"""

# The survival check (``check``) is there in mode SURVIVE, the only mode
# that uses it: the checker cannot follow that, so it is told not to ask.
# pyright: reportOptionalMemberAccess=false

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
    ship_place,
    spot_ship,
    spot_terr,
    spot_world,
)
from alheimur.screen import hide
from alheimur.words import line
from lazy import forget
from ui import palette
from ui.fx import ILLEGAL, MOVE, PLACE

_PLAY = const(0)             # the turn's modes
_CHOOSE = const(1)
_SURVIVE = const(2)
_OVER = const(3)
# consts from alheimur.actions, alheimur.layout, alheimur.sprites (tools/consts.py; do not edit)
_ICON = const(12)
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
_P_SITE = const(12)
_P_SURVIVE = const(5)
_P_TARGET = const(14)
_SPACE = const(8)
_Z_PANEL = const(1)
_Z_TABS = const(2)
_Z_WORLD = const(0)
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
    "game over! A or Start: the scores\n"        # 0
    "the final worlds\n"                         # 1
    "%d/%d A: %s  B: back\n"                     # 2 i, n, verb
    "A: %s  Sel: pass\n"                         # 3 verb
    "A: %d choices  Sel: pass\n"                 # 4 n
    "Sel: pass  Start: menu\n"                   # 5
    "A: %s  B: undo\n"                           # 6 verb
    "A: %d choices  B: undo\n"                   # 7 n
    "B: undo  Start: menu\n"                     # 8
    "A: fight here  </>: others\n"               # 9
    "%s: %s, empty\n"                            # 10 terr, element
    "%s: %s, %s's %s colonist\n"                 # 11 terr, element, name, size
    "%s: %s, %s's %s invader\n"                  # 12 terr, element, name, size
    "no ships in %s\n"                           # 13 place
    "left/right: worlds  A: all\n"               # 14
    "space: ships here may move to any orbit\n"   # 15
    "A or Start: the scores"                   # 16
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

    # -- the decision point --------------------------------------------------------

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
        n = g.legal(g.sbuf)
        self.mark_legal(n)
        if g.phase() == _P_SITE:
            scr.put_on(-2 - a_world(g.sbuf[0]))
        else:
            self.to_lit()
        scr.draw_marks()
        scr.draw_cursor()
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
        if g.phase() == _P_SITE and self.scr.zone == _Z_TABS:
            keys = line(TEXTS, 9)
        else:
            i = 3 if g.sbuf[0] == _PASS and g.phase() != _P_TARGET else 6
            keys = line(TEXTS, i) % verb(self.opts[0]) if k == 1 else \
                line(TEXTS, i + 1) % k if k else line(TEXTS, i + 2)
        self.scr.say2(note or self.info(), keys, palette.DIM)

    # -- keys ------------------------------------------------------------------------

    def on_key(self, k):
        """A press: None, or what the shell is to do ('restart', 'quit',
        'new'). The dice of a shot go with it (the world comes back)."""
        if self.scr.rolling:
            self.scr.roll(False)
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
            self.move(k)
            self.prompt()
        elif k == boards.A:
            if b.s.fault("crash"):
                raise RuntimeError("injected fault (crash)")
            if scr.zone == _Z_TABS:
                if self.g.phase() == _P_SITE:
                    self.act(act(_K_SITE, scr.loc_of(scr.tab)))
                else:
                    self.all_worlds()
                return None
            n = self.spot_actions()
            if n == 1:
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
        if k == boards.A:
            if not self.check.next_world():
                self.check.run()
                self.end_check()
        elif k == boards.B:
            self.b.undo()
        elif k <= boards.RIGHT:
            self.move(k)
            self.check.say_fate()
        elif k == boards.START:
            return self.b.pause()
        return None

    def on_over(self, k):
        scr = self.scr
        if (k == boards.A and scr.zone == _Z_TABS) or k == boards.SELECT:
            self.all_worlds()
        elif k == boards.A or k == boards.START:
            out = self.scores()
            if out != "board":
                return out
            self.b.s.display.root_group = scr.root
            scr.say2(line(TEXTS, 1), line(TEXTS, 16), palette.TITLE)
        elif k <= boards.RIGHT:
            self.move(k)
            scr.say2(self.info(), line(TEXTS, 16), palette.TITLE)
        return None

    # -- choosing and acting -----------------------------------------------------------

    def show_choice(self):
        """Option iopt: its words; where it goes outlined in cyan."""
        scr = self.scr
        a = self.opts[self.iopt]
        k = kind_of(a)
        scr.dtile = scr.dship = -1
        self._dest_tab(-1)
        if k == _K_MIGRATE:
            scr.dtile = a_to(a)
        elif k == _K_RETURN or k == _K_UNLOAD or k == _K_LAND or _K_START <= k <= _K_CIVILIZE:
            scr.dtile = a_terr(a)
        elif k == _K_BOARD:
            scr.dship = a_ship(a)
        elif k == _K_MOVE:
            self._dest_tab(scr.tab_of(a_to(a)))
        scr.draw_marks()
        scr.say2(words.action(self.g, a), line(TEXTS, 2) % (self.iopt + 1, self.nopt, verb(a)),
                 palette.TITLE)

    def end_choice(self):
        scr = self.scr
        self.mode = _PLAY
        scr.dtile = scr.dship = -1
        self._dest_tab(-1)
        scr.draw_marks()

    def _dest_tab(self, tab):
        """Outline tab ``tab`` in cyan (-1: none): where the ship would go."""
        scr = self.scr
        hide(scr.tdest, tab < 0)
        scr.tdest.x = max(tab, 0) * _ICON

    def act(self, a):
        """The human's action: done (and kept for the log), or refused
        with the engine's reason."""
        b = self.b
        g = self.g
        why = g.why_not(a)
        if why:
            self.refuse(why)
            return
        text = words.action(g, a)
        where = g.subject(a)
        p = g.actor()
        if a != _PASS:
            i = a_ship(a)
            b.log(16 | p, a, g.sb[i] if i >= 0 else 0, g.sl[i] if i >= 0 else 0)
        g.apply(a)
        b.fx.sound(PLACE)
        b.after(text, where)

    def refuse(self, why):
        """Say why not (the engine's words), red, with a buzz."""
        b = self.b
        b.drop_reasons()
        if why:
            self.scr.msg.warn(why)
            b.fx.flash(palette.PX_BAD, 300)
            b.fx.sound(ILLEGAL)

    def take_back(self):
        """Undo the last action of this stretch (never past a roll or
        another player's decision): what it did, in words (None: nothing
        to undo); it leaves the log."""
        g = self.g
        if not g.can_undo():
            return None
        self.end_check()
        a = g.log[g.nlog - 1]
        g.undo()
        if a != _PASS and self.b.nev:
            self.b.nev -= 1
        return words.action(g, a)

    def back(self):
        """Back from the pause menu: the decision point's words again."""
        if self.mode == _SURVIVE:
            self.check.say_fate()
        elif self.mode == _PLAY:
            self.prompt()

    def game_over(self):
        """The final worlds to look at (mode OVER)."""
        self.mode = _OVER
        self.scr.say(line(TEXTS, 0), palette.TITLE)

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
        self.b.s.display.root_group = scr.root
        if tab >= 0:
            scr.show(scr.loc_of(tab))
            scr.point(_Z_TABS, tab)
        if self.mode == _PLAY:
            self.prompt()

    # -- what is lit, where the cursor goes --------------------------------------------

    def mark_legal(self, n):
        """Light what the decision point's n legal actions move (n from
        the game's ``legal``, just called)."""
        scr = self.scr
        scr.unlit()
        g = self.g
        buf = g.sbuf     # the engine's list of them (read only), as legal() left it
        for j in range(n):
            a = buf[j]
            s = g.subject(a)
            if s >= 128:
                i = g.rep(spot_ship(s))
                scr.ls[i] = 1
                scr.ltab |= 1 << scr.tab_of(ship_place(g.sl[i]))
            elif s >= 0:
                w = spot_world(s)
                scr.lw[w] |= 1 << spot_terr(s)
                scr.ltab |= 1 << w
            elif kind_of(a) == _K_SITE:
                scr.ltab |= 1 << a_world(a)

    def lit_here(self):
        """Is what the cursor is on lit?"""
        scr = self.scr
        t = scr.terr()
        if t >= 0:
            return scr.lw[scr.view] >> t & 1
        i = scr.ship()
        return i >= 0 and scr.ls[self.g.rep(i)]

    def to_lit(self):
        """Put the cursor on something lit: here if it is, else the first
        lit thing of the world shown, else of the first world (or space)
        where there is one. False if nothing is lit."""
        scr = self.scr
        if scr.zone == _Z_TABS and scr.ltab >> scr.tab & 1:
            return True
        if scr.zone != _Z_TABS and self.lit_here():
            return True
        for j in range(scr.ntabs):
            tab = (scr.tab_of(scr.view) + j) % scr.ntabs
            if scr.ltab >> tab & 1:
                loc = scr.loc_of(tab)
                if loc != scr.view:
                    scr.show(loc)
                if self._first_lit():
                    return True
        return False

    def _first_lit(self):
        """The cursor on the lit territory nearest to it on the world
        shown, else on the first lit ship there."""
        g = self.g
        scr = self.scr
        w = scr.view
        if w != _SPACE and scr.lw[w]:
            best = -1
            pick = 0
            for tile in range(16):
                k = g.lab[w * 16 + tile]
                if scr.lw[w] >> k & 1:
                    d = abs((tile >> 2) - (scr.tile >> 2)) + abs((tile & 3) - (scr.tile & 3))
                    if best < 0 or d < best:
                        best = d
                        pick = tile
            scr.point(_Z_WORLD, pick)
            return True
        for r in range(scr.nrows):
            for c in range(4):
                i = scr.cells[r * 4 + c]
                if i != 255 and scr.ls[g.rep(i)]:
                    scr.point(_Z_PANEL, r, c + 1)
                    return True
        return False

    def move(self, key):
        """One d-pad step: across territories (a whole territory at a
        time), into the orbit at the world's right edge and back, up into
        the tabs; on the tabs left/right show another world."""
        scr = self.scr
        z = scr.zone
        if z == _Z_TABS:
            if key == boards.LEFT or key == boards.RIGHT:
                tab = (scr.tab + (1 if key == boards.RIGHT else -1)) % scr.ntabs
                scr.show(scr.loc_of(tab))
                scr.point(_Z_TABS, tab)
            elif scr.view == _SPACE or (key == boards.UP and scr.nrows):
                scr.point(_Z_PANEL, max(0, scr.nrows - 1) if key == boards.UP else 0)
            else:
                col = scr.tile & 3
                scr.point(_Z_WORLD, col if key == boards.DOWN else 12 + col)
        elif z == _Z_WORLD:
            self._world_step(key)
        else:
            self._panel_step(key)

    def _world_step(self, key):
        g = self.g
        scr = self.scr
        b = scr.view * 16
        k = g.lab[b + scr.tile]
        r = scr.tile >> 2
        c = scr.tile & 3
        dr = -1 if key == boards.UP else 1 if key == boards.DOWN else 0
        dc = -1 if key == boards.LEFT else 1 if key == boards.RIGHT else 0
        while True:
            r += dr
            c += dc
            if not (0 <= r < 4 and 0 <= c < 4):
                break
            if g.lab[b + r * 4 + c] != k:
                scr.point(_Z_WORLD, r * 4 + c)
                return
        if dr:
            scr.point(_Z_TABS, scr.tab_of(scr.view))
        elif dc > 0 and scr.nrows:
            # into the orbit beside the world, at the row beside the cursor
            row = min(scr.ptop + max(0, (20 * (scr.tile >> 2) - 4) // 16), scr.nrows - 1)
            scr.point(_Z_PANEL, row, 1)

    def _last(self, r):
        """The last ship column (1-4) of orbit row r."""
        cells = self.scr.cells
        c = 4
        while c > 1 and cells[r * 4 + c - 1] == 255:
            c -= 1
        return c

    def _panel_step(self, key):
        scr = self.scr
        if key == boards.UP or key == boards.DOWN:
            r = scr.prow + (1 if key == boards.DOWN else -1)
            if r < 0 or r >= scr.nrows:
                scr.point(_Z_TABS, scr.tab_of(scr.view))
            else:
                scr.point(_Z_PANEL, r, min(scr.pcol, self._last(r)))
            return
        right = key == boards.RIGHT
        c = scr.pcol + (1 if right else -1)
        if 1 <= c <= self._last(scr.prow):
            scr.point(_Z_PANEL, scr.prow, c)
        elif not right and scr.view != _SPACE:
            # back onto the world, at the row beside the cursor
            row = min(3, (22 + 16 * (scr.prow - scr.ptop)) // 20)
            scr.point(_Z_WORLD, row * 4 + 3)

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
                return line(TEXTS, 10) % (here, e)
            return line(TEXTS, 12 if invader(v) else 11) % (here, e, words.NAMES[owner(v)],
                                                      words.SIZES[pips(v)])
        i = scr.ship()
        if i >= 0:
            return words.ship(g.sb[i], ship_owner(g.sl[i]), True)
        if scr.zone == _Z_TABS:
            return line(TEXTS, 14)
        if scr.view == _SPACE:
            return line(TEXTS, 15)
        return line(TEXTS, 13) % words.place(g, scr.view)
