"""Skyscrapers for the VM lanes: seeded games and record replays as text,
the same in CPython, MicroPython and CircuitPython (MicroPython-compatible;
see lane_aliencity.py for the interface)."""

from array import array

from prng import Rng

SEEDS = (1, 2, 3, 4, 5, 6, 7, 8)
PLAYS = 150


def play(seed, opts, plays=PLAYS):
    """The deal of seed with options opts, then up to plays random legal
    plays (tests/test_skyscrapers_mpy.py plays its games with it too)."""
    from skyscrapers.deal import new_game
    from skyscrapers.engine import MAXPLAYS

    g = new_game(seed, opts)
    rng = Rng(seed ^ 0x5C5C)
    buf = array("H", [0] * MAXPLAYS)
    for _ in range(plays):
        n = g.legal(buf)
        if not n:
            break
        g.apply(buf[rng.below(n)])
    return g


def game(seed):
    """A seeded game (options seed % 8, random legal plays): its record,
    score, stacks and target, whether the record replays to the same
    state, and whether undoing every play gives back the deal."""
    from skyscrapers import record
    from skyscrapers.deal import new_game
    from skyscrapers.scoring import bound, score

    opts = seed % 8
    g = play(seed, opts)
    sc = score(g)
    text = record.write(g)
    g2, bad = record.replay(record.read(text.split("\n")))
    same = bad is None and g2.position() == g.position()
    stacks = " ".join("%d/%d/%d/%d/%d" % s for s in sc.stacks)
    for _ in range(g.nplays):
        g.undo()
    return "%sscore %d target %d stacks %s\nreplay %s undo %s" % (
        text, sc.total, bound(g), stacks, same, g.position() == new_game(seed, opts).position())


def replay(text):
    """A record's verdict: 'ok', 'BAD line problem' or 'ERR play line why'."""
    from skyscrapers import record
    from skyscrapers.scoring import score

    try:
        rec = record.read(text.split("\n"))
    except record.RecordError as e:
        return "BAD %d %s" % (e.line, e.problem)
    g, bad = record.replay(rec)
    if bad:
        return "ERR %d %d %s (after %d plays)" % (bad[0], bad[1], bad[2], g.nplays)
    return "ok %d plays, score %d" % (g.nplays, score(g).total)
