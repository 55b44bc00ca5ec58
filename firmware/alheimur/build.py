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
shifts and masks actions, pieces and card places by the numbers of the
codec, alheimur.actions, copied below by tools/consts.py; everything
outside the engine calls the codec's functions (tests/test_codec_rule.py).
"""

from micropython import const

from alheimur import world
from alheimur.actions import a_pos, a_size, a_terr, a_turn

# Per direction N S W E: (row step, column step), then the two pairs of
# quarters (this card's, the neighbour's) that share the edge.
# A card's place in the grid of the world being built: deck.card_place of
# the card + 1 (0: empty).
# consts from alheimur.actions, alheimur.deck, alheimur.layout (tools/consts.py; do not edit)
_CARD = const(127)
_KIND_AT = const(11)
_K_PLACE = const(2)
_K_START = const(4)
_K_SWAP = const(3)
_OWNER_AT = const(2)
_POS_AT = const(1)
_PTERR_AT = const(2)
_PWORLD_AT = const(6)
_P_DEAL = const(0)
_P_PLACE = const(1)
_P_START = const(3)
_P_SWAP = const(2)
_R_CUR = const(1)
_R_DEALS = const(30)
_R_NEXTX = const(9)
_R_NP = const(5)
_R_NPLACED = const(8)
_R_NWORLDS = const(29)
_R_PHASE = const(0)
_R_ROUND = const(2)
_R_STARTN = const(10)
_R_TURNS = const(31)
_R_WORLD = const(7)
_TURNED = const(128)
_TURN_AT = const(7)
_X_BUILT = const(33)
_X_START = const(34)
_X_TURN = const(31)
_X_WORLD = const(32)
# end consts
_DIRS = (-1, 0, 0, 2, 1, 3,
         1, 0, 2, 0, 3, 1,
         0, -1, 0, 1, 2, 3,
         0, 1, 1, 0, 3, 2)


def deal(g, quads):
    """Game.deal's work: the cards dealt, the first world to build."""
    if g.reg[_R_PHASE] != _P_DEAL:
        raise ValueError("no deal is due now")
    if len(quads) != 160:
        raise ValueError("a deal is 40 cards")
    reg = g.reg
    for i in range(160):
        g.quads[i] = quads[i]
    for i in range(32):
        g.wcard[i] = 0
    nw = reg[_R_NWORLDS]
    for w in range(8):
        g.worb[w] = 0
        g.wpile[w] = w
        g.nterr[w] = 0
    reg[_R_NEXTX] = nw      # extra piles follow the worlds' piles
    reg[_R_WORLD] = 0
    reg[_R_PHASE] = _X_WORLD
    reg[_R_DEALS] = (reg[_R_DEALS] + 1) % 256
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
                oc = (v & _CARD) - 1
                ot = v >> _TURN_AT
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
            buf[n] = kind << _KIND_AT | p << _POS_AT | t
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
            wcard[base + (p // 3 - r0) * 2 + p % 3 - c0] = (v & _CARD) - 1 | (v & _TURNED)


def placed(g):
    """Cards placed on the world being built (_P_PLACE)."""
    return g.reg[_R_NPLACED]


def card_in_hand(g):
    """Deal index of the card to place now (_P_PLACE), else the orbit card
    of the world being built."""
    reg = g.reg
    w = reg[_R_WORLD]
    if reg[_R_PHASE] == _P_PLACE:
        return g.wpile[w] * 5 + reg[_R_NPLACED]
    return g.worb[w]


def gen(g, buf, ph):
    reg = g.reg
    if ph == _P_PLACE:
        bits = open_positions(g.vgrid)
        return placements(g.quads, g.vgrid, 3, bits, card_in_hand(g),
                                buf, _K_PLACE)
    if ph == _P_SWAP:
        w = reg[_R_WORLD]
        grid = g._grid
        card = g.worb[w]
        forced = False
        n = 0
        for s in range(4):
            for i in range(4):
                v = g.wcard[w * 4 + i]
                grid[i] = 0 if i == s else (v & _CARD) + 1 | (v & _TURNED)
            for t in range(2):
                if touches(g.quads, grid, 2, s, card, t):
                    if not forced:
                        forced = True
                        n = 0
                elif forced:
                    continue
                buf[n] = _K_SWAP << _KIND_AT | s << _POS_AT | t
                n += 1
        return n
    # _P_START: three colonists on the seat's own world, any sizes.
    p = reg[_R_CUR]
    n = 0
    b = p * 16
    for t in range(g.nterr[p]):
        if not g.surf[b + t]:
            for s in range(1, 4):
                if g.stash[p * 3 + s - 1]:
                    buf[n] = _K_START << _KIND_AT | p << _PWORLD_AT | t << _PTERR_AT | s
                    n += 1
    return n


def do(g, a):
    reg = g.reg
    k = a >> _KIND_AT
    w = reg[_R_WORLD]
    if k == _K_PLACE:
        v = g.vgrid
        v[a_pos(a)] = card_in_hand(g) + 1 | a_turn(a) << _TURN_AT
        reg[_R_NPLACED] += 1
        if reg[_R_NPLACED] == 4:
            normalize(v, g.wcard, w * 4)
            g.worb[w] = g.wpile[w] * 5 + 4
            world.derive_world(g, w)
            reg[_R_PHASE] = _X_BUILT
    elif k == _K_SWAP:
        i = w * 4 + a_pos(a)
        old = g.wcard[i] & _CARD
        g.wcard[i] = g.worb[w] | a_turn(a) << _TURN_AT
        g.worb[w] = old
        world.derive_world(g, w)
        if world.playable(g, w):
            _next_world(g, w)
        elif reg[_R_NEXTX] < 8:   # rebuild from the next extra pile
            g.wpile[w] = reg[_R_NEXTX]
            reg[_R_NEXTX] += 1
            reg[_R_PHASE] = _X_WORLD
        else:
            reg[_R_PHASE] = _P_DEAL
    else:  # _K_START
        p = reg[_R_CUR]
        s = a_size(a)
        g.surf[p * 16 + a_terr(a)] = s | p << _OWNER_AT
        g.stash[p * 3 + s - 1] -= 1
        reg[_R_STARTN] += 1
        if reg[_R_STARTN] == 3:
            reg[_R_STARTN] = 0
            if p + 1 < reg[_R_NP]:
                reg[_R_CUR] = p + 1
            else:
                reg[_R_CUR] = 0
                reg[_R_ROUND] = 1
                reg[_R_PHASE] = _X_TURN


def _next_world(g, w):
    reg = g.reg
    if w + 1 < reg[_R_NWORLDS]:
        reg[_R_WORLD] = w + 1
        reg[_R_PHASE] = _X_WORLD
    else:
        reg[_R_PHASE] = _X_START


def transition(g, ph):
    reg = g.reg
    w = reg[_R_WORLD]
    if ph == _X_WORLD:   # turn over the first card
        for i in range(9):
            g.vgrid[i] = 0
        g.nterr[w] = 0
        g.vgrid[4] = g.wpile[w] * 5 + 1
        reg[_R_NPLACED] = 1
        reg[_R_CUR] = w if w < reg[_R_NP] else 0
        reg[_R_PHASE] = _P_PLACE
    elif ph == _X_BUILT:
        if w < reg[_R_NP] and not world.playable(g, w):
            reg[_R_PHASE] = _P_SWAP
        else:
            _next_world(g, w)
    else:  # _X_START
        reg[_R_CUR] = 0
        reg[_R_STARTN] = 0
        reg[_R_TURNS] = (reg[_R_TURNS] + 1) % 256   # nobody undoes into the building
        reg[_R_PHASE] = _P_START
