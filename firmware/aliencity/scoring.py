"""Scoring with a full breakdown (clarifications 8-12).

``score(game)`` works on finished and unfinished games alike. It returns a
``Score``: per claimed tower its customers, distance to the competition and
points; the green bonuses; the classic location bonuses when that option is
on; and both totals.
"""

from micropython import const

from aliencity.engine import CAPPED, CLASSIC, cap_owner
from aliencity.geometry import (
    BLUE,
    GREEN,
    KIND_COLOUR,
    LOT_TILE,
    NLOTS,
    NONE,
    RED,
)

_FAR = const(255)


class TowerScore:
    """One claimed tower: customers x distance = points."""

    def __init__(self, lot, owner, colour, customers, distance, points,
                 rival, customer_lots):
        self.lot = lot
        self.owner = owner
        self.colour = colour
        self.customers = customers
        self.distance = distance  # to the competition
        self.points = points
        self.rival = rival  # lot of the nearest same-colour tower, or NONE
        self.customer_lots = customer_lots  # bytes of the customers' lots


class Score:
    def __init__(self):
        self.towers = []  # TowerScore, in lot order
        self.bonuses = []  # (green lot, colour, owner, points, tower lots)
        self.location = []  # (lot, owner, tile value) paid location bonuses
        self.totals = [0, 0]

    def winner(self):
        """0 W, 1 B or -1 for equal totals."""
        w, b = self.totals
        return 0 if w > b else 1 if b > w else -1


def _colour(lots, v):
    return KIND_COLOUR[(lots[v] & 7) - 1]


def _is_tower(lots, v):
    k = lots[v] & 7
    return 1 <= k <= 3


def score(game, sdist=None, queue=None):
    """Score the position of ``game`` (see module doc)."""
    game.analyse()
    s = game.streets
    lots = game.lots
    if sdist is None:
        sdist = bytearray(NLOTS)
    if queue is None:
        queue = bytearray(NLOTS)
    nempty = 0
    for v in range(NLOTS):
        if lots[v] == 0:
            nempty += 1
    res = Score()
    for v in range(NLOTS):
        if not _is_tower(lots, v):
            continue
        c = _colour(lots, v)
        owner = cap_owner(lots[v])
        if owner >= 0:
            s.distances(lots, v, sdist, queue)
            cust = bytearray()
            dist = _FAR
            rival = NONE
            for w in range(NLOTS):
                d = sdist[w]
                if d == _FAR:
                    continue
                cw = _colour(lots, w)
                if cw != c and d <= 2:
                    cust.append(w)
                if cw == c and _is_tower(lots, w) and d < dist:
                    dist = d
                    rival = w
            if rival == NONE:
                dist = nempty + 1  # clarification 10
            pts = len(cust) * dist
            res.towers.append(TowerScore(v, owner, c, len(cust), dist, pts,
                                         rival, bytes(cust)))
            res.totals[owner] += pts
        elif c == GREEN:
            _green_bonus(game, v, sdist, queue, res)
    if game.rules == CLASSIC and game.location_bonus:
        _location_bonus(game, res)
    return res


def _green_bonus(game, g, sdist, queue, res):
    """Bonuses around the unclaimed green tower on lot g (clarification 11)."""
    lots = game.lots
    game.streets.distances(lots, g, sdist, queue)
    for c in (RED, BLUE):
        d = _FAR
        for w in range(NLOTS):
            if sdist[w] < d and _is_tower(lots, w) and _colour(lots, w) == c:
                d = sdist[w]
        if d > 4:
            continue
        nearest = bytearray()
        owner = -2  # -2 none seen yet, -1 unpaid
        for w in range(NLOTS):
            if sdist[w] == d and _is_tower(lots, w) and _colour(lots, w) == c:
                nearest.append(w)
                o = cap_owner(lots[w])
                if o < 0 or (owner != -2 and o != owner):
                    owner = -1
                elif owner == -2:
                    owner = o
        if game.rules == CLASSIC and len(nearest) != 1:
            owner = -1
        if owner >= 0:
            pts = 10 - 2 * d
            res.bonuses.append((g, c, owner, pts, bytes(nearest)))
            res.totals[owner] += pts


def _location_bonus(game, res):
    """Classic option: a claimed tower earns its tile's value unless another
    claimed tower stands on a tile of the same value (clarification 12)."""
    lots = game.lots
    tval = game.tval
    seen = bytearray(6)  # claimed towers per tile value
    for v in range(NLOTS):
        if _is_tower(lots, v) and lots[v] & CAPPED:
            seen[tval[LOT_TILE[v]]] += 1
    for v in range(NLOTS):
        if _is_tower(lots, v) and lots[v] & CAPPED:
            val = tval[LOT_TILE[v]]
            if seen[val] == 1 and val > 0:
                owner = cap_owner(lots[v])
                res.location.append((v, owner, val))
                res.totals[owner] += val
