"""The computer players' turn: expansion, movement and fleet battle
(docs/alheimur.md, "Computer players"). ``ai.py`` calls ``decide``.

A decision of the turn is answered by taking each legal action on the game
itself (the engine's own rules: what ``apply`` does, without touching its
undo snapshot and log), judging the position it leads to (ai_eval.Eval) and
putting the game's state back byte for byte; the best is kept. PASS is
judged the same way (it ends a step, and ending expansion gives up the
chance to save a colony). In fleet battle every ship fires, the strongest
first, each at the target whose owner is expected to lose most by the
dice's exact odds (no dice are rolled).
"""

from micropython import const

from alheimur.actions import (
    K_AIM,
    K_BOARD,
    K_CIVILIZE,
    K_EXPAND,
    K_FLIP,
    K_LAUNCH,
    K_MIGRATE,
    K_MOVE,
    P_AIM,
    P_MIGRATE,
    P_SITE,
    P_TARGET,
    PASS,
)
from alheimur.ai_eval import Eval

# consts from alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_R_SHOOT = const(20)
# end consts
_WORST = const(-(1 << 29))


class Clock:
    """The caller's clock, deadline and callbacks for one decision."""

    def __init__(self):
        self.set(None, None, None, None)

    def set(self, deadline_us, now_us, progress, should_stop):
        self.deadline = deadline_us
        self.now = now_us
        self.progress = progress
        self.should_stop = should_stop

    def out(self, i, n):
        """Report progress at candidate i of n; True when the search must
        end (deadline passed or the player asked to move now)."""
        if self.progress is not None:
            self.progress(i / n)
        if self.should_stop is not None and self.should_stop():
            return True
        return (self.now is not None and self.deadline is not None
                and self.now() - self.deadline >= 0)


class Search:
    """The judgement and the game as found (about 2.3 KB)."""

    def __init__(self):
        self.e = Eval()
        self.st = bytearray(649)

    def keep(self, g):
        self.st[:] = g.st

    def back(self, g):
        g.st[:] = self.st
        g.sn = -1

    def trial(self, g, a):
        """Take legal action a on g as apply() does, but leaving the undo
        snapshot and log alone (back() puts the state back)."""
        g._do(a)
        g.sn = -1
        g._settle()


_search = None
clock = Clock()


def search():
    global _search
    if _search is None:
        _search = Search()
    return _search


def release():
    """Drop the buffers (give the heap back between games)."""
    global _search
    _search = None


def decide(g, weights, rng, buf, n, noise=0):
    """The action of the player to move at a turn decision point."""
    s = search()
    e = s.e
    e.weigh(weights)
    e.prepare(g)
    p = g.actor()
    ph = g.phase()
    e.war = ph > P_MIGRATE   # battles change little with expansion and migration
    if ph == P_SITE:
        return buf[0]
    s.keep(g)
    e.value(g, p, 0)   # every world judged as the game stands
    s.back(g)
    if ph == P_AIM:
        return _aim(g, e, p, buf, n)
    if ph == P_TARGET:
        return _target(g, e, p, buf, n, rng, noise)
    return _greedy(g, s, p, buf, n, rng, noise)


def _greedy(g, s, p, buf, n, rng, noise):
    """The legal action whose position is worth most to p (PASS, first in
    the list when offered, wins ties). PASS, which may change every world's
    judgement, is tried last so that the others reuse the decision's.
    Trying actions rewrites the engine's list of legal actions: when
    ``buf`` is that list, it is made again after each."""
    e = s.e
    mine = buf is g.sbuf
    first = 1 if buf[0] == PASS else 0
    best = 0
    bv = _WORST
    k = first
    while k < n + first:
        i = k if k < n else 0
        if k < n and k > first and k & 3 == 0 and clock.out(k, n):
            if not first:
                break
            i = 0          # out of time: PASS is the last judged
            k = n
        a = buf[i]
        d = _touched(g, a)
        s.trial(g, a)
        v = e.value(g, p, d)
        s.back(g)
        if mine:
            g.legal(buf)
        if noise:
            v += rng.below(noise)
        if v > bv or (v == bv and i == 0):
            bv = v
            best = i
        k += 1
    return buf[best]


def _touched(g, a):
    """Bits of the worlds action a may change (surface, stash of its
    player, ships in the orbit); all for PASS or SURVIVE, which may end a
    step or a turn (the judgement checks who checks each world anyway)."""
    k = a >> 11
    if k == K_EXPAND or k == K_CIVILIZE:
        return 1 << ((a >> 6) & 7)
    if k == K_MIGRATE:
        return 1 << ((a >> 8) & 7)
    if k == K_LAUNCH:
        return 1 << ((a >> 5) & 7)
    if k == K_FLIP:
        w = g.sl[a & 127] & 15
    elif K_BOARD <= k <= K_MOVE:
        w = g.sl[(a >> 4) & 127] & 15
        if k == K_MOVE:
            return (1 << w | 1 << (a & 15)) & 255
    else:
        return 255
    return (1 << w) & 255


# -- fleet battle ------------------------------------------------------------

def _lead(g, e, p):
    """The best other player by e's totals."""
    best = p
    for q in range(g.nplayers()):
        if q != p and (best == p or e.tot(q) > e.tot(best)):
            best = q
    return best


def _harm(g, e, s, j, lead):
    """What ship s firing once at the ship followed as j (e.site) is
    expected to cost its owner (the best other player's losses count
    double)."""
    v = e.harm(g, s, j, 255)
    return v * 2 if g.sl[e.ship(j)] >> 4 == lead else v


def _target(g, e, p, buf, n, rng, noise):
    s = g.reg[_R_SHOOT]  # the ship firing (read only)
    lead = _lead(g, e, p)
    e.site(g, g.site())
    best = 0
    bv = _WORST
    for i in range(n):
        j = 0
        while e.ship(j) != buf[i] & 0x7FF and j < e.nloc - 1:
            j += 1
        v = _harm(g, e, s, j, lead)
        if noise:
            v += rng.below(noise)
        if v > bv:
            bv = v
            best = i
    return buf[best]


def _aim(g, e, p, buf, n):
    """Fire the strongest ship that has not fired (answers cost nothing;
    opening fire measured no worse than holding it, against exact)."""
    sb = g.sb
    best = 0
    bv = -1
    for i in range(n):
        a = buf[i]
        if a >> 11 != K_AIM:
            continue
        s = a & 0x7FF
        v = (sb[s] & 3) * 2 + (1 if sb[s] & _FIGHTER else 0)
        if v > bv:
            bv = v
            best = i
    return buf[best]
