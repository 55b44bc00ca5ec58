"""Alien City rules engine: the position, legal moves, claims, undo; it
answers the engine contract (firmware/contract.py).

The whole position lives in a few bytearrays indexed by lot or tile number
(see ``state_bytes``). One street analysis (``streets.Streets``) per
position serves every question about it: the legal builds of both players,
"why not?" for any build, and whose turn comes next.

A move is a small int that aliencity/moves.py, the codec, packs and takes
apart: a build, or after a build that leaves its builder a cap and a tower
to cap, the builder's claim (``moves.claim(lot)``) or ``moves.NO_CLAIM``
(the claim point: ``claiming()``; ``actor()`` is then the builder).
``undo`` takes back one move: a claim (or its refusal), else a build.
Only this module writes the game's arrays; everyone else asks it
(``kind_at``, ``owner_at``, ``claimable``, ``build_at``). Hot code (legal
builds, apply and undo, the AI's search through them): it shifts and masks
moves, lot bytes and history entries by the codec's numbers, copied below
by tools/consts.py.
"""

from micropython import const

from aliencity import streets as st
from aliencity.geometry import (
    BLACK,
    CAPS,
    KIND_COLOUR,
    LOT_TILE,
    NKINDS,
    NLOTS,
    NONE,
    NTILES,
    START_SUPPLY,
    TILE_LOTS,
)
from lazy import forget

# consts from aliencity.moves (tools/consts.py; do not edit)
_CAP = const(24)
_CAP_AT = const(3)
_CLAIM = const(7)
_KIND = const(7)
_KIND_AT = const(7)
_LOT = const(127)
_NO_CLAIM = const(1023)
_PLAYER_AT = const(7)
# end consts

STANDALONE = const(0)
CLASSIC = const(1)
RULES_NAMES = ("standalone", "classic")
OVER = const(2)  # to_move once neither player can build
NOBODY = const(255)  # actor() once the game is over
MAX_BUILDS = const(38)  # 19 structures per player
MAX_MOVES = const(560)  # NKINDS * NLOTS: room for every legal build
# A build's claim in the history: a lot (capped), NONE (no claim point),
# or one of these.
_PENDING = const(254)   # the claim point is open
_DECLINED = const(253)  # NO_CLAIM


def _reason(which, game, a, b):
    """A reason in player words from aliencity/why.py, loaded for this."""
    from aliencity import why
    try:
        return getattr(why, which)(game, a, b)
    finally:
        why = None
        forget("aliencity.why")


