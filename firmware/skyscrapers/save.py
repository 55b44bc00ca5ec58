"""What Skyscrapers keeps in its store section: the new-game options
(``Setup``, ``pack_options``: the option bits) and the game in
progress (``encode``). The deal comes back from its seed and options
(``deal.new_game``), so a save is the setup and the plays made.

    [0] version 1   [1:3] dealt seed   [3] options   [4:6] the setup's seed
    [6:8] plays n   then n x 2 bytes, the play number (engine.play_of)

Loading replays the plays through the engine (``Game.play``), so a save
that does not hold up is refused as a whole (ValueError).
"""

from micropython import const

from skyscrapers.deal import new_game
from ui.session import check_seeds, get16, put16

_VERSION = const(1)
_HEAD = const(8)
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
    out = bytearray(_HEAD + 2 * n)
    out[0] = _VERSION
    put16(out, 1, st.dealt)
    out[3] = game.options
    put16(out, 4, st.seed)
    put16(out, 6, n)
    for i in range(n):
        put16(out, _HEAD + 2 * i, game.play_at(i))
    return bytes(out)


def decode(st, data):
    """Fill ``st`` and return the Game from ``encode``'s bytes; ValueError
    if they do not make a game."""
    if len(data) < _HEAD or data[0] != _VERSION:
        raise ValueError("not a saved game")
    n = get16(data, 6)
    if len(data) != _HEAD + 2 * n:
        raise ValueError("saved game cut short")
    dealt = get16(data, 1)
    seed = get16(data, 4)
    check_seeds(dealt, seed)
    if data[3] > _ALL:
        raise ValueError("saved game setup unreadable")
    st.options = data[3]
    st.seed = seed
    st.dealt = dealt
    game = new_game(dealt, st.options)
    for i in range(n):
        game.play(get16(data, _HEAD + 2 * i))     # ValueError if illegal
    return game
