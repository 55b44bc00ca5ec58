"""Why an action is not legal, in player words (Game.why_not loads this only
for an illegal action).

Every text is one of ``TEXTS`` with names filled in (the comment beside
each says of what kinds: t territory, w world, s size, p player, h ship,
o card position, x a decision point); the longest fill must fit two lines
of 26 characters on the device's message line (tests/test_alheimur_reasons.py
lists the kinds of each and checks it).
"""

from micropython import const

from alheimur import names
from alheimur.actions import (
    K_AIM,
    K_BOARD,
    K_CIVILIZE,
    K_DIE,
    K_EXPAND,
    K_FLIP,
    K_LAND,
    K_LAUNCH,
    K_MIGRATE,
    K_MOVE,
    K_PASS,
    K_PLACE,
    K_RETURN,
    K_SITE,
    K_START,
    K_SURVIVE,
    K_SWAP,
    K_TARGET,
    K_UNLOAD,
    NKINDS,
    P_AIM,
    P_BOARD,
    P_DICE,
    P_EXPAND,
    P_FLIP,
    P_LAND,
    P_LAUNCH,
    P_MIGRATE,
    P_MOVE,
    P_OVER,
    P_PLACE,
    P_SITE,
    P_START,
    P_SURVIVE,
    P_SWAP,
    P_TARGET,
    SPACE,
    a_pos,
    a_ship,
    a_size,
    a_terr,
    a_to,
    a_world,
    kind_of,
)

# consts from alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_FREE = const(255)
_INVADER = const(32)
_MARINE = const(24)
_MAX_SHIPS = const(120)
_R_ATT = const(15)
_R_CUR = const(1)
_R_EXP = const(11)
_R_FIRER = const(16)
_R_SITES = const(13)
_R_WORLD = const(7)
_USED = const(64)
# end consts

TEXTS = (
    "the game is over",                                      # 0
    "no such action",
    "not now: %s",                                           # point words
    "a die shows 1 to 6",
    "%s: not beside the cards, or no 2x2 world",             # o
    "a card must form a region when it can: here it can",    # 5
    "no such slot",
    "no such territory",
    "%s: taken",                                             # t
    "no %s pyramid left in your stash",                      # s
    "start colonists go on your own world",                  # 10
    "you have no pyramid on the %s world",                   # w
    "you already acted on the %s world this turn",           # w
    "%s: empty",                                             # t
    "%s: not your pyramid",                                  # t
    "civilize changes one size up or down",                  # 15
    "%s: invaders do not migrate",                           # t
    "%s: a spaceport does not migrate",                      # t
    "%s: already migrated this turn",                        # t
    "%s is not next to %s",                                  # t t
    "no spaceport action left on the %s world",              # 20 w
    "%s: invaders are not launched",                         # t
    "no such ship",
    "%s is not your ship",                                   # h
    "%s is in space, not in an orbit",                       # h
    "%s is not in the %s world's orbit",                     # 25 h w
    "%s is no empty transport",                              # h
    "%s is too small for a %s pyramid",                      # h s
    "%s: only invaders board now",                           # t
    "%s: only colonists launch onto a ship",                 # t
    "a loaded transport stays; its marine may return",      # 30
    "%s carries no marine",                                  # h
    "%s already changed status this turn",                   # h
    "%s already moved this turn",                            # h
    "a ship moves from an orbit to space or back",
    "no battle at the %s world now",                         # 35 w
    "%s already fired in this step",                         # h
    "%s has no ship it may fire at",                         # h
    "%s is not in this orbit",                               # h
    "%s is one of your own ships",                           # h
    "answer the attack: fire at %s ships only",              # 40 p
    "%s has a fighter here: transports are shielded",        # p
    "not allowed now",
    "%s is not an invader",                                  # t
    "%s carries a marine: land it first",                    # h
    "no such world",                                         # 45
)

# The decision points each kind of action answers.
_POINTS = {K_PASS: (P_EXPAND, P_MIGRATE, P_LAUNCH, P_FLIP, P_LAND, P_BOARD,
                    P_MOVE, P_AIM),
           K_DIE: (P_DICE,), K_PLACE: (P_PLACE,), K_SWAP: (P_SWAP,),
           K_START: (P_START,), K_EXPAND: (P_EXPAND,), K_CIVILIZE: (P_EXPAND,),
           K_SURVIVE: (P_SURVIVE,), K_MIGRATE: (P_MIGRATE,), K_LAUNCH: (P_LAUNCH,),
           K_BOARD: (P_LAUNCH, P_BOARD), K_RETURN: (P_LAUNCH,),
           K_UNLOAD: (P_LAUNCH,), K_FLIP: (P_FLIP,), K_LAND: (P_LAND,),
           K_MOVE: (P_MOVE,), K_SITE: (P_SITE,), K_AIM: (P_AIM,),
           K_TARGET: (P_TARGET,)}


def _t(i, *args):
    return TEXTS[i] % args if args else TEXTS[i]


def reason(g, a):
    """The reason illegal action ``a`` is refused."""
    ph = g.phase()
    if ph == P_OVER:
        return _t(0)
    k = kind_of(a)
    if k >= NKINDS:
        return _t(1)
    if ph not in _POINTS[k]:
        return _t(2, names.POINT_WORDS[ph])
    r = None
    if k == K_DIE:
        r = _t(3)
    elif k == K_PLACE or k == K_SWAP:
        r = _placing(g, a, k)
    elif k <= K_LAUNCH:
        r = _surface(g, a, k)
    elif k < K_SITE:
        r = _ship(g, a, k)
    elif k == K_SITE:
        w = a_world(a)
        if w >= g.nworlds() or not g.reg[_R_SITES] >> w & 1:
            r = _t(35, names.world_name(g, w) if w < g.nworlds() else "?")
    else:
        r = _battle(g, a, k)
    return r or _t(42)


