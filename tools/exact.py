"""Two exact-score Alien City baselines, written from the rules (desktop only).

Both judge a position by the **exact score as if the game ended now**
(``aliencity.scoring.score``: claimed towers' customers x distance to the
competition, green bonuses by the rule set's tie rule, the classic location
bonus when it is on), from the mover's side, plus **half the value of the
best unclaimed towers** each player could still cap: every unclaimed
tower's points if it were claimed now (customers x distance, clarification
10 when it has no rival), best first; each player counts the best
``min(caps, pieces left)`` of them (both from the same list). Nothing is
left to claim once the game is over.

- ``exact`` (``choose``): one ply. It plays the build with the best value,
  then caps the unclaimed tower that adds most to its exact score when
  that adds 20 points or more, or when its caps would otherwise go unused
  (no more pieces left than caps).
- ``exact2`` (``choose2``): two plies within a time budget (about 1 s a
  move by default). Its builds are ordered by their one-ply value and each
  is answered by every reply of the other player (alpha-beta: a build is
  dropped as soon as one reply shows it cannot beat the best so far; the
  replies that refuted earlier builds are tried first). It claims late:
  it holds its caps until it has at most caps + 2 pieces left, then caps
  one of the best three unclaimed towers (by points) each turn, the claim
  being searched with the build. When the time runs out it plays the best
  build whose replies were all seen, else the best one-ply build.

    import exact
    game.apply(exact.choose(game, rng))                          # exact
    game.apply(exact.choose2(game, rng, deadline_us, now_us))    # exact2

Each answers the engine's decisions one at a time: a build, then at the
claim point after it the claim (exact works it out there; exact2 keeps
the one its search chose with the build). They see the position only
through the engine contract (``legal``, ``apply``, ``undo``, ``actor``,
``claiming``, ``claimable``, ``kind_at``) and the street distances of its
analysis; the game is left as it was found.
"""

from array import array

import paths  # noqa: F401
from aliencity import scoring
from aliencity.engine import MAX_MOVES
from aliencity.geometry import KIND_COLOUR, NKINDS, NLOTS, NONE
from aliencity.moves import NO_CLAIM, claim, lot_of

CAP_WORTH = 20  # exact caps a tower adding this many points or more
LATE = 2  # exact2 claims once it has at most caps + LATE pieces left
CHOICES = 3  # ... one of the best CHOICES towers a turn
EXACT2_SECONDS = 1.0
_FAR = 255


class Scratch:
    """Buffers for one player (no sharing between games in a process)."""

    def __init__(self):
        self.moves = array("H", [0] * MAX_MOVES)
        self.replies = array("H", [0] * MAX_MOVES)
        self.sdist = bytearray(NLOTS)
        self.queue = bytearray(NLOTS)
        self.colour = bytearray(NLOTS)
        self.history = {}  # reply move -> how often it refuted a build
        self.plan = None   # exact2: (builds made, lot, cap) of its last build


def pieces_left(game, p):
    return sum(game.supply[p * NKINDS:(p + 1) * NKINDS])


def _colours(game, out):
    """out[v]: colour of the structure on v, 255 on an empty lot; returns
    the number of empty lots."""
    empty = 0
    for v in range(NLOTS):
        k = game.kind_at(v)
        if k < 0:
            out[v] = _FAR
            empty += 1
        else:
            out[v] = KIND_COLOUR[k]
    return empty


def tower_points(game, lot, s, empty):
    """Points of the tower on ``lot`` if it were claimed now (customers x
    distance to the competition). Needs a fresh ``game.analyse()`` and
    ``s.colour`` filled by ``_colours``."""
    sdist = s.sdist
    game.streets.distances(game.lots, lot, sdist, s.queue)
    col = s.colour
    c = col[lot]
    cust = 0
    dist = _FAR
    for w in range(NLOTS):
        d = sdist[w]
        if d == _FAR:
            continue
        if col[w] != c:
            if d <= 2:
                cust += 1
        elif d < dist and game.kind_at(w) < 3:
            dist = d
    if dist == _FAR:
        dist = empty + 1  # clarification 10: no rival in the city
    return cust * dist


def unclaimed_points(game, s):
    """[(points, lot)] of every unclaimed tower, best first."""
    game.analyse()
    empty = _colours(game, s.colour)
    out = [(tower_points(game, v, s, empty), v)
           for v in range(NLOTS) if game.claimable(v)]
    out.sort(reverse=True)
    return out


