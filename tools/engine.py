"""Engine protocol: lets other programs play against our levels.

    $ python tools/engine.py --game aliencity --level hard [--seconds S] [--seed N]
    position FILE     load a game record (docs/records.md); no answer
    go                answer: bestmove TB E6 cap E6   (or: bestmove TB E6)
    quit

    $ python tools/engine.py --game alheimur --level easy [--seconds S] [--seed N]
    position FILE     load an Alheimur record, the game up to its end; no answer
    go                answer: bestmove Y launch Y C1 F   (the record line the
                      level plays for whoever decides now), bestmove R fire
                      3F Y2T, bestmove dice 4 2 (a roll), bestmove N place E 0
                      (the neutral world's card, by lot)
    quit

One command per line on standard input, one answer line per command on
standard output (flushed). Unknown commands, unreadable files, bad records,
illegal moves in a record and ``go`` on a finished game answer
``error ...`` on one line; the program never stops on an error
(tools/protocol.py). ``--game`` defaults to aliencity; the game's module
(tools/games.py's table: engine_aliencity.py, engine_alheimur.py) answers
``go``. Levels: the game's computer levels and its desktop baselines
(Alien City: random, easy, medium, hard, and greedy (tools/greedy.py),
exact and exact2 (tools/exact.py); Alheimur: random, easy, hard, and exact
and exactg (tools/exact_alheimur.py)). ``--seconds`` is the thinking
budget per move (default 3). Alheimur's dice and lots come from the same
seeded generator as the level's choices; ``go`` where no one may act (a
redeal due) answers ``error ...``. Skyscrapers is played alone: it has no
levels, so no engine (one line says so).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import games
from protocol import serve

import paths  # noqa: F401  (puts firmware/ on sys.path)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    game, mod = games.command("engine.py", "engine", argv, default="aliencity")
    players = game.players()
    ap = argparse.ArgumentParser(prog="engine.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="aliencity", choices=games.serving("engine"))
    ap.add_argument("--level", default="hard", help="%s: %s" % (game.key, ", ".join(players)))
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.level not in players:
        ap.error("%s levels: %s" % (game.key, ", ".join(players)))
    serve(mod.Session(args.level, args.seconds, args.seed), sys.stdin)
    return 0


if __name__ == "__main__":
    sys.exit(main())
