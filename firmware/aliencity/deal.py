"""A seeded city: shuffled tiles, icon corners and (classic) the first roll.

The same seed gives the same city on the device and on the desktop: all
randomness comes from ``prng.Rng`` in a fixed order (tiles, icons, dice).
"""

from aliencity.engine import CLASSIC, Game
from aliencity.geometry import NTILES, B, W
from prng import Rng


def deal(seed, rules=0):
    """Return (tiles, icons, values, first, rolls) for ``seed``.

    Standalone: 5 tiles of each colour, no values, B builds first.
    Classic: each suit's tiles carry ace (1) to 5; four piecepack dice per
    player (null 0 .. 5) decide who builds first, re-rolled on ties;
    ``rolls`` lists each roll as (W's dice, B's dice) for the screen.
    """
    rng = Rng(seed)
    order = bytearray(range(NTILES))  # tile i: colour i // 5, value i % 5 + 1
    rng.shuffle(order)
    tiles = bytearray(NTILES)
    values = bytearray(NTILES)
    icons = bytearray(NTILES)
    for t in range(NTILES):
        tiles[t] = order[t] // 5
        if rules == CLASSIC:
            values[t] = order[t] % 5 + 1
    for t in range(NTILES):
        icons[t] = rng.below(4)
    first = B
    rolls = []
    if rules == CLASSIC:
        while True:
            dw = bytes(rng.below(6) for _ in range(4))
            db = bytes(rng.below(6) for _ in range(4))
            rolls.append((dw, db))
            if sum(dw) != sum(db):
                first = W if sum(dw) > sum(db) else B
                break
    return tiles, icons, values, first, rolls


def new_game(seed, rules=0, open_streets=False, location_bonus=False):
    """A fresh game on the seeded city."""
    tiles, icons, values, first, _ = deal(seed, rules)
    return Game(tiles, icons, values, rules, open_streets, location_bonus, first)
