"""Scoring with its breakdown (rule text "Scoring"; CLARIFICATIONS.md 11).

Per player six scores: air, earth, fire, water, ether and progress. An
element score is the best score among the regions of that element the
player occupies (a pyramid, colonist or invader, on one of its
territories): the player's largest pyramid there in pips times the region's
tiles; 0.5 when the player occupies none. Progress: 1 per ship (transports
and fighters, not marines), 3 per world with the player's pyramids on its
surface. Total: highest x lowest x progress + the other three element
scores. Halves stay exact: element scores are kept doubled and totals in
quarters (``totals``); ``quarters_text`` writes them.
"""

from array import array

from micropython import const

from alheimur.actions import owner, pips, ship_owner
from alheimur.world import region

# consts from alheimur.layout (tools/consts.py; do not edit)
_FREE = const(255)
# end consts

NELEM = 5


class Score:
    """Per player p and element e (index p * 5 + e): ``elem2`` the score
    doubled (1 = 0.5), ``world``/``terrs``/``tiles``/``pips`` the region
    behind it (world 255: none); per player ``progress``, ``ships``,
    ``worlds``, ``hi``/``lo`` (the elements multiplied) and ``totals``;
    ``winners`` the seats with the best total."""

    def __init__(self, np):
        self.np = np
        self.elem2 = array("H", bytes(2 * NELEM * np))
        self.world = bytearray(b"\xff" * (NELEM * np))
        self.terrs = array("H", bytes(2 * NELEM * np))
        self.tiles = bytearray(NELEM * np)
        self.pips = bytearray(NELEM * np)
        self.progress = bytearray(np)
        self.ships = bytearray(np)
        self.worlds = bytearray(np)
        self.hi = bytearray(np)
        self.lo = bytearray(np)
        self.totals = [0] * np
        self.winners = []


def quarters_text(q):
    """12.25 from 49 quarters, '3' from 12."""
    s = str(q // 4)
    r = q % 4
    return s + (".25", ".5", ".75")[r - 1] if r else s


def score(g):
    np = g.nplayers()
    sc = Score(np)
    for p in range(np * NELEM):
        sc.elem2[p] = 1
    best = bytearray(8)
    for w in range(g.nworlds()):
        b = w * 16
        n = g.nterr[w]
        seen = 0
        for t0 in range(n):
            if seen >> t0 & 1:
                continue
            reg = region(g.edge, b, t0)
            seen |= reg
            tiles = 0
            for q in range(8):
                best[q] = 0
            for t in range(n):
                if reg >> t & 1:
                    tiles += g.tsize[b + t]
                    v = g.surf[b + t]
                    if v:
                        q = owner(v)
                        if pips(v) > best[q]:
                            best[q] = pips(v)
            e = g.telem[b + t0]
            for q in range(np):
                if best[q]:
                    i = q * NELEM + e
                    s2 = 2 * best[q] * tiles
                    if s2 > sc.elem2[i]:
                        sc.elem2[i] = s2
                        sc.world[i] = w
                        sc.terrs[i] = reg
                        sc.tiles[i] = tiles
                        sc.pips[i] = best[q]
    _progress(g, sc)
    top = -1
    for p in range(np):
        e2 = sc.elem2
        b = p * NELEM
        hi = 0
        for e in range(1, NELEM):
            if e2[b + e] > e2[b + hi]:
                hi = e
        lo = 1 if hi == 0 else 0
        for e in range(NELEM):
            if e != hi and e2[b + e] < e2[b + lo]:
                lo = e
        sc.hi[p] = hi
        sc.lo[p] = lo
        rest = 0
        for e in range(NELEM):
            if e != hi and e != lo:
                rest += e2[b + e]
        t4 = e2[b + hi] * e2[b + lo] * sc.progress[p] + 2 * rest
        sc.totals[p] = t4
        if t4 > top:
            top = t4
    for p in range(np):
        if sc.totals[p] == top:
            sc.winners.append(p)
    return sc


def _progress(g, sc):
    np = sc.np
    for i in range(g.ship_top()):
        v = g.sl[i]
        if v != _FREE:
            sc.ships[ship_owner(v)] += 1
    for w in range(g.nworlds()):
        m = 0
        for t in range(g.nterr[w]):
            v = g.surf[w * 16 + t]
            if v:
                m |= 1 << owner(v)
        for p in range(np):
            if m >> p & 1:
                sc.worlds[p] += 1
    for p in range(np):
        sc.progress[p] = sc.ships[p] + 3 * sc.worlds[p]
