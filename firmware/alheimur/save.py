"""What Alheimur keeps in its store section, written: the new-game options
(``pack_options``; the options themselves are alheimur/app.py's ``Setup``,
which the shell keeps) and the game in progress (``encode``). Loaded only
while the store is written (the app's ``pack_options`` and ``encode``);
reading them back (``unpack_options``, ``decode``) is alheimur/restore.py's,
loaded only for that.

A save is the engine's whole state (``Game.state()``, 649 bytes) with the
seats and the dice generator's state, so Continue puts back the same
position and the same dice to come; nothing is replayed:

    [0] version 2     [1:3] dealt seed     [3] seats n
    [4] round-limit option (engine.ROUND_LIMITS index)
    [5:7] the setup's seed (0 shuffle)  (savehead.save_head, as every game)
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

from savehead import put16, save_head

_VERSION = const(2)       # restore.py's are copies (tools/consts.py)
_HEAD = const(12)


def _names(st):
    return " ".join(st.seats).encode()


def pack_options(st):
    return bytes((st.nseats, st.limit)) + _names(st)


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
