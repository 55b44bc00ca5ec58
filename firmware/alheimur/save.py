"""What Alheimur keeps in its store section: the new-game options
(``Setup``, ``pack_options``) and the game in progress (``encode``).
Reading them back (``unpack_options``, ``decode``) is alheimur/restore.py's,
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

HUMAN = "human"
_VERSION = const(2)       # restore.py's are copies (tools/consts.py)
_HEAD = const(12)


class Setup:
    """What the new-game screen decides."""

    def __init__(self):
        self.nseats = 2
        self.seats = [HUMAN] + ["easy"] * 7   # seat 1 human, the rest computers
        self.limit = 0                  # index into ROUND_LIMITS (40)
        # Unused since every seat has a new-game row of its own; kept, as
        # without it a game's heap measured 688 bytes more (MicroPython, .py:
        # tools/bench.py's Alheimur rows), over the target.
        self.shown = 0
        self.seed = 0                   # 0: shuffle (a fresh seed each game)
        self.dealt = 1                  # the seed of the game being played

    def levels(self):
        """Per seat in play: None for a human, else the computer's level."""
        return [None if s == HUMAN else s for s in self.seats[:self.nseats]]


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
