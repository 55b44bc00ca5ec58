"""Alien City rules engine: the position, legal builds, claims, undo.

The whole position lives in a few bytearrays indexed by lot or tile number
(see ``state_bytes``). One street analysis (``streets.Streets``) per
position serves every question about it: the legal builds of both players,
"why not?" for any build, and whose turn comes next.

Moves are small ints: ``kind << 7 | lot`` (kind 0-6 as in geometry), made
and taken apart only by ``move``, ``move_kind`` and ``move_lot``. A claim
(capping a tower) belongs to the build before it: ``play(kind, lot)`` then
``claim(lot)``, or both at once with ``play(kind, lot, cap)``; ``undo``
takes back the build and its claim, ``unclaim`` the claim alone. Only this
module writes the game's arrays; everyone else asks it (``kind_at``,
``owner_at``, ``claimable``, ``can_claim``).
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

STANDALONE = const(0)
CLASSIC = const(1)
RULES_NAMES = ("standalone", "classic")
OVER = const(2)  # to_move once neither player can build
MAX_BUILDS = const(38)  # 19 structures per player
MAX_MOVES = const(560)  # NKINDS * NLOTS: room for every legal build
CAPPED = const(0x18)  # lot byte bits holding the cap: 0x08 W, 0x10 B


def _reason(which, game, a, b):
    """A reason in player words from aliencity/why.py, loaded for this."""
    from aliencity import why
    try:
        return getattr(why, which)(game, a, b)
    finally:
        why = None
        forget("aliencity.why")


def move(kind, lot):
    """The move number of building ``kind`` on ``lot``."""
    return kind << 7 | lot


def move_kind(m):
    return m >> 7


def move_lot(m):
    return m & 0x7F


def cap_owner(v):
    """Owner (0 W, 1 B) of the cap in lot byte v, or -1 if uncapped."""
    c = v & CAPPED
    return -1 if c == 0 else (c >> 3) - 1


class Game:
    """One game of Alien City.

    ``tiles``: 20 tile colours (0-3) from the top-left tile row by row;
    ``icons``: 20 icon corners (0 NW, 1 NE, 2 SW, 3 SE); ``values``: 20
    piecepack values (classic; zeros for standalone). ``first``: 0 W or 1 B.
    """

    def __init__(self, tiles, icons, values=None, rules=STANDALONE,
                 open_streets=False, location_bonus=False, first=1):
        self.rules = rules
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
        return (self.lots[lot] & 7) - 1

    def owner_at(self, lot):
        """Who capped the tower on lot (0 W, 1 B), or -1 if nobody."""
        return cap_owner(self.lots[lot])

    def claimable(self, lot):
        """Is there an unclaimed tower on lot (anyone's to cap)?"""
        v = self.lots[lot]
        return 1 <= (v & 7) <= 3 and not v & CAPPED

    def can_claim(self):
        """May the player who made the last build cap a tower now? (They
        have a cap left, have not capped one with this build, and it was
        not the last build of the game.)"""
        n = self.nbuilds
        if n == 0 or self.to_move == OVER or self.hist[2 * n - 1] != NONE:
            return False
        return self.caps[self.hist[2 * n - 2] >> 7] > 0

    def builder(self):
        """The player who made the last build (-1 before the first)."""
        n = self.nbuilds
        return self.hist[2 * n - 2] >> 7 if n else -1

    def over(self):
        return self.to_move == OVER

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
        """Write every legal build of the player to move into ``buf``.

        ``buf`` is an ``array('H')`` of at least MAX_MOVES entries; entries
        are ``move(kind, lot)``. Returns how many were written (0 when over).
        Allocates nothing once warm.
        """
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
                kc = c << 7
                for i in range(nf):
                    v = free[i]
                    t = lt[v]
                    tc = tcol[t]
                    if tc == c or tc == BLACK or tcount[t] >= 2:
                        buf[n] = kc | v
                        n += 1
        for c in range(4):
            if sup[base + 3 + c]:
                kc = (3 + c) << 7
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

    def why_not(self, kind, lot):
        """None if the player to move may build ``kind`` on ``lot``, else the
        reason in player words, e.g. 'H9: would cut street lot H10 off the
        network' (aliencity/why.py, loaded only to word a reason: a legal
        build, which the AI plays thousands of per search, allocates
        nothing)."""
        if self.may_build(kind, lot):
            return None
        return _reason("build", self, kind, lot)

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

    def cap_why_not(self, p, lot):
        """None if player p may cap ``lot`` now (after their build), else why.

        The caller has already placed the build; the game being over after
        it forbids the claim (clarification 13).
        """
        if (self.caps[p] and 0 <= lot < NLOTS and 0 <= (self.lots[lot] & 7) - 1 < 3
                and not self.lots[lot] & CAPPED and self.to_move != OVER):
            return None
        return _reason("cap", self, p, lot)

    # -- moves ------------------------------------------------------------------

    def play(self, kind, lot, cap=NONE):
        """Build ``kind`` on ``lot`` for the player to move, then cap ``cap``
        (a lot, or NONE for no claim). Raises ValueError with the reason if
        the build or the claim is illegal; the position is then unchanged."""
        err = self.why_not(kind, lot)
        if err:
            raise ValueError(err)
        self._place(self.to_move, kind, lot)
        if cap != NONE:
            try:
                self.claim(cap)
            except ValueError:
                self.undo()
                raise

    def claim(self, lot):
        """Cap the tower on ``lot`` for the player who made the last build
        (their claim of that build). ValueError with the reason if they may
        not; the position is then unchanged."""
        n = self.nbuilds
        if n == 0:
            raise ValueError(_reason("claim", self, -1, NONE))
        p = self.hist[2 * n - 2] >> 7
        if self.hist[2 * n - 1] != NONE:
            raise ValueError(_reason("claim", self, p, NONE))
        err = self.cap_why_not(p, lot)
        if err:
            raise ValueError(err)
        self.lots[lot] |= 0x08 << p
        self.caps[p] -= 1
        self.hist[2 * n - 1] = lot

    def unclaim(self):
        """Take back the last build's claim alone. False if it had none."""
        n = self.nbuilds
        if n == 0:
            return False
        i = 2 * n - 1
        cap = self.hist[i]
        if cap == NONE:
            return False
        self.lots[cap] &= 0xFF ^ CAPPED
        self.caps[self.hist[i - 1] >> 7] += 1
        self.hist[i] = NONE
        return True

    def _place(self, p, kind, lot):
        self.lots[lot] = kind + 1
        self.tcount[LOT_TILE[lot]] += 1
        self.supply[p * NKINDS + kind] -= 1
        i = 2 * self.nbuilds
        self.hist[i] = lot | (p << 7)
        self.hist[i + 1] = NONE
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

    def undo(self):
        """Take back the last build and its claim. False if none."""
        if self.nbuilds == 0:
            return False
        self.nbuilds -= 1
        i = 2 * self.nbuilds
        h = self.hist[i]
        lot = h & 0x7F
        p = h >> 7
        cap = self.hist[i + 1]
        if cap != NONE:
            self.lots[cap] &= 0xFF ^ CAPPED
            self.caps[p] += 1
        kind = (self.lots[lot] & 7) - 1
        self.lots[lot] = 0
        self.tcount[LOT_TILE[lot]] -= 1
        self.supply[p * NKINDS + kind] += 1
        self.to_move = p
        self._fresh = False
        return True

    def build_at(self, i):
        """The i-th build of the game as (player, kind, lot, cap)."""
        h = self.hist[2 * i]
        lot = h & 0x7F
        return h >> 7, (self.lots[lot] & 7) - 1, lot, self.hist[2 * i + 1]
