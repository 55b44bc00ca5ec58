"""Fuzz the referee with mutated Alheimur records: it must never print a
traceback. Every answer is one of: exit 0 (``ok: ...`` or JSON on stdout),
exit 1 with ``move N: ... (line L): reason`` on stderr, exit 2 with ``line
N: problem`` (or ``FILE: cannot read: ...``).

    python tests/support/fuzz_referee_alheimur.py [--cases N] [--seed S] [--quiet]

The records are real games (tools/selfplay.py's levels and
tools/seeded_alheimur.py's careful player, which reaches battles and dice),
mutated: words swapped between line kinds (a verb with another verb's
words, a world where a ship goes, ...), fields dropped or repeated,
numbers out of range, non-ASCII characters, lines dropped, repeated or
swapped. Each mutated record is cut a few lines after its last mutation
(the replay's answer comes from there) and run through ``referee.py
check``, ``score`` and ``legal`` in this process (``referee.main``), which
must agree on the exit code. Exit 0 when every case passed, 1 at the first
failure (the record and the traceback or the wrong answer are printed).
tests/test_alheimur_referee.py runs a short fuzz; the default here is 5,000
cases (a few minutes).
"""

import argparse
import contextlib
import io
import os
import random
import re
import sys
import tempfile
import traceback

# Beside the tests (tests/support/); the referee it fuzzes is a tool.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
import referee

import paths  # noqa: F401
from alheimur import record

SEATS = ("random,random", "easy,random,hard", "random,random,random,easy,hard",
         "hard,easy")
# Words of every kind the lines hold, and some of no kind at all.
WORDS = ("R", "Y", "G", "B", "P", "O", "C", "W", "N", "S", "space", "SPACE",
         "NW", "NE", "SW", "SE", "N", "E", "S", "-", "0", "180", "90", "360",
         "A1", "D4", "E5", "A0", "Z9", "B22", "1", "2", "3", "4", "0", "-1",
         "T", "F", "X", "1T", "3T2", "2F", "2F1", "1T3", "R1F", "Y3T2", "Q2F",
         "RR2T", "pass", "dice", "place", "swap", "start", "expand", "civilize",
         "survive", "migrate", "launch", "board", "return", "unload", "flip",
         "land", "move", "site", "fire", "pile", "players", "option", "rounds",
         "none", "alheimur", "AAAA", "AEFW", "AEFA", "#", "", "99999999999999999999")
NUMBERS = ("0", "4", "5", "6", "7", "9", "10", "90", "179", "181", "255",
           "256", "-1", "+1", "00", "01", "1.5", "1e3", "0x3",
           "99999999999999999999", "\u0663", "\u00b2", "\uff11")
ODD = ("\u00e9", "\u00df", "\u017f", "\u0131", "\u00a0", "\u2003", "\u0663",
       "\u00b2", "\uff21", "\u0391", "\u200b", "\ufeff", "\x00", "\x07", "\x7f",
       "\t", "\U0001f600", "\u212a")

VERBS = ("pass", "dice", "place", "swap", "start", "expand", "civilize",
         "survive", "migrate", "launch", "board", "return", "unload", "flip",
         "land", "move", "site", "fire")
MOVE = re.compile(r"move [0-9]+: [^\n]+ \(line [0-9]+\): [^\n]+\n\Z")
LINE = re.compile(r"line [0-9]+: [^\n]+\n\Z")


def base_records(seeds=(1, 2, 3), levels=True):
    """Records of real games: selfplay seats (``levels``) and the careful
    test player, finished and cut short."""
    import arena_alheimur
    import seeded_alheimur  # (after paths: it imports the firmware)
    out = []
    for seed in seeds:
        for k, seats in enumerate(SEATS if levels else ()):
            s = seats.split(",")
            _, text = arena_alheimur.play_game(len(s), s, seed, (20, 0, 40, 60)[k])
            out.append(text)
        for np, limit, stop in ((2, 20, -1), (4, 0, 600), (8, 40, 400)):
            rec = record.Recorder(np, limit)
            seeded_alheimur.play(seed, np, limit, stop, rec=rec)
            out.append(rec.text())
    return out


