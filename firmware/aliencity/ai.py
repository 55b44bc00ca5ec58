"""Computer opponents for Alien City: levels random, easy, medium, hard.

    from aliencity import ai
    m = ai.choose(game, "hard", rng, deadline_us=now() + 700000,
                  now_us=now, progress=show, should_stop=pressed)
    game.apply(m)      # a build; then, at its claim point, once more:
    game.apply(ai.choose(game, "hard", rng))   # the claim it was chosen with

Every level decides the build and the claim together, and answers the
claim point that follows its build from that plan (``Brain.plan``: no
search, the engine contract's one move a call); at a claim point after a
build it did not choose (a human's, for a hint) it judges the claims on
the position as it is, as its search judges a claim. ``rng`` is a
``prng.Rng`` (ties and the random level). The engine has no clock, so the
caller hands one in: ``now_us()`` in microseconds (device:
``time.monotonic_ns() // 1000``; MicroPython VM: ``lane.ticks_us``;
CPython: ``time.perf_counter_ns() // 1000``), and ``deadline_us`` on that
clock. ``progress(fraction)`` is called while ``hard`` searches (NeoPixels);
``should_stop()`` returning True ends the search with the best move so far.

- ``random``: a random legal build; now and then a random claim.
- ``easy``: one ply, judged by the score as if the game ended now (claims
  at once, like a greedy player), on cheap tables (``ai_eval``); it looks
  at ``EASY_LOOK`` builds in ``EASY_OF`` only (from a random start), so it
  misses some.
- ``hard``: two plies with the full evaluation (future competition, the
  other player's threats, caps still to play, green bonuses): its best
  ``HARD_K`` builds by the cheap tables, each measured exactly with its
  best claim and answered by the other player's best reply (cheap tables,
  on that exact measurement); after that reply (``DEEP``) the position is
  measured again and judged by our best answer (cheap tables). In order,
  until the deadline or ``should_stop``.
  Its evaluation also sees walls (a build that lengthens the street path
  between a tower and its rival) and the customers to come (open lots
  near a tower).
- ``medium``: the same search over its best ``MEDIUM_K`` builds only, two
  plies; it sees walls but not the customers to come.

Medium and hard hold their caps until late (``HARD_LATE``,
``MEDIUM_LATE``): a tower claimed before its same-colour rivals are built
sees its distance, and its score, collapse.

The game is left as it was found. No recursion; buffers are allocated once
(``Brain``) and reused.
"""

from array import array

from micropython import const

from aliencity.ai_eval import Tables
from aliencity.engine import OVER
from aliencity.geometry import BLACK, KIND_COLOUR, NKINDS, NLOTS, NONE
from aliencity.moves import claim, kind_of, lot_of

LEVELS = ("random", "easy", "medium", "hard")
HARD_K = const(12)
MEDIUM_K = const(3)
EASY_LOOK = const(2)  # easy looks at EASY_LOOK builds in EASY_OF
EASY_OF = const(5)
HARD_WALLS = const(2)  # see walls: 0 no, 1 at the root, 2 in every ply
MEDIUM_WALLS = const(2)
HARD_POT = const(3)  # tenths of a customer an open lot near a tower counts
MEDIUM_POT = const(0)
DEEP = const(1)  # hard: a third ply after the best reply
# Claims wait until the player has at most caps + LATE pieces left (before
# the build; -1: claim at any time). 6 for both: tuned against tools/exact.py
# (docs/ai.md, Strength); 8 and 10 were no better.
HARD_LATE = const(6)
MEDIUM_LATE = const(6)
_WORST = const(-(1 << 29))
# consts from aliencity.moves (tools/consts.py; do not edit)
_NO_CLAIM = const(1023)
# end consts


_BIT = b"\x01\x02\x04\x08"  # a colour's bit (R B G K) in most_builds' sets
# The deal's city: 5 tiles of each colour (deal.deal)
_DEALT = b"\x00\x00\x00\x00\x00\x01\x01\x01\x01\x01\x02\x02\x02\x02\x02\x03\x03\x03\x03\x03"


def most_builds(tcol):
    """The most legal builds a position on a city of tile colours ``tcol``
    can have, as the engine's legal() lists them (a dealt city: 220, where
    MAX_MOVES, 7 kinds x 80 lots, holds any city). A free lot takes the
    dome of its tile's colour, the 3 towers on a black tile or on a tile
    holding 2 structures (then at most 2 free lots), else its colour's
    tower, and the dome of each colour with no free lot left (k colours,
    whose tiles then count none): at most 4 x (4 + k) on a black tile, 4 x
    (2 + k) on another (2 x (4 + k) once it holds two is no more)."""
    most = 0
    for s in range(16):  # the colours with no free lot left
        k = 0
        for c in range(4):
            if s & _BIT[c]:
                k += 1
        m = 0
        for c in tcol:
            if not s & _BIT[c]:
                m += k + (4 if c == BLACK else 2)
        if m > most:
            most = m
    return 4 * most


