"""Skyscrapers records for tools/referee.py: check, score, legal and demo.

tools/referee.py hands a record whose first line is ``skyscrapers 1``
here; the exit codes and messages are tools/recordtext.py's, as for every
game: 0 fine, 1 ``move N: PLAY (line L): reason``, 2 ``line N: problem``.
"""

from array import array

from recordtext import EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_OK, Stop, dump

import paths  # noqa: F401
from skyscrapers import record, results
from skyscrapers.deal import new_game
from skyscrapers.engine import (
    MAXPLAYS,
    NONE,
    PAWN,
    SLIDE,
    STACK,
    SUIT_NAMES,
    SUITS,
    N,
    cell_name,
    play_text,
)
from skyscrapers.plays import play_from, play_kind, play_to
from skyscrapers.scoring import bound, score


def _words(m, s):
    k = play_kind(m)
    a = play_from(m)
    b = play_to(m)
    if k == SLIDE:
        return "slide " + cell_name(a)
    if k == STACK:
        return "stack %s %s" % (cell_name(a), cell_name(b))
    return "pawn %s %s %s" % (SUITS[s], cell_name(a), cell_name(b))


def load(lines):
    try:
        rec = record.read(lines)
    except record.RecordError as e:
        raise Stop(EXIT_MALFORMED, str(e)) from None
    game, bad = record.replay(rec)
    if bad:
        i, line, why = bad
        _, m, s = rec.plays[i - 1]
        raise Stop(EXIT_ILLEGAL, "move %d: %s (line %d): %s"
                   % (i, _words(m, s), line, why))
    return rec, game


def legal_list(game):
    buf = array("H", [0] * MAXPLAYS)
    n = game.legal(buf)
    ms = sorted(buf[:n], key=lambda m: (play_kind(m), play_from(m), play_to(m)))
    return [play_text(m, game) for m in ms]


def score_json(game):
    sc = score(game)
    return {
        "over": game.over(),
        "plays": game.nplays,
        "score": sc.total,
        "target": bound(game),
        "stacks": [{"cell": cell_name(c), "suit": SUIT_NAMES[s], "height": h,
                    "pawn": f, "points": p} for c, h, s, f, p in sc.stacks],
        "coins": [{"cell": cell_name(c), "suit": SUIT_NAMES[s], "points": p,
                   "next_to": cell_name(o) if why == 1 else None,
                   "pawn": why == 2} for c, s, p, why, o in sc.coins],
    }


def board_text(game):
    """Row 5 on top: 'S3' a tile, 'S5/3' a stack (top tile / height), 'cS'
    a coin, '..' the hole; '+' the pawn of that suit."""
    out = ["      A      B      C      D      E"]
    for y in range(5):
        row = " %d " % (5 - y)
        for x in range(5):
            c = y * 5 + x
            h = game.height[c]
            if h:
                t = game.top[c]
                s = SUITS[t // 6] + str(t % 6) + ("/%d" % h if h > 1 else "")
            elif game.coin[c]:
                s = "c" + SUITS[game.coin[c] - 1]
            else:
                s = ".."
            if game.pawn[c]:
                s += "+"
            row += " %-6s" % s
        out.append(row.rstrip())
    out.append("S3 tile, S5/3 stack (top tile/height), cS coin, .. hole, "
               "+ pawn")
    return "\n".join(out)


def random_game(seed, options=0, plays=150):
    """The deal of seed, then up to plays random legal plays (prng.Rng(seed))."""
    from prng import Rng
    game = new_game(seed, options)
    rng = Rng(seed)
    buf = array("H", [0] * MAXPLAYS)
    for _ in range(plays):
        n = game.legal(buf)
        if not n:
            break
        game.apply(buf[rng.below(n)])
    return game


def demo_options(p):
    """demo has no options of Skyscrapers' own."""


def demo(args, seed):
    """referee.py demo --game skyscrapers: random_game(seed); prints the
    board, the record and the score in words."""
    game = random_game(seed)
    out = ["Skyscrapers: a demo game of random plays",
           "seed %d (python tools/referee.py demo --game skyscrapers --seed %d replays it)"
           % (seed, seed), "",
           "The board at the end (%d plays):" % game.nplays, board_text(game), "",
           "The record (save it to a file and try: python tools/referee.py check FILE):", "",
           record.write(game).rstrip("\n"), "", "The score:"]
    out.extend(results.lines(game))
    print("\n".join(out))
    return EXIT_OK


def run(command, args, lines):
    """One referee command on a Skyscrapers record; returns the exit code."""
    rec, game = load(lines)
    n = len(rec.plays)
    plays = "%d play%s" % (n, "" if n == 1 else "s")
    if command == "check":
        sc = score(game)
        if game.over():
            print("ok: %s, game over: score %d (target %d)"
                  % (plays, sc.total, bound(game)))
        else:
            k = len(legal_list(game))
            print("ok: %s, game not over: %d play%s available, score %d"
                  % (plays, k, "" if k == 1 else "s", sc.total))
    elif command == "score":
        if getattr(args, "text", False):
            print(board_text(game))
            print()
            print("\n".join(results.lines(game)))
        else:
            dump(score_json(game))
    else:
        moves = legal_list(game)
        dump({"over": not moves, "moves": moves})
    return EXIT_OK


__all__ = ["NONE", "PAWN", "N", "run"]
