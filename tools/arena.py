"""Matches between computer players of a game: levels, the desktop's
baselines, and (Alien City) external engines speaking the tools/engine.py
protocol. The game's module (tools/games.py's table: arena_aliencity.py,
arena_alheimur.py) plays its games and documents its options; Skyscrapers
is played alone, so it has no matches (one line says so).

    python tools/arena.py --game aliencity --a hard --b medium --games 200 [--jobs 2]
    python tools/arena.py --game aliencity --a "python tools/engine.py --level hard" --b greedy
    python tools/arena.py --game aliencity --a hard --b greedy --rules classic --save out/
    python tools/arena.py --game alheimur --players 4 --a hard --b easy --games 200

``--game`` defaults to aliencity. Games run in parallel processes
(--jobs); the same command plays the same games. Prints a line a game,
then the match's figures (A's score rate or win share with its 95%
confidence interval, and more: the game's module says). ``--save DIR``
writes every game's record, which tools/referee.py checks. Exit 1 if a
player made an illegal move or crashed (that game is counted as a loss
for it and reported); exit 2 for a wrong command line.
"""

import argparse
import os
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import games

import paths  # noqa: F401  (puts firmware/ on sys.path)


def parser(game, mod):
    ap = argparse.ArgumentParser(prog="arena.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="aliencity", choices=games.serving("arena"))
    ap.add_argument("--a", required=True, help="A's player: %s" % ", ".join(game.players()))
    ap.add_argument("--b", required=True, help="B's player (the other seats)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, help="the first seed")
    ap.add_argument("--seconds", type=float, help=mod.SECONDS_HELP)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--save", default=None, help="directory for the records")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="override a constant of the game's computer players (repeatable)")
    mod.add_options(ap)
    return ap


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    game, mod = games.command("arena.py", "arena", argv, default="aliencity")
    ap = parser(game, mod)
    args = ap.parse_args(argv)
    start, start_args = mod.check(ap, args, game.players())
    t0 = time.time()
    res = []
    with Pool(args.jobs, start, start_args) as pool:
        for r in pool.imap_unordered(mod.play_one, mod.jobs(args)):
            res.append(r)
            if not args.quiet:
                print(mod.line(r), flush=True)
    lines, errs = mod.report(args, res, time.time() - t0)
    for line in lines:
        print(line)
    for e in errs:
        print("ERROR", e)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
