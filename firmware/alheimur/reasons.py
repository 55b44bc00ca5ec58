"""Why an action is not legal, in player words: ``reason(g, a)`` for an
action (Game.why_not), ``at_spot(g, spot)`` for a press on a piece or a
ship where nothing may be done (the engine's reason for an action there).
Loaded only for a refusal.

Every text is one of ``TEXTS`` with names filled in (the comment beside
each says of what kinds: t territory, w world, s size, p player, h ship,
o card position, x a decision point); the longest fill must fit two lines
of 26 characters on the device's message line (tests/test_alheimur_reasons.py
lists the kinds of each and checks it).
"""

from micropython import const

from alheimur import words
from alheimur.actions import (
    a_pos,
    a_ship,
    a_size,
    a_terr,
    a_to,
    a_world,
    act,
    acted,
    fighter,
    invader,
    kind_of,
    launch,
    marine,
    migrate,
    owner,
    piece_act,
    pips,
    ship_act,
    ship_loc,
    ship_owner,
    ship_place,
    spot_ship,
    spot_terr,
    spot_world,
)
from alheimur.world import tile_name

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_FREE = const(255)
_K_AIM = const(17)
_K_BOARD = const(10)
_K_CIVILIZE = const(6)
_K_DIE = const(1)
_K_EXPAND = const(5)
_K_FLIP = const(13)
_K_LAND = const(14)
_K_LAUNCH = const(9)
_K_MIGRATE = const(8)
_K_MOVE = const(15)
_K_PLACE = const(2)
_K_RETURN = const(11)
_K_SITE = const(16)
_K_START = const(4)
_K_SWAP = const(3)
_K_TARGET = const(18)
_K_UNLOAD = const(12)
_MAX_SHIPS = const(120)
_NKINDS = const(19)
_P_AIM = const(13)
_P_BOARD = const(10)
_P_DICE = const(15)
_P_EXPAND = const(4)
_P_FLIP = const(8)
_P_LAND = const(9)
_P_LAUNCH = const(7)
_P_MIGRATE = const(6)
_P_MOVE = const(11)
_P_OVER = const(16)
_P_PLACE = const(1)
_P_SITE = const(12)
_P_START = const(3)
_P_SURVIVE = const(5)
_P_SWAP = const(2)
_P_TARGET = const(14)
_SPACE = const(8)
# end consts

TEXTS = (
    "the game is over\n"                                      # 0
    "no such action\n"
    "not now: %s\n"                                           # x (a point's words)
    "a die shows 1 to 6\n"
    "%s: not beside the cards, or no 2x2 world\n"             # o
    "a card must form a region when it can: here it can\n"    # 5
    "no such slot\n"
    "no such territory\n"
    "%s: taken\n"                                             # t
    "no %s pyramid left in your stash\n"                      # s
    "start colonists go on your own world\n"                  # 10
    "you have no pyramid on the %s world\n"                   # w
    "you already acted on the %s world this turn\n"           # w
    "%s: empty\n"                                             # t
    "%s: not your pyramid\n"                                  # t
    "civilize changes one size up or down\n"                  # 15
    "%s: invaders do not migrate\n"                           # t
    "%s: a spaceport does not migrate\n"                      # t
    "%s: already migrated this turn\n"                        # t
    "%s is not next to %s\n"                                  # t t
    "no spaceport action left on the %s world\n"              # 20 w
    "%s: invaders are not launched\n"                         # t
    "no such ship\n"
    "%s is not your ship\n"                                   # h
    "%s is in space, not in an orbit\n"                       # h
    "%s is not in the %s orbit\n"                             # 25 h w
    "%s is no empty transport\n"                              # h
    "%s: too small for a %s pyramid\n"                        # h s
    "%s: only invaders board now\n"                           # t
    "%s: only colonists launch onto a ship\n"                 # t
    "a loaded transport stays; its marine may return\n"      # 30
    "%s carries no marine\n"                                  # h
    "%s changed status already\n"                             # h
    "%s already moved this turn\n"                            # h
    "a ship moves from an orbit to space or back\n"
    "no battle at the %s world now\n"                         # 35 w
    "%s already fired in this step\n"                         # h
    "%s has no ship it may fire at\n"                         # h
    "%s is not in this orbit\n"                               # h
    "%s is one of your own ships\n"                           # h
    "answer the attack: fire at %s ships only\n"              # 40 p
    "%s has a fighter here: transports are shielded\n"        # p
    "not allowed now\n"
    "%s is not an invader\n"                                  # t
    "%s: land its marine first\n"                             # h
    "no such world\n"                                         # 45
    # what each decision point asks ("not now: %s"; the referee's point): 46 + the point
    "deal the cards\nplace the card in hand\nswap in the orbit card\n"
    "place a start colonist\nexpand, civilize or pass\nresolve survival\n"
    "step 1: migrate or pass\nstep 2: launch, return or pass\n"
    "step 3: change status or pass\nstep 4: land or pass\n"
    "step 5: board or pass\nstep 6: move or pass\n"
    "choose the next battle\nfire a ship or pass\nchoose the target\n"
    "roll the dice\ngame over"
)
_POINT0 = const(46)

