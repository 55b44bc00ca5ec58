"""The score explained line by line, for the scoring screen and the
referee's ``score --text``; every number comes from ``scoring.score``.
Lines fit 26 characters."""

from skyscrapers.engine import SUIT_NAMES, cell_name
from skyscrapers.scoring import bound, score


def lines(game, sc=None):
    """Text lines: every stack, every coin (scoring or not, and why), the
    total against the target."""
    if sc is None:
        sc = score(game)
    out = []
    if sc.stacks:
        out.append("stacks: 2-3 tiles 1 each,")
        out.append("  4+ tiles 2 each; pawn x2")
    else:
        out.append("no stacks (single tiles 0)")
    for c, h, s, f, p in sc.stacks:
        base = p // 2 if f else p
        if f:
            out.append("%s %s %d high %d x2=%d" % (cell_name(c), SUIT_NAMES[s], h,
                                                 base, p))
        else:
            out.append("%s %s %d high: %d" % (cell_name(c), SUIT_NAMES[s], h, p))
    ncoin = 0
    for coin in sc.coins:
        if coin[2]:
            ncoin += 1
    if sc.coins:
        out.append("coins: 3 if no tile or")
        out.append("  stack next to it, no pawn")
    for c, _s, _p, why, other in sc.coins:
        if why == 0:
            out.append("%s coin: 3" % cell_name(c))
        elif why == 1:
            out.append("%s coin: 0, next to %s" % (cell_name(c), cell_name(other)))
        else:
            out.append("%s coin: 0, holds a pawn" % cell_name(c))
    out.append("stacks %d + coins %d" % (sc.total - 3 * ncoin, 3 * ncoin))
    out.append("total %d (target %d)" % (sc.total, bound(game)))
    return out