class Brain:
    """Buffers for the search (about 9.4 KB for a dealt city, allocated
    once): room for ``most`` moves (most_builds)."""

    def __init__(self, most):
        self.buf = array("H", bytes(2 * most))
        self.buf2 = array("H", bytes(2 * most))
        self.val = array("i", bytes(4 * most))
        self.bflag = 0  # _quick's best: 1 when best with a cap on the new tower
        self.t = Tables()
        self.t2 = Tables(self.t)
        self.cm = array("H", [0] * HARD_K)  # hard: candidate builds
        self.cc = bytearray(HARD_K)  # and their claims
        self.cv = array("i", [0] * HARD_K)
        self.rm = 0  # the best reply found (build, claim)
        self.rc = NONE
        # The claim chosen with the last build chosen, for its claim point:
        # the builds made then (plan_at) and that build's lot.
        self.plan = NONE
        self.plan_at = 0
        self.plan_lot = NONE


_brain = None


def brain(game=None):
    """The search's buffers, made at the first computer move or hint and
    kept until release(); room for game's city (None: a dealt one)."""
    global _brain
    most = most_builds(_DEALT if game is None else game.tcol)
    if _brain is None or len(_brain.buf) < most:
        _brain = None
        _brain = Brain(most)
    return _brain


def release():
    """Drop the buffers (to give the heap back between games)."""
    global _brain
    _brain = None


def choose(game, level, rng, deadline_us=None, now_us=None, progress=None,
           should_stop=None):
    """The move for actor(): a build, or at a claim point a claim or
    NO_CLAIM."""
    if game.over():
        raise ValueError("the game is over")
    if level not in LEVELS:
        raise ValueError("unknown level " + str(level))
    b = brain(game)
    if game.claiming():
        m = _claim_move(game, level, b, rng)
    else:
        m = _build(game, level, b, rng, deadline_us, now_us, progress, should_stop)
    if progress:
        progress(1)
    return m


def _build(game, level, b, rng, deadline_us, now_us, progress, should_stop):
    """The build, its claim kept in b.plan for the claim point after it."""
    n = game.legal(b.buf)
    if level == "random":
        m = b.buf[rng.below(n)]
        cap = _random_cap(game, m, rng)
    elif level == "hard":
        m, cap = _hard(game, b, n, rng, deadline_us, now_us, progress,
                       should_stop, HARD_K)
    elif level == "medium":
        m, cap = _hard(game, b, n, rng, deadline_us, now_us, progress,
                       should_stop, MEDIUM_K)
    else:
        b.t.potf = 0  # whatever a search before left set
        b.t.paths = False
        b.t.setup(game, True)      # easy judges by the score as if the game ended now
        m, cap = _easy(game, b.t, b, b.buf, n, rng)
    b.plan = cap
    b.plan_at = game.nbuilds + 1
    b.plan_lot = lot_of(m)
    return m


def _claim_move(game, level, b, rng):
    """At a claim point: the claim planned with this build, else (a build
    this level did not choose) the best claim on the position now."""
    n = game.nbuilds
    if b.plan_at == n and b.plan_lot == game.build_at(n - 1)[2]:
        cap = b.plan
    elif level == "random":
        cap = _random_cap(game, _NO_CLAIM, rng)
    else:
        late = HARD_LATE if level == "hard" else MEDIUM_LATE if level == "medium" else -1
        t = b.t2
        t.setup(game, False)
        cap = _best_cap(game, t, game.builder(), False, late)[1]
    b.plan_at = 0
    return _NO_CLAIM if cap == NONE or not game.claimable(cap) else claim(cap)


def _make(game, m, cap):
    """Build m, then claim ``cap`` (NONE: no claim) if its claim point opens."""
    game.apply(m)
    if game.claiming():
        game.apply(_NO_CLAIM if cap == NONE else claim(cap))


def _back(game, n):
    """Take back every move after build n."""
    while game.nbuilds > n:
        game.undo()


