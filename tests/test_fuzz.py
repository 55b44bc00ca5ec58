"""Fuzzing: mutated game records through the record reader and the engine
protocol (tools/engine.py), and a short run of the app fuzzer with fixed
seeds (tools/fuzz_app.py; the long run, a new seed each time, is
`tools/fuzz_app.py --events N`)."""

import json
import random
import subprocess
import sys
import time

import pytest
import seeded

import paths
from aliencity import record

N_RECORDS = 10000

TOKENS = ("A1", "H10", "I1", "A0", "A11", "Z9", "E6", "h9", "TB", "TR", "TG", "TK", "DR",
          "DB", "DG", "DK", "XX", "T", "D", "cap", "CAP", "W", "B", "w", "first", "rules",
          "classic", "standalone", "option", "streets=open", "location-bonus", "tiles",
          "alien-city", "1", "2", "0", "-1", "99999999999999999999", "", "#", "é", "\x00",
          "RNW", "R3NW", "K9SE", "GXX", "B", "1e9", "0x10", "١")  # noqa: RUF001 (a non-ASCII digit on purpose)


def base_records():
    out = []
    for seed, opts in ((1, 0), (2, 1), (3, 2), (4, 3), (5, 1)):
        rules, opn, lb = seeded.OPTIONS[opts]
        for stop in (0, 5, 20, 255):
            out.append(record.write(seeded.random_game(seed, rules, opn, lb, stop_at=stop)))
    return out


def mutate(text, rng):
    lines = text.split("\n")
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if not lines:
            lines = [""]
        op = rng.randrange(9)
        i = rng.randrange(len(lines))
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            lines.insert(i, " ".join(rng.choice(TOKENS) for _ in range(rng.randrange(6))))
        elif op == 4 or op == 5:
            toks = lines[i].split(" ")
            toks[rng.randrange(len(toks))] = rng.choice(TOKENS)
            lines[i] = " ".join(toks)
        elif op == 6:
            lines = lines[:i]
        elif op == 7:
            s = "\n".join(lines)
            if s:
                k = rng.randrange(len(s))
                s = s[:k] + chr(rng.choice((rng.randrange(32, 127), rng.randrange(0, 0x800)))) \
                    + s[k + rng.randrange(2):]
            lines = s.split("\n")
        else:
            toks = lines[i].split(" ")
            rng.shuffle(toks)
            lines[i] = " ".join(toks)
    return "\n".join(lines)


def test_mutated_records_give_only_clean_errors(tmp_path):
    import engine_aliencity
    from recordtext import split_lines
    rng = random.Random(1234)
    bases = base_records()
    session = engine_aliencity.Session("random", 0.01, 1)
    path = tmp_path / "rec.txt"
    import os
    import pathlib
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        path = pathlib.Path("/dev/shm") / ("fuzz-rec-%d.txt" % os.getpid())  # fast opens
    counts = {"read error": 0, "illegal move": 0, "fine": 0, "bad bytes": 0}
    t0 = time.perf_counter()
    for n in range(N_RECORDS):
        text = mutate(rng.choice(bases), rng)
        # the reader: RecordError or a record, never another exception
        try:
            record.read(split_lines(text))   # as tools/engine.py splits a file
            read_ok = True
        except record.RecordError as e:
            assert e.line >= 1 and e.problem
            counts["read error"] += 1
            read_ok = False
        # the protocol (reads and replays it through the engine): nothing or
        # one 'error ...' line, never an exception (in the real loop that
        # would be 'error internal')
        data = text.encode("utf-8", "surrogatepass")
        bad = n % 10 == 0
        if bad:                  # now and then bytes that are not UTF-8 at all
            k = rng.randrange(len(data) + 1)
            data = data[:k] + bytes((rng.choice((0xFF, 0xC3, 0x80)),)) + data[k:]
            counts["bad bytes"] += 1
        path.write_bytes(data)
        out = session.command("position " + str(path))
        assert out is None or (out.startswith("error ") and "internal" not in out), out
        if out is None:
            assert read_ok or bad
            counts["fine"] += 1
            if n % 25 == 0:
                out = session.command("go")
                assert out.startswith("bestmove ") or out == "error the game is over", out
        else:
            assert "\n" not in out
            if ": move " in out:
                assert read_ok or bad
                counts["illegal move"] += 1
            elif "cannot read: not a text file (it holds NUL bytes" in out:
                assert "\0" in text     # the referee's reading refuses NUL bytes by name
            elif not bad:
                assert not read_ok and ": line " in out, out
    dt = time.perf_counter() - t0
    if str(path).startswith("/dev/shm"):
        path.unlink()
    print("%d mutated records in %.1f s: %s" % (N_RECORDS, dt, counts))
    assert counts["read error"] > 1000 and counts["illegal move"] > 300 and counts["fine"] > 300


