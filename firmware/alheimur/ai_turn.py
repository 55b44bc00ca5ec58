"""The computer players' turn: expansion, movement and fleet battle
(docs/alheimur.md, "Computer players"). ``ai.py`` calls ``decide``.

Each decision point is answered by trying its legal actions one by one on
the model (ai_eval.Model), judging each, and keeping the best; PASS (when
offered) is the position as it is, so an action is taken only when it
makes things better. Fleet battle weighs expected hits with the dice's
odds (no dice are rolled in the search).
"""

from micropython import const

from alheimur.actions import (
    K_AIM,
    P_AIM,
    P_EXPAND,
    P_SITE,
    P_TARGET,
    PASS,
)
from alheimur.ai_eval import Model

# consts from alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_FREE = const(255)
_MARINE = const(24)
_R_ATT = const(15)
_R_SHOOT = const(20)
_USED = const(64)
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


_model = None
clock = Clock()


def model():
    global _model
    if _model is None:
        _model = Model()
    return _model


def release():
    """Drop the buffers (give the heap back between games)."""
    global _model
    _model = None


def decide(g, weights, rng, buf, n, noise=0, fire_all=False, soft=True):
    """The action of the player to move at a turn decision point."""
    m = model()
    for i in range(len(weights)):
        m.W[i] = weights[i]
    p = g.actor()
    ph = g.phase()
    m.me = p
    m.soft = soft and ph != P_EXPAND
    m.final = False
    m.safe = 0
    if soft and g.last_round() == 2 and g.current() == p and ph != P_EXPAND:
        # our last turn, after its survival check: what is not checked
        # again (worlds with only our pyramids) needs no neighbours
        m.final = True
        m.safe = _ours_alone(g, p)
    m.load(g)
    if ph == P_SITE:
        return buf[0]
    if ph == P_AIM:
        return _aim(g, m, p, buf, n, fire_all)
    if ph == P_TARGET:
        return _target(g, m, p, buf, n, rng, noise)
    return _greedy(m, p, buf, n, rng, noise)


def _ours_alone(g, p):
    """Bits of the worlds where p has pyramids and nobody else has."""
    m = 0
    for w in range(g.nworlds()):
        k = 0
        for t in range(g.nterr[w]):
            v = g.piece(w, t)
            if v:
                k |= 1 << ((v >> 2) & 7)
        if k == 1 << p:
            m |= 1 << w
    return m


def _greedy(m, p, buf, n, rng, noise):
    """The legal action whose position m values most for p (PASS, always
    first when offered, stands for the position as it is)."""
    m.save()
    best = 0
    bv = _WORST
    if buf[0] == PASS:
        bv = m.value(p) + (rng.below(noise) if noise else 0)
    for i in range(n):
        a = buf[i]
        if a == PASS:
            continue
        if i and i & 3 == 0 and clock.out(i, n):
            break
        m.do(a, p)
        v = m.value(p)
        m.restore()
        if noise:
            v += rng.below(noise)
        if v > bv:
            bv = v
            best = i
    return buf[best]


# -- fleet battle ------------------------------------------------------------

def _net(s, t, a, out):
    """out[k]: chances (in 6 ** (s + t)) of k net hits when s dice hitting
    on a of 6 meet t defence dice (each 6 cancels a hit)."""
    for k in range(4):
        out[k] = 0
    for i in range(s + 1):
        pi = _choose(s, i) * a ** i * (6 - a) ** (s - i)
        for j in range(t + 1):
            pj = _choose(t, j) * 5 ** (t - j)
            k = i - j
            out[k if k > 0 else 0] += pi * pj


def _choose(n, k):
    return 3 if n == 3 and (k == 1 or k == 2) else (2 if n == 2 and k == 1 else 1)


def _odds(sb, s, t):
    """Hit chance (of 6) of ship bits s firing at ship bits t."""
    if sb[s] & _FIGHTER:
        return 2 if sb[t] & _FIGHTER else 3
    return 1


def _loss(m, j, q, k):
    """What q loses (by m's value for q) if ship j takes k hits."""
    m.save()
    before = m.value(q)
    m.shrink(j, k)
    after = m.value(q)
    m.restore()
    return before - after


_dist = [0, 0, 0, 0]


def _expected(m, s, j):
    """Expected loss (x 6 ** 6 / 6 ** (dice), comparable for one shooter)
    of ship j's owner when ship s fires at it."""
    sb = m.sb
    q = m.sl[j] >> 4
    ss = sb[s] & 3
    tt = sb[j] & 3
    _net(ss, tt, _odds(sb, s, j), _dist)
    e = 0
    for k in range(1, 4):
        if _dist[k]:
            e += _dist[k] * _loss(m, j, q, k)
    return e * 6 ** (3 - tt)


def _target(g, m, p, buf, n, rng, noise):
    s = g.reg[_R_SHOOT]  # the ship firing (read only)
    best = 0
    bv = _WORST
    for i in range(n):
        j = buf[i] & 0x7FF
        v = _expected(m, s, j)
        if noise:
            v += rng.below(noise)
        if v > bv:
            bv = v
            best = i
    return buf[best]


def _power(m, s, j):
    """Expected sizes ship s takes off ship j, destruction counting
    double (in 6 ** 6ths)."""
    sb = m.sb
    ss = sb[s] & 3
    tt = sb[j] & 3
    _net(ss, tt, _odds(sb, s, j), _dist)
    e = 0
    for k in range(1, 4):
        e += _dist[k] * (k if k < tt else 2 * tt + 1 + ((sb[j] & _MARINE) >> 3))
    return e * 6 ** (6 - ss - tt)


def _aim(g, m, p, buf, n, fire_all):
    """Fire the strongest ship that has not fired; as an attacker, only
    when the fleet here expects to do more harm than the answers will."""
    w = g.site()
    sl = m.sl
    sb = m.sb
    top = g.ship_top()
    if not fire_all and g.reg[_R_ATT] == p:
        started = False
        for i in range(top):
            if sl[i] == w | p << 4 and g.sb[i] & _USED:
                started = True
        if not started and not _worth(m, w, p, top):
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


def _worth(m, w, p, top):
    """Does p's fleet at w expect to take off more than it would lose to
    the answers of everyone it can fire at?"""
    sl = m.sl
    out = 0
    into = 0
    for i in range(top):
        x = sl[i]
        if x == _FREE or x & 15 != w:
            continue
        mine = x >> 4 == p
        bv = 0
        for j in range(top):
            y = sl[j]
            if y == _FREE or y & 15 != w or (y >> 4 == p) == mine:
                continue
            v = _power(m, i, j)
            if v > bv:
                bv = v
        if mine:
            out += bv
        else:
            into += bv
    return out > into

