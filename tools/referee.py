"""Alien City, Skyscrapers and Alheimur referee: check, score and explore
game records on the desktop (a record whose first line is ``skyscrapers 1``
goes to tools/referee_skyscrapers.py, ``alheimur 1`` to tools/referee_alheimur.py).

    python tools/referee.py check FILE      is every move legal?
    python tools/referee.py score FILE      the score breakdown as JSON
    python tools/referee.py legal FILE      every legal build for the player to move
    python tools/referee.py demo [--game G] a seeded game between random players

FILE is a game record (docs/records.md); ``-`` reads standard input. The
record's first line names its game; ``--game aliencity|skyscrapers|alheimur``
on check, score or legal refuses a record of another game (exit 2), and on
demo chooses the game (default aliencity).

Exit codes: 0 fine; 1 a move of the record is illegal (``move N: ...`` on
stderr, N counting moves from 1); 2 the record is malformed (``line N: ...``)
or cannot be read (``FILE: cannot read: ...``), or the command line is wrong.

CPython 3.11, standard library only. The rules are the firmware's own engine
(firmware/aliencity), so the referee and the device always agree.
"""

# paths.py puts the firmware after the standard library on sys.path (the
# device's code.py must not shadow the stdlib's code module).
import argparse
import json
import os
import sys
import time
from array import array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import referee_alheimur
import referee_skyscrapers

import paths  # noqa: F401  (puts firmware/ and sim/modules/ on sys.path)
from aliencity import record, scoring
from aliencity.deal import deal
from aliencity.engine import CLASSIC, RULES_NAMES, STANDALONE, Game
from aliencity.geometry import (
    COLOUR_NAMES,
    KIND_NAMES,
    LOT_TILE,
    NKINDS,
    NLOTS,
    NONE,
    PLAYER_NAMES,
    lot_name,
)
from aliencity.moves import NO_CLAIM, claim, kind_of, lot_of
from prng import Rng

GAMES = ("aliencity", "skyscrapers", "alheimur")  # --game: every game has records
EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2


class Stop(Exception):
    """Ends a command with a message on stderr and an exit code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


# -- reading and replaying a record -------------------------------------------


_TEXT = {}  # path -> text already read (stdin can be read only once)


def read_text(path):
    """The record's text, or Stop(2) when it cannot be read as text."""
    if path in _TEXT:
        return _TEXT[path]
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise Stop(EXIT_MALFORMED, "%s: cannot read: %s" % (name, e.strerror or e)) from None
    if b"\0" in data:
        raise Stop(EXIT_MALFORMED, "%s: cannot read: not a text file "
                   "(it holds NUL bytes; is it a game record?)" % name)
    try:
        text = data.decode("utf-8-sig")  # a BOM from a Windows editor is fine
    except UnicodeDecodeError as e:
        raise Stop(EXIT_MALFORMED, "%s: cannot read: not UTF-8 text "
                   "(byte 0x%02x at offset %d)" % (name, data[e.start], e.start)) from None
    return text