def _random_cap(game, m, rng):
    """Now and then a claim on an unclaimed tower, build m's new tower
    among them (m NO_CLAIM: at the claim point, the build made)."""
    p = game.actor()
    if not game.caps[p] or rng.below(3):
        return NONE
    lot = lot_of(m)
    tower = kind_of(m) < 3
    cands = 0
    for v in range(NLOTS):
        if game.claimable(v) or (v == lot and tower):
            cands += 1
    if cands == 0:
        return NONE
    r = rng.below(cands)
    for v in range(NLOTS):
        if game.claimable(v) or (v == lot and tower):
            if r == 0:
                return v
            r -= 1
    return NONE


_claimed = bytearray(2)  # [0] set by _build_value: 1 if claiming the new tower won;
#                          [1] by _claim_best: the lot of the best claim or NONE


def _build_value(t, base, m, p, can_cap):
    """Cheap value of build m for player p (their view, on tables t set up
    for the position; ``base`` is the value after any build): the better of
    claiming the new tower or not, which ``_claimed[0]`` tells."""
    kind = kind_of(m)
    lot = lot_of(m)
    c = KIND_COLOUR[kind]
    _claimed[0] = 0
    if kind >= 3:
        return base + t.dome_gain(lot, c)
    t.begin()
    t.try_tower(lot, c)
    v = t.value(p, 1 - p) + t.path_gain(lot)
    if can_cap:
        nt = t.n  # the new tower's index in the candidate tables
        t.cown[nt] = p
        t.caps[p] -= 1
        v2 = t.value(p, 1 - p)
        t.caps[p] += 1
        if v2 > v:
            _claimed[0] = 1
            return v2
    return v


def _quick(game, t, b, moves, n, p, rng, look=1, of=1, late=-1):
    """Judge the builds in ``moves`` (b.val; ``look`` in ``of``, from a
    random start); index of the best (b.bflag: it caps its new tower)."""
    val = b.val
    bflag = 0
    t.begin()
    t.cempty -= 1  # as after any build
    base = t.value(p, 1 - p)
    can_cap = _window(game, p, late, 0)
    best = 0
    bv = _WORST
    start = rng.below(n) if n > 1 else 0
    for j in range(n):
        if (j * look) % of >= look:
            continue  # easy overlooks some builds
        i = start + j
        if i >= n:
            i -= n
        v = _build_value(t, base, moves[i], p, can_cap)
        val[i] = v
        if v > bv:
            bv = v
            best = i
            bflag = _claimed[0]
    b.bflag = bflag
    return best


def _claim_best(t, p, nxt, n, bv):
    """The better of bv and p claiming one of the first n towers of tables
    t still unclaimed (each tried on the tables, then put back); the lot
    claimed for it, or NONE, in ``_claimed[1]``. Allocates nothing."""
    cown = t.cown
    _claimed[1] = NONE
    for x in range(n):
        if cown[x] != 2:
            continue
        cown[x] = p
        t.caps[p] -= 1
        v = t.value(p, nxt)
        t.caps[p] += 1
        cown[x] = 2
        if v > bv:
            bv = v
            _claimed[1] = t.tlot[x]
    return bv


def _with_caps(game, t, m, p):
    """Best claim for build m: (value, cap lot or NONE)."""
    kind = kind_of(m)
    lot = lot_of(m)
    c = KIND_COLOUR[kind]
    t.begin()
    if kind >= 3:
        t.try_dome(lot, c)
    else:
        t.try_tower(lot, c)
    bv = t.value(p, 1 - p)
    if not game.caps[p]:
        return bv, NONE
    return _claim_best(t, p, 1 - p, t.cn, bv), _claimed[1]


def _top(b, n, k):
    """Indices of the k best values into b.cm, best first. Each one taken
    is marked in b.val by a value below any (the values are spent then)."""
    val = b.val
    out = 0
    res = b.cm
    while out < k and out < n:
        bi = -1
        bv = _WORST - 1
        for i in range(n):
            if val[i] > bv:
                bv = val[i]
                bi = i
        val[bi] = _WORST - 2
        res[out] = bi
        out += 1
    return out


def _left(game, p):
    """Pieces player p still holds."""
    sup = game.supply
    n = 0
    for k in range(p * NKINDS, p * NKINDS + NKINDS):
        n += sup[k]
    return n


def _window(game, p, late, built):
    """May p claim with this build? Only with at most caps + ``late``
    pieces left before it (``built``: that build is on the board)."""
    caps = game.caps[p]
    return caps > 0 and (late < 0 or _left(game, p) + built <= caps + late)


