"""Engine protocol: lets other programs play against our levels (Alien
City, and Alheimur with ``--game alheimur``).

    $ python tools/engine.py --level hard [--seconds S] [--seed N]
    position FILE     load a game record (docs/records.md); no answer
    go                answer: bestmove TB E6 cap E6   (or: bestmove TB E6)
    quit

    $ python tools/engine.py --game alheimur --level easy [--seconds S] [--seed N]
    position FILE     load an Alheimur record, the game up to its end; no answer
    go                answer: bestmove Y launch Y C1 F   (the record line the
                      level plays for whoever decides now), bestmove R fire
                      3F Y2T, bestmove dice 4 2 (a roll), bestmove N place E 0
                      (the neutral world's card, by lot)
    quit

One command per line on standard input, one answer line per command on
standard output (flushed). Unknown commands, unreadable files, bad records,
illegal moves in a record and ``go`` on a finished game answer
``error ...`` on one line; the program never stops on an error. Levels:
random, easy, medium, hard (``--level greedy`` is the tools/greedy.py
baseline; ``exact`` and ``exact2`` are tools/exact.py's). ``--seconds`` is
the thinking budget per move of hard and exact2 (default 3; hard also stops
after its candidate list, see firmware/aliencity/ai.py).

Alheimur (tools/engine_alheimur.py): levels random, easy, hard
(firmware/alheimur/ai.py); the dice and the lots come from the same seeded
generator as the level's choices. ``go`` where no one may act (the game
over, or a redeal due) answers ``error ...``.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths  # noqa: F401
from aliencity import ai, record
from aliencity.geometry import NONE
from aliencity.moves import kind_of, lot_of
from prng import Rng


def now_us():
    return time.perf_counter_ns() // 1000


class Protocol:
    """What every game's engine session shares: the commands (``position
    FILE``, ``go``) and reading a position, with the referee's reading of
    the file (a BOM, any line ending, NUL bytes and text that is not UTF-8
    refused by name) and the game's own record module (``self.record``:
    ``read`` and ``replay``). A game's Session fills in ``go``."""

    record = None

    def command(self, line):
        """Answer one line; None for nothing to say (a blank line, or a
        position read)."""
        toks = line.split()
        if not toks:
            return None
        cmd = toks[0].lower()
        if cmd == "position":
            if len(toks) < 2:
                return "error position needs a FILE"
            return self.position(line.strip()[len(toks[0]):].strip())
        if cmd == "go":
            return self.go()
        return "error unknown command '%s' (position FILE, go, quit)" % toks[0]

    def position(self, path):
        """Read (``lines``) and replay the record at ``path``: None when it
        is fine, else the error line."""
        rec_mod = self.record
        lines = self.lines(path)
        if isinstance(lines, str):
            return lines
        try:
            rec = rec_mod.read(lines)
        except rec_mod.RecordError as e:
            return "error %s: line %d: %s" % (path, e.line, e.problem)
        game, bad = rec_mod.replay(rec)
        if bad:
            return "error %s: move %d (line %d): %s" % (path, bad[0], bad[1], bad[2])
        self.game = game
        return None

    def lines(self, path):
        """The file's lines, or its error line (str): the referee's reading."""
        import referee
        referee._TEXT.pop(path, None)
        try:
            return referee.split_lines(referee.read_text(path))
        except referee.Stop as e:
            return "error " + e.message

    def go(self):
        raise NotImplementedError


class Session(Protocol):
    record = record

    def __init__(self, level, seconds, seed):
        self.level = level
        self.seconds = seconds
        self.rng = Rng(seed)
        self.game = None

    def lines(self, path):
        """Alien City's protocol reads the file as text, as it always has
        (tests/test_fuzz.py feeds it mutated records through this)."""
        try:
            with open(path, encoding="utf-8") as f:
                return f.read().splitlines()
        except (OSError, UnicodeDecodeError) as e:
            return "error %s: cannot read: %s" % (path, e)

    def go(self):
        g = self.game
        if g is None:
            return "error no position (send: position FILE)"
        if g.over():
            return "error the game is over"
        deadline = now_us() + int(self.seconds * 1e6)
        m = self.pick(g, deadline)
        n = g.nbuilds
        g.apply(m)
        cap = lot_of(self.pick(g, deadline)) if g.claiming() else NONE
        while g.nbuilds > n:
            g.undo()
        return "bestmove " + record.move_text(kind_of(m), lot_of(m), cap)

    def pick(self, g, deadline):
        """The level's move for g.actor(): a build, or its claim after it."""
        if self.level == "greedy":
            import greedy
            return greedy.choose(g, self.rng)
        if self.level == "exact":
            import exact
            return exact.choose(g, self.rng)
        if self.level == "exact2":
            import exact
            return exact.choose2(g, self.rng, deadline, now_us)
        return ai.choose(g, self.level, self.rng, deadline_us=deadline, now_us=now_us)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="aliencity", choices=("aliencity", "alheimur"))
    ap.add_argument("--level", default="hard",
                    help="aliencity: %s; alheimur: random, easy, hard" % ", ".join(
                        list(ai.LEVELS) + ["greedy", "exact", "exact2"]))
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.game == "alheimur":
        import engine_alheimur
        if args.level not in engine_alheimur.LEVELS:
            ap.error("alheimur levels: %s" % ", ".join(engine_alheimur.LEVELS))
        s = engine_alheimur.Session(args.level, args.seconds, args.seed)
    elif args.level not in list(ai.LEVELS) + ["greedy", "exact", "exact2"]:
        ap.error("aliencity levels: %s" % ", ".join(list(ai.LEVELS) + ["greedy", "exact",
                                                                        "exact2"]))
    else:
        s = Session(args.level, args.seconds, args.seed)
    for line in sys.stdin:
        if line.strip().lower() == "quit":
            break
        try:
            out = s.command(line)
        except Exception as e:  # noqa: BLE001 (never crash on input)
            out = "error internal: %s: %s" % (type(e).__name__, e)
        if out is not None:
            print(out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
