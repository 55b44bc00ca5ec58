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
_NLOC = const(32)      # ships of one orbit a battle projection follows

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
    chance (in 255ths) of k net hits."""
    t = bytearray(108)
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
                        t[i + k] += (px * _c(d, y) * 5 ** (d - y) * 255 + den // 2) // den
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
        self.rb = bytearray(8)        # scratch: a region's pips per player
        # Judgements of the worlds, kept while a decision lasts:
        self.cin = bytearray(128)     # the surface judged (no USED bits)
        self.ckey = bytearray(32)     # checker + 1 and flags, its stash
        self.cout = bytearray(128)    # the surface after the projection
        self.cdel = bytearray(8)      # the mover's change in play + 8
        self.hin = bytearray(8)       # who was on each world judged
        self.valid = 0                # worlds with a judgement of cin
        self.rootok = 0               # worlds whose cin is the decision's game
        self.best = bytearray(320)    # world * 40 + player * 5 + element
        self.stable = bytearray(64)   # world * 8 + player
        self.hw = bytearray(8)        # who is on each world
        self.e2 = bytearray(40)       # player * 5 + element: doubled score
        self.cnt = bytearray(24)      # worlds, ships, stable pyramids per player
        self.tot = array("i", bytes(32))   # totals (quarters) per player
        self.unit = array("i", bytes(32))  # a progress point (quarters)
        self.mis = array("H", bytes(240))  # a ship's marine's worth / 16
        self.em = bytearray(5)        # scratch: best empty region per element
        self.order = bytearray(8)     # who checks next, in turn order
        self.sup = bytearray(120)     # battle: the invader a ship alone supports
        self.bh = bytearray(8)        # .. players with ships in each orbit
        self.bf = bytearray(8)        # .. with fighters
        self.war = True               # project battles
        self.loc = bytearray(_NLOC)   # .. the ships of the orbit judged
        self.dist = bytearray(4 * _NLOC + 4)   # .. their sizes' chances
        self.nloc = 0                 # (255ths); the last 4: scratch
        self.g = None
        self.fixed = False

    def prepare(self, g):
        """Regions of every world of g (same element along edges); the
        judgements of another decision are forgotten."""
        self.g = g
        self.valid = 0
        self.rootok = 0
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

    def value(self, g, p, dirty=255):
        """How good the game is for p (quarters; bigger is better). Worlds
        outside ``dirty`` (bits) are as in the game at the decision's first
        call (made with dirty 0). The projection is left in g.surf: the
        caller puts the game back."""
        delta = self.project(g, dirty)
        self.score(g)
        self.missions(g)
        if self.war and self.W[W_BATTLE]:
            self.battles(g)
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

    def project(self, g, dirty):
        """Write the surfaces as after their next checks into g.surf and
        judge each world (best, stable, here); returns the change in the
        mover's pyramids in play at its own check. A world whose
        surface, checker and checker's stash are as at its last judgement
        in this decision (and has no invader) is taken from the cache; only
        the worlds in ``dirty`` (bits) are looked at again."""
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
        cin = self.cin
        st = g.stash
        hin = self.hin
        for w in range(g.nworlds()):
            b = w * 16
            n = g.nterr[w]
            inv = False
            if (self.rootok & self.valid) >> w & 1 and not dirty >> w & 1:
                here = hin[w]      # as at the root: cin holds it
                same = True
            else:
                here = 0
                same = True
                for t in range(n):
                    v = surf[b + t] & 63
                    if v:
                        here |= 1 << ((v >> 2) & 7)
                        if v & _INV:
                            inv = True
                    if cin[b + t] != v:
                        same = False
                        cin[b + t] = v
                hin[w] = here
                if not dirty >> w & 1:
                    self.rootok |= 1 << w
                elif not same:
                    self.rootok &= ~(1 << w)
                if inv or not self.valid >> w & 1:
                    same = False
            c = -1
            now = False
            for i in range(k):
                if here >> order[i] & 1:
                    c = order[i]
                    now = before and i == 0
                    break
            key = c + 1 | (32 if now else 0) | (16 if not now or fixable >> w & 1 else 0)
            j = w * 4
            ck = self.ckey
            if same and ck[j] == key and (c < 0 or (ck[j + 1] == st[c * 3]
                                          and ck[j + 2] == st[c * 3 + 1]
                                          and ck[j + 3] == st[c * 3 + 2])):
                for t in range(n):
                    surf[b + t] = self.cout[b + t]
                delta += self.cdel[w] - 8
                continue
            ck[j] = key
            if c >= 0:
                ck[j + 1] = st[c * 3]
                ck[j + 2] = st[c * 3 + 1]
                ck[j + 3] = st[c * 3 + 2]
            dl = 0
            if c >= 0:
                dead = doomed(g, w)
                mine = 0
                for t in range(n):
                    if dead >> t & 1 and (surf[b + t] >> 2) & 7 == c:
                        mine |= 1 << t
                if mine and key & 16:
                    dead = self.fix(g, w, c, dead, mine)
                    if now and self.fixed:
                        dl += 1
                for t in range(n):
                    if dead >> t & 1:
                        if now and (surf[b + t] >> 2) & 7 == cur:
                            dl -= 1
                        surf[b + t] = 0
            for t in range(n):
                self.cout[b + t] = surf[b + t]
            self.cdel[w] = dl + 8
            delta += dl
            self.judge(g, w)
            if inv:
                self.valid &= ~(1 << w)
            else:
                self.valid |= 1 << w
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
            old = surf[b + t]
            if old:   # a doomed one: a size down or up
                if not mine >> t & 1:
                    continue
            elif not near >> t & 1:   # an empty territory beside one
                continue
            for s in range(1, 4):
                if not st[c * 3 + s - 1]:
                    continue
                if old:
                    if s - (old & 3) not in (-1, 1):
                        continue
                    v = old & ~3 | s
                else:
                    v = s | c << 2
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

    def judge(self, g, w):
        """World w's projected surface: each player's best pips x tiles
        per element (best), pyramids a second check keeps (stable), who
        is there (hw)."""
        np = g.nplayers()
        b = w * 16
        n = g.nterr[w]
        rb = self.rb
        rid = self.rid
        surf = g.surf
        c = w * 8
        for q in range(8):
            self.stable[c + q] = 0
        dead = doomed(g, w)
        here = 0
        for t in range(n):
            v = surf[b + t]
            if v:
                q = (v >> 2) & 7
                here |= 1 << q
                if not dead >> t & 1:
                    self.stable[c + q] += 1
        self.hw[w] = here
        best = self.best
        e = w * 40
        for i in range(np * 5):
            best[e + i] = 0
        for r in range(self.nreg[w]):
            for q in range(8):
                rb[q] = 0
            for t in range(n):
                v = surf[b + t]
                if v and rid[b + t] == r and v & 3 > rb[(v >> 2) & 7]:
                    rb[(v >> 2) & 7] = v & 3
            x = self.rtiles[b + r] * 2
            i = e + self.relem[b + r]
            for q in range(np):
                y = rb[q] * x
                if y > best[i + q * 5]:
                    best[i + q * 5] = y

    def score(self, g):
        """Each player's total (quarters) from the worlds' judgements and
        the ships, into tot; unit: what a progress point is worth."""
        np = g.nplayers()
        nw = g.nworlds()
        e2 = self.e2
        cnt = self.cnt
        best = self.best
        for i in range(24):
            cnt[i] = 0
        sl = g.sl
        for i in range(g.ship_top()):
            if sl[i] != _FREE:
                cnt[8 + (sl[i] >> 4)] += 1
        ws = 0 if g.last_round() else self.W[W_STABLE]
        for i in range(np * 5):
            e2[i] = 1
        for w in range(nw):
            hw = self.hw[w]
            if not hw:
                continue
            for q in range(np):
                if hw >> q & 1:
                    cnt[q] += 1
                    cnt[16 + q] += self.stable[w * 8 + q]
                    i = q * 5
                    j = w * 40 + i
                    for e in range(5):
                        if best[j + e] > e2[i + e]:
                            e2[i + e] = best[j + e]
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
            self.mis[i] = v >> 4 if v < 1 << 20 else 65535
            self.tot[q] += v

    # -- battles ------------------------------------------------------------------

    def battles(self, g):
        """Each contested orbit's next battle (in the turn of the next
        player with ships there), volley by volley on the exact odds: the
        world's owner fires, those fired upon answer; the player whose turn
        it is fires, and is answered. Every ship fires at the enemy ship it
        hurts most; expected losses come off the totals."""
        sl = g.sl
        sb = g.sb
        top = g.ship_top()
        np = g.nplayers()
        bh = self.bh
        bf = self.bf
        for w in range(8):
            bh[w] = 0
            bf[w] = 0
        for i in range(top):
            x = sl[i]
            if x != _FREE and x & 15 < 8:
                bh[x & 15] |= 1 << (x >> 4)
                if sb[i] & _FIGHTER:
                    bf[x & 15] |= 1 << (x >> 4)
        cur = g.current()
        now = g.phase() <= _P_MOVE
        for w in range(g.nworlds()):
            here = bh[w]
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
                self.volleys(g, o, here, bf[w])
            if c != o:
                self.volleys(g, c, here, bf[w])
            for j in range(self.nloc):
                self.tot[sl[self.loc[j]] >> 4] -= self.loss(g, j)

    def site(self, g, w):
        """Follow the ships of orbit w (loc, their sizes in dist)."""
        sl = g.sl
        dist = self.dist
        k = 0
        for i in range(g.ship_top()):
            if sl[i] & 15 == w and sl[i] != _FREE and k < _NLOC:
                self.loc[k] = i
                self.sup[i] = self.supports(g, i)
                j = k * 4
                for x in range(4):
                    dist[j + x] = 0
                dist[j + (g.sb[i] & 3)] = 255
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
        """Each ship of x fires once (as much as it is still there) at the
        ship (of ``only``, unless 255) whose loss grows most."""
        sl = g.sl
        sb = g.sb
        loc = self.loc
        dist = self.dist
        k = self.nloc
        for s in range(k):
            i = loc[s]
            if sl[i] >> 4 != x:
                continue
            alive = 255 - dist[s * 4]
            bv = 0
            bj = -1
            for j in range(k):
                r = sl[loc[j]] >> 4
                if (r == x or (only != 255 and r != only)
                        or (not sb[loc[j]] & _FIGHTER and fig >> r & 1)):
                    continue
                v = self.harm(g, i, j, alive)
                if v > bv:
                    bv = v
                    bj = j
            if bj >= 0:
                self.shot(g, i, bj, alive)

    def harm(self, g, i, j, alive):
        """How much ship i firing at local ship j adds to the loss of j's
        owner (the distributions stay as they are)."""
        dist = self.dist
        for x in range(4):
            dist[4 * _NLOC + x] = dist[j * 4 + x]
        before = self.loss(g, j)
        self.shot(g, i, j, alive)
        v = self.loss(g, j) - before
        for x in range(4):
            dist[j * 4 + x] = dist[4 * _NLOC + x]
        return v

    def shot(self, g, i, j, alive):
        """Local ship j's size chances after ship i (there with chance
        alive/255) fires at it once."""
        sb = g.sb
        dist = self.dist
        st = g.stash
        t = self.loc[j]
        q = (g.sl[t] >> 4) * 3
        a = sb[i] & 3
        need = (5 if sb[t] & _FIGHTER else 4) if sb[i] & _FIGHTER else 6
        base = ((a - 1) * 3 + need - 4) * 12
        j *= 4
        for x in range(1, 4):   # a shot only moves chances to smaller sizes
            px = dist[j + x] * alive // 255
            if not px:
                continue
            dist[j + x] -= px
            for k in range(4):
                pk = NET[base + (x - 1) * 4 + k]
                y = x - k
                if k:
                    while y >= 1 and not st[q + y - 1]:
                        y -= 1
                dist[j + (y if y > 0 else 0)] += px * pk // 255
        # (rounding loses a little chance; the rest stays where it was)

    def loss(self, g, j):
        """Expected loss (quarters) of local ship j's owner."""
        dist = self.dist
        i = self.loc[j]
        q = g.sl[i] >> 4
        m = (g.sb[i] & _MARINE) >> 3
        mis = self.mis[i] << 4
        s = self.sup[i]
        sup = self.unit[q] * self.W[W_SUPPORT] if s else 0
        j *= 4
        v = dist[j] * (self.unit[q] + mis + sup)
        for x in range(1, 4):
            if m > x:
                v += dist[j + x] * mis
            if s > x:
                v += dist[j + x] * sup
        return v // 255

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
