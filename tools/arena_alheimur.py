"""Alheimur's matches and single games between computer levels, for
tools/arena.py and tools/selfplay.py (tools/games.py names this module):

    python tools/arena.py --game alheimur --players 4 --a hard --b easy \\
        --games 200 --seed 5000 [--a-seats 2] [--jobs 2] [--rounds 40] [--save DIR]

One seat plays level A (``--a-seats K``: K seats in a row), the others
level B. A level is one of
firmware/alheimur/ai.py's (random, easy, hard) or the ``exact`` baseline
(tools/exact_alheimur.py: one ply on the projected final score, desktop only). Games come in groups of N (the
number of players) on the same seeded deal (alheimur.deal.new_game(SEED)),
A's first seat being seat 1, then 2, ... N, so every seat gets A equally often; seeds
run from --seed on. The dice and the neutral world's lots come from the
game's generator, each seat chooses with its own prng.Rng; the same
command plays the same games.

A game's win is shared: a total shared by k players gives each 1/k; A's
share is that of all its seats. Prints A's win share with a 95% confidence interval (Wilson, on the sum of
shares), what A's seats would get by chance (K/N), how games ended (the last
round set off by 13 pyramids in play, the round limit, or every pyramid
gone), their length in rounds, A's and the best B's mean totals, and the
mean time per turn of each level (CPython; the MicroPython VM is about 6x
slower, a SAMD51 20 to 30 times slower again: docs/bench.md, "Time on the
board"). ``--save DIR`` writes each game's
record (DIR/alh-SEED-SEAT.txt), which tools/referee.py checks. Exit 1 if a
level chose an illegal action or crashed (that game counts as lost for
it, and is reported).

``--board-clock`` plays each level as the handheld would: every decision
of a level gets the board's time for it (alheimur/computer.py's think
times: hard 3 s, easy 1.5 s), on a clock that counts positions judged
(``Eval.value``) at ``--position-us`` board microseconds each (default
``POSITION_US``), so a search is cut where the board would cut it, and the
same command plays the same games on any machine. The board's turn cap
holds too: each decision of a seat's turn (its round: computer.py keys it
by round and seat, so a seat's answers in another's battle count in it)
gets at most half what is left of ``_TURN_MS`` of thinking on that clock,
at least ``_LEAST_MS`` (read from computer.py, as the think times are). ``--think easy=600``
(repeatable) gives a level another think time on that clock.

``--set NAME=VALUE`` (repeatable) changes a constant of
firmware/alheimur/ai.py for this run in every process, for tuning: an int,
or a comma list for a weight vector (``--set HARD_W=1,12,8,4,6,6,4,2,4,2``).

A single game (``selfplay.py --game alheimur``): the deal, the dice and
the neutral world's lots come from prng.Rng(SEED) (alheimur.deal.new_game);
seat k chooses with its own prng.Rng(SEED * 31 + k + 1), so the same
command always plays the same game. A seat is a level of
firmware/alheimur/ai.py (LEVELS: add a level there and it can sit here).
``--rounds`` is the round-limit option (CLARIFICATIONS.md, Alheimur 16):
20, 40 (default), 60 or none.
"""

import os
import sys
import time
from array import array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from intervals import wilson

import paths  # also puts firmware/ on sys.path
from alheimur import ai, record
from alheimur.actions import MAX_ACTIONS
from alheimur.deal import new_game
from alheimur.scoring import quarters_text, score
from prng import Rng

ENDS = ("13 in play", "round limit", "all gone")

# A position judged on the board, in microseconds: hard's median turn in
# the MicroPython VM (70 ms, bench.alheimur_ai_bench, 2026-11-26 evening;
# 118 ms for the code before that evening's cuts, measured beside it) over
# the positions it judges in a median turn (60) is 1.2 ms, times 33 for a
# SAMD51 (docs/bench.md, "Time on the board"). An estimate, as that
# factor is.
POSITION_US = 40000
_judged = [0]     # positions judged in this process (the board clock)
BASELINES = ("exact", "exactg")   # (tools/games.py's table names them too)


def player(level):
    """choose(g, rng, buf, n, deadline_us, now_us) of a level or baseline
    (a baseline gets buffers of its own, one set per seat)."""
    if level in BASELINES:
        import exact_alheimur
        sc = exact_alheimur.Scratch(level == "exactg")
        return lambda g, rng, buf, n, dl=None, now=None: exact_alheimur.choose(g, rng, buf, n, sc)
    return ai.LEVELS[level]