class Game:
    """One game of Alien City.

    ``tiles``: 20 tile colours (0-3) from the top-left tile row by row;
    ``icons``: 20 icon corners (0 NW, 1 NE, 2 SW, 3 SE); ``values``: 20
    piecepack values (classic; zeros for standalone). ``first``: 0 W or 1 B.
    """

    def __init__(self, tiles, icons, values=None, rules=STANDALONE,
                 open_streets=False, location_bonus=False, first=1):
        self.rules = rules
        self.edits = 0     # position changes (apply, undo): the shell saves on a new count
        self.open_streets = bool(open_streets)
        self.location_bonus = bool(location_bonus)
        self.tcol = bytearray(tiles)
        self.ticon = bytearray(icons)
        self.tval = bytearray(values) if values else bytearray(NTILES)
        self.icon_lot = bytearray(NTILES)
        for t in range(NTILES):
            self.icon_lot[t] = TILE_LOTS[t * 4 + self.ticon[t]]
        self.first = first
        # Position: a byte per lot (0 empty, else 1 + kind, plus cap bits),
        # structures per tile, supplies (7 kinds per player), caps left.
        self.lots = bytearray(NLOTS)
        self.tcount = bytearray(NTILES)
        self.supply = bytearray(START_SUPPLY[0] + START_SUPPLY[1])
        self.caps = bytearray((CAPS, CAPS))
        # History: per build, lot | player << 7 and the capped lot (or NONE).
        self.hist = bytearray(2 * MAX_BUILDS)
        self.nbuilds = 0
        self.to_move = first
        # Derived from the position, recomputed when it changes.
        self.streets = st.Streets()
        self._fresh = False
        self.free = bytearray(NLOTS)  # the lots where something may be built
        self.nfree = 0
        self.tfree = bytearray(NTILES)
        self.home = bytearray(4)  # per colour: a free lot on such a tile + 1

    # -- position queries ---------------------------------------------------

    def kind_at(self, lot):
        """Kind (0-6) of the structure on lot, or -1 if it is empty."""
        return (self.lots[lot] & _KIND) - 1

    def owner_at(self, lot):
        """Who capped the tower on lot (0 W, 1 B), or -1 if nobody."""
        c = self.lots[lot] & _CAP
        return -1 if c == 0 else (c >> _CAP_AT) - 1

    def claimable(self, lot):
        """Is there an unclaimed tower on lot (anyone's to cap)?"""
        v = self.lots[lot]
        return 1 <= (v & _KIND) <= 3 and not v & _CAP

    def claiming(self):
        """Is the last build's claim still to decide (a claim point: the
        builder caps a tower or plays NO_CLAIM)?"""
        n = self.nbuilds
        return n > 0 and self.hist[2 * n - 1] == _PENDING

    def builder(self):
        """The player who made the last build (-1 before the first)."""
        n = self.nbuilds
        return self.hist[2 * n - 2] >> _PLAYER_AT if n else -1

    def actor(self):
        """Who decides now: the builder at a claim point, else the player
        to build; NOBODY once the game is over."""
        if self.claiming():
            return self.builder()
        return NOBODY if self.to_move == OVER else self.to_move

    def over(self):
        return self.to_move == OVER

    def score(self):
        """The breakdown (aliencity/scoring.py's Score: towers, bonuses,
        ``totals``)."""
        from aliencity import scoring
        return scoring.score(self)

    def state_bytes(self):
        """Bytes of position state (arrays above; scratch space excluded)."""
        return (len(self.lots) + len(self.tcount) + len(self.supply)
                + len(self.caps) + len(self.hist) + len(self.tcol)
                + len(self.ticon) + len(self.tval) + len(self.icon_lot))

    # -- analysis -------------------------------------------------------------

    def analyse(self, naive=False):
        """Street verdicts, icon rule and free lots for the position.

        ``naive`` decides the street rule by one flood fill per lot instead
        of one articulation-point search (reference and benchmark only).
        """
        if self._fresh and not naive:
            return
        lots = self.lots
        s = self.streets
        if naive:
            s.analyse_naive(lots, self.open_streets)
        else:
            s.analyse(lots, self.open_streets)
        verdict = s.verdict
        why = s.why
        icon_lot = self.icon_lot
        # Icon last: the icon lot waits while another lot of its tile could
        # take a structure under the street rule (clarification 7).
        for t in range(NTILES):
            il = icon_lot[t]
            if verdict[il] == st.OK:
                for c in range(4):
                    j = TILE_LOTS[t * 4 + c]
                    if j != il and verdict[j] == st.OK:
                        verdict[il] = st.ICON
                        why[il] = j
                        break
        free = self.free
        tfree = self.tfree
        tcol = self.tcol
        home = self.home
        home[0] = home[1] = home[2] = home[3] = 0   # the four colours' first free lot
        for t in range(NTILES):
            tfree[t] = 0
        n = 0
        for v in range(NLOTS):
            if verdict[v] == st.OK:
                free[n] = v
                n += 1
                t = LOT_TILE[v]
                tfree[t] += 1
                if home[tcol[t]] == 0:
                    home[tcol[t]] = v + 1
        self.nfree = n
        self._fresh = not naive

    def legal(self, buf, naive=False):
        """Write every legal move of actor() into ``buf`` and return how
        many (0 when over): the builds of the player to move, or at a claim
        point a claim of each unclaimed tower and NO_CLAIM.

        ``buf`` is an ``array('H')`` of at least MAX_MOVES entries.
        Allocates nothing once warm.
        """
        if self.claiming():
            return self._claims(buf)
        p = self.to_move
        if p == OVER:
            return 0
        self.analyse(naive)
        sup = self.supply
        base = p * NKINDS
        free = self.free
        nf = self.nfree
        tcol = self.tcol
        tcount = self.tcount
        lt = LOT_TILE
        n = 0
        for c in range(3):
            if sup[base + c]:
                for i in range(nf):
                    v = free[i]
                    t = lt[v]
                    tc = tcol[t]
                    if tc == c or tc == BLACK or tcount[t] >= 2:
                        buf[n] = c << _KIND_AT | v
                        n += 1
        for c in range(4):
            k = 3 + c
            if sup[base + k]:
                kc = k << _KIND_AT
                if self.home[c]:
                    for i in range(nf):
                        v = free[i]
                        if tcol[lt[v]] == c:
                            buf[n] = kc | v
                            n += 1
                else:
                    for i in range(nf):
                        buf[n] = kc | free[i]
                        n += 1
        if naive:
            self._fresh = False
        return n

    def _claims(self, buf):
        n = 0
        lots = self.lots
        for v in range(NLOTS):
            x = lots[v]
            if 1 <= (x & _KIND) <= 3 and not x & _CAP:
                buf[n] = _CLAIM << _KIND_AT | v
                n += 1
        buf[n] = _NO_CLAIM
        return n + 1

    def can_build(self, p):
        """Has player p a piece with at least one legal lot?"""
        self.analyse()
        nf = self.nfree
        if nf == 0:
            return False
        sup = self.supply
        base = p * NKINDS
        for c in range(3, NKINDS):
            if sup[base + c]:
                return True  # a dome always has a lot (home or fallback)
        free = self.free
        tcol = self.tcol
        tcount = self.tcount
        for c in range(3):
            if sup[base + c]:
                for i in range(nf):
                    t = LOT_TILE[free[i]]
                    tc = tcol[t]
                    if tc == c or tc == BLACK or tcount[t] >= 2:
                        return True
        return False

    def distances(self, lot, sdist, queue, street=None):
        """Street distances from the structure on ``lot`` to every
        structure, into ``sdist`` (255 where none), and, when given, every
        street lot's own distance into ``street`` (bytearrays of NLOTS;
        ``queue`` is scratch). See ``Streets.distances``."""
        self.analyse()
        self.streets.distances(self.lots, lot, sdist, queue, street)

    # -- why not ----------------------------------------------------------------

    def why_not(self, m):
        """None if actor() may make move ``m`` now, else the reason in
        player words, e.g. 'H9: would cut street lot H10 off the network'
        (aliencity/why.py, loaded only to word a reason: a legal move,
        which the AI makes thousands of per search, allocates nothing)."""
        k = m >> _KIND_AT
        lot = m & _LOT
        if self.claiming():
            if k != _CLAIM:
                return _reason("claim_first", self, self.builder(), lot)
            if m == _NO_CLAIM or self._may_cap(self.builder(), lot):
                return None
            return _reason("cap", self, self.builder(), lot)
        if k == _CLAIM:
            return _reason("claim", self, self.builder(), lot)
        if self.may_build(k, lot):
            return None
        return _reason("build", self, k, lot)

    def may_build(self, kind, lot):
        """May the player to move build ``kind`` on ``lot``? (why_not's
        test without the words; allocates nothing)"""
        p = self.to_move
        if (p == OVER or kind < 0 or kind >= NKINDS or lot < 0 or lot >= NLOTS
                or not self.supply[p * NKINDS + kind]):
            return False
        self.analyse()
        if self.streets.verdict[lot] != st.OK:
            return False
        t = LOT_TILE[lot]
        tc = self.tcol[t]
        c = KIND_COLOUR[kind]
        if kind >= 3:
            return tc == c or not self.home[c]
        return tc == c or tc == BLACK or self.tcount[t] >= 2

    def _may_cap(self, p, lot):
        return self.caps[p] > 0 and 0 <= lot < NLOTS and self.claimable(lot)

    # -- moves ------------------------------------------------------------------

    def apply(self, m):
        """Make move ``m`` for actor(). Raises ValueError with the reason
        if it is illegal; the position is then unchanged."""
        err = self.why_not(m)
        if err:
            raise ValueError(err)
        self.edits += 1
        i = 2 * self.nbuilds - 1
        if m == _NO_CLAIM:
            self.hist[i] = _DECLINED
        elif m >> _KIND_AT == _CLAIM:
            lot = m & _LOT
            p = self.builder()
            self.lots[lot] |= 1 << _CAP_AT + p
            self.caps[p] -= 1
            self.hist[i] = lot
        else:
            self._place(self.to_move, m >> _KIND_AT, m & _LOT)

    def _place(self, p, kind, lot):
        self.lots[lot] = kind + 1
        self.tcount[LOT_TILE[lot]] += 1
        self.supply[p * NKINDS + kind] -= 1
        i = 2 * self.nbuilds
        self.hist[i] = lot | p << _PLAYER_AT
        self.nbuilds += 1
        self._fresh = False
        # Whose turn: the other player if they can build, else the same
        # player again, else nobody (clarification 14).
        q = 1 - p
        if self.can_build(q):
            self.to_move = q
        elif self.can_build(p):
            self.to_move = p
        else:
            self.to_move = OVER
        # A claim point after the build, unless it ended the game
        # (clarification 13), the builder has no cap or nothing is left
        # to cap.
        self.hist[i + 1] = _PENDING if (self.to_move != OVER and self.caps[p]
                                        and self._any_unclaimed()) else NONE

    def _any_unclaimed(self):
        for v in self.lots:
            if 1 <= (v & _KIND) <= 3 and not v & _CAP:
                return True
        return False

    def undo(self):
        """Take back the last move: a claim (or NO_CLAIM), opening its
        claim point again, else the last build. False if none."""
        n = self.nbuilds
        if n == 0:
            return False
        self.edits += 1
        i = 2 * n - 2
        h = self.hist[i]
        p = h >> _PLAYER_AT
        cap = self.hist[i + 1]
        if cap == _DECLINED:
            self.hist[i + 1] = _PENDING
            return True
        if cap < NLOTS:
            self.lots[cap] &= ~_CAP
            self.caps[p] += 1
            self.hist[i + 1] = _PENDING
            return True
        lot = h & _LOT
        self.nbuilds = n - 1
        kind = (self.lots[lot] & _KIND) - 1
        self.lots[lot] = 0
        self.tcount[LOT_TILE[lot]] -= 1
        self.supply[p * NKINDS + kind] += 1
        self.to_move = p
        self._fresh = False
        return True

    def build_at(self, i):
        """The i-th build of the game as (player, kind, lot, cap): cap the
        lot its builder capped with it, or NONE."""
        h = self.hist[2 * i]
        lot = h & _LOT
        cap = self.hist[2 * i + 1]
        return h >> _PLAYER_AT, (self.lots[lot] & _KIND) - 1, lot, cap if cap < NLOTS else NONE

    # -- the game as bytes ------------------------------------------------------

    def state(self):
        """The builds as bytes, 3 a build: kind, lot, cap or NONE (a claim
        still to decide counts as none). With the city (the constructor's
        arguments) they are the game: what a save keeps."""
        out = bytearray(3 * self.nbuilds)
        for i in range(self.nbuilds):
            _p, out[3 * i], out[3 * i + 1], out[3 * i + 2] = self.build_at(i)
        return bytes(out)

    def load(self, data):
        """The game of ``state()``'s bytes on this city: every build (and
        its claim, or none) made again from the start. ValueError naming
        the build that does not hold up; the game is then at the builds
        before it."""
        while self.undo():
            pass
        if len(data) % 3:
            raise ValueError("builds cut short")
        for j in range(0, len(data), 3):
            kind = data[j]
            lot = data[j + 1]
            cap = data[j + 2]
            if kind >= _CLAIM or lot >= NLOTS or (cap != NONE and cap >= NLOTS):
                raise ValueError("build %d unreadable" % (j // 3 + 1))
            self.again(kind, lot, cap)

    def again(self, kind, lot, cap):
        """One build of ``state()``'s bytes made again: build ``kind`` on
        ``lot``, then at its claim point cap ``cap`` (NONE: NO_CLAIM);
        ValueError if either is illegal (the build then stays made)."""
        self.apply(kind << _KIND_AT | lot)
        if cap != NONE and cap >= NLOTS:   # no lot: no claim move names it
            raise ValueError(_reason("cap", self, self.builder(), cap))
        if self.claiming():
            self.apply(_NO_CLAIM if cap == NONE else _CLAIM << _KIND_AT | cap)
        elif cap != NONE:
            self.apply(_CLAIM << _KIND_AT | cap)     # refused: the reason no claim opened
