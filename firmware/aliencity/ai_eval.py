"""Position tables and the evaluation the computer opponents search with.

``Tables.setup(game)`` measures a position once: the lots copied into the
tables' own buffer (``cell``: 0 empty, else 1 + kind) through the engine's
queries, and for every tower the street distance to a structure on each
lot (a BFS per tower). A candidate build is judged without playing it:
``dome_gain``, or ``try_tower`` + ``value``. The whole evaluation is
described in docs/ai.md. No allocation once warm; values are integers in
tenths of a point.
"""

from array import array

from micropython import const

from aliencity.engine import CLASSIC
from aliencity.geometry import KIND_COLOUR, NB_LIST, NB_START, NKINDS, NLOTS

# consts from aliencity.geometry, aliencity.streets (tools/consts.py; do not edit)
FAR = const(255)
_GREEN = const(2)
# end consts

MAXT = const(16)  # towers in a city (14) and one candidate
NORIVAL = const(16)
THREAT = const(6)  # a claimed tower, the other player holding its colour
TPOOL = const(1)  # the threat on unclaimed towers too
BLOCK = const(1)  # a build blocks its street lot (customers)
# Tenths of its value an unclaimed tower counts for the player expected to
# cap it (medium, hard): 7 was worth about 10 points of score rate against
# `exact` on the tuning seeds (docs/ai.md); easy's greedy view counts it whole.
PICK = const(7)
POTRES = const(10)  # open lots: potf is in tenths, kept to 1/POTRES


