"""Alien City, Skyscrapers and Alheimur referee: check, score and explore
game records on the desktop. The record's first line names its game, and
that game's module (tools/games.py's table: referee_aliencity.py,
referee_skyscrapers.py, referee_alheimur.py) answers.

    python tools/referee.py check FILE      is every move legal?
    python tools/referee.py score FILE      the score breakdown as JSON
    python tools/referee.py legal FILE      every legal move for the player to move
    python tools/referee.py demo [--game G] a seeded game between random players

FILE is a game record (docs/records.md); ``-`` reads standard input.
``--game aliencity|skyscrapers|alheimur`` on check, score or legal refuses
a record of another game (exit 2), and on demo chooses the game (default
aliencity, the table's first).

Exit codes: 0 fine; 1 a move of the record is illegal (``move N: ...`` on
stderr, N counting moves from 1); 2 the record is malformed (``line N: ...``)
or cannot be read (``FILE: cannot read: ...``), or the command line is wrong.

CPython 3.11, standard library only. The rules are the firmware's own
engines, so the referee and the device always agree.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import games
from recordtext import EXIT_MALFORMED, EXIT_OK, Stop, read_lines

GAMES = games.serving("referee")


def record_game(lines):
    """The game whose record this is (its first line says); a record no
    game claims goes to the table's first game, whose reader names the
    problem."""
    for g in games.GAMES:
        if g.is_record(lines):
            return g
    return games.get(GAMES[0])


def cmd_record(args):
    """check, score or legal: the record's game answers."""
    lines = read_lines(args.file)
    g = record_game(lines)
    if args.game is not None and g.key != args.game:
        raise Stop(EXIT_MALFORMED, "%s: a record of %s, not of %s (--game %s)" % (
            "<stdin>" if args.file == "-" else args.file, g.key, args.game, args.game))
    return g.module("referee").run(args.command, args, lines)


def cmd_demo(args):
    seed = args.seed
    if seed is None:
        seed = int(time.time() * 1000) % 100000
    return games.get(args.game).module("referee").demo(args, seed)


EPILOG = """\
FILE is a game record, a plain text file (format: docs/records.md); '-'
reads it from standard input. Example record:

  alien-city 1
  rules standalone
  tiles BSW KSW RSE GNW GNE RSW BNE GNW GSW BNE RSW BNW KNW BNE GSW RSW KSE KNE KNW RSE
  first B
  B TG D9
  W TB C10 cap C10

exit codes:
  0  all fine
  1  an illegal move: 'move N: <move> (line L): <reason>' on stderr, N counting
     the moves from 1 (score and legal refuse such a record too)
  2  a malformed record ('line N: <problem>'), a file that cannot be read
     ('FILE: cannot read: ...'), or a wrong command line
"""


def parser():
    ap = argparse.ArgumentParser(
        prog="referee.py",
        description="Alien City, Skyscrapers and Alheimur referee: checks and "
                    "scores game records (check, score and legal read all three "
                    "games) with the device's own rules engines.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    raw = argparse.RawDescriptionHelpFormatter

    p = sub.add_parser(
        "check", formatter_class=raw,
        help="is every move of the record legal?",
        description="Replay the record move by move with the rules engine.\n"
                    "Prints 'ok: N moves, game over: ...' or 'ok: N moves, game "
                    "not over: X to build'\nand exits 0; at the first illegal move "
                    "prints 'move N: ...' on stderr and exits 1;\nfor a malformed "
                    "record prints 'line N: ...' and exits 2.")
    p.add_argument("file", metavar="FILE", help="the game record ('-' for stdin)")
    p.add_argument("--game", choices=GAMES,
                   help="refuse a record of another game (default: the record's first line says)")
    p.set_defaults(func=cmd_record)

    p = sub.add_parser(
        "score", formatter_class=raw,
        help="the score breakdown (JSON), finished game or not",
        description="Score the position after the record's last move, as JSON:\n"
                    '  {"over", "winner" ("W", "B", "draw", or null while not over),\n'
                    '   "scores": {"W", "B"},\n'
                    '   "towers": [{"lot", "owner", "color", "customers", "distance",\n'
                    '               "points", "customer_lots", "competitor"}],\n'
                    '   "bonuses": [{"green", "color", "owner", "points", "towers"}],\n'
                    '   "location": [{"lot", "owner", "value", "points"}]}'
                    "   (classic with location-bonus only)\n"
                    "A record with an illegal move is refused (exit 1), never "
                    "scored in part.")
    p.add_argument("file", metavar="FILE", help="the game record ('-' for stdin)")
    p.add_argument("--text", action="store_true",
                   help="print the board and the breakdown in words instead of JSON")
    p.add_argument("--game", choices=GAMES,
                   help="refuse a record of another game (default: the record's first line says)")
    p.set_defaults(func=cmd_record)

    p = sub.add_parser(
        "legal", formatter_class=raw,
        help="every legal build for the player to move (JSON)",
        description="List every legal build for the player to move after the "
                    "record's last move:\n"
                    '  {"to_move": "W" | "B" | null, "moves": ["TR A1", ...]}\n'
                    "sorted by piece (TR TB TG DR DB DG DK), then column A-H, then "
                    "row 1-10.\nClaims are not listed: any build may add 'cap LOT' "
                    "for an unclaimed tower\n(the new one included) while the "
                    "builder has caps, except the last build of the game.\n"
                    "A finished game gives to_move null and no moves.")
    p.add_argument("file", metavar="FILE", help="the game record ('-' for stdin)")
    p.add_argument("--game", choices=GAMES,
                   help="refuse a record of another game (default: the record's first line says)")
    p.set_defaults(func=cmd_record)

    p = sub.add_parser(
        "demo", formatter_class=raw,
        help="play and show a seeded game between two random players",
        description="Deal a city from the seed, let two random players (the "
                    "project's prng.Rng)\nbuild until the end, then print the "
                    "board, the record and the score in words.\nThe same seed "
                    "always gives the same game.")
    p.add_argument("--seed", type=int, default=None,
                   help="the seed (default: taken from the clock, and printed)")
    p.add_argument("--game", choices=GAMES, default=GAMES[0],
                   help="the game to play (default %s)" % GAMES[0])
    for g in games.GAMES:   # each game's own options, under its title
        g.module("referee").demo_options(p.add_argument_group(g.title))
    p.set_defaults(func=cmd_demo)
    return ap



def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    games.known("referee.py", argv)
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except Stop as e:
        sys.stderr.write(e.message + "\n")
        return e.code
    except BrokenPipeError:  # e.g. piped into head
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
