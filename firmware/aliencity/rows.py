"""Alien City's rows on the shell's new-game screen (ui/newgame.py adds
"continue", the seed and "start"); loaded only while that screen is up."""

from micropython import const

from aliencity.engine import CLASSIC, STANDALONE
from aliencity.save import SEATS

_SEATS = const(2)      # rows 0 and 1: who plays P1, P2
_RULES = const(2)
_STREETS = const(3)
_BONUS = const(4)
ROWS = (
    "left/right: who plays P1",
    "left/right: who plays P2",
    "standalone/classic rules",
    "open: dead ground allowed",
    "classic: tile values pay",
)


def row_text(st, i):
    if i < _SEATS:
        return "P%d: %s" % (i + 1, SEATS[st.seats[i]])
    if i == _RULES:
        return "rules: " + ("classic" if st.rules == CLASSIC else "standalone")
    if i == _STREETS:
        return "streets: " + ("open" if st.open_streets else "as written")
    if st.rules != CLASSIC:
        return "location bonus: -"
    return "location bonus: " + ("on" if st.location_bonus else "off")


def row_enabled(st, i):
    return i != _BONUS or st.rules == CLASSIC


def change(st, i, d):
    if i < _SEATS:
        st.seats[i] = (st.seats[i] + d) % len(SEATS)
    elif i == _RULES:
        st.rules = CLASSIC if st.rules == STANDALONE else STANDALONE
        if st.rules != CLASSIC:
            st.location_bonus = False
    elif i == _STREETS:
        st.open_streets = not st.open_streets
    elif i == _BONUS and st.rules == CLASSIC:
        st.location_bonus = not st.location_bonus
