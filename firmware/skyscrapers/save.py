"""What Skyscrapers keeps in its store section: the new-game options
(``Setup``, ``pack_options``: the option bits) and the game in
progress (``encode``). The deal comes back from its seed and options
(``deal.new_game``), so a save is the setup and the plays made.

    [0] version 1   [1:3] dealt seed   [3] options   [4] 0
    [5:7] the setup's seed   [7:9] plays n
    then n x 2 bytes, the play number (Game.state())

Loading replays the plays through the engine (``Game.load``), so a save
that does not hold up is refused as a whole (ValueError).
"""

from micropython import const

from savehead import get16, put16, read_head, save_head
from skyscrapers.deal import new_game

_VERSION = const(1)
_HEAD = const(9)
_ALL = const(7)             # VAR1 | VAR2 | OVER_STACKS


class Setup:
    def __init__(self):
        self.seed = 0        # 0: a fresh seed each game
        self.options = 0
        self.dealt = 1       # the seed of the deal being played


def pack_options(st):
    """The option bits (the session keeps them, and the seed after them,
    in the game's store section)."""
    return bytes((st.options,))


def unpack_options(st, d):
    """Set ``st`` from pack_options bytes; anything odd leaves it alone."""
    if len(d) != 1 or d[0] > _ALL:
        return False
    st.options = d[0]
    return True


def encode(st, game):
    """The save bytes of ``game`` (None once no play is left)."""
    if game.over():
        return None
    n = game.nplays
    out = save_head(st, _VERSION, game.options, 0, 2 + 2 * n)
    put16(out, 7, n)
    out[_HEAD:] = game.state()
    return bytes(out)


def decode(st, data):
    """Fill ``st`` and return the Game from ``encode``'s bytes; ValueError
    if they do not make a game."""
    options, _ = read_head(st, data, _VERSION)
    if len(data) < _HEAD:
        raise ValueError("not a saved game")
    n = get16(data, 7)
    if len(data) != _HEAD + 2 * n:
        raise ValueError("saved game cut short")
    if options > _ALL:
        raise ValueError("saved game setup unreadable")
    st.options = options
    game = new_game(st.dealt, st.options)
    game.load(data[_HEAD:])     # ValueError if a play is illegal
    return game