def _placing(g, a, k):
    p = a_pos(a)
    if k == K_SWAP:
        return _t(6) if p > 3 else _t(5)
    from alheimur.build import open_positions

    if p > 8 or not open_positions(g.vgrid) >> p & 1:
        return _t(4, names.POS_NAMES[p] if p < 9 else "?")
    return _t(5)


def _own(g, w, t, p):
    """Reason if territory t of world w holds no pyramid of p, else None."""
    if t >= g.nterr[w]:
        return _t(7)
    v = g.piece(w, t)
    if not v:
        return _t(13, names.terr_name(g, w, t))
    if (v >> 2) & 7 != p:
        return _t(14, names.terr_name(g, w, t))
    return None


def _surface(g, a, k):
    """START, EXPAND, CIVILIZE, MIGRATE, LAUNCH."""
    p = g.reg[_R_CUR]
    w = a_world(a)
    t = a_terr(a)
    if w >= g.nworlds():
        return _t(45)
    s = a_size(a)
    if k == K_START and w != p:
        return _t(10)
    if (k == K_EXPAND or k == K_CIVILIZE) and not g.reg[_R_EXP] >> w & 1:
        from alheimur.turn import worlds_of
        if worlds_of(g, p) >> w & 1:
            return _t(12, names.world_name(g, w))
        return _t(11, names.world_name(g, w))
    if t >= g.nterr[w]:
        return _t(7)
    v = g.piece(w, t)
    tn = names.terr_name(g, w, t)
    if k == K_START or k == K_EXPAND:
        if v:
            return _t(8, tn)
        if not 1 <= s <= 3 or not g.stash_count(p, s):
            return _t(9, names.SIZE_NAMES[s])
        return None
    r = _own(g, w, t, p)
    if r:
        return r
    if k == K_CIVILIZE:
        if s == 0 or s - (v & 3) not in (-1, 1):
            return _t(15)
        return _t(9, names.SIZE_NAMES[s])
    if v & _INVADER:
        return _t(16 if k == K_MIGRATE else 21, tn)
    if k == K_LAUNCH:
        return _t(20, names.world_name(g, w))
    if v & 3 == 3:
        return _t(17, tn)
    if v & _USED:
        return _t(18, tn)
    u = a_to(a)
    if u >= g.nterr[w]:
        return _t(7)
    if not g.adj[w * 16 + t] >> u & 1:
        return _t(19, names.terr_name(g, w, u), tn)
    return _t(8, names.terr_name(g, w, u))


def _ship_ok(g, i, p):
    """Reason if ship i is not p's, else None."""
    if i >= _MAX_SHIPS or g.sl[i] == _FREE:
        return _t(22)
    if g.sl[i] >> 4 != p:
        return _t(23, names.ship_text(g, i))
    return None


def _ship(g, a, k):
    """BOARD, RETURN, UNLOAD, FLIP, LAND, MOVE."""
    p = g.reg[_R_CUR]
    i = a_ship(a)
    r = _ship_ok(g, i, p)
    if r:
        return r
    c = g.sb[i]
    h = names.ship_text(g, i, False)
    loc = g.sl[i] & 15
    if k == K_MOVE:
        if c & _USED:
            return _t(33, h)
        return _t(34)
    if loc == SPACE:
        return _t(24, h)
    if k == K_FLIP:
        if c & _MARINE:
            return _t(44, h)
        return _t(32, h)
    t = a_terr(a)
    if t >= g.nterr[loc]:
        return _t(7)
    v = g.piece(loc, t)
    tn = names.terr_name(g, loc, t)
    if k == K_BOARD:
        r = _own(g, loc, t, p)
        if r:
            return r
        if g.phase() == P_BOARD and not v & _INVADER:
            return _t(43, tn)
        if g.phase() == P_LAUNCH and v & _INVADER:
            return _t(29, tn)
        if c & (_FIGHTER | _MARINE):
            return _t(26, h)
        if c & 3 < v & 3:
            return _t(27, h, names.SIZE_NAMES[v & 3])
        return _t(20, names.world_name(g, loc))
    if v:
        return _t(8, tn)
    if k == K_RETURN and c & _MARINE:
        return _t(30)
    if (k == K_UNLOAD or k == K_LAND) and not c & _MARINE:
        return _t(31, h)
    if k == K_LAND:
        return None
    return _t(20, names.world_name(g, loc))


def _battle(g, a, k):
    """AIM, TARGET."""
    reg = g.reg
    i = a_ship(a)
    if i >= _MAX_SHIPS or g.sl[i] == _FREE:
        return _t(22)
    h = names.ship_text(g, i)
    if (g.sl[i] & 15) != reg[_R_WORLD]:
        return _t(38, h)
    x = reg[_R_FIRER]
    q = g.sl[i] >> 4
    if k == K_AIM:
        if q != x:
            return _t(23, h)
        if g.sb[i] & _USED:
            return _t(36, h)
        return _t(37, h)
    if q == x:
        return _t(39, h)
    att = reg[_R_ATT]
    if x != att and q != att:
        return _t(40, names.PLAYER_NAMES[att])
    if not g.sb[i] & _FIGHTER:
        return _t(41, names.PLAYER_NAMES[q])
    return None
