"""The computer players' judgement of an Alheimur position: the final score
projected forward (docs/alheimur.md, "Computer players").

``Eval.value(g, p)`` judges the game as it stands for player p. It reads
the engine's arrays and uses the engine's own survival rule
(turn.doomed); it writes its projection into ``g.surf`` and puts it back.

- **Survival projection.** Every world as after its next survival check:
  the first player in turn order still to have a turn with pyramids there
  checks it (the player to move, if its check is still to come); that
  player first makes the expansion or civilize there that keeps most of its
  pips alive (when its expansion on that world is still to come); all the
  doomed then go. A world nobody checks before the game ends stays.
- **Score.** Each player's total by the rule text's formula (scoring.py's,
  in quarters), plus ``W_STABLE`` per pyramid a second check would keep.
- **Missions.** A marine aboard is worth a share (64ths) of what landing it
  would add to its owner's total on the best empty territory of a world
  where it has no pyramid: ``W_ORBIT`` in that world's orbit, ``W_SPACE`` in
  space, ``W_OTHER`` elsewhere.
- **Battles**, on the exact odds: in each orbit where two players have
  ships, each ship fires once at the enemy ship whose owner loses most;
  each target's size after the shots is worked out die by die (hits,
  defence sixes, the stash rule) and its owner loses the expected worth: a
  progress point, the marine's mission, the invader it alone supports
  (``W_SUPPORT`` progress points).
- **Value**: the player's total minus the best other total; if the player's
  own check still to come leaves it 13 or more pyramids in play, the last
  round begins: a large bonus when it leads by ``W_MARGIN`` percent, a large
  penalty otherwise.

Every buffer is allocated once; no recursion.
"""

from array import array

from micropython import const

from alheimur.turn import doomed
from alheimur.world import bits

_P_EXPAND = const(4)   # alheimur.actions' and alheimur.layout's numbers
_P_SURVIVE = const(5)
_P_LAND = const(9)
_P_MOVE = const(11)
_SPACE = const(8)
_R_ENDER = const(4)
_R_EXP = const(11)
_FIGHTER = const(4)
_MARINE = const(24)
_INV = const(32)
_FREE = const(255)
BIG = const(1 << 24)

# Weights (indices into W; values 0-255).
W_STABLE = const(0)    # quarters per pyramid a second check keeps
W_ORBIT = const(1)     # 64ths of a landing's worth: marine in that orbit
W_SPACE = const(2)     # .. in space
W_OTHER = const(3)     # .. in any other orbit
W_SUPPORT = const(4)   # progress points of a world an invader holds
W_MARGIN = const(5)    # percent ahead to end the game
W_BATTLE = const(6)    # 0: no battle projection
NW = const(7)


def _c(n, k):
    return 3 if n == 3 and 0 < k < 3 else (2 if n == 2 and k == 1 else 1)


