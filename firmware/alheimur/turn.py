"""Expansion, survival and movement (part of the engine; Game calls it).

Rules as the project plays them: CLARIFICATIONS.md, Alheimur 6-9, 15-17.
Step 2 counts, per world, the current player's spaceports standing when
the step begins; each launch or return uses one (a spaceport launching
itself uses its own action, so which one acts never matters).

Hot code (every legal action and apply, the AI's search through them): it
shifts and masks actions, pieces and ships by the numbers of the codec,
alheimur.actions, copied below by tools/consts.py; everything outside the
engine calls the codec's functions (tests/test_codec_rule.py).
"""

from micropython import const

from alheimur.actions import a_size, a_terr, a_to, a_world
from alheimur.world import bits

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_BIT = const(1)
_CAUSE_AT = const(2)
_END_13 = const(1)
_FIGHTER = const(4)
_FREE = const(255)
_INVADER = const(32)
_KIND_AT = const(11)
_K_BOARD = const(10)
_K_CIVILIZE = const(6)
_K_EXPAND = const(5)
_K_FLIP = const(13)
_K_LAND = const(14)
_K_LAUNCH = const(9)
_K_MIGRATE = const(8)
_K_MOVE = const(15)
_K_RETURN = const(11)
_K_SURVIVE = const(7)
_K_UNLOAD = const(12)
_LTERR_AT = const(1)
_LWORLD_AT = const(5)
_MARINE = const(24)
_MARINE_AT = const(3)
_MAX_SHIPS = const(120)
_MFROM_AT = const(4)
_MWORLD_AT = const(8)
_OWNER_AT = const(2)
_PIPS = const(3)
_PTERR_AT = const(2)
_PWORLD_AT = const(6)
_P_BOARD = const(10)
_P_EXPAND = const(4)
_P_FLIP = const(8)
_P_LAND = const(9)
_P_LAUNCH = const(7)
_P_MIGRATE = const(6)
_P_SURVIVE = const(5)
_R_CUR = const(1)
_R_ENDER = const(4)
_R_EXP = const(11)
_R_LAST = const(3)
_R_NWORLDS = const(29)
_R_PHASE = const(0)
_R_STOP = const(12)
_R_TURNS = const(31)
_SEAT = const(7)
_SHIP = const(127)
_SHIP_AT = const(4)
_SOWNER_AT = const(4)
_SPACE = const(8)
_TERR = const(15)
_TRIGGERED = const(1)
_USED = const(64)
_X_END = const(30)
_X_STEP1 = const(21)
_X_SURVIVE = const(20)
_X_TURN = const(31)
# end consts


def worlds_of(g, p):
    """Bits of the worlds where p has a pyramid on the surface."""
    m = 0
    surf = g.surf
    for w in range(g.reg[_R_NWORLDS]):
        b = w * 16
        for t in range(g.nterr[w]):
            v = surf[b + t]
            if v and (v >> _OWNER_AT) & _SEAT == p:
                m |= 1 << w
                break
    return m


def supported(g, w, q, s):
    """Is there an empty transport of q, at least s pips, in w's orbit?"""
    sl = g.sl
    sb = g.sb
    loc = w | q << _SOWNER_AT
    for i in range(g.reg[_R_STOP]):
        if sl[i] == loc and not sb[i] & (_FIGHTER | _MARINE) and sb[i] & _PIPS >= s:
            return True
    return False


