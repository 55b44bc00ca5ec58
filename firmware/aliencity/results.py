"""The end-of-game scoring screen: how each claimed tower scores
(customers x distance = points), every bonus, the totals and the winner;
all numbers from ``aliencity.scoring``. Every line fits the screen's 26
characters (tests/test_messages.py)."""

from aliencity import scoring
from aliencity.geometry import COLOUR_NAMES, KIND_COLOUR, PLAYER_WORDS
from aliencity.moves import lot_name
from ui import palette

L_TITLE = "P1 %d : P2 %d  %s"
L_WINS = "%s wins"
L_DRAW = "a draw"
L_TOWERS = "towers: customers x dist"
L_TOWER = "%s %s %s %dx%d = %d"          # player, colour, lot, cust, dist, pts
L_NO_TOWERS = "no claimed towers"
L_GREEN = "green bonus: 10 - 2 x dist"
L_BONUS = "%s +%d %s %s near %s"         # player, pts, colour, lot, the green's lot
L_LOCATION = "%s +%d tile value, %s"     # player, value, lot
L_TOTAL = "total: P1 %d, P2 %d"


def title(sc):
    w, b = sc.totals
    win = sc.winner()
    return L_TITLE % (w, b, L_DRAW if win < 0 else L_WINS % PLAYER_WORDS[win])


def lines(game, sc=None):
    """(text lines, colours) of the breakdown."""
    if sc is None:
        sc = scoring.score(game)
    out = []
    col = []

    def add(text, c):
        out.append(text)
        col.append(c)

    pc = (palette.P1_TEXT, palette.P2_TEXT)
    add(L_TOWERS, palette.DIM)
    for t in sc.towers:
        add(L_TOWER % (PLAYER_WORDS[t.owner], COLOUR_NAMES[KIND_COLOUR[game.kind_at(t.lot)]],
                       lot_name(t.lot), t.customers, t.distance, t.points), pc[t.owner])
    if not sc.towers:
        add(L_NO_TOWERS, palette.DIM)
    if sc.bonuses:
        add(L_GREEN, palette.DIM)
    for g, c, o, pts, towers in sc.bonuses:
        add(L_BONUS % (PLAYER_WORDS[o], pts, COLOUR_NAMES[c], lot_name(towers[0]),
                       lot_name(g)), pc[o])
    for v, o, val in sc.location:
        add(L_LOCATION % (PLAYER_WORDS[o], val, lot_name(v)), pc[o])
    add(L_TOTAL % (sc.totals[0], sc.totals[1]), palette.TITLE)
    return out, col
