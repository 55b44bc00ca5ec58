"""Alien City records for tools/referee.py: check, score, legal and demo.

tools/referee.py hands a record whose first line is ``alien-city 1`` (or
one no game's first line claims: this reader names its problem) here;
the exit codes and messages are tools/recordtext.py's, as for every game:
0 fine, 1 ``move N: MOVE (line L): reason``, 2 ``line N: problem``.
The rules are the firmware's own engine (firmware/aliencity), so the
referee and the device always agree.
"""

import sys
from array import array

from recordtext import EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_OK, Stop, dump, odd_character

import paths  # noqa: F401  (puts firmware/ and sim/modules/ on sys.path)
from aliencity import record, scoring
from aliencity.deal import deal
from aliencity.engine import CLASSIC, RULES_NAMES, STANDALONE, Game
from aliencity.geometry import COLOUR_NAMES, KIND_NAMES, LOT_TILE, NKINDS, NLOTS, NONE, PLAYER_NAMES
from aliencity.moves import NO_CLAIM, claim, kind_of, lot_name, lot_of
from prng import Rng


def move_words(p, kind, lot, cap):
    """A record move as text, e.g. 'B TB E6 cap E6' (kind -2 is 'TK')."""
    k = "TK" if kind == record.BLACK_TOWER else KIND_NAMES[kind]
    s = "%s %s %s" % (PLAYER_NAMES[p], k, lot_name(lot))
    if cap != NONE:
        s += " cap " + lot_name(cap)
    return s


def load(lines):
    """Parse and replay the record's lines: (record, game).

    Stop(2) for a malformed record, Stop(1) at the first illegal move (the
    game is never scored partially)."""
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


def show_demo(seed, rules, open_streets, location_bonus):
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
           "(python tools/referee.py demo --game aliencity --seed %d%s replays it)"
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


# -- the commands ---------------------------------------------------------------


def run(command, args, lines):
    """One referee command (check, score, legal) on an Alien City record;
    returns the exit code."""
    rec, game = load(lines)
    if command == "check":
        check(rec, game)
    elif command == "score":
        obj, sc = score_json(game)
        if getattr(args, "text", False):
            print(board_text(game))
            print()
            print(score_text(game, sc))
        else:
            dump(obj)
    elif game.over():
        dump({"to_move": None, "moves": []})
    else:
        dump({"to_move": PLAYER_NAMES[game.to_move], "moves": legal_moves(game)})
    return EXIT_OK


def check(rec, game):
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


def demo_options(p):
    """demo's options for Alien City (an argparse group)."""
    p.add_argument("--rules", choices=("standalone", "classic"), default="standalone",
                   help="rule set (default standalone)")
    p.add_argument("--open-streets", action="store_true",
                   help="play with the option streets=open")
    p.add_argument("--location-bonus", action="store_true",
                   help="classic only: the location bonus")


def demo(args, seed):
    """referee.py demo --game aliencity: a random game in words."""
    rules = CLASSIC if args.rules == "classic" else STANDALONE
    if args.location_bonus and rules != CLASSIC:
        raise Stop(EXIT_MALFORMED, "--location-bonus is an option of the classic rules")
    show_demo(seed, rules, args.open_streets, args.location_bonus)
    return EXIT_OK
