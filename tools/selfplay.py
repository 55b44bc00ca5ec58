"""Play a whole game between computer seats and write its record.

    python tools/selfplay.py --game alheimur --players 3 \\
        --seats random,random,random --seed 7 --out game.txt [--rounds 20]
    python tools/selfplay.py --game aliencity --seats hard,easy --seed 7 \\
        --out game.txt [--rules classic] [--open-streets] [--location-bonus]

``--game`` defaults to alheimur. A seat is a computer level of the game
(tools/games.py's table); the game's module (arena_aliencity.py,
arena_alheimur.py) plays it and documents its options and seeds: the same
command always plays the same game. Skyscrapers is played alone, so it
has no self-play (one line says so).

Prints one line (rounds or builds, totals, winners) and writes the record
(docs/records.md), which tools/referee.py checks and scores; ``--out -``
writes the record to standard output instead. Exit 2 for a wrong command
line.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import games

import paths  # noqa: F401  (puts firmware/ on sys.path)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    game, mod = games.command("selfplay.py", "selfplay", argv, default="alheimur")
    levels = game.levels()
    ap = argparse.ArgumentParser(prog="selfplay.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=games.serving("selfplay"), default="alheimur")
    ap.add_argument("--seats", required=True,
                    help="a level per seat, comma separated (%s: %s)"
                         % (game.key, ", ".join(levels)))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="the record to write ('-': stdout)")
    mod.selfplay_options(ap)
    args = ap.parse_args(argv)
    seats = args.seats.split(",")
    for s in seats:
        if s not in levels:
            ap.error("unknown level '%s' (known: %s)" % (s, ", ".join(levels)))
    text, line = mod.selfplay(ap, args, seats)
    if args.out == "-":
        sys.stdout.write(text)
        return 0
    with open(args.out, "w") as f:
        f.write(text)
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
