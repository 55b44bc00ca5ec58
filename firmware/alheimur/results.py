"""The end-of-game scoring screen (loaded only at the end; ``why``, which
end comes, also for the last round's note): which end came, then per
player, best total first, the six scores (each element score with the
region behind it: pips x tiles and where), the total's formula. Every
number comes from ``alheimur.scoring``; every line fits 26 characters
(tests/test_messages.py)."""

from micropython import const

from alheimur import words
from alheimur.world import tile_name
from ui import palette

L_WINS = "%s wins: %s"                         # name, total
L_SHARED = "%d share the win: %s"              # n, total
L_PLAYER = "%s %s: %s"                         # letter, name, total
L_ELEM = " %s %s = %d x %d on %s"              # element, score, pips, tiles, terr
#   (an element score is 48 at most: a large pyramid, 3 pips, on 16 tiles)
L_NONE = " %s 0.5: none held"                  # element
L_PROGRESS = " progress %d + 3x%d = %d"        # ships, worlds, pts
L_HILO = " high %s, low %s"                    # element, element
L_PRODUCT = " %s x %s x %d = %s"               # score, score, pts, total
L_REST = " + others %s = %s"                   # total, total
# Which end came (Game.end_cause(): alheimur.layout's END_*)
L_END = "end: %s"                              # why (the words below)
L_END_13 = "13 pyramids in play"
L_END_LIMIT = "the round limit, %d"            # limit
L_END_ALONE = "one player left"
L_END_200 = "round 200 was played"
L_END_NOBODY = "no pyramid left"
# consts from alheimur.layout (tools/consts.py; do not edit)
_END_LIMIT = const(2)
# end consts


def _half(v2):
    """A doubled score as text: 1 -> '0.5', 24 -> '12'."""
    from alheimur.scoring import quarters_text
    return quarters_text(2 * v2)


def why(g):
    """Which end came (or, in the last round, comes), in words."""
    c = g.end_cause()
    return L_END_LIMIT % g.limit() if c == _END_LIMIT else \
        ("", L_END_13, "", L_END_ALONE, L_END_200, L_END_NOBODY)[c]


def lines(g):
    """(title, lines, colours, title colour)."""
    from alheimur.scoring import quarters_text, score
    sc = score(g)
    np = g.nplayers()
    order = sorted(range(np), key=lambda p: -sc.totals[p])
    out = [L_END % why(g)]
    col = [palette.DIM]
    for p in order:
        c = words.COLOURS[p]
        b = p * 5
        out.append(L_PLAYER % (words.LETTERS[p], words.NAMES[p], quarters_text(sc.totals[p])))
        col.append(c)
        for e in range(5):
            w = sc.world[b + e]
            if w == 255:
                out.append(L_NONE % words.ELEMENTS[e])
            else:
                m = sc.terrs[b + e]
                t = 0
                while not m >> t & 1:
                    t += 1
                out.append(L_ELEM % (words.ELEMENTS[e], _half(sc.elem2[b + e]), sc.pips[b + e],
                                     sc.tiles[b + e], (words.LETTERS[w] if w < np else "N")
                                     + " " + tile_name(g.tfirst[w * 16 + t])))
            col.append(palette.TEXT)
        out.append(L_PROGRESS % (sc.ships[p], sc.worlds[p], sc.progress[p]))
        hi = sc.hi[p]
        lo = sc.lo[p]
        out.append(L_HILO % (words.ELEMENTS[hi], words.ELEMENTS[lo]))
        prod = sc.elem2[b + hi] * sc.elem2[b + lo] * sc.progress[p]
        out.append(L_PRODUCT % (_half(sc.elem2[b + hi]), _half(sc.elem2[b + lo]),
                                sc.progress[p], quarters_text(prod)))
        out.append(L_REST % (quarters_text(sc.totals[p] - prod), quarters_text(sc.totals[p])))
        col.extend((palette.DIM, palette.DIM, palette.DIM, palette.DIM))
    win = sc.winners
    best = quarters_text(sc.totals[win[0]])
    if len(win) == 1:
        title = L_WINS % (words.NAMES[win[0]], best)
        tc = words.COLOURS[win[0]]
    else:
        title = L_SHARED % (len(win), best)
        tc = palette.TITLE
    return title, out, col, tc
