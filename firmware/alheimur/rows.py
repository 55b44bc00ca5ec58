"""Alheimur's rows on the shell's new-game screen (ui/newgame.py adds
"continue", the seed and "start"); loaded only while that screen is up.

    players: 3 (1 human)   left/right: 2 to 8 players
    seat 1 R: human        left/right: who plays R (one row a seat)
    seat 2 Y: hard
    seat 3 G: easy
    round limit: 40        20, 40, 60 or none

Each seat has a row of its own, changed with left/right as Alien City's
P1 and P2 are (not a seat chosen with left/right and its player with A):
a row's value changes the same way in every game. Seats are human or a
computer level of ``alheimur.ai.LEVELS`` (read once here, the AI's module
dropped again at once).
"""

from micropython import const

from alheimur.app import HUMAN
from alheimur.engine import ROUND_LIMITS
from alheimur.words import LETTERS

_PLAYERS = const(0)
_ORDER = (1, 0, 2, 3)       # ROUND_LIMITS indexes in the order 20, 40, 60, none
ROWS = (
    "left/right: 2 to 8 players",
    "left/right: who plays %s",     # a seat's row: its letter
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


def rows(st):
    """The help line of each row there is now: players, a row for each
    seat in play, the round limit."""
    return ((ROWS[0],) + tuple(ROWS[1] % LETTERS[i] for i in range(st.nseats))
            + (ROWS[2],))


def row_text(st, i):
    if i == _PLAYERS:
        h = 0
        for s in st.seats[:st.nseats]:
            h += s == HUMAN
        return "players: %d (%d human%s)" % (st.nseats, h, "" if h == 1 else "s")
    if i <= st.nseats:
        return "seat %d %s: %s" % (i, LETTERS[i - 1], st.seats[i - 1])
    v = ROUND_LIMITS[st.limit]
    return "round limit: " + (str(v) if v else "none")


def row_enabled(st, i):
    return True


def change(st, i, d):
    if i == _PLAYERS:
        st.nseats = (st.nseats - 2 + d) % 7 + 2
    elif i <= st.nseats:
        s = st.seats[i - 1]
        k = LEVELS.index(s) if s in LEVELS else 0
        st.seats[i - 1] = LEVELS[(k + d) % len(LEVELS)]
    else:
        st.limit = _ORDER[(_ORDER.index(st.limit) + d) % 4]
