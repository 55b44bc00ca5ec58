"""How many records Alheimur's log (firmware/alheimur/events.py) must
hold: seeded games of computer seats, logged as the app logs them (each
kept action, each shot once its dice are rolled, each pyramid a survival
check removes), and the most records between the starts of two turns of
one seat (what "since your last turn" shows that seat, its own included).

    .venv/bin/python tools/alheimur_events.py [--players 8] [--level easy]
                                              [--seeds 1-12] [--rounds 20]

Prints one line per seed and the worst; the ring's size is events._N.
"""

import argparse
import os
import sys
from array import array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths  # noqa: F401  (firmware/ on sys.path)
from alheimur import ai
from alheimur.actions import MAX_ACTIONS, act, ship_owner
from alheimur.deal import new_game, shuffle
from alheimur.engine import CHANCE
from alheimur.events import DIED, SHOT, Log
from alheimur.layout import K_SURVIVE, P_DEAL, P_DICE


def worst(seed, players, level, rounds):
    """(most records between two turn starts of seat 0, the round after
    which it came) for one seeded game."""
    g, rng = new_game(seed, players, rounds)
    buf = array("H", bytes(2 * MAX_ACTIONS))
    log = Log()
    top = (0, 0)
    mark = 0
    begun = -1
    shooter = None
    while not g.over():
        if g.phase() == P_DEAL:
            g.deal(shuffle(rng))
            continue
        n = g.legal(buf)
        if g.phase() >= 4 and g.actor() == 0 and g.current() == 0 and g.round() != begun:
            top = max(top, (log.n - mark, g.round() - 1))
            mark = log.n
            begun = g.round()
        if g.actor() == CHANCE:
            if g.phase() == P_DICE and shooter is None:
                i, j, _ = g.shot()
                shooter = (ship_owner(g.sl[i]), g.sb[i], g.sb[j], g.sl[j], j)
            g.apply(ai.chance(g, rng, buf, n))
            if shooter is not None and g.phase() != P_DICE:
                p, c, t, loc, j = shooter
                log.put(SHOT, p, c, t, loc, 255 if g.sl[j] == 255 else g.sb[j])
                shooter = None
            continue
        a = ai.LEVELS[level](g, rng, buf, n)
        if a == act(K_SURVIVE):
            was = bytes(g.surf)
            g.apply(a)
            for w in range(g.nworlds()):
                for t in range(g.nterr[w]):
                    if was[w * 16 + t] and not g.piece(w, t):
                        log.put(DIED, g.current(), w, t, was[w * 16 + t])
            continue
        log.action(g, g.actor(), a)
        g.apply(a)
    return top


def _seeds(text):
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--level", default="easy", choices=sorted(ai.LEVELS))
    ap.add_argument("--seeds", default="1-12")
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args(argv)
    out = (0, 0, 0)
    for seed in _seeds(args.seeds):
        n, r = worst(seed, args.players, args.level, args.rounds)
        print("seed %d: %d records (before round %d)" % (seed, n, r + 1), flush=True)
        out = max(out, (n, seed, r))
    print("worst: %d records, seed %d" % out[:2])


if __name__ == "__main__":
    main()
