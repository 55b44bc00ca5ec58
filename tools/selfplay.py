"""Play a whole game between computer seats and write its record.

    python tools/selfplay.py --game alheimur --players 3 \\
        --seats random,random,random --seed 7 --out game.txt [--rounds 20]
    python tools/selfplay.py --game aliencity --seats hard,easy --seed 7 \\
        --out game.txt [--rules classic] [--open-streets] [--location-bonus]

Alheimur: the deal, the dice and the neutral world's lots come from
prng.Rng(SEED) (alheimur.deal.new_game); seat k chooses with its own
prng.Rng(SEED * 31 + k + 1), so the same command always plays the same
game. A seat is a level of firmware/alheimur/ai.py (LEVELS: add a level
there and it can sit here). ``--rounds`` is the round-limit option
(CLARIFICATIONS.md, Alheimur 16): 20, 40 (default), 60 or none.

Alien City: two seats, W's then B's, levels of firmware/aliencity/ai.py
(random easy medium hard), searching without a clock so the game is the
same on any machine; the city is the device's for that seed
(aliencity.deal), seat k chooses with prng.Rng(SEED * 31 + k + 1). The
record can be exported for the piecepack community's tools
(tools/ppn.py export) and loaded into the simulator's save for a replay
(tools/loadgame.py).

Prints one line (rounds, moves, totals, winners) and writes the record
(docs/records.md), which tools/referee.py checks and scores. Exit 2 for a
wrong command line.
"""

import argparse
import os
import sys
from array import array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths  # noqa: F401
from alheimur import ai, record
from alheimur.actions import MAX_ACTIONS
from alheimur.deal import new_game
from alheimur.scoring import quarters_text, score
from prng import Rng


def play_alheimur(nplayers, seats, seed, limit):
    """Play the game; returns (game, record text)."""
    import seeded_alheimur  # after paths: it imports the firmware
    g, drng = new_game(seed, nplayers, limit)
    rec = record.Recorder(nplayers, limit, "selfplay --seed %d --seats %s"
                          % (seed, ",".join(seats)))
    rec.deal(g.quads)
    rngs = [Rng(seed * 31 + k + 1) for k in range(nplayers)]
    levels = [ai.LEVELS[s] for s in seats]
    buf = array("H", bytes(2 * MAX_ACTIONS))
    for n in seeded_alheimur.decisions(g, drng, buf, rec):
        p = g.actor()
        a = levels[p](g, rngs[p], buf, n)
        rec.before(g, a)
        g.apply(a)
    sc = score(g)
    rec.comment("totals " + " ".join(
        "%s %s" % (record.CODES[p], quarters_text(sc.totals[p]))
        for p in range(nplayers)))
    return g, rec.text()


def play_aliencity(seats, seed, rules, open_streets, location_bonus):
    """Play the game; returns (game, record text)."""
    from aliencity import ai as ac_ai
    from aliencity import record as ac_record
    from aliencity.deal import new_game as ac_new_game
    g = ac_new_game(seed, rules, open_streets, location_bonus)
    rngs = [Rng(seed * 31 + k + 1) for k in range(2)]
    while not g.over():
        p = g.actor()
        g.apply(ac_ai.choose(g, seats[p], rngs[p]))
    lines = ac_record.write(g).split("\n")
    at = next(i for i, s in enumerate(lines) if s.startswith("first ")) + 1
    flags = "".join((" --rules classic" if rules else "",
                     " --open-streets" if open_streets else "",
                     " --location-bonus" if location_bonus else ""))
    lines.insert(at, "# tools/selfplay.py --game aliencity --seats %s --seed %d%s"
                 % (",".join(seats), seed, flags))
    return g, "\n".join(lines)


def main_aliencity(ap, args):
    from aliencity import ai as ac_ai
    from aliencity import scoring as ac_scoring
    seats = (args.seats or "").split(",")
    if len(seats) != 2:
        ap.error("Alien City: --seats names 2 levels (W's, B's), e.g. hard,easy")
    for s in seats:
        if s not in ac_ai.LEVELS:
            ap.error("unknown level '%s' (known: %s)" % (s, ", ".join(ac_ai.LEVELS)))
    if args.location_bonus and args.rules != "classic":
        ap.error("--location-bonus is an option of the classic rules")
    g, text = play_aliencity(seats, args.seed, 1 if args.rules == "classic" else 0,
                             args.open_streets, args.location_bonus)
    if args.out == "-":
        sys.stdout.write(text)
        return 0
    with open(args.out, "w") as f:
        f.write(text)
    sc = ac_scoring.score(g)
    w = sc.winner()
    print("aliencity: %d builds; W %d, B %d; %s" % (
        g.nbuilds, sc.totals[0], sc.totals[1],
        "a draw" if w < 0 else "won by " + "WB"[w]))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("alheimur", "aliencity"), default="alheimur")
    ap.add_argument("--players", type=int, choices=range(2, 9),
                    metavar="N", help="Alheimur: 2 to 8 (Alien City: always 2)")
    ap.add_argument("--seats", required=True,
                    help="a level per seat, comma separated (Alheimur: %s; Alien "
                         "City: random, easy, medium, hard)" % ", ".join(sorted(ai.LEVELS)))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", default="40", choices=("20", "40", "60", "none"),
                    help="round limit (default 40)")
    ap.add_argument("--rules", choices=("standalone", "classic"), default="standalone",
                    help="Alien City: the rule set (default standalone)")
    ap.add_argument("--open-streets", action="store_true",
                    help="Alien City: the option streets=open")
    ap.add_argument("--location-bonus", action="store_true",
                    help="Alien City, classic rules: the location bonus")
    ap.add_argument("--out", required=True, help="the record to write ('-': stdout)")
    args = ap.parse_args(argv)
    if args.game == "aliencity":
        return main_aliencity(ap, args)
    if args.players is None:
        ap.error("Alheimur: --players N is required")
    seats = args.seats.split(",")
    if len(seats) != args.players:
        ap.error("--seats names %d levels for %d players" % (len(seats), args.players))
    for s in seats:
        if s not in ai.LEVELS:
            ap.error("unknown level '%s' (known: %s)" % (s, ", ".join(sorted(ai.LEVELS))))
    limit = 0 if args.rounds == "none" else int(args.rounds)
    g, text = play_alheimur(args.players, seats, args.seed, limit)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)
        sc = score(g)
        print("alheimur: %d players, round %d, %d record lines; %s; won by %s" % (
            args.players, g.round(), len(text.splitlines()),
            ", ".join("%s %s" % (record.CODES[p], quarters_text(sc.totals[p]))
                      for p in range(args.players)),
            " ".join(record.CODES[p] for p in sc.winners)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
