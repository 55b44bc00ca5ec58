"""Scoring with a full breakdown (clarifications 8-12).

``score(game)`` (also ``Game.score()``, the engine contract's) works on
finished and unfinished games alike. It returns a
``Score``: per claimed tower its customers, distance to the competition and
points; the green bonuses; the classic location bonuses when that option is
on; and both totals.
"""

from micropython import const

from aliencity.geometry import BLUE, GREEN, KIND_COLOUR, LOT_TILE, NLOTS, NONE, RED

# consts from aliencity.engine, aliencity.streets (tools/consts.py; do not edit)
_CLASSIC = const(1)
_FAR = const(255)
# end consts


class TowerScore:
    """One tower: customers x distance = points."""

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
        """0 (P1, W), 1 (P2, B) or -1 for equal totals."""
        w, b = self.totals
        return 0 if w > b else 1 if b > w else -1


def _colour(game, v):
    """Colour of the structure on v (-1 if empty)."""
    k = game.kind_at(v)
    return -1 if k < 0 else KIND_COLOUR[k]


def _is_tower(game, v):
    return 0 <= game.kind_at(v) < 3


def _empty_lots(game):
    n = 0
    for v in range(NLOTS):
        if game.kind_at(v) < 0:
            n += 1
    return n


def tower(game, v, sdist=None, queue=None, nempty=-1):
    """The tower on lot v scored as if it were claimed by its owner (or,
    unclaimed, by whoever caps it now): a TowerScore (owner -1 if none)."""
    if sdist is None:
        sdist = bytearray(NLOTS)
    if queue is None:
        queue = bytearray(NLOTS)
    if nempty < 0:
        nempty = _empty_lots(game)
    c = _colour(game, v)
    game.distances(v, sdist, queue)
    cust = bytearray()
    dist = _FAR
    rival = NONE
    for w in range(NLOTS):
        d = sdist[w]
        if d == _FAR:
            continue
        cw = _colour(game, w)
        if cw != c and d <= 2:
            cust.append(w)
        if cw == c and _is_tower(game, w) and d < dist:
            dist = d
            rival = w
    if rival == NONE:
        dist = nempty + 1  # clarification 10
    return TowerScore(v, game.owner_at(v), c, len(cust), dist, len(cust) * dist,
                      rival, bytes(cust))


def score(game, sdist=None, queue=None):
    """Score the position of ``game`` (see module doc)."""
    if sdist is None:
        sdist = bytearray(NLOTS)
    if queue is None:
        queue = bytearray(NLOTS)
    nempty = _empty_lots(game)
    res = Score()
    for v in range(NLOTS):
        if not _is_tower(game, v):
            continue
        if game.owner_at(v) >= 0:
            t = tower(game, v, sdist, queue, nempty)
            res.towers.append(t)
            res.totals[t.owner] += t.points
        elif _colour(game, v) == GREEN:
            _green_bonus(game, v, sdist, queue, res)
    if game.rules == _CLASSIC and game.location_bonus:
        _location_bonus(game, res)
    return res


def _green_bonus(game, g, sdist, queue, res):
    """Bonuses around the unclaimed green tower on lot g (clarification 11)."""
    game.distances(g, sdist, queue)
    for c in (RED, BLUE):
        d = _FAR
        for w in range(NLOTS):
            if sdist[w] < d and _is_tower(game, w) and _colour(game, w) == c:
                d = sdist[w]
        if d > 4:
            continue
        nearest = bytearray()
        owner = -2  # -2 none seen yet, -1 unpaid
        for w in range(NLOTS):
            if sdist[w] == d and _is_tower(game, w) and _colour(game, w) == c:
                nearest.append(w)
                o = game.owner_at(w)
                if o < 0 or (owner != -2 and o != owner):
                    owner = -1
                elif owner == -2:
                    owner = o
        if game.rules == _CLASSIC and len(nearest) != 1:
            owner = -1
        if owner >= 0:
            pts = 10 - 2 * d
            res.bonuses.append((g, c, owner, pts, bytes(nearest)))
            res.totals[owner] += pts


def _location_bonus(game, res):
    """Classic option: a claimed tower earns its tile's value unless another
    claimed tower stands on a tile of the same value (clarification 12)."""
    tval = game.tval
    seen = bytearray(6)  # claimed towers per tile value
    for v in range(NLOTS):
        if _is_tower(game, v) and game.owner_at(v) >= 0:
            seen[tval[LOT_TILE[v]]] += 1
    for v in range(NLOTS):
        if _is_tower(game, v) and game.owner_at(v) >= 0:
            val = tval[LOT_TILE[v]]
            if seen[val] == 1 and val > 0:
                owner = game.owner_at(v)
                res.location.append((v, owner, val))
                res.totals[owner] += val
