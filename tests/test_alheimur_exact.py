"""Alheimur's exact baseline (tools/exact_alheimur.py) and the computer players'
judgement measured against the engine (firmware/alheimur/ai_eval.py): the
dice odds are the rule text's, the projected scores are scoring.py's, the
survival projection is the engine's survival check, trying actions leaves
the game (state, undo snapshot and log) as it was; exact plays whole
games the referee accepts; the arena counts several seats of one level."""

import contextlib
import io
import os
import subprocess
import sys
from array import array
from fractions import Fraction
from itertools import product

import arena
import arena_alheimur
import exact_alheimur
import pytest
import seeded_alheimur

from alheimur import ai, ai_eval, record
from alheimur.actions import MAX_ACTIONS, P_DEAL, P_SURVIVE, owner
from alheimur.deal import new_game, shuffle
from alheimur.engine import CHANCE
from alheimur.scoring import score
from prng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_VENV_PY = os.path.join(ROOT, ".venv", "bin", "python")
PYTHON = _VENV_PY if os.path.exists(_VENV_PY) else sys.executable


def _net_by_enumeration(dice, need, defence):
    """Chances of 0..3 net hits, every roll of the dice enumerated."""
    out = [Fraction(0)] * 4
    for roll in product(range(1, 7), repeat=dice):
        hits = sum(1 for v in roll if v >= need)
        if not hits:
            out[0] += Fraction(1, 6 ** dice)
            continue
        for dfn in product(range(1, 7), repeat=defence):
            net = max(0, hits - sum(1 for v in dfn if v == 6))
            out[net] += Fraction(1, 6 ** (dice + defence))
    return out


def test_the_dice_odds_are_the_rule_texts():
    """Net hits of a shot (hits on 6, 5-6 or 4-6 by ship and target, each
    defence six cancelling one): the baseline's chances are exact and the
    firmware's table is them in 255ths."""
    for dice in (1, 2, 3):
        for need in (4, 5, 6):
            for defence in (1, 2, 3):
                want = _net_by_enumeration(dice, need, defence)
                got = exact_alheimur.net_hits(dice, need, defence)
                assert all(abs(float(w) - g) < 1e-12 for w, g in zip(want, got))
                i = ((dice - 1) * 3 + need - 4) * 12 + (defence - 1) * 4
                for k in range(4):
                    assert abs(ai_eval.NET[i + k] - float(want[k]) * 255) <= 0.5001


def _positions(cuts=(80, 160, 260, 380), seeds=((3, 2), (37, 4), (5, 8), (30, 3))):
    for seed, np in seeds:
        for cut in cuts:
            g = seeded_alheimur.play(seed, np, 20, cut)
            if not g.over() and g.phase() > 3:
                yield g


def test_the_judgement_scores_as_scoring_does():
    """With every survival check left out (the worlds as they stand), the
    judgement's totals are scoring.py's."""
    e = ai_eval.Eval()
    seen = 0
    for g in _positions():
        e.prepare(g, bytes(len(ai.HARD_W)))   # no stable bonus, no missions, no battles
        for w in range(g.nworlds()):
            e.judge(g, w, w)
        e.score(g)
        sc = score(g)
        assert list(e.n[:g.nplayers()]) == sc.totals     # the totals come first in e.n
        seen += 1
    assert seen >= 10


def test_the_survival_projection_is_the_engines_check():
    """At a survival point (nothing left to fix), the projection of the
    worlds the player to move checks is what the engine's check leaves."""
    checked = 0
    for seed, np in ((3, 2), (37, 4), (5, 8), (30, 3), (41, 4), (2, 6)):
        buf = array("H", bytes(2 * MAX_ACTIONS))
        for cut in range(40, 400, 9):
            g = seeded_alheimur.play(seed, np, 20, cut, buf=buf)
            if g.over() or g.phase() != P_SURVIVE:
                continue
            e = ai_eval.Eval()
            e.prepare(g, ai.HARD_W)
            before = g.state()
            e.project(g, 255)
            projected = bytes(g.surf)
            g.load(before)
            p = g.current()
            mine = [w for w in range(g.nworlds())
                    if any(owner(g.piece(w, t)) == p and g.piece(w, t)
                           for t in range(g.nterr[w]))]
            g.apply(g.legal(buf) and buf[0])   # SURVIVE
            for w in mine:
                assert projected[w * 16:w * 16 + 16] == bytes(g.surf[w * 16:w * 16 + 16])
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("level", ("hard", "easy", "exact"))
def test_trying_actions_leaves_the_game_alone(level):
    """State, undo snapshot and log, the engine's list of legal actions:
    all as they were after a level chose (the engine's list passed as the
    buffer, as the device does)."""
    sc = exact_alheimur.Scratch()
    for g in _positions(cuts=(60, 150, 300)):
        n = g.legal(g.sbuf)
        if n < 2:
            continue
        state, snap, nlog = g.state(), bytes(g.snap), g.nlog
        listed = list(g.sbuf[:n])
        if level == "exact":
            a = exact_alheimur.choose(g, Rng(1), g.sbuf, n, sc)
        else:
            a = ai.LEVELS[level](g, Rng(1), g.sbuf, n)
        assert (g.state(), bytes(g.snap), g.nlog) == (state, snap, nlog)
        assert g.legal(g.sbuf) == n and list(g.sbuf[:n]) == listed
        assert a in listed


