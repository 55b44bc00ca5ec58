"""Alien City's saves read back, and save version 2; loaded only to read a
save (continuing a game) or to write one of version 2 (aliencity/save.py
says when).

Version 1 is in save.py. Version 2 keeps a game whose city is not dealt
from a seed (dealt seed 0: a game loaded from the desktop,
tools/loadgame.py), or one with builds ahead of the position shown
(``Setup.ahead``: a replay stepped back, aliencity/replay.py):

    [0] 2    [1:3] dealt seed, 0: the city follows    [3] rules | open << 1 | bonus << 2
    [4] W seat | B seat << 2    [5:7] the setup's seed (0: shuffle)
    [7] builds on the board n   [8] builds ahead m
    dealt 0: [9:29] a byte a tile, colour | corner << 2 | value << 4; [29] first
    then (n + m) x (kind, lot, cap or NONE): Game.state() and the builds ahead

Reading plays every build through the engine, those ahead too (then takes
them back), so a save that does not hold up is refused whole and a replay
stepping forward never meets an illegal build.
"""

from micropython import const

from aliencity.engine import CLASSIC, MAX_BUILDS, Game
from aliencity.geometry import NTILES
from lazy import forget
from savehead import get16, read_head, save_head

_V1 = const(1)
_V1_HEAD = const(8)
_V2 = const(2)
_V2_HEAD = const(9)
_CITY = const(21)       # 20 tiles and the first player


def decode(st, data):
    """Fill ``st`` (a Setup) and return the Game of save bytes of either
    version; ValueError if they do not make a game."""
    if data and data[0] == _V2:
        return _decode2(st, data)
    st.ahead = b""
    flags, seats = read_head(st, data, _V1)
    if len(data) < _V1_HEAD:
        raise ValueError("not a saved game")
    n = data[7]
    if n > MAX_BUILDS or len(data) != _V1_HEAD + 3 * n:
        raise ValueError("saved game cut short")
    _flags(st, flags, seats)
    game = _dealt_game(st)
    _play(game, data, _V1_HEAD, n)
    return game


def encode2(st, game):
    """Version 2 save bytes (None for a finished game with nothing ahead)."""
    a = st.ahead
    m = len(a) // 3
    if game.over() and not m:
        return None
    n = game.nbuilds
    own = st.dealt == 0
    out = save_head(st, _V2, game.rules | (game.open_streets << 1)
                    | (game.location_bonus << 2), st.seats[0] | st.seats[1] << 2,
                    2 + (_CITY if own else 0) + 3 * (n + m))
    out[7] = n
    out[8] = m
    j = _V2_HEAD
    if own:
        for t in range(NTILES):
            out[j + t] = game.tcol[t] | game.ticon[t] << 2 | game.tval[t] << 4
        out[j + NTILES] = game.first
        j += _CITY
    out[j:] = game.state() + a
    return bytes(out)


def _decode2(st, data):
    if len(data) < _V2_HEAD:
        raise ValueError("not a saved game")
    dealt = get16(data, 1)
    seed = get16(data, 5)
    n = data[7]
    m = data[8]
    j = _V2_HEAD + (_CITY if dealt == 0 else 0)
    if dealt > 999 or seed > 999:
        raise ValueError("saved game setup unreadable")
    if n + m > MAX_BUILDS or len(data) != j + 3 * (n + m):
        raise ValueError("saved game cut short")
    st.dealt = dealt
    st.seed = seed
    _flags(st, data[3], data[4])
    if dealt:
        game = _dealt_game(st)
    else:
        st.city = c = _city(data, st.rules)
        game = Game(c[0], c[1], c[2], st.rules, st.open_streets, st.location_bonus, c[3])
    _play(game, data, j, n + m)
    while game.nbuilds > n:
        game.undo()
    st.ahead = bytes(data[j + 3 * n:])
    return game


def _flags(st, flags, seats):
    """A save's rules, options and seats bytes into ``st``."""
    if flags > 7 or seats > 15:
        raise ValueError("saved game setup unreadable")
    st.seats[0] = seats & 3
    st.seats[1] = seats >> 2
    st.rules = flags & 1
    st.open_streets = bool(flags & 2)
    st.location_bonus = bool(flags & 4) and st.rules == CLASSIC


def _dealt_game(st):
    """A new Game on the city of ``st.dealt``."""
    from aliencity.deal import deal  # only to rebuild the city
    tiles, icons, values, first, _ = deal(st.dealt, st.rules)
    deal = None
    forget("aliencity.deal")        # as a new game does (app._deal)
    return Game(tiles, icons, values, st.rules, st.open_streets,
                st.location_bonus, first)


def _city(data, rules):
    """(tiles, icons, values, first) of a saved city; ValueError when it
    is not one (5 tiles of each colour, values 0-5 and only classic)."""
    tiles = bytearray(NTILES)
    icons = bytearray(NTILES)
    values = bytearray(NTILES)
    count = bytearray(4)
    for t in range(NTILES):
        b = data[_V2_HEAD + t]
        tiles[t] = b & 3
        icons[t] = (b >> 2) & 3
        values[t] = b >> 4
        count[b & 3] += 1
        if values[t] > 5 or (values[t] and rules != CLASSIC):
            raise ValueError("saved city unreadable")
    first = data[_V2_HEAD + NTILES]
    if first > 1 or (first != 1 and rules != CLASSIC):
        raise ValueError("saved city unreadable")
    for c in range(4):
        if count[c] != 5:
            raise ValueError("saved city unreadable")
    return tiles, icons, values, first


def _play(game, data, j, n):
    """Play the ``n`` saved builds from data[j] (3 bytes each) on
    ``game`` (Game.load); ValueError naming the first that is unreadable
    or illegal."""
    try:
        game.load(data[j:j + 3 * n])
    except ValueError as e:
        raise ValueError("saved game: %s" % e) from None
