"""Computer opponents (firmware/aliencity/ai.py), the greedy baseline, the
engine protocol (tools/engine.py) and the arena (tools/arena.py)."""

import os
import subprocess
import sys

import mpylane
import pytest
import seeded
from aliencity_positions import build_turn, turn_of, unplay

import paths
from aliencity import ai, record
from aliencity.geometry import NLOTS, NONE
from aliencity.moves import NO_CLAIM, build, kind_of, lot_of
from prng import Rng

PY = sys.executable
LEVELS = ai.LEVELS


def positions():
    """Positions from seeded random games over every rule option, from the
    first build to the last few."""
    out = []
    for seed in range(8):
        rules, op, lb = seeded.OPTIONS[seed % len(seeded.OPTIONS)]
        for cut in (0, 7, 15, 23, 29, 33, 36):
            g = seeded.random_game(seed, rules, op, lb, stop_at=cut)
            if not g.over():
                out.append(g)
    return out


def unclaimed_towers(g):
    return [v for v in range(NLOTS)
            if g.claimable(v)]


def ai_turn(g, level, rng, **kw):
    """The level's build and its claim (kind, lot, cap), the game left as found."""
    return turn_of(g, lambda g: ai.choose(g, level, rng, **kw))


def check_move(g, kind, lot, cap):
    """The move is legal, the claim too; play it (the caller unplays)."""
    assert g.why_not(build(kind, lot)) is None
    build_turn(g, kind, lot, cap)  # raises ValueError on an illegal claim
    if cap != NONE:
        assert g.owner_at(cap) == g.builder()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_and_leaves_the_game_alone(level):
    rng = Rng(5)
    caps = 0
    for g in positions():
        before = record.write(g), bytes(g.lots), g.to_move
        m = ai.choose(g, level, rng)
        assert (record.write(g), bytes(g.lots), g.to_move) == before
        assert g.why_not(m) is None
        g.apply(m)
        cap = NONE
        if g.claiming():       # the claim it chose with the build
            c = ai.choose(g, level, rng)
            assert g.why_not(c) is None
            g.apply(c)
            cap = lot_of(c)
            if cap != NONE:
                assert g.owner_at(cap) == g.builder()
        caps += cap != NONE
        unplay(g)
    if level != "random":
        assert caps > 0  # the levels do claim towers


@pytest.mark.parametrize("level", LEVELS)
def test_no_claim_on_the_last_build(level):
    """Near the end of many games: whenever the chosen build ends the game,
    no claim comes with it (and such positions really were met, with caps
    and towers to claim)."""
    rng = Rng(9)
    met = 0
    for seed in range(40, 64):
        rules, op, lb = seeded.OPTIONS[seed % len(seeded.OPTIONS)]
        full = seeded.random_game(seed, rules, op, lb)
        end = full.nbuilds
        for cut in (end - 1, end - 2):
            g = seeded.random_game(seed, rules, op, lb, stop_at=cut)
            # Give the player to move caps back so a claim is tempting.
            g.caps[g.to_move] = 3
            kind, lot, cap = ai_turn(g, level, rng)
            check_move(g, kind, lot, cap)
            if g.over():
                assert cap == NONE and not g.claiming()
                if unclaimed_towers(g):
                    met += 1
            unplay(g)
    assert met >= 5


def test_medium_and_hard_claim_a_winning_tower_now_at_the_end():
    """One build before the end, an open tower worth points must be capped
    by the strong levels (caps left are worth nothing afterwards)."""
    rng = Rng(1)
    tried = 0
    for seed in range(40, 70):
        full = seeded.random_game(seed)
        g = seeded.random_game(seed, stop_at=full.nbuilds - 2)
        g.caps[0] = g.caps[1] = 3
        if g.over() or not unclaimed_towers(g):
            continue
        for level in ("medium", "hard"):
            kind, lot, cap = ai_turn(g, level, rng)
            g.apply(build(kind, lot))
            last = g.over()
            g.undo()
            if not last:
                tried += 1
                assert cap != NONE, (seed, level)
    assert tried >= 4


