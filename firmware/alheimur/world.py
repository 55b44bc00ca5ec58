"""World geometry: cards on a 4x4 grid of tiles, territories, adjacency,
and where a card may be placed (CLARIFICATIONS.md, Alheimur 3, 4, 12).

Tile ``t = row * 4 + col``, row 0 at the top; named by column A-D and row
1-4 counted from the bottom (A4 is the top left tile). A world's cards sit
in slots 0-3 (NW NE SW SE); each card keeps the first card's orientation
(turn 0) or is turned 180 degrees (turn 1), which puts quarter q where
quarter 3 - q was.
"""

from micropython import const

NTILES = const(16)
SLOT_NAMES = ("NW", "NE", "SW", "SE")
# Positions 0-8 of the cards around a world's first card (4) while it is
# built, named from the first card.
POS_NAMES = ("NW", "N", "NE", "W", "-", "E", "SW", "S", "SE")
# Per direction N S W E: (row step, column step), then the two pairs of
# quarters (this card's, the neighbour's) that share the edge.
_DIRS = (-1, 0, 0, 2, 1, 3,
         1, 0, 2, 0, 3, 1,
         0, -1, 0, 1, 2, 3,
         0, 1, 1, 0, 3, 2)


def tile_name(t):
    return "ABCD"[t & 3] + str(4 - (t >> 2))


def parse_tile(s):
    """'A4' -> 0 .. 'D1' -> 15, or -1."""
    if len(s) != 2:
        return -1
    c = "ABCD".find(s[0].upper())
    r = "4321".find(s[1])
    if c < 0 or r < 0:
        return -1
    return r * 4 + c


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


def tile_elems(quads, wcard, base, out):
    """Element of each of the 16 tiles of the world whose slots start at
    wcard[base]."""
    for t in range(NTILES):
        r = t >> 2
        c = t & 3
        v = wcard[base + (r >> 1) * 2 + (c >> 1)]
        out[t] = elem(quads, v & 127, v >> 7, (r & 1) * 2 + (c & 1))


def derive(el, lab, tb, telem, tsize, tfirst, adj, edge):
    """Territories of a world from its tile elements ``el``: ``lab`` gets
    each tile's territory (numbered by first tile, row by row); from index
    ``tb``, ``telem``/``tsize``/``tfirst`` get each territory's element,
    tiles and first tile, ``adj`` the territories it touches (edge or
    corner) and ``edge`` the same-element ones it touches along an edge
    (bit masks). Returns the number of territories."""
    n = 0
    for t in range(NTILES):
        e = el[t]
        a = lab[t - 1] if t & 1 and el[t - 1] == e else 255
        b = lab[t - 4] if t & 4 and el[t - 4] == e else 255
        if a == 255 and b == 255:
            lab[t] = n
            n += 1
        elif a == 255 or a == b:
            lab[t] = b
        elif b == 255:
            lab[t] = a
        else:  # an L-shaped zone: two labels meet; keep the smaller
            lo = min(a, b)
            hi = max(a, b)
            for u in range(t):
                if lab[u] == hi:
                    lab[u] = lo
            lab[t] = lo
    # Renumber in order of first tiles (32 + n marks a tile done).
    n = 0
    for t in range(NTILES):
        v = lab[t]
        if v < 32:
            for u in range(t, NTILES):
                if lab[u] == v:
                    lab[u] = 32 + n
            tfirst[tb + n] = t
            telem[tb + n] = el[t]
            tsize[tb + n] = 0
            adj[tb + n] = 0
            edge[tb + n] = 0
            n += 1
    for t in range(NTILES):
        lab[t] -= 32
        tsize[tb + lab[t]] += 1
    for t in range(NTILES):
        r = t >> 2
        c = t & 3
        a = lab[t]
        for d in range(4):  # forward neighbours: E, SW, S, SE
            if d == 0:
                if c == 3:
                    continue
                u = t + 1
            elif r == 3 or (d == 1 and c == 0) or (d == 3 and c == 3):
                continue
            else:
                u = t + 2 + d
            b = lab[u]
            if a != b:
                adj[tb + a] |= 1 << b
                adj[tb + b] |= 1 << a
                if (d == 0 or d == 2) and el[t] == el[u]:
                    edge[tb + a] |= 1 << b
                    edge[tb + b] |= 1 << a
    return n


def bits(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def has_spaceport_site(adj, tb, n):
    """Is some territory adjacent to four or more others?"""
    for i in range(n):
        if bits(adj[tb + i]) >= 4:
            return True
    return False