def doomed(g, w, apply=False, only=0xFFFF, occ=-1):
    """Bits of the territories of world w whose pyramids die in a survival
    check now; ``apply`` also does the check (invaders of a player with
    two or more pyramids there turn upright, the doomed leave). ``only``:
    the territories to check (the others' bits are 0; a judgement that
    changed one territory checks it and its neighbours); ``occ``: the
    territories with a pyramid, each player's pyramids there already in
    g.cnt (a judgement trying one territory after another counts once)."""
    b = w * 16
    n = g.nterr[w]
    surf = g.surf
    cnt = g.cnt
    if occ < 0:
        occ = 0
        for q in range(8):
            cnt[q] = 0
        for t in range(n):
            v = surf[b + t]
            if v:
                occ |= 1 << t
                cnt[(v >> _OWNER_AT) & _SEAT] += 1
    dying = 0
    adj = g.adj
    for t in range(n):
        v = surf[b + t]
        if not v or not only >> t & 1:
            continue
        q = (v >> _OWNER_AT) & _SEAT
        s = v & _PIPS
        if v & _INVADER and cnt[q] >= 2:
            v &= ~_INVADER
            if apply:
                surf[b + t] = v
        if v & _INVADER:
            if not supported(g, w, q, s):
                dying |= 1 << t
        else:
            k = bits(adj[b + t] & occ)
            if k <= s or k > s + 2:
                dying |= 1 << t
    if apply:
        for t in range(n):
            if dying >> t & 1:
                v = surf[b + t]
                g.stash[((v >> _OWNER_AT) & _SEAT) * 3 + (v & _PIPS) - 1] += 1
                surf[b + t] = 0
    return dying


def _ships_to(g, buf, n, kind, i, w):
    """kind(i, u) for every empty territory u of world w."""
    b = w * 16
    for u in range(g.nterr[w]):
        if not g.surf[b + u]:
            buf[n] = kind << _KIND_AT | i << _SHIP_AT | u
            n += 1
    return n


def _boardings(g, buf, n, p, w, t, s):
    """BOARD(i, t) for each empty transport of p in w's orbit that can
    carry s pips."""
    loc = w | p << _SOWNER_AT
    sl = g.sl
    sb = g.sb
    for i in range(g.reg[_R_STOP]):
        c = sb[i]
        if sl[i] == loc and not c & (_FIGHTER | _MARINE) and c & _PIPS >= s and g.rep(i) == i:
            buf[n] = _K_BOARD << _KIND_AT | i << _SHIP_AT | t
            n += 1
    return n


