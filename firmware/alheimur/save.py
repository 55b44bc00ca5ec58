"""What Alheimur keeps in its store section: the new-game options
(``Setup``, ``pack_options``) and the game in progress (``encode``).

A save is the engine's whole state (``Game.state()``, 649 bytes) with the
seats and the dice generator's state, so Continue puts back the same
position and the same dice to come; nothing is replayed:

    [0] version 2     [1:3] dealt seed     [3] seats n
    [4] round-limit option (engine.ROUND_LIMITS index)
    [5:7] the setup's seed (0 shuffle)  (ui.session.save_head, as every game)
    [7:11] the generator (prng.Rng s0, s1)  [11] length L of the seat names
    [12:12+L] the seat names, one a seat, separated by spaces ("human",
              or the computer level's name in alheimur.ai.LEVELS)
    then the 649 state bytes

Options (the new-game screen's choices, ``pack_options``): seats n,
round-limit index, then the eight seats' names as above (a name byte
string, separated by spaces). Names, not numbers, so a level keeps its
meaning when levels are added (a name no longer known plays as the first
level there is).
"""

from micropython import const

from alheimur.engine import ROUND_LIMITS, Game
from alheimur.layout import R_NP, R_PHASE, STATE_BYTES
from prng import Rng
from ui.session import get16, put16, read_head, save_head

HUMAN = "human"
_VERSION = const(2)
_HEAD = const(12)


class Setup:
    """What the new-game screen decides."""

    def __init__(self):
        self.nseats = 2
        self.seats = [HUMAN] + ["easy"] * 7   # seat 1 human, the rest computers
        self.limit = 0                  # index into ROUND_LIMITS (40)
        self.shown = 0                  # the seat the new-game row shows
        self.seed = 0                   # 0: shuffle (a fresh seed each game)
        self.dealt = 1                  # the seed of the game being played

    def levels(self):
        """Per seat in play: None for a human, else the computer's level."""
        return [None if s == HUMAN else s for s in self.seats[:self.nseats]]


def _names(st):
    return " ".join(st.seats).encode()


def _set_names(st, b):
    names = bytes(b).decode().split(" ")
    if len(names) != 8:
        return False
    for s in names:
        if not s or len(s) > 12:
            return False
    st.seats[:] = names
    return True


def pack_options(st):
    return bytes((st.nseats, st.limit)) + _names(st)


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


def encode(st, game):
    """The save bytes of ``game`` (None once it is over); ``game.rng`` is
    its dice generator (the app hangs it on the game)."""
    if game.over():
        return None
    rng = game.rng
    names = _names(st)
    out = save_head(st, _VERSION, st.nseats, st.limit, _HEAD - 7 + len(names))
    put16(out, 7, rng.s0)
    put16(out, 9, rng.s1)
    out[11] = len(names)
    out[12:] = names
    return bytes(out) + game.state()


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
    if state[R_NP] != np or state[R_PHASE] > 16:
        raise ValueError("saved game state unreadable")
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
