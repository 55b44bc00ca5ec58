"""Alheimur's ``exact`` baseline: a one-ply player on the projected final
score, written from the rules (desktop only, never shipped; the Alheimur
counterpart of tools/exact.py).

    import exact_alheimur
    a = exact_alheimur.choose(game, rng, buf, n, scratch)   # scratch: exact_alheimur.Scratch()

Every decision of a turn (expansion, the movement steps) tries each legal
action on the game itself (the engine's ``apply``; the game is put back
exactly as it was) and keeps the one whose position is worth most:

- **Projected final score.** Each world as after its next survival check:
  the first player in turn order still to have a turn who has pyramids
  there checks it (the mover itself when its check is still to come); that
  player first makes the one expansion or civilize there that keeps most of
  its pips alive (if its expansion there is still to come), everybody
  else's doomed pyramids go. A world nobody checks before the game ends
  stays as it is. Then every player's total by the rule text's formula
  (scoring.py's), in quarters.
- **Ships and battles on the exact odds.** In every orbit where two players
  have ships each ship fires once at the enemy ship it hurts most (never at a
  transport while its owner has a fighter there); the distribution of each
  ship's size after the shots is worked out die by die (hits, defence
  sixes, the stash rule) and its owner loses the expected worth: a ship's
  progress point, its marine's mission, the invader it supports.
- **Missions.** A marine aboard is worth a share of what landing it would
  add to its owner's total (the best empty territory of a world where the
  owner has no pyramid: a new world, maybe a new element): most in that
  world's orbit, less in space, least elsewhere. An enemy's loaded
  transport counts in the enemy's total, so answering it pays.
- **Value.** Own projected total minus the best other player's.
- **Last-round timing.** If the mover's own survival check still to come
  would leave it 13 or more pyramids in play, the last round begins: worth
  a large bonus when it is clearly ahead, a large penalty otherwise (so it
  grows below 13 when behind).
- **Fleet battle.** An answer fires every ship it can; an attack opens fire
  only when the fleet's expected harm exceeds what the answers are expected
  to do; each target is the one whose owner loses most in expectation
  (the best other player counting double).

World building and start colonists are the computer players' own
(firmware/alheimur/ai_setup.py, hard's), so a match measures play.
"""

from array import array

import paths  # noqa: F401
from alheimur import ai_setup, turn
from alheimur.actions import (
    MAX_ACTIONS,
    a_ship,
    act,
    acted,
    fighter,
    invader,
    kind_of,
    marine,
    owner,
    pips,
    ship_loc,
    ship_owner,
    ship_place,
)
from alheimur.layout import (
    FREE,
    K_AIM,
    P_AIM,
    P_EXPAND,
    P_LAND,
    P_MOVE,
    P_SITE,
    P_START,
    P_SURVIVE,
    P_TARGET,
    PASS,
    SPACE,
)
from alheimur.packing import pyramid

F_ORBIT = 0.6    # a marine's share of its landing's worth: in the target's orbit
F_SPACE = 0.45   # .. in space
F_OTHER = 0.3    # .. in any other orbit
SUPPORT = 3      # progress points an invader's world is worth to its transport
STABLE = 8       # quarters per surface pyramid a second check would keep
END_MARGIN = 0.15  # "clearly ahead": by this share of the best other total
END_BONUS = 1e6
P_LOAD = 7       # movement step 2 (launch or return)

_NET = {}


def net_hits(dice, need, defence):
    """Distribution (list by net hits 0..3) of the hits of ``dice`` dice
    hitting on ``need`` or more, less the sixes of ``defence`` dice (rolled
    only when there is a hit)."""
    key = (dice, need, defence)
    d = _NET.get(key)
    if d is not None:
        return d
    p = (7 - need) / 6.0
    out = [0.0] * 4
    for i in range(dice + 1):
        pi = _binom(dice, i) * p ** i * (1 - p) ** (dice - i)
        if i == 0:
            out[0] += pi
            continue
        for j in range(defence + 1):
            pj = _binom(defence, j) * (1 / 6.0) ** j * (5 / 6.0) ** (defence - j)
            out[max(0, i - j)] += pi * pj
    _NET[key] = out
    return out


