"""The exact-score baselines (tools/exact.py): exact and exact2."""

import os
import subprocess
import sys

import exact
import pytest
import seeded
from aliencity_positions import build_turn, turn_of, unplay

import paths
from aliencity import record, scoring
from aliencity.geometry import NLOTS, NONE
from aliencity.moves import NO_CLAIM, build, claim
from prng import Rng

PY = sys.executable


def positions(cuts=(0, 9, 17, 25, 31, 34)):
    out = []
    for seed in range(6):
        rules, op, lb = seeded.OPTIONS[seed % len(seeded.OPTIONS)]
        for cut in cuts:
            g = seeded.random_game(seed, rules, op, lb, stop_at=cut)
            if not g.over():
                out.append(g)
    return out


def snapshot(g):
    return record.write(g), bytes(g.lots), g.to_move, bytes(g.caps)


def test_tower_points_are_what_the_rules_pay_a_claimed_tower():
    """For every unclaimed tower: its points as the baselines count them
    equal the points scoring.score gives it once it is claimed."""
    s = exact.Scratch()
    checked = 0
    for g in positions():
        n = g.nbuilds
        g.apply(_first_build(g))
        if g.claiming():
            p = g.builder()
            for pts, lot in exact.unclaimed_points(g, s):
                g.apply(claim(lot))
                want = next(t.points for t in scoring.score(g).towers if t.lot == lot)
                g.undo()
                assert pts == want, (record.write(g), lot)
                checked += 1
            assert g.builder() == p
        while g.nbuilds > n:
            g.undo()
    assert checked > 20


def _first_build(g):
    from array import array
    buf = array("H", [0] * 560)
    g.legal(buf)
    return buf[0]


def test_evaluate_is_the_exact_difference_plus_half_the_best_towers():
    s = exact.Scratch()
    seen_pot = 0
    for g in positions():
        p = g.to_move
        t = scoring.score(g).totals
        v = exact.evaluate(g, p, s)
        pts = [x[0] for x in exact.unclaimed_points(g, s)]
        kp = min(g.caps[p], exact.pieces_left(g, p))
        kq = min(g.caps[1 - p], exact.pieces_left(g, 1 - p))
        assert v == t[p] - t[1 - p] + (sum(pts[:kp]) - sum(pts[:kq])) / 2
        seen_pot += kp != kq and bool(pts)
    assert seen_pot > 3
    done = seeded.random_game(7)
    assert done.over()
    t = scoring.score(done).totals
    assert exact.evaluate(done, 0, s) == t[0] - t[1]  # nothing left to claim


@pytest.mark.parametrize("which", ["exact", "exact2"])
def test_baselines_play_legal_moves_and_leave_the_game_alone(which):
    rng = Rng(2)
    s = exact.Scratch()
    caps = 0
    for g in positions():
        before = snapshot(g)
        if which == "exact":
            kind, lot, cap = turn_of(g, lambda g: exact.choose(g, rng, s))
        else:
            kind, lot, cap = turn_of(g, lambda g: exact.choose2(g, rng, 10 ** 15, lambda: 0, s))
        assert snapshot(g) == before
        assert g.why_not(build(kind, lot)) is None
        build_turn(g, kind, lot, cap)  # raises on an illegal claim
        caps += cap != NONE
        unplay(g)
    assert caps > 0 or which == "exact2"  # exact2's late claims: tested below


def test_exact_caps_at_20_or_when_its_caps_would_go_unused():
    s = exact.Scratch()
    rng = Rng(4)
    capped = held = 0
    for g in positions(cuts=(9, 15, 21, 27, 31, 33, 35)):
        p = g.to_move
        kind, lot, cap = turn_of(g, lambda g: exact.choose(g, rng, s))
        g.apply(build(kind, lot))
        if g.claiming():
            base = scoring.score(g).totals
            gains = []
            for v in range(NLOTS):
                if g.claimable(v):
                    g.apply(claim(v))
                    t = scoring.score(g).totals
                    g.undo()
                    gains.append(t[p] - t[1 - p] - base[p] + base[1 - p])
            forced = g.caps[p] >= exact.pieces_left(g, p)
            if gains and (max(gains) >= 20 or forced):
                assert cap != NONE
                g.apply(claim(cap))
                t = scoring.score(g).totals
                assert t[p] - t[1 - p] - base[p] + base[1 - p] == max(gains)
                capped += 1
            else:
                assert cap == NONE
                held += bool(gains)
        unplay(g)
    assert capped > 3 and held > 3, (capped, held)


