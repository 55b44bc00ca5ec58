"""Skyscrapers scoring: ``score`` (the breakdown; also ``Game.score()``,
the engine contract's) and ``bound`` (the target, an upper bound on the
score; reasoning in docs/skyscrapers.md)."""

from micropython import const

from skyscrapers.plays import NB, NONE, N

# consts from skyscrapers.engine (tools/consts.py; do not edit)
_VAR1 = const(1)
# end consts

# Smallest closed neighbourhood of m cells on the 5x5 board, m = 0..25
# (exhaustive search over all 2**25 sets, see docs/skyscrapers.md).
CLOSED = bytes((0, 3, 5, 6, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 19,
                20, 21, 22, 22, 23, 24, 24, 25, 25, 25))


# -- scoring ---------------------------------------------------------------------


def stack_points(h, feature):
    p = 0 if h < 2 else h if h < 4 else 2 * h
    return 2 * p if feature else p


class Score:
    """``stacks``: (cell, height, suit, feature, points) for every stack;
    ``coins``: (cell, suit, points, why, other cell) for every coin, where
    why is 0 scoring, 1 next to a tile or stack (on the other cell), 2 holds
    a pawn; ``total``, and ``totals`` (the one player's: the engine
    contract's form)."""

    def __init__(self):
        self.stacks = []
        self.coins = []
        self.total = 0
        self.totals = [0]


def score(game):
    sc = Score()
    h = game.height
    for c in range(N):
        if h[c] >= 2:
            f = game.pawn[c] != 0
            p = stack_points(h[c], f)
            sc.stacks.append((c, h[c], game.top[c] // 6, f, p))
            sc.total += p
        elif game.coin[c]:
            why = 0
            other = NONE
            if game.pawn[c]:
                why = 2
            else:
                for d in range(4):
                    w = NB[4 * c + d]
                    if w != NONE and h[w]:
                        why = 1
                        other = w
                        break
            p = 3 if why == 0 else 0
            sc.coins.append((c, game.coin[c] - 1, p, why, other))
            sc.total += p
    sc.totals[0] = sc.total
    return sc


# -- the target: an upper bound on the score ----------------------------------


def _partitions6():
    """Per suit: every way to split its 6 tiles into cells (stacks and
    single tiles) as (cells, coins, best points with its pawn on top)."""
    out = []
    parts = [6]
    while True:
        cells = len(parts)
        coins = 6 - cells
        pts = 0
        best = 0
        for p in parts:
            v = stack_points(p, False)
            pts += v
            if v > best:
                best = v
        out.append((cells, coins, pts + best))
        # next partition (descending parts), iteratively
        rest = 0
        while parts and parts[-1] == 1:
            parts.pop()
            rest += 1
        if not parts:
            return out
        parts[-1] -= 1
        rest += 1
        k = parts[-1]
        while rest > k:
            parts.append(k)
            rest -= k
        parts.append(rest)


def bound(game_or_start, options=0):
    """Upper bound on the score for this board and options (the target).

    Any end position has m >= 4 commercial cells (single tiles and stacks,
    set S); its coins number 24 - m; a coin next to S never scores, and all
    cells next to S but the hole are coins, so scoring coins <= 25 - |N[S]|
    with N[S] the closed neighbourhood, |N[S]| >= CLOSED[m]. Variant 1:
    the nulls never move and stay commercial, so also |N[S]| >= |N[nulls]|.
    Stacks hold one suit; each pawn doubles at most one stack of its suit.
    """
    start = getattr(game_or_start, "start", game_or_start)
    options = getattr(game_or_start, "options", options)
    floor = 0
    if options & _VAR1:
        near = bytearray(N)
        for c in range(N):
            if start[c] and (start[c] - 1) % 6 == 0:
                near[c] = 1
                for d in range(4):
                    w = NB[4 * c + d]
                    if w != NONE:
                        near[w] = 1
        floor = sum(near)
    parts = _partitions6()
    # best[m * 21 + coins]: most stack points for the suits so far
    best = bytearray(25 * 21)
    nb = bytearray(25 * 21)
    best[0] = 1  # points + 1; 0 = unreachable
    for _ in range(4):
        for i in range(len(nb)):
            nb[i] = 0
        for i in range(len(best)):
            if best[i]:
                m = i // 21
                co = i % 21
                for cells, coins, pts in parts:
                    j = (m + cells) * 21 + co + coins
                    if j < len(nb) and nb[j] < best[i] + pts:
                        nb[j] = best[i] + pts
        best, nb = nb, best
    top = 0
    for i in range(len(best)):
        if best[i]:
            m = i // 21
            co = i % 21
            cl = CLOSED[m] if CLOSED[m] > floor else floor
            sc = 25 - cl
            if sc > co:
                sc = co
            if sc < 0:
                sc = 0
            v = best[i] - 1 + 3 * sc
            if v > top:
                top = v
    return top
