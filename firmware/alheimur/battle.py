"""Fleet battle (part of the engine; Game calls it).

At each site the steps run as firing turns (CLARIFICATIONS.md, Alheimur
10, 18, 19): the world's owner attacks (1), those fired upon answer in turn
order from the current player (2), the current player attacks (3), answers
(4), then each other player with a spaceport there and ships in the orbit
attacks (5) and gets its own answers (6). In a firing turn each of the
firer's ships may fire once: AIM (a ship), TARGET, then the dice.

Hot code (every legal action and apply, the AI's search through them): it
shifts and masks actions, pieces and ships by the numbers of the codec,
alheimur.actions, copied below by tools/consts.py; everything outside the
engine calls the codec's functions (tests/test_codec_rule.py).
"""

from micropython import const

from alheimur.turn import free_ship
from alheimur.world import bits

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_FREE = const(255)
_INVADER = const(32)
_KIND_AT = const(11)
_K_AIM = const(17)
_K_SITE = const(16)
_K_TARGET = const(18)
_MARINE = const(24)
_MARINE_AT = const(3)
_NOBODY = const(255)
_OWNER_AT = const(2)
_PIPS = const(3)
_P_AIM = const(13)
_P_DICE = const(15)
_P_SITE = const(12)
_P_TARGET = const(14)
_R_ATT = const(15)
_R_BSTEP = const(14)
_R_CUR = const(1)
_R_DEF = const(24)
_R_DICE = const(26)
_R_DLEFT = const(22)
_R_FIRED = const(17)
_R_FIRER = const(16)
_R_HITS = const(23)
_R_NDICE = const(25)
_R_NP = const(5)
_R_NWORLDS = const(29)
_R_PHASE = const(0)
_R_Q5 = const(19)
_R_QA = const(18)
_R_SHOOT = const(20)
_R_SITES = const(13)
_R_STOP = const(12)
_R_TARGET = const(21)
_R_WORLD = const(7)
_SEAT = const(7)
_SHIP = const(127)
_SOWNER_AT = const(4)
_TERR = const(15)
_USED = const(64)
_X_ADVANCE = const(28)
_X_BATTLE = const(27)
_X_END = const(30)
_X_NEXT_SITE = const(29)
# end consts


def fleet(g, w, fighters=False):
    """Bits of the players with ships (``fighters``: with a fighter) in
    w's orbit."""
    sl = g.sl
    sb = g.sb
    m = 0
    for i in range(g.reg[_R_STOP]):
        v = sl[i]
        if v != _FREE and v & _TERR == w and (not fighters or sb[i] & _FIGHTER):
            m |= 1 << (v >> _SOWNER_AT)
    return m


def may_target(g, j, fighters):
    """May the firer shoot at ship j (in the site's orbit) now?"""
    reg = g.reg
    q = g.sl[j] >> _SOWNER_AT
    x = reg[_R_FIRER]
    att = reg[_R_ATT]
    if q == x or (x != att and q != att):
        return False
    return g.sb[j] & _FIGHTER or not fighters >> q & 1


def _targets(g, buf, n, fighters):
    """TARGET(j) for each target (representatives); returns the count."""
    w = g.reg[_R_WORLD]
    for j in range(g.reg[_R_STOP]):
        v = g.sl[j]
        if v != _FREE and v & _TERR == w and may_target(g, j, fighters) and g.rep(j) == j:
            buf[n] = _K_TARGET << _KIND_AT | j
            n += 1
    return n


def gen(g, buf, ph):
    reg = g.reg
    if ph == _P_SITE:
        n = 0
        m = reg[_R_SITES]
        for w in range(reg[_R_NWORLDS]):
            if m >> w & 1:
                buf[n] = _K_SITE << _KIND_AT | w
                n += 1
        return n
    w = reg[_R_WORLD]
    fighters = fleet(g, w, True)
    if ph == _P_TARGET:
        return _targets(g, buf, 0, fighters)
    buf[0] = 0   # PASS: stop firing
    if _targets(g, buf, 1, fighters) == 1:
        return 1
    n = 1
    loc = w | reg[_R_FIRER] << _SOWNER_AT
    for i in range(reg[_R_STOP]):
        if g.sl[i] == loc and not g.sb[i] & _USED and g.rep(i) == i:
            buf[n] = _K_AIM << _KIND_AT | i
            n += 1
    return n


def do(g, a):
    reg = g.reg
    k = a >> _KIND_AT
    x = a & _SHIP
    if k == _K_SITE:
        reg[_R_WORLD] = x
        reg[_R_SITES] &= ~(1 << x)
        reg[_R_BSTEP] = 0
        reg[_R_PHASE] = _X_ADVANCE
    elif k == _K_AIM:
        reg[_R_SHOOT] = x
        reg[_R_PHASE] = _P_TARGET
    else:  # _K_TARGET
        reg[_R_TARGET] = x
        reg[_R_FIRED] |= 1 << (g.sl[x] >> _SOWNER_AT)
        s = reg[_R_SHOOT]
        g.sb[s] |= _USED
        reg[_R_DLEFT] = g.sb[s] & _PIPS
        reg[_R_HITS] = 0
        reg[_R_DEF] = 0
        reg[_R_NDICE] = 0
        reg[_R_PHASE] = _P_DICE