def apply_settings(settings):
    for item in settings:
        name, _, value = item.partition("=")
        old = getattr(ai, name, None)
        if isinstance(old, int):
            setattr(ai, name, int(value))
        elif isinstance(old, bytes):
            new = bytes(int(x) for x in value.split(","))
            if len(new) != len(old):
                raise ValueError("%s has %d values" % (name, len(old)))
            setattr(ai, name, new)
        else:
            raise ValueError("no constant %r in alheimur/ai.py" % name)


def now_us():
    return time.perf_counter_ns() // 1000


def board_now_us():
    """The board clock: positions judged so far, at POSITION_US each."""
    return _judged[0] * POSITION_US


def use_board_clock(position_us):
    """Count positions judged (wrapping the judgement's value: a desktop
    measurement, the firmware is not changed) and give each level's
    decisions the board's think time on that clock (``play_one``)."""
    global POSITION_US
    from alheimur import ai_eval
    POSITION_US = position_us
    value = ai_eval.Eval.value
    if getattr(value, "counted", False):
        return

    def counted(self, *args):
        _judged[0] += 1
        return value(self, *args)

    counted.counted = True
    ai_eval.Eval.value = counted


_think = {}
_cap = {}         # computer.py's _TURN_MS and _LEAST_MS (ms): a turn's thinking


def think_table():
    """level -> the board's think time in ms, as alheimur/computer.py's
    _THINK_MS has it, and under None its _OTHER_MS for a level the table
    does not know (read from its source once: the module itself needs
    the board's display); --think changes it in a worker (``setup``)."""
    if not _think:
        import ast
        path = os.path.join(paths.FIRMWARE, "alheimur", "computer.py")
        with open(path) as f:
            for node in ast.parse(f.read()).body:
                name = getattr(node.targets[0], "id", "") if isinstance(node, ast.Assign) else ""
                if name == "_THINK_MS":
                    _think.update(ast.literal_eval(node.value))
                elif name == "_OTHER_MS":        # _OTHER_MS = const(N)
                    _think[None] = ast.literal_eval(node.value.args[0])
                elif name in ("_TURN_MS", "_LEAST_MS"):
                    _cap[name] = ast.literal_eval(node.value.args[0])
        if len(_think) < 2 or None not in _think or len(_cap) < 2:
            raise RuntimeError("no _THINK_MS, _OTHER_MS, _TURN_MS and _LEAST_MS in " + path)
    return _think


def think_us(level):
    """The board's think time for a level, in microseconds (the
    baselines, which the handheld never runs: 0, no deadline)."""
    if level in BASELINES:
        return 0
    t = think_table()
    return t.get(level, t[None]) * 1000


