"""World geometry: cards on a 4x4 grid of tiles, territories, adjacency,
regions (CLARIFICATIONS.md, Alheimur 3).

Tile ``t = row * 4 + col``, row 0 at the top; named by column A-D and row
1-4 counted from the bottom (A4 is the top left tile). A world's cards sit
in slots 0-3 (NW NE SW SE); each card keeps the first card's orientation
(turn 0) or is turned 180 degrees (turn 1), which puts quarter q where
quarter 3 - q was.
"""

from micropython import const

# consts from alheimur.deck (tools/consts.py; do not edit)
_CARD = const(127)
_TURNED = const(128)
# end consts

NTILES = const(16)


def tile_name(t):
    return "ABCD"[t & 3] + str(4 - (t >> 2))


def parse_tile(s):
    """'A4' -> 0 .. 'D1' -> 15, or -1. (Only records read tiles: records.py
    is imported here so that playing does not keep it.)"""
    from records import square
    return square(s, 4, 4)


def tile_elems(quads, wcard, base, out):
    """Element of each of the 16 tiles of the world whose slots start at
    wcard[base]."""
    for t in range(NTILES):
        r = t >> 2
        c = t & 3
        v = wcard[base + (r >> 1) * 2 + (c >> 1)]
        q = (r & 1) * 2 + (c & 1)
        out[t] = quads[4 * (v & _CARD) + (3 - q if v & _TURNED else q)]


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


def bits(x):
    """How many bits of x are set."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def has_spaceport_site(adj, tb, n):
    """Is some territory adjacent to four or more others?"""
    for i in range(n):
        if bits(adj[tb + i]) >= 4:
            return True
    return False


def derive_world(g, w):
    """Recompute the territories of game g's world w from its cards."""
    tile_elems(g.quads, g.wcard, w * 4, g._el)
    lab = memoryview(g.lab)[w * 16:w * 16 + 16]
    g.nterr[w] = derive(g._el, lab, w * 16, g.telem, g.tsize, g.tfirst,
                        g.adj, g.edge)


def playable(g, w):
    """Can a spaceport be built on world w (a territory with 4 or more
    neighbours)?"""
    return has_spaceport_site(g.adj, w * 16, g.nterr[w])