def gen(g, buf, ph):
    reg = g.reg
    p = reg[_R_CUR]
    if ph == _P_SURVIVE:
        buf[0] = _K_SURVIVE << _KIND_AT
        return 1
    buf[0] = 0   # PASS comes first: a point with nothing else is skipped
    n = 1
    surf = g.surf
    stash = g.stash
    nw = reg[_R_NWORLDS]
    if ph == _P_EXPAND:
        m = reg[_R_EXP]
        for w in range(nw):
            if not m >> w & 1:
                continue
            b = w * 16
            for t in range(g.nterr[w]):
                v = surf[b + t]
                if not v:
                    for s in range(1, 4):
                        if stash[p * 3 + s - 1]:
                            buf[n] = _K_EXPAND << _KIND_AT | w << _PWORLD_AT | t << _PTERR_AT | s
                            n += 1
                elif (v >> _OWNER_AT) & _SEAT == p:
                    s = v & _PIPS
                    here = _K_CIVILIZE << _KIND_AT | w << _PWORLD_AT | t << _PTERR_AT
                    if s > 1 and stash[p * 3 + s - 2]:
                        buf[n] = here | s - 1
                        n += 1
                    if s < 3 and stash[p * 3 + s]:
                        buf[n] = here | s + 1
                        n += 1
        return n
    if ph <= _P_LAUNCH or ph == _P_BOARD:
        own = p << _OWNER_AT
        for w in range(nw):
            b = w * 16
            if ph == _P_LAUNCH and not g.budget[w]:
                continue
            for t in range(g.nterr[w]):
                v = surf[b + t]
                if not v or v & _SEAT << _OWNER_AT != own:
                    continue
                if ph == _P_MIGRATE:
                    if v & (_INVADER | _USED) or v & _PIPS == 3:
                        continue
                    m = g.adj[b + t]
                    for u in range(g.nterr[w]):
                        if m >> u & 1 and not surf[b + u]:
                            buf[n] = _K_MIGRATE << _KIND_AT | w << _MWORLD_AT | t << _MFROM_AT | u
                            n += 1
                elif ph == _P_LAUNCH:
                    if not v & _INVADER:
                        here = _K_LAUNCH << _KIND_AT | w << _LWORLD_AT | t << _LTERR_AT
                        buf[n] = here
                        buf[n + 1] = here | _BIT
                        n = _boardings(g, buf, n + 2, p, w, t, v & _PIPS)
                elif v & _INVADER:
                    n = _boardings(g, buf, n, p, w, t, v & _PIPS)
            if ph == _P_LAUNCH:   # returns from this orbit
                loc = w | p << _SOWNER_AT
                for i in range(reg[_R_STOP]):
                    if g.sl[i] == loc and g.rep(i) == i:
                        if g.sb[i] & _MARINE:
                            n = _ships_to(g, buf, n, _K_UNLOAD, i, w)
                        else:
                            n = _ships_to(g, buf, n, _K_RETURN, i, w)
        return n
    # Steps 3, 4, 6: the ships of p.
    sl = g.sl
    sb = g.sb
    for i in range(reg[_R_STOP]):
        v = sl[i]
        if v == _FREE or v >> _SOWNER_AT != p:
            continue
        loc = v & _TERR
        c = sb[i]
        if c & _USED or g.rep(i) != i:
            continue
        if ph == _P_FLIP:
            if loc != _SPACE and not c & _MARINE:
                buf[n] = _K_FLIP << _KIND_AT | i
                n += 1
        elif ph == _P_LAND:
            if loc != _SPACE and c & _MARINE:
                n = _ships_to(g, buf, n, _K_LAND, i, loc)
        elif loc != _SPACE:
            buf[n] = _K_MOVE << _KIND_AT | i << _SHIP_AT | _SPACE
            n += 1
        else:
            for w in range(nw):
                buf[n] = _K_MOVE << _KIND_AT | i << _SHIP_AT | w
                n += 1
    return n


def new_ship(g, loc, p, bits_):
    reg = g.reg
    sl = g.sl
    for i in range(_MAX_SHIPS):
        if sl[i] == _FREE:
            sl[i] = loc | p << _SOWNER_AT
            g.sb[i] = bits_
            if i >= reg[_R_STOP]:
                reg[_R_STOP] = i + 1
            return i
    raise RuntimeError("ship table full")


def free_ship(g, i):
    reg = g.reg
    g.sl[i] = _FREE
    g.sb[i] = 0
    top = reg[_R_STOP]
    while top and g.sl[top - 1] == _FREE:
        top -= 1
    reg[_R_STOP] = top


def _lands(g, w, p, t0, m):
    """p's marine of m pips lands on territory t0 of world w."""
    b = w * 16
    surf = g.surf
    colonist = False
    for t in range(g.nterr[w]):
        v = surf[b + t]
        if v and (v >> _OWNER_AT) & _SEAT == p and not v & _INVADER:
            colonist = True
    surf[b + t0] = m | p << _OWNER_AT | (0 if colonist else _INVADER)
    if not colonist:   # two or more invaders of p: all turn upright
        k = 0
        for t in range(g.nterr[w]):
            v = surf[b + t]
            if v and (v >> _OWNER_AT) & _SEAT == p:
                k += 1
        if k >= 2:
            for t in range(g.nterr[w]):
                v = surf[b + t]
                if v and (v >> _OWNER_AT) & _SEAT == p:
                    surf[b + t] = v & ~_INVADER