def test_medium_and_hard_hold_their_caps_until_late(monkeypatch):
    """Early in the game, with towers worth capping at hand, the strong
    levels keep their caps (a tower capped before its same-colour rivals
    are built loses its distance); claiming at any time
    (``HARD_LATE``/``MEDIUM_LATE`` -1) they would cap some of the same
    positions, so the positions do tempt them."""
    early = []
    for seed in range(12):
        rules, op, lb = seeded.OPTIONS[seed % len(seeded.OPTIONS)]
        for cut in (6, 10, 14):
            g = seeded.random_game(seed, rules, op, lb, stop_at=cut)
            p = g.to_move
            if g.caps[p] and ai._left(g, p) > g.caps[p] + ai.HARD_LATE:
                early.append(g)
    assert len(early) >= 20
    for level in ("medium", "hard"):
        for g in early:
            assert ai_turn(g, level, Rng(3))[2] == NONE, level
    monkeypatch.setattr(ai, "HARD_LATE", -1)
    monkeypatch.setattr(ai, "MEDIUM_LATE", -1)
    for level in ("medium", "hard"):
        caps = sum(ai_turn(g, level, Rng(3))[2] != NONE for g in early)
        assert caps >= len(early) // 2, (level, caps)


def test_hard_respects_its_deadline_and_should_stop():
    g = positions()[9]
    # A fake clock that moves 1 ms per reading: the search must stop soon
    # after the deadline (in readings, not wall time, so load cannot flake).
    ticks = [0]

    def now():
        ticks[0] += 1000
        return ticks[0]

    m = ai.choose(g, "hard", Rng(2), deadline_us=20000, now_us=now)
    with_deadline = ticks[0] // 1000
    ticks[0] = 0
    ai.choose(g, "hard", Rng(2), deadline_us=10 ** 12, now_us=now)
    unlimited = ticks[0] // 1000
    assert unlimited > 25, unlimited  # the full search reads the clock many times ...
    assert with_deadline <= 22, with_deadline  # ... but stops at the first reading past 20 ms
    assert g.why_not(m) is None
    calls = []
    frac = []
    m = ai.choose(g, "hard", Rng(2), should_stop=lambda: calls.append(1) or True,
                  progress=frac.append)
    assert calls and frac and frac[-1] == 1
    assert g.why_not(m) is None


def test_levels_differ_and_random_is_random():
    g = positions()[3]
    rng = Rng(4)
    picks = {ai_turn(g, "random", rng) for _ in range(12)}
    assert len(picks) > 3
    with pytest.raises(ValueError):
        ai.choose(g, "grandmaster", rng)


def test_greedy_baseline():
    import greedy

    rng = Rng(3)
    claimed = 0
    for g in positions()[:12]:
        kind, lot, cap = turn_of(g, lambda g: greedy.choose(g, rng))
        check_move(g, kind, lot, cap)
        claimed += cap != NONE
        unplay(g)
    assert claimed > 0


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_claims_after_a_build_it_did_not_choose(level):
    """At the claim point after another player's build (a human's, before a
    hint; a game read back) a level answers with a legal claim or
    NO_CLAIM, judged on the position as it is; medium's and hard's are the
    claims their search makes with that build (the one judgement)."""
    rng = Rng(6)
    answered = set()
    for g in positions():
        n = g.nbuilds
        m = ai.choose(g, level, rng)
        g.apply(m)
        if g.claiming():
            planned = ai.choose(g, level, rng)     # chosen with the build
            assert g.why_not(planned) is None
            c = ai.choose(g, level, rng)            # no plan now: judged afresh
            assert g.why_not(c) is None
            answered.add(c == NO_CLAIM)
            if level in ("medium", "hard"):
                assert c == planned
        while g.nbuilds > n:
            g.undo()
    assert answered


# -- the engine protocol --------------------------------------------------------


