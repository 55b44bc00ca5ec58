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
from aliencity.engine import MAX_MOVES, move_kind, move_lot
from aliencity.geometry import NLOTS, NONE

_BUF = array("H", [0] * MAX_MOVES)


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
        game.play(move_kind(m), move_lot(m))
        v = _diff(game, p, sdist, queue)
        cand = (v, m, NONE)
        if game.can_claim():
            for x in range(NLOTS):
                if game.claimable(x):
                    game.claim(x)
                    v2 = _diff(game, p, sdist, queue)
                    game.unclaim()
                    if v2 > cand[0]:
                        cand = (v2, m, x)
        game.undo()
        if bv is None or cand[0] > bv:
            bv = cand[0]
            best = cand
    _, m, cap = best
    return move_kind(m), move_lot(m), cap