# The decision points each kind of action answers (a bit per point, by kind).
_POINTS = (1 << _P_EXPAND | 1 << _P_MIGRATE | 1 << _P_LAUNCH | 1 << _P_FLIP | 1 << _P_LAND
           | 1 << _P_BOARD | 1 << _P_MOVE | 1 << _P_AIM,              # PASS
           1 << _P_DICE, 1 << _P_PLACE, 1 << _P_SWAP, 1 << _P_START,  # DIE, PLACE, SWAP, START
           1 << _P_EXPAND, 1 << _P_EXPAND, 1 << _P_SURVIVE,           # EXPAND, CIVILIZE, SURVIVE
           1 << _P_MIGRATE, 1 << _P_LAUNCH,                           # MIGRATE, LAUNCH
           1 << _P_LAUNCH | 1 << _P_BOARD, 1 << _P_LAUNCH,            # BOARD, RETURN
           1 << _P_LAUNCH, 1 << _P_FLIP, 1 << _P_LAND,                # UNLOAD, FLIP, LAND
           1 << _P_MOVE, 1 << _P_SITE, 1 << _P_AIM, 1 << _P_TARGET)   # MOVE, SITE, AIM, TARGET


def _t(i, *args):
    """Text i of TEXTS (words.line), filled."""
    t = words.line(TEXTS, i)
    return t % args if args else t


def _tile(g, w, t):
    """Territory t of world w by its first tile ("B3"; the world is the
    one shown)."""
    return tile_name(g.tfirst[w * 16 + t])


def _h(g, i):
    """Ship i in words ("the medium transport"; its owner is the one
    deciding, or said beside)."""
    c = g.sb[i]
    return "the %s %s" % (words.SIZES[pips(c)], "fighter" if fighter(c) else "transport")


def point_words(ph):
    """What decision point ph asks ("step 1: migrate or pass")."""
    return _t(_POINT0 + ph)


def reason(g, a):
    """The reason illegal action ``a`` is refused."""
    ph = g.phase()
    if ph == _P_OVER:
        return _t(0)
    k = kind_of(a)
    if k >= _NKINDS:
        return _t(1)
    if not _POINTS[k] >> ph & 1:
        return _t(2, point_words(ph))
    r = None
    if k == _K_DIE:
        r = _t(3)
    elif k == _K_PLACE or k == _K_SWAP:
        r = _placing(g, a, k)
    elif k <= _K_LAUNCH:
        r = _surface(g, a, k)
    elif k < _K_SITE:
        r = _ship(g, a, k)
    elif k == _K_SITE:   # at the site choice the sites are the legal SITEs
        w = a_world(a)
        r = _t(35, words.world(g, w) if w < g.nworlds() else "?")
    else:
        r = _battle(g, a, k)
    return r or _t(42)


def _placing(g, a, k):
    p = a_pos(a)
    if k == _K_SWAP:
        return _t(6) if p > 3 else _t(5)
    from alheimur.build import open_positions
    from alheimur.deck import POSITIONS

    if p > 8 or not open_positions(g.vgrid) >> p & 1:
        return _t(4, POSITIONS[p] if p < 9 else "?")
    return _t(5)


def _own(g, w, t, p):
    """Reason if territory t of world w holds no pyramid of p, else None."""
    if t >= g.nterr[w]:
        return _t(7)
    v = g.piece(w, t)
    if not v:
        return _t(13, _tile(g, w, t))
    if owner(v) != p:
        return _t(14, _tile(g, w, t))
    return None


def _surface(g, a, k):
    """START, EXPAND, CIVILIZE, MIGRATE, LAUNCH."""
    p = g.current()
    w = a_world(a)
    t = a_terr(a)
    if w >= g.nworlds():
        return _t(45)
    s = a_size(a)
    if k == _K_START and w != p:
        return _t(10)
    if (k == _K_EXPAND or k == _K_CIVILIZE) and not g.to_expand() >> w & 1:
        from alheimur.turn import worlds_of
        if worlds_of(g, p) >> w & 1:
            return _t(12, words.world(g, w))
        return _t(11, words.world(g, w))
    if t >= g.nterr[w]:
        return _t(7)
    v = g.piece(w, t)
    tn = _tile(g, w, t)
    if k == _K_START or k == _K_EXPAND:
        if v:
            return _t(8, tn)
        if not 1 <= s <= 3 or not g.stash_count(p, s):
            return _t(9, words.SIZES[s])
        return None
    r = _own(g, w, t, p)
    if r:
        return r
    if k == _K_CIVILIZE:
        if s == 0 or s - pips(v) not in (-1, 1):
            return _t(15)
        return _t(9, words.SIZES[s])
    if invader(v):
        return _t(16 if k == _K_MIGRATE else 21, tn)
    if k == _K_LAUNCH:
        return _t(20, words.world(g, w))
    if pips(v) == 3:
        return _t(17, tn)
    if acted(v):
        return _t(18, tn)
    u = a_to(a)
    if u >= g.nterr[w]:
        return _t(7)
    if not g.adj[w * 16 + t] >> u & 1:
        return _t(19, _tile(g, w, u), tn)
    return _t(8, _tile(g, w, u))