def _best_cap(game, t, p, over, late):
    """On fresh tables t of the position after p's build: the best claim
    for p, (value, cap lot or NONE)."""
    nxt = p if over else game.to_move
    t.begin()
    bv = t.value(p, nxt)
    if over or not _window(game, p, late, 1):
        return bv, NONE
    return _claim_best(t, p, nxt, t.n, bv), _claimed[1]


def _easy(game, t, b, moves, n, rng):
    p = game.to_move
    best = _quick(game, t, b, moves, n, p, rng, EASY_LOOK, EASY_OF)
    m = moves[best]
    if b.bflag:
        return m, lot_of(m)
    if not game.caps[p]:
        return m, NONE
    return m, _with_caps(game, t, m, p)[1]


def _reply_value(game, b, q, deadline_us, now_us):
    """The best the player q to move can reach in one ply (their view), on
    b.t2 already set up for this position (cheap tables); None when the
    deadline passed first."""
    t = b.t2
    n = game.legal(b.buf2)
    if n == 0:
        t.begin()
        return t.value(q, 1 - q)
    t.begin()
    t.cempty -= 1
    base = t.value(q, 1 - q)
    can_cap = game.caps[q] > 0
    nt = t.n
    bv = _WORST
    moves = b.buf2
    for i in range(n):
        if i & 15 == 15 and now_us is not None and deadline_us is not None \
                and now_us() - deadline_us >= 0:
            return None
        m = moves[i]
        v = _build_value(t, base, m, q, can_cap)
        if v > bv:
            bv = v
            b.rm = m
            b.rc = lot_of(m) if _claimed[0] else NONE
    if can_cap:
        # The reply may also claim a tower already standing (one of ours
        # left open): try that on top of a do-nothing-special build.
        t.begin()
        bv = _claim_best(t, q, 1 - q, nt, bv)
        if _claimed[1] != NONE:
            b.rc = _claimed[1]
    return bv


def _third(game, b, p, rng, late):
    """Play the reply _reply_value found; the best p can reach then (p's
    view, cheap tables on an exact measurement)."""
    n0 = game.nbuilds
    _make(game, b.rm, b.rc)
    t = b.t2
    r = game.to_move
    t.setup(game, r == OVER)
    t.begin()
    if r == OVER:
        v = t.value(p, p)
    elif r != p:
        v = t.value(p, r)
    else:
        n = game.legal(b.buf2)
        v = b.val[_quick(game, t, b, b.buf2, n, p, rng, 1, 1, late)]
    _back(game, n0)
    return v


def _hard(game, b, n, rng, deadline_us, now_us, progress, should_stop, width):
    p = game.to_move
    t = b.t
    walls = HARD_WALLS if width == HARD_K else MEDIUM_WALLS
    late = HARD_LATE if width == HARD_K else MEDIUM_LATE
    t.paths = walls > 0
    b.t2.paths = walls > 1
    t.potf = b.t2.potf = HARD_POT if width == HARD_K else MEDIUM_POT
    t.setup(game)
    best = _quick(game, t, b, b.buf, n, p, rng, 1, 1, late)
    k = _top(b, n, width)
    cm = b.cm
    for j in range(k):
        cm[j] = b.buf[cm[j]]
    t2 = b.t2
    bm = b.buf[best]  # fallbacks: the cheap judgement, then the exact one
    bc = NONE
    ev = _WORST
    em = bm
    ec = NONE
    bv = _WORST
    for j in range(k):
        if j and now_us is not None and deadline_us is not None and now_us() - deadline_us >= 0:
            break
        if j and should_stop is not None and should_stop():
            break
        m = cm[j]
        n0 = game.nbuilds
        game.apply(m)
        q = game.to_move
        over = q == OVER
        t2.setup(game, over)
        v, cap = _best_cap(game, t2, p, over, late)
        if v > ev:
            ev = v
            em = m
            ec = cap
        if not over and q != p:
            if game.claiming():
                game.apply(_NO_CLAIM if cap == NONE else claim(cap))
            if cap != NONE:
                for x in range(t2.n):
                    if t2.tlot[x] == cap:
                        t2.town[x] = p
                t2.caps[p] -= 1
                t2.weights()
            v = _reply_value(game, b, q, deadline_us, now_us)
            if v is None:
                _back(game, n0)
                break
            v = -v
            if DEEP and width == HARD_K:
                v = _third(game, b, p, rng, late)
        _back(game, n0)
        if v > bv:
            bv = v
            bm = m
            bc = cap
        if progress:
            progress((j + 1) / k)
    if bv == _WORST:
        return em, ec
    return bm, bc