def split_lines(text):
    """Lines as an editor numbers them (\\n, \\r\\n or \\r endings)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line starts no line
    return lines


def odd_character(lines):
    """(line number, character) of the first non-ASCII character outside a
    comment that is not white space, or (None, None)."""
    for n, line in enumerate(lines, 1):
        for ch in line.split("#", 1)[0]:
            if ord(ch) > 127 and not ch.isspace():
                return n, ch
    return None, None


def move_words(p, kind, lot, cap):
    """A record move as text, e.g. 'B TB E6 cap E6' (kind -2 is 'TK')."""
    k = "TK" if kind == record.BLACK_TOWER else KIND_NAMES[kind]
    s = "%s %s %s" % (PLAYER_NAMES[p], k, lot_name(lot))
    if cap != NONE:
        s += " cap " + lot_name(cap)
    return s


def load(path):
    """Read, parse and replay the record at ``path``: (record, game).

    Stop(2) for an unreadable or malformed record, Stop(1) at the first
    illegal move (the game is never scored partially)."""
    lines = split_lines(read_text(path))
    try:
        rec = record.read(lines)
    except record.RecordError as e:
        raise Stop(EXIT_MALFORMED, str(e)) from None
    except ValueError:
        # record.read lets int() fail on digits such as '²' (str.isdigit()
        # is true for them); name the line rather than show a traceback.
        n, ch = odd_character(lines)
        if n is None:
            raise
        raise Stop(EXIT_MALFORMED, "line %d: unexpected character %r (a record "
                   "is plain ASCII outside # comments)" % (n, ch)) from None
    game, bad = record.replay(rec)
    if bad:
        i, line, why = bad
        _, p, kind, lot, cap = rec.moves[i - 1]
        raise Stop(EXIT_ILLEGAL, "move %d: %s (line %d): %s"
                   % (i, move_words(p, kind, lot, cap), line, why))
    return rec, game


# -- JSON views -----------------------------------------------------------------


def winner_word(game, sc):
    if not game.over():
        return None
    w = sc.winner()
    return "draw" if w < 0 else PLAYER_NAMES[w]


def score_json(game):
    sc = scoring.score(game)
    out = {
        "over": game.over(),
        "winner": winner_word(game, sc),
        "scores": {"W": sc.totals[0], "B": sc.totals[1]},
        "towers": [
            {
                "lot": lot_name(t.lot),
                "owner": PLAYER_NAMES[t.owner],
                "color": COLOUR_NAMES[t.colour],
                "customers": t.customers,
                "distance": t.distance,
                "points": t.points,
                "customer_lots": [lot_name(v) for v in t.customer_lots],
                "competitor": None if t.rival == NONE else lot_name(t.rival),
            }
            for t in sc.towers
        ],
        "bonuses": [
            {
                "green": lot_name(g),
                "color": COLOUR_NAMES[c],
                "owner": PLAYER_NAMES[o],
                "points": pts,
                "towers": [lot_name(v) for v in towers],
            }
            for g, c, o, pts, towers in sc.bonuses
        ],
    }
    if game.rules == CLASSIC and game.location_bonus:
        out["location"] = [
            {"lot": lot_name(v), "owner": PLAYER_NAMES[o], "value": val,
             "points": val}
            for v, o, val in sc.location
        ]
    return out, sc


def _lot_key(lot):
    """Column A-H, then row 1-10."""
    return (lot & 7, -(lot >> 3))


def legal_moves(game):
    """Every legal build of the player to move as text: piece kind order
    (TR TB TG DR DB DG DK), then column A-H, then row 1-10."""
    buf = array("H", [0] * 560)
    n = game.legal(buf)
    moves = sorted(buf[:n], key=lambda m: (kind_of(m), _lot_key(lot_of(m))))
    return ["%s %s" % (KIND_NAMES[kind_of(m)], lot_name(lot_of(m))) for m in moves]


def to_json(obj, indent=0, width=79):
    """JSON for people: one key per line, short lists of numbers and lot
    names inline (wrapped at ``width``). Plain JSON for any parser."""
    pad = " " * indent
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        if not any(isinstance(v, (dict, list)) for v in obj.values()):
            one = "{" + ", ".join("%s: %s" % (json.dumps(k), json.dumps(v))
                                  for k, v in obj.items()) + "}"
            if len(one) + indent + 12 <= width:
                return one
        items = ['%s  %s: %s' % (pad, json.dumps(k), to_json(v, indent + 2, width))
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        if not obj:
            return "[]"
        if any(isinstance(v, (dict, list)) for v in obj):
            items = [pad + "  " + to_json(v, indent + 2, width) for v in obj]
            return "[\n" + ",\n".join(items) + "\n" + pad + "]"
        words = [json.dumps(v) for v in obj]
        one = "[" + ", ".join(words) + "]"
        if len(one) + indent + 20 <= width:
            return one
        lines = []
        cur = ""
        for w in words:
            if cur and len(pad) + 2 + len(cur) + len(w) + 2 > width:
                lines.append(cur.rstrip())
                cur = ""
            cur += w + ", "
        lines.append(cur[:-2])
        return ("[\n" + "\n".join(pad + "  " + line for line in lines)
                + "\n" + pad + "]")
    return json.dumps(obj)


def dump(obj):
    sys.stdout.write(to_json(obj) + "\n")


# -- text views -----------------------------------------------------------------


def cell(game, lot):
    """Four characters: 'tR', 'dK', 'tR:W' (claimed by W), '.' or '*' (an
    empty icon lot, built last)."""
    kind = game.kind_at(lot)
    if kind < 0:
        return "*" if game.icon_lot[LOT_TILE[lot]] == lot else "."
    s = ("t" if kind < 3 else "d") + KIND_NAMES[kind][1]
    o = game.owner_at(lot)
    if o >= 0:
        s += ":" + PLAYER_NAMES[o]
    return s


def tile_label(game, t):
    """The top edge of tile t: its colour (and classic value) in the border."""
    word = COLOUR_NAMES[game.tcol[t]]
    if game.rules == CLASSIC:
        word += " %d" % game.tval[t]
    return (" " + word + " ").center(11, "-")


def board_text(game):
    """The city as text, row 10 at the top, columns A-H left to right."""
    out = ["     " + "".join(
        "%-5s%-7s" % ("ABCDEFGH"[2 * i], "ABCDEFGH"[2 * i + 1]) for i in range(4)
    ).rstrip()]
    for ty in range(5):
        out.append("   +" + "+".join(tile_label(game, ty * 4 + tx)
                                     for tx in range(4)) + "+")
        for dy in range(2):
            y = ty * 2 + dy
            row = "%2d |" % (10 - y)
            for tx in range(4):
                a = y * 8 + tx * 2
                row += " %-4s %-4s |" % (cell(game, a), cell(game, a + 1))
            out.append(row)
    out.append("   +" + "+".join("-" * 11 for _ in range(4)) + "+")
    out.append("   Each tile's colour is on its top edge. tR red tower, dK black dome,")
    out.append("   tR:W a tower claimed by P1 (W in the record; B is P2), . empty lot,")
    out.append("   * empty icon lot (built on only when the tile's other lots cannot be)")
    return "\n".join(out)


def player_words(p):
    """A player in words: 'P1 (W)', as the handheld names them, with the
    record's letter (a bare 'B' would read as the B button)."""
    return "P%d (%s)" % (p + 1, PLAYER_NAMES[p])