def die(g, v):
    """One die of the current roll shows v."""
    reg = g.reg
    sb = g.sb
    k = reg[_R_NDICE]
    if k < 3:
        reg[_R_DICE + k] = v
        reg[_R_NDICE] = k + 1
    reg[_R_DLEFT] -= 1
    t = reg[_R_TARGET]
    if not reg[_R_DEF]:
        if sb[reg[_R_SHOOT]] & _FIGHTER:
            need = 5 if sb[t] & _FIGHTER else 4
        else:
            need = 6
        if v >= need:
            reg[_R_HITS] += 1
        if reg[_R_DLEFT]:
            return
        if reg[_R_HITS]:   # the target rolls its defence
            reg[_R_DEF] = 1
            reg[_R_DLEFT] = sb[t] & _PIPS
            reg[_R_NDICE] = 0
            return
    else:
        if v == 6 and reg[_R_HITS]:
            reg[_R_HITS] -= 1
        if reg[_R_DLEFT]:
            return
        shrink(g, t, reg[_R_HITS])
    reg[_R_PHASE] = _P_AIM


def shrink(g, t, hits):
    """Ship t loses ``hits`` sizes, then more while its owner's stash lacks
    the size reached; below 1 pip it is destroyed; a marine too big for it
    leaves. Removed pieces go back to the stash."""
    if not hits:
        return
    q = g.sl[t] >> _SOWNER_AT
    c = g.sb[t]
    s = c & _PIPS
    m = (c & _MARINE) >> _MARINE_AT
    stash = g.stash
    ns = s - hits
    while ns >= 1 and not stash[q * 3 + ns - 1]:
        ns -= 1
    stash[q * 3 + s - 1] += 1
    if ns < 1:
        if m:
            stash[q * 3 + m - 1] += 1
        free_ship(g, t)
        return
    stash[q * 3 + ns - 1] -= 1
    if m > ns:
        stash[q * 3 + m - 1] += 1
        c &= ~_MARINE
    g.sb[t] = c & ~_PIPS | ns


def _start_fire(g, x):
    """Begin x's firing turn at the site if x has ships there."""
    reg = g.reg
    loc = reg[_R_WORLD] | x << _SOWNER_AT
    found = False
    for i in range(reg[_R_STOP]):
        if g.sl[i] == loc:
            g.sb[i] &= ~_USED
            found = True
    if found:
        reg[_R_FIRER] = x
        reg[_R_PHASE] = _P_AIM
    return found


def _spaceport(g, q, w):
    """Has q a spaceport (an upright pyramid of 3 pips) on world w?"""
    b = w * 16
    for t in range(g.nterr[w]):
        v = g.surf[b + t]
        if v & _PIPS == 3 and not v & _INVADER and v >> _OWNER_AT & _SEAT == q:
            return True
    return False


def _advance(g):
    """The next firing turn at the site, or the next site."""
    reg = g.reg
    cur = reg[_R_CUR]
    np = reg[_R_NP]
    w = reg[_R_WORLD]
    owner = w if w < np else _NOBODY
    while True:
        b = reg[_R_BSTEP]
        if b == 0:          # step 1: the world's owner
            reg[_R_BSTEP] = 1
            reg[_R_ATT] = owner
            reg[_R_FIRED] = 0
            if owner != _NOBODY and _start_fire(g, owner):
                return
        elif b % 2:         # an attack ended: its answers (2, 4, 6)
            reg[_R_BSTEP] = b + 1
            reg[_R_QA] = 0
        else:
            att = reg[_R_ATT]
            fired = reg[_R_FIRED]
            while reg[_R_QA] < np:
                q = (cur + reg[_R_QA]) % np
                reg[_R_QA] += 1
                if fired >> q & 1 and q != att and _start_fire(g, q):
                    return
            if b == 2:      # step 3: the current player, if not the owner
                reg[_R_BSTEP] = 3
                reg[_R_ATT] = cur
                reg[_R_FIRED] = 0
                if cur != owner and _start_fire(g, cur):
                    return
                continue
            if b == 4:
                reg[_R_Q5] = 0
            while reg[_R_Q5] < np:   # step 5: others with a spaceport here
                q = (cur + reg[_R_Q5]) % np
                reg[_R_Q5] += 1
                if (q != owner and q != cur and fleet(g, w) >> q & 1
                        and _spaceport(g, q, w)):
                    reg[_R_BSTEP] = 5
                    reg[_R_ATT] = q
                    reg[_R_FIRED] = 0
                    if _start_fire(g, q):
                        return
                    break
            else:
                reg[_R_PHASE] = _X_NEXT_SITE
                return


def transition(g, ph):
    reg = g.reg
    if ph == _X_BATTLE:   # sites: orbits where p and someone else have ships
        p = reg[_R_CUR]
        m = 0
        for w in range(reg[_R_NWORLDS]):
            here = fleet(g, w)
            if here >> p & 1 and here & ~(1 << p):
                m |= 1 << w
        reg[_R_SITES] = m
        ph = _X_NEXT_SITE
    if ph == _X_NEXT_SITE:
        m = reg[_R_SITES]
        if not m:
            reg[_R_PHASE] = _X_END
        elif bits(m) == 1:
            do(g, _K_SITE << _KIND_AT | _lowest(m))
        else:
            reg[_R_PHASE] = _P_SITE
        return
    _advance(g)


def _lowest(m):
    w = 0
    while not m >> w & 1:
        w += 1
    return w
