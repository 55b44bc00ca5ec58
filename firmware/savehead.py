"""The head every game's save starts with, and 16-bit numbers in saves
and options (each game's save.py; the shell reads the options' seed).

    [0] version  [1:3] the dealt seed  [3] [4] the game's own  [5:7] the
    setup's seed, then the game's bytes
"""

from micropython import const

SEEDS = const(999)           # seeds 1..999; 0 in a Setup means "shuffle"


def put16(buf, i, v):
    """A 16-bit value into buf[i:i + 2], big-endian (saves, options)."""
    buf[i] = v >> 8
    buf[i + 1] = v & 0xFF


def get16(buf, i):
    return buf[i] << 8 | buf[i + 1]


def save_head(st, version, b3, b4, size):
    """A game's save, its first 7 bytes filled: [0] version, [1:3] the
    dealt seed, [3] and [4] the game's own, [5:7] the setup's seed; then
    ``size`` bytes for the game to fill."""
    out = bytearray(7 + size)
    out[0] = version
    put16(out, 1, st.dealt)
    out[3] = b3
    out[4] = b4
    put16(out, 5, st.seed)
    return out


def read_head(st, data, version):
    """Check a save's head (``save_head``) and set st.dealt and st.seed;
    ValueError when it is not one. Returns (byte 3, byte 4)."""
    if len(data) < 7 or data[0] != version:
        raise ValueError("not a saved game")
    dealt = get16(data, 1)
    seed = get16(data, 5)
    if not 1 <= dealt <= SEEDS or not 0 <= seed <= SEEDS:
        raise ValueError("saved game setup unreadable")
    st.dealt = dealt
    st.seed = seed
    return data[3], data[4]
