"""A human's decision on the Alheimur board: the key handlers of the
board's modes (alheimur/app.py says what each does), the cursor's
prompt, choosing among a piece's actions, acting, undo, the pause menu.

Loaded with alheimur/view.py (the cursor), shows.py (survival, the
dice) and acts.py (an action in words) while a human decides; the app
drops them while a computer decides, and the computer's code while a
human does, so the two are never loaded at once (their code comes back
in a few milliseconds of compiling).
"""

import gc

from micropython import const

import boards
from alheimur import acts, app, shows, view
from alheimur.actions import a_ship, a_terr, a_to, a_world
from alheimur.screen import hide
from lazy import forget
from ui import palette
from ui.fx import ILLEGAL, MOVE, PLACE

_PLAY = const(0)             # the board's modes (alheimur/app.py has the same)
_CHOOSE = const(1)
_SURVIVE = const(2)
# consts from alheimur.actions, alheimur.sprites (tools/consts.py; do not edit)
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
_Z_TABS = const(2)
# end consts

# Messages (each fits the message line whole: tests/test_messages.py)
M_FINAL = "the final worlds. A or Start: the scores"
L_CHOICE = "%d/%d  A: do it  B: back"                  # i, n
L_ONE = "A: do it  Select: pass"
L_MANY = "A: %d choices  Sel: pass"                    # n
L_NONE = "Select: pass  Start: menu"
L_ONE_NP = "A: do it  B: undo"
L_MANY_NP = "A: %d choices  B: undo"                   # n
L_NONE_NP = "B: undo  Start: menu"
L_SITE = "A: fight here  </>: others"


# -- the decision point ------------------------------------------------------------------

def prepare(b):
    """Light what the legal actions move, put the cursor on one of
    them, say what can be done."""
    g = b.g
    scr = b.scr
    b.fresh = False
    b.mode = _PLAY
    if g.phase() == _P_SURVIVE:
        if shows.survival(b):
            b.mode = _SURVIVE
        return
    # The engine's own list of its legal actions is read (no copy of
    # 800 bytes): legal(sbuf) leaves it as it is.
    n = g.legal(g.sbuf)
    view.mark_legal(scr, n)
    if g.phase() == _P_SITE:
        scr.put_on(-2 - a_world(g.sbuf[0]))
    else:
        view.to_lit(scr)
    scr.draw_marks()
    scr.draw_cursor()
    b.pixels()
    b.status()
    prompt(b)


def spot_actions(b):
    """The actions of what the cursor is on, into opts: how many."""
    spot = b.scr.spot()
    b.nopt = b.g.legal(b.opts, spot) if spot >= 0 else 0
    return b.nopt


def prompt(b):
    """PLAY: what the cursor is on (or what just happened), and what A,
    B and Select do now."""
    scr = b.scr
    note = b.note
    b.note = ""
    k = spot_actions(b)
    if b.g.phase() == _P_SITE and scr.zone == _Z_TABS:
        hint = L_SITE
    elif b.g.sbuf[0] == _PASS and b.g.phase() != _P_TARGET:
        hint = L_ONE if k == 1 else L_MANY % k if k else L_NONE
    else:
        hint = L_ONE_NP if k == 1 else L_MANY_NP % k if k else L_NONE_NP
    if len(note) > 26:
        scr.say(note, palette.DIM)
    else:
        scr.say2(note or view.info(scr), hint, palette.DIM)


def on_play(b, k):
    scr = b.scr
    if k <= boards.RIGHT:
        view.move(scr, k)
        prompt(b)
    elif k == boards.A:
        if b.s.fault("crash"):
            raise RuntimeError("injected fault (crash)")
        if scr.zone == _Z_TABS:
            if b.g.phase() == _P_SITE:
                act(b, _K_SITE << 11 | scr.loc_of(scr.tab))
            else:
                overview(b)
            return None
        n = spot_actions(b)
        if n == 1:
            act(b, b.opts[0])
        elif n:
            b.mode = _CHOOSE
            b.iopt = 0
            show_choice(b)
        else:
            from alheimur.refuse import sample
            a = sample(b.g, scr)
            sample = None
            forget("alheimur.refuse")
            if a >= 0:
                refuse(b, b.g.why_not(a))
    elif k == boards.B:
        b.undo()
    elif k == boards.SELECT:
        act(b, _PASS)
    elif k == boards.START:
        return b.pause()
    return None


