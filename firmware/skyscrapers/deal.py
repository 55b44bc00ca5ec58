"""A seeded starting board: the 24 tiles shuffled by ``prng.Rng``, then the
setup swaps (engine.start_cells). Same seed, same board everywhere."""

from prng import Rng
from skyscrapers.engine import NTILES, VAR1, Game, start_cells


def deal(seed, options=0):
    """The starting cells (tile + 1 per cell, 0 the hole) for ``seed``."""
    rng = Rng(seed)
    order = bytearray(range(NTILES))
    rng.shuffle(order)
    return start_cells(order, options & VAR1)


def new_game(seed, options=0):
    return Game(deal(seed, options), options)
