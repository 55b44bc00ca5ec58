"""The engines' invariants, checked on a game while it is played: by the
app's fuzzer (tools/fuzz_app.py, after every event) and the Alheimur bot
(tools/bot_alheimur.py). One checker a game (tools/games.py names it);
``check(g)`` raises Failure at the first broken invariant, ``progress(g)``
is the game's count of moves so far. tools/fuzz_app.py's docstring lists
what each checks."""


class Failure(BaseException):
    """A BaseException, so the firmware's crash handler does not catch it."""



class SkyChecker:
    """Skyscrapers' invariants (see tools/fuzz_app.py's docstring)."""

    def __init__(self):
        from skyscrapers import engine, scoring
        self.e = engine
        self.score = scoring.score
        self.checks = 0

    def progress(self, g):
        return g.nplays

    def check(self, g):
        e = self.e
        N = e.N
        self.checks += 1
        if sum(g.height) != e.NTILES:
            raise Failure("tiles on the board: %d" % sum(g.height))
        holes = [c for c in range(N) if g.height[c] == 0 and g.coin[c] == 0]
        if holes != [g.hole]:
            raise Failure("holes %r, the game says %d" % (holes, g.hole))
        stacked = sum(h - 1 for h in g.height if h >= 2)
        if sum(1 for c in range(N) if g.coin[c]) != stacked:
            raise Failure("coins != tiles moved onto stacks")
        per = [0] * N
        for t in range(e.NTILES):
            c = g.tcell[t]
            per[c] += 1
            if g.top[c] // 6 != t // 6:
                raise Failure("tile %d in a stack of another suit" % t)
        if per != list(g.height):
            raise Failure("tile cells and heights disagree")
        if sorted(g.pawn[c] for c in range(N) if g.pawn[c]) != [1, 2, 3, 4]:
            raise Failure("pawns: not one per suit")
        for s in range(4):
            c = g.ppos[s]
            if g.pawn[c] != s + 1 or g.suit_at(c) != s:
                raise Failure("the %s pawn is off its suit" % e.SUIT_NAMES[s])
        f = e.Game(g.start, g.options)
        for i in range(g.nplays):
            f.apply(g.play_at(i))
        if f.position() != g.position():
            raise Failure("position differs from its replay")
        if self.score(g).total != self.count(g):
            raise Failure("score %d, a fresh count %d" % (self.score(g).total, self.count(g)))

    def count(self, g):
        """The score from the rules (clarification 7), not from scoring.py."""
        N = self.e.N
        total = 0
        for c in range(N):
            h = g.height[c]
            if h >= 2:
                pts = h if h <= 3 else 2 * h
                total += 2 * pts if g.pawn[c] else pts
            elif h == 0 and g.coin[c] and not g.pawn[c]:
                x, y = c % 5, c // 5
                near = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
                if not any(0 <= a < 5 and 0 <= b < 5 and g.height[b * 5 + a]
                           for a, b in near):
                    total += 3
        return total


class AlhChecker:
    """Alheimur's invariants (see tools/fuzz_app.py's docstring)."""

    def __init__(self):
        from alheimur import actions, layout
        from alheimur.engine import Game
        self.L = layout
        self.A = actions
        self.Game = Game
        self.checks = 0
        self.seen = None

    def progress(self, g):
        return g.round()

    def check(self, g):
        L = self.L
        A = self.A
        self.checks += 1
        np = g.nplayers()
        nw = g.nworlds()
        count = [0] * 24            # per player and size, pieces out of the stash
        for w in range(8):
            inv = [0] * 8
            n = g.nterr[w] if w < nw else 0
            for t in range(16):
                v = g.surf[w * 16 + t]
                if not v:
                    continue
                q = A.owner(v)
                if t >= n or w >= nw or not g.world_built(w):
                    raise Failure("a pyramid on world %d territory %d, which is not there" % (w, t))
                if q >= np or not 1 <= A.pips(v) <= 3:
                    raise Failure("world %d territory %d holds %#x" % (w, t, v))
                count[q * 3 + A.pips(v) - 1] += 1
                if A.invader(v):
                    inv[q] += 1
                    if inv[q] > 1:
                        raise Failure("two invaders of player %d on world %d" % (q, w))
        top = g.ship_top()
        for i in range(L.MAX_SHIPS):
            loc = g.sl[i]
            if loc == L.FREE:
                continue
            if i >= top:
                raise Failure("ship %d beyond the ship table's top %d" % (i, top))
            q = A.ship_owner(loc)
            b = g.sb[i]
            place = A.ship_place(loc)
            if q >= np or not (place < nw or place == A.SPACE) or not 1 <= A.pips(b) <= 3:
                raise Failure("ship %d: place %#x bits %#x" % (i, loc, b))
            count[q * 3 + A.pips(b) - 1] += 1
            m = A.marine(b)
            if m:
                if A.fighter(b) or m > A.pips(b):
                    raise Failure("ship %d: a marine of %d on %#x" % (i, m, b))
                count[q * 3 + m - 1] += 1
        for p in range(np):
            for s in range(3):
                if count[p * 3 + s] + g.stash_count(p, s + 1) != 5:
                    raise Failure("player %d has %d pyramids of %d pips in play and %d in the "
                                  "stash" % (p, count[p * 3 + s], s + 1, g.stash_count(p, s + 1)))
        st = g.state()
        if st == self.seen:
            return
        self.seen = st
        f = self.Game(np, g.limit())
        f.load(st)
        if f.state() != st or f.phase() != g.phase():
            raise Failure("the state does not load back")


