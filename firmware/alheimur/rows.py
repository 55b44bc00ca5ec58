"""Alheimur's rows on the shell's new-game screen (ui/newgame.py adds
"continue", the seed and "start"); loaded only while that screen is up.

    players: 3 (1 human)   left/right: 2 to 8 players
    seat 2 Y: random       left/right: which seat; A: who plays it
    round limit: 40        20, 40, 60 or none

Seats are human or a computer level of ``alheimur.ai.LEVELS`` (read once
here, the AI's module dropped again at once).
"""

from micropython import const

from alheimur.app import HUMAN
from alheimur.engine import ROUND_LIMITS
from alheimur.words import LETTERS

_PLAYERS = const(0)
_SEAT = const(1)
_LIMIT = const(2)
_ORDER = (1, 0, 2, 3)       # ROUND_LIMITS indexes in the order 20, 40, 60, none
ROWS = (
    "left/right: 2 to 8 players",
    "</>: which seat, A: who",
    "</>: 20, 40, 60 or none",
)


def _levels():
    """'human', then the computer levels there are, cheapest first."""
    from alheimur import ai
    from lazy import forget
    out = [HUMAN] + list(ai.ORDER)
    ai = None
    forget("alheimur.ai")
    return out


LEVELS = _levels()


def row_text(st, i):
    if i == _PLAYERS:
        h = 0
        for s in st.seats[:st.nseats]:
            h += s == HUMAN
        return "players: %d (%d human%s)" % (st.nseats, h, "" if h == 1 else "s")
    if i == _SEAT:
        s = st.shown
        return "seat %d %s: %s" % (s + 1, LETTERS[s], st.seats[s])
    v = ROUND_LIMITS[st.limit]
    return "round limit: " + (str(v) if v else "none")


def row_enabled(st, i):
    return True


def change(st, i, d):
    if i == _PLAYERS:
        st.nseats = (st.nseats - 2 + d) % 7 + 2
        if st.shown >= st.nseats:
            st.shown = st.nseats - 1
    elif i == _SEAT:
        st.shown = (st.shown + d) % st.nseats
    else:
        st.limit = _ORDER[(_ORDER.index(st.limit) + d) % 4]


def press(st, i):
    """A on a row: the seat row's seat gets the next level (human, then
    each computer level); other rows change as right does."""
    if i != _SEAT:
        change(st, i, 1)
        return
    s = st.shown
    k = LEVELS.index(st.seats[s]) if st.seats[s] in LEVELS else 0
    st.seats[s] = LEVELS[(k + 1) % len(LEVELS)]