def _ship_ok(g, i, p):
    """Reason if ship i is not p's, else None."""
    if i >= _MAX_SHIPS or g.sl[i] == _FREE:
        return _t(22)
    if ship_owner(g.sl[i]) != p:
        return _t(23, _h(g, i))
    return None


def _ship(g, a, k):
    """BOARD, RETURN, UNLOAD, FLIP, LAND, MOVE."""
    p = g.current()
    i = a_ship(a)
    r = _ship_ok(g, i, p)
    if r:
        return r
    c = g.sb[i]
    h = _h(g, i)
    loc = ship_place(g.sl[i])
    if k == _K_MOVE:
        if acted(c):
            return _t(33, h)
        return _t(34)
    if loc == _SPACE:
        return _t(24, h)
    if k == _K_FLIP:
        if marine(c):
            return _t(44, h)
        return _t(32, h)
    t = a_terr(a)
    if t >= g.nterr[loc]:
        return _t(7)
    v = g.piece(loc, t)
    tn = _tile(g, loc, t)
    if k == _K_BOARD:
        r = _own(g, loc, t, p)
        if r:
            return r
        if g.phase() == _P_BOARD and not invader(v):
            return _t(43, tn)
        if g.phase() == _P_LAUNCH and invader(v):
            return _t(29, tn)
        if fighter(c) or marine(c):
            return _t(26, h)
        if pips(c) < pips(v):
            return _t(27, h, words.SIZES[pips(v)])
        return _t(20, words.world(g, loc))
    if v:
        return _t(8, tn)
    if k == _K_RETURN and marine(c):
        return _t(30)
    if (k == _K_UNLOAD or k == _K_LAND) and not marine(c):
        return _t(31, h)
    if k == _K_LAND:
        return None
    return _t(20, words.world(g, loc))


def _battle(g, a, k):
    """AIM, TARGET."""
    i = a_ship(a)
    if i >= _MAX_SHIPS or g.sl[i] == _FREE:
        return _t(22)
    h = _h(g, i)
    if ship_place(g.sl[i]) != g.site():
        return _t(38, h)
    x = g.firer()
    q = ship_owner(g.sl[i])
    if k == _K_AIM:
        if q != x:
            return _t(23, h)
        if acted(g.sb[i]):
            return _t(36, h)
        return _t(37, h)
    if q == x:
        return _t(39, h)
    att = g.attacker()
    if x != att and q != att:
        return _t(40, words.NAMES[att])
    if not fighter(g.sb[i]):
        return _t(41, words.NAMES[q])
    return None


def at_spot(g, spot):
    """Why nothing may be done at ``spot`` (a territory's or a ship's:
    actions.spot, actions.ship_spot): the reason the engine gives for an
    action of the decision point there (None: no such action)."""
    a = _sample(g, spot)
    return g.why_not(a) if a >= 0 else None


def _sample(g, spot):
    """An action of the decision point for what is at ``spot`` (-1: none)."""
    ph = g.phase()
    if spot < 0:
        return -1
    if spot < 128:
        w = spot_world(spot)
        t = spot_terr(spot)
        v = g.piece(w, t)
        if ph == _P_START:
            return piece_act(_K_START, w, t, 1)
        if ph == _P_MIGRATE:
            m = g.adj[w * 16 + t]
            u = 0
            while m and not m >> u & 1:
                u += 1
            return migrate(w, t, u if m else t)
        if ph == _P_LAUNCH:
            return launch(w, t, 0)
        if ph == _P_EXPAND and v and owner(v) == g.current():
            s = pips(v)
            return piece_act(_K_CIVILIZE, w, t, s + 1 if s < 3 else 2)
        if ph == _P_BOARD:
            want = ship_loc(w, g.current())
            for i in range(g.ship_top()):
                if g.sl[i] == want:
                    return ship_act(_K_BOARD, i, t)
        return piece_act(_K_EXPAND, w, t, 1)
    i = spot_ship(spot)
    loc = ship_place(g.sl[i])
    u = 0
    if loc != _SPACE:
        while u < g.nterr[loc] - 1 and g.piece(loc, u):
            u += 1
    if ph == _P_LAUNCH:
        return ship_act(_K_UNLOAD if marine(g.sb[i]) else _K_RETURN, i, u)
    if ph == _P_LAND:
        return ship_act(_K_LAND, i, u)
    if ph == _P_MOVE:
        return ship_act(_K_MOVE, i, _SPACE if loc != _SPACE else 0)
    if ph == _P_AIM:
        return act(_K_AIM, i)
    if ph == _P_TARGET:
        return act(_K_TARGET, i)
    return act(_K_FLIP, i)
