"""A one-ply greedy Alien City player: the baseline the levels are measured by.

It builds what most improves its own current score minus the opponent's
(the exact score of the engine, ``scoring.score``, as if the game ended
after the build) and claims the best-scoring tower at once: every (build,
claim) pair is tried, the claim being "none" or any unclaimed tower, and
the best difference wins (ties: the first in a random order). No claim on
the last build of the game.

    from greedy import choose
    kind, lot, cap = choose(game, rng)

Desktop only (CPython); it plays each build through the engine.
"""

from array import array

import paths  # noqa: F401
from aliencity import scoring
from aliencity.engine import CAPPED
from aliencity.geometry import NLOTS, NONE

_BUF = array("H", [0] * 560)


def _diff(game, p, sdist, queue):
    t = scoring.score(game, sdist, queue).totals
    return t[p] - t[1 - p]


def choose(game, rng):
    p = game.to_move
    n = game.legal(_BUF)
    moves = list(_BUF[:n])
    rng.shuffle(moves)
    sdist = bytearray(NLOTS)
    queue = bytearray(NLOTS)
    best = None
    bv = None
    for m in moves:
        kind = m >> 7
        lot = m & 127
        game.play(kind, lot)
        v = _diff(game, p, sdist, queue)
        cand = (v, m, NONE)
        if game.caps[p] and not game.over():
            lots = game.lots
            bit = 0x08 << p
            for x in range(NLOTS):
                k = lots[x] & 7
                if 1 <= k <= 3 and not lots[x] & CAPPED:
                    lots[x] |= bit
                    v2 = _diff(game, p, sdist, queue)
                    lots[x] &= 0xFF ^ bit
                    if v2 > cand[0]:
                        cand = (v2, m, x)
        game.undo()
        if bv is None or cand[0] > bv:
            bv = cand[0]
            best = cand
    _, m, cap = best
    return m >> 7, m & 127, cap
