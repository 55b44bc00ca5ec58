"""The MicroPython lane for the Alien City engine: the firmware runs under the
real MicroPython VM (device-sized heap and Python stack) and must give
exactly the results CPython gives."""

import os

import mpylane
import pytest
import seeded

import paths
from aliencity import record

SEEDS = (11, 12, 13, 14, 15, 16, 17, 18)


@pytest.fixture(scope="module")
def lane_files():
    mpylane.require_or_skip()
    files = mpylane.firmware_files()
    with open(os.path.join(paths.ROOT, "tools", "seeded.py")) as f:
        files["seeded.py"] = f.read()
    return files


def _cpython_games():
    out = []
    for seed in SEEDS:
        rules, op, lb = seeded.OPTIONS[seed % len(seeded.OPTIONS)]
        out.append(seeded.describe(seeded.random_game(seed, rules, op, lb)))
    return out


def test_seeded_games_match_cpython(lane_files):
    script = """
import gc, asyncio
from seeded import OPTIONS, random_game, describe
for seed in %r:
    rules, op, lb = OPTIONS[seed %% len(OPTIONS)]
    print(describe(random_game(seed, rules, op, lb)))
    print("=====")
    gc.collect(); await asyncio.sleep(0)   # the VM frees garbage only here
""" % (SEEDS,)
    out = mpylane.run_ok(script, files=lane_files)
    games = [g.strip("\n") for g in out.split("=====\n") if g.strip()]
    expected = _cpython_games()
    assert len(games) == len(SEEDS)
    for got, want in zip(games, expected):
        assert got == want
    # The games really were played to the end, with claims and scores.
    for g in games:
        assert g.endswith("over 1")
        assert "cap" in g and "tower" in g


def test_seeded_deal_matches_cpython(lane_files):
    from aliencity.deal import deal

    script = """
from aliencity.deal import deal
for seed in (0, 1, 99, 123456789):
    for rules in (0, 1):
        t, i, v, f, rolls = deal(seed, rules)
        print(list(t), list(i), list(v), f, [(list(a), list(b)) for a, b in rolls])
"""
    out = mpylane.run_ok(script, files=lane_files).splitlines()
    want = []
    for seed in (0, 1, 99, 123456789):
        for rules in (0, 1):
            t, i, v, f, rolls = deal(seed, rules)
            want.append("%s %s %s %s %s" % (list(t), list(i), list(v), f,
                                             [(list(a), list(b)) for a, b in rolls]))
    assert out == want


def test_record_errors_match_cpython(lane_files):
    good = seeded.random_game(21, 1, False, True)
    text = record.write(good)
    lines = text.splitlines()
    # A malformed tile, an illegal move (build on a taken lot), and a good one.
    bad_tile = "\n".join([lines[0], lines[1], lines[3].replace("tiles ", "tiles X9", 1)])
    assert lines[3].startswith("tiles") and lines[5].startswith(("W", "B"))
    taken = lines[5].split()[2]
    illegal = "\n".join(lines[:6] + ["%s DK %s" % (lines[6].split()[0], taken)])
    cases = [text, bad_tile, illegal]
    script = """
from aliencity import record
for text in %r:
    try:
        rec = record.read(text.splitlines())
        g, err = record.replay(rec)
        print("ERR", err, g.nbuilds)
    except record.RecordError as e:
        print("BAD", e.line, e.problem)
""" % (cases,)
    out = mpylane.run_ok(script, files=lane_files).splitlines()
    want = []
    for case in cases:
        try:
            rec = record.read(case.splitlines())
            g, err = record.replay(rec)
            want.append("ERR %s %d" % (err, g.nbuilds))
        except record.RecordError as e:
            want.append("BAD %d %s" % (e.line, e.problem))
    assert out == want
    assert out[0].startswith("ERR None")
    assert out[1].startswith("BAD 3 ")  # the tiles line
    assert out[2].startswith("ERR (2, 7,") and "already built on" in out[2]
