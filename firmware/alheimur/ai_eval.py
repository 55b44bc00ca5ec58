"""The computer players' judgement of an Alheimur position: the final score
projected forward (docs/alheimur.md, "How a computer judges a position").

``Eval.value(g, p)`` judges the game as it stands for player p: every
world as after its next survival check (the engine's rule, turn.doomed;
the checker first making the expansion that saves most of its pips),
each player's total by the scoring formula in quarters, pyramids a second
check keeps, marines' missions, each contested orbit's next battle on the
exact odds; own total minus the best other, and a large bonus or penalty
when the game is ending. It writes its projection into ``g.surf`` (the
caller puts the game back). Each world's projection as the decision
found it is kept while the decision lasts: an action's position judges
again only the worlds the action touches (ai._touched), in spare slots of
the tables (so the next action finds the kept ones). Every buffer is
allocated once; no recursion.
"""

from array import array

from micropython import const

from alheimur.actions import fighter, invader, marine, owner, pips, ship_owner, ship_place
from alheimur.turn import doomed
from alheimur.world import bits, region

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_FREE = const(255)
_NREG = const(32)
_O_BUDGET = const(249)
_P_EXPAND = const(4)
_P_LAND = const(9)
_P_MOVE = const(11)
_P_SURVIVE = const(5)
_SPACE = const(8)
_STATE_BYTES = const(649)
# end consts
_BIG = const(1 << 24)
_NLOC = const(16)  # ships of one orbit a battle projection follows
_NWORLD = const(8)  # worlds at most; the judged tables' spare slots come after
_NSLOT = const(2)  # .. for the worlds one action touches (a move: two)
_ENDS = const(64)  # a marine's share (64ths) in orbit when the game ends

# Weights (W, values 0-255).
_W_STABLE = const(0)  # quarters per pyramid a second check keeps
_W_ORBIT = const(1)  # 64ths of a landing's worth: marine in that orbit
_W_SPACE = const(2)  # .. in space
_W_OTHER = const(3)  # .. in any other orbit
_W_SUPPORT = const(4)  # progress points of a world an invader holds
_W_MARGIN = const(5)  # percent ahead to end the game
_W_BATTLE = const(6)  # 0: no battle projection
_NW = const(7)

# Where Eval keeps its bytes (m): offset of each table.
_LOC = const(0)  # 16: the ships of the orbit followed (first: e.m[j])
_RT = const(16)  # 128: world * 16 + terr -> tiles of its region
_COUT = const(144)  # 128: each world's surface after its projection
_CKEY = const(272)  # 16: per world: checker + 1 and flags, the sizes it has left
_CDEL = const(288)  # 8: the mover's change in play + 8
_HIN = const(296)  # 8: who was on each world judged
_HW = const(304)  # 10: who is on it after the projection (by slot)
_STABLE = const(314)  # 80: slot * 8 + player: pyramids a second check keeps
_BEST = const(394)  # 400: slot * 40 + player * 5 + element: pips x tiles x 2
_EMW = const(794)  # 50: slot * 5 + element: tiles of its biggest empty region
_SLOT = const(844)  # 8: world -> the slot of its tables above (itself, or a spare)
_E2 = const(852)  # 40: player * 5 + element: doubled element scores
_CNT = const(892)  # 24: worlds, ships, stable pyramids per player
_ORDER = const(916)  # 8: who checks next, in turn order
_BH = const(924)  # 8: players with ships in each orbit
_BF = const(932)  # 8: .. with fighters
_SUP = const(940)  # 16: .. the invader each alone supports
_DIST = const(956)  # 68: .. each one's chances of each size (255ths); scratch
_W = const(1024)  # 8: the weights
_ME = const(1032)  # 8: scratch: the biggest empty region of each element anywhere
_MBYTES = const(1040)
# In n (ints): totals (quarters) per player, a progress point's worth, the
# marine's worth of each ship followed.
_TOT = const(0)
_UNIT = const(8)
_MIS = const(16)


