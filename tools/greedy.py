"""A one-ply greedy Alien City player: the baseline the levels are measured by.

It builds what most improves its own current score minus the opponent's
(the exact score of the engine, ``scoring.score``, as if the game ended
after the build) and claims the best-scoring tower at once: every (build,
claim) pair is tried, the claim being "none" or any unclaimed tower, and
the best difference wins (ties: the first in a random order). No claim on
the last build of the game. It answers the engine's decisions one at a
time: the build, then at the claim point after it the claim that made the
build best (worked out again: the same pairs, in the same order).

    from greedy import choose
    game.apply(choose(game, rng))      # a build, or at a claim point the claim

Desktop only (CPython); it plays each build through the engine.
"""

from array import array

import paths  # noqa: F401
from aliencity import scoring
from aliencity.engine import MAX_MOVES
from aliencity.geometry import NLOTS
from aliencity.moves import NO_CLAIM, claim

_BUF = array("H", [0] * MAX_MOVES)


def _diff(game, p, sdist, queue):
    t = scoring.score(game, sdist, queue).totals
    return t[p] - t[1 - p]


def _with_claim(game, p, sdist, queue):
    """(the best difference after the build just made, the claim move
    that reaches it: NO_CLAIM or a tower's)."""
    best = (_diff(game, p, sdist, queue), NO_CLAIM)
    if game.claiming():
        for x in range(NLOTS):
            if game.claimable(x):
                game.apply(claim(x))
                v = _diff(game, p, sdist, queue)
                game.undo()
                if v > best[0]:
                    best = (v, claim(x))
    return best


def choose(game, rng):
    """The move for actor(): its build, or at a claim point its claim."""
    p = game.actor()
    sdist = bytearray(NLOTS)
    queue = bytearray(NLOTS)
    if game.claiming():
        return _with_claim(game, p, sdist, queue)[1]
    n = game.legal(_BUF)
    moves = list(_BUF[:n])
    rng.shuffle(moves)
    best = None
    bv = None
    for m in moves:
        game.apply(m)
        v = _with_claim(game, p, sdist, queue)[0]
        game.undo()
        if bv is None or v > bv:
            bv = v
            best = m
    return best