def do(g, a):
    reg = g.reg
    p = reg[_R_CUR]
    k = a >> _KIND_AT
    surf = g.surf
    stash = g.stash
    if k == _K_SURVIVE:
        m = worlds_of(g, p)
        for w in range(reg[_R_NWORLDS]):
            if m >> w & 1:
                doomed(g, w, True)
        _after_survival(g, p)
        return
    if k <= _K_MIGRATE:   # EXPAND, CIVILIZE, MIGRATE: a piece on a world
        w = a_world(a)
        i = w * 16 + a_terr(a)
        v = surf[i]
        if k == _K_MIGRATE:
            surf[w * 16 + a_to(a)] = v | _USED
            surf[i] = 0
            return
        s = a_size(a)
        if k == _K_EXPAND:
            surf[i] = s | p << _OWNER_AT
        else:
            stash[p * 3 + (v & _PIPS) - 1] += 1
            surf[i] = v & ~_PIPS | s
        stash[p * 3 + s - 1] -= 1
        reg[_R_EXP] &= ~(1 << w)
        return
    if k == _K_LAUNCH:
        w = a_world(a)
        i = w * 16 + a_terr(a)
        v = surf[i]
        surf[i] = 0
        new_ship(g, w, p, v & _PIPS | (_FIGHTER if a & _BIT else 0))
        g.budget[w] -= 1
        return
    i = (a >> _SHIP_AT) & _SHIP   # the ship
    t = a & _TERR
    if k == _K_FLIP:
        g.sb[a & _SHIP] ^= _FIGHTER
        g.sb[a & _SHIP] |= _USED
        return
    if k == _K_MOVE:
        g.sl[i] = t | p << _SOWNER_AT
        g.sb[i] |= _USED
        return
    w = g.sl[i] & _TERR
    j = w * 16 + t
    c = g.sb[i]
    if k == _K_BOARD:
        v = surf[j]
        surf[j] = 0
        g.sb[i] = c | (v & _PIPS) << _MARINE_AT
        if reg[_R_PHASE] == _P_LAUNCH:
            g.budget[w] -= 1
    elif k == _K_RETURN:
        surf[j] = c & _PIPS | p << _OWNER_AT
        free_ship(g, i)
        g.budget[w] -= 1
    elif k == _K_UNLOAD:
        surf[j] = (c & _MARINE) >> _MARINE_AT | p << _OWNER_AT
        g.sb[i] = c & ~_MARINE
        g.budget[w] -= 1
    else:  # _K_LAND
        g.sb[i] = c & ~_MARINE
        _lands(g, w, p, t, (c & _MARINE) >> _MARINE_AT)


def _after_survival(g, p):
    reg = g.reg
    if reg[_R_LAST] == 0 and g.in_play(p) >= 13:
        reg[_R_LAST] = _TRIGGERED | _END_13 << _CAUSE_AT
        reg[_R_ENDER] = p
    reg[_R_PHASE] = _X_STEP1


def transition(g, ph):
    reg = g.reg
    p = reg[_R_CUR]
    if ph == _X_SURVIVE:
        if worlds_of(g, p):
            reg[_R_PHASE] = _P_SURVIVE
        else:
            _after_survival(g, p)
    elif ph == _X_END:
        g.end_turn()
    elif ph == _X_TURN:
        reg[_R_TURNS] = (reg[_R_TURNS] + 1) % 256   # a count that wraps at a byte
        reg[_R_EXP] = worlds_of(g, p)
        reg[_R_PHASE] = _P_EXPAND
    else:  # enter movement step ph - _X_STEP1 + 1
        step = ph - _X_STEP1
        for i in range(128):
            g.surf[i] &= ~_USED
        for i in range(reg[_R_STOP]):
            g.sb[i] &= ~_USED
        if step == 1:
            for w in range(reg[_R_NWORLDS]):
                k = 0
                for t in range(g.nterr[w]):     # p's spaceports: 3 pips, upright
                    v = g.surf[w * 16 + t]
                    if v & _PIPS == 3 and not v & _INVADER and v >> _OWNER_AT & _SEAT == p:
                        k += 1
                g.budget[w] = k
        reg[_R_PHASE] = _P_MIGRATE + step