def _net_table():
    """NET[(((dice - 1) * 3 + need - 4) * 3 + defence - 1) * 4 + k]: the
    chance (in 256ths) of k net hits."""
    t = array("H", bytes(216))
    i = 0
    for a in range(1, 4):
        for need in range(4, 7):
            h = 7 - need
            for d in range(1, 4):
                den = 6 ** (a + d)
                for x in range(a + 1):
                    px = _c(a, x) * h ** x * (6 - h) ** (a - x)
                    for y in range(d + 1):
                        k = x - y if x > y else 0
                        t[i + k] += (px * _c(d, y) * 5 ** (d - y) * 256 + den // 2) // den
                i += 4
    return t


NET = _net_table()


class Eval:
    """Buffers of the judgement, about 1.4 KB."""

    def __init__(self):
        self.W = bytearray(NW)
        self.rid = bytearray(128)     # world * 16 + terr -> its region
        self.rtiles = bytearray(128)  # world * 16 + region -> tiles
        self.relem = bytearray(128)   # .. element
        self.nreg = bytearray(8)
        self.save = bytearray(128)    # the surfaces before the projection
        self.rb = bytearray(128)      # scratch: region * 8 + player -> pips
        self.e2 = bytearray(40)       # player * 5 + element: doubled score
        self.cnt = bytearray(24)      # worlds, ships, stable pyramids per player
        self.tot = array("i", bytes(32))   # totals (quarters) per player
        self.unit = array("i", bytes(32))  # a progress point (quarters)
        self.mis = array("i", bytes(480))  # a ship's marine's worth
        self.em = bytearray(5)        # scratch: best empty region per element
        self.order = bytearray(8)     # who checks next, in turn order
        self.tgt = bytearray(120)     # battle: each ship's target
        self.d = array("i", bytes(16))   # size distribution (256ths)
        self.d2 = array("i", bytes(16))
        self.g = None
        self.fixed = False

    def prepare(self, g):
        """Regions of every world of g (same element along edges)."""
        self.g = g
        rid = self.rid
        for w in range(g.nworlds()):
            b = w * 16
            n = g.nterr[w]
            seen = 0
            k = 0
            for t0 in range(n):
                if seen >> t0 & 1:
                    continue
                reg = 1 << t0
                todo = reg
                while todo:
                    t = 0
                    while not todo >> t & 1:
                        t += 1
                    todo &= ~(1 << t)
                    new = g.edge[b + t] & ~reg
                    reg |= new
                    todo |= new
                seen |= reg
                tiles = 0
                for t in range(n):
                    if reg >> t & 1:
                        rid[b + t] = k
                        tiles += g.tsize[b + t]
                self.rtiles[b + k] = tiles
                self.relem[b + k] = g.telem[b + t0]
                k += 1
            self.nreg[w] = k

    # -- the value ------------------------------------------------------------

    def value(self, g, p):
        """How good the game is for p (quarters; bigger is better)."""
        surf = g.surf
        self.save[:] = surf
        delta = self.project(g)
        self.score(g)
        self.missions(g)
        if self.W[W_BATTLE]:
            self.battles(g)
        surf[:] = self.save
        tot = self.tot
        other = -BIG
        for q in range(g.nplayers()):
            if q != p and tot[q] > other:
                other = tot[q]
        v = tot[p] - other
        if g.last_round() or (g.current() == p and g.phase() <= _P_SURVIVE
                              and g.in_play(p) + delta >= 13):
            v += BIG if v * 100 > self.W[W_MARGIN] * (other if other > 4 else 4) else -BIG
        return v

    def project(self, g):
        """Write the surfaces as after their next checks into g.surf;
        returns the change in the mover's pyramids in play at its own
        check."""
        np = g.nplayers()
        cur = g.current()
        ph = g.phase()
        before = ph <= _P_SURVIVE
        q = cur if before else (cur + 1) % np
        order = self.order
        k = 0
        if g.last_round() == 2:
            ender = g.reg[_R_ENDER]
            if before or cur != ender:
                while True:
                    order[k] = q
                    k += 1
                    if q == ender:
                        break
                    q = (q + 1) % np
        else:
            for i in range(np):
                order[i] = (q + i) % np
            k = np
        fixable = g.reg[_R_EXP] if ph == _P_EXPAND else 0
        delta = 0
        surf = g.surf
        for w in range(g.nworlds()):
            b = w * 16
            n = g.nterr[w]
            here = 0
            for t in range(n):
                v = surf[b + t]
                if v:
                    here |= 1 << ((v >> 2) & 7)
            c = -1
            for i in range(k):
                if here >> order[i] & 1:
                    c = order[i]
                    now = before and i == 0
                    break
            if c < 0:
                continue
            dead = doomed(g, w)
            if not dead:
                continue
            mine = 0
            for t in range(n):
                if dead >> t & 1 and (surf[b + t] >> 2) & 7 == c:
                    mine |= 1 << t
            if mine and (not now or fixable >> w & 1):
                dead = self.fix(g, w, c, dead, mine)
                if now and self.fixed:
                    delta += 1
            for t in range(n):
                if dead >> t & 1:
                    if now and (surf[b + t] >> 2) & 7 == cur:
                        delta -= 1
                    surf[b + t] = 0
        return delta

    def fix(self, g, w, c, dead, mine):
        """The expansion (beside c's doomed ones) or civilize (of one of
        them) that keeps most of c's pips alive, written into g.surf;
        returns the doomed after it."""
        b = w * 16
        n = g.nterr[w]
        surf = g.surf
        adj = g.adj
        st = g.stash
        occ = 0
        near = 0
        for t in range(n):
            if surf[b + t]:
                occ |= 1 << t
            if mine >> t & 1:
                near |= adj[b + t]
        near &= ~occ
        bk = _kept(surf, b, n, c, dead)
        bd = dead
        bt = -1
        bv = 0
        for t in range(n):
            if near >> t & 1:
                k = bits(adj[b + t] & occ)
                s = 3
                while s > 1 and not (st[c * 3 + s - 1] and s < k <= s + 2):
                    s -= 1
                if not st[c * 3 + s - 1]:
                    continue
                v = s | c << 2
                old = 0
            elif mine >> t & 1:
                old = surf[b + t]
                v = 0
            else:
                continue
            for step in range(2):
                if old:   # civilize the doomed one down, then up
                    s = (old & 3) + step * 2 - 1
                    if not 1 <= s <= 3 or not st[c * 3 + s - 1]:
                        continue
                    v = old & ~3 | s
                elif step:
                    break
                surf[b + t] = v
                d = doomed(g, w)
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

    def score(self, g):
        """Each player's total (quarters) on the surfaces as they are now,
        into tot; unit: what a progress point is worth."""
        np = g.nplayers()
        e2 = self.e2
        cnt = self.cnt
        rb = self.rb
        rid = self.rid
        for i in range(40):
            e2[i] = 1
        for i in range(24):
            cnt[i] = 0
        surf = g.surf
        for w in range(g.nworlds()):
            b = w * 16
            n = g.nterr[w]
            nr = self.nreg[w]
            for i in range(nr * 8):
                rb[i] = 0
            dead = doomed(g, w)
            here = 0
            for t in range(n):
                v = surf[b + t]
                if v:
                    q = (v >> 2) & 7
                    here |= 1 << q
                    if not dead >> t & 1:
                        cnt[16 + q] += 1
                    i = rid[b + t] * 8 + q
                    if v & 3 > rb[i]:
                        rb[i] = v & 3
            for r in range(nr):
                x = self.rtiles[b + r] * 2
                e = self.relem[b + r]
                for q in range(np):
                    y = rb[r * 8 + q] * x
                    if y > e2[q * 5 + e]:
                        e2[q * 5 + e] = y
            for q in range(np):
                if here >> q & 1:
                    cnt[q] += 1
        sl = g.sl
        for i in range(g.ship_top()):
            if sl[i] != _FREE:
                cnt[8 + (sl[i] >> 4)] += 1
        ws = 0 if g.last_round() else self.W[W_STABLE]
        for q in range(np):
            hi = 0
            lo = 255
            rest = 0
            for e in range(q * 5, q * 5 + 5):
                x = e2[e]
                rest += x
                if x > hi:
                    hi = x
                if x < lo:
                    lo = x
            self.unit[q] = hi * lo
            self.tot[q] = (hi * lo * (cnt[8 + q] + 3 * cnt[q]) + 2 * (rest - hi - lo)
                           + ws * cnt[16 + q])

    def gain(self, g, q, m, w):
        """What q's marine of m pips adds to q's total (quarters) by landing
        on the best empty territory of world w (0 where q has pyramids)."""
        b = w * 16
        em = self.em
        for e in range(5):
            em[e] = 0
        surf = g.surf
        for t in range(g.nterr[w]):
            v = surf[b + t]
            if v:
                if (v >> 2) & 7 == q:
                    return 0
                continue
            r = b + self.rid[b + t]
            if self.rtiles[r] > em[self.relem[r]]:
                em[self.relem[r]] = self.rtiles[r]
        prog = self.cnt[8 + q] + 3 * self.cnt[q]
        base = self.total(q, prog, 0, 0)
        best = 0
        for e in range(5):
            if em[e]:
                y = self.total(q, prog + 3, e, 2 * m * em[e]) - base
                if y > best:
                    best = y
        return best

    def total(self, q, prog, e, x):
        """q's total (quarters) with progress prog and element e's doubled
        score raised to x."""
        e2 = self.e2
        hi = 0
        lo = 255
        rest = 0
        for f in range(5):
            y = e2[q * 5 + f]
            if f == e and x > y:
                y = x
            rest += y
            if y > hi:
                hi = y
            if y < lo:
                lo = y
        return hi * lo * prog + 2 * (rest - hi - lo)

    def missions(self, g):
        """Marines aboard: their worth, into mis and the totals, if their
        owners have the turns left to land them."""
        sl = g.sl
        sb = g.sb
        W = self.W
        nw = g.nworlds()
        cur = g.current()
        ph = g.phase()
        for i in range(g.ship_top()):
            x = sl[i]
            self.mis[i] = 0
            if x == _FREE or not sb[i] & _MARINE:
                continue
            q = x >> 4
            m = (sb[i] & _MARINE) >> 3
            loc = x & 15
            left = turns_left(g, q)
            v = 0
            if loc < nw and (left or (q == cur and ph <= _P_LAND)):
                v = self.gain(g, q, m, loc) * W[W_ORBIT]
            if not v and (left > 1 or (left and q == cur and ph <= _P_MOVE)):
                top = 0
                for w in range(nw):
                    y = self.gain(g, q, m, w)
                    if y > top:
                        top = y
                v = top * W[W_SPACE if loc == _SPACE else W_OTHER]
            v >>= 6
            self.mis[i] = v
            self.tot[q] += v

    # -- battles ------------------------------------------------------------------

    def battles(self, g):
        """Take each contested orbit's expected losses off the totals."""
        sl = g.sl
        sb = g.sb
        top = g.ship_top()
        tgt = self.tgt
        for w in range(g.nworlds()):
            here = 0
            fig = 0
            for i in range(top):
                x = sl[i]
                if x != _FREE and x & 15 == w:
                    here |= 1 << (x >> 4)
                    if sb[i] & _FIGHTER:
                        fig |= 1 << (x >> 4)
            if bits(here) < 2:
                continue
            for s in range(top):
                tgt[s] = _FREE
                if sl[s] == _FREE or sl[s] & 15 != w:
                    continue
                bv = -1
                for j in range(top):
                    x = sl[j]
                    if (x == _FREE or x & 15 != w or x >> 4 == sl[s] >> 4
                            or (not sb[j] & _FIGHTER and fig >> (x >> 4) & 1)):
                        continue
                    self.start(g, j)
                    self.shot(g, s, j)
                    v = self.loss(g, j)
                    if v > bv:
                        bv = v
                        tgt[s] = j
            for j in range(top):
                if sl[j] == _FREE or sl[j] & 15 != w:
                    continue
                self.start(g, j)
                hit = False
                for s in range(top):
                    if tgt[s] == j:
                        self.shot(g, s, j)
                        hit = True
                if hit:
                    self.tot[sl[j] >> 4] -= self.loss(g, j) >> 8

    def start(self, g, j):
        d = self.d
        for s in range(4):
            d[s] = 0
        d[g.sb[j] & 3] = 256

    def shot(self, g, s, j):
        """d: ship j's size distribution after ship s fires at it once."""
        sb = g.sb
        d = self.d
        d2 = self.d2
        st = g.stash
        q = (g.sl[j] >> 4) * 3
        a = sb[s] & 3
        need = (5 if sb[j] & _FIGHTER else 4) if sb[s] & _FIGHTER else 6
        base = ((a - 1) * 3 + need - 4) * 12
        d2[0] = d[0]
        for x in range(1, 4):
            d2[x] = 0
        for x in range(1, 4):
            px = d[x]
            if not px:
                continue
            i = base + (x - 1) * 4
            for k in range(4):
                pk = NET[i + k]
                if not pk:
                    continue
                y = x - k
                if k:
                    while y >= 1 and not st[q + y - 1]:
                        y -= 1
                d2[y if y > 0 else 0] += px * pk >> 8
        for x in range(4):
            d[x] = d2[x]

    def loss(self, g, j):
        """Expected loss (quarters x 256) of ship j's owner with j's size
        distribution d."""
        d = self.d
        q = g.sl[j] >> 4
        m = (g.sb[j] & _MARINE) >> 3
        mis = self.mis[j]
        s = self.supports(g, j)
        sup = self.unit[q] * self.W[W_SUPPORT] if s else 0
        v = d[0] * (self.unit[q] + mis + sup)
        for x in range(1, 4):
            if m > x:
                v += d[x] * mis
            if s > x:
                v += d[x] * sup
        return v

    def supports(self, g, j):
        """The size of the lone invader that transport j alone keeps alive
        on its world (0: none)."""
        c = g.sb[j]
        if c & (_FIGHTER | _MARINE):
            return 0
        loc = g.sl[j]
        w = loc & 15
        q = loc >> 4
        if w >= g.nworlds():
            return 0
        b = w * 16
        inv = 0
        for t in range(g.nterr[w]):
            v = g.surf[b + t]
            if v and (v >> 2) & 7 == q:
                if inv or not v & _INV:
                    return 0
                inv = v & 3
        if not inv or c & 3 < inv:
            return 0
        for i in range(g.ship_top()):
            if (i != j and g.sl[i] == loc and not g.sb[i] & (_FIGHTER | _MARINE)
                    and g.sb[i] & 3 >= inv):
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
    ender = g.reg[_R_ENDER]
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
        if v and (v >> 2) & 7 == c and not dead >> t & 1:
            k += v & 3
    return k