class Tables:
    """Scratch space and tables of one position (about 3 KB)."""

    def __init__(self, share=None):
        """``share``: other Tables whose scratch (BFS, _near's marks) these
        use too (the search's two: one of them measures at a time)."""
        self.cell = bytearray(NLOTS)  # own copy of the lots: 0, or 1 + kind
        self.st = bytearray(NLOTS)  # 1 = street lot
        if share is None:
            self.dist = bytearray(NLOTS)  # BFS scratch
            self.queue = bytearray(NLOTS)
            self.mark = bytearray(NLOTS + 1)  # [NLOTS]: the stamp of _near's marks
            self.pmark = bytearray(NLOTS)  # _near: street lots counted
        else:
            self.dist = share.dist
            self.queue = share.queue
            self.mark = share.mark
            self.pmark = share.pmark
        self.sd = bytearray(MAXT * NLOTS)  # tower i -> structure on lot v
        self.tlot = bytearray(MAXT)
        self.tcol = bytearray(MAXT)
        self.town = bytearray(MAXT)  # 0 W, 1 B, 2 unclaimed
        self.tcust = bytearray(MAXT)
        self.tcomp = bytearray(MAXT)
        self.ccust = bytearray(MAXT)  # a candidate's copies
        self.ccomp = bytearray(MAXT)
        self.cown = bytearray(MAXT)
        self.n = 0  # towers in the position
        self.cn = 0  # towers in the candidate
        self.tleft = bytearray(6)  # towers left per player and colour
        self.left = bytearray(2)  # structures left per player
        self.caps = bytearray(2)
        self.pool = array("i", [0] * MAXT)  # unclaimed values, sorted
        self.pown = bytearray(MAXT)  # base: who would pick tower i (2 none)
        self.wgt = array("i", [0] * MAXT)  # base: worth of one customer
        self.empty = 0
        self.cempty = 0
        self.rules = 0
        self.to_move = 0
        self.greedy = False  # True: score as if the game ended now
        self.lloss = array("i", [0] * NLOTS)  # dome_gain: blocking costs
        self.lpath = array("i", [0] * NLOTS)  # and path gains (walls)
        self.trival = bytearray(MAXT)  # nearest same-colour tower
        self.pw = array("i", [0] * MAXT)  # base: worth of one comp step
        self.wown = bytearray(MAXT)  # base: owner or expected picker
        self.paths = False  # True: see walls (hard and medium searches)
        self.tpot = bytearray(MAXT)  # open street lots a build would make
        self.cpot = bytearray(MAXT)  # a customer on (and a candidate's)
        self.pot = 0  # set by _near
        self.potf = 0  # tenths a potential customer counts, at the start
        self.lstamp = bytearray(NLOTS)
        self.gen = 0

    # -- measuring a position -------------------------------------------------

    def setup(self, game, greedy=False):
        self.greedy = greedy
        game.analyse()
        streets = game.streets
        glots = game.lots  # read only, for the street test
        cell = self.cell
        st = self.st
        e = 0
        n = 0
        tlot = self.tlot
        tcol = self.tcol
        town = self.town
        for v in range(NLOTS):
            k = game.kind_at(v)
            if k < 0:
                e += 1
                cell[v] = 0
                st[v] = 1 if streets.is_street(glots, v) else 0
            else:
                cell[v] = k + 1
                st[v] = 0
                if k < 3:
                    tlot[n] = v
                    tcol[n] = k
                    o = game.owner_at(v)
                    town[n] = 2 if o < 0 else o
                    n += 1
        self.n = n
        self.empty = e
        self.rules = game.rules
        self.to_move = game.to_move
        sup = game.supply
        for p in range(2):
            t = 0
            for k in range(NKINDS):
                t += sup[p * NKINDS + k]
            self.left[p] = t
            for c in range(3):
                self.tleft[p * 3 + c] = sup[p * NKINDS + c]
            self.caps[p] = game.caps[p]
        for i in range(n):
            self._rows(i)
        sd = self.sd
        for i in range(n):
            c = tcol[i]
            base = i * NLOTS
            cu = 0
            po = 0
            for v in range(NLOTS):
                x = cell[v]
                if sd[base + v] <= 2:
                    if x:
                        if KIND_COLOUR[x - 1] != c:
                            cu += 1
                    elif st[v]:
                        po += 1
            self.tcust[i] = cu
            self.tpot[i] = po
            d = FAR
            r = 255
            for j in range(n):
                if j != i and tcol[j] == c and sd[base + tlot[j]] < d:
                    d = sd[base + tlot[j]]
                    r = j
            self.tcomp[i] = d
            self.trival[i] = r
        self.weights()

    def _bfs(self, src):
        """Street distances from the structure on src into self.dist (1 for
        the street lots next to it); returns the queue's length."""
        st = self.st
        dist = self.dist
        q = self.queue
        nbs = NB_START
        nbl = NB_LIST
        for v in range(NLOTS):
            dist[v] = FAR
        tail = 0
        for k in range(nbs[src], nbs[src + 1]):
            w = nbl[k]
            if st[w]:
                dist[w] = 1
                q[tail] = w
                tail += 1
        return tail

    def _rows(self, i):
        """BFS from tower i; row i of sd for every lot."""
        st = self.st
        dist = self.dist
        q = self.queue
        nbs = NB_START
        nbl = NB_LIST
        tail = self._bfs(self.tlot[i])
        head = 0
        while head < tail:
            v = q[head]
            head += 1
            d = dist[v] + 1
            for k in range(nbs[v], nbs[v + 1]):
                w = nbl[k]
                if st[w] and dist[w] == FAR:
                    dist[w] = d
                    q[tail] = w
                    tail += 1
        sd = self.sd
        base = i * NLOTS
        for v in range(NLOTS):
            m = FAR
            for k in range(nbs[v], nbs[v + 1]):
                d = dist[nbl[k]]
                if d < m:
                    m = d
            sd[base + v] = m

    def weights(self):
        """Base position: what one more customer of each tower is worth to
        the player to move (tenths), for ``dome_gain``."""
        self.gen = (self.gen + 1) & 0xFF
        if self.gen == 0:
            for v in range(NLOTS):
                self.lstamp[v] = 0
            self.gen = 1
        n = self.n
        self.begin()
        p = self.to_move & 1
        self.value(p, 1 - p)  # fills pown (who picks which unclaimed tower)
        wgt = self.wgt
        pick = 10 if self.greedy else PICK
        for i in range(n):
            o = self.cown[i]
            if o == 2:
                o = self.pown[i]
                w = 0 if o == 2 else pick
            else:
                w = 10
            cm = self._comp(i, o)
            wgt[i] = w * cm if o == p else -w * cm
            self.pw[i] = w * self.tcust[i] if o == p else -w * self.tcust[i]
            self.wown[i] = o

    # -- candidates ----------------------------------------------------------------

    def begin(self):
        """Start a candidate from the position's own tables."""
        n = self.n
        for i in range(n):
            self.ccust[i] = self.tcust[i]
            self.ccomp[i] = self.tcomp[i]
            self.cown[i] = self.town[i]
            self.cpot[i] = self.tpot[i]
        self.cn = n
        self.cempty = self.empty

    def dome_gain(self, lot, colour):
        """Value change (for the player to move) of a dome on lot."""
        sd = self.sd
        tcol = self.tcol
        wgt = self.wgt
        g = 0
        for i in range(self.n):
            if sd[i * NLOTS + lot] <= 2 and tcol[i] != colour:
                g += wgt[i]
        if BLOCK:
            if self.lstamp[lot] != self.gen:
                self._block(lot)
            g -= self.lloss[lot]
        return g

    def _block(self, lot):
        """Fill the caches of what blocking street lot ``lot`` does."""
        self.lstamp[lot] = self.gen
        self.lloss[lot] = self._loss(lot) - self._walls(lot)

    def path_gain(self, lot):
        """Value change (player to move) from the longer street paths
        between towers and their rivals once ``lot`` is built on."""
        if not self.paths:
            return 0
        if self.lstamp[lot] != self.gen:
            self._block(lot)
        return self.lpath[lot]

    def _walls(self, lot):
        """Weighted comp steps gained by blocking lot (longer rival paths);
        stored in lpath."""
        g = 0
        if self.paths and not self.greedy:
            sd = self.sd
            tcol = self.tcol
            st = self.st
            for i in range(self.n):
                w = self.pw[i]
                d = self.tcomp[i]
                if not w or d >= FAR:
                    continue
                j = self.trival[i]
                if sd[i * NLOTS + lot] + sd[j * NLOTS + lot] > d + 2:
                    continue
                o = self.wown[i]
                c0 = self._cap(d, tcol[i], o)
                if self._cap(d + 1, tcol[i], o) == c0:
                    continue  # capped: a longer path changes nothing
                st[lot] = 0
                nd = self._reach(i)
                st[lot] = 1
                if nd > d:
                    g += w * (self._cap(nd, tcol[i], o) - c0)
        self.lpath[lot] = g
        return g

    def _reach(self, i):
        """Street distance from tower i to its nearest rival (same colour),
        on the current street lots (BFS, stops at the first rival)."""
        st = self.st
        dist = self.dist
        q = self.queue
        cell = self.cell
        nbs = NB_START
        nbl = NB_LIST
        src = self.tlot[i]
        c = self.tcol[i] + 1  # the cell of a tower of that colour
        tail = self._bfs(src)
        head = 0
        while head < tail:
            v = q[head]
            head += 1
            d = dist[v]
            for k in range(nbs[v], nbs[v + 1]):
                x = nbl[k]
                if st[x]:
                    if dist[x] == FAR:
                        dist[x] = d + 1
                        q[tail] = x
                        tail += 1
                elif x != src and cell[x] == c:
                    return d
        return FAR

    def _loss(self, lot):
        """Weighted customers lost by blocking street lot ``lot``."""
        sd = self.sd
        st = self.st
        st[lot] = 0
        g = 0
        for i in range(self.n):
            if sd[i * NLOTS + lot] <= 2 and self.wgt[i]:
                g += self.wgt[i] * (self.tcust[i] - self._near(
                    self.tlot[i], self.tcol[i]))
        st[lot] = 1
        return g

    def try_dome(self, lot, colour):
        """Candidate: the base position plus a dome on lot (after begin())."""
        sd = self.sd
        tcol = self.tcol
        ccust = self.ccust
        self.cempty = self.empty - 1
        cell = self.cell
        st = self.st
        st[lot] = 0
        cell[lot] = 4 + colour
        for i in range(self.n):
            if sd[i * NLOTS + lot] <= 2:
                if BLOCK:
                    ccust[i] = self._near(self.tlot[i], tcol[i])
                    self.cpot[i] = self.pot
                elif tcol[i] != colour:
                    ccust[i] += 1
        cell[lot] = 0
        st[lot] = 1

    def try_tower(self, lot, colour):
        """Candidate: the base position plus a tower on lot (index cn - 1).
        Call begin() first."""
        n = self.n
        sd = self.sd
        tcol = self.tcol
        ccust = self.ccust
        ccomp = self.ccomp
        nb = n * NLOTS
        d2 = FAR
        for i in range(n):
            d = sd[i * NLOTS + lot]
            sd[nb + self.tlot[i]] = d
            if tcol[i] != colour:
                if d <= 2:
                    ccust[i] += 1
            else:
                if d < ccomp[i]:
                    ccomp[i] = d
                if d < d2:
                    d2 = d
        self.tlot[n] = lot
        tcol[n] = colour
        self.cown[n] = 2
        ccomp[n] = d2
        st = self.st
        cell = self.cell
        st[lot] = 0  # the lot stops being a street: customers again
        cell[lot] = colour + 1
        if BLOCK:
            for i in range(n):
                if sd[i * NLOTS + lot] <= 2:
                    ccust[i] = self._near(self.tlot[i], tcol[i])
                    self.cpot[i] = self.pot
        ccust[n] = self._near(lot, colour)
        self.cpot[n] = self.pot
        cell[lot] = 0
        st[lot] = 1
        self.cn = n + 1
        self.cempty = self.empty - 1

    def _near(self, v, colour):
        """Structures of another colour within street distance 2 of lot v;
        ``self.pot``: the street lots within 3 (a build there would be a
        customer)."""
        mark = self.mark
        pm = self.pmark
        s = (mark[NLOTS] + 1) & 0xFF  # a new stamp: older marks differ
        if s == 0:
            for i in range(NLOTS):
                mark[i] = 0
                pm[i] = 0
            s = 1
        mark[NLOTS] = s
        st = self.st
        cell = self.cell
        nbs = NB_START
        nbl = NB_LIST
        cnt = 0
        pot = 0
        mark[v] = s
        for a in range(nbs[v], nbs[v + 1]):
            w = nbl[a]
            if not st[w]:
                continue
            if pm[w] != s:
                pm[w] = s
                pot += 1
            for b in range(nbs[w], nbs[w + 1]):
                x = nbl[b]
                if mark[x] == s:
                    continue
                y = cell[x]
                if y:
                    mark[x] = s
                    if KIND_COLOUR[y - 1] != colour:
                        cnt += 1
                elif st[x]:
                    if pm[x] != s:
                        pm[x] = s
                        pot += 1
                    for c in range(nbs[x], nbs[x + 1]):
                        z = nbl[c]
                        y = cell[z]
                        if y:
                            if mark[z] != s:
                                mark[z] = s
                                if KIND_COLOUR[y - 1] != colour:
                                    cnt += 1
                        elif st[z] and pm[z] != s:
                            pm[z] = s
                            pot += 1
        self.pot = pot
        return cnt

    # -- value ----------------------------------------------------------------------

    def _comp(self, i, owner):
        """Expected distance to the competition of candidate tower i."""
        return self._cap(self.ccomp[i], self.tcol[i], owner)

    def _cap(self, d, c, owner):
        """Expected distance to the competition of a tower of colour c and
        owner (2: none) whose nearest rival is d away now."""
        tl = self.tleft
        if self.greedy:
            return d if d != FAR else self.cempty + 1
        if d == FAR:
            end = self.cempty - self.left[0] - self.left[1]
            if end < 1:
                end = 1
            d = end + 1
            if (tl[c] or tl[3 + c]) and d > NORIVAL:
                d = NORIVAL
        if d > THREAT:
            if owner < 2:
                if tl[(1 - owner) * 3 + c]:
                    d = THREAT
            elif TPOOL and (tl[c] or tl[3 + c]):
                d = THREAT
        return d

    def value(self, p, nxt):
        """Candidate's value for player p (tenths); nxt moves next."""
        n = self.cn
        tcol = self.tcol
        cown = self.cown
        ccust = self.ccust
        sd = self.sd
        tlot = self.tlot
        pool = self.pool
        pown = self.pown
        greedy = self.greedy
        s0 = 0
        s1 = 0
        np = 0
        # Open lots near a tower: customers to come, while builds are left.
        kf = 0  # tenths / POTRES of a customer per open lot
        if self.potf and not greedy and self.cempty:
            kf = self.potf * POTRES * (self.left[0] + self.left[1]) // self.cempty
        cpot = self.cpot
        for i in range(n):
            o = cown[i]
            v = (ccust[i] * 10 * POTRES + cpot[i] * kf) * self._comp(i, o) // POTRES
            if o == 0:
                s0 += v
            elif o == 1:
                s1 += v
            else:
                pown[i] = 2
                if not greedy:
                    # insertion into pool (value * 32 + index), best first
                    x = v * 32 + i
                    j = np
                    while j > 0 and pool[j - 1] < x:
                        pool[j] = pool[j - 1]
                        j -= 1
                    pool[j] = x
                    np += 1
            if o == 2 and tcol[i] == _GREEN:
                base = i * NLOTS
                for c in range(2):
                    d = FAR
                    for j in range(n):
                        if tcol[j] == c:
                            e = sd[base + tlot[j]]
                            if e < d:
                                d = e
                    if d > 4:
                        continue
                    who = 3
                    cnt = 0
                    for j in range(n):
                        if tcol[j] == c and sd[base + tlot[j]] == d:
                            cnt += 1
                            if who == 3:
                                who = cown[j]
                            elif cown[j] != who:
                                who = 2
                    if self.rules == CLASSIC and cnt != 1:
                        who = 2
                    if who == 0:
                        s0 += (10 - 2 * d) * 10
                    elif who == 1:
                        s1 += (10 - 2 * d) * 10
        if np:
            pick = 10 if greedy else PICK
            # The caps still to play: picks in turn, best first.
            l0 = self.caps[0]
            if self.left[0] < l0:
                l0 = self.left[0]
            l1 = self.caps[1]
            if self.left[1] < l1:
                l1 = self.left[1]
            t = nxt & 1
            for j in range(np):
                if t == 0 and l0 == 0:
                    t = 1
                elif t == 1 and l1 == 0:
                    t = 0
                if (l0 if t == 0 else l1) == 0:
                    break
                x = pool[j]
                i = x & 31
                pown[i] = t
                if t == 0:
                    s0 += (x >> 5) * pick // 10
                    l0 -= 1
                else:
                    s1 += (x >> 5) * pick // 10
                    l1 -= 1
                t = 1 - t
        return s0 - s1 if p == 0 else s1 - s0
