"""Alien City for the VM lanes: seeded games, record replays and the AI's
choices as text, the same in CPython, MicroPython and CircuitPython.

MicroPython-compatible: tools/cplane.py sends it (and seeded.py) into the
VM as a file. The interface every engine's lane module has (cplane.ENGINES):
SEEDS, game(seed), replay(text); and, for a game with computer
opponents, AI_CASES and ai(case).
"""

from seeded import OPTIONS, describe, random_game

SEEDS = (11, 12, 13, 14, 15, 16, 17, 18)
# (seed, builds made): positions from early to late in seeded games.
AI_CASES = ((21, 5), (22, 18), (23, 30), (24, 12))


def _game(seed, stop_at=255):
    rules, op, lb = OPTIONS[seed % len(OPTIONS)]
    return random_game(seed, rules, op, lb, stop_at=stop_at)


def game(seed):
    """A seeded game played to the end: its record, its score breakdown,
    whether the record replays to the same position, and whether undoing
    every build gives back the deal."""
    from aliencity import record

    g = _game(seed)
    text = describe(g)
    g2, bad = record.replay(record.read(record.write(g).split("\n")))
    same = bad is None and bytes(g2.lots) == bytes(g.lots) and g2.nbuilds == g.nbuilds
    while g.undo():       # every claim (or none) and build
        pass
    fresh = _game(seed, stop_at=0)
    return "%s\nreplay %s undo %s" % (text, same, bytes(g.lots) == bytes(fresh.lots)
                                      and g.to_move == fresh.to_move)


def replay(text):
    """A record's verdict: 'ok', 'BAD line problem' or 'ERR move line why'."""
    from aliencity import record, scoring

    try:
        rec = record.read(text.split("\n"))
    except record.RecordError as e:
        return "BAD %d %s" % (e.line, e.problem)
    g, bad = record.replay(rec)
    if bad:
        return "ERR %d %d %s (after %d builds)" % (bad[0], bad[1], bad[2], g.nbuilds)
    sc = scoring.score(g)
    return "ok %d builds, %d-%d" % (g.nbuilds, sc.totals[0], sc.totals[1])


def ai(case):
    """What every level chooses in the position (no deadline, so the search
    is the same in every VM)."""
    from aliencity import ai as brain
    from prng import Rng

    seed, cut = case
    g = _game(seed, stop_at=cut)
    out = []
    for level in brain.LEVELS:
        out.append("%d %d %s %s" % (seed, cut, level, brain.choose(g, level, Rng(seed))))
    return "\n".join(out)
