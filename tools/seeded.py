"""Seeded random games, the same on CPython and MicroPython.

Shared by the benchmarks and the MicroPython-lane tests: the moves come from
the project's ``prng.Rng``, so a seed gives the same game in both VMs.
MicroPython-compatible (it is sent into the VM as a file).
"""

from array import array

from aliencity.deal import new_game
from aliencity.geometry import NLOTS, NONE
from aliencity.moves import NO_CLAIM, claim, kind_of, lot_of
from prng import Rng

OPTIONS = (
    # (rules, open_streets, location_bonus)
    (0, False, False),
    (1, False, False),
    (0, True, False),
    (1, True, True),
)


def random_game(seed, rules=0, open_streets=False, location_bonus=False,
                stop_at=255, buf=None):
    """Play random legal builds (and now and then a claim) until the game is
    over or ``stop_at`` builds are made. Returns the game."""
    g = new_game(seed, rules, open_streets, location_bonus)
    rng = Rng(seed * 7919 + 17)
    if buf is None:
        buf = array("H", [0] * 560)
    while not g.over() and g.nbuilds < stop_at:
        n = g.legal(buf)
        m = buf[rng.below(n)]
        kind = kind_of(m)
        lot = lot_of(m)
        cap = NONE
        if g.caps[g.to_move] and rng.below(3) == 0:
            start = rng.below(NLOTS)
            for i in range(NLOTS):
                v = (start + i) % NLOTS
                if g.claimable(v) or (v == lot and kind < 3):
                    cap = v
                    break
        g.apply(m)
        if g.claiming():    # none after the last build of the game
            g.apply(NO_CLAIM if cap == NONE else claim(cap))
    return g


def describe(g):
    """Record plus score breakdown as text, to compare two VMs."""
    from aliencity import record, scoring

    sc = scoring.score(g)
    lines = [record.write(g)]
    for t in sc.towers:
        lines.append("tower %d %d %d %d %d %d" % (t.lot, t.owner, t.colour,
                                                  t.customers, t.distance, t.points))
    for b in sc.bonuses:
        lines.append("bonus %d %d %d %d" % b[:4])
    for loc in sc.location:
        lines.append("location %d %d %d" % loc)
    lines.append("totals %d %d over %d" % (sc.totals[0], sc.totals[1], g.over()))
    return "\n".join(lines)
