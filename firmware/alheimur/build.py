"""World building and start colonists (part of the engine; Game calls it).

Worlds are built one at a time, the players' in seat order, then the
neutral world. A world's first card lies at position 4 of a 3x3 grid of
card positions; each next card goes beside the cards down so that the four
end as 2x2 (world.open_positions), with the forced rule (world.placements).
A player's world with no territory adjacent to four others gets the orbit
card swapped in; if still unplayable it is rebuilt from the next extra pile,
and with none left the cards are dealt again (CLARIFICATIONS.md 4, 12).
"""

from alheimur import world
from alheimur.actions import (
    K_PLACE,
    K_START,
    K_SWAP,
    P_DEAL,
    P_PLACE,
    P_START,
    P_SWAP,
    a_pos,
    a_size,
    a_terr,
    a_turn,
)
from alheimur.layout import (
    R_CUR,
    R_NEXTX,
    R_NP,
    R_NPLACED,
    R_NWORLDS,
    R_PHASE,
    R_ROUND,
    R_STARTN,
    R_TURNS,
    R_WORLD,
    X_BUILT,
    X_START,
    X_TURN,
    X_WORLD,
)


def first_world(g, nworlds):
    """After a deal: extra piles follow the worlds' piles; build world 0."""
    g.reg[R_NEXTX] = nworlds
    g.reg[R_WORLD] = 0
    g.reg[R_PHASE] = X_WORLD


def derive(g, w):
    world.tile_elems(g.quads, g.wcard, w * 4, g._el)
    lab = memoryview(g.lab)[w * 16:w * 16 + 16]
    g.nterr[w] = world.derive(g._el, lab, w * 16, g.telem, g.tsize, g.tfirst,
                              g.adj, g.edge)


def playable(g, w):
    return world.has_spaceport_site(g.adj, w * 16, g.nterr[w])


def card_in_hand(g):
    """Deal index of the card to place now (P_PLACE), else the orbit card
    of the world being built."""
    reg = g.reg
    w = reg[R_WORLD]
    if reg[R_PHASE] == P_PLACE:
        return g.wpile[w] * 5 + reg[R_NPLACED]
    return g.worb[w]


def gen(g, buf, ph):
    reg = g.reg
    if ph == P_PLACE:
        bits = world.open_positions(g.vgrid)
        return world.placements(g.quads, g.vgrid, 3, bits, card_in_hand(g),
                                buf, K_PLACE)
    if ph == P_SWAP:
        w = reg[R_WORLD]
        grid = g._grid
        card = g.worb[w]
        forced = False
        n = 0
        for s in range(4):
            for i in range(4):
                v = g.wcard[w * 4 + i]
                grid[i] = 0 if i == s else (v & 127) + 1 | (v & 128)
            for t in range(2):
                if world.touches(g.quads, grid, 2, s, card, t):
                    if not forced:
                        forced = True
                        n = 0
                elif forced:
                    continue
                buf[n] = K_SWAP << 11 | s << 1 | t
                n += 1
        return n
    # P_START: three colonists on the seat's own world, any sizes.
    p = reg[R_CUR]
    n = 0
    b = p * 16
    for t in range(g.nterr[p]):
        if not g.surf[b + t]:
            for s in range(1, 4):
                if g.stash[p * 3 + s - 1]:
                    buf[n] = K_START << 11 | p << 6 | t << 2 | s
                    n += 1
    return n


def do(g, a):
    reg = g.reg
    k = a >> 11
    w = reg[R_WORLD]
    if k == K_PLACE:
        v = g.vgrid
        v[a_pos(a)] = card_in_hand(g) + 1 | a_turn(a) << 7
        reg[R_NPLACED] += 1
        if reg[R_NPLACED] == 4:
            world.normalize(v, g.wcard, w * 4)
            g.worb[w] = g.wpile[w] * 5 + 4
            derive(g, w)
            reg[R_PHASE] = X_BUILT
    elif k == K_SWAP:
        i = w * 4 + a_pos(a)
        old = g.wcard[i] & 127
        g.wcard[i] = g.worb[w] | a_turn(a) << 7
        g.worb[w] = old
        derive(g, w)
        if playable(g, w):
            _next_world(g, w)
        elif reg[R_NEXTX] < 8:   # rebuild from the next extra pile
            g.wpile[w] = reg[R_NEXTX]
            reg[R_NEXTX] += 1
            reg[R_PHASE] = X_WORLD
        else:
            reg[R_PHASE] = P_DEAL
    else:  # K_START
        p = reg[R_CUR]
        s = a_size(a)
        g.surf[p * 16 + a_terr(a)] = s | p << 2
        g.stash[p * 3 + s - 1] -= 1
        reg[R_STARTN] += 1
        if reg[R_STARTN] == 3:
            reg[R_STARTN] = 0
            if p + 1 < reg[R_NP]:
                reg[R_CUR] = p + 1
            else:
                reg[R_CUR] = 0
                reg[R_ROUND] = 1
                reg[R_PHASE] = X_TURN


def _next_world(g, w):
    reg = g.reg
    if w + 1 < reg[R_NWORLDS]:
        reg[R_WORLD] = w + 1
        reg[R_PHASE] = X_WORLD
    else:
        reg[R_PHASE] = X_START


def transition(g, ph):
    reg = g.reg
    w = reg[R_WORLD]
    if ph == X_WORLD:   # turn over the first card
        for i in range(9):
            g.vgrid[i] = 0
        g.nterr[w] = 0
        g.vgrid[4] = g.wpile[w] * 5 + 1
        reg[R_NPLACED] = 1
        reg[R_CUR] = w if w < reg[R_NP] else 0
        reg[R_PHASE] = P_PLACE
    elif ph == X_BUILT:
        if w < reg[R_NP] and not playable(g, w):
            reg[R_PHASE] = P_SWAP
        else:
            _next_world(g, w)
    else:  # X_START
        reg[R_CUR] = 0
        reg[R_STARTN] = 0
        reg[R_TURNS] = (reg[R_TURNS] + 1) & 255   # nobody undoes into the building
        reg[R_PHASE] = P_START
