"""The computer players' turn: expansion, movement and fleet battle
(docs/alheimur.md, "Computer players"). ``ai.py`` calls ``decide``.

A decision of the turn is answered by taking each legal action on the game
itself (the engine's ``apply``), judging the position it leads to
(ai_eval.Eval) and putting the game back byte for byte (its state, undo
snapshot and log); the best is kept. PASS is judged the same way (it ends
a step, and ending expansion gives up the chance to save a colony). Fleet
battle weighs each shot with the dice's exact odds (no dice are rolled).
"""

from array import array

from micropython import const

from alheimur.actions import K_AIM, P_AIM, P_SITE, P_TARGET, PASS
from alheimur.ai_eval import NW, Eval

_R_ATT = const(15)     # alheimur.layout's: not loaded for two numbers
_R_SHOOT = const(20)
_FIGHTER = const(4)
_USED = const(64)
_FREE = const(255)
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
    """The judgement and the buffers of a search (about 3.5 KB)."""

    def __init__(self):
        self.e = Eval()
        self.acts = array("H", bytes(800))   # the candidates (the caller's
        # buffer may be the engine's own list, which trying actions rewrites)
        self.st = bytearray(649)             # the game as found
        self.snap = bytearray(649)
        self.nlog = 0

    def keep(self, g):
        self.st[:] = g.st
        self.snap[:] = g.snap
        self.nlog = g.nlog

    def back(self, g):
        g.st[:] = self.st
        g.snap[:] = self.snap
        g.nlog = self.nlog
        g.sn = -1


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


def decide(g, weights, rng, buf, n, noise=0, fire_all=False):
    """The action of the player to move at a turn decision point."""
    s = search()
    e = s.e
    for i in range(NW):
        e.W[i] = weights[i]
    e.prepare(g)
    p = g.actor()
    ph = g.phase()
    if ph == P_SITE:
        return buf[0]
    if ph == P_AIM:
        return _aim(g, e, p, buf, n, fire_all)
    if ph == P_TARGET:
        return _target(g, e, p, buf, n, rng, noise)
    return _greedy(g, s, p, buf, n, rng, noise)


DEPTH = 1


def _greedy(g, s, p, buf, n, rng, noise):
    """The legal action whose position is worth most to p."""
    acts = s.acts
    for i in range(n):
        acts[i] = buf[i]
    s.keep(g)
    e = s.e
    best = 0
    bv = _WORST
    for i in range(n):
        if i and i & 3 == 0 and clock.out(i, n):
            break
        g.apply(acts[i], False)
        if DEPTH > 1 and g.actor() == p and g.current() == p and (g.phase() == 4 or 6 <= g.phase() <= 11):
            v = _WORST
            m = g.legal(g.sbuf)
            for j in range(m):
                if j:
                    s.back(g)
                    g.apply(acts[i], False)
                    g.legal(g.sbuf)
                g.apply(g.sbuf[j], False)
                x = e.value(g, p)
                if x > v:
                    v = x
        else:
            v = e.value(g, p)
        s.back(g)
        if noise:
            v += rng.below(noise)
        if v > bv:
            bv = v
            best = i
    return acts[best]


# -- fleet battle ------------------------------------------------------------

def _lead(g, e, p):
    """The best other player by e's totals."""
    best = p
    for q in range(g.nplayers()):
        if q != p and (best == p or e.tot[q] > e.tot[best]):
            best = q
    return best


def _harm(g, e, s, j, lead):
    """What ship s firing once at ship j is expected to cost j's owner
    (the best other player's losses count double)."""
    e.start(g, j)
    e.shot(g, s, j)
    v = e.loss(g, j)
    return v * 2 if g.sl[j] >> 4 == lead else v


def _target(g, e, p, buf, n, rng, noise):
    e.value(g, p)
    s = g.reg[_R_SHOOT]  # the ship firing (read only)
    lead = _lead(g, e, p)
    best = 0
    bv = _WORST
    for i in range(n):
        v = _harm(g, e, s, buf[i] & 0x7FF, lead)
        if noise:
            v += rng.below(noise) << 8
        if v > bv:
            bv = v
            best = i
    return buf[best]


def _aim(g, e, p, buf, n, fire_all):
    """Fire the strongest ship that has not fired; as an attacker, open
    fire only when the fleet here is expected to do more harm than the
    answers."""
    w = g.site()
    sl = g.sl
    sb = g.sb
    top = g.ship_top()
    if not fire_all and g.reg[_R_ATT] == p:
        started = False
        for i in range(top):
            if sl[i] == w | p << 4 and sb[i] & _USED:
                started = True
        if not started:
            e.value(g, p)
            lead = _lead(g, e, p)
            if _fleet(g, e, w, p, True, lead) <= _fleet(g, e, w, p, False, p):
                return PASS
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


def _fleet(g, e, w, p, mine, lead):
    """Expected harm of one shot of each ship at w (p's if ``mine``, else
    everyone else's) at its best target among the other side's ships."""
    sl = g.sl
    sb = g.sb
    top = g.ship_top()
    fig = 0
    for j in range(top):
        x = sl[j]
        if x != _FREE and x & 15 == w and sb[j] & _FIGHTER:
            fig |= 1 << (x >> 4)
    out = 0
    for i in range(top):
        x = sl[i]
        if x == _FREE or x & 15 != w or (x >> 4 == p) != mine:
            continue
        bv = 0
        for j in range(top):
            y = sl[j]
            if (y == _FREE or y & 15 != w or (y >> 4 == p) == mine
                    or (not sb[j] & _FIGHTER and fig >> (y >> 4) & 1)):
                continue
            v = _harm(g, e, i, j, lead)
            if v > bv:
                bv = v
        out += bv
    return out
