"""Alheimur for the VM lanes: seeded games and record replays as text, the
same in CPython, MicroPython and CircuitPython (MicroPython-compatible; see
lane_aliencity.py for the interface). Games are played by seeded_alheimur's
careful seats, so they reach battles."""

SEEDS = (3, 5, 30, 37)
# The 64-bit unix VM needs more than the board's 130 KB for these records
# (its pointers are twice as wide); the MicroPython lane checks the
# device's budget.
HEAPSIZE = 256 * 1024
# (players, round limit, actions at most) per seed: 2 to 8 players
_SHAPE = {3: (2, 20, 160), 5: (8, 20, 140), 30: (3, 20, 140), 37: (4, 20, 160)}


def game(seed):
    """A seeded game: its record, then the totals, winners and state."""
    import gc

    import seeded_alheimur

    from alheimur import record, scoring

    gc.collect()     # the last seed's game and record gone before this one's
    np, limit, stop = _SHAPE[seed]
    rec = record.Recorder(np, limit)
    g = seeded_alheimur.play(seed, np, limit, stop, rec=rec)
    sc = scoring.score(g)
    state = g.state()
    text = rec.text()
    g2, bad = record.replay(record.read(text.split("\n")))
    same = bad is None and g2.state() == state
    return "%sscore %s %s\nreplay %s" % (text, list(sc.totals), sc.winners, same)


def replay(text):
    """A record's verdict: 'ok', 'BAD line problem' or 'ERR action line why'."""
    from alheimur import record, scoring

    try:
        rec = record.read(text.split("\n"))
    except record.RecordError as e:
        return "BAD %d %s" % (e.line, e.problem)
    g, bad = record.replay(rec)
    if bad:
        return "ERR %d %d %s" % (bad[0], bad[1], bad[2])
    return "ok %s" % (list(scoring.score(g).totals),)
