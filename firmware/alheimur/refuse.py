"""A press of A where nothing may be done: an action for what the cursor
is on that the engine can say why not of (loaded only for a refusal; the
board shows the engine's reason, whole)."""

from micropython import const

from alheimur.actions import (
    K_AIM,
    K_BOARD,
    K_CIVILIZE,
    K_EXPAND,
    K_FLIP,
    K_LAND,
    K_LAUNCH,
    K_MOVE,
    K_RETURN,
    K_SITE,
    K_START,
    K_TARGET,
    K_UNLOAD,
    P_AIM,
    P_BOARD,
    P_EXPAND,
    P_LAND,
    P_LAUNCH,
    P_MIGRATE,
    P_MOVE,
    P_SITE,
    P_START,
    P_TARGET,
    SPACE,
    migrate,
    piece_act,
    ship_act,
)

# consts from alheimur.layout (tools/consts.py; do not edit)
_MARINE = const(24)
# end consts


def sample(g, scr):
    """The action (-1: none)."""
    ph = g.phase()
    t = scr.terr()
    w = scr.view
    if t >= 0:
        v = g.piece(w, t)
        if ph == P_START:
            return piece_act(K_START, w, t, 1)
        if ph == P_MIGRATE:
            m = g.adj[w * 16 + t]
            u = 0
            while m and not m >> u & 1:
                u += 1
            return migrate(w, t, u if m else t)
        if ph == P_LAUNCH:
            return K_LAUNCH << 11 | w << 5 | t << 1
        if ph == P_EXPAND and v and (v >> 2) & 7 == g.current():
            s = v & 3
            return piece_act(K_CIVILIZE, w, t, s + 1 if s < 3 else 2)
        if ph == P_BOARD:
            for i in range(g.ship_top()):
                if g.sl[i] == w | g.current() << 4:
                    return ship_act(K_BOARD, i, t)
        return piece_act(K_EXPAND, w, t, 1)
    i = scr.ship()
    if i >= 0:
        loc = g.sl[i] & 15
        u = 0
        if loc != SPACE:
            while u < g.nterr[loc] - 1 and g.piece(loc, u):
                u += 1
        if ph == P_LAUNCH:
            return ship_act(K_UNLOAD if g.sb[i] & _MARINE else K_RETURN, i, u)
        if ph == P_LAND:
            return ship_act(K_LAND, i, u)
        if ph == P_MOVE:
            return ship_act(K_MOVE, i, SPACE if loc != SPACE else 0)
        if ph == P_AIM:
            return K_AIM << 11 | i
        if ph == P_TARGET:
            return K_TARGET << 11 | i
        return K_FLIP << 11 | i
    if scr.zone == 2 and ph == P_SITE:
        return K_SITE << 11 | scr.loc_of(scr.tab)
    return -1