def _brute(g, p, s, late):
    """exact2's two-ply value, without pruning."""
    best = None
    n = g.legal(s.moves)
    for m in list(s.moves[:n]):
        g.apply(m)
        opened = g.claiming()
        opts = [NONE]
        if late and opened:
            opts = [v for _, v in exact.unclaimed_points(g, s)[:exact.CHOICES]]
        for cap in opts:
            if opened:
                g.apply(NO_CLAIM if cap == NONE else claim(cap))
            if g.over() or g.to_move == p:
                v = exact.evaluate(g, p, s)
            else:
                k = g.legal(s.replies)
                low = None
                for r in list(s.replies[:k]):
                    g.apply(r)
                    x = exact.evaluate(g, p, s)
                    g.undo()
                    low = x if low is None else min(low, x)
                v = low
            if opened:
                g.undo()       # the claim, or none
            best = v if best is None else max(best, v)
        unplay(g)
    return best


def test_exact2_finds_the_two_ply_best_and_claims_late():
    s = exact.Scratch()
    rng = Rng(6)
    claims = 0
    tried = 0
    for seed in range(4):
        full = seeded.random_game(seed)
        g = seeded.random_game(seed, stop_at=full.nbuilds - 7)
        g.caps[0] = g.caps[1] = 3  # the random game may have used them
        if g.over():
            continue
        p = g.to_move
        late = exact.pieces_left(g, p) <= 3 + exact.LATE
        kind, lot, cap = turn_of(g, lambda g: exact.choose2(g, rng, 10 ** 15, lambda: 0, s))
        build_turn(g, kind, lot, cap)
        claims += cap != NONE
        assert late or cap == NONE
        got = _brute_line(g, p, s)
        unplay(g)
        assert got == _brute(g, p, s, late), record.write(g)
        tried += 1
    assert tried >= 3 and claims >= 1


def _brute_line(g, p, s):
    """Value of the move just played (the reply's worst for p)."""
    if g.over() or g.to_move == p:
        return exact.evaluate(g, p, s)
    k = g.legal(s.replies)
    vals = []
    for r in list(s.replies[:k]):
        g.apply(r)
        vals.append(exact.evaluate(g, p, s))
        g.undo()
    return min(vals)


def test_exact2_holds_its_caps_early_and_stops_at_its_deadline():
    s = exact.Scratch()
    ticks = [0]

    def now():
        ticks[0] += 1000
        return ticks[0]

    for g in positions(cuts=(9, 17)):
        ticks[0] = 0
        m = exact.choose2(g, Rng(1), 30000, now, s)
        assert ticks[0] <= 32000  # the first reading past 30 ms ends it
        assert g.why_not(m) is None
        g.apply(m)
        if g.claiming():
            assert exact.choose2(g, Rng(1), 30000, now, s) == NO_CLAIM  # 10 or more pieces left
        unplay(g)


def test_arena_plays_the_baselines_with_their_own_budgets():
    r = subprocess.run([PY, os.path.join(paths.ROOT, "tools", "arena.py"),
                        "--a", "exact", "--b", "exact2", "--games", "2", "--jobs", "2",
                        "--quiet", "--seconds", "0.05", "--b-seconds", "0.1"],
                       text=True, capture_output=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "seconds 0.05/0.1" in r.stdout and "ERROR" not in r.stdout


def test_engine_protocol_plays_the_baselines(tmp_path):
    g = seeded.random_game(3, stop_at=20)
    f = tmp_path / "pos.txt"
    f.write_text(record.write(g))
    for level in ("exact", "exact2"):
        r = subprocess.run([PY, os.path.join(paths.ROOT, "tools", "engine.py"),
                            "--level", level, "--seconds", "0.2"],
                           input="position %s\ngo\nquit\n" % f, text=True,
                           capture_output=True, timeout=120)
        assert r.returncode == 0 and r.stdout.startswith("bestmove"), r.stdout + r.stderr
