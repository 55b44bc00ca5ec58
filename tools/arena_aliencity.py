"""Alien City's matches and single games between computer players, for
tools/arena.py and tools/selfplay.py (tools/games.py names this module).

Matches (``arena.py --game aliencity``, the default): a player is a level
(random, easy, medium, hard), a baseline: ``greedy`` (tools/greedy.py),
``exact`` or ``exact2`` (tools/exact.py), or a command line (anything with
a space) started once per game and fed ``position FILE`` / ``go`` (a
record of the game so far, in a temporary file). Games come in pairs on
the same seeded city (aliencity.deal, seeds from --seed on): A takes W,
then B, so seats and the first player alternate. Prints wins/draws/losses
of A, A's score rate (win 1, draw 1/2) with a 95% confidence interval
(normal approximation, Wilson when near 0 or 1), the mean score margin of
A with its 95% interval, and the mean time per move of each player (CPU
time: the players' clock is the process's CPU time, so a budget buys the
same search on a busy machine; ``--a-seconds`` and ``--b-seconds`` give
one side another budget). ``--save DIR`` writes every game as a record
(DIR/game-SEED-SEAT.txt).

``--set ai.HARD_POT=5`` (repeatable) changes an integer constant of an
``aliencity`` module for this run, in every process, for tuning: both
players of a level see it (docs/ai.md).

A single game (``selfplay.py --game aliencity``): two seats, W's then B's,
levels of firmware/aliencity/ai.py, searching without a clock so the game
is the same on any machine; the city is the device's for that seed
(aliencity.deal), seat k chooses with prng.Rng(SEED * 31 + k + 1). The
record can be exported for the piecepack community's tools (tools/ppn.py
export) and loaded into the simulator's save for a replay
(tools/loadgame.py).
"""

import os
import shlex
import subprocess
import tempfile
import time

from intervals import interval, mean_interval

import paths
from aliencity import ai, record, scoring
from aliencity.deal import new_game
from aliencity.geometry import NONE
from aliencity.moves import NO_CLAIM, build, claim
from prng import Rng

RULES = {"standalone": (0, False, False), "classic": (1, False, False),
         "open": (0, True, False), "classic-open": (1, True, True)}


def now_us():
    """The players' clock: this process's CPU time, so a budget buys the same
    search however busy the (shared) machine is; one game runs in one
    process, one move at a time."""
    return time.process_time_ns() // 1000


def chooser(spec):
    """choose(g, rng, deadline_us, now_us) of a level or baseline: its move
    for g.actor(), a build or at the claim point after it, its claim (a
    baseline gets buffers of its own, one set per player)."""
    if spec == "greedy":
        import greedy
        return lambda g, rng, dl, now: greedy.choose(g, rng)
    if spec in ("exact", "exact2"):
        import exact
        sc = exact.Scratch()
        if spec == "exact":
            return lambda g, rng, dl, now: exact.choose(g, rng, sc)
        return lambda g, rng, dl, now: exact.choose2(g, rng, dl, now, sc)
    return lambda g, rng, dl, now: ai.choose(g, spec, rng, deadline_us=dl, now_us=now)


