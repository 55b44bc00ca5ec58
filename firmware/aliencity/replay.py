"""Alien City's replay: the builds of the game stepped through on its board
(the keys are the shell's, ui/replay.py; this module is loaded with it, as
the app's REPLAY_MODULE).

Stepping back takes builds off the board into ``Setup.ahead`` (3 bytes a
build: kind, lot, cap or NONE; the next one first); stepping forward plays
them again. They stay ahead when the replay ends (the save keeps them,
aliencity/save2.py), until a new build or an undo drops them (app.py).
"""

from aliencity.geometry import NLOTS, NONE, PLAYER_WORDS
from aliencity.moves import lot_name, piece_name
from ui import palette

# Messages (tests/test_messages.py)
M_START = "the start: right steps on, down goes to the end"
M_STEP = "%s built a %s on %s"                           # player, piece, lot
M_STEP_CAP = "%s built a %s on %s and capped %s"         # player, piece, lot, lot
S_REPLAY = "replay %d/%d"                                # builds shown, in all


def step(b, d):
    """One build forward (d 1) or back (d -1); False at that end."""
    g = b.g
    st = b.s.setup
    if d > 0:
        a = st.ahead
        if not a:
            return False
        g.again(a[0], a[1], a[2])   # legal: the save was checked whole (save2.py)
        st.ahead = a[3:]
    else:
        n = g.nbuilds
        if not n:
            return False
        _p, kind, lot, cap = g.build_at(n - 1)
        while g.nbuilds == n:
            g.undo()                # its claim (or none), then the build
        st.ahead = bytes((kind, lot, cap)) + st.ahead
    return True


def show(b):
    """The board at the build shown, no lot lit; which build and what it
    was on the panel and the message line."""
    g = b.g
    scr = b.scr
    n = g.nbuilds
    leg = scr.legal
    for v in range(NLOTS):
        leg[v] = 0
    scr.draw_lots()
    scr.draw_panel()
    scr.selector.hidden = True
    if n:
        p, kind, lot, cap = g.build_at(n - 1)
        scr.cur = lot
        scr.place_cursor()
        if cap != NONE:
            text = M_STEP_CAP % (PLAYER_WORDS[p], piece_name(kind), lot_name(lot), lot_name(cap))
        else:
            text = M_STEP % (PLAYER_WORDS[p], piece_name(kind), lot_name(lot))
    else:
        text = M_START
    scr.show_state(S_REPLAY % (n, n + len(b.s.setup.ahead) // 3), palette.TITLE)
    scr.say(text, palette.DIM)
    b.pixels()


def finish(b):
    """Back to the game at the build shown (the shell saves it, with the
    builds ahead, when it moved): the next player's turn, or the final
    city."""
    from aliencity import app  # loaded: it is the game running
    g = b.g
    scr = b.scr
    if g.over():
        b.s.ended()          # the final city again: nothing to continue
    scr.first_kind()
    scr.redraw()
    b.pixels()
    if g.over():
        b.mode = app.OVER_MODE
        scr.show_state(app.S_OVER, palette.TITLE)
        scr.say(app.M_FINAL, palette.TITLE)
    else:
        b.mode = app.PLAY
        scr.to_legal()
        b.prompt()
