"""The end-of-game scoring screen: every claimed tower's customers x
distance = points, every bonus, the totals and the winner; all numbers
from ``aliencity.scoring``."""

from aliencity import scoring
from aliencity.geometry import COLOUR_NAMES, KIND_NAMES, PLAYER_NAMES, lot_name
from ui import palette


def title(sc):
    w, b = sc.totals
    win = sc.winner()
    tail = "draw" if win < 0 else PLAYER_NAMES[win] + " wins"
    return "W %d : B %d  %s" % (w, b, tail)


def lines(game, sc=None):
    """(text lines, colours) of the breakdown."""
    if sc is None:
        sc = scoring.score(game)
    out = []
    col = []

    def add(text, c):
        out.append(text)
        col.append(c)

    pc = (palette.W_TEXT, palette.B_TEXT)
    add("  tower  customers x dist", palette.DIM)
    for t in sc.towers:
        add("%s %s %-3s %dx%d = %d" % (PLAYER_NAMES[t.owner],
                                       KIND_NAMES[game.kind_at(t.lot)],
                                       lot_name(t.lot), t.customers,
                                       t.distance, t.points), pc[t.owner])
    if not sc.towers:
        add("no claimed towers", palette.DIM)
    for g, c, o, pts, towers in sc.bonuses:
        add("%s +%d green %s: %s %s" % (PLAYER_NAMES[o], pts, lot_name(g),
                                      COLOUR_NAMES[c], lot_name(towers[0])), pc[o])
    for v, o, val in sc.location:
        add("%s +%d location %s" % (PLAYER_NAMES[o], val, lot_name(v)), pc[o])
    add("total W %d  B %d" % (sc.totals[0], sc.totals[1]), palette.TITLE)
    return out, col
