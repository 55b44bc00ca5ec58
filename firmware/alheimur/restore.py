"""Alheimur's store section read back (alheimur/save.py writes it and
describes it): the new-game options and the game in progress. Loaded only
while a save is read, then dropped (the app's ``unpack_options`` and
``decode``).
"""

from micropython import const

from alheimur.engine import ROUND_LIMITS, STATE_BYTES, Game
from prng import Rng
from savehead import get16, read_head

# consts from alheimur.layout, alheimur.save (tools/consts.py; do not edit)
_HEAD = const(12)
_LAST_AT = const(200)
_R_NP = const(5)
_R_PHASE = const(0)
_R_ROUND = const(2)
_VERSION = const(2)
# end consts


def _set_names(st, b):
    names = bytes(b).decode().split(" ")
    if len(names) != 8:
        return False
    for s in names:
        if not s or len(s) > 12:
            return False
    st.seats[:] = names
    return True


def unpack_options(st, d):
    """Set ``st`` from pack_options bytes; anything odd leaves it alone."""
    if len(d) < 3 or not 2 <= d[0] <= 8 or d[1] >= len(ROUND_LIMITS):
        return False
    try:
        if not _set_names(st, d[2:]):
            return False
    except (UnicodeError, ValueError):
        return False
    st.nseats = d[0]
    st.limit = d[1]
    return True


def decode(st, data):
    """Fill ``st`` and return the Game (its ``rng`` too) from ``encode``'s
    bytes; ValueError if they do not make a game."""
    if len(data) < _HEAD:
        raise ValueError("not a saved game")
    n = data[11]
    if len(data) != _HEAD + n + STATE_BYTES:
        raise ValueError("saved game cut short")
    np, limit = read_head(st, data, _VERSION)
    if not 2 <= np <= 8 or limit >= len(ROUND_LIMITS):
        raise ValueError("saved game setup unreadable")
    try:
        ok = _set_names(st, data[_HEAD:_HEAD + n])
    except (UnicodeError, ValueError):
        ok = False
    if not ok:
        raise ValueError("saved seats unreadable")
    state = data[_HEAD + n:]
    if state[_R_NP] != np or state[_R_PHASE] > 16:
        raise ValueError("saved game state unreadable")
    if state[_R_ROUND] > _LAST_AT + 1:
        # saved by a version whose round count stuck at 255 in a game
        # without a limit: the last round now begins after this one
        state = bytearray(state)
        state[_R_ROUND] = _LAST_AT
    st.nseats = np
    st.limit = limit
    g = Game(np, ROUND_LIMITS[st.limit])
    g.load(state)
    rng = Rng()
    rng.s0 = get16(data, 7)
    rng.s1 = get16(data, 9)
    if not rng.s0 and not rng.s1:
        raise ValueError("saved dice unreadable")
    g.rng = rng  # pyright: ignore[reportAttributeAccessIssue]  (the app's: not an engine field)
    return g