def _binom(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def need_of(shooter_bits, target_bits):
    if fighter(shooter_bits):
        return 5 if fighter(target_bits) else 4
    return 6


def after_shot(dist, dice, need, stash3):
    """Size distribution (list 0..3) of a ship after one shot of ``dice``
    dice hitting on ``need``; ``stash3`` the owner's stash by size."""
    out = [dist[0], 0.0, 0.0, 0.0]
    for s in range(1, 4):
        ps = dist[s]
        if not ps:
            continue
        nh = net_hits(dice, need, s)
        for k in range(4):
            if not nh[k]:
                continue
            ns = s - k
            if k:
                while ns >= 1 and not stash3[ns - 1]:
                    ns -= 1
            out[max(ns, 0)] += ps * nh[k]
    return out


class Scratch:
    """One seat's buffers and the regions of the game it plays."""

    def __init__(self, grow=False):
        self.buf = array("H", bytes(2 * MAX_ACTIONS))
        self.game = None
        self.regions = []     # per world: [(element, tiles, territory bits)]
        self.region_of = []   # per world: territory -> (element, tiles)
        self.fixes = {}
        self.grows = {}
        self.grow = grow

    def prepare(self, g):
        if self.game is g and self.regions:
            return
        self.game = g
        self.fixes = {}
        self.grows = {}
        self.regions = []
        self.region_of = []
        for w in range(g.nworlds()):
            b = w * 16
            n = g.nterr[w]
            seen = 0
            regs = []
            of = [None] * n
            for t0 in range(n):
                if seen >> t0 & 1:
                    continue
                reg = 1 << t0
                todo = reg
                while todo:
                    t = (todo & -todo).bit_length() - 1
                    todo &= todo - 1
                    new = g.edge[b + t] & ~reg
                    reg |= new
                    todo |= new
                seen |= reg
                tiles = sum(g.tsize[b + t] for t in range(n) if reg >> t & 1)
                r = (g.telem[b + t0], tiles, reg)
                regs.append(r)
                for t in range(n):
                    if reg >> t & 1:
                        of[t] = r
            self.regions.append(regs)
            self.region_of.append(of)


# -- the projection -------------------------------------------------------------

def checkers(g):
    """(players still to have a survival check, in order; the mover's
    worlds it may still expand on before its own check, or -1 for all)."""
    np = g.nplayers()
    cur = g.current()
    ph = g.phase()
    before = ph <= P_SURVIVE
    start = cur if before else (cur + 1) % np
    seq = []
    if g.last_round() == 2:
        ender = g.ender()
        if before or cur != ender:
            q = start
            while True:
                seq.append(q)
                if q == ender:
                    break
                q = (q + 1) % np
    else:
        seq = [(start + i) % np for i in range(np)]
    if before:
        fixable = g.to_expand() if ph == P_EXPAND else 0
    else:
        fixable = -1
    return seq, fixable


def kept_pips(g, w, c, dead):
    b = w * 16
    k = 0
    for t in range(g.nterr[w]):
        v = g.surf[b + t]
        if v and owner(v) == c and not dead >> t & 1:
            k += pips(v)
    return k


def best_fix(g, w, c, dead):
    """The expansion or civilize of c on world w that keeps most of c's pips
    alive through the check: (territory, piece byte) or None, and the
    doomed bits after it."""
    b = w * 16
    n = g.nterr[w]
    surf = g.surf
    st = g.stash
    best = None
    bd = dead
    bk = kept_pips(g, w, c, dead)
    for t in range(n):
        v = surf[b + t]
        if not v:
            opts = [s for s in (1, 2, 3) if st[c * 3 + s - 1]]
            for s in opts:
                surf[b + t] = pyramid(s, c)
                d = turn.doomed(g, w)
                k = kept_pips(g, w, c, d)
                if k > bk:
                    bk, bd, best = k, d, (t, s | c << 2)
            surf[b + t] = 0
        elif owner(v) == c:
            s0 = pips(v)
            for s in (s0 - 1, s0 + 1):
                if 1 <= s <= 3 and st[c * 3 + s - 1]:
                    surf[b + t] = v - pips(v) + s
                    d = turn.doomed(g, w)
                    k = kept_pips(g, w, c, d)
                    if k > bk:
                        bk, bd, best = k, d, (t, v - pips(v) + s)
            surf[b + t] = v
    return best, bd


def _fix_key(g, w, c):
    b = w * 16
    n = g.nterr[w]
    key = [w, c, g.stash[c * 3], g.stash[c * 3 + 1], g.stash[c * 3 + 2]]
    key.extend(g.surf[b:b + n])
    inv = False
    for t in range(n):
        if invader(g.surf[b + t]):
            inv = True
    if inv:   # invaders live on transports: the orbit's empty ones
        for i in range(g.ship_top()):
            if ship_place(g.sl[i]) == w and g.sl[i] != FREE and not (fighter(g.sb[i]) or marine(g.sb[i])):
                key.append((g.sl[i], pips(g.sb[i])))
    return tuple(key)


class Eval:
    """The projected position's figures for every player."""

    def __init__(self, np):
        self.e2 = [[1] * 5 for _ in range(np)]   # doubled element scores
        self.worlds = [0] * np
        self.ships = [0] * np
        self.stable = [0] * np        # surface pyramids a second check keeps
        self.total = [0.0] * np       # quarters, expectations included
        self.unit = [0.0] * np        # a progress point in quarters
        self.inplay = 0               # the mover's pyramids in play after its check
        self.triggers = False


def project(g, sc, me, rounds=False):
    """Write the projected surfaces into g.surf (the caller restores it);
    returns the mover's change in pyramids in play at its own check.
    ``rounds``: every player of the sequence with pyramids on a world
    checks it in turn (a round of checks), not only the first."""
    seq, fixable = checkers(g)
    nw = g.nworlds()
    surf = g.surf
    cur = g.current()
    delta = 0
    for w in range(nw):
        b = w * 16
        n = g.nterr[w]
        for k, c in enumerate(seq):
            here = 0
            for t in range(n):
                v = surf[b + t]
                if v:
                    here |= 1 << owner(v)
            if not here >> c & 1:
                continue
            dead = turn.doomed(g, w)
            now = k == 0 and c == cur and fixable != -1
            may_fix = (fixable >> w & 1) if now else True
            fix = None
            if may_fix and dead:
                mine = 0
                for t in range(n):
                    if dead >> t & 1 and owner(surf[b + t]) == c:
                        mine = 1
                if mine:
                    key = _fix_key(g, w, c)
                    got = sc.fixes.get(key)
                    if got is None:
                        got = best_fix(g, w, c, dead)
                        sc.fixes[key] = got
                    fix, dead = got
            if fix is not None:
                surf[b + fix[0]] = fix[1]
                if now:
                    delta += 1
            for t in range(n):
                if dead >> t & 1:
                    v = surf[b + t]
                    if now and owner(v) == cur:
                        delta -= 1
                    surf[b + t] = 0
            if not rounds:
                break
    return delta

def world_table(g, sc, w):
    """({player: doubled element bests on world w}, players present)."""
    b = w * 16
    surf = g.surf
    tab = {}
    here = 0
    for e, tiles, reg in sc.regions[w]:
        m = reg
        while m:
            t = (m & -m).bit_length() - 1
            m &= m - 1
            v = surf[b + t]
            if v:
                q = owner(v)
                here |= 1 << q
                lst = tab.get(q)
                if lst is None:
                    lst = tab[q] = [0] * 5
                x = 2 * pips(v) * tiles
                if x > lst[e]:
                    lst[e] = x
    return tab, here


def _cands(g, w, c):
    """The expansions and civilizes of c on world w: (territory, byte)."""
    b = w * 16
    st = g.stash
    out = []
    for t in range(g.nterr[w]):
        v = g.surf[b + t]
        if not v:
            for s in (1, 2, 3):
                if st[c * 3 + s - 1]:
                    out.append((t, s | c << 2))
        elif owner(v) == c:
            for s in (pips(v) - 1, pips(v) + 1):
                if 1 <= s <= 3 and st[c * 3 + s - 1]:
                    out.append((t, v - pips(v) + s))
    return out


def project_grow(g, sc, me):
    """project(), then each checker's best expansion or civilize (or none)
    on each world it may still act on, judged by its own total after the
    check; returns the mover's change in pyramids at its own check."""
    seq, fixable = checkers(g)
    nw = g.nworlds()
    cur = g.current()
    orig = bytes(g.surf)
    delta0 = project(g, sc, me)
    tables = [world_table(g, sc, w) for w in range(nw)]
    ships = {}
    for i in range(g.ship_top()):
        if g.sl[i] != FREE:
            ships[ship_owner(g.sl[i])] = ships.get(ship_owner(g.sl[i]), 0) + 1
    delta = 0
    for w in range(nw):
        b = w * 16
        n = g.nterr[w]
        here = 0
        for t in range(n):
            v = orig[b + t]
            if v:
                here |= 1 << owner(v)
        c = -1
        for q in seq:
            if here >> q & 1:
                c = q
                break
        if c < 0:
            continue
        now = c == cur and seq and seq[0] == cur and fixable != -1
        if now and not fixable >> w & 1:
            before = sum(1 for t in range(n) if orig[b + t] and (orig[b + t] >> 2) & 7 == cur)
            after = sum(1 for t in range(n) if g.surf[b + t] and owner(g.surf[b + t]) == cur)
            delta += after - before
            continue
        other = [1] * 5
        wo = 0
        for w2 in range(nw):
            if w2 == w:
                continue
            tab, h2 = tables[w2]
            if h2 >> c & 1:
                wo += 1
            lst = tab.get(c)
            if lst:
                for e in range(5):
                    if lst[e] > other[e]:
                        other[e] = lst[e]
        key = (w, c, orig[b:b + n], g.stash[c * 3], g.stash[c * 3 + 1], g.stash[c * 3 + 2],
               tuple(other), wo, ships.get(c, 0), _sup_sig(g, w))
        best = sc.grows.get(key)
        if best is None:
            bt = None
            best = None
            for cand in [None] + _cands(g, w, c) if True else []:
                g.surf[b:b + n] = orig[b:b + n]
                if cand is not None:
                    g.surf[b + cand[0]] = cand[1]
                dead = turn.doomed(g, w)
                for t in range(n):
                    if dead >> t & 1:
                        g.surf[b + t] = 0
                tab, h = world_table(g, sc, w)
                lst = tab.get(c, [0] * 5)
                el = sorted(max(other[e], lst[e]) for e in range(5))
                prog = ships.get(c, 0) + 3 * (wo + (h >> c & 1))
                tot = el[4] * el[0] * prog + 2 * (el[1] + el[2] + el[3])
                if bt is None or tot > bt:
                    bt = tot
                    best = bytes(g.surf[b:b + n])
            sc.grows[key] = best
        g.surf[b:b + n] = best
        tables[w] = world_table(g, sc, w)
        if now:
            delta += (sum(1 for t in range(n) if best[t] and (best[t] >> 2) & 7 == cur)
                      - sum(1 for t in range(n) if orig[b + t] and (orig[b + t] >> 2) & 7 == cur))
    del delta
    return delta0


def _sup_sig(g, w):
    out = []
    for i in range(g.ship_top()):
        if g.sl[i] != FREE and ship_place(g.sl[i]) == w and not (fighter(g.sb[i]) or marine(g.sb[i])):
            out.append((g.sl[i], pips(g.sb[i])))
    return tuple(sorted(out))


def scores(g, sc, ev):
    np = g.nplayers()
    surf = g.surf
    e2 = ev.e2
    for w in range(g.nworlds()):
        b = w * 16
        here = 0
        dead = turn.doomed(g, w)
        for t in range(g.nterr[w]):
            v = surf[b + t]
            if v and not dead >> t & 1:
                ev.stable[owner(v)] += 1
        for e, tiles, reg in sc.regions[w]:
            best = {}
            m = reg
            while m:
                t = (m & -m).bit_length() - 1
                m &= m - 1
                v = surf[b + t]
                if v:
                    q = owner(v)
                    here |= 1 << q
                    if pips(v) > best.get(q, 0):
                        best[q] = pips(v)
            for q, s in best.items():
                x = 2 * s * tiles
                if x > e2[q][e]:
                    e2[q][e] = x
        for q in range(np):
            if here >> q & 1:
                ev.worlds[q] += 1
    for i in range(g.ship_top()):
        v = g.sl[i]
        if v != FREE:
            ev.ships[ship_owner(v)] += 1
    for q in range(np):
        x = sorted(e2[q])
        ev.unit[q] = x[4] * x[0]
        ev.total[q] = x[4] * x[0] * (ev.ships[q] + 3 * ev.worlds[q]) + 2 * (x[1] + x[2] + x[3])
        if not g.last_round():   # pyramids that keep living matter while the game goes on
            ev.total[q] += STABLE * ev.stable[q]


def total_with(ev, q, e, x2, extra_prog):
    """q's total (quarters) with element e raised to x2 and progress more."""
    el = list(ev.e2[q])
    if x2 > el[e]:
        el[e] = x2
    el.sort()
    return el[4] * el[0] * (ev.ships[q] + 3 * ev.worlds[q] + extra_prog) + 2 * (el[1] + el[2] + el[3])


def landing_gains(g, sc, ev, q, m):
    """Per world: what a marine of m pips landing on its best empty
    territory adds to q's total (0 where q already has pyramids)."""
    base = ev.total[q] - 0.0
    plain = total_with(ev, q, 0, 0, 0)
    out = [0.0] * g.nworlds()
    for w in range(g.nworlds()):
        b = w * 16
        n = g.nterr[w]
        mine = False
        empty = []
        for t in range(n):
            v = g.surf[b + t]
            if not v:
                empty.append(t)
            elif owner(v) == q:
                mine = True
        if mine or not empty:
            continue
        best = 0.0
        for t in empty:
            e, tiles, _reg = sc.region_of[w][t]
            x = total_with(ev, q, e, 2 * m * tiles, 3) - plain
            if x > best:
                best = x
        out[w] = best
    del base
    return out


def ship_worth(g, ev, gains, i, support):
    """What ship i's owner loses when it is destroyed (quarters), and its
    marine's worth, and what it supports."""
    q = ship_owner(g.sl[i])
    c = g.sb[i]
    mp = marine(c)
    mission = 0.0
    if mp:
        mission = marine_worth(g, gains, q, ship_place(g.sl[i]), mp)
    sup = support.get(i, 0)
    return ev.unit[q], mission, sup * SUPPORT * ev.unit[q]


def turns_left(g, q):
    """Whole turns player q still gets after the current one (2: two or
    more)."""
    last = g.last_round()
    if not last:
        return 2
    cur = g.current()
    if last == 1:
        return 1
    ender = g.ender()
    if cur == ender:
        return 0
    np = g.nplayers()
    k = (cur + 1) % np
    while True:
        if k == q:
            return 1
        if k == ender:
            return 0
        k = (k + 1) % np


def marine_worth(g, gains, q, loc, m):
    """A marine's share of its landing's worth, if its owner has the turns
    to land it (a step 4 still to come; from space, a move first)."""
    gq = gains.get((q, m))
    if gq is None:
        return 0.0
    left = turns_left(g, q)
    here = q == g.current()
    ph = g.phase()
    if loc == SPACE:
        if left >= 2 or (left and here and ph <= P_MOVE):
            return F_SPACE * max(gq)
        return 0.0
    if gq[loc] > 0:
        if left or (here and ph <= P_LAND):
            return F_ORBIT * gq[loc]
        return 0.0
    if left >= 2:
        return F_OTHER * max(gq)
    return 0.0


def supports(g):
    """{ship: invader size} for transports that alone keep a lone invader
    alive on their world."""
    out = {}
    for w in range(g.nworlds()):
        b = w * 16
        cnt = {}
        for t in range(g.nterr[w]):
            v = g.surf[b + t]
            if v:
                q = owner(v)
                cnt[q] = cnt.get(q, 0) + 1
        for t in range(g.nterr[w]):
            v = g.surf[b + t]
            if invader(v) and cnt[owner(v)] < 2:
                q = owner(v)
                s = pips(v)
                ok = [i for i in range(g.ship_top()) if g.sl[i] == ship_loc(w, q)
                      and not (fighter(g.sb[i]) or marine(g.sb[i])) and pips(g.sb[i]) >= s]
                if len(ok) == 1:
                    out[ok[0]] = s
    return out


def expected_loss(g, dist, i, worth, stash3):
    """Expected loss of ship i's owner given its size distribution."""
    unit, mission, sup = worth
    c = g.sb[i]
    mp = marine(c)
    inv = sup / (SUPPORT * unit) if sup else 0
    loss = dist[0] * (unit + mission + sup)
    for s in (1, 2, 3):
        if dist[s]:
            if mp > s:
                loss += dist[s] * mission
            if inv and inv > s:
                loss += dist[s] * sup
    del stash3
    return loss


def battles(g, ev, gains):
    """Expected losses in every contested orbit (one shot per ship),
    taken off the totals."""
    top = g.ship_top()
    sl = g.sl
    sb = g.sb
    by = {}
    for i in range(top):
        v = sl[i]
        if v != FREE and ship_place(v) != SPACE:
            by.setdefault(ship_place(v), []).append(i)
    support = None
    for ships in by.values():
        owners = {ship_owner(sl[i]) for i in ships}
        if len(owners) < 2:
            continue
        if support is None:
            support = supports(g)
        fighters = {ship_owner(sl[i]) for i in ships if fighter(sb[i])}
        shots = {}
        for s in ships:
            q = ship_owner(sl[s])
            best = -1.0
            bj = -1
            for j in ships:
                r = ship_owner(sl[j])
                if r == q or (not fighter(sb[j]) and r in fighters):
                    continue
                st3 = g.stash[r * 3:r * 3 + 3]
                d0 = [0.0] * 4
                d0[pips(sb[j])] = 1.0
                d1 = after_shot(d0, pips(sb[s]), need_of(sb[s], sb[j]), st3)
                x = expected_loss(g, d1, j, ship_worth(g, ev, gains, j, support), st3)
                if x > best:
                    best = x
                    bj = j
            if bj >= 0:
                shots.setdefault(bj, []).append(s)
        for j, shooters in shots.items():
            r = ship_owner(sl[j])
            st3 = g.stash[r * 3:r * 3 + 3]
            d = [0.0] * 4
            d[pips(sb[j])] = 1.0
            for s in shooters:
                d = after_shot(d, pips(sb[s]), need_of(sb[s], sb[j]), st3)
            ev.total[r] -= expected_loss(g, d, j, ship_worth(g, ev, gains, j, support), st3)


def leader(ev, me):
    best = -1
    bv = None
    for q in range(len(ev.total)):
        if q != me and (bv is None or ev.total[q] > bv):
            bv = ev.total[q]
            best = q
    return best


def evaluate(g, sc, me):
    """The projected position's Eval (the game is left as found)."""
    saved = bytes(g.surf)
    ev = Eval(g.nplayers())
    delta = project(g, sc, me, sc.grow)
    scores(g, sc, ev)
    gains = {}
    for i in range(g.ship_top()):
        v = g.sl[i]
        if v != FREE and marine(g.sb[i]):
            q = ship_owner(v)
            m = marine(g.sb[i])
            if (q, m) not in gains:
                gains[(q, m)] = landing_gains(g, sc, ev, q, m)
    for i in range(g.ship_top()):
        v = g.sl[i]
        if v != FREE and marine(g.sb[i]):
            ev.total[ship_owner(v)] += marine_worth(g, gains, ship_owner(v), ship_place(v), marine(g.sb[i]))
    battles(g, ev, gains)
    g.surf[:] = saved
    cur = g.current()
    if cur == me and g.phase() <= P_SURVIVE and g.last_round() == 0:
        ev.inplay = g.in_play(me) + delta
        ev.triggers = ev.inplay >= 13
    return ev


def value(g, sc, me):
    ev = evaluate(g, sc, me)
    other = max(ev.total[q] for q in range(g.nplayers()) if q != me)
    v = ev.total[me] - other
    if ev.triggers:
        v += END_BONUS if v > END_MARGIN * max(other, 1.0) else -END_BONUS
    return v


# -- trying actions on the game ---------------------------------------------------

class Trial:
    """Take an action on the game and put everything back (state, undo
    log, cached legal actions)."""

    def __init__(self, g):
        self.g = g
        self.st = bytes(g.st)
        self.snap = bytes(g.snap)
        self.nlog = g.nlog

    def do(self, a):
        self.g.apply(a)

    def back(self):
        g = self.g
        g.st[:] = self.st
        g.snap[:] = self.snap
        g.nlog = self.nlog
        g.sn = -1


def one_ply(g, sc, me, buf, n, rng):
    acts = list(buf[:n])
    tr = Trial(g)
    best = None
    bv = None
    for a in acts:
        tr.do(a)
        v = value(g, sc, me)
        tr.back()
        if bv is None or v > bv:   # ties: the first (PASS when offered)
            bv = v
            best = a
    return best


# -- fleet battle -------------------------------------------------------------------

def _fleet_harm(g, sc, me, shooters_of, targets_of, ev, gains, support):
    """Expected harm (quarters) the ships ``shooters_of`` do, one shot each
    at the best of ``targets_of``."""
    sl = g.sl
    sb = g.sb
    total = 0.0
    fighters = {ship_owner(sl[j]) for j in targets_of if fighter(sb[j])}
    lead = leader(ev, me)
    for s in shooters_of:
        best = 0.0
        for j in targets_of:
            r = ship_owner(sl[j])
            if not fighter(sb[j]) and r in fighters:
                continue
            st3 = g.stash[r * 3:r * 3 + 3]
            d0 = [0.0] * 4
            d0[pips(sb[j])] = 1.0
            d1 = after_shot(d0, pips(sb[s]), need_of(sb[s], sb[j]), st3)
            x = expected_loss(g, d1, j, ship_worth(g, ev, gains, j, support), st3)
            if r == lead or r == me:
                x *= 2
            if x > best:
                best = x
        total += best
    return total


def _battle_ctx(g, sc, me):
    ev = evaluate(g, sc, me)
    gains = {}
    for i in range(g.ship_top()):
        v = g.sl[i]
        if v != FREE and marine(g.sb[i]):
            key = (ship_owner(v), marine(g.sb[i]))
            if key not in gains:
                gains[key] = landing_gains(g, sc, ev, *key)
    return ev, gains, supports(g)


def aim(g, sc, me, buf, n):
    w = g.site()
    sl = g.sl
    sb = g.sb
    mine = [i for i in range(g.ship_top()) if sl[i] == ship_loc(w, me)]
    ready = [a_ship(buf[k]) for k in range(n) if kind_of(buf[k]) == K_AIM]
    if not ready:
        return PASS
    attacking = g.attacker() == me
    if attacking and not any(acted(sb[i]) for i in mine):
        ev, gains, support = _battle_ctx(g, sc, me)
        enemy = [j for j in range(g.ship_top()) if sl[j] != FREE and ship_place(sl[j]) == w
                 and ship_owner(sl[j]) != me]
        dealt = _fleet_harm(g, sc, me, mine, enemy, ev, gains, support)
        got = _fleet_harm(g, sc, me, enemy, mine, ev, gains, support)
        if dealt <= got:
            return PASS
    best = max(ready, key=lambda s: (pips(sb[s]) * 2 + (1 if fighter(sb[s]) else 0), -s))
    return act(K_AIM, best)


def target(g, sc, me, buf, n):
    s = g.shot()[0]
    ev, gains, support = _battle_ctx(g, sc, me)
    sl = g.sl
    sb = g.sb
    lead = leader(ev, me)
    best = buf[0]
    bv = -1.0
    for k in range(n):
        j = a_ship(buf[k])
        r = ship_owner(sl[j])
        st3 = g.stash[r * 3:r * 3 + 3]
        d0 = [0.0] * 4
        d0[pips(sb[j])] = 1.0
        d1 = after_shot(d0, pips(sb[s]), need_of(sb[s], sb[j]), st3)
        x = expected_loss(g, d1, j, ship_worth(g, ev, gains, j, support), st3)
        if r == lead:
            x *= 2
        if x > bv:
            bv = x
            best = buf[k]
    return best


def choose(g, rng, buf, n, sc=None):
    """exact's action among the n legal ones in buf."""
    if n == 1:
        return buf[0]
    ph = g.phase()
    if ph <= P_START:
        return ai_setup.decide(g, rng, buf, n, True)
    if sc is None:
        sc = Scratch()
    sc.prepare(g)
    me = g.actor()
    if ph == P_SITE:
        return buf[0]
    if ph == P_AIM:
        return aim(g, sc, me, buf, n)
    if ph == P_TARGET:
        return target(g, sc, me, buf, n)
    return one_ply(g, sc, me, buf, n, rng)
