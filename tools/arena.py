"""Matches between computer players of Alien City (``--game aliencity``,
the default: levels, the greedy baseline, or external engines speaking the
tools/engine.py protocol) and of Alheimur (``--game alheimur``: levels;
tools/arena_alheimur.py plays them and documents its options). Skyscrapers is
played alone: it has no matches.

    python tools/arena.py --game alheimur --players 4 --a hard --b easy --games 200
    python tools/arena.py --a hard --b medium --games 200 [--jobs 2]
    python tools/arena.py --a "python tools/engine.py --level hard" --b greedy
    python tools/arena.py --a hard --b greedy --rules classic --save out/

A player is a level (random, easy, medium, hard), a baseline: ``greedy``
(tools/greedy.py), ``exact`` or ``exact2`` (tools/exact.py), or a command
line (anything with a space) started once per game and fed ``position FILE``
/ ``go`` (a record of the game so far, in a temporary file). Games come in
pairs on the same seeded city (aliencity.deal, seeds from --seed on): A
takes W, then B, so seats and the first player alternate. Games run in
parallel processes (--jobs). Prints wins/draws/losses of A, A's score rate
(win 1, draw 1/2) with a 95% confidence interval (normal approximation,
Wilson when near 0 or 1), the mean score margin of A with its 95% interval,
and the mean time per move of each player (CPU time: the players' clock is
the process's CPU time, so a budget buys the same search on a busy machine;
``--a-seconds`` and ``--b-seconds`` give one side another budget). ``--save
DIR`` writes every game as a record (DIR/game-SEED-SEAT.txt). Exit 1 if a
player made an illegal move or crashed (that game is counted as a loss for
it and reported).

``--set ai.HARD_POT=5`` (repeatable) changes an integer constant of an
``aliencity`` module for this run, in every process, for tuning: both
players of a level see it (docs/ai.md).
"""

import argparse
import math
import os
import shlex
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths
from aliencity import ai, record, scoring
from aliencity.deal import new_game
from aliencity.geometry import NONE
from aliencity.moves import NO_CLAIM, build, claim
from prng import Rng

RULES = {"standalone": (0, False, False), "classic": (1, False, False),
         "open": (0, True, False), "classic-open": (1, True, True)}


BASELINES = ("greedy", "exact", "exact2")


def now_us():
    """The players' clock: this process's CPU time, so a budget buys the same
    search however busy the (shared) machine is; one game runs in one
    process, one move at a time."""
    return time.process_time_ns() // 1000


class Player:
    """One side of one game."""

    def __init__(self, spec, seed, seconds):
        self.spec = spec
        self.rng = Rng(seed)
        self.seconds = seconds
        self.proc = None
        self.time = 0.0
        self.moves = 0
        self.scratch = None
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
            if self.spec == "greedy":
                import greedy
                return greedy.choose(game, self.rng)
            dl = t0 + int(self.seconds * 1e6)
            if self.spec in ("exact", "exact2"):
                import exact
                if self.scratch is None:
                    self.scratch = exact.Scratch()
                if self.spec == "exact":
                    return exact.choose(game, self.rng, self.scratch)
                return exact.choose2(game, self.rng, dl, now_us, self.scratch)
            return ai.choose(game, self.spec, self.rng, deadline_us=dl, now_us=now_us)
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
        from aliencity.geometry import parse_kind, parse_lot
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


def interval(k, n):
    """95% interval of a rate k/n (normal approximation; Wilson at the ends)."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    z = 1.96
    if 0.1 < p < 0.9:
        h = z * math.sqrt(p * (1 - p) / n)
        return p, max(0.0, p - h), min(1.0, p + h)
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, max(0.0, c - h), min(1.0, c + h)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    import arena_alheimur  # Alheimur's matches live in their own module
    if arena_alheimur.wanted(argv):
        return arena_alheimur.main(argv)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="aliencity", choices=("aliencity", "alheimur"),
                    help="alheimur: see tools/arena_alheimur.py for its options")
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--games", type=int, default=200, help="even: pairs of seats")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--rules", default="standalone", choices=sorted(RULES))
    ap.add_argument("--seconds", type=float, default=10.0,
                    help="thinking budget per move (default 10: the candidate "
                         "list, not the clock, limits hard); 0.12 was taken for the "
                         "board's 3 s (CPython runs the AI ~6x faster than the "
                         "MicroPython VM, assumed then ~4x a SAMD51; measured since: "
                         "20-33x, docs/bench.md, so the board's 3 s is nearer 0.02)")
    ap.add_argument("--a-seconds", type=float, default=None,
                    help="A's budget when it differs from --seconds")
    ap.add_argument("--b-seconds", type=float, default=None,
                    help="B's budget when it differs from --seconds (e.g. exact2 at 1)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--save", default=None, help="directory for the records")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--set", action="append", default=[], metavar="MOD.NAME=N",
                    help="override an aliencity constant, e.g. ai.HARD_K=16")
    args = ap.parse_args(argv)
    try:
        apply_settings(args.set)
    except (ValueError, ImportError) as e:
        ap.error("--set: %s" % e)
    for spec in (args.a, args.b):
        if " " not in spec and spec not in ai.LEVELS + BASELINES:
            ap.error("unknown player %r" % spec)
    secs = (args.seconds if args.a_seconds is None else args.a_seconds,
            args.seconds if args.b_seconds is None else args.b_seconds)
    jobs = []
    for i in range((args.games + 1) // 2):
        for seat in (0, 1):
            jobs.append((args.seed + i, seat, args.a, args.b, args.rules,
                         secs, args.save))
    jobs = jobs[:args.games]
    t0 = time.time()
    res = []
    with Pool(args.jobs, apply_settings, (args.set,)) as pool:
        for r in pool.imap_unordered(play_one, jobs):
            res.append(r)
            if not args.quiet:
                print("seed %d A=%s: %d-%d%s" % (r[0], "WB"[r[1]], r[2], r[3],
                                                 "  " + r[4] if r[4] else ""),
                      flush=True)
    n = len(res)
    w = sum(1 for r in res if r[2] > r[3])
    d = sum(1 for r in res if r[2] == r[3])
    lo = n - w - d
    rate, rlo, rhi = interval(w + d / 2, n)
    margins = [r[2] - r[3] for r in res]
    mm = sum(margins) / n
    sdv = math.sqrt(sum((m - mm) ** 2 for m in margins) / max(1, n - 1))
    hm = 1.96 * sdv / math.sqrt(n)
    ta = sum(r[5][0] for r in res) / max(1, sum(r[5][1] for r in res))
    tb = sum(r[5][2] for r in res) / max(1, sum(r[5][3] for r in res))
    errs = [r[4] for r in res if r[4]]
    print("A=%s  B=%s  rules=%s  games=%d  seeds %d..%d  seconds %g/%g%s" % (
        args.a, args.b, args.rules, n, args.seed, args.seed + (n - 1) // 2,
        secs[0], secs[1], "".join("  " + x for x in args.set)))
    print("A wins %d  draws %d  losses %d" % (w, d, lo))
    print("A score rate %.1f%%  (95%% CI %.1f-%.1f%%)" % (100 * rate, 100 * rlo, 100 * rhi))
    print("mean margin A-B %+.1f  (95%% CI %+.1f..%+.1f)" % (mm, mm - hm, mm + hm))
    print("mean CPU time per move: A %.1f ms, B %.1f ms; wall %.0f s" % (
        1000 * ta, 1000 * tb, time.time() - t0))
    for e in errs:
        print("ERROR", e)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