def _word(rng, lines):
    """A word of another line, or one of WORDS."""
    if rng.random() < 0.6:
        toks = rng.choice(lines).split("#")[0].split()
        if toks:
            return rng.choice(toks)
    return rng.choice(WORDS)


def _same_kind(rng, t):
    """Another word of t's kind (a tile, a world, a ship, a size, ...),
    so that the line stays well formed but may no longer fit the game."""
    u = t.upper()
    if len(u) == 2 and u[0] in "ABCD" and u[1] in "1234":
        return rng.choice("ABCD") + rng.choice("1234")
    if len(u) == 1 and u in "RYGBPOCWN":
        return rng.choice("RYGBPOCWN")
    if u in ("NW", "N", "NE", "W", "E", "SW", "S", "SE"):
        return rng.choice(("NW", "N", "NE", "W", "E", "SW", "S", "SE"))
    if u in ("0", "180"):
        return rng.choice(("0", "180"))
    if u in ("1", "2", "3", "4", "5", "6"):
        return str(rng.randrange(1, 7))
    if u == "SPACE" or (2 <= len(u) <= 4 and u[-2:-1] in "TF") or u[-1:] in "TF":
        owner = rng.choice(("", "", "R", "Y", "G", "B", "N"))
        ship = str(rng.randrange(1, 4)) + rng.choice("TF")
        if ship[1] == "T" and rng.random() < 0.3:
            ship += str(rng.randrange(1, int(ship[0]) + 1))
        return rng.choice((owner + ship, "space"))
    return t


def mutate(base, rng):
    """Mutate a copy of ``base`` (lines); returns (lines, the last line
    touched)."""
    lines = list(base)
    last = 0
    kinds = {}     # a line of each kind is as likely as any other kind's
    for i, line in enumerate(lines):
        toks = line.split("#")[0].split()
        kinds.setdefault(" ".join(toks[:2]) if toks[:1] != ["dice"] else "dice",
                         []).append(i)
    groups = list(kinds.values())
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if rng.random() < 0.5 or len(lines) != len(base):
            i = rng.randrange(len(lines))
        else:
            i = rng.choice(rng.choice(groups))
        toks = lines[i].split("#")[0].split()
        op = rng.randrange(13)
        if op == 0 and toks:                       # a word from another line
            toks[rng.randrange(len(toks))] = _word(rng, lines)
        elif op == 1 and len(toks) > 1:            # another verb, these words
            toks[1] = rng.choice(VERBS)
        elif op == 2 and len(toks) > 1:            # these words on another line's verb
            other = rng.choice(lines).split("#")[0].split()
            toks = toks[:2] + other[2:]
        elif op == 3 and toks:                     # a field dropped
            del toks[rng.randrange(len(toks))]
        elif op == 4 and toks:                     # a field repeated
            j = rng.randrange(len(toks))
            toks.insert(j, toks[j])
        elif op == 5 and toks:                     # a number out of range
            nums = [j for j, t in enumerate(toks) if any(c.isdigit() for c in t)]
            j = rng.choice(nums) if nums else rng.randrange(len(toks))
            t = toks[j]
            if len(t) > 1 and t[0].isdigit() and rng.random() < 0.5:
                toks[j] = rng.choice("0456789") + t[1:]       # a ship of size 0 or 4+
            elif len(t) > 1 and t[-1].isdigit() and rng.random() < 0.5:
                toks[j] = t[:-1] + rng.choice("0456789")      # a tile row or a marine
            else:
                toks[j] = rng.choice(NUMBERS)
        elif op == 6:                              # a non-ASCII or control character
            s = lines[i]
            k = rng.randrange(len(s) + 1)
            lines[i] = s[:k] + rng.choice(ODD) + s[k + rng.randrange(2):]
            toks = None
        elif op == 7 and len(lines) > 2:           # a line dropped
            del lines[i]
            toks = None
            i = max(i - 1, 0)
        elif op == 8:                              # a line repeated
            lines.insert(i, lines[rng.randrange(len(lines))])
            toks = None
        elif op == 9:                              # two lines swapped
            j = min(len(lines) - 1, i + rng.randrange(1, 4))
            lines[i], lines[j] = lines[j], lines[i]
            toks = None
            i = j
        elif op == 10 and toks:                    # another actor
            toks[0] = rng.choice("RYGBPOCWNSX")
        elif op == 11 and toks:                    # a word of the same kind, another value
            j = rng.randrange(len(toks))
            toks[j] = _same_kind(rng, toks[j])
        elif toks:                                 # the words shuffled
            rng.shuffle(toks)
        if toks is not None:
            lines[i] = " ".join(toks)
        last = max(last, i)
    return lines, last


