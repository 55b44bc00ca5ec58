"""The deal: the 40 cards shuffled with the project's seeded generator,
then cut into eight piles of five (pile order: seat 1's pile, seat 2's,
..., the neutral world's unless eight play, then the extra piles).

The same seed gives the same piles on the device and the desktop; a redeal
(world building found no playable world and no extra pile) shuffles again
with the same generator.
"""

from alheimur.deck import NCARDS, deck_quads
from alheimur.engine import Game
from prng import Rng


def shuffle(rng, deck=None):
    """160 element bytes: the deck's cards in a shuffled order (4 each)."""
    if deck is None:
        deck = deck_quads()
    order = bytearray(range(NCARDS))
    rng.shuffle(order)
    out = bytearray(4 * NCARDS)
    for i in range(NCARDS):
        c = order[i] * 4
        for k in range(4):
            out[4 * i + k] = deck[c + k]
    return out


def new_game(seed, nplayers, limit=40):
    """A game dealt from ``seed``; returns (game, rng): keep using rng for
    the game's dice, lots and redeals so one seed makes one game."""
    rng = Rng(seed)
    g = Game(nplayers, limit)
    g.deal(shuffle(rng))
    return g, rng
