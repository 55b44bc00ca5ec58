"""World building and start colonists (part of the engine; Game loads it
while the worlds are built and the start colonists placed).

Worlds are built one at a time, the players' in seat order, then the
neutral world. A world's first card lies at position 4 of a 3x3 grid of
card positions; each next card goes beside the cards down so that the four
end as 2x2 (open_positions), with the forced rule (placements).
A player's world with no territory adjacent to four others gets the orbit
card swapped in; if still unplayable it is rebuilt from the next extra pile,
and with none left the cards are dealt again (CLARIFICATIONS.md 4, 12).

Hot code (every legal action and apply, the AI's search through them): it
takes actions, pieces and ships apart by hand; alheimur.actions is the
codec that says what the bits are, and everything outside the engine uses
its functions (tests/test_codecs.py).
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
    R_DEALS,
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

# Per direction N S W E: (row step, column step), then the two pairs of
# quarters (this card's, the neighbour's) that share the edge.
_DIRS = (-1, 0, 0, 2, 1, 3,
         1, 0, 2, 0, 3, 1,
         0, -1, 0, 1, 2, 3,
         0, 1, 1, 0, 3, 2)


def deal(g, quads):
    """Game.deal's work: the cards dealt, the first world to build."""
    if g.reg[R_PHASE] != P_DEAL:
        raise ValueError("no deal is due now")
    if len(quads) != 160:
        raise ValueError("a deal is 40 cards")
    reg = g.reg
    for i in range(160):
        g.quads[i] = quads[i]
    for i in range(32):
        g.wcard[i] = 0
    nw = reg[R_NWORLDS]
    for w in range(8):
        g.worb[w] = 0
        g.wpile[w] = w
        g.nterr[w] = 0
    reg[R_NEXTX] = nw      # extra piles follow the worlds' piles
    reg[R_WORLD] = 0
    reg[R_PHASE] = X_WORLD
    reg[R_DEALS] = (reg[R_DEALS] + 1) & 255
    g.sn = -1


def elem(quads, card, turn, q):
    """Element of quarter q of deal card ``card`` placed with ``turn``."""
    return quads[4 * card + (3 - q if turn else q)]


def touches(quads, grid, size, pos, card, turn):
    """Would ``card`` at ``pos`` of a size x size grid of cards (a byte per
    position: 0 empty, else card + 1 | turn << 7) touch, along an edge, a
    tile of the same element on a card already there?"""
    r = pos // size
    c = pos % size
    for d in range(0, 24, 6):
        rr = r + _DIRS[d]
        cc = c + _DIRS[d + 1]
        if 0 <= rr < size and 0 <= cc < size:
            v = grid[rr * size + cc]
            if v:
                oc = (v & 127) - 1
                ot = v >> 7
                for k in range(2, 6, 2):
                    if (elem(quads, card, turn, _DIRS[d + k])
                            == elem(quads, oc, ot, _DIRS[d + k + 1])):
                        return True
    return False


def open_positions(grid):
    """Bits of the positions 0-8 where the next card may go: empty, beside
    a card (edge), and all cards still fit in 2 x 2."""
    r0 = c0 = 3
    r1 = c1 = -1
    for p in range(9):
        if grid[p]:
            r = p // 3
            c = p % 3
            r0 = min(r0, r)
            r1 = max(r1, r)
            c0 = min(c0, c)
            c1 = max(c1, c)
    bits = 0
    for p in range(9):
        if grid[p]:
            continue
        r = p // 3
        c = p % 3
        if max(r1, r) - min(r0, r) > 1 or max(c1, c) - min(c0, c) > 1:
            continue
        for d in range(0, 24, 6):
            rr = r + _DIRS[d]
            cc = c + _DIRS[d + 1]
            if 0 <= rr < 3 and 0 <= cc < 3 and grid[rr * 3 + cc]:
                bits |= 1 << p
                break
    return bits


def placements(quads, grid, size, bits, card, buf, kind):
    """Write ``kind << 11 | pos << 1 | turn`` for every position in
    ``bits`` and both turns, keeping only those that touch a same-element
    tile when any does (the forced rule). Returns how many."""
    n = 0
    forced = False
    for p in range(size * size):
        if not bits >> p & 1:
            continue
        for t in range(2):
            if touches(quads, grid, size, p, card, t):
                if not forced:
                    forced = True
                    n = 0
            elif forced:
                continue
            buf[n] = kind << 11 | p << 1 | t
            n += 1
    return n


def normalize(grid, wcard, base):
    """Put the four cards of a 3x3 building grid into slots 0-3."""
    r0 = c0 = 2
    for p in range(9):
        if grid[p]:
            r0 = min(r0, p // 3)
            c0 = min(c0, p % 3)
    for p in range(9):
        v = grid[p]
        if v:
            wcard[base + (p // 3 - r0) * 2 + p % 3 - c0] = (v & 127) - 1 | (v & 128)


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
        bits = open_positions(g.vgrid)
        return placements(g.quads, g.vgrid, 3, bits, card_in_hand(g),
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
                if touches(g.quads, grid, 2, s, card, t):
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
            normalize(v, g.wcard, w * 4)
            g.worb[w] = g.wpile[w] * 5 + 4
            world.derive_world(g, w)
            reg[R_PHASE] = X_BUILT
    elif k == K_SWAP:
        i = w * 4 + a_pos(a)
        old = g.wcard[i] & 127
        g.wcard[i] = g.worb[w] | a_turn(a) << 7
        g.worb[w] = old
        world.derive_world(g, w)
        if world.playable(g, w):
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
        if w < reg[R_NP] and not world.playable(g, w):
            reg[R_PHASE] = P_SWAP
        else:
            _next_world(g, w)
    else:  # X_START
        reg[R_CUR] = 0
        reg[R_STARTN] = 0
        reg[R_TURNS] = (reg[R_TURNS] + 1) & 255   # nobody undoes into the building
        reg[R_PHASE] = P_START