def capped_us(level, spent_ms):
    """A decision's think time on the board, in microseconds, when its
    seat's turn has thought ``spent_ms`` already: the level's, at most
    half what is left of the turn's _TURN_MS, at least _LEAST_MS
    (computer.py's ``choose``); 0 for a level that does not think."""
    us = think_us(level)
    if not us:
        return 0
    think_table()
    return min(us, max(_cap["_LEAST_MS"], (_cap["_TURN_MS"] - spent_ms) // 2) * 1000)


def setup(settings, position_us, think=()):
    """A worker's start: the --set constants, and the board clock if asked
    (``think``: "LEVEL=MS" think times in place of the handheld's)."""
    apply_settings(settings)
    if position_us:
        use_board_clock(position_us)
        for item in think:
            level, _, ms = item.partition("=")
            think_table()[level] = int(ms)


def play_one(job):
    """(seed, first seat of A, A's seats, nplayers, a, b, limit, seconds,
    save) -> dict."""
    import seeded_alheimur  # after paths: it imports the firmware
    seed, seat, k, np, a, b, limit, seconds, save = job
    g, drng = new_game(seed, np, limit)
    mine = [(seat + i) % np for i in range(k)]
    seats = [b] * np
    for q in mine:
        seats[q] = a
    rec = record.Recorder(np, limit, "arena --seed %d --seats %s" % (seed, ",".join(seats)))
    rec.deal(g.quads)
    rngs = [Rng(seed * 31 + k + 1) for k in range(np)]
    choosers = [player(lv) for lv in seats]
    buf = array("H", bytes(2 * MAX_ACTIONS))
    spent = [0.0, 0.0]    # A, B: seconds thinking
    board = ([], [])      # A, B: positions judged in each turn (--board-clock)
    turns = [0, 0]
    end = None
    turn = None
    thought = {}          # (round, seat) -> its board ms thinking (the turn cap)
    err = None
    loser = -1
    # (the dice change no pyramid in play: the last round's cause read
    # after each decision is the one it began with)
    for n in seeded_alheimur.decisions(g, drng, buf, rec):
        p = g.actor()
        side = 0 if p in mine else 1
        if g.current() == p and (g.round(), p) != turn:
            turn = (g.round(), p)
            turns[side] += 1
            board[side].append(0)
        t0 = time.perf_counter()
        try:
            clock = now_us
            if seconds == "board":
                clock = board_now_us
                key = (g.round(), p)
                us = capped_us(seats[p], thought.get(key, 0))
            else:
                us = int(seconds * 1e6)
            dl = clock() + us if us else None
            j0 = _judged[0]
            act = choosers[p](g, rngs[p], buf, n, dl, clock if dl else None)
            spent[side] += time.perf_counter() - t0
            if seconds == "board":
                thought[key] = thought.get(key, 0) + (_judged[0] - j0) * POSITION_US // 1000
            if board[side] and g.current() == p:
                board[side][-1] += _judged[0] - j0
            rec.before(g, act)
            g.apply(act)
        except Exception as e:  # noqa: BLE001 (a level's failure ends its game, not the match)
            err = "seed %d seat %d (%s): %s" % (seed, p + 1, seats[p], e)
            loser = p
            break
        if end is None and g.last_round():
            end = 0 if any(g.in_play(q) >= 13 for q in range(np)) else 1
    if end is None:
        end = 2 if all(g.in_play(q) == 0 for q in range(np)) else 1
    if save:
        os.makedirs(save, exist_ok=True)
        with open(os.path.join(save, "alh-%d-%d.txt" % (seed, seat + 1)), "w") as f:
            f.write(rec.text())
    sc = score(g)
    win = sc.winners
    if loser >= 0:
        win = [q for q in range(np) if q != loser] if loser in mine else mine
    share = sum(1.0 for q in win if q in mine) / len(win)
    other = max(sc.totals[q] for q in range(np) if q not in mine)
    return {"seed": seed, "seat": seat, "share": share, "end": end, "round": g.round(),
            "a4": max(sc.totals[q] for q in mine), "b4": other, "err": err, "spent": spent, "turns": turns,
            "board": board}


def add_options(ap):
    """arena.py's options of Alheimur's own, and its defaults."""
    ap.set_defaults(seed=5000, seconds=0.0)
    ap.add_argument("--players", type=int, default=4, choices=range(2, 9), metavar="N")
    ap.add_argument("--a-seats", type=int, default=1, metavar="K",
                    help="seats A plays (in a row; default 1)")
    ap.add_argument("--rounds", default="40", choices=("20", "40", "60", "none"))
    ap.add_argument("--board-clock", action="store_true",
                    help="each level's think time on the board, on a clock of positions judged")
    ap.add_argument("--position-us", type=int, default=POSITION_US, metavar="US",
                    help="board microseconds a position judged takes (--board-clock)")
    ap.add_argument("--think", action="append", default=[], metavar="LEVEL=MS",
                    help="another think time for a level on the board's clock (repeatable)")


SECONDS_HELP = "alheimur: a deadline per decision (default 0: none)"


def check(ap, args, players):
    """Refuse what this game cannot play; the pool's start (initializer, args)."""
    for lv in (args.a, args.b):
        if lv not in players:
            ap.error("unknown level %r (known: %s)" % (lv, ", ".join(players)))
    try:
        apply_settings(args.set)
    except ValueError as e:
        ap.error("--set: %s" % e)
    if not 1 <= args.a_seats < args.players:
        ap.error("--a-seats: 1 to %d" % (args.players - 1))
    if args.board_clock and args.seconds:
        ap.error("--board-clock and --seconds: one deadline or the other")
    for item in args.think:
        level, _, ms = item.partition("=")
        if not args.board_clock or level not in ai.LEVELS or not ms.isdigit():
            ap.error("--think LEVEL=MS (a level of ai.py, milliseconds) goes with --board-clock")
    return setup, (args.set, args.position_us if args.board_clock else 0, args.think)


def jobs(args):
    np = args.players
    limit = 0 if args.rounds == "none" else int(args.rounds)
    seconds = "board" if args.board_clock else args.seconds
    return [(args.seed + k // np, k % np, args.a_seats, np, args.a, args.b, limit, seconds,
             args.save) for k in range(args.games)]


def line(r):
    """One game's line as it ends."""
    return "seed %d A seat %d: share %.2f, round %d, %s, A %s best B %s%s" % (
        r["seed"], r["seat"] + 1, r["share"], r["round"], ENDS[r["end"]],
        quarters_text(r["a4"]), quarters_text(r["b4"]), "  " + r["err"] if r["err"] else "")


def report(args, res, wall):
    """The match's summary lines, and its errors."""
    np = args.players
    n = len(res)
    k = sum(r["share"] for r in res)
    rate, lo, hi = wilson(k, n)
    wins = sum(1 for r in res if r["share"] == 1.0)
    shared = sum(1 for r in res if 0 < r["share"] < 1)
    ends = [sum(1 for r in res if r["end"] == e) for e in range(3)]
    rounds = sorted(r["round"] for r in res)
    ta = sum(r["spent"][0] for r in res) / max(1, sum(r["turns"][0] for r in res))
    tb = sum(r["spent"][1] for r in res) / max(1, sum(r["turns"][1] for r in res))
    a_seats = "one seat" if args.a_seats == 1 else "%d seats" % args.a_seats
    clock = ("  board clock (%d us a position)%s" % (
        args.position_us, "".join("  " + x for x in args.think)) if args.board_clock else "")
    out = ["alheimur %d players: A=%s (%s) B=%s  games=%d  seeds %d..%d  rounds %s%s%s" % (
        np, args.a, a_seats, args.b, n, args.seed, args.seed + (n - 1) // np, args.rounds,
        "".join("  " + x for x in args.set), clock),
        "A win share %.1f%%  (95%% CI %.1f-%.1f%%; chance %.1f%%): %d won, %d shared, %d lost" % (
            100 * rate, 100 * lo, 100 * hi, 100.0 * args.a_seats / np, wins, shared,
            n - wins - shared),
        "ended by: %s" % ", ".join("%s %d" % (ENDS[e], ends[e]) for e in range(3)),
        "length: rounds median %d, min %d, max %d" % (rounds[n // 2], rounds[0], rounds[-1]),
        "mean total: A %.1f, best B %.1f" % (
            sum(r["a4"] for r in res) / 4 / n, sum(r["b4"] for r in res) / 4 / n),
        "mean time per turn (CPython): A %.1f ms, B %.1f ms; wall %.0f s" % (
            1000 * ta, 1000 * tb, wall)]
    if args.board_clock:
        for side, lv in ((0, args.a), (1, args.b)):
            if lv in ai.LEVELS:
                t = sorted(x * args.position_us / 1e6 for r in res for x in r["board"][side])
                if t:
                    out.append("time per turn on the board's clock, %s: median %.1f s, "
                               "90th percentile %.1f s, worst %.1f s" % (
                                   lv, t[len(t) // 2], t[len(t) * 9 // 10], t[-1]))
    return out, [r["err"] for r in res if r["err"]]


# -- a single game (tools/selfplay.py) ---------------------------------------------


def selfplay_options(ap):
    ap.add_argument("--players", type=int, choices=range(2, 9), metavar="N",
                    help="2 to 8 (required)")
    ap.add_argument("--rounds", default="40", choices=("20", "40", "60", "none"),
                    help="round limit (default 40)")


def play_game(nplayers, seats, seed, limit):
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


def selfplay(ap, args, seats):
    """(record text, the line that sums it up) of selfplay.py's game."""
    if args.players is None:
        ap.error("Alheimur: --players N is required")
    if len(seats) != args.players:
        ap.error("--seats names %d levels for %d players" % (len(seats), args.players))
    limit = 0 if args.rounds == "none" else int(args.rounds)
    g, text = play_game(args.players, seats, args.seed, limit)
    sc = score(g)
    return text, "alheimur: %d players, round %d, %d record lines; %s; won by %s" % (
        args.players, g.round(), len(text.splitlines()),
        ", ".join("%s %s" % (record.CODES[p], quarters_text(sc.totals[p]))
                  for p in range(args.players)),
        " ".join(record.CODES[p] for p in sc.winners))