def supply_text(game):
    lines = []
    for p in (0, 1):
        parts = []
        for k in range(NKINDS):
            left = game.supply[p * NKINDS + k]
            parts.append("%s %d" % (KIND_NAMES[k], left))
        lines.append("%s has left: %s, caps %d"
                     % (player_words(p), ", ".join(parts), game.caps[p]))
    return "\n".join(lines)


def _plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def score_text(game, sc):
    """The score breakdown in plain words."""
    out = []
    nempty = sum(1 for v in range(NLOTS) if game.lots[v] == 0)
    for p in (0, 1):
        mine = [t for t in sc.towers if t.owner == p]
        out.append("Claimed towers of %s:%s" % (player_words(p), "" if mine else " none"))
        for t in mine:
            who = ", ".join(lot_name(v) for v in t.customer_lots)
            cust = _plural(t.customers, "customer") + (" (%s)" % who if who else "")
            if t.rival == NONE:
                dist = ("distance %d (no other %s tower: %d empty lots + 1)"
                        % (t.distance, COLOUR_NAMES[t.colour], nempty))
            else:
                dist = "distance %d to the %s tower on %s" % (
                    t.distance, COLOUR_NAMES[t.colour], lot_name(t.rival))
            out.append("  %s on %s: %s x %s = %s"
                       % (COLOUR_NAMES[t.colour] + " tower", lot_name(t.lot),
                          cust, dist, _plural(t.points, "point")))
    out.append("Green bonuses (unclaimed green towers):%s"
               % ("" if sc.bonuses else " none paid"))
    for g, c, o, pts, towers in sc.bonuses:
        out.append("  green tower on %s: nearest %s tower%s %s, %s to %s"
                   % (lot_name(g), COLOUR_NAMES[c], "s" if len(towers) > 1 else "",
                      " and ".join(lot_name(v) for v in towers),
                      _plural(pts, "point"), player_words(o)))
    if game.rules == CLASSIC and game.location_bonus:
        out.append("Location bonuses:%s" % ("" if sc.location else " none paid"))
        for v, o, val in sc.location:
            out.append("  tower on %s (tile value %d): %s to %s"
                       % (lot_name(v), val, _plural(val, "point"), player_words(o)))
    w, b = sc.totals
    line = "Totals: %s %d, %s %d." % (player_words(0), w, player_words(1), b)
    if game.over():
        win = sc.winner()
        line += " A draw." if win < 0 else " %s wins." % player_words(win)
    else:
        line += " The game is not over; %s to build." % player_words(game.to_move)
    out.append(line)
    return "\n".join(out)


