"""The computer players' model of an Alheimur position and its value
(docs/alheimur.md, "Computer players").

``Model`` copies the pieces of a game (surfaces, ships, stashes) into its
own bytes, so the search can try an action, judge it and take it back
without the engine (whose undo replays the turn so far). ``do(a)`` plays
the effect of a legal action on the copy, as the engine would; ``value(p)``
judges the position for player p:

- every world as after a survival check now (the doomed count as gone:
  expansion is followed by the check, and a colony that a check would
  break is a risk);
- each player's score as if the game ended there, in quarters
  (scoring.py: highest x lowest element x progress + the other three);
- plus what the score does not see yet: pyramids alive on worlds,
  spaceports, ships, marines on their way to a world worth landing on;
- minus a share of the best other player's score.

Weights are in ``W`` (one bytearray, so a level can change them). No
recursion; every buffer is allocated once.
"""

from array import array

from micropython import const

from alheimur.actions import (
    K_BOARD,
    K_CIVILIZE,
    K_EXPAND,
    K_FLIP,
    K_LAND,
    K_LAUNCH,
    K_MIGRATE,
    K_MOVE,
    K_RETURN,
    K_UNLOAD,
    SPACE,
)

_INV = const(32)     # layout.INVADER
# consts from alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_FREE = const(255)
_MARINE = const(24)
# end consts

# Where the model keeps the copy (one bytearray, so a snapshot is one copy).
_SURF = const(0)     # 128: world * 16 + territory -> piece (no USED bit)
_SL = const(128)     # 120: ship -> loc | owner << 4 (255 free)
_SB = const(248)     # 120: ship -> size | FIGHTER | marine << 3
_STASH = const(368)  # 24: player * 3 + size - 1
_BEST = const(392)   # 320: world * 40 + player * 5 + element -> pips x tiles
_ALIVE = const(712)  # 64: world * 8 + player -> pyramids that live
_PORTS = const(776)  # 64: world * 8 + player -> spaceports that live
_EMAX = const(840)   # 40: world * 5 + element -> tiles of its biggest region
                     # with an empty territory (where a marine could land)
_FIX = const(880)    # 8: per world, 1 when our doomed there count as saved
_TOP = const(888)    # ship slots in use are below this
_BYTES = const(889)

# Weights (indices into W; values 0-255).
_W_SCORE = const(0)     # per quarter of the player's score (x 1)
_W_ALIVE = const(1)     # per pyramid alive on a world
_W_PORT = const(2)      # per spaceport
_W_SHIP = const(3)      # per ship (on top of its progress point)
_W_MARINE = const(4)    # per marine
_W_MISSION = const(5)   # eighths of a landing's worth, marine in target orbit
_W_SPACE = const(6)     # .. marine in space
_W_HOME = const(7)      # .. marine in any other orbit
_W_OPP = const(8)       # eighths of the best other player's score subtracted
_W_LEAD = const(9)      # per pyramid in play when ahead (ending the game)
_W_FIX = const(10)      # per world whose doomed one expansion must save
_NW = const(11)

_POP = bytearray(256)
for _i in range(1, 256):
    _POP[_i] = _POP[_i >> 1] + (_i & 1)


def bits(m):
    return _POP[m & 255] + _POP[m >> 8]