class Player:
    """One side of one game."""

    def __init__(self, spec, seed, seconds):
        self.spec = spec
        self.rng = Rng(seed)
        self.seconds = seconds
        self.proc = None
        self.time = 0.0
        self.moves = 0
        self.pick = None if " " in spec else chooser(spec)
        self.plan = NONE    # an external engine's claim, for its build's claim point
        if " " in spec:
            self.proc = subprocess.Popen(
                shlex.split(spec), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                text=True, cwd=paths.ROOT, bufsize=1)
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as tmp:
                self.tmp = tmp

    def choose(self, game):
        """The player's move for game.actor(): a build, or at the claim point
        after its build, its claim (the time a move is a build's)."""
        t0 = now_us()
        if not game.claiming():
            self.moves += 1
        try:
            if self.proc:
                return self._external(game)
            return self.pick(game, self.rng, t0 + int(self.seconds * 1e6), now_us)
        finally:
            self.time += (now_us() - t0) / 1e6

    def _external(self, game):
        """Its answer to a position is a build with its claim: the build,
        the claim kept for the claim point after it."""
        if game.claiming():
            cap, self.plan = self.plan, NONE
            return NO_CLAIM if cap == NONE else claim(cap)
        with open(self.tmp.name, "w") as f:
            f.write(record.write(game))
        self.proc.stdin.write("position %s\ngo\n" % self.tmp.name)
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        toks = line.split()
        if not toks or toks[0] != "bestmove":
            raise RuntimeError("engine answered %r" % line.strip())
        from aliencity.moves import parse_kind, parse_lot
        kind = parse_kind(toks[1])
        lot = parse_lot(toks[2])
        cap = NONE
        if len(toks) >= 5 and toks[3] == "cap":
            cap = parse_lot(toks[4])
        self.plan = cap
        return build(kind, lot)

    def close(self):
        if self.proc:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except Exception:  # noqa: BLE001 (whatever went wrong, the process must go)
                self.proc.kill()
            os.unlink(self.tmp.name)


def apply_settings(settings):
    """Set aliencity module constants: ["ai.HARD_K=16", ...]."""
    import importlib
    for item in settings:
        name, _, value = item.partition("=")
        mod, _, attr = name.rpartition(".")
        m = importlib.import_module("aliencity." + mod) if mod else None
        if not isinstance(getattr(m, attr, None), int):
            raise ValueError("no integer constant %r" % name)
        setattr(m, attr, int(value))


def play_one(job):
    """(seed, seat of A (0 W / 1 B), a, b, rules, (A's, B's seconds), save)
    -> (seed, seat, A's score, B's score, error, times)."""
    seed, seat, a, b, rules, seconds, save = job
    r, op, lb = RULES[rules]
    g = new_game(seed, r, op, lb)
    pa = Player(a, seed * 2 + seat, seconds[0])
    pb = Player(b, seed * 2 + 1 - seat + 1000003, seconds[1])
    side = {seat: pa, 1 - seat: pb}
    err = None
    loser = None
    try:
        while not g.over():
            p = g.actor()
            pl = side[p]
            try:
                g.apply(pl.choose(g))
            except Exception as e:  # noqa: BLE001 (a player's failure ends its game, not the match)
                err = "seed %d: %s (%s) as %s: %s" % (seed, pl.spec, "A" if pl is pa else "B",
                                                    "WB"[p], e)
                loser = p
                break
    finally:
        pa.close()
        pb.close()
    if save:
        os.makedirs(save, exist_ok=True)
        with open(os.path.join(save, "game-%d-%s.txt" % (seed, "WB"[seat])), "w") as f:
            f.write(record.write(g))
    tot = scoring.score(g).totals
    sa, sb = tot[seat], tot[1 - seat]
    if loser is not None:  # a crash or illegal move loses the game
        sa, sb = (0, 1) if loser == seat else (1, 0)
    return (seed, seat, sa, sb, err,
            (pa.time, pa.moves, pb.time, pb.moves))


def add_options(ap):
    """arena.py's options of Alien City's own, and its defaults."""
    ap.set_defaults(seed=1000, seconds=10.0)
    ap.add_argument("--rules", default="standalone", choices=sorted(RULES))
    ap.add_argument("--a-seconds", type=float, default=None,
                    help="A's budget when it differs from --seconds")
    ap.add_argument("--b-seconds", type=float, default=None,
                    help="B's budget when it differs from --seconds (e.g. exact2 at 1)")


SECONDS_HELP = ("thinking budget per move (aliencity default 10: the candidate list, not "
                "the clock, limits hard; 0.12 was taken for the board's 3 s, measured since: "
                "20-33x slower than CPython, docs/bench.md, so the board's 3 s is nearer 0.02)")


def check(ap, args, players):
    """Refuse what this game cannot play; the pool's start (initializer, args)."""
    try:
        apply_settings(args.set)
    except (ValueError, ImportError) as e:
        ap.error("--set: %s" % e)
    for spec in (args.a, args.b):
        if " " not in spec and spec not in players:
            ap.error("unknown player %r (known: %s, or a command line)" % (spec, ", ".join(players)))
    return apply_settings, (args.set,)