# -- the random players of the demo ----------------------------------------------


def random_game(seed, rules=STANDALONE, open_streets=False, location_bonus=False):
    """A finished game on the city dealt from ``seed`` between two random
    players. Choices come from prng.Rng(seed ^ 0x5EED5), a stream apart from
    the deal's: a uniformly random legal build, then with chance 1/4 (while
    caps last) a claim on a random unclaimed tower, the new one included.
    Returns (game, rolls) with the classic first-player rolls."""
    tiles, icons, values, first, rolls = deal(seed, rules)
    game = Game(tiles, icons, values, rules, open_streets, location_bonus, first)
    rng = Rng(seed ^ 0x5EED5)
    buf = array("H", [0] * 560)
    while not game.over():
        n = game.legal(buf)
        m = buf[rng.below(n)]
        kind, lot = kind_of(m), lot_of(m)
        cap = NONE
        p = game.to_move
        if game.caps[p] and rng.below(4) == 0:
            towers = [v for v in range(NLOTS) if game.claimable(v)]
            if kind < 3:
                towers.append(lot)
            if towers:
                cap = towers[rng.below(len(towers))]
        game.apply(m)
        if game.claiming():   # none after the last build of the game
            game.apply(NO_CLAIM if cap == NONE else claim(cap))
    return game, rolls


def demo(seed, rules, open_streets, location_bonus):
    game, rolls = random_game(seed, rules, open_streets, location_bonus)
    opts = []
    flags = " --rules classic" if rules == CLASSIC else ""
    if open_streets:
        opts.append("open streets")
        flags += " --open-streets"
    if location_bonus:
        opts.append("location bonus")
        flags += " --location-bonus"
    out = ["Alien City: a demo game between two random players",
           "seed %d, %s rules%s" % (seed, RULES_NAMES[rules],
                                    (", " + ", ".join(opts)) if opts else ""),
           "(python tools/referee.py demo --seed %d%s replays it)"
           % (seed, flags), ""]
    if rules == CLASSIC:
        for dw, db in rolls:
            out.append("Dice for the first build: %s rolls %s = %d, %s rolls %s = %d"
                       % (player_words(0), " ".join(map(str, dw)), sum(dw),
                          player_words(1), " ".join(map(str, db)), sum(db)))
        out.append("%s builds first." % player_words(game.first))
        out.append("")
    out.append("The city at the end (%d structures):" % game.nbuilds)
    out.append(board_text(game))
    out.append("")
    out.append(supply_text(game))
    out.append("")
    out.append("The record (save it to a file and try: python tools/referee.py "
               "check FILE):")
    out.append("")
    out.append(record.write(game).rstrip("\n"))
    out.append("")
    out.append("The score:")
    out.append(score_text(game, scoring.score(game)))
    sys.stdout.write("\n".join(out) + "\n")


def alheimur_demo(seed, nplayers):
    """demo --game alheimur: random seats (tools/selfplay.py) to the end;
    prints the record and the referee's verdict on it."""
    import selfplay
    _, text = selfplay.play_alheimur(nplayers, ["random"] * nplayers, seed, 40)
    sys.stdout.write("Alheimur: a demo game between %d random players\n"
                     "seed %d (python tools/referee.py demo --game alheimur --seed %d "
                     "--players %d replays it)\n\n"
                     "The record (save it to a file and try: python tools/referee.py "
                     "score FILE):\n\n%s\n\n" % (nplayers, seed, seed, nplayers, text.rstrip("\n")))
    referee_alheimur.run("check", None, split_lines(text), Stop, dump)


# -- the commands ------------------------------------------------------------------


def cmd_check(args):
    rec, game = load(args.file)
    n = len(rec.moves)
    if game.over():
        sc = scoring.score(game)
        w, b = sc.totals
        win = sc.winner()
        res = "a draw" if win < 0 else "%s wins" % PLAYER_NAMES[win]
        print("ok: %s, game over: %s (W %d, B %d)" % (_plural(n, "move"), res, w, b))
    else:
        print("ok: %s, game not over: %s to build"
              % (_plural(n, "move"), PLAYER_NAMES[game.to_move]))
    return EXIT_OK