def run_referee(argv):
    """(exit code, stdout, stderr, traceback text or None), in this process."""
    out = io.StringIO()
    err = io.StringIO()
    tb = None
    code = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = referee.main(argv)
        except SystemExit as e:          # argparse
            code = e.code
        except Exception:  # noqa: BLE001 (the very thing looked for)
            tb = traceback.format_exc()
    return code, out.getvalue(), err.getvalue(), tb


def check_case(text, path):
    """(exit code, None) when the referee answers ``text`` cleanly, else
    (None, what went wrong)."""
    with open(path, "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write(text)
    codes = []
    for cmd in ("check", "score", "legal"):
        code, out, err, tb = run_referee([cmd, path])
        bad = _wrong(cmd, path, code, out, err, tb)
        if bad:
            return None, bad
        codes.append(code)
    if len(set(codes)) != 1:
        return None, "check, score and legal disagree: exit %s" % codes
    return codes[0], None


def _wrong(cmd, path, code, out, err, tb):
    if tb:
        return "%s: a traceback\n%s" % (cmd, tb)
    if code == 0:
        if err or not out:
            return "%s: exit 0 with stderr %r, stdout %r" % (cmd, err, out[:80])
    elif code == 1:
        if not MOVE.match(err) or out:
            return "%s: exit 1 with stderr %r" % (cmd, err)
    elif code == 2:
        if not (LINE.match(err) or err.startswith(path + ": cannot read: ")) or out:
            return "%s: exit 2 with stderr %r" % (cmd, err)
    else:
        return "%s: exit %r" % (cmd, code)
    return None


def fuzz(cases, seed, quiet=False, bases=None, workdir=None):
    """Run ``cases`` mutated records; returns (counts, failure or None)."""
    rng = random.Random(seed)
    bases = [b.splitlines() for b in (bases or base_records())]
    counts = {0: 0, 1: 0, 2: 0}
    own = workdir is None
    if own:
        workdir = tempfile.mkdtemp(prefix="fuzz_referee_alheimur-")
    path = os.path.join(str(workdir), "rec.txt")
    try:
        for n in range(cases):
            base = rng.choice(bases)
            lines, last = mutate(base, rng)
            cut = min(len(lines), last + 1 + rng.randrange(12))
            text = "\n".join(lines[:cut]) + "\n"
            code, bad = check_case(text, path)
            if bad:
                return counts, "case %d (--seed %d):\n%s\n-- the record --\n%s" % (
                    n, seed, bad, text)
            counts[code] += 1
            if not quiet and (n + 1) % 500 == 0:
                print("%d cases: %s" % (n + 1, counts), flush=True)
    finally:
        if own:
            with contextlib.suppress(OSError):
                os.remove(path)
            os.rmdir(workdir)
    return counts, None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    counts, bad = fuzz(args.cases, args.seed, args.quiet)
    if bad:
        print(bad)
        return 1
    print("%d cases, no traceback: %d fine, %d illegal moves (exit 1), "
          "%d malformed (exit 2)" % (args.cases, counts[0], counts[1], counts[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
