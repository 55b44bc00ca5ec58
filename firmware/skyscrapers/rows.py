"""Skyscrapers' rows on the shell's new-game screen (ui/newgame.py adds
"continue", the seed and "start"); loaded only while that screen is up."""

from skyscrapers.engine import OVER_STACKS, VAR1, VAR2

_FLAGS = (VAR1, VAR2, OVER_STACKS)
_NAMES = ("variant 1", "variant 2", "pawns over stacks")
ROWS = (
    "variant 1: nulls stay put",
    "variant 2: 3 slides a row",
    "pawns may pass over stacks",
)


def row_text(st, i):
    return _NAMES[i] + (": on" if st.options & _FLAGS[i] else ": off")


def row_enabled(st, i):
    return True


def change(st, i, d):
    st.options ^= _FLAGS[i]
