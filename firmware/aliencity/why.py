"""Why a build or a claim is not legal, in player words (the engine's
``why_not``). Loaded only to word a reason,
then dropped: a legal build needs none of this.

Each reason fits the message line (two lines of 26 characters) with the
longest names: tests/test_messages.py fills every R_ template and checks.
"""

from aliencity import streets as st
from aliencity.geometry import BLACK, COLOUR_NAMES, KIND_COLOUR, LOT_TILE, NKINDS, NLOTS, NONE, PLAYER_WORDS
from aliencity.moves import lot_name, piece_name

R_OVER = "the game is over"
R_PIECE = "unknown piece"
R_LOT = "no such lot"
R_NONE_LEFT = "%s has no %ss left"                      # player, piece
R_TAKEN = "%s: already built on"                        # lot
R_SPLIT = "%s: would cut street lot %s off the network"  # lot, lot
R_ISOLATE = "%s: the %s on %s would lose its street"    # lot, piece, lot
R_LAST = "%s: would leave no street"                    # lot
R_DEAD = "%s: dead ground, cut off from the streets"    # lot
R_NOGROUP = "%s: no street group would touch every structure"  # lot
R_ICON = "%s: the ring lot goes last; %s is still free"  # lot, lot
R_DOME = "%s: %s domes go on %s tiles (%s is free)"     # lot, colour, colour, lot
R_FIRST = "%s: %s tile: its first two pieces are %s"    # lot, colour, colour
R_NO_CAPS = "%s has no caps left"                       # player
R_CAP_LOT = "no such lot to cap"
R_NO_TOWER = "%s: no tower to claim there"              # lot
R_CLAIMED = "%s: already claimed by %s"                 # lot, player
R_LAST_BUILD = "no claim on the last build of the game"
R_NOTHING = "nothing was built yet"
R_CLAIMED_NOW = "%s already claimed with this build"    # player
R_DECLINED = "%s made no claim with this build"         # player
R_CLAIM_FIRST = "%s caps a tower or not first"          # player


def build(g, kind, lot):
    """Why the player to move may not build ``kind`` on ``lot`` (None: they may)."""
    if g.over():
        return R_OVER
    p = g.to_move
    if kind < 0 or kind >= NKINDS:
        return R_PIECE
    if lot < 0 or lot >= NLOTS:
        return R_LOT
    if not g.supply[p * NKINDS + kind]:
        return R_NONE_LEFT % (PLAYER_WORDS[p], piece_name(kind))
    g.analyse()
    r = g.streets.verdict[lot]
    if r != st.OK:
        return _street(g, r, lot_name(lot), g.streets.why[lot])
    t = LOT_TILE[lot]
    tc = g.tcol[t]
    c = KIND_COLOUR[kind]
    if kind >= 3:
        if tc != c and g.home[c]:
            return R_DOME % (lot_name(lot), COLOUR_NAMES[c], COLOUR_NAMES[c],
                             lot_name(g.home[c] - 1))
    elif tc != c and tc != BLACK and g.tcount[t] < 2:
        return R_FIRST % (lot_name(lot), COLOUR_NAMES[tc], COLOUR_NAMES[tc])
    return None


def _street(g, r, name, w):
    if r == st.TAKEN:
        return R_TAKEN % name
    if r == st.SPLIT:
        return R_SPLIT % (name, lot_name(w))
    if r == st.ISOLATE:
        return R_ISOLATE % (name, piece_name(g.kind_at(w)), lot_name(w))
    if r == st.LAST:
        return R_LAST % name
    if r == st.DEAD:
        return R_DEAD % name
    if r == st.NOGROUP:
        return R_NOGROUP % name
    return R_ICON % (name, lot_name(w))


def cap(g, p, lot):
    """Why player p may not cap ``lot`` now (None: they may)."""
    if not g.caps[p]:
        return R_NO_CAPS % PLAYER_WORDS[p]
    if lot < 0 or lot >= NLOTS:
        return R_CAP_LOT
    k = g.kind_at(lot)
    if k < 0 or k >= 3:
        return R_NO_TOWER % lot_name(lot)
    if g.owner_at(lot) >= 0:
        return R_CLAIMED % (lot_name(lot), PLAYER_WORDS[g.owner_at(lot)])
    if g.over():
        return R_LAST_BUILD
    return None


def claim(g, p, lot):
    """Why player p (the last builder; -1: nothing built yet) may not cap
    ``lot`` when no claim is open: they claimed, or made no claim, with
    this build, or the claim never opened (no cap, no tower, the end)."""
    if p < 0:
        return R_NOTHING
    if g.build_at(g.nbuilds - 1)[3] != NONE:
        return R_CLAIMED_NOW % PLAYER_WORDS[p]
    return cap(g, p, lot) or R_DECLINED % PLAYER_WORDS[p]


def claim_first(_g, p, _lot):
    """Why a build is refused at a claim point: player p claims first."""
    return R_CLAIM_FIRST % PLAYER_WORDS[p]