def on_choose(b, k):
    if k == boards.A:
        end_choice(b)
        act(b, b.opts[b.iopt])
    elif k == boards.B or k == boards.SELECT:
        end_choice(b)
        prompt(b)
    elif k <= boards.RIGHT:
        d = 1 if k == boards.RIGHT or k == boards.DOWN else -1
        b.iopt = (b.iopt + d) % b.nopt
        show_choice(b)
        b.fx.sound(MOVE)
    elif k == boards.START:
        end_choice(b)
        return b.pause()
    return None


def on_survive(b, k):
    if k == boards.A:
        if not shows.next_world(b):
            shows.survive(b)
    elif k == boards.B:
        b.undo()
    elif k <= boards.RIGHT:
        view.move(b.scr, k)
        shows.say_fate(b)
    elif k == boards.START:
        return b.pause()
    return None


def on_over(b, k):
    scr = b.scr
    if (k == boards.A and scr.zone == _Z_TABS) or k == boards.SELECT:
        overview(b)
    elif k == boards.A or k == boards.START:
        out = scores(b)
        if out != "board":
            return out
        b.s.display.root_group = scr.root
        scr.say(M_FINAL, palette.TITLE)
    elif k <= boards.RIGHT:
        view.move(scr, k)
        scr.say2(view.info(scr), app.M_OVER, palette.TITLE)
    return None


def show_choice(b):
    """Option iopt: its words; where it goes outlined in cyan."""
    scr = b.scr
    a = b.opts[b.iopt]
    k = a >> 11
    scr.dtile = scr.dship = -1
    _tlit_dest(scr, -1)
    if k == _K_MIGRATE:
        scr.dtile = a_to(a)
    elif k == _K_RETURN or k == _K_UNLOAD or k == _K_LAND or _K_START <= k <= _K_CIVILIZE:
        scr.dtile = a_terr(a)
    elif k == _K_BOARD:
        scr.dship = a_ship(a)
    elif k == _K_MOVE:
        _tlit_dest(scr, scr.tab_of(a_to(a)))
    scr.draw_marks()
    scr.say2(acts.action(b.g, a), L_CHOICE % (b.iopt + 1, b.nopt), palette.TITLE)


def end_choice(b):
    scr = b.scr
    b.mode = _PLAY
    scr.dtile = scr.dship = -1
    _tlit_dest(scr, -1)
    scr.draw_marks()


def _tlit_dest(scr, tab):
    """Outline tab ``tab`` in cyan (-1: none): where the ship would go."""
    hide(scr.tdest, tab < 0)
    scr.tdest.x = max(tab, 0) * _ICON


def act(b, a):
    """A human's action: done, or refused with the engine's reason."""
    g = b.g
    why = g.why_not(a)
    if why:
        refuse(b, why)
        return
    text = acts.action(g, a)
    where = g.subject(a)
    g.apply(a, False)
    b.fx.sound(PLACE)
    b.after(text, where)


def refuse(b, why):
    """Say why not (the engine's words), red, with a buzz."""
    b.drop_why()
    if why:
        b.scr.msg.warn(why)
        b.fx.flash(palette.PX_BAD, 300)
        b.fx.sound(ILLEGAL)


def take_back(b):
    """Undo the last action of this stretch (never past a roll or another
    player's decision): what it did, in words (None: nothing to undo)."""
    g = b.g
    if not g.can_undo():
        return None
    a = g.log[g.nlog - 1]
    g.undo()
    return acts.action(g, a)


def scores(b):
    """The scoring screen: 'new', 'quit' or 'board'."""
    from alheimur import ending
    out = ending.scores(b)
    ending = None
    forget("alheimur.ending")
    return out


def overview(b):
    """All worlds (alheimur/overview.py, loaded for it)."""
    from alheimur.overview import run
    run(b)
    run = None
    forget("alheimur.overview")
    gc.collect()
    b.s.display.root_group = b.scr.root
    if b.mode == _PLAY:
        prompt(b)


def back(b):
    """Back from the pause menu: the decision point's words again."""
    if b.mode == _SURVIVE:
        shows.say_fate(b)
    elif b.mode == _PLAY:
        prompt(b)


# One handler per mode (PLAY, CHOOSE, SURVIVE, OVER): key -> None, or what
# the shell is to do ('restart', 'quit', 'new').
HANDLERS = (on_play, on_choose, on_survive, on_over)
