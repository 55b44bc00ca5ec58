"""Alheimur records for tools/referee.py: check, score, legal and demo.

tools/referee.py hands a record whose first line is ``alheimur 1`` here;
the exit codes and messages are tools/recordtext.py's, as for every game:
0 fine, 1 ``move N: LINE (line L): reason``, 2 ``line N: problem``.
"""

import sys
from array import array

from recordtext import EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_OK, Stop, dump, split_lines

import paths  # noqa: F401
from alheimur import reasons, record, words
from alheimur.actions import (
    K_AIM,
    MAX_ACTIONS,
    P_DEAL,
    P_DICE,
    P_OVER,
    P_PLACE,
    P_SWAP,
    a_size,
    kind_of,
)
from alheimur.engine import CHANCE
from alheimur.scoring import quarters_text, score
from alheimur.world import tile_name

# Why the last round began (Game.end_cause(), layout.END_*): score's "end"
# and the words of check (CLARIFICATIONS.md, Alheimur 16, 20).
END_KEYS = (None, "13 pyramids", "round limit", "one player left", "round 200",
            "no pyramids left")
END_WORDS = ("", "13 pyramids in play", "the round limit", "one player left",
             "round 200", "no pyramids left")


def _item_words(item):
    if item[0] == "deal":
        return "pile 1 .. pile 8"
    if item[0] == "dice":
        return "dice " + " ".join(str(v) for v in item[2])
    who = record.NEUTRAL if item[2] == CHANCE else record.CODES[item[2]]
    toks = [w.lower() if w in ("SPACE",) or i == 0 else w
            for i, w in enumerate(item[3])]
    return who + " " + " ".join(toks)


def load(lines):
    try:
        rec = record.read(lines)
    except record.RecordError as e:
        raise Stop(EXIT_MALFORMED, str(e)) from None
    game, bad = record.replay(rec)
    if bad:
        i, line, why = bad
        raise Stop(EXIT_ILLEGAL, "move %d: %s (line %d): %s"
                   % (i, _item_words(rec.items[i - 1]), line, why))
    return rec, game


def legal_list(game):
    """The legal actions as record lines, each once; a ship that may fire
    is listed with each of its targets ('R fire 3F Y2T'). Two ships that
    differ only in whether they already fired or moved this turn are
    different engine actions but one record line (the record names
    neither: any will do)."""
    buf = array("H", bytes(2 * MAX_ACTIONS))
    n = game.legal(buf)
    if game.over():
        return []
    if game.dice_needed():
        return ["dice %d" % a_size(a) for a in buf[:n]]
    who = game.actor()
    pre = (record.NEUTRAL if who == CHANCE else record.CODES[who]) + " "
    out = []
    seen = set()
    for a in list(buf[:n]):
        t = record.action_text(game, a)
        if kind_of(a) == K_AIM:
            state = game.state()
            game.apply(a)
            k = game.legal(buf)
            lines = [pre + t + " " + record.action_text(game, b) for b in buf[:k]]
            game.load(state)
        else:
            lines = [pre + t]
        for line in lines:
            if line not in seen:
                seen.add(line)
                out.append(line)
    return out


def point_text(g):
    """What the decision point asks, e.g. 'R: step 2: launch, return or
    pass' or 'dice: 2 to roll'."""
    ph = g.phase()
    if ph == P_DICE:
        return "dice: %d to roll" % g.dice_needed()
    if ph == P_OVER or ph == P_DEAL:
        return reasons.point_words(ph)
    a = g.actor()
    who = record.CODES[a] if a < 8 else "lot"
    if ph == P_PLACE or ph == P_SWAP:
        return "%s: %s (world %s)" % (who, reasons.point_words(ph),
                                      record.world_letter(g, g.site()))
    return "%s: %s" % (who, reasons.point_words(ph))


def _number(q):
    """A score in quarters as a JSON number (an int when whole)."""
    return q // 4 if q % 4 == 0 else q / 4


def score_json(game):
    sc = score(game)
    np = game.nplayers()
    players = {}
    for p in range(np):
        b = p * 5
        regions = {}
        for e in range(5):
            w = sc.world[b + e]
            regions[words.ELEMENTS[e]] = None if w == 255 else {
                "world": record.world_letter(game, w),
                "territories": [tile_name(game.tfirst[w * 16 + t])
                                for t in range(16) if sc.terrs[b + e] >> t & 1],
                "tiles": sc.tiles[b + e], "pips": sc.pips[b + e]}
        row = {words.ELEMENTS[e]: _number(2 * sc.elem2[b + e]) for e in range(5)}
        row["progress"] = sc.progress[p]
        row["ships"] = sc.ships[p]
        row["worlds"] = sc.worlds[p]
        row["highest"] = words.ELEMENTS[sc.hi[p]]
        row["lowest"] = words.ELEMENTS[sc.lo[p]]
        row["total"] = _number(sc.totals[p])
        row["regions"] = regions
        players[record.CODES[p]] = row
    return {
        "over": game.over(),
        "round": game.round(),
        "end": END_KEYS[game.end_cause()],
        "winners": ([record.CODES[p] for p in sc.winners]
                    if game.over() else None),
        "scores": players,
    }


def _totals(game):
    sc = score(game)
    return ", ".join("%s %s" % (record.CODES[p], quarters_text(sc.totals[p]))
                     for p in range(game.nplayers())), sc


def run(command, args, lines):
    """One referee command on an Alheimur record; returns the exit code."""
    rec, game = load(lines)
    n = len(rec.items)
    moves = "%d move%s" % (n, "" if n == 1 else "s")
    if command == "check":
        if game.over():
            totals, sc = _totals(game)
            w = [record.CODES[p] for p in sc.winners]
            who = (w[0] + " wins") if len(w) == 1 else "shared by " + " ".join(w)
            print("ok: %s, game over after round %d (%s): %s (%s)"
                  % (moves, game.round(), END_WORDS[game.end_cause()], who, totals))
        else:
            last = game.last_round() and "; the last round (%s)" % END_WORDS[game.end_cause()]
            print("ok: %s, game not over: %s%s" % (moves, point_text(game), last or ""))
    elif command == "score":
        dump(score_json(game))
    else:
        dump({"over": game.over(), "point": point_text(game),
              "moves": legal_list(game)})
    return EXIT_OK


def demo_options(p):
    """demo's options for Alheimur (an argparse group)."""
    p.add_argument("--players", type=int, default=3, choices=range(2, 9), metavar="N",
                   help="how many random players (default 3)")


def demo(args, seed):
    """demo --game alheimur: random seats (tools/arena_alheimur.py) to the
    end; prints the record and the referee's verdict on it."""
    import arena_alheimur
    n = args.players
    _, text = arena_alheimur.play_game(n, ["random"] * n, seed, 40)
    sys.stdout.write("Alheimur: a demo game between %d random players\n"
                     "seed %d (python tools/referee.py demo --game alheimur --seed %d "
                     "--players %d replays it)\n\n"
                     "The record (save it to a file and try: python tools/referee.py "
                     "score FILE):\n\n%s\n\n" % (n, seed, seed, n, text.rstrip("\n")))
    return run("check", None, split_lines(text))