def run_engine(lines, *args):
    r = subprocess.run([PY, os.path.join(paths.ROOT, "tools", "engine.py"), *args],
                       input="\n".join(lines) + "\n", text=True,
                       capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    return r.stdout.splitlines()


def test_engine_protocol(tmp_path):
    g = seeded.random_game(3, stop_at=12)
    good = tmp_path / "good.txt"
    good.write_text(record.write(g))
    bad = tmp_path / "bad.txt"
    bad.write_text("alien-city 1\nrules nonsense\n")
    done = tmp_path / "done.txt"
    done.write_text(record.write(seeded.random_game(4)))
    out = run_engine(["go", "hello", "position", "position %s" % (tmp_path / "nope.txt"),
                      "position %s" % bad, "position %s" % done, "go",
                      "position %s" % good, "go", "quit", "go"],
                     "--level", "hard", "--seconds", "0.5")
    assert [o.split()[0] for o in out] == ["error"] * 6 + ["bestmove"]
    assert "line 2" in out[4]
    assert "over" in out[5]
    toks = out[6].split()
    from aliencity.moves import parse_kind, parse_lot
    kind, lot = parse_kind(toks[1]), parse_lot(toks[2])
    cap = parse_lot(toks[4]) if len(toks) > 3 else NONE
    assert len(toks) in (3, 5) and (len(toks) == 3 or toks[3] == "cap")
    check_move(g, kind, lot, cap)


def test_engine_reports_an_illegal_record(tmp_path):
    g = seeded.random_game(3, stop_at=6)
    text = record.write(g)
    last = text.splitlines()[-1].split()
    text += "%s DK %s\n" % ("WB"[g.to_move], last[2])  # a taken lot
    f = tmp_path / "illegal.txt"
    f.write_text(text)
    out = run_engine(["position %s" % f, "go"], "--level", "easy")
    assert out[0].startswith("error") and "already built on" in out[0]
    assert out[1].startswith("error no position")


# -- the arena ----------------------------------------------------------------------


def test_arena_small_match_saves_replayable_records(tmp_path):
    r = subprocess.run([PY, os.path.join(paths.ROOT, "tools", "arena.py"),
                        "--a", "easy", "--b", "random", "--games", "4", "--jobs", "2",
                        "--quiet", "--save", str(tmp_path)],
                       text=True, capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "A wins" in r.stdout and "95% CI" in r.stdout
    files = sorted(os.listdir(tmp_path))
    assert len(files) == 4
    for name in files:
        rec = record.read((tmp_path / name).read_text().splitlines())
        g, err = record.replay(rec)
        assert err is None and g.over()


def test_arena_plays_an_external_engine(tmp_path):
    cmd = "%s %s --level random" % (PY, os.path.join(paths.ROOT, "tools", "engine.py"))
    r = subprocess.run([PY, os.path.join(paths.ROOT, "tools", "arena.py"),
                        "--a", cmd, "--b", "easy", "--games", "2", "--jobs", "1",
                        "--quiet"], text=True, capture_output=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "games=2" in r.stdout and "ERROR" not in r.stdout


def test_arena_set_overrides_a_constant_and_names_a_bad_one():
    arena = [PY, os.path.join(paths.ROOT, "tools", "arena.py"), "--a", "medium",
             "--b", "easy", "--games", "2", "--jobs", "2", "--quiet"]
    r = subprocess.run(arena + ["--set", "ai.MEDIUM_K=1"], text=True,
                       capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "ai.MEDIUM_K=1" in r.stdout.splitlines()[0]
    for bad in ("ai.NO_SUCH=1", "ai.HARD_K=x", "HARD_K=3", "nomodule.K=1"):
        r = subprocess.run(arena + ["--set", bad], text=True, capture_output=True,
                           timeout=60)
        assert r.returncode == 2 and "--set" in r.stderr and "A wins" not in r.stdout, bad


def test_arena_apply_settings_changes_the_module():
    import arena_aliencity

    k = ai.HARD_K
    try:
        arena_aliencity.apply_settings(["ai.HARD_K=5"])
        assert ai.HARD_K == 5
    finally:
        ai.HARD_K = k


def test_arena_interval():
    import intervals

    p, lo, hi = intervals.interval(150, 200)
    assert p == 0.75 and lo < 0.75 < hi and hi - lo < 0.13
    p, lo, hi = intervals.interval(200, 200)
    assert p == 1.0 and hi == 1.0 and 0.95 < lo < 1.0


# -- the MicroPython lane --------------------------------------------------------------


def test_levels_in_micropython_match_cpython():
    """Every level, in the real MicroPython VM with the board's heap, picks
    exactly the move CPython picks (no deadline: the search is the same)."""
    mpylane.require_or_skip()
    files = mpylane.firmware_files()
    with open(os.path.join(paths.ROOT, "tools", "seeded.py")) as f:
        files["seeded.py"] = f.read()
    cases = [(21, 5), (22, 18), (23, 30)]
    script = """
import gc, asyncio
from seeded import OPTIONS, random_game
from aliencity import ai
from prng import Rng
for seed, cut in %r:
    g = random_game(seed, OPTIONS[seed %% 4][0], OPTIONS[seed %% 4][1], OPTIONS[seed %% 4][2], stop_at=cut)
    for level in ai.LEVELS:
        print(seed, level, ai.choose(g, level, Rng(seed)))
        gc.collect(); await asyncio.sleep(0)
""" % (cases,)
    out = mpylane.run_ok(script, files=files, timeout=300).splitlines()
    want = []
    for seed, cut in cases:
        r, op, lb = seeded.OPTIONS[seed % 4]
        g = seeded.random_game(seed, r, op, lb, stop_at=cut)
        for level in LEVELS:
            want.append("%d %s %s" % (seed, level, ai.choose(g, level, Rng(seed))))
    assert out == want


def test_cheap_tables_see_a_build_block_its_street_lot():
    """The cheap judgement of a build (no play) against measuring the
    position after it, both scored as if the game ended there: with the
    build's lot taken out of the streets they agree on most builds (what
    is left: longer paths to the competition through that lot)."""
    from array import array

    from aliencity.ai_eval import Tables
    from aliencity.geometry import KIND_COLOUR

    buf = array("H", [0] * 560)
    t, t2 = Tables(), Tables()
    total = wrong = 0
    for seed in range(4):
        for cut in (8, 16, 24, 30):
            g = seeded.random_game(seed, stop_at=cut)
            if g.over():
                continue
            p = g.to_move
            n = g.legal(buf)
            t.setup(g, True)
            for i in range(n):
                kind, lot = kind_of(buf[i]), lot_of(buf[i])
                t.begin()
                if kind >= 3:
                    t.try_dome(lot, KIND_COLOUR[kind])
                else:
                    t.try_tower(lot, KIND_COLOUR[kind])
                cheap = t.value(p, 1 - p)
                g.apply(buf[i])
                t2.setup(g, True)
                t2.begin()
                exact = t2.value(p, 1 - p)
                g.undo()
                total += 1
                wrong += cheap != exact
    assert total > 500
    assert wrong < total * 0.08, (wrong, total)  # 11% before the blocking


def _standard_positions():
    """Seeded positions under the standard street rule (every empty lot is
    street), mid and late game."""
    out = []
    for seed in range(6):
        for cut in (10, 18, 26, 32):
            g = seeded.random_game(seed, stop_at=cut)
            if not g.over():
                out.append(g)
    return out


def test_walls_reach_is_the_distance_to_the_competition_with_the_lot_blocked():
    """Tables._reach (the BFS the walls term runs with one street lot taken
    out) against the position measured after a dome is really built there:
    the same distance to the nearest rival for every tower, on every dome
    build of every position. And the walls term is not always zero."""
    from array import array

    from aliencity.ai_eval import FAR, Tables

    buf = array("H", [0] * 560)
    t, t2 = Tables(), Tables()
    checked = longer = 0
    gains = 0
    for g in _standard_positions():
        t.paths = True
        t.setup(g)
        n = g.legal(buf)
        for k in range(n):
            kind, lot = kind_of(buf[k]), lot_of(buf[k])
            if kind < 3:
                continue
            g.apply(buf[k])
            t2.setup(g)
            for i in range(t.n):
                assert t._reach(i) == t.tcomp[i]  # nothing blocked
                t.st[lot] = 0
                got = t._reach(i)
                t.st[lot] = 1
                j = next(x for x in range(t2.n) if t2.tlot[x] == t.tlot[i])
                assert got == t2.tcomp[j], (record.write(g), lot, t.tlot[i])
                checked += 1
                longer += t.tcomp[i] < got < FAR
            g.undo()
            gains += t.path_gain(lot) != 0
    assert checked > 1000 and longer > 20 and gains > 5, (checked, longer, gains)


def test_open_lots_near_a_tower_counted_the_same_both_ways():
    """The customers to come (street lots within 3 of a tower, where a
    build would be a customer) are counted by the position's tables and by
    the walk a candidate build uses (_near): both give the same numbers,
    and the hard level's value counts them while builds are left."""
    from aliencity.ai_eval import Tables

    assert ai.HARD_POT > 0
    t = Tables()
    seen = cands = changed = 0
    for g in _standard_positions():
        t.setup(g)
        for i in range(t.n):
            cust = t._near(t.tlot[i], t.tcol[i])
            assert (cust, t.pot) == (t.tcust[i], t.tpot[i]), record.write(g)
            seen += t.tpot[i] > 0
        p = g.to_move
        t.begin()
        t.potf = 0
        v0 = t.value(p, 1 - p)
        t.potf = ai.HARD_POT
        if any(t.cown[i] < 2 and t.tpot[i] for i in range(t.n)):
            # Both players' open lots may cancel out, so not every time.
            cands += 1
            changed += t.value(p, 1 - p) != v0
        t.potf = 0
    assert seen > 20 and changed > 5 and 2 * changed >= cands, (seen, cands, changed)


def test_a_search_makes_little_garbage_in_micropython():
    """A legal build and its undo allocate nothing in the MicroPython VM
    (the search plays thousands), so a full hard search, with no deadline
    to cut it, allocates well under a KB besides its buffers: the 16 KB
    limit holds however far the search gets on a given board."""
    mpylane.require_or_skip()
    files = mpylane.firmware_files()
    with open(os.path.join(paths.ROOT, "tools", "seeded.py")) as f:
        files["seeded.py"] = f.read()
    script = """
import gc, asyncio
from seeded import OPTIONS, random_game
from aliencity import ai
from prng import Rng
r, op, lb = OPTIONS[1]
g = random_game(1, r, op, lb, stop_at=10)
moves = ai.brain().buf
n = g.legal(moves)
rng = Rng(1)
i = 0               # every global exists before we count (a new one grows the dict)
a = 0
gc.collect(); await asyncio.sleep(0); gc.collect()
a = gc.mem_alloc()
while i < n:        # no range object: only the engine may allocate here
    g.apply(moves[i])
    g.undo()
    i += 1
print("play", gc.mem_alloc() - a)
gc.collect(); await asyncio.sleep(0); gc.collect()
a = gc.mem_alloc()
ai.choose(g, "hard", rng)
print("hard", gc.mem_alloc() - a)
"""
    out = dict(line.split() for line in
               mpylane.run_ok(script, files=files, timeout=300).splitlines())
    assert int(out["play"]) == 0
    assert int(out["hard"]) < 1024


# -- the engine seam ----------------------------------------------------------------------


class _Guarded(bytearray):
    """An engine array that only the engine's own moves may write."""

    inside = [0]

    def __setitem__(self, i, v):
        assert _Guarded.inside[0], "written outside the engine"
        super().__setitem__(i, v)


def _guard(g):
    for name in ("lots", "tcount", "supply", "caps", "hist"):
        setattr(g, name, _Guarded(getattr(g, name)))
    for meth in ("apply", "undo"):
        setattr(g, meth, _opened(getattr(g, meth)))
    return g


def _opened(f):
    def wrapped(*args):
        _Guarded.inside[0] += 1
        try:
            return f(*args)
        finally:
            _Guarded.inside[0] -= 1
    return wrapped


def test_players_never_write_the_engines_arrays():
    """Every level and the desktop baselines only ask the engine and play
    through it: writing a position array outside apply/undo
    fails. (The AI before the seam wrote trial builds into game.lots.)"""
    import exact
    import greedy

    s = exact.Scratch()
    for g in positions()[::3]:
        _guard(g)
        before = record.write(g), bytes(g.lots)
        for level in LEVELS:
            ai_turn(g, level, Rng(1))
        turn_of(g, lambda g: greedy.choose(g, Rng(1)))
        turn_of(g, lambda g: exact.choose(g, Rng(1), s))
        turn_of(g, lambda g: exact.choose2(g, Rng(1), 10 ** 15, lambda: 0, s))
        assert (record.write(g), bytes(g.lots)) == before


# -- the search's buffers -----------------------------------------------------------------


def _cities():
    """Dealt cities and hand-made ones: all black, all red, mixed."""
    from aliencity_positions import city

    from aliencity.deal import new_game
    games = [new_game(seed) for seed in (1, 7, 12345)]
    for tiles in ("K" * 20, "R" * 20, "RBGK" * 5, "KKKKK" + "RRRRR" + "BBBB" + "GGGGGG"):
        games.append(city(tiles))
    return games


def test_the_buffers_hold_every_legal_build_of_the_city():
    """ai.most_builds, which sizes the search's move buffers, is at least
    what legal() lists in every position met, and the derivation it rests
    on holds lot by lot: a free lot has at most 4 + k builds on a black
    tile or on one holding 2 structures, 2 + k on another (k: the
    colours with no buildable lot, whose domes go anywhere)."""
    from array import array

    from aliencity.engine import MAX_MOVES
    from aliencity.geometry import LOT_TILE, TILE_LOTS

    assert ai.most_builds(ai._DEALT) == 220  # what the brain of a dealt city holds
    assert ai.most_builds(bytes(20)) == 400 and ai.most_builds(b"\x03" * 20) == MAX_MOVES
    buf = array("H", bytes(2 * MAX_MOVES))
    checked = 0
    for seed, g in enumerate(_cities()):
        most = ai.most_builds(g.tcol)
        rng = Rng(seed + 3)
        while not g.over():
            n = g.legal(buf)
            if not g.claiming():
                assert n <= most
                per_lot = {}
                for m in buf[:n]:
                    per_lot[lot_of(m)] = per_lot.get(lot_of(m), 0) + 1
                k = 4 - len({g.tcol[LOT_TILE[v]] for v in per_lot})
                for v, c in per_lot.items():
                    t = LOT_TILE[v]
                    built = sum(g.kind_at(TILE_LOTS[4 * t + i]) >= 0 for i in range(4))
                    assert c <= (4 if g.tcol[t] == 3 or built >= 2 else 2) + k, (v, c, k)
                checked += 1
            g.apply(buf[rng.below(n)])
    assert checked > 200
