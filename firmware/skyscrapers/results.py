"""The score explained line by line, for the scoring screen and the
referee's ``score --text``; every number comes from ``scoring.score``.
Lines fit 26 characters."""

from skyscrapers.engine import SUIT_NAMES, cell_name
from skyscrapers.scoring import bound, score

L_STACKS = "stacks: 2-3 tiles 1 each,"
L_STACKS2 = "  4+ tiles 2 each; pawn x2"
L_NO_STACKS = "no stacks (single tiles 0)"
L_STACK_PAWN = "%s %s %d high %d x2=%d"     # cell, suit, height, pts, pts
L_STACK = "%s %s %d high: %d"               # cell, suit, height, pts
L_COINS = "coins: 3 if no tile or"
L_COINS2 = "  stack beside it, no pawn"
L_COIN = "%s coin: 3"                       # cell
L_COIN_NEXT = "%s coin: 0, next to %s"      # cell, cell
L_COIN_PAWN = "%s coin: 0, holds a pawn"    # cell
L_SUM = "stacks %d + coins %d"              # pts, pts
L_TOTAL = "total %d (target %d)"            # pts, pts


def lines(game, sc=None):
    """Text lines: every stack, every coin (scoring or not, and why), the
    total against the target."""
    if sc is None:
        sc = score(game)
    out = []
    if sc.stacks:
        out.append(L_STACKS)
        out.append(L_STACKS2)
    else:
        out.append(L_NO_STACKS)
    for c, h, s, f, p in sc.stacks:
        if f:
            out.append(L_STACK_PAWN % (cell_name(c), SUIT_NAMES[s], h, p // 2, p))
        else:
            out.append(L_STACK % (cell_name(c), SUIT_NAMES[s], h, p))
    ncoin = 0
    for coin in sc.coins:
        if coin[2]:
            ncoin += 1
    if sc.coins:
        out.append(L_COINS)
        out.append(L_COINS2)
    for c, _s, _p, why, other in sc.coins:
        if why == 0:
            out.append(L_COIN % cell_name(c))
        elif why == 1:
            out.append(L_COIN_NEXT % (cell_name(c), cell_name(other)))
        else:
            out.append(L_COIN_PAWN % cell_name(c))
    out.append(L_SUM % (sc.total - 3 * ncoin, 3 * ncoin))
    out.append(L_TOTAL % (sc.total, bound(game)))
    return out
