"""Pause -> hint on the Alien City board: medium's build for the player to
move and the claim it would make with it, shown by the cursor and the
selected piece; nothing is played (the build is tried and taken back).
Loaded only for a hint (app.py), then dropped. B cancels; a MemoryError
says so and changes nothing.
"""

from micropython import const

import boards
from aliencity.computer import ComputerTurn
from aliencity.geometry import NONE
from aliencity.moves import kind_of, lot_name, lot_of, piece_name
from ui import palette
from ui.think import Thinking, ai

_HINT_MS = const(1500)

# Messages (each fits the message line with the longest names:
# tests/test_messages.py)
M_HINT_THINKING = "thinking of a hint - B: cancel"
M_HINT_NO_MEMORY = "no hint: not enough memory"
M_HINT_CANCELLED = "hint cancelled"
M_HINT = "hint: a %s on %s"                             # piece, lot
M_HINT_CAP = "hint: a %s on %s, then cap %s"            # piece, lot, lot


def hint(b):
    """Show medium's build for the player to move on ``b`` (the board)."""
    scr = b.scr
    scr.say(M_HINT_THINKING, palette.DIM)
    b.s.refresh()
    think = Thinking(b.fx, b.s.buttons, 1 << boards.B)
    seat = ComputerTurn(b)
    kept = seat.keep()
    try:
        if b.s.fault("oomhint"):
            raise MemoryError("injected fault (oomhint)")
        m = seat.choose(b.g.to_move, "medium", think, _HINT_MS)
        cap = _cap_with(b, m) if not think.hit else NONE
    except MemoryError:
        seat.restore(kept)
        b.drop_computer()
        b.pixels()
        b.prompt()
        scr.msg.warn(M_HINT_NO_MEMORY)
        return
    think.stop()        # a B after the search's last look still cancels
    if b.seats[0] is None and b.seats[1] is None:
        b.drop_computer()   # hot seat: code and buffers back till the next hint
    b.pixels()
    if think.hit:
        # Nothing changed: the search leaves the game as it found it.
        b.prompt()
        scr.say(M_HINT_CANCELLED, palette.DIM)
        return
    kind = kind_of(m)
    lot = lot_of(m)
    scr.kind = kind
    scr.cur = lot
    scr.place_cursor()
    scr.redraw()
    if cap != NONE:
        text = M_HINT_CAP % (piece_name(kind), lot_name(lot), lot_name(cap))
    else:
        text = M_HINT % (piece_name(kind), lot_name(lot))
    b.prompt()
    scr.say(text, palette.GOOD)


def _cap_with(b, m):
    """The claim medium makes with build m (its plan: no search), the
    build tried and taken back."""
    g = b.g
    n = g.nbuilds
    g.apply(m)
    cap = lot_of(ai(b).choose(g, "medium", b.rng)) if g.claiming() else NONE
    while g.nbuilds > n:
        g.undo()
    return cap