def _seconds(args):
    """(A's, B's) thinking budget per move."""
    return (args.seconds if args.a_seconds is None else args.a_seconds,
            args.seconds if args.b_seconds is None else args.b_seconds)


def jobs(args):
    secs = _seconds(args)
    out = []
    for i in range((args.games + 1) // 2):
        for seat in (0, 1):
            out.append((args.seed + i, seat, args.a, args.b, args.rules, secs, args.save))
    return out[:args.games]


def line(r):
    """One game's line as it ends."""
    return "seed %d A=%s: %d-%d%s" % (r[0], "WB"[r[1]], r[2], r[3], "  " + r[4] if r[4] else "")


def report(args, res, wall):
    """The match's summary lines, and its errors."""
    n = len(res)
    w = sum(1 for r in res if r[2] > r[3])
    d = sum(1 for r in res if r[2] == r[3])
    rate, rlo, rhi = interval(w + d / 2, n)
    mm, hm = mean_interval([r[2] - r[3] for r in res])
    ta = sum(r[5][0] for r in res) / max(1, sum(r[5][1] for r in res))
    tb = sum(r[5][2] for r in res) / max(1, sum(r[5][3] for r in res))
    secs = _seconds(args)
    out = ["A=%s  B=%s  rules=%s  games=%d  seeds %d..%d  seconds %g/%g%s" % (
        args.a, args.b, args.rules, n, args.seed, args.seed + (n - 1) // 2,
        secs[0], secs[1], "".join("  " + x for x in args.set)),
        "A wins %d  draws %d  losses %d" % (w, d, n - w - d),
        "A score rate %.1f%%  (95%% CI %.1f-%.1f%%)" % (100 * rate, 100 * rlo, 100 * rhi),
        "mean margin A-B %+.1f  (95%% CI %+.1f..%+.1f)" % (mm, mm - hm, mm + hm),
        "mean CPU time per move: A %.1f ms, B %.1f ms; wall %.0f s" % (
            1000 * ta, 1000 * tb, wall)]
    return out, [r[4] for r in res if r[4]]


# -- a single game (tools/selfplay.py) ---------------------------------------------


def selfplay_options(ap):
    ap.add_argument("--rules", choices=("standalone", "classic"), default="standalone",
                    help="the rule set (default standalone)")
    ap.add_argument("--open-streets", action="store_true", help="the option streets=open")
    ap.add_argument("--location-bonus", action="store_true",
                    help="classic rules: the location bonus")


def play_game(seats, seed, rules, open_streets, location_bonus):
    """Play the game; returns (game, record text)."""
    g = new_game(seed, rules, open_streets, location_bonus)
    rngs = [Rng(seed * 31 + k + 1) for k in range(2)]
    while not g.over():
        p = g.actor()
        g.apply(ai.choose(g, seats[p], rngs[p]))
    lines = record.write(g).split("\n")
    at = next(i for i, s in enumerate(lines) if s.startswith("first ")) + 1
    flags = "".join((" --rules classic" if rules else "",
                     " --open-streets" if open_streets else "",
                     " --location-bonus" if location_bonus else ""))
    lines.insert(at, "# tools/selfplay.py --game aliencity --seats %s --seed %d%s"
                 % (",".join(seats), seed, flags))
    return g, "\n".join(lines)


def selfplay(ap, args, seats):
    """(record text, the line that sums it up) of selfplay.py's game."""
    if len(seats) != 2:
        ap.error("Alien City: --seats names 2 levels (W's, B's), e.g. hard,easy")
    if args.location_bonus and args.rules != "classic":
        ap.error("--location-bonus is an option of the classic rules")
    g, text = play_game(seats, args.seed, 1 if args.rules == "classic" else 0,
                        args.open_streets, args.location_bonus)
    sc = scoring.score(g)
    w = sc.winner()
    return text, "aliencity: %d builds; W %d, B %d; %s" % (
        g.nbuilds, sc.totals[0], sc.totals[1], "a draw" if w < 0 else "won by " + "WB"[w])