def cmd_score(args):
    _, game = load(args.file)
    obj, sc = score_json(game)
    if args.text:
        print(board_text(game))
        print()
        print(score_text(game, sc))
    else:
        dump(obj)
    return EXIT_OK


def cmd_legal(args):
    _, game = load(args.file)
    if game.over():
        dump({"to_move": None, "moves": []})
    else:
        dump({"to_move": PLAYER_NAMES[game.to_move], "moves": legal_moves(game)})
    return EXIT_OK


def cmd_demo(args):
    seed = args.seed
    if seed is None:
        seed = int(time.time() * 1000) % 100000
    if args.game == "skyscrapers":
        referee_skyscrapers.demo(seed)
        return EXIT_OK
    if args.game == "alheimur":
        alheimur_demo(seed, args.players)
        return EXIT_OK
    rules = CLASSIC if args.rules == "classic" else STANDALONE
    if args.location_bonus and rules != CLASSIC:
        raise Stop(EXIT_MALFORMED, "--location-bonus is an option of the classic rules")
    demo(seed, rules, args.open_streets, args.location_bonus)
    return EXIT_OK


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
    p.set_defaults(func=cmd_check)

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
    p.set_defaults(func=cmd_score)

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
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser(
        "demo", formatter_class=raw,
        help="play and show a seeded game between two random players",
        description="Deal a city from the seed, let two random players (the "
                    "project's prng.Rng)\nbuild until the end, then print the "
                    "board, the record and the score in words.\nThe same seed "
                    "always gives the same game.")
    p.add_argument("--seed", type=int, default=None,
                   help="the seed (default: taken from the clock, and printed)")
    p.add_argument("--rules", choices=("standalone", "classic"), default="standalone",
                   help="rule set (default standalone)")
    p.add_argument("--open-streets", action="store_true",
                   help="play with the option streets=open")
    p.add_argument("--location-bonus", action="store_true",
                   help="classic only: the location bonus")
    p.add_argument("--game", choices=GAMES, default="aliencity",
                   help="the game to play (default aliencity)")
    p.add_argument("--players", type=int, default=3, choices=range(2, 9), metavar="N",
                   help="alheimur: how many random players (default 3)")
    p.set_defaults(func=cmd_demo)
    return ap


def skyscrapers(args):
    """check/score/legal on a Skyscrapers record (first line 'skyscrapers
    1'): tools/referee_skyscrapers.py runs it and the exit code is returned; None for any
    other record (whose text is kept for load())."""
    if args.command not in ("check", "score", "legal"):
        return None
    text = read_text(args.file)
    lines = split_lines(text)
    if not referee_skyscrapers.is_record(lines):
        _TEXT[args.file] = text
        return None
    return referee_skyscrapers.run(args.command, args, lines, Stop, dump)


def alheimur(args):
    """check/score/legal on an Alheimur record (first line 'alheimur 1'):
    tools/referee_alheimur.py runs it; None for any other record."""
    if args.command not in ("check", "score", "legal"):
        return None
    text = read_text(args.file)
    lines = split_lines(text)
    _TEXT[args.file] = text
    if not referee_alheimur.is_record(lines):
        return None
    return referee_alheimur.run(args.command, args, lines, Stop, dump)


def record_game(args):
    """Which game the record of check/score/legal is (its first line says)."""
    text = _TEXT[args.file] = read_text(args.file)   # stdin is read once
    lines = split_lines(text)
    if referee_skyscrapers.is_record(lines):
        return "skyscrapers"
    return "alheimur" if referee_alheimur.is_record(lines) else "aliencity"


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        if args.command != "demo" and args.game is not None:
            found = record_game(args)
            if found != args.game:
                raise Stop(EXIT_MALFORMED, "%s: a record of %s, not of %s (--game %s)" % (
                    "<stdin>" if args.file == "-" else args.file, found, args.game, args.game))
        code = skyscrapers(args)
        if code is None:
            code = alheimur(args)
        if code is not None:
            return code
        return args.func(args)
    except Stop as e:
        sys.stderr.write(e.message + "\n")
        return e.code
    except BrokenPipeError:  # e.g. piped into head
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