def test_protocol_process_survives_garbage(tmp_path):
    f = tmp_path / "x.txt"
    f.write_bytes(b"alien-city 1\nrules standalone\ntiles \xff\xfe\n")
    cmds = "go\nposition %s\nposition\nfoo bar\n\x00\ngo\nposition /no/such/file\nquit\n" % f
    p = subprocess.run([sys.executable, str(paths.ROOT) + "/tools/engine.py", "--level", "random"],
                       input=cmds, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.strip().split("\n")
    assert len(lines) == 7 and all(ln.startswith("error ") for ln in lines), lines
    assert not any("internal" in ln for ln in lines)


# The suite's fuzz: fixed seeds (the PyBadge runs SEED, the PyGamer SEED + 1),
# a planted Alheimur battle in each (tools/fuzz_app.py). The long run with a
# new seed each time is `tools/fuzz_app.py --events N` (make soak). The
# events land by the simulator's virtual clock, which every clock read of
# the firmware moves: seed 7's PyBadge run came to a survival check once
# after the lights and tones waited for the loop's update (issue 42), where
# the test asks twice; seed 3 reaches it 10 and 6 times. With computers
# shown fast (issue 43: a computer's move held only when it touches a
# person) seed 3's PyGamer run reached none; seed 5 reaches it 5 and 6 times.
SEED = 5
EVENTS = 2400


def test_app_fuzz_short_run():
    """1,200 random events on each board, invariants after each: every game
    is played, Alheimur's battles (dice rolled) and survival checks come
    up, and nothing reaches the crash screen."""
    p = subprocess.run([sys.executable, str(paths.ROOT) + "/tools/fuzz_app.py", "--events",
                        str(EVENTS), "--seed", str(SEED), "--quiet"],
                       capture_output=True, text=True, timeout=300, cwd=paths.ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
    st = json.loads(p.stdout.strip().splitlines()[-1])
    assert st["events"] == EVENTS
    assert [(r["board"], r["seed"]) for r in st["runs"]] == [("pybadge", SEED),
                                                             ("pygamer", SEED + 1)]
    for run in st["runs"]:
        # the events reach every game, and its invariants are checked
        for game in ("aliencity", "skyscrapers", "alheimur"):
            assert run["checks"].get(game, 0) > 100, (game, run)
            assert run["screens"].get(game + " board", 0) > 0, (game, run)
        assert run["planted"], run
        assert run["crash_screens"] == 0, run
    # Alheimur's battles and survival checks come up over the two boards'
    # runs (how often on each moves with the firmware's clock reads and the
    # computers' pace, as seeds 7, 3 and 5 did)
    seen = [r["alheimur"] for r in st["runs"]]
    for what, least in (("battle roll", 1), ("aim", 1), ("survival", 2)):
        assert sum(x[what] for x in seen) >= least, (what, seen)


BROKEN_DISPLAY = """
import sys
sys.path.insert(0, "tools")
import paths
import _simdisplay
real = _simdisplay.SimDisplay._refresh_area
count = [0]

def once_broken(self, area):
    count[0] += 1
    if count[0] == 60:
        raise ValueError("planted display failure")
    return real(self, area)

_simdisplay.SimDisplay._refresh_area = once_broken
import fuzz_app
sys.exit(fuzz_app.main(sys.argv[1:]))
"""


def test_a_crash_screen_fails_the_fuzz_with_its_seed(tmp_path):
    """An exception the firmware's crash screen catches is a failure: the
    run exits 1 and says the seed and how to replay it."""
    script = tmp_path / "broken.py"
    script.write_text(BROKEN_DISPLAY)
    p = subprocess.run([sys.executable, str(script), "--events", "400", "--board", "pybadge",
                        "--quiet"], capture_output=True, text=True, timeout=120, cwd=paths.ROOT)
    assert p.returncode == 1, p.stdout + p.stderr
    seed = int(p.stderr.split("fuzz_app: seed ")[1].split()[0])      # a new seed, said first
    assert p.stdout.startswith("FAIL (pybadge, seed %d): at event " % seed), p.stdout
    assert "the crash screen: ValueError: planted display failure" in p.stdout
    assert ("replay: .venv/bin/python tools/fuzz_app.py --events 400 --seed %d --board pybadge"
            % seed) in p.stdout


def test_the_skyscrapers_checker_catches_what_it_checks():
    """A checker that cannot fail would let anything through: break each
    invariant by hand and see it caught."""
    import fuzz_app
    import invariants

    from skyscrapers.deal import new_game
    chk = invariants.SkyChecker()
    g = new_game(5)
    chk.check(g)
    breaks = [
        lambda g: g.height.__setitem__(0, g.height[0] + 1),        # a tile from nowhere
        lambda g: g.coin.__setitem__(g.hole, 1),                   # the hole filled
        lambda g: g.pawn.__setitem__(g.ppos[0], 0),                 # a pawn lost
        lambda g: g.top.__setitem__(g.tcell[7], 20),                # a stack of two suits
    ]
    for brk in breaks:
        g = new_game(5)
        brk(g)
        with pytest.raises(fuzz_app.Failure):
            chk.check(g)
    g = new_game(5)
    chk.count = lambda g: 99          # the score no longer matches a fresh count
    with pytest.raises(fuzz_app.Failure, match="fresh count"):
        chk.check(g)


def test_count_counts_the_display_writes_and_puts_the_methods_back():
    """--count wraps the stand-ins' write methods for a run (the figures
    say how much of the board's drawing a fuzz run exercised)."""
    import bitmaptools
    import displayio
    import fuzz_app
    before = (displayio.Bitmap.__setitem__, displayio.TileGrid.__setitem__,
              displayio.Palette.__setitem__, bitmaptools.fill_region)
    c = fuzz_app.Counted()
    try:
        bm = displayio.Bitmap(4, 4, 4)
        pal = displayio.Palette(2)
        grid = displayio.TileGrid(bm, pixel_shader=pal, width=2, height=1, tile_width=2)
        bm[0, 0] = 1
        bm[1, 1] = 2
        grid[1] = 1
        pal[0] = 0x102030
        bitmaptools.fill_region(bm, 0, 0, 4, 4, 3)
        with pytest.raises(IndexError, match="x must be 0-3"):
            bm[4, 0] = 1                 # counted, and still refused
    finally:
        c.restore()
    assert c.n == {"pixels": 3, "tiles": 1, "colours": 1, "fills": 1}
    assert (displayio.Bitmap.__setitem__, displayio.TileGrid.__setitem__,
            displayio.Palette.__setitem__, bitmaptools.fill_region) == before
