"""The computer players' world building and start colonists (loaded only
while worlds are built; docs/alheimur.md, "Computer players").

Placements and the orbit swap are judged by the world they make: the card
in hand (face up) is put in each legal place on a copy of the grid and the
world's territories are worked out with the engine's own geometry
(world.derive) in buffers of ours; the face-down cards are never read.
Start colonists follow a plan: the best four territories that keep one
another alive (each touches two of the others), three placed now and the
fourth left for the first expansion.
"""

from array import array

from micropython import const

from alheimur import world
from alheimur.actions import (
    a_pos,
    a_size,
    a_terr,
    a_turn,
)
from alheimur.build import card_in_hand, elem
from alheimur.deck import card_place, place_card, place_turned
from alheimur.world import bits

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_P_START = const(3)
_P_SWAP = const(2)
# end consts

_grid = bytearray(9)
_el = bytearray(16)
_lab = bytearray(16)
_telem = bytearray(16)
_tsize = bytearray(16)
_tfirst = bytearray(16)
_adj = array("H", bytes(32))
_edge = array("H", bytes(32))
_top = bytearray(5)   # scratch: the largest region of each element


def decide(g, rng, buf, n, smart):
    """The owner's placement, swap or start colonist; ``smart`` judges
    worlds (else a placement is drawn at random)."""
    ph = g.phase()
    if ph == _P_START:
        return _start(g, buf, n)
    if not smart:
        return buf[rng.below(n)]
    best = 0
    bv = -1
    for i in range(n):
        a = buf[i]
        if ph == _P_SWAP:
            v = _swapped(g, a_pos(a), a_turn(a))
        else:
            v = _placed(g, a_pos(a), a_turn(a))
        v = v * 8 + rng.below(8)
        if v > bv:
            bv = v
            best = i
    return buf[best]


def _fill(g, cards, turns):
    """Tile elements of a 2 x 2 of cards (255: no card yet: a distinct
    unknown element per slot)."""
    for t in range(16):
        r = t >> 2
        c = t & 3
        s = (r >> 1) * 2 + (c >> 1)
        q = (r & 1) * 2 + (c & 1)
        v = cards[s]
        _el[t] = 5 + s if v == 255 else elem(g.quads, v, turns[s], q)


_cards = bytearray(4)
_turns = bytearray(4)


def _placed(g, pos, turn):
    """Worth of the world with the card in hand at pos (0-8)."""
    grid = _grid
    for i in range(9):
        grid[i] = g.vgrid[i]
    grid[pos] = card_place(card_in_hand(g) + 1, turn)   # the grid's: card + 1
    r0 = c0 = 2
    k = 0
    for p in range(9):
        if grid[p]:
            k += 1
            r0 = min(r0, p // 3)
            c0 = min(c0, p % 3)
    for s in range(4):
        _cards[s] = 255
    for p in range(9):
        v = grid[p]
        if v:
            s = (p // 3 - r0) * 2 + p % 3 - c0
            if 0 <= s < 4:
                _cards[s] = place_card(v) - 1
                _turns[s] = place_turned(v)
    _fill(g, _cards, _turns)
    return _worth(k == 4)


def _swapped(g, slot, turn):
    w = g.site()
    for s in range(4):
        v = g.wcard[w * 4 + s]
        _cards[s] = place_card(v)
        _turns[s] = place_turned(v)
    _cards[slot] = g.worb[w]
    _turns[slot] = turn
    _fill(g, _cards, _turns)
    return _worth(True)


def _worth(whole):
    """Territories, spaceport sites, big regions, elements (of the known
    cards; ``whole``: all four are down)."""
    n = world.derive(_el, _lab, 0, _telem, _tsize, _tfirst, _adj, _edge)
    top = _top
    for e in range(5):
        top[e] = 0
    seen = 0
    real = 0
    sites = 0
    for t0 in range(n):
        e = _telem[t0]
        if e >= 5:
            continue
        real += 1
        if bits(_adj[t0]) >= 4:
            sites += 1
        if seen >> t0 & 1:
            continue
        reg = world.region(_edge, 0, t0)
        seen |= reg
        tiles = 0
        for t in range(n):
            if reg >> t & 1:
                tiles += _tsize[t]
        if tiles > top[e]:
            top[e] = tiles
    v = 3 * real
    for e in range(5):
        if top[e]:
            v += 6 + 2 * top[e]
    if whole:
        v += 10 * min(sites, 4)
    return v


# -- start colonists -----------------------------------------------------------

def _start(g, buf, n):
    """Place the plan's next colonist: the four territories chosen are the
    best set where each touches at least two of the others (so four smalls
    live through the first check), holding the colonists already down."""
    p = g.actor()
    b = p * 16
    nt = g.nterr[p]
    have = 0
    for t in range(nt):
        if g.piece(p, t):
            have |= 1 << t
    plan = _plan(g, b, nt, have)
    # the member with most neighbours in the plan first; medium when it
    # touches all three others
    bt = -1
    bk = -1
    for t in range(nt):
        if plan >> t & 1 and not have >> t & 1:
            k = bits(g.adj[b + t] & plan)
            if k > bk:
                bk = k
                bt = t
    size = 2 if bk >= 3 else 1
    for want in (size, 1, 2, 3):
        for i in range(n):
            a = buf[i]
            if a_terr(a) == bt and a_size(a) == want:
                return a
    return buf[0]


def _plan(g, b, nt, have):
    """The best four territories (bits) holding ``have``, or 0."""
    best = 0
    bv = -1
    for t1 in range(nt):
        for t2 in range(t1 + 1, nt):
            for t3 in range(t2 + 1, nt):
                for t4 in range(t3 + 1, nt):
                    s = 1 << t1 | 1 << t2 | 1 << t3 | 1 << t4
                    if s & have == have:
                        v = _plan_worth(g, b, nt, s)
                        if v > bv:
                            bv = v
                            best = s
    return best


def _plan_worth(g, b, nt, s):
    """-1 unless each of the four touches two others; else room to grow,
    spaceport sites and elements."""
    adj = g.adj
    front = 0
    v = 0
    elems = 0
    for t in range(nt):
        if s >> t & 1:
            m = adj[b + t]
            if bits(m & s) < 2:
                return -1
            front |= m
            if bits(m) >= 4:
                v += 6
            elems |= 1 << g.telem[b + t]
    return v + 3 * bits(front & ~s) + 4 * bits(elems)