def evaluate(game, p, s):
    """The baselines' value of the position for player p (points)."""
    t = scoring.score(game, s.sdist, s.queue).totals
    v = t[p] - t[1 - p]
    if game.over():
        return v
    pts = unclaimed_points(game, s)
    kp = min(game.caps[p], pieces_left(game, p))
    kq = min(game.caps[1 - p], pieces_left(game, 1 - p))
    pot = sum(x[0] for x in pts[:kp]) - sum(x[0] for x in pts[:kq])
    return v + pot / 2


def _exact_total(game, p, s):
    t = scoring.score(game, s.sdist, s.queue).totals
    return t[p] - t[1 - p]


_scratch = {}


def _get(key):
    s = _scratch.get(key)
    if s is None:
        s = _scratch[key] = Scratch()
    return s


def _builds(game, s, rng):
    n = game.legal(s.moves)
    moves = list(s.moves[:n])
    rng.shuffle(moves)  # ties go to the first in a random order
    return moves


def choose(game, rng, scratch=None):
    """exact: the move for actor(): a build, or at a claim point the claim."""
    s = scratch or _get("exact")
    p = game.actor()
    if game.claiming():
        return _claim(game, p, s)
    best = None
    bv = None
    for m in _builds(game, s, rng):
        game.apply(m)
        v = evaluate(game, p, s)
        game.undo()
        if bv is None or v > bv:
            bv = v
            best = m
    return best


def _claim(game, p, s):
    """exact's claim after p's build: the tower adding most to its exact
    score, if 20 points or more or its caps would go unused; else none."""
    base = _exact_total(game, p, s)
    gain = None
    cap = NONE
    for v in range(NLOTS):
        if game.claimable(v):
            game.apply(claim(v))
            g = _exact_total(game, p, s) - base
            game.undo()
            if gain is None or g > gain:
                gain = g
                cap = v
    if cap != NONE and gain < CAP_WORTH and game.caps[p] < pieces_left(game, p):
        cap = NONE
    return NO_CLAIM if cap == NONE else claim(cap)


def _back(game, n):
    """Take back every move after build n."""
    while game.nbuilds > n:
        game.undo()


def _options(game, p, s, rng, late, deadline_us, now_us):
    """exact2's root: [(one-ply value, build, cap)], best first; cut short
    at the deadline."""
    out = []
    for m in _builds(game, s, rng):
        if out and now_us() >= deadline_us:
            break
        game.apply(m)
        if late and game.claiming():
            for _, v in unclaimed_points(game, s)[:CHOICES]:
                game.apply(claim(v))
                out.append((evaluate(game, p, s), m, v))
                game.undo()
        else:
            out.append((evaluate(game, p, s), m, NONE))
        game.undo()
    out.sort(key=lambda o: -o[0])  # stable: ties keep the random order
    return out


def _worst_reply(game, p, s, alpha, deadline_us, now_us):
    """After p's move, the lowest value (p's view) a reply of the other
    player leaves; stops at the first reply at or below ``alpha`` (the
    build cannot beat the best so far). None when the deadline passed."""
    q = game.to_move
    if game.over() or q == p:
        return evaluate(game, p, s)  # no reply: p builds again or it is over
    n = game.legal(s.replies)
    hist = s.history
    replies = sorted(s.replies[:n], key=lambda r: -hist.get(r, 0))
    low = None
    for r in replies:
        if now_us() >= deadline_us:
            return None
        game.apply(r)
        v = evaluate(game, p, s)
        game.undo()
        if low is None or v < low:
            low = v
            if alpha is not None and low <= alpha:
                hist[r] = hist.get(r, 0) + 1
                break
    return low


def choose2(game, rng, deadline_us, now_us, scratch=None):
    """exact2: the move for actor(), by ``deadline_us`` on the clock
    ``now_us()`` (microseconds): a build (its claim kept for the claim
    point after it), or at a claim point that claim."""
    s = scratch or _get("exact2")
    p = game.actor()
    n0 = game.nbuilds
    if game.claiming():
        plan = s.plan
        s.plan = None
        if plan is None or plan[:2] != (n0, game.build_at(n0 - 1)[2]):
            return _claim(game, p, s)     # a build exact2 did not choose
        return NO_CLAIM if plan[2] == NONE else claim(plan[2])
    caps = game.caps[p]
    late = caps > 0 and pieces_left(game, p) <= caps + LATE
    opts = _options(game, p, s, rng, late, deadline_us, now_us)
    best = opts[0]
    alpha = None
    for _, m, cap in opts:
        game.apply(m)
        if game.claiming():
            game.apply(NO_CLAIM if cap == NONE else claim(cap))
        v = _worst_reply(game, p, s, alpha, deadline_us, now_us)
        _back(game, n0)
        if v is None:
            break
        if alpha is None or v > alpha:
            alpha = v
            best = (v, m, cap)
    _, m, cap = best
    s.plan = (n0 + 1, lot_of(m), cap)
    return m