def _net_table():
    """NET[((dice-1)*3 + need-4)*12 + (defence-1)*4 + k]: P(k net hits), 255ths."""
    t = bytearray(108)
    c = b"\x01\x01\x01\x01\x02\x01\x01\x03\x03\x01"  # n choose k at n * (n + 1) // 2 + k
    num = [0, 0, 0, 0]
    i = 0
    for a in range(1, 4):
        for need in range(4, 7):
            h = 7 - need
            for d in range(1, 4):
                for k in range(4):
                    num[k] = 0
                for x in range(a + 1):
                    px = c[a * (a + 1) // 2 + x] * h ** x * (6 - h) ** (a - x)
                    for y in range(d + 1):
                        num[x - y if x > y else 0] += px * c[d * (d + 1) // 2 + y] * 5 ** (d - y)
                den = 6 ** (a + d)
                for k in range(4):
                    t[i + k] = (num[k] * 255 + den // 2) // den
                i += 4
    return t


NET = _net_table()
del _net_table


class Eval:
    """The judgement's buffers (about 1.9 KB with the copy of the state)."""

    def __init__(self):
        self.m = bytearray(_MBYTES)
        # the state as a decision found it (registers, bytes from the budgets on)
        self.st = bytearray(_NREG + _STATE_BYTES - _O_BUDGET)
        self.n = array("i", bytes(4 * (_MIS + _NLOC)))
        self.rootok = 0     # worlds whose kept projection is of the decision's game
        self.war = True     # project battles
        self.nloc = 0
        self.fixed = False
        self.ending = False   # the last round is under way or begins
        self.mq = -1          # owner << 2 | size of the marines whose best
        self.mtop = 0         # landing anywhere (mtop) was last worked out

    def prepare(self, g, weights):
        """Judge g's positions with these weights (ai.HARD_W's order): the
        tiles of each territory's region on every world of g; earlier
        projections forgotten."""
        self.rootok = 0
        m = self.m
        m[_W:_W + _NW] = weights
        for w in range(g.nworlds()):
            b = w * 16
            n = g.nterr[w]
            seen = 0
            for t0 in range(n):
                if seen >> t0 & 1:
                    continue
                reg = region(g.edge, b, t0)
                seen |= reg
                tiles = 0
                for t in range(n):
                    if reg >> t & 1:
                        tiles += g.tsize[b + t]
                for t in range(n):
                    if reg >> t & 1:
                        m[_RT + b + t] = tiles

    def value(self, g, p, dirty=255):
        """How good g is for p (quarters); worlds outside ``dirty`` are as at
        the decision's first call (dirty 0)."""
        delta = self.project(g, dirty)
        self.mq = -1
        self.ending = g.last_round() or (g.current() == p and g.phase() <= _P_SURVIVE
                                         and g.in_play(p) + delta >= 13)
        self.score(g)
        self.missions(g)
        m = self.m
        if self.war and m[_W + _W_BATTLE]:
            self.battles(g)
        tot = self.n
        other = -_BIG
        for q in range(g.nplayers()):
            if q != p and tot[q] > other:
                other = tot[q]
        v = tot[p] - other
        if self.ending:
            v += _BIG if v * 100 > m[_W + _W_MARGIN] * (other if other > 4 else 4) else -_BIG
        return v

    def project(self, g, dirty):
        """Each world as after its next check, into g.surf, and judged; the
        change in the mover's pyramids in play at its own check."""
        np = g.nplayers()
        cur = g.current()
        ph = g.phase()
        before = ph <= _P_SURVIVE
        q = cur if before else (cur + 1) % np
        m = self.m
        k = 0
        if g.last_round() == 2:
            ender = g.ender()
            if before or cur != ender:
                while True:
                    m[_ORDER + k] = q
                    k += 1
                    if q == ender:
                        break
                    q = (q + 1) % np
        else:
            for i in range(np):
                m[_ORDER + i] = (q + i) % np
            k = np
        fixable = g.to_expand() if ph == _P_EXPAND else 0
        delta = 0
        surf = g.surf
        st = g.stash
        rootok = self.rootok
        ok = rootok & ~dirty   # worlds as the decision found them
        spare = _NSLOT
        for w in range(g.nworlds()):
            b = w * 16
            n = g.nterr[w]
            same = ok >> w & 1
            # a world the action touched is judged in a spare slot: the
            # projection of the world as found, kept for the next actions,
            # stays (while there is a spare)
            keep = not dirty >> w & 1
            if same:
                here = m[_HIN + w]      # as in the decision's game
            else:
                here = 0
                for t in range(n):
                    v = surf[b + t]
                    if v:
                        here |= 1 << owner(v)
                if keep:
                    m[_HIN + w] = here
            c = -1
            now = False
            for i in range(k):
                if here >> m[_ORDER + i] & 1:
                    c = m[_ORDER + i]
                    now = before and i == 0
                    break
            key = c + 1 | (32 if now else 0) | (16 if not now or fixable >> w & 1 else 0)
            j = _CKEY + w * 2
            # a repair asks only which sizes the checker has left
            if same and m[j] == key and (c < 0 or m[j + 1] == 255 or m[j + 1] == (
                    (st[c * 3] > 0) | (st[c * 3 + 1] > 0) << 1 | (st[c * 3 + 2] > 0) << 2)):
                for t in range(n):
                    surf[b + t] = m[_COUT + b + t]
                delta += m[_CDEL + w] - 8
                m[_SLOT + w] = w
                continue
            if keep:
                m[j] = key
                m[j + 1] = 255     # the checker's stash matters only to a repair
            dl = 0
            if c >= 0:
                dead = doomed(g, w)
                mine = 0
                for t in range(n):
                    if dead >> t & 1 and owner(surf[b + t]) == c:
                        mine |= 1 << t
                if mine and key & 16:
                    if keep:
                        m[j + 1] = (st[c * 3] > 0) | (st[c * 3 + 1] > 0) << 1 | (st[c * 3 + 2] > 0) << 2
                    dead = self.fix(g, w, c, dead, mine)
                    if now and self.fixed:
                        dl += 1
                for t in range(n):
                    if dead >> t & 1:
                        if now and owner(surf[b + t]) == cur:
                            dl -= 1
                        surf[b + t] = 0
            delta += dl
            if not keep and spare:
                spare -= 1
                self.judge(g, w, _NWORLD + spare)
                continue
            if keep:
                for t in range(n):
                    m[_COUT + b + t] = surf[b + t]
                m[_CDEL + w] = dl + 8
                rootok |= 1 << w
            else:
                rootok &= ~(1 << w)
            self.judge(g, w, w)
        self.rootok = rootok
        return delta

    def fix(self, g, w, c, dead, mine):
        """c's best repair on world w (an expansion beside its doomed ``mine``
        or a civilize), written into g.surf; the doomed after it. ``dead``
        is what doomed(g, w) just said (its counts still in g.cnt)."""
        b = w * 16
        n = g.nterr[w]
        surf = g.surf
        st = g.stash
        cnt = g.cnt        # each player's pyramids here (project's check counted them)
        near = 0
        occ = 0
        every = 0          # c has an invader here: a new pyramid may stand it up
        top = 0            # c's pips here
        for t in range(n):
            v = surf[b + t]
            if mine >> t & 1:
                near |= g.adj[b + t]
            if v:
                occ |= 1 << t
                if owner(v) == c:
                    top += pips(v)
                    if invader(v):
                        every = 0xFFFF
        bk = _kept(surf, b, n, c, dead)
        bd = dead
        bt = -1
        bv = 0
        s0 = 0
        for t in range(n):
            old = surf[b + t]
            if (old and not mine >> t & 1) or not (old or near >> t & 1):
                continue
            if not old:   # the size that lives with its neighbours, else the smallest
                k = bits(g.adj[b + t] & occ)
                s0 = 0
                for s in (3, 2, 1):
                    if st[c * 3 + s - 1] and s < k <= s + 2:
                        s0 = s
                        break
                if not s0:
                    for s in (1, 2, 3):
                        if st[c * 3 + s - 1]:
                            s0 = s
                            break
                if not s0:
                    continue
            for s in range(1, 4):
                if old:
                    if not st[c * 3 + s - 1] or s - pips(old) not in (-1, 1):
                        continue
                    v = old - pips(old) + s
                elif s > 1:
                    break
                else:
                    v = s0 | c << 2
                if top + pips(v) - pips(old) <= bk:
                    continue   # not even with all of c's pips kept
                surf[b + t] = v
                # what one territory changes: its own pyramid, and a new
                # one its neighbours' counts
                k = every | 1 << t | (0 if old else g.adj[b + t])
                if not old:
                    cnt[c] += 1
                d = dead & ~k | doomed(g, w, False, k, occ | 1 << t)
                if not old:
                    cnt[c] -= 1
                x = _kept(surf, b, n, c, d)
                surf[b + t] = old
                if x > bk:
                    bk = x
                    bd = d
                    bt = t
                    bv = v
        self.fixed = bt >= 0
        if bt >= 0:
            surf[b + bt] = bv
        return bd

    def judge(self, g, w, slot):
        """World w's surface as it stands (the projection, in a judgement):
        best pips x tiles per player and element (the best of a region is
        the best of its territories), pyramids a second check keeps, who is
        there, its biggest empty region of each element (where a marine
        lands)."""
        np = g.nplayers()
        b = w * 16
        m = self.m
        surf = g.surf
        m[_SLOT + w] = slot
        c = _STABLE + slot * 8
        for q in range(8):
            m[c + q] = 0
        e = _BEST + slot * 40
        for i in range(np * 5):
            m[e + i] = 0
        f = _EMW + slot * 5
        for i in range(5):
            m[f + i] = 0
        dead = doomed(g, w)
        here = 0
        for t in range(g.nterr[w]):
            v = surf[b + t]
            x = m[_RT + b + t]
            el = g.telem[b + t]   # a region is of one element
            if v:
                q = owner(v)
                here |= 1 << q
                if not dead >> t & 1:
                    m[c + q] += 1
                i = e + q * 5 + el
                y = pips(v) * x * 2
                if y > m[i]:
                    m[i] = y
            elif x > m[f + el]:
                m[f + el] = x
        m[_HW + slot] = here

    def score(self, g):
        """Each player's total (quarters) and a progress point's worth."""
        np = g.nplayers()
        m = self.m
        n = self.n
        for i in range(24):
            m[_CNT + i] = 0
        for i in range(np * 5):
            m[_E2 + i] = 1
        sl = g.sl
        for i in range(g.ship_top()):
            if sl[i] != _FREE:
                m[_CNT + 8 + ship_owner(sl[i])] += 1
        ws = 0 if g.last_round() else m[_W + _W_STABLE]
        for w in range(g.nworlds()):
            k = m[_SLOT + w]   # where its tables are
            hw = m[_HW + k]
            if not hw:
                continue
            for q in range(np):
                if hw >> q & 1:
                    m[_CNT + q] += 1
                    m[_CNT + 16 + q] += m[_STABLE + k * 8 + q]
                    i = _E2 + q * 5
                    j = _BEST + k * 40 + q * 5
                    for e in range(5):
                        if m[j + e] > m[i + e]:
                            m[i + e] = m[j + e]
        for q in range(np):
            hi = 0
            lo = 255
            rest = 0
            for e in range(_E2 + q * 5, _E2 + q * 5 + 5):
                x = m[e]
                rest += x
                if x > hi:
                    hi = x
                if x < lo:
                    lo = x
            n[_UNIT + q] = hi * lo
            n[_TOT + q] = (hi * lo * (m[_CNT + 8 + q] + 3 * m[_CNT + q]) + 2 * (rest - hi - lo)
                           + ws * m[_CNT + 16 + q])

    def total(self, q, prog, e, x):
        """q's total (quarters), progress prog, element e's doubled score x."""
        m = self.m
        hi = 0
        lo = 255
        rest = 0
        for f in range(5):
            y = m[_E2 + q * 5 + f]
            if f == e and x > y:
                y = x
            rest += y
            if y > hi:
                hi = y
            if y < lo:
                lo = y
        return hi * lo * prog + 2 * (rest - hi - lo)

    def lands(self, q, s, f):
        """What q's marine of s pips adds to q's total landing in the
        biggest empty region of the element that adds most, the regions'
        tiles per element at m[f:f + 5] (0: none empty)."""
        m = self.m
        prog = m[_CNT + 8 + q] + 3 * m[_CNT + q]
        base = -1
        best = 0
        for e in range(5):
            x = 2 * s * m[f + e]
            if x > m[_E2 + q * 5 + e]:      # an element raised: a total of its own
                if base < 0:
                    base = self.total(q, prog, 0, 0)
                y = self.total(q, prog + 3, e, x) - base
            elif x:
                y = 3 * self.n[_UNIT + q]   # a world more, its elements as they are
            else:
                continue
            if y > best:
                best = y
        return best

    def marine(self, g, i):
        """Ship i's marine's worth (quarters) if its owner can still land it."""
        x = g.sl[i]
        if x == _FREE or not marine(g.sb[i]):
            return 0
        m = self.m
        q = ship_owner(x)
        s = marine(g.sb[i])
        loc = ship_place(x)
        nw = g.nworlds()
        left = turns_left(g, q)
        here = q == g.current()
        v = 0
        if loc < nw and (left or (here and g.phase() <= _P_LAND)):
            w = m[_SLOT + loc]          # landing where it is (not where q has pyramids)
            if not m[_HW + w] >> q & 1:
                v = self.lands(q, s, _EMW + w * 5) * (_ENDS if self.ending else m[_W + _W_ORBIT])
        if not v and (left > 1 or (left and here and g.phase() <= _P_MOVE)):
            if self.mq != q << 2 | s:   # marines of one owner and size come together
                self.mq = q << 2 | s
                # the best landing anywhere: a landing adds more the bigger
                # the region, so the biggest of each element where q is not
                for e in range(5):
                    m[_ME + e] = 0
                for w in range(nw):
                    k = m[_SLOT + w]   # where its tables are
                    if not m[_HW + k] >> q & 1:
                        f = _EMW + k * 5
                        for e in range(5):
                            if m[f + e] > m[_ME + e]:
                                m[_ME + e] = m[f + e]
                self.mtop = self.lands(q, s, _ME)
            v = self.mtop * m[_W + (_W_SPACE if loc == _SPACE else _W_OTHER)]
        return v >> 6

    def missions(self, g):
        """Marines aboard: their worth into their owners' totals."""
        if not self.m[_W + _W_ORBIT]:
            return
        for i in range(g.ship_top()):
            if marine(g.sb[i]) and g.sl[i] != _FREE:
                self.n[_TOT + ship_owner(g.sl[i])] += self.marine(g, i)

    def battles(self, g):
        """Each contested orbit's next battle: the owner fires and is answered,
        then the player to move; expected losses come off the totals."""
        sl = g.sl
        sb = g.sb
        np = g.nplayers()
        m = self.m
        for w in range(16):
            m[_BH + w] = 0
        for i in range(g.ship_top()):
            x = sl[i]
            if x != _FREE and ship_place(x) < 8:
                m[_BH + ship_place(x)] |= 1 << ship_owner(x)
                if fighter(sb[i]):
                    m[_BF + ship_place(x)] |= 1 << ship_owner(x)
        cur = g.current()
        now = g.phase() <= _P_MOVE
        for w in range(g.nworlds()):
            here = m[_BH + w]
            if not here & (here - 1):
                continue
            c = cur if now and here >> cur & 1 else -1
            i = 1
            while c < 0 and i <= np:   # the next turn with ships here
                q = (cur + i) % np
                if here >> q & 1 and turns_left(g, q):
                    c = q
                i += 1
            if c < 0:
                continue
            self.site(g, w)
            o = w if w < np and here >> w & 1 else 255
            if o != 255:
                self.volleys(g, o, here, m[_BF + w])
            if c != o:
                self.volleys(g, c, here, m[_BF + w])
            for j in range(self.nloc):
                self.n[_TOT + ship_owner(sl[m[_LOC + j]])] -= self.loss(g, j)

    def site(self, g, w):
        """Follow the ships of orbit w: sizes, marines' worth, lone invaders."""
        m = self.m
        k = 0
        for i in range(g.ship_top()):
            if ship_place(g.sl[i]) == w and g.sl[i] != _FREE and k < _NLOC:
                m[_LOC + k] = i
                m[_SUP + k] = self.supports(g, i)
                self.n[_MIS + k] = self.marine(g, i)
                j = _DIST + k * 4
                for x in range(4):
                    m[j + x] = 0
                m[j + pips(g.sb[i])] = 255
                k += 1
        self.nloc = k

    def volleys(self, g, x, here, fig):
        """x fires, then every other player here answers."""
        self.volley(g, x, 255, fig)
        np = g.nplayers()
        for i in range(1, np):
            y = (x + i) % np
            if here >> y & 1:
                self.volley(g, y, x, fig)

    def volley(self, g, x, only, fig):
        """Each ship of x fires once at the ship (of ``only`` unless 255)
        whose owner's loss grows most."""
        sl = g.sl
        sb = g.sb
        m = self.m
        k = self.nloc
        for s in range(k):
            i = m[_LOC + s]
            if ship_owner(sl[i]) != x:
                continue
            alive = 255 - m[_DIST + s * 4]
            bv = 0
            bj = -1
            for j in range(k):
                t = m[_LOC + j]
                r = ship_owner(sl[t])
                if (r == x or (only != 255 and r != only)
                        or (not fighter(sb[t]) and fig >> r & 1)):
                    continue
                v = self.harm(g, i, j, alive)
                if v > bv:
                    bv = v
                    bj = j
            if bj >= 0:
                self.shot(g, i, bj, alive)

    def harm(self, g, i, j, alive):
        """What ship i firing at followed ship j adds to j's owner's loss."""
        m = self.m
        j4 = _DIST + j * 4
        for x in range(4):
            m[_DIST + 4 * _NLOC + x] = m[j4 + x]
        before = self.loss(g, j)
        self.shot(g, i, j, alive)
        v = self.loss(g, j) - before
        for x in range(4):
            m[j4 + x] = m[_DIST + 4 * _NLOC + x]
        return v

    def shot(self, g, i, j, alive):
        """Followed ship j's size chances after ship i (there alive/255) fires."""
        sb = g.sb
        m = self.m
        st = g.stash
        t = m[_LOC + j]
        q = ship_owner(g.sl[t]) * 3
        a = pips(sb[i])
        need = (5 if fighter(sb[t]) else 4) if fighter(sb[i]) else 6
        base = ((a - 1) * 3 + need - 4) * 12
        j = _DIST + j * 4
        for x in range(1, 4):   # a shot only moves chances to smaller sizes
            px = m[j + x] * alive // 255
            if not px:
                continue
            m[j + x] -= px
            for k in range(4):
                y = x - k
                if k:
                    while y >= 1 and not st[q + y - 1]:
                        y -= 1
                m[j + (y if y > 0 else 0)] += px * NET[base + (x - 1) * 4 + k] // 255

    def loss(self, g, j):
        """Expected loss (quarters) of followed ship j's owner."""
        m = self.m
        i = m[_LOC + j]
        q = ship_owner(g.sl[i])
        s = marine(g.sb[i])
        mis = self.n[_MIS + j]
        inv = m[_SUP + j]
        unit = self.n[_UNIT + q]
        sup = unit * m[_W + _W_SUPPORT] if inv else 0
        j = _DIST + j * 4
        v = m[j] * (unit + mis + sup)
        for x in range(1, 4):
            if s > x:
                v += m[j + x] * mis
            if inv > x:
                v += m[j + x] * sup
        return v // 255

    def supports(self, g, j):
        """Size of the lone invader transport j alone keeps alive (0: none)."""
        c = g.sb[j]
        if fighter(c) or marine(c):
            return 0
        loc = g.sl[j]
        w = ship_place(loc)
        q = ship_owner(loc)
        if w >= g.nworlds():
            return 0
        b = w * 16
        inv = 0
        for t in range(g.nterr[w]):
            v = g.surf[b + t]
            if v and owner(v) == q:
                if inv or not invader(v):
                    return 0
                inv = pips(v)
        if not inv or pips(c) < inv:
            return 0
        for i in range(g.ship_top()):
            if (i != j and g.sl[i] == loc and not (fighter(g.sb[i]) or marine(g.sb[i]))
                    and pips(g.sb[i]) >= inv):
                return 0
        return inv


def turns_left(g, q):
    """Whole turns player q gets after the current one (2: two or more)."""
    last = g.last_round()
    if not last:
        return 2
    if last == 1:
        return 1
    cur = g.current()
    ender = g.ender()
    k = cur
    while k != ender:
        k = (k + 1) % g.nplayers()
        if k == q:
            return 1
    return 0


def _kept(surf, b, n, c, dead):
    """c's pips on the world at b that are not doomed."""
    k = 0
    for t in range(n):
        v = surf[b + t]
        if v and owner(v) == c and not dead >> t & 1:
            k += pips(v)
    return k