class AliencityChecker:
    """Alien City's invariants (see tools/fuzz_app.py's docstring)."""

    def __init__(self):
        from aliencity import streets
        from aliencity.engine import Game
        from aliencity.geometry import CAPS, LOT_TILE, NKINDS, NLOTS, NONE, NTILES, START_SUPPLY
        self.Game = Game
        self.streets = streets.Streets()
        self.k = (CAPS, LOT_TILE, NKINDS, NLOTS, NONE, NTILES, START_SUPPLY)
        self.seen = None
        self.checks = 0
        self.replays = 0

    def progress(self, g):
        return g.nbuilds

    def check(self, g):
        CAPS, LOT_TILE, NKINDS, NLOTS, NONE, NTILES, START_SUPPLY = self.k
        self.checks += 1
        if not self.streets.holds(g.lots, g.open_streets):
            raise Failure("street rule broken")
        n = g.nbuilds
        used = [0] * (2 * NKINDS)
        caps = [0, 0]
        owner = [-1] * NLOTS
        for i in range(n):
            p, kind, lot, cap = g.build_at(i)
            if kind < 0 or owner[lot] != -1:
                raise Failure("build %d on %d: not on the board / twice" % (i, lot))
            owner[lot] = p
            used[p * NKINDS + kind] += 1
            if cap != NONE:
                caps[p] += 1
                if g.owner_at(cap) != p:
                    raise Failure("cap of build %d not on lot %d" % (i, cap))
        tiles = [0] * NTILES
        capped = 0
        for v in range(NLOTS):
            if g.lots[v]:
                tiles[LOT_TILE[v]] += 1
                if owner[v] == -1:
                    raise Failure("lot %d built but not in the history" % v)
                if g.owner_at(v) >= 0:
                    capped += 1
                    if g.kind_at(v) >= 3:
                        raise Failure("cap on a dome at %d" % v)
        if capped != caps[0] + caps[1]:
            raise Failure("caps on the board %d, in the history %d" % (capped, sum(caps)))
        for t in range(NTILES):
            if tiles[t] != g.tcount[t]:
                raise Failure("tile %d count" % t)
        for p in range(2):
            if g.caps[p] != CAPS - caps[p]:
                raise Failure("caps left of player %d" % p)
            for k in range(NKINDS):
                if g.supply[p * NKINDS + k] != START_SUPPLY[p][k] - used[p * NKINDS + k]:
                    raise Failure("supply of player %d kind %d" % (p, k))
        key = (bytes(g.hist[:2 * n]), bytes(g.lots), g.to_move, id(g))
        if key == self.seen:
            return
        self.seen = key
        self.replays += 1
        f = self.Game(g.tcol, g.ticon, g.tval, g.rules, g.open_streets,
                      g.location_bonus, g.first)
        for i in range(n):
            p, kind, lot, cap = g.build_at(i)
            if f.to_move != p:
                raise Failure("build %d by the wrong player" % i)
            f.again(kind, lot, cap)
        if f.to_move != g.to_move:
            raise Failure("whose turn: %d, replay says %d" % (g.to_move, f.to_move))
        if bytes(f.lots) != bytes(g.lots) or bytes(f.supply) != bytes(g.supply):
            raise Failure("position differs from its replay")