class Model:
    """A copy of a game's pieces, its regions, and the value of a
    position. About 3 KB."""

    def __init__(self):
        self.d = bytearray(_BYTES)
        self.bk = bytearray(_BYTES)
        d = memoryview(self.d)
        self.surf = d[_SURF:_SURF + 128]
        self.sl = d[_SL:_SL + 120]
        self.sb = d[_SB:_SB + 120]
        self.stash = d[_STASH:_STASH + 24]
        self.best = d[_BEST:_BEST + 320]
        self.alive = d[_ALIVE:_ALIVE + 64]
        self.ports = d[_PORTS:_PORTS + 64]
        self.emax = d[_EMAX:_EMAX + 40]
        self.fix = d[_FIX:_FIX + 8]
        self.soft = False   # judge as in movement (see refresh)
        self.safe = 0       # bits: worlds no survival check will visit again
        self.final = False  # our last turn: only the score counts
        self.me = 0         # whose doomed soft may save
        # Regions of each world (fixed once the worlds are built).
        self.rid = bytearray(128)     # world * 16 + terr -> its region
        self.rtiles = bytearray(128)  # world * 16 + region -> tiles
        self.relem = bytearray(128)   # .. element
        self.nreg = bytearray(8)
        self.rb = bytearray(128)      # scratch: region * 8 + player -> pips
        self.cnt = bytearray(8)       # scratch: pyramids per player
        self.e2 = bytearray(40)       # scratch: doubled element scores
        self.tot = array("i", [0] * 8)   # total4 per player (value())
        self.tv = array("i", [0] * 9)    # worth of landing on each world
        self.hx = bytearray(10)          # scratch: hi and lo without element e
        self.W = bytearray(_NW)
        self.g = None
        self.np = 0
        self.nw = 0

    # -- copying the game ----------------------------------------------------

    def load(self, g):
        """Copy game g's pieces and judge every world."""
        self.g = g
        self.np = g.nplayers()
        self.nw = g.nworlds()
        surf = self.surf
        for i in range(128):
            surf[i] = g.surf[i] & 63
        top = g.ship_top()
        sl = self.sl
        sb = self.sb
        for i in range(120):
            if i < top:
                sl[i] = g.sl[i]
                sb[i] = g.sb[i] & 31
            else:
                sl[i] = _FREE
                sb[i] = 0
        self.d[_TOP] = top
        for i in range(24):
            self.stash[i] = g.stash[i]
        self.regions()
        for w in range(self.nw):
            self.refresh(w)

    def regions(self):
        """Regions of every built world: same element along edges."""
        g = self.g
        rid = self.rid
        for w in range(self.nw):
            b = w * 16
            n = g.nterr[w] if g.world_built(w) else 0
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

    def save(self):
        self.bk[:] = self.d

    def restore(self):
        self.d[:] = self.bk

    # -- the pieces ----------------------------------------------------------

    def supported(self, w, q, s):
        """An empty transport of q with at least s pips in w's orbit?"""
        sl = self.sl
        sb = self.sb
        loc = w | q << 4
        for i in range(self.d[_TOP]):
            if sl[i] == loc and not sb[i] & (_FIGHTER | _MARINE) and sb[i] & 3 >= s:
                return True
        return False

    def refresh(self, w):
        """Judge world w as after a survival check: who lives, spaceports,
        each player's best region of each element there. With ``soft``
        (movement: our next expansion comes before the check), our doomed
        that one expansion or civilize could save count as living, and
        fix[w] says so."""
        g = self.g
        b = w * 16
        n = g.nterr[w]
        surf = self.surf
        cnt = self.cnt
        for q in range(8):
            cnt[q] = 0
        occ = 0
        for t in range(n):
            v = surf[b + t]
            if v:
                occ |= 1 << t
                cnt[(v >> 2) & 7] += 1
        adj = g.adj
        dead = 0
        for t in range(n):
            v = surf[b + t]
            if not v:
                continue
            s = v & 3
            if v & _INV and cnt[(v >> 2) & 7] < 2:
                if not self.supported(w, (v >> 2) & 7, s):
                    dead |= 1 << t
            else:
                k = bits(adj[b + t] & occ)
                if k <= s or k > s + 2:
                    dead |= 1 << t
        self.fix[w] = 0
        if self.safe >> w & 1:
            dead = 0
        if dead and self.soft:
            mine = 0
            for t in range(n):
                if dead >> t & 1 and (surf[b + t] >> 2) & 7 == self.me:
                    mine |= 1 << t
            if mine and self.fixable(b, n, occ, mine):
                dead &= ~mine
                self.fix[w] = 1
        rb = self.rb
        nr = self.nreg[w]
        for i in range(nr * 8):
            rb[i] = 0
        al = self.alive
        po = self.ports
        c = w * 8
        for q in range(8):
            al[c + q] = 0
            po[c + q] = 0
        rid = self.rid
        for t in range(n):
            v = surf[b + t]
            if not v or dead >> t & 1:
                continue
            q = (v >> 2) & 7
            s = v & 3
            if s == 3 and not (v & _INV and cnt[q] < 2):
                po[c + q] += 1
            al[c + q] += 1
            r = rid[b + t] * 8 + q
            if s > rb[r]:
                rb[r] = s
        best = self.best
        e = w * 40
        for i in range(40):
            best[e + i] = 0
        rt = self.rtiles
        re = self.relem
        em = self.emax
        for i in range(w * 5, w * 5 + 5):
            em[i] = 0
        for t in range(n):
            if not surf[b + t]:
                r = rid[b + t]
                i = w * 5 + re[b + r]
                if rt[b + r] > em[i]:
                    em[i] = rt[b + r]
        for r in range(nr):
            tiles = rt[b + r]
            el = re[b + r]
            for q in range(self.np):
                x = rb[r * 8 + q] * tiles
                if x > best[e + q * 5 + el]:
                    best[e + q * 5 + el] = x

    def fixable(self, b, n, occ, mine):
        """Could one expansion or civilize of ours save all of ``mine``
        (doomed colonists on the world at b)? One doomed: one neighbour
        short (a free neighbour, or a size down) or one too many (a size
        up); several: all one short around a common free territory."""
        adj = self.g.adj
        surf = self.surf
        st = self.stash
        me = self.me * 3
        free = ((1 << n) - 1) & ~occ
        one = bits(mine) == 1
        common = free
        for t in range(n):
            if not mine >> t & 1:
                continue
            v = surf[b + t]
            s = v & 3
            if v & _INV:
                return False
            k = bits(adj[b + t] & occ)
            if one:
                if k == s:
                    return bool(adj[b + t] & free) or (s > 1 and st[me + s - 2] > 0)
                return k == s + 3 and s < 3 and st[me + s] > 0
            if k != s:
                return False
            common &= adj[b + t]
        return common != 0

    def do(self, a, p):
        """Play legal action a of player p on the copy; refreshes the
        worlds it touches."""
        k = a >> 11
        surf = self.surf
        stash = self.stash
        if k == K_EXPAND or k == K_CIVILIZE or k == K_MIGRATE:
            if k == K_MIGRATE:
                w = (a >> 8) & 7
                i = w * 16 + ((a >> 4) & 15)
                surf[w * 16 + (a & 15)] = surf[i]
                surf[i] = 0
            else:
                w = (a >> 6) & 7
                i = w * 16 + ((a >> 2) & 15)
                s = a & 3
                v = surf[i]
                if k == K_EXPAND:
                    surf[i] = s | p << 2
                else:
                    stash[p * 3 + (v & 3) - 1] += 1
                    surf[i] = v & ~3 | s
                stash[p * 3 + s - 1] -= 1
            self.refresh(w)
            return
        if k == K_LAUNCH:
            w = (a >> 5) & 7
            i = w * 16 + ((a >> 1) & 15)
            self.new_ship(w | p << 4, surf[i] & 3 | (_FIGHTER if a & 1 else 0))
            surf[i] = 0
            self.refresh(w)
            return
        sl = self.sl
        sb = self.sb
        if k == K_FLIP:
            sb[a & 127] ^= _FIGHTER
            w = sl[a & 127] & 15
            if w < 8:
                self.refresh(w)
            return
        i = (a >> 4) & 127
        t = a & 15
        w = sl[i] & 15
        if k == K_MOVE:
            sl[i] = t | p << 4
            if w < 8:
                self.refresh(w)
            if t < 8:
                self.refresh(t)
            return
        j = w * 16 + t
        c = sb[i]
        if k == K_BOARD:
            sb[i] = c | (surf[j] & 3) << 3
            surf[j] = 0
        elif k == K_RETURN:
            surf[j] = c & 3 | p << 2
            sl[i] = _FREE
            sb[i] = 0
        elif k == K_UNLOAD:
            surf[j] = (c & _MARINE) >> 3 | p << 2
            sb[i] = c & ~_MARINE
        elif k == K_LAND:
            sb[i] = c & ~_MARINE
            self.lands(w, p, t, (c & _MARINE) >> 3)
        self.refresh(w)

    def new_ship(self, loc, bits_):
        sl = self.sl
        for i in range(120):
            if sl[i] == _FREE:
                sl[i] = loc
                self.sb[i] = bits_
                if i >= self.d[_TOP]:
                    self.d[_TOP] = i + 1
                return i
        return -1

    def lands(self, w, p, t0, m):
        """p's marine of m pips lands on t0 (turn.py's rule)."""
        b = w * 16
        n = self.g.nterr[w]
        surf = self.surf
        col = False
        k = 1
        for t in range(n):
            v = surf[b + t]
            if v and (v >> 2) & 7 == p:
                k += 1
                if not v & _INV:
                    col = True
        if col or k >= 2:
            surf[b + t0] = m | p << 2
            for t in range(n):
                v = surf[b + t]
                if v and (v >> 2) & 7 == p:
                    surf[b + t] = v & ~_INV
        else:
            surf[b + t0] = m | p << 2 | _INV

    def shrink(self, j, hits):
        """Ship j loses ``hits`` sizes (battle.py's rule)."""
        sl = self.sl
        sb = self.sb
        q = sl[j] >> 4
        c = sb[j]
        s = c & 3
        m = (c & _MARINE) >> 3
        stash = self.stash
        ns = s - hits
        while ns >= 1 and not stash[q * 3 + ns - 1]:
            ns -= 1
        stash[q * 3 + s - 1] += 1
        w = sl[j] & 15
        if ns < 1:
            if m:
                stash[q * 3 + m - 1] += 1
            sl[j] = _FREE
            sb[j] = 0
        else:
            stash[q * 3 + ns - 1] -= 1
            if m > ns:
                stash[q * 3 + m - 1] += 1
                c &= ~_MARINE
            sb[j] = c & ~3 | ns
        if w < 8:
            self.refresh(w)

    # -- the value -----------------------------------------------------------

    def totals(self):
        """Each player's score (quarters) as things stand, into tot;
        e2 keeps the doubled element scores."""
        np = self.np
        nw = self.nw
        best = self.best
        al = self.alive
        e2 = self.e2
        ships = self.cnt
        for q in range(8):
            ships[q] = 0
        sl = self.sl
        for i in range(self.d[_TOP]):
            v = sl[i]
            if v != _FREE:
                ships[v >> 4] += 1
        for q in range(np):
            worlds = 0
            for w in range(nw):
                if al[w * 8 + q]:
                    worlds += 1
            hi = 0
            lo = 255
            rest = 0
            for e in range(5):
                x = 0
                i = q * 5 + e
                for w in range(nw):
                    if best[w * 40 + i] > x:
                        x = best[w * 40 + i]
                x = 2 * x if x else 1
                e2[i] = x
                rest += x
                if x > hi:
                    hi = x
                if x < lo:
                    lo = x
            self.tot[q] = hi * lo * (ships[q] + 3 * worlds) + 2 * (rest - hi - lo)

    def value(self, p):
        """How good the position is for p (bigger is better)."""
        self.totals()
        self.targets(p)
        W = self.W
        np = self.np
        nw = self.nw
        tot = self.tot
        v = tot[p] * W[_W_SCORE]
        other = 0
        for q in range(np):
            if q != p and tot[q] > other:
                other = tot[q]
        v -= other * W[_W_OPP] >> 3
        if self.final:
            return v
        alive = 0
        ports = 0
        for w in range(nw):
            alive += self.alive[w * 8 + p]
            ports += self.ports[w * 8 + p]
        v += alive * W[_W_ALIVE] + ports * W[_W_PORT]
        for w in range(nw):
            if self.fix[w]:
                v -= W[_W_FIX]
        sl = self.sl
        sb = self.sb
        tv = self.tv
        far = tv[8]
        inplay = alive
        for i in range(self.d[_TOP]):
            x = sl[i]
            if x == _FREE or x >> 4 != p:
                continue
            inplay += 1
            v += W[_W_SHIP]
            if sb[i] & _MARINE:
                inplay += 1
                v += W[_W_MARINE]
                loc = x & 15
                if loc == SPACE:
                    v += far * W[_W_SPACE] >> 3
                elif tv[loc] > 0:
                    v += tv[loc] * W[_W_MISSION] >> 3
                else:
                    v += far * W[_W_HOME] >> 3
        if tot[p] > other:
            v += inplay * W[_W_LEAD]
        return v

    def targets(self, p):
        """After totals(): tv[w], what a lone 2-pip invader landing on
        world w's best empty territory would add to p's score (0 where p
        has pyramids); tv[8] the best of them."""
        e2 = self.e2
        hx = self.hx
        b = p * 5
        rest = 0
        for e in range(5):
            rest += e2[b + e]
        # hi and lo of the other four, for each element e
        for e in range(5):
            hi = 0
            lo = 255
            for f in range(5):
                if f != e:
                    y = e2[b + f]
                    if y > hi:
                        hi = y
                    if y < lo:
                        lo = y
            hx[e] = hi
            hx[5 + e] = lo
        al = self.alive
        worlds = 0
        for w in range(self.nw):
            if al[w * 8 + p]:
                worlds += 1
        prog = self.cnt[p] + 3 * worlds + 3
        base = self.tot[p]
        em = self.emax
        tv = self.tv
        top = 0
        for w in range(8):
            tv[w] = 0
            if w >= self.nw or al[w * 8 + p]:
                continue
            bw = 0
            for e in range(5):
                x = 4 * em[w * 5 + e]
                if not x:
                    continue
                y = e2[b + e]
                if x < y:
                    x = y
                hi = hx[e] if hx[e] > x else x
                lo = hx[5 + e] if hx[5 + e] < x else x
                gain = hi * lo * prog + 2 * (rest - y + x - hi - lo) - base
                if gain > bw:
                    bw = gain
            tv[w] = bw
            if bw > top:
                top = bw
        tv[8] = top