def _play(seats, seed):
    np = len(seats)
    g, drng = new_game(seed, np, 20)
    rec = record.Recorder(np, 20)
    rec.deal(g.quads)
    rngs = [Rng(seed * 31 + k + 1) for k in range(np)]
    choosers = [arena_alheimur.player(lv) for lv in seats]
    buf = array("H", bytes(2 * MAX_ACTIONS))
    while not g.over():
        if g.phase() == P_DEAL:
            q = shuffle(drng)
            g.deal(q)
            rec.deal(q)
            continue
        n = g.legal(buf)
        p = g.actor()
        a = ai.chance(g, drng, buf, n) if p == CHANCE else choosers[p](g, rngs[p], buf, n)
        rec.before(g, a)
        g.apply(a)
    return g, rec.text()


def test_exact_plays_whole_games_the_referee_accepts(tmp_path):
    g, text = _play(("exact", "hard", "exact"), 7)
    assert g.over()
    f = tmp_path / "g.txt"
    f.write_text(text)
    p = subprocess.run([PYTHON, os.path.join(ROOT, "tools", "referee.py"), "check", str(f)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and "game over" in p.stdout
    assert " launch " in text and " expand " in text


def test_the_arena_gives_a_level_several_seats():
    """--a-seats K: A plays K seats in a row (rotating), its share counts
    all of them; by chance K of N."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = arena.main(["--game", "alheimur", "--players", "3", "--a-seats", "2",
                            "--a", "random", "--b", "random", "--games", "3",
                            "--seed", "11", "--jobs", "1", "--quiet", "--rounds", "20"])
    text = out.getvalue()
    assert rc == 0
    assert "A=random (2 seats)" in text and "chance 66.7%" in text


def _decision_with_more_than(k, buf):
    """(game, n): the first expansion or movement decision of a seeded
    4-player game offering more than k actions (in buf)."""
    for cut in range(100, 600, 7):
        g = seeded_alheimur.play(37, 4, 20, cut)
        n = g.legal(buf)
        if 4 <= g.phase() <= 11 and n > k:
            return g, n
    raise AssertionError("no decision with more than %d actions" % k)


def test_the_board_clock_gives_each_level_the_think_time_of_the_handheld():
    from alheimur import computer
    for lv in ("random", "easy", "hard"):
        assert arena_alheimur.think_us(lv) == computer._THINK_MS[lv] * 1000
    assert arena_alheimur.think_us("exact") == 0
    assert arena_alheimur.think_us("a level the table lacks") == computer._OTHER_MS * 1000


def test_the_board_clock_cuts_a_decision_where_the_board_would(monkeypatch):
    """--board-clock: positions judged are the clock; a decision whose
    positions outrun the level's think time plays the best judged so far."""
    monkeypatch.setattr(ai_eval.Eval, "value", ai_eval.Eval.value)   # put back afterwards
    monkeypatch.setattr(arena_alheimur, "POSITION_US", arena_alheimur.POSITION_US)
    buf = array("H", bytes(2 * MAX_ACTIONS))
    g, n = _decision_with_more_than(12, buf)
    choose = arena_alheimur.player("hard")
    judged = arena_alheimur._judged
    # a position takes half the think time: two positions and the clock has run out
    arena_alheimur.use_board_clock(arena_alheimur.think_us("hard") // 2)
    now = arena_alheimur.board_now_us
    j0 = judged[0]
    a = choose(g, Rng(1), buf, n, now() + arena_alheimur.think_us("hard"), now)
    cut_short = judged[0] - j0
    n = g.legal(buf)
    j0 = judged[0]
    choose(g, Rng(1), buf, n)
    whole = judged[0] - j0
    assert g.why_not(a) is None
    assert whole >= n and cut_short < whole


def test_the_board_clock_reports_the_turns_on_the_board():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = arena.main(["--game", "alheimur", "--players", "2", "--a", "easy", "--b", "random",
                                  "--games", "2", "--seed", "11", "--jobs", "1", "--quiet", "--rounds", "20",
                                  "--board-clock", "--think", "easy=800"])
    text = out.getvalue()
    assert rc == 0 and "board clock (%d us a position)  easy=800" % arena_alheimur.POSITION_US in text
    line = [x for x in text.splitlines() if x.startswith("time per turn on the board's clock, easy")]
    assert line and float(line[0].split("median ")[1].split(" s")[0]) > 0


def test_the_search_takes_the_best_of_the_actions_tried():
    """_greedy returns the legal action whose judged position is worth
    most (PASS first among equals)."""
    buf = array("H", bytes(2 * MAX_ACTIONS))
    g, n = _decision_with_more_than(3, buf)
    e = ai_eval.Eval()
    e.war = g.phase() > 6
    p = g.actor()
    vals = []
    for i in range(n):
        st = g.state()
        g.apply(buf[i])
        e.prepare(g, ai.HARD_W)
        vals.append(e.value(g, p))
        g.load(st)
    a = ai.choose_hard(g, Rng(1), buf, n)
    assert n > 3 and a == buf[vals.index(max(vals))]


def test_the_work_counter_says_what_it_lacks(tmp_path, monkeypatch, capsys):
    """tools/alheimur_work.py (instructions CircuitPython's VM executes for
    seeded games, under valgrind) names a folder without the firmware and
    a missing VM in one line each, no traceback."""
    import alheimur_work
    assert alheimur_work.main(["--firmware", str(tmp_path)]) == 2
    assert "holds no alheimur/ package" in capsys.readouterr().err
    assert alheimur_work.main(["--firmware", str(tmp_path), "--aliencity", "easy"]) == 2
    assert "holds no aliencity/ package" in capsys.readouterr().err
    monkeypatch.setenv("CIRCUITPYTHON_DIR", str(tmp_path / "absent"))
    assert alheimur_work.main([]) == 1
    err = capsys.readouterr().err
    assert "CircuitPython's VM is not here" in err and "Traceback" not in err
