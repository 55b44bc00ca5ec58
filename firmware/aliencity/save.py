"""Alien City's autosave: a compact binary of the game, and the packed
new-game options.

Why binary and not the record text: the city comes back from the seed
(``deal``), so a save is 8 bytes of setup plus 3 bytes a build: a full
game (38 builds) is 122 bytes, where its record text is about 900. Fewer
bytes make every autosave write shorter (flash wear, and a shorter window
for a power cut) and leave the store's slot (1012 bytes) mostly free for
settings and other games' records. Loading replays the builds through the
engine (``Game.play``), so a save that does not hold up is refused as a
whole, never half-restored.

    [0] version 1      [1:3] dealt seed      [3] rules | open << 1 | bonus << 2
    [4] W seat | B seat << 2 (newgame.SEATS)  [5:7] the setup's seed (0: shuffle)
    [7] builds n       then n x (kind, lot, cap or NONE)
"""

from micropython import const

from aliencity.deal import deal
from aliencity.engine import CLASSIC, MAX_BUILDS, Game
from aliencity.geometry import NKINDS, NLOTS, NONE

_VERSION = const(1)
_NSEATS = const(4)          # newgame.SEATS: human, easy, medium, hard
_HEAD = const(8)


def pack_options(st):
    """The new-game options as 7 bytes (kept in the settings)."""
    return bytes((st.seats[0], st.seats[1], st.rules,
                  1 if st.open_streets else 0, 1 if st.location_bonus else 0,
                  st.seed >> 8, st.seed & 0xFF))


def unpack_options(st, d):
    """Set ``st`` from pack_options bytes; anything odd leaves it alone."""
    if not d or len(d) < 7:
        return False
    seed = d[5] << 8 | d[6]
    if d[0] >= _NSEATS or d[1] >= _NSEATS or d[2] > CLASSIC or d[3] > 1 \
            or d[4] > 1 or seed >= 1000:
        return False
    st.seats[0] = d[0]
    st.seats[1] = d[1]
    st.rules = d[2]
    st.open_streets = d[3] == 1
    st.location_bonus = d[4] == 1 and d[2] == CLASSIC
    st.seed = seed
    return True


def encode(st, game):
    n = game.nbuilds
    out = bytearray(_HEAD + 3 * n)
    out[0] = _VERSION
    out[1] = st.dealt >> 8
    out[2] = st.dealt & 0xFF
    out[3] = game.rules | (game.open_streets << 1) | (game.location_bonus << 2)
    out[4] = st.seats[0] | st.seats[1] << 2
    out[5] = st.seed >> 8
    out[6] = st.seed & 0xFF
    out[7] = n
    for i in range(n):
        _p, kind, lot, cap = game.build_at(i)
        j = _HEAD + 3 * i
        out[j] = kind
        out[j + 1] = lot
        out[j + 2] = cap
    return bytes(out)


def decode(data, st):
    """Fill ``st`` (a newgame.Setup) and return the Game from ``encode``'s
    bytes; ValueError if they do not make a game (bad header, an illegal
    build; ``st`` may then be half filled)."""
    if len(data) < _HEAD or data[0] != _VERSION:
        raise ValueError("not a saved game")
    n = data[7]
    if n > MAX_BUILDS or len(data) != _HEAD + 3 * n:
        raise ValueError("saved game cut short")
    flags = data[3]
    sw = data[4] & 3
    sb = (data[4] >> 2) & 3
    dealt = data[1] << 8 | data[2]
    seed = data[5] << 8 | data[6]
    if flags > 7 or (flags & 1) > CLASSIC or data[4] > 15 or not 1 <= dealt <= 999 \
            or seed >= 1000:
        raise ValueError("saved game setup unreadable")
    st.seats[0] = sw
    st.seats[1] = sb
    st.rules = flags & 1
    st.open_streets = bool(flags & 2)
    st.location_bonus = bool(flags & 4) and st.rules == CLASSIC
    st.seed = seed
    st.dealt = dealt
    tiles, icons, values, first, _ = deal(dealt, st.rules)
    game = Game(tiles, icons, values, st.rules, st.open_streets,
                st.location_bonus, first)
    for i in range(n):
        j = _HEAD + 3 * i
        kind = data[j]
        lot = data[j + 1]
        cap = data[j + 2]
        if kind >= NKINDS or lot >= NLOTS or (cap != NONE and cap >= NLOTS):
            raise ValueError("saved build %d unreadable" % (i + 1))
        if game.over():
            raise ValueError("saved game goes on after its end")
        game.play(kind, lot, cap)   # ValueError if illegal
    return game
